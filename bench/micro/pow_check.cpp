// Not part of dmlref-bench (bench/*.cpp only): built like bench/micro/pow_micro.cpp; ./pow_check all 16
// Fast vs golden, worst ULP distance (and how many at 1 and 2 ULP), for CONSTANT_POW 0.5, 3, 2.2 and POW FLOAT32 over bit patterns:
// argv[1] = "all" (every one of the 2^32 patterns, in slices) or a sample count; argv[2] threads.
#include <dmlref/dmlref.hpp>
#include <cstdio>
#include <cstring>
#include <cmath>
#include <random>
#include <string>
#include <vector>
using namespace dmlref;
static std::int64_t key(float x) { std::int32_t b; std::memcpy(&b, &x, 4); return b < 0 ? -std::int64_t(b & 0x7FFFFFFF) : b; }
static std::int64_t dist(float a, float b) {
  if (std::isnan(a) || std::isnan(b)) return (std::isnan(a) && std::isnan(b)) ? 0 : (1LL << 40);
  if (a == 0 && b == 0) return 0;
  return std::llabs(key(a) - key(b));
}
int main(int argc, char** argv) {
  const bool all = argc > 1 && std::string(argv[1]) == "all";
  const std::size_t samples = (argc > 1 && !all) ? std::stoull(argv[1]) : 1u << 22;
  const unsigned threads = argc > 2 ? unsigned(std::atoi(argv[2])) : 1;
  const std::size_t slice = std::size_t{1} << 24;
  std::mt19937_64 rng(7);
  std::vector<float> x(slice), e(slice), g(slice), f(slice);
  for (float c : {0.5f, 3.0f, 2.2f, -1.0f, 0.0f}) {  // 0: POW with random exponents
    std::int64_t worst = 0, at_1 = 0, at_2 = 0; float at = 0, at_e = 0;
    const std::size_t slices = all ? (std::size_t{1} << 32) / slice : (samples + slice - 1) / slice;
    if (c == 2.2f || c == 0.0f || c == -1.0f) { if (all && c != 2.2f) continue; }
    for (std::size_t s = 0; s < slices; ++s) {
      const std::size_t n = all ? slice : std::min(slice, samples - s * slice);
      for (std::size_t k = 0; k < n; ++k) {
        std::uint32_t b = all ? std::uint32_t(s * slice + k) : std::uint32_t(rng());
        std::memcpy(&x[k], &b, 4);
        e[k] = std::uniform_real_distribution<float>(-40.f, 40.f)(rng);
      }
      auto xv = make_packed_view(x.data(), {std::uint32_t(n)});
      auto gv = make_packed_view(g.data(), {std::uint32_t(n)});
      auto fv = make_packed_view(f.data(), {std::uint32_t(n)});
      auto ev = make_packed_view(e.data(), {std::uint32_t(n)});
      if (c == 0.0f) {
        (void)dmlref::pow(golden.threads(threads), xv, ev, gv); (void)dmlref::pow(fast.threads(threads), xv, ev, fv);
      } else if (c == -1.0f) {  // bases near 1, big exponents
        for (std::size_t k = 0; k < n; ++k) { x[k] = 1.0f + std::ldexp(float(int(rng() % 4096) - 2048), -23); e[k] = std::uniform_real_distribution<float>(-1e6f, 1e6f)(rng); }
        (void)dmlref::pow(golden.threads(threads), xv, ev, gv); (void)dmlref::pow(fast.threads(threads), xv, ev, fv);
      } else {
        (void)dmlref::constant_pow(golden.threads(threads), xv, gv, c); (void)dmlref::constant_pow(fast.threads(threads), xv, fv, c);
      }
      for (std::size_t k = 0; k < n; ++k) {
        const auto d = dist(g[k], f[k]);
        at_1 += d == 1; at_2 += d == 2;
        if (d > worst) { worst = d; at = x[k]; at_e = e[k]; }
      }
    }
    std::printf("check %s %g: worst %lld ULP (x=%a e=%a); %lld at 1 ULP, %lld at 2\n", c == 0.0f ? "pow" : c == -1.0f ? "pow-near-1" : "constant_pow", c, (long long)worst, at, at_e, (long long)at_1, (long long)at_2);
  }
}
