#pragma once
// One traversal on several threads. The simplified loop_shape's elements, in row-major
// order, are cut into one contiguous range per thread; each range is a union of at most
// 2 * rank - 1 boxes (sub-shapes of the loop shape), and each box runs through the
// unchanged single-threaded traversal. So every element is computed by the same code as on
// one thread, each output element is written by exactly one thread (which reads its inputs
// first), and an output that exactly aliases an input stays correct: the ranges are
// disjoint, and within a range the traversal reads each element before writing it.

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <thread>
#include <utility>
#include <vector>

#include "dmlref/core/tensor_desc.hpp"
#include "dmlref/loops/loop_shape.hpp"
#include "dmlref/loops/operand.hpp"
#include "dmlref/loops/worker_pool.hpp"

namespace dmlref::loops {

/// A box of a loop_shape: `rank` dimensions (sizes[0] of them a run of the shape's
/// dimension, the rest whole dimensions), each operand starting at offsets[k] elements.
template <std::size_t N>
struct box {
  std::uint32_t rank = 1;
  dimensions sizes{};
  std::array<element_strides, N> strides{};
  std::array<std::uint64_t, N> offsets{};
};

namespace detail {

template <std::size_t N>
using box_visitor = void (*)(const void* context, const box<N>&);

/// The boxes of positions [lo, hi) (0 <= lo < hi <= the block's element count) of the block
/// of dimensions d..rank-1 whose first element is at `base`, in row-major order, each passed
/// to visit(context, box). (The visitor's type is erased: one copy of this per operand
/// count.)
template <std::size_t N>
void boxes_of_block(const loop_shape<N>& shape, std::uint32_t d, const std::array<std::uint64_t, N>& base,
                    std::uint64_t lo, std::uint64_t hi, box_visitor<N> visit, const void* context) {
  std::uint64_t inner = 1;  // elements of one index of dimension d
  for (std::uint32_t e = d + 1; e < shape.rank; ++e) inner *= shape.sizes[e];
  const auto at = [&](std::uint64_t index) {
    auto offsets = base;
    for (std::size_t k = 0; k < N; ++k) offsets[k] += index * shape.strides[k][d];
    return offsets;
  };
  std::uint64_t first = lo / inner;
  const std::uint64_t last = hi / inner;
  const std::uint64_t lo_rest = lo % inner, hi_rest = hi % inner;
  if (first == last) {  // within one index of d (so inner > 1 and d + 1 < rank)
    boxes_of_block(shape, d + 1, at(first), lo_rest, hi_rest, visit, context);
    return;
  }
  if (lo_rest != 0) {
    boxes_of_block(shape, d + 1, at(first), lo_rest, inner, visit, context);
    ++first;
  }
  if (first < last) {
    box<N> b;
    b.rank = shape.rank - d;
    b.sizes[0] = static_cast<std::uint32_t>(last - first);
    for (std::uint32_t e = 1; e < b.rank; ++e) b.sizes[e] = static_cast<std::uint32_t>(shape.sizes[d + e]);
    for (std::size_t k = 0; k < N; ++k) {
      for (std::uint32_t e = 0; e < b.rank; ++e) b.strides[k][e] = shape.strides[k][d + e];
    }
    b.offsets = at(first);
    visit(context, b);
  }
  if (hi_rest != 0) boxes_of_block(shape, d + 1, at(last), 0, hi_rest, visit, context);
}

}  // namespace detail

/// Calls f(box) (f called as const) for each box of a partition of the elements [begin, end)
/// of shape (positions in row-major order, begin < end <= shape.element_count()): at most
/// 2 * rank - 1 boxes, in row-major order.
template <std::size_t N, class F>
void for_each_box(const loop_shape<N>& shape, std::uint64_t begin, std::uint64_t end, const F& f) {
  if (begin >= end) return;
  detail::boxes_of_block<N>(
      shape, 0, std::array<std::uint64_t, N>{}, begin, end,
      [](const void* context, const box<N>& b) { (*static_cast<const F*>(context))(b); }, &f);
}

/// The threads a call of `elements` elements uses when `requested` are asked for (0: one per
/// hardware thread): at most one per min_elements_per_thread elements, at least one.
inline std::uint32_t threads_for(std::uint32_t requested, std::uint64_t elements,
                                 std::uint64_t min_elements_per_thread) noexcept {
  std::uint64_t n = requested != 0 ? requested : std::max(1u, std::thread::hardware_concurrency());
  n = std::min(n, elements / std::max<std::uint64_t>(1, min_elements_per_thread));
  return static_cast<std::uint32_t>(std::max<std::uint64_t>(n, 1));
}

/// Where part `part` of `parts` of [0, elements) begins: the parts are as equal as can be
/// with every inner boundary on a multiple of `granule` elements (so a packed row of a
/// vector-aligned tensor is cut at aligned addresses), given parts * granule <= elements.
inline std::uint64_t part_begin(std::uint64_t elements, std::uint32_t parts, std::uint32_t part,
                                std::uint64_t granule) noexcept {
  if (part == 0) return 0;
  if (part >= parts) return elements;
  return elements * part / parts / granule * granule;
}

namespace detail {

/// run_on_threads with the task type erased: one copy of the thread management per program,
/// however many operations and types run on threads.
inline void run_tasks_on_threads(std::uint32_t count, void (*task)(const void*, std::uint32_t), const void* context) {
  std::vector<std::exception_ptr> failures(count);
  struct guarded_call {
    void (*task)(const void*, std::uint32_t);
    const void* context;
    std::exception_ptr* failures;
  } const call{task, context, failures.data()};
  const pool_task guarded = [](const void* c, std::uint32_t i) noexcept {
    const auto& g = *static_cast<const guarded_call*>(c);
    try {
      g.task(g.context, i);
    } catch (...) {
      g.failures[i] = std::current_exception();
    }
  };
  if (count <= 1) {
    guarded(&call, 0);
  } else if (!worker_pool::instance().call_and_wait(count, guarded, &call)) {
    // The pool is busy (another call, or a task that calls in again): threads of this call's own.
    std::vector<std::thread> workers;
    try {
      workers.reserve(count - 1);
      for (std::uint32_t i = 1; i < count; ++i) workers.emplace_back(guarded, &call, i);
    } catch (...) {  // no more threads: the rest run here
    }
    for (auto i = static_cast<std::uint32_t>(workers.size() + 1); i < count; ++i) guarded(&call, i);
    guarded(&call, 0);
    for (auto& w : workers) w.join();
  }
  for (const auto& failure : failures) {
    if (failure) std::rethrow_exception(failure);
  }
}

}  // namespace detail

/// Runs task(0) .. task(count - 1), task(0) on the calling thread and the others on the
/// process's worker threads (loops/worker_pool.hpp; threads of their own while the pool serves
/// another call); returns when all have finished. A task that cannot get a thread (the system
/// refuses one) runs on the calling thread. The first exception a task throws is rethrown
/// here after every task has finished.
template <class Task>
void run_on_threads(std::uint32_t count, const Task& task) {
  detail::run_tasks_on_threads(
      count, [](const void* context, std::uint32_t i) { (*static_cast<const Task*>(context))(i); }, &task);
}

namespace detail {

template <class Run, class Out, class... Ins, std::size_t... I>
void run_split_indexed(std::uint32_t threads, const Run& run, std::uint32_t rank, const std::uint32_t* sizes,
                       std::index_sequence<I...>, const operand<Out>& out, const operand<const Ins>&... ins) {
  constexpr std::uint64_t granule = 64;
  const auto shape = shape_of(rank, sizes, out, ins...);
  const std::uint64_t elements = shape.element_count();
  const call_extent call{elements};
  if (threads <= 1 || elements < std::uint64_t{threads} * granule) {
    run(call, rank, sizes, out, ins...);
    return;
  }
  run_on_threads(threads, [&](std::uint32_t part) {
    const std::uint64_t begin = part_begin(elements, threads, part, granule);
    const std::uint64_t end = part_begin(elements, threads, part + 1, granule);
    for_each_box(shape, begin, end, [&](const box<1 + sizeof...(Ins)>& b) {
      run(call, b.rank, b.sizes.data(), operand<Out>{out.data + b.offsets[0], b.strides[0]},
          operand<const Ins>{ins.data + b.offsets[1 + I], b.strides[1 + I]}...);
    });
  });
}

}  // namespace detail

/// Runs run(call, rank, sizes, out, ins...), a single-threaded traversal, over parts of the
/// operands' common sizes[0..rank) on `threads` threads (threads_for's count; 1 runs it once,
/// here): the same elements, each computed once, by the same code. Every part is given the
/// whole call's call_extent (all of sizes[0..rank)).
template <class Run, class Out, class... Ins>
void run_split(std::uint32_t threads, const Run& run, std::uint32_t rank, const std::uint32_t* sizes,
               const operand<Out>& out, const operand<const Ins>&... ins) {
  detail::run_split_indexed(threads, run, rank, sizes, std::index_sequence_for<Ins...>{}, out, ins...);
}

}  // namespace dmlref::loops
