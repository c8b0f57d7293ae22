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
#include <tuple>
#include <type_traits>
#include <vector>

#include <dmlref/dmlref.hpp>
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

/// The attribute sets to test Op with: its samples, and each with a ScaleBias where the
/// descriptor has one.
template <class Op>
std::vector<dmlref::dml::attribute_values> attribute_sets() {
  auto sets = dmlref::ops::attribute_samples_of<Op>();
  const std::size_t n = sets.size();
  for (std::size_t k = 0; k < n; ++k) {
    if (!sets[k].takes_scale_bias()) continue;
    auto with = sets[k];
    with.set("ScaleBias", dmlref::dml::attribute_value::of_scale_bias({1.5f, -0.25f}));
    sets.push_back(with);
  }
  return sets;
}

template <class T>
std::string value_text(T x) {
  if constexpr (std::is_same_v<T, dmlref::float16>) {
    return std::to_string(static_cast<float>(x));
  } else {
    return std::to_string(x);
  }
}

template <class Op, class Out, class... Ins>
void check_instantiation(const dmlref::dml::attribute_values& attributes, const std::string& label,
                         std::mt19937_64& rng) {
  // Enough elements for golden.threads(3) to split them (dmlref::min_elements_per_thread each).
  constexpr std::uint32_t n = 2 * dmlref::min_elements_per_thread + 7;
  const std::tuple<std::vector<Ins>...> inputs{dmlref::io::detail_generate::interesting_values<Ins>(n, rng)...};
  std::vector<Out> golden(n), fast(n), threaded(n);
  // Through the runtime layer, whose instantiation is compiled once (tests/runtime_instances.cpp).
  const auto run = [&](auto path, std::vector<Out>& out) {
    return std::apply(
        [&](const auto&... in) {
          return op_variants::execute_packed<Op>(path, dmlref::dml::DML_FEATURE_LEVEL_6_4, attributes, n, out.data(),
                                                 in.data()...);
        },
        inputs);
  };
  INFO(label);
  REQUIRE(run(dmlref::golden, golden).ok());
  REQUIRE(run(dmlref::fast, fast).ok());
  REQUIRE(run(dmlref::golden.threads(3), threaded).ok());
  // Which elements the contract defines, from the runtime layer too (dml::defined_mask).
  const std::unique_ptr<bool[]> mask(new bool[n]);
  REQUIRE(std::apply([&](const auto&... in) { return op_variants::defined_packed<Op, Out>(attributes, n, mask.get(), in.data()...); },
                     inputs)
              .ok());
  const std::uint64_t budget = Op::fast_ulp_budget(dmlref::data_type_of_v<Out>);
  std::size_t over_budget = 0, defined = 0;
  for (std::uint32_t i = 0; i < n; ++i) {
    if (!mask[i]) continue;
    ++defined;
    if (!op_variants::within(fast[i], golden[i], budget) && over_budget++ == 0) {
      INFO("element " << i << ": fast " << value_text(fast[i]) << ", golden " << value_text(golden[i]));
      CHECK(op_variants::within(fast[i], golden[i], budget));
    }
  }
  CHECK(over_budget == 0);
  CHECK(defined > 0);
  CHECK(std::memcmp(threaded.data(), golden.data(), n * sizeof(Out)) == 0);
}

template <class Op, class Out, class... Ins>
void check_operands(const dmlref::dml::attribute_values& attributes, const std::string& label, std::mt19937_64& rng,
                    dmlref::type_list<Out, Ins...>) {
  check_instantiation<Op, Out, Ins...>(attributes, label, rng);
}

}  // namespace

TEST_CASE("every operator: fast within budget of golden, golden the same bits on threads") {
  std::mt19937_64 rng(20261126);
  dmlref::ops::for_each_operator([&](auto op_tag) {
    using Op = typename decltype(op_tag)::type;
    for (const auto& attributes : attribute_sets<Op>()) {
      auto check = [&](auto operands_tag) {
        using operands = typename decltype(operands_tag)::type;
        std::string label = std::string(dmlref::ops::name_of<Op>);
        dmlref::for_each_type(operands{}, [&](auto t) {
          label += std::string(" ") + std::string(dmlref::name(dmlref::data_type_of_v<typename decltype(t)::type>));
        });
        if (attributes.scale_bias()) label += " ScaleBias";
        check_operands<Op>(attributes, label, rng, operands{});
      };
      for_each_instantiation<Op>(check, typename Op::dispatch_lists{});
    }
  });
}
