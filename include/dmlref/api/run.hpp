#pragma once
// The typed API's shared steps: check the views of one operation against the common rules,
// turn them into traversal operands, and run the operator on the chosen path
// (run_operator, shared with the runtime layer).
//
// Views that are all packed take a short route: a few comparisons recognise the usual valid
// call (packed_views_pass), and the elements run as one row of element-count length, which
// is the row the traversal would have merged them into. Any call the short route does not
// recognise goes through the full rules, which name what fails.

#include <array>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "dmlref/core/operation_rules.hpp"
#include "dmlref/core/path.hpp"
#include "dmlref/api/run_operator.hpp"
#include "dmlref/core/tensor_view.hpp"
#include "dmlref/ops/operator_traits.hpp"

namespace dmlref::detail {

template <class View>
loops::operand<const typename View::value_type> input_operand(const View& v) noexcept {
  loops::operand<const typename View::value_type> op;
  op.data = v.data();
  for (std::size_t i = 0; i < View::rank; ++i) op.strides[i] = v.stride(i);
  return op;
}

template <class View>
loops::operand<typename View::value_type> output_operand(const View& v) noexcept {
  static_assert(!std::is_const_v<typename View::element_type>, "the output view must be writable");
  loops::operand<typename View::value_type> op;
  op.data = v.data();
  for (std::size_t i = 0; i < View::rank; ++i) op.strides[i] = v.stride(i);
  return op;
}

template <class View>
struct named_view {
  const char* name;
  const View& view;
};
template <class View>
named_view<View> named(const char* name, const View& view) noexcept {
  return {name, view};
}

/// The bytes a view's addressed elements span from its data pointer.
template <class View>
std::uint64_t extent_bytes(const View& v) noexcept {
  std::uint64_t last = 0;
  for (std::size_t i = 0; i < View::rank; ++i) last += (v.size(i) - 1ull) * v.stride(i);
  return (last + 1) * sizeof(typename View::value_type);
}

template <class... Views>
inline constexpr bool all_packed_v = (std::is_same_v<typename Views::layout, packed_layout> && ...);

/// Whether all-packed views certainly pass check_views's view rules: every size at least 1, at
/// most max_element_count elements, the inputs' sizes the output's, and each input's bytes
/// either disjoint from the output's or (an input Op lets the output alias) the same
/// elements of the same type. (A packed view is injective, and its descriptor's size is the
/// minimum, so the other rules hold.) False says only "not certain".
template <class Op, class OutView, class... InViews>
bool packed_views_pass(const OutView& out, const InViews&... ins) noexcept {
  static_assert(all_packed_v<OutView, InViews...>, "packed views only");
  std::uint64_t count = 1;
  for (std::size_t d = 0; d < OutView::rank; ++d) {
    count *= out.size(d);  // no overflow: each step starts at most max_element_count
    if (count == 0 || count > max_element_count) return false;
  }
  const auto same_sizes = [&](const auto& in) {
    for (std::size_t d = 0; d < OutView::rank; ++d) {
      if (in.size(d) != out.size(d)) return false;
    }
    return true;
  };
  if (!(same_sizes(ins) && ...)) return false;
  const auto begin = reinterpret_cast<std::uintptr_t>(out.data());
  const auto end = begin + count * sizeof(typename OutView::value_type);
  std::size_t k = 0;  // the input's index: bit k of in_place_inputs_of<Op> lets it be the output
  const auto apart = [&](const auto& in) {
    using In = typename std::remove_reference_t<decltype(in)>::value_type;
    const auto in_begin = reinterpret_cast<std::uintptr_t>(in.data());
    const bool in_place = ((ops::in_place_inputs_of<Op>() >> k) & 1u) != 0 &&
                          std::is_same_v<In, typename OutView::value_type> && in_begin == begin;
    ++k;
    return in_place || in_begin >= end || in_begin + count * sizeof(In) <= begin;
  };
  return (apart(ins) && ...);  // left to right
}

/// The path's rules (validate_path), then the common rules for views: each view's own rules
/// (no size of 0, at most 2^32 - 1 elements), equal sizes, an injective output, and the
/// allowed aliasing.
template <class Op, class Path, class OutView, class... InViews>
status check_views(const Path& path, named_view<OutView> out, named_view<InViews>... ins) {
  static_assert(is_path_v<Path>, "the first argument is dmlref::golden or dmlref::fast (or either's .threads(n))");
  static_assert(((OutView::rank == InViews::rank) && ...), "every view of an operation has the same rank");
  if (auto s = validate_path(path); !s.ok()) return s;
  if constexpr (all_packed_v<OutView, InViews...>) {
    if (packed_views_pass<Op>(out.view, ins.view...)) return {};
  }
  constexpr std::size_t n = sizeof...(InViews);
  const std::array<tensor_desc, 1 + n> descs{out.view.desc(), ins.view.desc()...};
  const std::array<const char*, 1 + n> names{out.name, ins.name...};
  for (std::size_t k = 0; k <= n; ++k) {
    if (auto s = validate_tensor(descs[k], names[k]); !s.ok()) return s;
  }
  std::array<bound_tensor, 1 + n> bound{
      bound_tensor{out.name, nullptr, out.view.data(), extent_bytes(out.view)},
      bound_tensor{ins.name, nullptr, ins.view.data(), extent_bytes(ins.view)}...};
  for (std::size_t k = 0; k <= n; ++k) bound[k].desc = &descs[k];
  if (auto s = check_sizes_match(bound.data(), bound.size()); !s.ok()) return s;
  if (auto s = validate_output_layout(descs[0], out.name); !s.ok()) return s;
  return check_aliasing(bound[0], bound.data() + 1, n, ops::in_place_inputs_of<Op>(), ops::name_of<Op>);
}

/// Runs op over views that passed check_views: all-packed views as one row.
template <class Path, class Op, class OutView, class... InViews>
void run_views(Path path, const Op& op, const OutView& out, const InViews&... ins) {
  if constexpr (all_packed_v<OutView, InViews...>) {
    std::uint32_t count = 1;  // at most max_element_count: check_views passed
    for (std::size_t d = 0; d < OutView::rank; ++d) count *= out.size(d);
    loops::operand<typename OutView::value_type> o;
    o.data = out.data();
    o.strides[0] = 1;
    const auto row = [](const auto& in) {
      loops::operand<const typename std::remove_reference_t<decltype(in)>::value_type> i;
      i.data = in.data();
      i.strides[0] = 1;
      return i;
    };
    run_operator(path, op, 1, &count, o, row(ins)...);
  } else {
    run_operator(path, op, static_cast<std::uint32_t>(OutView::rank), out.sizes().data(), output_operand(out),
                 input_operand(ins)...);
  }
}

}  // namespace dmlref::detail
