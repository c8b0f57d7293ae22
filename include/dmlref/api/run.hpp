#pragma once
// The typed API's shared steps: check the views of one operation against the common rules,
// turn them into traversal operands, and run the operator on the chosen path.

#include <array>
#include <cstddef>
#include <type_traits>

#include "dmlref/core/operation_rules.hpp"
#include "dmlref/core/path.hpp"
#include "dmlref/core/tensor_view.hpp"
#include "dmlref/golden/apply.hpp"

#if defined(DMLREF_HAVE_XSIMD) && DMLREF_HAVE_XSIMD
#include "dmlref/simd/kernels.hpp"
#define DMLREF_FAST_PATH_KERNELS 1
#else
#define DMLREF_FAST_PATH_KERNELS 0
#endif

namespace dmlref::api_detail {

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

/// The common rules for views: equal sizes, an injective output, and the allowed aliasing.
template <class Op, class OutView, class... InViews>
status check_views(named_view<OutView> out, named_view<InViews>... ins) {
  static_assert(((OutView::rank == InViews::rank) && ...), "every view of an operation has the same rank");
  const tensor_desc out_desc = out.view.desc();
  const std::array<tensor_desc, sizeof...(InViews)> in_descs{ins.view.desc()...};
  const bound_tensor output{out.name, &out_desc, out.view.data()};
  std::array<bound_tensor, sizeof...(InViews)> inputs{};
  std::size_t k = 0;
  ((inputs[k] = bound_tensor{ins.name, &in_descs[k], ins.view.data()}, ++k), ...);
  std::array<bound_tensor, 1 + sizeof...(InViews)> all{};
  all[0] = output;
  for (std::size_t i = 0; i < inputs.size(); ++i) all[1 + i] = inputs[i];
  if (auto s = check_sizes_match(all.data(), all.size()); !s.ok()) return s;
  if (auto s = validate_output_layout(out_desc, out.name); !s.ok()) return s;
  return check_aliasing(output, inputs.data(), inputs.size(), Op::allows_in_place, Op::dml_name);
}

/// Runs op over operands that passed validation, on the chosen path.
template <class Path, class Op, class Out, class... Ins>
void run(Path, const Op& op, std::uint32_t rank, const std::uint32_t* sizes,
         const loops::operand<Out>& out, const loops::operand<const Ins>&... ins) {
  static_assert(is_path_v<Path>, "the first argument is dmlref::golden or dmlref::fast");
#if DMLREF_FAST_PATH_KERNELS
  if constexpr (std::is_same_v<Path, fast_path>) {
    using kernel = simd::kernel<Op, Out, Ins...>;
    if constexpr (kernel::available) {
      simd::apply<kernel>(op, rank, sizes, out, ins...);
      return;
    }
  }
#endif
  // golden, and the fast path where no vector kernel exists (or xsimd is absent).
  golden_detail::apply(op, rank, sizes, out, ins...);
}

/// Runs op over views that passed check_views.
template <class Path, class Op, class OutView, class... InViews>
void run_views(Path path, const Op& op, const OutView& out, const InViews&... ins) {
  run(path, op, static_cast<std::uint32_t>(OutView::rank), out.sizes().data(), output_operand(out),
      input_operand(ins)...);
}

}  // namespace dmlref::api_detail
