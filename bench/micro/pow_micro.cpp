// Not part of dmlref-bench (bench/*.cpp only): built by hand, e.g.
//   g++ -std=c++17 -O3 -march=native -DDMLREF_HAVE_XSIMD=1 -Iinclude bench/micro/pow_micro.cpp -o pow_micro -pthread
//   taskset -c 5 ./pow_micro 5 [brief [cpu]]   (-DDMLREF_SIMD_POW_GROUPS=N picks the group count)
// Standalone timing of dmlref's fast POW / CONSTANT_POW FLOAT32 (and FLOAT16 POW): median ns/element,
// of wall-clock time, or with "cpu" of the thread's CPU time (steadier on a core shared with other work).
#include <dmlref/dmlref.hpp>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <random>
#include <vector>
#include <string>
using namespace dmlref;
static bool cpu_time = false;
static double now_ns() {
  if (cpu_time) { timespec t; clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t); return double(t.tv_sec) * 1e9 + double(t.tv_nsec); }
  return std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now().time_since_epoch()).count();
}
template <class F> double median_ns(F&& f, std::size_t n, int reps) {
  std::vector<double> t;
  for (int r = 0; r < reps; ++r) {
    // enough calls for ~50 ms
    int calls = 0; double t0 = now_ns(), t1 = t0;
    do { f(); ++calls; t1 = now_ns(); } while (t1 - t0 < 5e7);
    t.push_back((t1 - t0) / calls / double(n));
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}
int main(int argc, char** argv) {
  int reps = argc > 1 ? std::atoi(argv[1]) : 7;
  const bool brief = argc > 2;  // 4096 only, and POW FLOAT32 at 2^20
  cpu_time = argc > 3 && std::string(argv[3]) == "cpu";
  std::mt19937 rng(1);
  std::uniform_real_distribution<float> ub(0.25f, 4.0f), ue(-4.0f, 4.0f);
  for (std::size_t n : {std::size_t{4096}, std::size_t{1} << 20}) {
    std::vector<float> b(n), e(n), o(n);
    std::vector<float16> bh(n), eh(n), oh(n);
    for (std::size_t k = 0; k < n; ++k) { b[k] = ub(rng); e[k] = ue(rng); bh[k] = float16(b[k]); eh[k] = float16(e[k]); }
    auto bv = make_packed_view(b.data(), {std::uint32_t(n)}); auto ev = make_packed_view(e.data(), {std::uint32_t(n)});
    auto ov = make_packed_view(o.data(), {std::uint32_t(n)});
    auto bhv = make_packed_view(bh.data(), {std::uint32_t(n)}); auto ehv = make_packed_view(eh.data(), {std::uint32_t(n)});
    auto ohv = make_packed_view(oh.data(), {std::uint32_t(n)});
    std::printf("n=%zu pow_f32 %.3f\n", n, median_ns([&] { (void)dmlref::pow(fast, bv, ev, ov); }, n, reps));
    if (brief && n > 4096) continue;
    for (float x : {2.2f, 3.0f, 0.5f, 2.0f})
      std::printf("n=%zu cpow_f32_%g %.3f\n", n, x, median_ns([&] { (void)dmlref::constant_pow(fast, bv, ov, x); }, n, reps));
    std::printf("n=%zu pow_f16 %.3f\n", n, median_ns([&] { (void)dmlref::pow(fast, bhv, ehv, ohv); }, n, reps));
    std::printf("n=%zu cpow_f16_2.2 %.3f\n", n, median_ns([&] { (void)dmlref::constant_pow(fast, bhv, ohv, 2.2f); }, n, reps));
  }
}
