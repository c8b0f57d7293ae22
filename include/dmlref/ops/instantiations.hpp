#pragma once
// The instantiations an operator's type dispatch compiles: one type from each of its dispatch
// lists, and the operand types they imply (output first). The tests fold over them; case
// generation reads which data types each tensor can take at all.

#include <algorithm>
#include <cstddef>
#include <vector>

#include "dmlref/core/data_type.hpp"
#include "dmlref/core/type_list.hpp"

namespace dmlref::ops {

namespace detail_instantiations {

template <class Op, class F, class... Chosen>
void each(F& f, type_list<>, type_tag<Chosen>...) {
  f(type_tag<typename Op::template operand_types<Chosen...>>{});
}
template <class Op, class F, class List, class... Rest, class... Chosen>
void each(F& f, type_list<List, Rest...>, type_tag<Chosen>... chosen) {
  for_each_type(List{}, [&](auto tag) { each<Op>(f, type_list<Rest...>{}, chosen..., tag); });
}

}  // namespace detail_instantiations

/// The data types of each instantiation of Op's dispatch, output first.
template <class Op>
std::vector<std::vector<data_type>> instantiations_of() {
  std::vector<std::vector<data_type>> all;
  auto add = [&](auto operands_tag) {
    std::vector<data_type> types;
    for_each_type(typename decltype(operands_tag)::type{},
                  [&](auto t) { types.push_back(data_type_of_v<typename decltype(t)::type>); });
    all.push_back(types);
  };
  detail_instantiations::each<Op>(add, typename Op::dispatch_lists{});
  return all;
}

/// For each operand of Op (output first), the data types some instantiation gives it.
template <class Op>
std::vector<std::vector<data_type>> operand_type_sets() {
  std::vector<std::vector<data_type>> sets;
  for (const auto& types : instantiations_of<Op>()) {
    sets.resize(std::max(sets.size(), types.size()));
    for (std::size_t k = 0; k < types.size(); ++k) {
      if (std::find(sets[k].begin(), sets[k].end(), types[k]) == sets[k].end()) sets[k].push_back(types[k]);
    }
  }
  return sets;
}

}  // namespace dmlref::ops
