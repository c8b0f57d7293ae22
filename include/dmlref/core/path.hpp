#pragma once
// Execution paths, chosen by tag like std::execution policies. Both take the same arguments
// and apply the same validation.
//   dmlref::golden  the oracle: exact arithmetic, one rounding, the same bits under any
//                   compiler flags.
//   dmlref::fast    vector inner loops, within each operator's fast_ulp_budget of golden.
//
// Either path on several threads: dmlref::golden.threads(n), dmlref::fast.threads(n), a
// threaded_path that every entry taking a path accepts. The elements are split into
// contiguous ranges of the traversal's row-major order, one per thread, each computed by the
// same code as on one thread: the results are bit for bit those of the plain path.
//   n = 0        one thread per hardware thread (std::thread::hardware_concurrency)
//   n = 1        the plain path, on the calling thread
//   n > 1        at most n threads, each given at least min_elements_per_thread elements
//                (fewer threads for smaller tensors; one below 2 * min_elements_per_thread)
//   n > max_threads  an error (field "threads"), nothing read or written
// Only a threaded_path starts threads (std::thread, kept waiting between calls; see
// dmlref/loops/worker_pool.hpp): a program that never names one needs no thread library.

#include <cstdint>
#include <string>

#include "dmlref/core/isa.hpp"
#include "dmlref/core/status.hpp"

namespace dmlref {

/// The most threads one call may ask for.
inline constexpr std::uint32_t max_threads = 1024;
/// The fewest elements a thread is given: a call uses at most element_count /
/// min_elements_per_thread threads (at least one). Handing a part to a waiting worker costs
/// microseconds to tens of microseconds, about what the fast path takes for this many elements
/// of its cheapest operators (docs/performance.md).
inline constexpr std::uint64_t min_elements_per_thread = std::uint64_t{1} << 16;

template <class Path>
struct threaded_path;

struct golden_path {
  /// This path on up to n threads (0: one per hardware thread).
  constexpr threaded_path<golden_path> threads(std::uint32_t n) const noexcept;
};
/// The fast path's tag lives beside its kernels in this translation unit's instruction-set
/// namespace (dmlref/core/isa.hpp), so every function instantiated for it (run_operator, the
/// runtime layer's execution) is a distinct symbol per instruction set too.
inline namespace DMLREF_ISA_NAMESPACE {
struct fast_path {
  /// This path on up to n threads (0: one per hardware thread).
  constexpr threaded_path<fast_path> threads(std::uint32_t n) const noexcept;
};
}  // namespace DMLREF_ISA_NAMESPACE

/// Path (golden_path or fast_path) on up to `requested` threads.
template <class Path>
struct threaded_path {
  using base_path = Path;
  std::uint32_t requested = 1;  // 0: one per hardware thread

  constexpr threaded_path threads(std::uint32_t n) const noexcept { return {n}; }
  constexpr Path base() const noexcept { return {}; }
};

constexpr threaded_path<golden_path> golden_path::threads(std::uint32_t n) const noexcept { return {n}; }
constexpr threaded_path<fast_path> fast_path::threads(std::uint32_t n) const noexcept { return {n}; }

inline constexpr golden_path golden{};
inline namespace DMLREF_ISA_NAMESPACE {
inline constexpr fast_path fast{};
}  // namespace DMLREF_ISA_NAMESPACE

template <class P>
inline constexpr bool is_path_v = false;
template <> inline constexpr bool is_path_v<golden_path> = true;
template <> inline constexpr bool is_path_v<fast_path> = true;
template <> inline constexpr bool is_path_v<threaded_path<golden_path>> = true;
template <> inline constexpr bool is_path_v<threaded_path<fast_path>> = true;

/// The path's own rules: a thread count of at most max_threads. Plain paths always pass.
template <class Path>
status validate_path(const Path&) {
  return {};
}
template <class Path>
status validate_path(const threaded_path<Path>& path) {
  if (path.requested <= max_threads) return {};
  return status::error(errc::invalid_argument, "", "threads",
                       std::to_string(path.requested) + " is more than max_threads (" +
                           std::to_string(max_threads) + "); 0 means one per hardware thread");
}

}  // namespace dmlref
