#pragma once
// |g|^e with a FLOAT16 result for a FLOAT16 base g, on targets with AVX512-FP16 (simd/pow.hpp's
// POW and CONSTANT_POW FLOAT16 without ScaleBias; with ScaleBias g is a FLOAT32 value and takes
// simd/exp2_log2.hpp's float lanes, as every FLOAT16 pow does on the other targets). g finite,
// nonzero (normal or subnormal), e finite in float lanes. Within 0.5 + 2^-2.6 ULP of the exact
// result before the FLOAT16 overflow band that simd/pow.hpp leaves to golden, so within 1 ULP
// (ops::pow_fast_ulp_budget) of golden's correctly rounded one.
//
// Algorithm, per 16 float lanes:
//  1. L = log2 |g| from a table of every finite FLOAT16 (65,536 floats, 256 KiB, both signs,
//     built once on first use from the C library's double log2 rounded to float), read by one
//     vgatherdps with g's 16 bits as the index: no reduction, no polynomial, no masking of the
//     sign, and subnormal bases need nothing apart.
//  2. y = e L, one float product.
//  3. 2^y = 2^floor(y) 2^f, f = y - floor(y) in [0, 1) by vreduceps (exact: f is a float);
//     2^f = p(f), p of degree 3; 2^floor(y) by vscalefps, which gives Inf above FLOAT32's
//     range and 0 (or a FLOAT32 subnormal, far below FLOAT16's least subnormal 2^-24) below
//     it, so no range test is needed. vreduceps gives +0 for y = +-Inf (an exponent beyond
//     2^124 in magnitude times L) and vscalefps then Inf or 0, pow's limits.
//  4. One rounding to FLOAT32 (vscalefps's product), then one to FLOAT16 (vcvtps2ph).
//
// Error analysis (relative to the exact g^e = 2^(e log2 |g|)):
//  L misses log2 |g| by <= 2^-24 |L| (1 + 2^-20) (the C library's double log2 errs by a few
//  double ULPs at most, 2^-50 relatively, added to the float rounding), y = e L rounds by 2^-24 more: y misses e log2 |g| by <= 2^-22.99 |y|.
//  Only |y| <= 26 matters (beyond it the result overflows FLOAT16, or lies below 2^-26 and
//  rounds to 0 whether it errs or not, the product's error being relative), so that is
//  <= 2^-18.2 absolute, a relative error of 2^-18.7 in 2^y. f rounds by <= 2^-25 (y < 0
//  just below an integer: 1 + y is not a float), 2^-25.5 relatively. p's fit of 2^f on
//  [0, 1) errs by <= 2^-13.70 relatively (a least-squares fit of the relative error,
//  reweighted towards minimax; measured on 200,001 points with the coefficients rounded to
//  float), its three FMAs by <= 3 * 2^-24, vscalefps's rounding by 2^-24. Sum <= 2^-13.6
//  relatively (2^-13.70 + 2^-18.7 + 2^-25.5 + 4 * 2^-24): the value before the FLOAT16
//  rounding lies within 2^-13.6 * 2^11 = 2^-2.6 ULP of the exact result (a FLOAT16 ULP is at
//  least 2^-11 of a normal result; subnormal results, below 2^-14 with a ULP of 2^-24, are
//  nearer still), and rounding it to FLOAT16 lands within 0.5 + 2^-2.6 ULP of the exact
//  result, so on golden's result or one of its neighbours. Exactly representable results
//  (2^3, 0.5^-2, x^1, x^0 = 1) come out exact: 2^-2.6 ULP is less than half an ULP.
//
// Why a gather: AVX512-FP16 cores (Sapphire Rapids and later) are not affected by the gather
// data sampling mitigation that made vpgatherdd slow on earlier Intel cores; the table of a
// bench row's bases ([0.25, 4]: 4,096 entries) stays in L1, any FLOAT16 row's in L2. The
// gather's 16 reads go to the load ports, which the rest of the block leaves idle, while the
// block is bound by ports 0 and 5 (the only ones that run 512-bit vector instructions): the
// gather adds about 2 of their instructions per 16 lanes. A log2 by register permutes
// (g = 2^k m, m c_j = 1 + r with c_j from m's top 5 bits, 32-entry tables of c_j and log2 c_j
// read by two vpermt2ps, log2(1 + r) by a polynomial) adds about 11 (the conversion of g,
// vgetexpps, the significand, the index, two permutes, r, the polynomial, the sum), so the
// block would run slower.

#include <array>
#include <cmath>
#include <cstdint>

#include "dmlref/core/isa.hpp"
#include "dmlref/simd/arch.hpp"

#if defined(__AVX512FP16__)

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

namespace detail_pow_half_lanes {

/// log2 |g| of the FLOAT16 g whose bits are the index (both signs: a base's bits index it with
/// no masking), rounded to float, for every subnormal and normal g; 0 at +-0 and for Inf and
/// NaN, which the callers leave to golden.
inline const float* log2_table() noexcept {
  static const std::array<float, 0x10000> table = [] {
    std::array<float, 0x10000> t{};
    for (std::uint32_t h = 1; h < 0x7C00; ++h) {
      const std::uint32_t exponent = h >> 10, significand = h & 0x3FF;
      const double value = exponent == 0 ? std::ldexp(double(significand), -24)
                                         : std::ldexp(double(significand | 0x400), int(exponent) - 25);
      t[h] = t[h | 0x8000] = static_cast<float>(std::log2(value));
    }
    return t;
  }();
  return table.data();
}

}  // namespace detail_pow_half_lanes

/// 2^y in float lanes for a FLOAT16 result, y any float but NaN (step 3 above): relative
/// error <= 2^-13.69 before the product's rounding.
inline floats exp2_for_half_result(floats y) noexcept {
  const floats f(_mm512_reduce_ps(y, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC));  // y - floor(y)
  floats p(0x1.3f9628p-4f);
  p = mul_add(p, f, floats(0x1.cefc14p-3f));
  p = mul_add(p, f, floats(0x1.644464p-1f));
  p = mul_add(p, f, floats(0x1.fff62ep-1f));
  return floats(_mm512_scalef_ps(p, y));
}

/// |g|^e for 16 FLOAT16 bases given by their bits (zero-extended to 32-bit lanes), g finite and
/// nonzero, e finite, log2_table() passed in (read once per block).
inline floats pow_magnitude_of_half(__m512i base_bits, floats e, const float* log2_table) noexcept {
  const floats log2_g(_mm512_i32gather_ps(base_bits, log2_table, 4));
  return exp2_for_half_result(e * log2_g);
}

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd

#endif  // __AVX512FP16__
