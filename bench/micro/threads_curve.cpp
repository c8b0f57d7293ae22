// Not part of dmlref-bench (bench/*.cpp only): the thread-count curve of issue #28, built by
// hand on the machine measured, e.g.
//   g++ -std=c++17 -O3 -march=native -DDMLREF_HAVE_XSIMD=1 -Iinclude bench/micro/threads_curve.cpp -o threads_curve -pthread
//   ./threads_curve [REPS] [THREADS...]        (default 5 repetitions; 1 2 4 8 12 16 threads)
//
// At 2^24 elements, contiguous: golden and fast POW FLOAT32 (bases in [0.25, 4], exponents in
// [-4, 4]), golden and fast DEQUANTIZE_LINEAR UINT8 -> FLOAT32 (per-tensor scale and zero
// point broadcast), fast SIGN FLOAT32, and memcpy of SIGN's bytes cut into one contiguous part
// per thread (the memory-bound ceiling). Each row through `path.threads(n)`; ns per element,
// the median of REPS timed calls after one untimed call, and the speed-up over 1 thread.
// Ceilings of the machine itself follow: golden POW on n threads that each repeat one
// cache-resident 4096-element call (no splitting, no memory traffic: how far the cores scale
// for this work); the clock each of n busy threads runs at (GHz, the mean over the threads:
// a core's clock drops as more cores work); and the time, in microseconds, to start and join
// n threads that do nothing, and to hand n empty tasks to the worker pool.

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <thread>
#include <vector>

#include <dmlref/dmlref.hpp>
#include <dmlref/loops/parallel.hpp>

