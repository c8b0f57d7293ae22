// The registry of operators (ops/registry.hpp) and the layers that fold over it: every data
// type combination a support table accepts at some feature level has a kernel in dispatch (the
// two read one statement of the types); a combination dispatch does not list is an error
// that writes nothing, never a silent success; the registry's names and DML_OPERATOR_TYPE
// values are what read_operation and the case reader use.

#include <dmlref/dml/execute_once.hpp>  // first: the runtime layer is compiled once, elsewhere

#include <doctest/doctest.h>

#include <array>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <iterator>
#include <limits>
#include <string>
#include <vector>

#include <dmlref/dmlref.hpp>
#include <dmlref/dml/execute.hpp>
#include <dmlref/ops/registry.hpp>
#include <dmlref/ops/unverified_note.hpp>

#include "unimplemented_operator.hpp"

namespace {

using namespace dmlref::dml;
using dmlref::data_type;

constexpr dmlref::feature_level every_level[] = {
    dmlref::feature_level::level_1_0, dmlref::feature_level::level_2_0, dmlref::feature_level::level_2_1,
    dmlref::feature_level::level_3_0, dmlref::feature_level::level_3_1, dmlref::feature_level::level_4_0,
    dmlref::feature_level::level_4_1, dmlref::feature_level::level_5_0, dmlref::feature_level::level_5_1,
    dmlref::feature_level::level_5_2, dmlref::feature_level::level_6_0, dmlref::feature_level::level_6_1,
    dmlref::feature_level::level_6_2, dmlref::feature_level::level_6_3, dmlref::feature_level::level_6_4};

/// A validated_operation of Op with the given tensor types (sizes {1}), built without the
/// descriptor path so that any combination can be tried.
template <class Op>
validated_operation operation_with(const dmlref::ops::operation_types& t, dmlref::feature_level level) {
  validated_operation v;
  v.level = level;
  v.op.type = Op::dml_type;
  v.op.name = dmlref::ops::name_of<Op>;
  v.op.schema = &dmlref::ops::schema_of<Op>();
  v.op.input_count = dmlref::ops::tensor_count_of<Op> - 1;
  for (std::size_t k = 0; k < dmlref::ops::tensor_count_of<Op>; ++k) {
    v.op.tensor_names[k] = dmlref::ops::tensor_field_of<Op>(k).name;
    v.op.optional[k] = dmlref::ops::tensor_field_of<Op>(k).optional;
    v.present[k] = t.present[k];
    v.tensors[k].type = t.type[k];
    v.tensors[k].rank = 1;
    v.tensors[k].sizes[0] = 1;
  }
  return v;
}

/// Calls f(types) for every assignment of a whole-byte data type to each slot of Op, with
/// each optional slot present and absent. Beyond five slots (QUANTIZED_LINEAR_ADD's nine:
/// 11^9 assignments would take hours) the types are FLOAT32, FLOAT16, INT8 and UINT8.
template <class Op, class F>
void for_each_type_combination(F&& f) {
  constexpr std::size_t n = dmlref::ops::tensor_count_of<Op>;
  constexpr data_type every_type[] = {data_type::float32, data_type::float16, data_type::uint32, data_type::uint16,
                                      data_type::uint8,   data_type::int32,   data_type::int16,  data_type::int8,
                                      data_type::float64, data_type::uint64,  data_type::int64};
  constexpr data_type few_types[] = {data_type::float32, data_type::float16, data_type::int8, data_type::uint8};
  const data_type* candidates = n <= 5 ? every_type : few_types;
  const std::size_t c = n <= 5 ? std::size(every_type) : std::size(few_types);
  std::size_t total = 1;
  for (std::size_t k = 0; k < n; ++k) total *= c;
  for (std::size_t code = 0; code < total; ++code) {
    dmlref::ops::operation_types t;
    std::size_t rest = code;
    for (std::size_t k = 0; k < n; ++k) {
      t.type[k] = candidates[rest % c];
      t.present[k] = true;
      rest /= c;
    }
    f(t);
    for (std::size_t k = 0; k < n; ++k) {
      if (!dmlref::ops::tensor_field_of<Op>(k).optional) continue;
      auto absent = t;
      absent.present[k] = false;
      f(absent);
    }
  }
}

}  // namespace

