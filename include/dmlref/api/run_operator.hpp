#pragma once
// run_operator: the one entry through which both the typed API and the runtime layer run an
// operator over typed operands: the operator's vector kernel on the fast path where one
// exists (and xsimd is available), the golden traversal otherwise.

#include <cstdint>
#include <type_traits>

#include "dmlref/core/path.hpp"
#include "dmlref/golden/apply.hpp"
#include "dmlref/loops/operand.hpp"

#if defined(DMLREF_HAVE_XSIMD) && DMLREF_HAVE_XSIMD
#include "dmlref/simd/kernels.hpp"
#define DMLREF_FAST_PATH_KERNELS 1
#else
#define DMLREF_FAST_PATH_KERNELS 0
#endif

namespace dmlref {

/// Runs op over operands that passed validation, on the chosen path.
template <class Path, class Op, class Out, class... Ins>
void run_operator(Path, const Op& op, std::uint32_t rank, const std::uint32_t* sizes, const loops::operand<Out>& out,
                  const loops::operand<const Ins>&... ins) {
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
  apply_golden(op, rank, sizes, out, ins...);
}

}  // namespace dmlref
