// Not part of dmlref-bench (bench/*.cpp only): the cheap 4096-element calls (fast CONSTANT_POW
// 2 and 3, fast SIGN) beside plain loops on the same buffers, with the output placed at six
// offsets after the input in one 4096-aligned arena. Built by hand on the machine measured, e.g.
//   g++ -std=c++17 -O3 -march=native -DDMLREF_HAVE_XSIMD=1 -Iinclude bench/micro/call_offsets.cpp -o call_offsets
//   taskset -c 5 ./call_offsets
// Prints ns per element, each the median of 9 timings of at least 20 ms of calls.
#include <dmlref/dmlref.hpp>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>
using namespace dmlref;
template <class F> double med(F&& f) {
  std::vector<double> t;
  for (int r = 0; r < 9; ++r) {
    int calls = 0; auto t0 = std::chrono::steady_clock::now(), t1 = t0;
    do { f(); ++calls; t1 = std::chrono::steady_clock::now(); } while (t1 - t0 < std::chrono::milliseconds(20));
    t.push_back(std::chrono::duration<double, std::nano>(t1 - t0).count() / calls / 4096.0);
  }
  std::sort(t.begin(), t.end()); return t[4];
}
/// The plain loops the fast calls are compared with (GCC vectorizes them).
__attribute__((noinline)) void plain_sq(const float* b, float* o) { for (int i = 0; i < 4096; ++i) o[i] = b[i] * b[i]; }
__attribute__((noinline)) void plain_cube(const float* b, float* o) { for (int i = 0; i < 4096; ++i) o[i] = b[i] * b[i] * b[i]; }
int main() {
  float* arena = static_cast<float*>(std::aligned_alloc(4096, 1 << 22));
  for (int i = 0; i < (1 << 20); ++i) arena[i] = 0.5f + float(i % 1000) / 700.0f;
  std::printf("%-12s %8s %8s %8s %8s %8s\n", "out offset", "fast^2", "plain^2", "fast^3", "plain^3", "sign");
  for (std::size_t d : {16384u, 16384u + 64u, 16384u + 256u, 16384u + 1024u, 16384u + 2048u, 16384u + 3072u}) {
    const float* in = arena; float* out = arena + d / 4;
    auto iv = make_packed_view(in, {4096}); auto ov = make_packed_view(out, {4096});
    double a = med([&] { (void)constant_pow(fast, iv, ov, 2.0f); });
    double b = med([&] { plain_sq(in, out); });
    double c = med([&] { (void)constant_pow(fast, iv, ov, 3.0f); });
    double e = med([&] { plain_cube(in, out); });
    double s = med([&] { (void)sign(fast, iv, ov); });
    std::printf("%-12zu %8.3f %8.3f %8.3f %8.3f %8.3f\n", d, a, b, c, e, s);
  }
}