namespace {

constexpr std::uint32_t elements = 1u << 24;

template <class Call>
double median_ns_per_element(int reps, Call&& call) {
  call();
  std::vector<double> t;
  for (int r = 0; r < reps; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    call();
    t.push_back(std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count() / elements);
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

/// memcpy of bytes from in to out, one contiguous part per thread, on the threads the
/// library's threaded paths use (its worker pool).
void split_copy(const unsigned char* in, unsigned char* out, std::size_t bytes, unsigned threads) {
  dmlref::loops::run_on_threads(threads, [=](std::uint32_t p) {
    const std::size_t b = bytes * p / threads, e = bytes * (p + 1) / threads;
    std::memcpy(out + b, in + b, e - b);
  });
}

/// Cycles per nanosecond of the thread running it: a chain of 2^28 dependent integer
/// additions (one cycle each) over its time.
double clock_ghz() {
  constexpr std::uint64_t steps = std::uint64_t{1} << 28;
  std::uint64_t x = 0;
  const auto t0 = std::chrono::steady_clock::now();
  for (std::uint64_t i = 0; i < steps; ++i) {
    x += i;
    __asm__ volatile("" : "+r"(x));  // keeps the chain: one addition per step
  }
  const double ns = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count();
  return static_cast<double>(steps) / ns;
}

/// Runs task(i) for i in [0, n) on n threads (task(0) here) and joins them.
template <class Task>
void on_threads(unsigned n, const Task& task) {
  std::vector<std::thread> pool;
  for (unsigned i = 1; i < n; ++i) pool.emplace_back([&task, i] { task(i); });
  task(0);
  for (auto& t : pool) t.join();
}

}  // namespace

int main(int argc, char** argv) {
  const int reps = argc > 1 ? std::max(1, std::atoi(argv[1])) : 5;
  std::vector<unsigned> counts;
  for (int a = 2; a < argc; ++a) counts.push_back(static_cast<unsigned>(std::atoi(argv[a])));
  if (counts.empty()) counts = {1, 2, 4, 8, 12, 16};

  std::mt19937 rng(1);
  std::uniform_real_distribution<float> base(0.25f, 4.0f), exponent(-4.0f, 4.0f), signed_value(-2.0f, 2.0f);
  std::vector<float> b(elements), e(elements), x(elements), out(elements);
  std::vector<std::uint8_t> q(elements);
  for (std::uint32_t k = 0; k < elements; ++k) {
    b[k] = base(rng);
    e[k] = exponent(rng);
    x[k] = signed_value(rng);
    q[k] = static_cast<std::uint8_t>(rng());
  }
  float scale = 0.0625f;
  std::uint8_t zero = 128;
  const auto bv = dmlref::make_packed_view(b.data(), {elements});
  const auto ev = dmlref::make_packed_view(e.data(), {elements});
  const auto xv = dmlref::make_packed_view(x.data(), {elements});
  const auto qv = dmlref::make_packed_view(q.data(), {elements});
  const auto ov = dmlref::make_packed_view(out.data(), {elements});
  const auto sv = dmlref::make_strided_view(&scale, {elements}, {0});  // zero stride: broadcast
  const auto zv = dmlref::make_strided_view(&zero, {elements}, {0});

  std::printf("2^24 elements, %d repetitions, %u hardware threads; ns per element (speed-up over 1 thread)\n", reps,
              std::thread::hardware_concurrency());
  std::printf("%-28s", "row \\ threads");
  for (unsigned n : counts) std::printf(" %16u", n);
  std::printf("\n");
  const auto row = [&](const char* name, auto&& call) {
    std::printf("%-28s", name);
    double one = 0.0;
    for (unsigned n : counts) {
      const double ns = median_ns_per_element(reps, [&] { call(n); });
      if (n == counts.front()) one = ns * n / counts.front();
      std::printf(" %8.3f (%5.2fx)", ns, one / ns);
    }
    std::printf("\n");
    std::fflush(stdout);
  };
  row("golden POW FLOAT32", [&](unsigned n) { (void)dmlref::pow(dmlref::golden.threads(n), bv, ev, ov); });
  row("fast POW FLOAT32", [&](unsigned n) { (void)dmlref::pow(dmlref::fast.threads(n), bv, ev, ov); });
  row("golden DEQUANTIZE UINT8", [&](unsigned n) {
    (void)dmlref::dequantize_linear(dmlref::golden.threads(n), qv, sv, zv, ov);
  });
  row("fast DEQUANTIZE UINT8", [&](unsigned n) {
    (void)dmlref::dequantize_linear(dmlref::fast.threads(n), qv, sv, zv, ov);
  });
  row("fast SIGN FLOAT32", [&](unsigned n) { (void)dmlref::sign(dmlref::fast.threads(n), xv, ov); });
  row("memcpy (SIGN's bytes), pool", [&](unsigned n) {
    split_copy(reinterpret_cast<const unsigned char*>(x.data()), reinterpret_cast<unsigned char*>(out.data()),
               elements * sizeof(float), n);
  });
  {  // golden POW on n threads, each repeating one cache-resident call of its own
    constexpr std::uint32_t block = 4096;
    const int calls = 256;  // per thread and timing: 2^20 elements
    std::vector<std::vector<float>> outs(counts.empty() ? 1 : *std::max_element(counts.begin(), counts.end()),
                                         std::vector<float>(block));
    const auto bb = dmlref::make_packed_view(b.data(), {block});
    const auto eb = dmlref::make_packed_view(e.data(), {block});
    std::printf("%-28s", "golden POW, 4096 per thread");
    double one = 0.0;
    for (unsigned n : counts) {
      std::vector<double> t;
      for (int r = 0; r < reps + 1; ++r) {
        const auto t0 = std::chrono::steady_clock::now();
        on_threads(n, [&](unsigned i) {
          const auto ob = dmlref::make_packed_view(outs[i].data(), {block});
          for (int c = 0; c < calls; ++c) (void)dmlref::pow(dmlref::golden, bb, eb, ob);
        });
        if (r > 0) {
          t.push_back(std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count() /
                      (double(calls) * block * n));
        }
      }
      std::sort(t.begin(), t.end());
      const double ns = t[t.size() / 2];
      if (n == counts.front()) one = ns * n / counts.front();
      std::printf(" %8.3f (%5.2fx)", ns, one / ns);
    }
    std::printf("\n");
  }
  {  // the clock of n busy threads
    std::printf("%-28s", "clock of n busy threads, GHz");
    for (unsigned n : counts) {
      std::vector<double> ghz(n);
      on_threads(n, [&](unsigned i) { ghz[i] = clock_ghz(); });
      double sum = 0.0;
      for (double g : ghz) sum += g;
      std::printf(" %16.2f", sum / n);
    }
    std::printf("\n");
  }
  const auto microseconds_row = [&](const char* name, auto&& call) {
    std::printf("%-28s", name);
    for (unsigned n : counts) {
      std::vector<double> t;
      for (int r = 0; r < 21; ++r) {
        const auto t0 = std::chrono::steady_clock::now();
        call(n);
        t.push_back(std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count());
      }
      std::sort(t.begin(), t.end());
      std::printf(" %16.1f", t[t.size() / 2]);
    }
    std::printf("\n");
  };
  microseconds_row("start+join n threads, us", [&](unsigned n) { on_threads(n, [](unsigned) {}); });
  microseconds_row("worker pool hand-off, us", [&](unsigned n) { dmlref::loops::run_on_threads(n, [](std::uint32_t) {}); });
  return 0;
}
