// DirectML's schema of the element-wise operators (dml/schema.hpp): 86 entries, 65
// ELEMENT_WISE_ and 21 ACTIVATION_, each with DirectML's value, name and fields; every
// descriptor struct's members are the schema's fields (number and types, checked at compile
// time); lookup by every spelling; and the operators dmlref computes (ops/registry.hpp) agree
// with it.

#include <doctest/doctest.h>

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <set>
#include <string>
#include <string_view>
#include <utility>

#include <dmlref/dml/schema.hpp>
#include <dmlref/ops/registry.hpp>

namespace {

using namespace dmlref::dml;

// Every operator of directml_types.hpp's lists: its schema entry exists, carries the same name
// and value, and its fields are its descriptor struct's members, type by type.
constexpr bool entry_matches(DML_OPERATOR_TYPE type, std::string_view name) {
  const operator_schema* op = find_schema(type);
  return op != nullptr && std::string_view(op->name) == name;
}
#define DMLREF_TEST_ENTRY(NAME, VALUE)                                                                       \
  static_assert(entry_matches(DML_OPERATOR_##NAME, #NAME), #NAME);                                           \
  static_assert(static_cast<int>(DML_OPERATOR_##NAME) == VALUE, #NAME);                                       \
  static_assert(detail::schema::members_match<DML_##NAME##_OPERATOR_DESC,                                     \
                                              find_schema(DML_OPERATOR_##NAME)->field_count>(                 \
                    *find_schema(DML_OPERATOR_##NAME),                                                        \
                    std::make_index_sequence<find_schema(DML_OPERATOR_##NAME)->field_count>{}),              \
                "DML_" #NAME "_OPERATOR_DESC's members are not the schema's fields");
DMLREF_DML_OPERATORS_0x1000(DMLREF_TEST_ENTRY)
DMLREF_DML_OPERATORS_0x2000(DMLREF_TEST_ENTRY)
DMLREF_DML_OPERATORS_0x2100(DMLREF_TEST_ENTRY)
DMLREF_DML_OPERATORS_0x3000(DMLREF_TEST_ENTRY)
DMLREF_DML_OPERATORS_0x3100(DMLREF_TEST_ENTRY)
DMLREF_DML_OPERATORS_0x4000(DMLREF_TEST_ENTRY)
DMLREF_DML_OPERATORS_0x5000(DMLREF_TEST_ENTRY)
DMLREF_DML_OPERATORS_0x5100(DMLREF_TEST_ENTRY)
DMLREF_DML_OPERATORS_0x6200(DMLREF_TEST_ENTRY)
#undef DMLREF_TEST_ENTRY

// The member check itself tells a wrong type: CLIP's Min as a UINT, SWISH with a field less.
constexpr field_schema clip_with_uint_min[] = {
    detail::schema::input_tensor, detail::schema::output_tensor, detail::schema::scale_bias,
    detail::schema::attribute(field_type::uint_value, "Min", "UINT"), detail::schema::max};
constexpr operator_schema wrong_clip{DML_OPERATOR_ELEMENT_WISE_CLIP, "ELEMENT_WISE_CLIP", DML_FEATURE_LEVEL_1_0,
                                     clip_with_uint_min, 5, 0, 0};
static_assert(!detail::schema::members_match<DML_ELEMENT_WISE_CLIP_OPERATOR_DESC, 5>(wrong_clip,
                                                                                      std::make_index_sequence<5>{}));
static_assert(!detail::schema::has_members<DML_ACTIVATION_SWISH_OPERATOR_DESC, 2>());
static_assert(detail::schema::has_members<DML_ACTIVATION_SWISH_OPERATOR_DESC, 3>());

bool starts_with(std::string_view text, std::string_view prefix) { return text.substr(0, prefix.size()) == prefix; }

std::size_t count_kind(const operator_schema& op, field_kind kind) {
  std::size_t n = 0;
  for (std::size_t k = 0; k < op.field_count; ++k) {
    if (op.fields[k].kind == kind) ++n;
  }
  return n;
}

const field_schema* field_named(const operator_schema& op, std::string_view name) {
  for (std::size_t k = 0; k < op.field_count; ++k) {
    if (name == op.fields[k].name) return &op.fields[k];
  }
  return nullptr;
}

}  // namespace

TEST_SUITE("schema") {
  TEST_CASE("86 element-wise operators: 65 ELEMENT_WISE_ and 21 ACTIVATION_, unique and sorted") {
    CHECK(element_wise_operator_count == 86);
    std::size_t element_wise = 0, activation = 0;
    std::set<std::string> names;
    std::set<int> values;
    for (const auto& op : element_wise_operators) {
      if (starts_with(op.name, "ELEMENT_WISE_")) ++element_wise;
      if (starts_with(op.name, "ACTIVATION_")) ++activation;
      names.insert(op.name);
      values.insert(static_cast<int>(op.type));
    }
    CHECK(element_wise == 65);
    CHECK(activation == 21);
    CHECK(names.size() == 86);
    CHECK(values.size() == 86);
    for (const char* not_element_wise : {"ACTIVATION_SOFTMAX", "ACTIVATION_LOG_SOFTMAX", "ACTIVATION_HARDMAX"}) {
      CHECK(names.count(not_element_wise) == 0);
    }
    CHECK(element_wise_operators[0].type == DML_OPERATOR_ELEMENT_WISE_IDENTITY);
    CHECK(element_wise_operators[85].type == DML_OPERATOR_ACTIVATION_HARD_SWISH);
  }

  TEST_CASE("DirectML's values, levels and fields, from directml.h and the operator pages") {
    struct expected {
      const char* name;
      int value;
      DML_FEATURE_LEVEL introduced;
      std::size_t fields;
    };
    const expected known[] = {
        {"ELEMENT_WISE_IDENTITY", 1, DML_FEATURE_LEVEL_1_0, 3},       {"ELEMENT_WISE_CLIP", 8, DML_FEATURE_LEVEL_1_0, 5},
        {"ELEMENT_WISE_POW", 25, DML_FEATURE_LEVEL_1_0, 4},           {"ACTIVATION_ELU", 35, DML_FEATURE_LEVEL_1_0, 3},
        {"ACTIVATION_THRESHOLDED_RELU", 52, DML_FEATURE_LEVEL_1_0, 3}, {"ELEMENT_WISE_SIGN", 79, DML_FEATURE_LEVEL_2_0, 2},
        {"ELEMENT_WISE_ADD1", 89, DML_FEATURE_LEVEL_2_0, 4},          {"ACTIVATION_SHRINK", 90, DML_FEATURE_LEVEL_2_0, 4},
        {"ELEMENT_WISE_ROUND", 99, DML_FEATURE_LEVEL_2_1, 3},         {"ELEMENT_WISE_MODULUS_FLOOR", 102, DML_FEATURE_LEVEL_2_1, 3},
        {"ELEMENT_WISE_BIT_AND", 121, DML_FEATURE_LEVEL_3_0, 3},      {"ACTIVATION_RELU_GRAD", 129, DML_FEATURE_LEVEL_3_0, 3},
        {"ELEMENT_WISE_ATAN_YX", 141, DML_FEATURE_LEVEL_3_1, 3},      {"ELEMENT_WISE_QUANTIZED_LINEAR_ADD", 147, DML_FEATURE_LEVEL_4_0, 9},
        {"ELEMENT_WISE_CLIP1", 153, DML_FEATURE_LEVEL_5_0, 6},        {"ELEMENT_WISE_NEGATE", 156, DML_FEATURE_LEVEL_5_0, 2},
        {"ACTIVATION_GELU", 157, DML_FEATURE_LEVEL_5_1, 2},           {"ACTIVATION_SWISH", 167, DML_FEATURE_LEVEL_6_2, 3},
        {"ACTIVATION_HARD_SWISH", 168, DML_FEATURE_LEVEL_6_2, 4},
    };
    for (const auto& e : known) {
      CAPTURE(e.name);
      const operator_schema* op = find_schema(std::string_view(e.name));
      REQUIRE(op != nullptr);
      CHECK(static_cast<int>(op->type) == e.value);
      CHECK(op->introduced == e.introduced);
      CHECK(op->field_count == e.fields);
    }
  }

  TEST_CASE("every entry: inputs and one output tensor, names, sizes and offsets") {
    for (const auto& op : element_wise_operators) {
      CAPTURE(op.name);
      CHECK(count_kind(op, field_kind::input_tensor) >= 1);
      CHECK(count_kind(op, field_kind::output_tensor) == 1);
      CHECK(op.desc_size > 0);
      CHECK(field_offset(op, 0) == 0);
      std::set<std::string> field_names;
      for (std::size_t k = 0; k < op.field_count; ++k) {
        const auto& f = op.fields[k];
        CAPTURE(f.name);
        field_names.insert(f.name);
        CHECK(f.type_name != nullptr);
        CHECK(field_offset(op, k) + detail::schema::field_size(f.type) <= op.desc_size);
        if (k > 0) CHECK(field_offset(op, k) > field_offset(op, k - 1));
        // Only pointers can be null.
        if (f.optional) CHECK(detail::schema::is_pointer(f.type));
        const bool tensor = f.kind != field_kind::attribute;
        CHECK(tensor == (f.type == field_type::tensor_desc));
        CHECK(std::string(f.type_name) == (tensor ? "DML_TENSOR_DESC*" : f.type_name));
        if (f.kind == field_kind::output_tensor) CHECK_FALSE(f.optional);
      }
      CHECK(field_names.size() == op.field_count);
      // The output is the last tensor (attributes may follow it).
      std::size_t last_tensor = 0;
      for (std::size_t k = 0; k < op.field_count; ++k) {
        if (op.fields[k].kind != field_kind::attribute) last_tensor = k;
      }
      CHECK(op.fields[last_tensor].kind == field_kind::output_tensor);
    }
  }

  TEST_CASE("a scalar union is typed by a data_type field of its operator; enumerations list their values") {
    std::size_t unions = 0, enumerations = 0;
    for (const auto& op : element_wise_operators) {
      CAPTURE(op.name);
      for (std::size_t k = 0; k < op.field_count; ++k) {
        const auto& f = op.fields[k];
        CAPTURE(f.name);
        if (f.type == field_type::scalar_union) {
          ++unions;
          REQUIRE(f.typed_by != nullptr);
          const field_schema* by = field_named(op, f.typed_by);
          REQUIRE(by != nullptr);
          CHECK(by->type == field_type::data_type);
          CHECK(by < &f);  // declared before the value it types
        } else {
          CHECK(f.typed_by == nullptr);
        }
        if (f.type == field_type::enumeration) {
          ++enumerations;
          REQUIRE(f.values != nullptr);
          CHECK(f.value_count >= 2);
          for (std::size_t v = 0; v < f.value_count; ++v) {
            CHECK(starts_with(f.values[v].name, std::string(f.type_name) + "_"));
          }
        } else {
          CHECK(f.values == nullptr);
          CHECK(f.value_count == 0);
        }
      }
    }
    CHECK(unions == 4);        // CLIP1 and CLIP_GRAD1: Min, Max
    CHECK(enumerations == 2);  // ROUND's RoundingMode, IS_INFINITY's InfinityMode
    const field_schema* mode = field_named(*find_schema(DML_OPERATOR_ELEMENT_WISE_ROUND), "RoundingMode");
    REQUIRE(mode != nullptr);
    REQUIRE(mode->value_count == 3);
    CHECK(std::string(mode->values[1].name) == "DML_ROUNDING_MODE_TOWARD_ZERO");
    CHECK(mode->values[1].value == 1);
    const field_schema* infinity = field_named(*find_schema(DML_OPERATOR_ELEMENT_WISE_IS_INFINITY), "InfinityMode");
    REQUIRE(infinity != nullptr);
    CHECK(std::string(infinity->values[2].name) == "DML_IS_INFINITY_MODE_NEGATIVE");
    CHECK(infinity->values[2].value == 2);
  }

  TEST_CASE("optional fields are DirectML's") {
    std::set<std::string> optional;
    for (const auto& op : element_wise_operators) {
      for (std::size_t k = 0; k < op.field_count; ++k) {
        if (op.fields[k].optional) optional.insert(std::string(op.name) + "." + op.fields[k].name);
      }
    }
    CHECK(optional.count("ELEMENT_WISE_DEQUANTIZE_LINEAR.ZeroPointTensor") == 1);
    CHECK(optional.count("ELEMENT_WISE_QUANTIZE_LINEAR.ZeroPointTensor") == 1);
    CHECK(optional.count("ELEMENT_WISE_QUANTIZE_LINEAR.ScaleTensor") == 0);
    CHECK(optional.count("ELEMENT_WISE_ADD1.FusedActivation") == 1);
    CHECK(optional.count("ELEMENT_WISE_QUANTIZED_LINEAR_ADD.OutputZeroPointTensor") == 1);
    CHECK(optional.count("ELEMENT_WISE_QUANTIZED_LINEAR_ADD.OutputScaleTensor") == 0);
    CHECK(optional.count("ACTIVATION_PARAMETERIZED_RELU.SlopeTensor") == 0);
    // ScaleBias, optional wherever it is: 21 unary descriptors, CLIP, THRESHOLD, POW, CONSTANT_POW, CLIP1.
    std::size_t scale_bias = 0;
    for (const auto& name : optional) scale_bias += name.size() > 10 && name.substr(name.size() - 10) == ".ScaleBias";
    CHECK(scale_bias == 26);
    CHECK(optional.size() == 26 + 2 + 1 + 3);
  }

  TEST_CASE("field offsets by natural alignment") {
    const operator_schema& clip1 = *find_schema(DML_OPERATOR_ELEMENT_WISE_CLIP1);
    CHECK(field_offset(clip1, 2) == 2 * sizeof(void*));
    CHECK(field_offset(clip1, 3) == 3 * sizeof(void*));
    CHECK(field_offset(clip1, 4) == offsetof(DML_ELEMENT_WISE_CLIP1_OPERATOR_DESC, Min));
    CHECK(field_offset(clip1, 5) == offsetof(DML_ELEMENT_WISE_CLIP1_OPERATOR_DESC, Max));
    const operator_schema& pow = *find_schema(DML_OPERATOR_ELEMENT_WISE_CONSTANT_POW);
    CHECK(field_offset(pow, 3) == offsetof(DML_ELEMENT_WISE_CONSTANT_POW_OPERATOR_DESC, Exponent));
    const operator_schema& hard_swish = *find_schema(DML_OPERATOR_ACTIVATION_HARD_SWISH);
    CHECK(field_offset(hard_swish, 3) == offsetof(DML_ACTIVATION_HARD_SWISH_OPERATOR_DESC, Beta));
    CHECK(field_offset(hard_swish, hard_swish.field_count) == offsetof(DML_ACTIVATION_HARD_SWISH_OPERATOR_DESC, Beta) + 4);
  }

  TEST_CASE("find_schema: by value, by full or short name in any case; ambiguous and unknown names find nothing") {
    const operator_schema* abs = find_schema(DML_OPERATOR_ELEMENT_WISE_ABS);
    REQUIRE(abs != nullptr);
    CHECK(std::string(abs->name) == "ELEMENT_WISE_ABS");
    for (const char* spelling : {"ELEMENT_WISE_ABS", "DML_OPERATOR_ELEMENT_WISE_ABS", "ABS", "abs", "element_wise_abs",
                                 "dml_operator_element_wise_abs", "Abs"}) {
      CAPTURE(spelling);
      CHECK(find_schema(std::string_view(spelling)) == abs);
    }
    CHECK(find_schema(std::string_view("relu")) == find_schema(DML_OPERATOR_ACTIVATION_RELU));
    CHECK(find_schema(std::string_view("clip_grad1")) == find_schema(DML_OPERATOR_ELEMENT_WISE_CLIP_GRAD1));
    CHECK(find_schema(std::string_view("DML_OPERATOR_ACTIVATION_TANH")) == find_schema(DML_OPERATOR_ACTIVATION_TANH));
    CHECK(find_schema(std::string_view("ELEMENT_WISE_TANH")) == find_schema(DML_OPERATOR_ELEMENT_WISE_TANH));
    CHECK(find_schema(DML_OPERATOR_ACTIVATION_TANH) != find_schema(DML_OPERATOR_ELEMENT_WISE_TANH));
    for (const char* none : {"IDENTITY", "tanh", "", "DML_OPERATOR_", "ELEMENT_WISE_", "ABSS", "SOFTMAX",
                             "ACTIVATION_SOFTMAX", "CONVOLUTION", "ELEMENT_WISE_RELU", "DML_OPERATOR_ABS_X"}) {
      CAPTURE(none);
      CHECK(find_schema(std::string_view(none)) == nullptr);
    }
    CHECK(find_schema(DML_OPERATOR_INVALID) == nullptr);
    CHECK(find_schema(static_cast<DML_OPERATOR_TYPE>(36)) == nullptr);  // ACTIVATION_HARDMAX
  }

  TEST_CASE("the operators dmlref computes are in the schema, with the facts their headers used to state") {
    // Each registered operator's name, level and tensors come from the schema now
    // (ops/operator_traits.hpp); these are the facts ops/*.hpp stated by hand before.
    struct registered {
      DML_OPERATOR_TYPE type;
      const char* name;
      DML_FEATURE_LEVEL introduced;
      std::initializer_list<std::pair<const char*, bool>> tensors;  // name, optional
    };
    const registered known[] = {
        {DML_OPERATOR_ELEMENT_WISE_SIGN, "ELEMENT_WISE_SIGN", DML_FEATURE_LEVEL_2_0,
         {{"InputTensor", false}, {"OutputTensor", false}}},
        {DML_OPERATOR_ELEMENT_WISE_CONSTANT_POW, "ELEMENT_WISE_CONSTANT_POW", DML_FEATURE_LEVEL_1_0,
         {{"InputTensor", false}, {"OutputTensor", false}}},
        {DML_OPERATOR_ELEMENT_WISE_POW, "ELEMENT_WISE_POW", DML_FEATURE_LEVEL_1_0,
         {{"InputTensor", false}, {"ExponentTensor", false}, {"OutputTensor", false}}},
        {DML_OPERATOR_ELEMENT_WISE_DEQUANTIZE_LINEAR, "ELEMENT_WISE_DEQUANTIZE_LINEAR", DML_FEATURE_LEVEL_1_0,
         {{"InputTensor", false}, {"ScaleTensor", false}, {"ZeroPointTensor", true}, {"OutputTensor", false}}},
        {DML_OPERATOR_ELEMENT_WISE_QUANTIZE_LINEAR, "ELEMENT_WISE_QUANTIZE_LINEAR", DML_FEATURE_LEVEL_1_0,
         {{"InputTensor", false}, {"ScaleTensor", false}, {"ZeroPointTensor", true}, {"OutputTensor", false}}},
    };
    for (const auto& r : known) {
      CAPTURE(r.name);
      CHECK(dmlref::ops::with_operator(r.type, [](auto) {}));
      const operator_schema* op = find_schema(r.type);
      REQUIRE(op != nullptr);
      CHECK(std::string(op->name) == r.name);
      CHECK(op->introduced == r.introduced);
      std::size_t slot = 0;
      for (std::size_t k = 0; k < op->field_count; ++k) {
        const auto& f = op->fields[k];
        if (f.kind == field_kind::attribute) continue;
        REQUIRE(slot < r.tensors.size());
        const auto& expected = *(r.tensors.begin() + slot);
        CHECK(std::string(f.name) == expected.first);
        CHECK(f.optional == expected.second);
        CHECK((f.kind == field_kind::output_tensor) == (slot + 1 == r.tensors.size()));
        ++slot;
      }
      CHECK(slot == r.tensors.size());
    }
    std::size_t implemented = 0;
    dmlref::ops::for_each_operator([&](auto tag) {
      using Op = typename decltype(tag)::type;
      ++implemented;
      CHECK(find_schema(Op::dml_type) != nullptr);
    });
    CHECK(implemented >= 5);
  }
}