TEST_CASE("registry: every combination a support table accepts has a kernel") {
  dmlref::ops::for_each_operator([](auto tag) {
    using Op = typename decltype(tag)::type;
    CAPTURE(dmlref::ops::name_of<Op>);
    std::size_t accepted = 0;
    for_each_type_combination<Op>([&](const dmlref::ops::operation_types& t) {
      for (const auto level : every_level) {
        if (!Op::check_support(level, t).ok()) continue;
        ++accepted;
        const auto v = operation_with<Op>(t, level);
        const std::array<const void*, max_operation_tensors> inputs{};
        bool visited = false;
        const auto s = dmlref::dml::dispatch_as<Op>(v, nullptr, inputs.data(),
                                                    [&](const auto&, const auto&, const auto&...) { visited = true; });
        if (!s.ok() || !visited) {
          FAIL_CHECK("no kernel: " << s.message() << " at level " << dmlref::name(level));
        }
      }
    });
    CHECK(accepted > 0);
  });
}

TEST_CASE("registry: a data type dispatch does not list is an error, and nothing is written") {
  // A valid SIGN on FLOAT32, validated; then its tensors' type changed to FLOAT64 behind
  // validation's back (what a support table listing a type dispatch lacks would do).
  const UINT sizes[1] = {4};
  DML_BUFFER_TENSOR_DESC b{DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 1, sizes, nullptr, 16, 0};
  DML_TENSOR_DESC t{DML_TENSOR_TYPE_BUFFER, &b};
  DML_ELEMENT_WISE_SIGN_OPERATOR_DESC sign{&t, &t};
  const DML_OPERATOR_DESC op{DML_OPERATOR_ELEMENT_WISE_SIGN, &sign};
  validated_operation v;
  REQUIRE(validate_descriptor(DML_FEATURE_LEVEL_6_4, op, v).ok());
  v.tensors[0].type = v.tensors[1].type = data_type::float64;

  double in[4] = {-1.0, 2.0, 0.0, 3.0};
  double out[4] = {7.0, 7.0, 7.0, 7.0};
  const input_binding inputs[1] = {{in, sizeof in}};
  const output_binding outputs[1] = {{out, sizeof out}};
  for (const bool fast : {false, true}) {
    const auto s = fast ? run_validated(dmlref::fast, v, inputs, outputs) : run_validated(dmlref::golden, v, inputs, outputs);
    REQUIRE_FALSE(s.ok());
    CHECK(s.code() == dmlref::errc::unsupported_data_type);
    CHECK(s.message().find("ELEMENT_WISE_SIGN has no kernel for InputTensor FLOAT64") != std::string::npos);
    for (const double x : out) CHECK(x == 7.0);
  }
  bool mask[4] = {true, true, true, true};
  const void* input_data[1] = {in};
  CHECK_FALSE(dmlref::dml::defined_mask(v, input_data, mask).ok());

  // An operator type outside the registry is refused the same way.
  v.tensors[0].type = v.tensors[1].type = data_type::float32;
  REQUIRE(run_validated(dmlref::golden, v, inputs, outputs).ok());  // the control: float32 dispatches
  if (const auto* missing = unimplemented_operator()) {
    v.op.type = missing->type;
    CHECK_FALSE(run_validated(dmlref::golden, v, inputs, outputs).ok());
  }
}

