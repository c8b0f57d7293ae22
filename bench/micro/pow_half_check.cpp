// Not part of dmlref-bench (bench/*.cpp only): built by hand, e.g.
//   g++ -std=c++17 -O2 -march=native -DDMLREF_HAVE_XSIMD=1 -Iinclude bench/micro/pow_half_check.cpp -o pow_half_check -pthread
//   ./pow_half_check [exponent_stride [threads]]
// Fast vs golden for FLOAT16, through the fast path's kernels (simd::kernel, as the fast path
// runs them), worst distance in FLOAT16 ULPs:
//  - POW: every one of the 65,536 bases against every stride-th exponent bit pattern (1: all
//    2^32 pairs), contiguous, and every base against a broadcast exponent for a few exponents;
//  - CONSTANT_POW: exponents 2.2, -1.7, 0.3, 7 on all 65,536 inputs, with and without
//    ScaleBias (1.5, -0.25).
// A worst of 1048576 (1 << 20) flags a special value that differs (NaN bits, a zero's sign,
// Inf against a finite value); "differ" counts every element whose bits differ.
#include <dmlref/simd/apply.hpp>
#include <dmlref/simd/pow.hpp>

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <tuple>
#include <vector>

using namespace dmlref;

namespace {

std::uint16_t bits_of(float16 x) { return x.bits(); }
float16 half_of(std::uint32_t b) { return float16::from_bits(static_cast<std::uint16_t>(b)); }
/// Distance in FLOAT16 ULPs between finite values of one sign (ordered bit patterns); 1 << 20
/// where a special value differs: NaN bits, the sign of a zero, Inf against a finite value.
long distance(float16 a, float16 b) {
  const std::uint16_t x = bits_of(a), y = bits_of(b);
  if (x == y) return 0;
  const bool special_x = (x & 0x7FFF) >= 0x7C00, special_y = (y & 0x7FFF) >= 0x7C00;
  if (special_x || special_y || ((x ^ y) & 0x8000)) return 1L << 20;
  return std::labs(long(x & 0x7FFF) - long(y & 0x7FFF));
}

struct tally {
  long worst = 0;
  std::uint64_t differing = 0, checked = 0;
  std::uint16_t at_x = 0, at_e = 0;
  void add(float16 fast, float16 gold, std::uint16_t x, std::uint16_t e) {
    const long d = distance(fast, gold);
    ++checked;
    if (d != 0) ++differing;
    if (d > worst) worst = d, at_x = x, at_e = e;
  }
  void merge(const tally& o) {
    if (o.worst > worst) worst = o.worst, at_x = o.at_x, at_e = o.at_e;
    differing += o.differing;
    checked += o.checked;
  }
};

/// The fast path's span loop over n elements; Kinds: std::true_type for a broadcast source.
template <class Kernel, class... Kinds, class Op, class... Ins>
void run_fast(const Op& op, std::size_t n, float16* out, const Ins*... in) {
  simd::detail_apply::run_span<Kernel>(op, n, out, std::make_tuple(in...), std::index_sequence_for<Ins...>{}, Kinds{}...);
}

}  // namespace

int main(int argc, char** argv) {
  const std::uint32_t stride = argc > 1 ? std::uint32_t(std::atoi(argv[1])) : 1;
  const unsigned threads = argc > 2 ? unsigned(std::atoi(argv[2])) : 2;
  using pow_kernel = simd::kernel<ops::pow, float16, float16, float16>;
  using cpow_kernel = simd::kernel<ops::constant_pow, float16, float16>;
  std::printf("half_lanes (AVX512-FP16 route): %d\n", int(simd::detail_pow::half_lanes));
  const ops::pow op{};
  std::vector<float16> bases(65536);
  for (std::uint32_t b = 0; b < 65536; ++b) bases[b] = half_of(b);

  // POW: every base, exponents e = start, start + stride, ... (each thread every threads-th).
  {
    std::vector<tally> per(threads);
    std::vector<std::thread> pool;
    for (unsigned t = 0; t < threads; ++t) {
      pool.emplace_back([&, t] {
        std::vector<float16> exps(65536), fast(65536);
        for (std::uint32_t e = t * stride; e < 65536; e += threads * stride) {
          std::fill(exps.begin(), exps.end(), half_of(e));
          run_fast<pow_kernel, std::false_type, std::false_type>(op, 65536, fast.data(), bases.data(), exps.data());
          for (std::uint32_t b = 0; b < 65536; ++b) {
            per[t].add(fast[b], op(bases[b], exps[b]), std::uint16_t(b), std::uint16_t(e));
          }
        }
      });
    }
    for (auto& p : pool) p.join();
    tally all;
    for (auto& p : per) all.merge(p);
    std::printf("POW f16 contiguous, exponent stride %u: %llu pairs, %llu differ from golden, worst %ld ULP (x=0x%04x e=0x%04x)\n",
                stride, (unsigned long long)all.checked, (unsigned long long)all.differing, all.worst, all.at_x, all.at_e);
  }
  // POW with a broadcast exponent, and CONSTANT_POW.
  {
    std::vector<float16> fast(65536);
    for (const float e : {2.2f, -1.7f, 0.3f, 7.0f, 0.0f, 1.0f, -3.0f, 65504.0f, -0.0009765625f}) {
      const float16 eh(e);
      tally t;
      run_fast<pow_kernel, std::false_type, std::true_type>(op, 65536, fast.data(), bases.data(), &eh);
      for (std::uint32_t b = 0; b < 65536; ++b) t.add(fast[b], op(bases[b], eh), std::uint16_t(b), bits_of(eh));
      std::printf("POW f16 broadcast exponent %g: %llu differ, worst %ld ULP (x=0x%04x)\n", double(float(eh)),
                  (unsigned long long)t.differing, t.worst, t.at_x);
    }
    for (const bool with_sb : {false, true}) {
      for (const float e : {2.2f, -1.7f, 0.3f, 7.0f}) {
        const ops::constant_pow cop(e, with_sb ? std::optional<scale_bias>(scale_bias{1.5f, -0.25f}) : std::nullopt);
        tally t;
        run_fast<cpow_kernel, std::false_type>(cop, 65536, fast.data(), bases.data());
        for (std::uint32_t b = 0; b < 65536; ++b) t.add(fast[b], cop(bases[b]), std::uint16_t(b), 0);
        std::printf("CONSTANT_POW f16 %g%s: all 65536 inputs, %llu differ, worst %ld ULP (x=0x%04x)\n", double(e),
                    with_sb ? " ScaleBias(1.5, -0.25)" : "", (unsigned long long)t.differing, t.worst, t.at_x);
      }
    }
  }
  return 0;
}
