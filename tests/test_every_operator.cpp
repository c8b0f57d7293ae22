// Properties every operator of the registry must have, tested by folding over the registry:
// each operator, each type combination its dispatch instantiates, each attribute set its
// header lists (and, where its descriptor has one, the same with a ScaleBias). An operator
// added to the registry is tested here with no change to this file.
//
// - the fast path is within the operator's fast_ulp_budget of golden on every element the
//   contract defines (special values, every binade, random bit patterns), NaN against NaN;
// - golden on three threads gives golden's bits;
// - (test suite "exhaustive") the first on every input of each unary instantiation of one
//   8- or 16-bit input (every FLOAT16 value), and on 10^6 elements of every other.
// Each runs through dml::execute with the operator's descriptor written from its attributes
// by the schema, so the runtime layer's reading of them is tested too.

#include <dmlref/dml/execute_once.hpp>  // first: the runtime layer is compiled once, elsewhere

#include <doctest/doctest.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include <dmlref/dmlref.hpp>
#include <dmlref/io/element_json.hpp>
#include <dmlref/io/generate.hpp>
#include <dmlref/ops/instantiations.hpp>

#include "op_variants.hpp"

namespace {

/// The attribute sets to test Op with on types (output first): its samples for those types,
/// and each with a ScaleBias where the descriptor has one.
template <class Op>
std::vector<dmlref::dml::attribute_values> attribute_sets(const std::vector<dmlref::data_type>& types) {
  dmlref::ops::operation_types t;
  for (std::size_t k = 1; k < types.size(); ++k) t.type[k - 1] = types[k];
  t.type[types.size() - 1] = types[0];
  for (std::size_t k = 0; k < types.size(); ++k) t.present[k] = true;
  auto sets = dmlref::ops::attribute_samples_of<Op>(t);
  const std::size_t n = sets.size();
  for (std::size_t k = 0; k < n; ++k) {
    if (!sets[k].takes_scale_bias()) continue;
    auto with = sets[k];
    with.set("ScaleBias", dmlref::dml::attribute_value::of_scale_bias({1.5f, -0.25f}));
    sets.push_back(with);
  }
  return sets;
}

/// Calls f(T*) with a null pointer of type's element type.
template <class F>
void visit(dmlref::data_type type, F&& f) {
  REQUIRE(dmlref::io::detail_case::visit_element_type(type, f));
}

/// Every bit pattern of a 16-bit or 8-bit type, as bytes (n: their count).
std::vector<unsigned char> every_pattern_bytes(dmlref::data_type type, std::uint32_t& n) {
  const std::size_t size = dmlref::element_size(type);
  n = std::uint32_t{1} << (8 * size);
  std::vector<unsigned char> bytes(n * size);
  for (std::uint32_t k = 0; k < n; ++k) std::memcpy(bytes.data() + k * size, &k, size);  // little-endian
  return bytes;
}

/// n values of type worth testing (io::generate's), as bytes.
std::vector<unsigned char> interesting_bytes(dmlref::data_type type, std::uint32_t n, std::mt19937_64& rng) {
  std::vector<unsigned char> bytes;
  visit(type, [&](auto* p) {
    using T = std::remove_pointer_t<decltype(p)>;
    const std::vector<T> values = dmlref::io::detail_generate::interesting_values<T>(n, rng);
    bytes.resize(values.size() * sizeof(T));
    std::memcpy(bytes.data(), values.data(), bytes.size());
  });
  return bytes;
}

template <class T>
std::string value_text(T x) {
  if constexpr (std::is_same_v<T, dmlref::float16>) {
    return std::to_string(static_cast<float>(x));
  } else {
    return std::to_string(x);
  }
}

/// How many elements check_instantiation tries.
enum class coverage {
  quick,  // 2 * min_elements_per_thread + 7 interesting values: enough for golden.threads(3)
  wide,   // every input of a unary operator of one 8- or 16-bit input, else 10^6 sampled
          // elements; golden and fast on every hardware thread, no one-thread comparison
};

/// One operator's properties for one instantiation (types: output first) and attribute set.
/// Nothing here is a template of the operator: the registry's size costs no compile time.
void check_instantiation(const dmlref::dml::operator_schema& schema, std::uint64_t budget,
                         const std::vector<dmlref::data_type>& types, const dmlref::dml::attribute_values& attributes,
                         std::mt19937_64& rng, coverage how = coverage::quick) {
  std::string label(schema.name);
  for (const auto t : types) label += " " + std::string(dmlref::name(t));
  if (attributes.scale_bias()) label += " ScaleBias";
  INFO(label);
  const bool every_input = how == coverage::wide && types.size() == 2 && dmlref::element_size(types[1]) <= 2;
  std::uint32_t n = how == coverage::quick ? 2 * dmlref::min_elements_per_thread + 7 : 1000000;
  std::vector<dmlref::data_type> tensor_types(types.begin() + 1, types.end());
  tensor_types.push_back(types[0]);
  std::vector<std::vector<unsigned char>> inputs;
  std::vector<const void*> input_data;
  if (every_input) {
    inputs.push_back(every_pattern_bytes(types[1], n));
  } else {
    for (std::size_t k = 1; k < types.size(); ++k) inputs.push_back(interesting_bytes(types[k], n, rng));
  }
  for (const auto& in : inputs) input_data.push_back(in.data());
  op_variants::packed_operation operation(schema, attributes, n, tensor_types, input_data);

  // Through the runtime layer, whose instantiation is compiled once (dml/execute_once.hpp).
  const std::size_t out_bytes = n * dmlref::element_size(types[0]);
  const auto run = [&](auto path) {
    REQUIRE(operation.execute(path, dmlref::dml::DML_FEATURE_LEVEL_6_4).ok());
    const auto* p = static_cast<const unsigned char*>(operation.output_bytes());
    return std::vector<unsigned char>(p, p + out_bytes);
  };
  const bool quick = how == coverage::quick;
  const auto golden = quick ? run(dmlref::golden) : run(dmlref::golden.threads(0));
  const auto fast = quick ? run(dmlref::fast) : run(dmlref::fast.threads(0));
  // Which elements the contract defines, from the runtime layer too (dml::defined_mask).
  const std::unique_ptr<bool[]> mask(new bool[n]);
  REQUIRE(operation.defined(mask.get()).ok());
  std::size_t over_budget = 0, defined = 0;
  visit(types[0], [&](auto* tag) {
    using Out = std::remove_pointer_t<decltype(tag)>;
    for (std::uint32_t i = 0; i < n; ++i) {
      if (!mask[i]) continue;
      ++defined;
      Out f, g;
      std::memcpy(&f, fast.data() + i * sizeof(Out), sizeof(Out));
      std::memcpy(&g, golden.data() + i * sizeof(Out), sizeof(Out));
      if (!op_variants::within(f, g, budget) && over_budget++ == 0) {
        INFO("element " << i << ": fast " << value_text(f) << ", golden " << value_text(g));
        CHECK(op_variants::within(f, g, budget));
      }
    }
  });
  CHECK(over_budget == 0);
  CHECK(defined > 0);
  if (quick) CHECK(run(dmlref::golden.threads(3)) == golden);
}

}  // namespace

/// check_instantiation over every operator, instantiation and attribute set.
void check_every_operator(coverage how) {
  std::mt19937_64 rng(20261126);
  dmlref::ops::for_each_operator([&](auto op_tag) {
    using Op = typename decltype(op_tag)::type;
    const auto& schema = dmlref::ops::schema_of<Op>();
    for (const auto& types : dmlref::ops::instantiations_of<Op>()) {
      const std::uint64_t budget = Op::fast_ulp_budget(types[0]);
      for (const auto& attributes : attribute_sets<Op>(types)) {
        check_instantiation(schema, budget, types, attributes, rng, how);
      }
    }
  });
}

TEST_CASE("every operator: fast within budget of golden, golden the same bits on threads") {
  check_every_operator(coverage::quick);
}

// Every FLOAT16, INT16, UINT16 and 8-bit input of every unary operator, and 10^6 elements of
// every other instantiation (special values, every binade, random bit patterns), with each
// attribute set: fast within budget of golden on all of them.
TEST_CASE("every operator: fast within budget of golden, every 16-bit input, 10^6 elements otherwise" *
          doctest::test_suite("exhaustive")) {
  check_every_operator(coverage::wide);
}
