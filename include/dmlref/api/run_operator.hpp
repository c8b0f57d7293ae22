#pragma once
// run_operator: the one entry through which both the typed API and the runtime layer run an
// operator over typed operands: the operator's vector kernel on the fast path where one
// exists (and xsimd is available) and accepts the operator's attributes, the golden
// traversal otherwise; a threaded path runs its
// plain path's traversal over parts of the elements on several threads
// (dmlref/loops/parallel.hpp).

#include <cstdint>
#include <type_traits>

#include "dmlref/core/path.hpp"
#include "dmlref/golden/apply.hpp"
#include "dmlref/loops/operand.hpp"
#include "dmlref/loops/parallel.hpp"

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
  static_assert(is_path_v<Path>, "the first argument is dmlref::golden or dmlref::fast (or either's .threads(n))");
#if DMLREF_FAST_PATH_KERNELS
  if constexpr (std::is_same_v<Path, fast_path>) {
    using kernel = simd::kernel<Op, Out, Ins...>;
    if constexpr (kernel::available) {
      if (simd::accepts<kernel>(op)) {
        simd::apply<kernel>(op, rank, sizes, out, ins...);
        return;
      }
    }
  }
#endif
  // golden, and the fast path where no vector kernel exists (or xsimd is absent).
  apply_golden(op, rank, sizes, out, ins...);
}

/// Runs op over operands that passed validation (and a path that passed validate_path) on up
/// to path.requested threads: loops::threads_for's count, given min_elements_per_thread.
template <class Path, class Op, class Out, class... Ins>
void run_operator(threaded_path<Path> path, const Op& op, std::uint32_t rank, const std::uint32_t* sizes,
                  const loops::operand<Out>& out, const loops::operand<const Ins>&... ins) {
  std::uint64_t elements = 1;
  for (std::uint32_t d = 0; d < rank; ++d) elements *= sizes[d];
  const std::uint32_t threads = loops::threads_for(path.requested, elements, min_elements_per_thread);
  const auto run = [&op](std::uint32_t part_rank, const std::uint32_t* part_sizes, const loops::operand<Out>& o,
                         const loops::operand<const Ins>&... i) {
    run_operator(Path{}, op, part_rank, part_sizes, o, i...);
  };
  loops::run_split(threads, run, rank, sizes, out, ins...);
}

}  // namespace dmlref
