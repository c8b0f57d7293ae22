#pragma once
// The typed API's shared steps: check the views of one operation against the common rules,
// turn them into traversal operands, and run the operator on the chosen path
// (run_operator, shared with the runtime layer).

#include <array>
#include <cstddef>
#include <type_traits>

#include "dmlref/core/operation_rules.hpp"
#include "dmlref/core/path.hpp"
#include "dmlref/api/run_operator.hpp"
#include "dmlref/core/tensor_view.hpp"

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

/// The path's rules (validate_path), then the common rules for views: each view's own rules
/// (no size of 0, at most 2^32 - 1 elements), equal sizes, an injective output, and the
/// allowed aliasing.
template <class Op, class Path, class OutView, class... InViews>
status check_views(const Path& path, named_view<OutView> out, named_view<InViews>... ins) {
  static_assert(is_path_v<Path>, "the first argument is dmlref::golden or dmlref::fast (or either's .threads(n))");
  static_assert(((OutView::rank == InViews::rank) && ...), "every view of an operation has the same rank");
  if (auto s = validate_path(path); !s.ok()) return s;
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
  return check_aliasing(bound[0], bound.data() + 1, n, Op::allows_in_place, Op::dml_name);
}

/// Runs op over views that passed check_views.
template <class Path, class Op, class OutView, class... InViews>
void run_views(Path path, const Op& op, const OutView& out, const InViews&... ins) {
  run_operator(path, op, static_cast<std::uint32_t>(OutView::rank), out.sizes().data(), output_operand(out),
      input_operand(ins)...);
}

}  // namespace dmlref::detail
