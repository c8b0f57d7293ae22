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

/// memcpy of bytes from in to out, one contiguous part per thread.
void split_copy(const unsigned char* in, unsigned char* out, std::size_t bytes, unsigned threads) {
  std::vector<std::thread> pool;
  for (unsigned p = 1; p < threads; ++p) {
    pool.emplace_back([=] {
      const std::size_t b = bytes * p / threads, e = bytes * (p + 1) / threads;
      std::memcpy(out + b, in + b, e - b);
    });
  }
  std::memcpy(out, in, bytes / threads);
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
  row("memcpy (SIGN's bytes)", [&](unsigned n) {
    split_copy(reinterpret_cast<const unsigned char*>(x.data()), reinterpret_cast<unsigned char*>(out.data()),
               elements * sizeof(float), n);
  });
  return 0;
}
