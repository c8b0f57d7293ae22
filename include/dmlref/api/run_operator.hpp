#pragma once
// run_operator: the one entry through which both the typed API and the runtime layer run an
// operator over typed operands: the operator's vector kernel on the fast path where one
// exists (and xsimd is available) and accepts the operator's attributes, the golden
// traversal otherwise; a threaded path runs its
// plain path's traversal over parts of the elements on several threads
// (dmlref/loops/parallel.hpp), each part told the whole call's extent (loops::call_extent).

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

/// Runs op over operands that passed validation, on the chosen plain path, as part of `call`:
/// sizes[0..rank) are the whole call's, or one part of a call split over threads (which then
/// passes its whole call_extent to every part).
template <class Path, class Op, class Out, class... Ins>
void run_operator(Path, loops::call_extent call, const Op& op, std::uint32_t rank, const std::uint32_t* sizes,
                  const loops::operand<Out>& out, const loops::operand<const Ins>&... ins) {
  static_assert(is_path_v<Path>, "the first argument is dmlref::golden or dmlref::fast (or either's .threads(n))");
#if DMLREF_FAST_PATH_KERNELS
  if constexpr (std::is_same_v<Path, fast_path>) {
    using kernel = simd::kernel<Op, Out, Ins...>;
    if constexpr (kernel::available) {
      if (simd::accepts<kernel>(op)) {
        simd::apply<kernel>(call, op, rank, sizes, out, ins...);
        return;
      }
    }
  }
#endif
  // golden, and the fast path where no vector kernel exists (or xsimd is absent).
  (void)call;
  apply_golden(op, rank, sizes, out, ins...);
}

/// Runs op over operands that passed validation, on the chosen plain path: one call, whole.
template <class Path, class Op, class Out, class... Ins>
void run_operator(Path path, const Op& op, std::uint32_t rank, const std::uint32_t* sizes,
                  const loops::operand<Out>& out, const loops::operand<const Ins>&... ins) {
  run_operator(path, loops::whole_call(rank, sizes), op, rank, sizes, out, ins...);
}

/// Runs op over operands that passed validation (and a path that passed validate_path) on up
/// to path.requested threads: loops::threads_for's count, given min_elements_per_thread.
template <class Path, class Op, class Out, class... Ins>
void run_operator(threaded_path<Path> path, const Op& op, std::uint32_t rank, const std::uint32_t* sizes,
                  const loops::operand<Out>& out, const loops::operand<const Ins>&... ins) {
  const std::uint64_t elements = loops::whole_call(rank, sizes).output_elements;
  const std::uint32_t threads = loops::threads_for(path.requested, elements, min_elements_per_thread);
  const auto run = [&op](loops::call_extent call, std::uint32_t part_rank, const std::uint32_t* part_sizes,
                         const loops::operand<Out>& o, const loops::operand<const Ins>&... i) {
    run_operator(Path{}, call, op, part_rank, part_sizes, o, i...);
  };
  loops::run_split(threads, run, rank, sizes, out, ins...);
}

}  // namespace dmlref
