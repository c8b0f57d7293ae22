// Properties every operator of the registry must have, tested by folding over the registry:
// each operator, each type combination its dispatch instantiates, each attribute set its
// header lists (and, where its descriptor has one, the same with a ScaleBias). An operator
// added to the registry is tested here with no change to this file.
//
// - the fast path is within the operator's fast_ulp_budget of golden on every element the
//   contract defines (special values, every binade, random bit patterns), NaN against NaN;
// - golden on three threads gives golden's bits.
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

#include "op_variants.hpp"

namespace {

/// Calls f(type_tag<Operands>{}) for every instantiation of Op: one type from each of its
/// dispatch lists, the operands (output first) they imply.
template <class Op, class F, class... Chosen>
void for_each_instantiation(F& f, dmlref::type_list<>, dmlref::type_tag<Chosen>...) {
  f(dmlref::type_tag<typename Op::template operand_types<Chosen...>>{});
}
template <class Op, class F, class List, class... Rest, class... Chosen>
void for_each_instantiation(F& f, dmlref::type_list<List, Rest...>, dmlref::type_tag<Chosen>... chosen) {
  dmlref::for_each_type(List{}, [&](auto tag) { for_each_instantiation<Op>(f, dmlref::type_list<Rest...>{}, chosen..., tag); });
}

/// The data types of each instantiation of Op, output first.
template <class Op>
std::vector<std::vector<dmlref::data_type>> instantiations_of() {
  std::vector<std::vector<dmlref::data_type>> all;
  auto add = [&](auto operands_tag) {
    std::vector<dmlref::data_type> types;
    dmlref::for_each_type(typename decltype(operands_tag)::type{},
                          [&](auto t) { types.push_back(dmlref::data_type_of_v<typename decltype(t)::type>); });
    all.push_back(types);
  };
  for_each_instantiation<Op>(add, typename Op::dispatch_lists{});
  return all;
}

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

/// One operator's properties for one instantiation (types: output first) and attribute set.
/// Nothing here is a template of the operator: the registry's size costs no compile time.
void check_instantiation(const dmlref::dml::operator_schema& schema, std::uint64_t budget,
                         const std::vector<dmlref::data_type>& types, const dmlref::dml::attribute_values& attributes,
                         std::mt19937_64& rng) {
  std::string label(schema.name);
  for (const auto t : types) label += " " + std::string(dmlref::name(t));
  if (attributes.scale_bias()) label += " ScaleBias";
  INFO(label);
  // Enough elements for golden.threads(3) to split them (dmlref::min_elements_per_thread each).
  constexpr std::uint32_t n = 2 * dmlref::min_elements_per_thread + 7;
  std::vector<dmlref::data_type> tensor_types(types.begin() + 1, types.end());
  tensor_types.push_back(types[0]);
  std::vector<std::vector<unsigned char>> inputs;
  std::vector<const void*> input_data;
  for (std::size_t k = 1; k < types.size(); ++k) inputs.push_back(interesting_bytes(types[k], n, rng));
  for (const auto& in : inputs) input_data.push_back(in.data());
  op_variants::packed_operation operation(schema, attributes, n, tensor_types, input_data);

  // Through the runtime layer, whose instantiation is compiled once (dml/execute_once.hpp).
  const std::size_t out_bytes = n * dmlref::element_size(types[0]);
  const auto run = [&](auto path) {
    REQUIRE(operation.execute(path, dmlref::dml::DML_FEATURE_LEVEL_6_4).ok());
    const auto* p = static_cast<const unsigned char*>(operation.output_bytes());
    return std::vector<unsigned char>(p, p + out_bytes);
  };
  const auto golden = run(dmlref::golden);
  const auto fast = run(dmlref::fast);
  const auto threaded = run(dmlref::golden.threads(3));
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
  CHECK(threaded == golden);
}

}  // namespace

TEST_CASE("every operator: fast within budget of golden, golden the same bits on threads") {
  std::mt19937_64 rng(20261126);
  dmlref::ops::for_each_operator([&](auto op_tag) {
    using Op = typename decltype(op_tag)::type;
    const auto& schema = dmlref::ops::schema_of<Op>();
    for (const auto& types : instantiations_of<Op>()) {
      const std::uint64_t budget = Op::fast_ulp_budget(types[0]);
      for (const auto& attributes : attribute_sets<Op>(types)) check_instantiation(schema, budget, types, attributes, rng);
    }
  });
}
