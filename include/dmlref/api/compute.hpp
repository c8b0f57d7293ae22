#pragma once
// The typed API's one entry for every operator of the registry:
//
//   dmlref::compute(dmlref::golden, dmlref::ops::abs{}, input, output)
//   dmlref::compute(dmlref::fast.threads(4), dmlref::ops::pow{}, base, exponent, output)
//
// The views follow the descriptor's tensors: its inputs in order, then the output (every
// optional input given). Their element types are checked at compile time against the
// operator's dispatch (the types its support table lists and the operand types they imply);
// the thread count, sizes, output layout and aliasing at run time, returning a status
// (nothing is read or written when it is not ok). The operator object carries the
// attributes; its contract is its header under dmlref/ops/.

#include <cstddef>
#include <tuple>
#include <type_traits>
#include <utility>

#include "dmlref/api/run.hpp"
#include "dmlref/core/type_list.hpp"
#include "dmlref/ops/operator_traits.hpp"

namespace dmlref {

namespace detail {

/// The operand types (output first) that Op's dispatch gives tensors of types Ts... (inputs
/// in order, then the output).
template <class Op, class Types, class Slots = std::make_index_sequence<Op::dispatch_slots.size()>>
struct dispatched_operands;
template <class Op, class... Ts, std::size_t... K>
struct dispatched_operands<Op, type_list<Ts...>, std::index_sequence<K...>> {
  using tensors = std::tuple<Ts...>;
  template <std::size_t Slot>
  using at = std::tuple_element_t<Op::dispatch_slots[Slot], tensors>;
  static constexpr bool listed = (contains_v<typename type_at<K, typename Op::dispatch_lists>::type, at<K>> && ...);
  using type = typename Op::template operand_types<at<K>...>;
};

/// The element type of the index-th view of a tuple of view references.
template <std::size_t Index, class Views>
using element_of = typename std::decay_t<std::tuple_element_t<Index, Views>>::value_type;

template <class Path, class Op, class Views, std::size_t... I>
status compute_views(Path path, const Op& op, const Views& views, std::index_sequence<I...>) {
  constexpr std::size_t out = sizeof...(I);
  const auto& output = std::get<out>(views);
  using operands = dispatched_operands<Op, type_list<element_of<I, Views>..., element_of<out, Views>>>;
  static_assert(operands::listed, "a view's element type is not one the operator's support table lists");
  static_assert(std::is_same_v<typename operands::type, type_list<element_of<out, Views>, element_of<I, Views>...>>,
                "the views' element types are not a combination the operator's support table allows");
  if (auto s = check_views<Op>(path, named(ops::tensor_field_of<Op>(out).name, output),
                               named(ops::tensor_field_of<Op>(I).name, std::get<I>(views))...);
      !s.ok()) {
    return s;
  }
  run_views(path, op, output, std::get<I>(views)...);
  return {};
}

}  // namespace detail

template <class Path, class Op, class... Views>
status compute(Path path, const Op& op, const Views&... views) {
  static_assert(is_path_v<Path>, "the first argument is dmlref::golden or dmlref::fast (or either's .threads(n))");
  static_assert(sizeof...(Views) == ops::tensor_count_of<Op>,
                "one view per tensor of the operator: its inputs in descriptor order, then the output");
  return detail::compute_views(path, op, std::forward_as_tuple(views...), std::make_index_sequence<sizeof...(Views) - 1>{});
}

}  // namespace dmlref