TEST_CASE("registry: names, DML_OPERATOR_TYPE values and lookups agree") {
  // The lookup by index, once per index (inside the fold below it would be instantiated once
  // per pair of operators).
  std::vector<std::string> names_at_index;
  for (std::size_t k = 0; k < dmlref::ops::operators::size; ++k) {
    std::string name;
    CHECK(dmlref::ops::with_operator_at(k, [&](auto t) { name = dmlref::ops::name_of<typename decltype(t)::type>; }));
    names_at_index.push_back(name);
  }
  CHECK_FALSE(dmlref::ops::with_operator_at(dmlref::ops::operators::size, [](auto) {}));
  std::size_t index = 0;
  dmlref::ops::for_each_operator([&](auto tag) {
    using Op = typename decltype(tag)::type;
    const std::string name = dmlref::ops::name_of<Op>;
    CAPTURE(name);
    const auto* schema = find_schema(name);
    REQUIRE(schema != nullptr);
    CHECK(schema->type == Op::dml_type);
    CHECK(dmlref::ops::implemented(Op::dml_type));
    CHECK(names_at_index.at(index++) == name);
    CHECK(dmlref::ops::operator_names().find(name) != std::string::npos);
    // The output is the last tensor slot and is never optional.
    constexpr auto& output = dmlref::ops::tensor_field_of<Op>(dmlref::ops::tensor_count_of<Op> - 1);
    CHECK(output.kind == field_kind::output_tensor);
    CHECK_FALSE(output.optional);
    CHECK(dmlref::dml::output_field(*schema) == &output);
    // What the operator says of its attributes reads back through its schema.
    for (const auto& a : dmlref::ops::attribute_samples_of<Op>()) {
      CHECK(a.schema() == schema);
      const auto op = Op::from_attributes(a);
      const auto back = dmlref::ops::attributes_of(op);
      for (std::size_t k = 0; k < schema->field_count; ++k) {
        CHECK(back.at(k).present == a.at(k).present);
        CHECK(back.at(k).bits == a.at(k).bits);
      }
    }
  });
  CHECK(index == dmlref::ops::operators::size);
  CHECK_FALSE(dmlref::ops::with_operator_at(dmlref::ops::operators::size, [](auto) {}));
}

TEST_CASE("registry: a report's note names the unverified choice an element rests on, and only there") {
  using dmlref::data_type;
  namespace ops = dmlref::ops;
  const auto note = [](const ops::operation_types& t, dmlref::dml::attribute_values a, std::initializer_list<double> in) {
    const char* n = ops::unverified_note(a, t, in.begin());
    return std::string(n != nullptr ? n : "");
  };
  const auto attributes = [](auto op) { return dmlref::dml::attribute_values(ops::schema_of<decltype(op)>()); };
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const auto f32 = ops::types_of<float, float>();
  CHECK(note(f32, attributes(ops::sign{}), {nan}).rfind("SIGN of NaN is 0", 0) == 0);
  CHECK(note(f32, attributes(ops::sign{}), {-2.0}).empty());
  const auto i8 = ops::types_of<std::int8_t, std::int8_t, std::int8_t>();
  CHECK(note(i8, attributes(ops::add{}), {100, 28}).find("wraps around") != std::string::npos);
  CHECK(note(i8, attributes(ops::add{}), {100, 27}).empty());
  CHECK(note(i8, attributes(ops::subtract{}), {-100, 29}).find("wraps around") != std::string::npos);
  CHECK(note(i8, attributes(ops::multiply{}), {-16, 8}).empty());  // -128 fits
  CHECK(note(i8, attributes(ops::multiply{}), {16, 8}).find("wraps around") != std::string::npos);
  CHECK(note(i8, attributes(ops::divide{}), {-128, -1}).find("wraps around") != std::string::npos);
  CHECK(note(i8, attributes(ops::divide{}), {-127, -1}).empty());
  CHECK(note(ops::types_of<std::int8_t, std::int8_t>(), attributes(ops::abs{}), {-128}).find("wraps") != std::string::npos);
  CHECK(note(ops::types_of<std::int8_t, std::int8_t>(), attributes(ops::negate{}), {-127}).empty());
  const auto pow_i32 = ops::types_of<std::int32_t, std::int32_t, std::int32_t>();
  CHECK(note(pow_i32, attributes(ops::pow{}), {3, 20}).find("wraps") != std::string::npos);  // 3^20 > 2^31
  CHECK(note(pow_i32, attributes(ops::pow{}), {3, 19}).empty());
  CHECK(note(pow_i32, attributes(ops::pow{}), {-2, 31}).empty());  // -2^31 fits
  CHECK(note(ops::types_of<std::int32_t, float, std::int32_t>(), attributes(ops::pow{}), {3, 0.5})
            .find("truncated toward zero") != std::string::npos);
  CHECK(note(f32, attributes(ops::clip{}), {nan}).find("NaN element is kept") != std::string::npos);
  CHECK(note(f32, attributes(ops::activation_relu{}), {1.0}).empty());
  CHECK(note(ops::types_of<float, float, float>(), attributes(ops::max{}), {nan, 1.0}).empty());  // no note declared
}
