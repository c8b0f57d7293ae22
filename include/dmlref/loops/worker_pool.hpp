#pragma once
// Threads kept between calls. Starting and joining threads costs tens of microseconds each
// (16 threads: 0.3-0.9 ms on a 16-core Xeon virtual machine, about what a memory-bound call of
// 2^24 elements computes on them), so a threaded path hands its parts to workers that wait
// between calls (a hand-off to 16 of them: 30-150 us there).
//
// Contract of worker_pool::call_and_wait(count, task, context):
//  - runs task(context, 0) on the calling thread and task(context, i), i in [1, count), on the
//    pool's workers, each exactly once, and returns after all have returned;
//  - one call at a time: a call made while another runs (from another thread, or from inside
//    a task) gets false and runs nothing, and its caller starts threads of its own;
//  - tasks must not throw (run_tasks_on_threads wraps them);
//  - a worker the system refuses to start leaves its tasks to the caller, which runs them
//    after task 0.
// Between calls a worker sleeps on a condition variable (waking one costs microseconds to tens
// of microseconds; polling instead would take cores from other work where threads outnumber them).
// Workers start on first use, as many as the largest call has needed, and are never joined:
// the pool lives until the process ends, when the system stops its waiting threads. A child
// process made by fork() (which copies only the calling thread) gets a new pool of its own.

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <thread>

#if defined(__unix__) || defined(__APPLE__)
#include <unistd.h>
#define DMLREF_DETAIL_HAS_FORK 1
#else
#define DMLREF_DETAIL_HAS_FORK 0
#endif

namespace dmlref::loops::detail {

/// A task that does not throw: task(context, index).
using pool_task = void (*)(const void* context, std::uint32_t index) noexcept;

class worker_pool {
 public:
  worker_pool() = default;
  worker_pool(const worker_pool&) = delete;
  worker_pool& operator=(const worker_pool&) = delete;

  /// The process's pool.
  static worker_pool& instance() {
#if DMLREF_DETAIL_HAS_FORK
    // A forked child's copy has no workers: it takes a new pool, leaving the copy untouched.
    static std::atomic<worker_pool*> pool{nullptr};
    static std::atomic<pid_t> owner{0};
    static std::mutex replacing;
    const pid_t self = getpid();
    if (owner.load(std::memory_order_acquire) != self) {
      const std::lock_guard<std::mutex> lock(replacing);
      if (owner.load(std::memory_order_relaxed) != self) {
        pool.store(new worker_pool, std::memory_order_relaxed);
        owner.store(self, std::memory_order_release);
      }
    }
    return *pool.load(std::memory_order_acquire);
#else
    static worker_pool* const pool = new worker_pool;
    return *pool;
#endif
  }

  /// Runs task 0 here and tasks 1 .. count - 1 on the workers (see the header's contract);
  /// false, with nothing run, when the pool is busy.
  bool call_and_wait(std::uint32_t count, pool_task task, const void* context) {
    bool expected = false;
    if (!busy_.compare_exchange_strong(expected, true, std::memory_order_acquire)) return false;
    const std::uint32_t started = start_workers(count - 1);
    const std::uint32_t on_workers = std::min(count - 1, started);
    pending_.store(on_workers, std::memory_order_relaxed);
    {
      const std::lock_guard<std::mutex> lock(mutex_);
      task_ = task;
      context_ = context;
      count_ = on_workers + 1;
      generation_.store(generation_.load(std::memory_order_relaxed) + 1, std::memory_order_release);
    }
    wake_.notify_all();
    task(context, 0);
    for (std::uint32_t i = on_workers + 1; i < count; ++i) task(context, i);  // workers refused
    {
      std::unique_lock<std::mutex> lock(mutex_);
      done_.wait(lock, [this] { return pending_.load(std::memory_order_acquire) == 0; });
    }
    busy_.store(false, std::memory_order_release);
    return true;
  }

 private:
  /// Makes the pool at least `wanted` workers strong, as far as the system allows; the count.
  std::uint32_t start_workers(std::uint32_t wanted) {
    while (workers_ < wanted) {
      try {
        std::thread(&worker_pool::work, this, workers_ + 1, generation_.load(std::memory_order_relaxed)).detach();
      } catch (...) {
        break;
      }
      ++workers_;
    }
    return workers_;
  }

  /// Worker `index` (the tasks of that index): waits for each new call and runs its task.
  void work(std::uint32_t index, std::uint64_t seen) noexcept {
    for (;;) {
      const auto handed_out = [&] { return generation_.load(std::memory_order_acquire) != seen; };
      pool_task task = nullptr;
      const void* context = nullptr;
      {
        std::unique_lock<std::mutex> lock(mutex_);
        wake_.wait(lock, handed_out);
        seen = generation_.load(std::memory_order_relaxed);
        if (index < count_) {
          task = task_;
          context = context_;
        }
      }
      if (task == nullptr) continue;
      task(context, index);
      if (pending_.fetch_sub(1, std::memory_order_acq_rel) == 1) {
        const std::lock_guard<std::mutex> lock(mutex_);
        done_.notify_one();
      }
    }
  }

  std::atomic<bool> busy_{false};
  std::uint32_t workers_ = 0;                  // started; changed only by the call holding busy_
  std::atomic<std::uint64_t> generation_{0};   // calls handed out; raised under mutex_
  std::atomic<std::uint32_t> pending_{0};      // the current call's worker tasks not yet finished
  std::mutex mutex_;                           // guards what follows, and the raising of generation_
  std::condition_variable wake_, done_;
  std::uint32_t count_ = 0;  // the current call's tasks
  pool_task task_ = nullptr;
  const void* context_ = nullptr;
};

}  // namespace dmlref::loops::detail
