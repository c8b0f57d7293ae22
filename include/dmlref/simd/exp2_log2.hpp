#pragma once
// log2 and exp2 in vector lanes, the core of the fast pow (simd/pow.hpp): pow(g, e) =
// exp2(e * log2 g) for g finite and positive.
//
// Two precisions, one per output type:
//
// Double lanes, for FLOAT32 results (inputs are float values held as doubles, so float
// subnormals are normal here):
//   log2_of_float(x)   x = 2^k * m with m in [0.734375, 1.46875), cut into 16 intervals of
//                      equal width in bit space; m * c_i = 1 + r, |r| <= 2^-5 (c_i = 1 on the
//                      interval holding 1, where the result is relative-accurate however
//                      close x is to 1); log2(1 + r) = r * q(r), q of degree 5.
//                      Error <= 2^-37 |log2(1 + r)| + 2^-52 |k + log2(1/c_i)|.
//   exp2_for_float(t)  t clamped to [-256, 256] (2^t is then out of FLOAT32's range either
//                      way); 2^t = 2^(j/16) * 2^n * p(f), t = n + j/16 + f, |f| <= 1/32,
//                      p of degree 3. Relative error <= 2^-28.
//   So exp2(e * log2 g) is within 2^-27 of pow(g, e) relatively while |e log2 g| <= 256,
//   and rounding it once to float lands within 0.5 + 2^-3 ULP of the exact result (the
//   FLOAT32 budget of ops::pow_fast_ulp_budget is 2).
//
// Float lanes, for FLOAT16 results:
//   log2_of_normal(x)  the same reduction on a normal float (callers route float subnormals
//                      to the golden formula); q of degree 3. Relative error <= 2^-21 away
//                      from x = 1, where it is relative too.
//   exp2_for_half(t)   t clamped to [-64, 64]; p of degree 2. Relative error <= 2^-21.
//   Rounded once to FLOAT16 (11 bits) that is within 0.5 + 2^-8 ULP (budget 1).
//
// Exponent fields and rounded multiples of 1/16 are read off the bits and converted by
// integer conversions, never by adding and subtracting large constants in floating point,
// so -ffast-math's reassociation cannot cancel them; the polynomials tolerate reassociation
// and contraction.
//
// Tables are read by register permutes on AVX-512 and AVX2, from memory elsewhere.

#include <cstddef>
#include <cstdint>

#include "dmlref/core/isa.hpp"
#include "dmlref/simd/arch.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

namespace detail_exp2_log2 {

// log2: interval i of m holds c_i ~ 1 / (its midpoint) and log2(1 / c_i).
alignas(64) inline constexpr double log_c[16] = {
    0x1.5555555555555p+0, 0x1.47ae147ae147bp+0, 0x1.3b13b13b13b14p+0, 0x1.2f684bda12f68p+0,
    0x1.2492492492492p+0, 0x1.1a7b9611a7b96p+0, 0x1.1111111111111p+0, 0x1.0842108421084p+0,
    0x1.0000000000000p+0, 0x1.e1e1e1e1e1e1ep-1, 0x1.c71c71c71c71cp-1, 0x1.af286bca1af28p-1,
    0x1.999999999999ap-1, 0x1.8618618618618p-1, 0x1.745d1745d1746p-1, 0x1.642c8590b2164p-1};
alignas(64) inline constexpr double log_log2_inv_c[16] = {
    -0x1.a8ff971810a5dp-2, -0x1.6cb0f6865c8ebp-2, -0x1.32bfee370ee6ap-2, -0x1.f5fd8a9063e32p-3,
    -0x1.8a8980abfbd30p-3, -0x1.22dadc2ab3496p-3, -0x1.7d60496cfbb4bp-4, -0x1.77394c9d958d0p-5,
    0.0,                   0x1.663f6fac91318p-4,  0x1.5c01a39fbd68bp-3,  0x1.fbc16b902680dp-3,
    0x1.49a784bcd1b8ap-2,  0x1.91bba891f170ap-2,  0x1.d6753e032ea0ep-2,  0x1.0c10500d63aa7p-1};
alignas(64) inline constexpr float log_c_f[16] = {
    0x1.555556p+0f, 0x1.47ae14p+0f, 0x1.3b13b2p+0f, 0x1.2f684cp+0f, 0x1.24924ap+0f, 0x1.1a7b96p+0f,
    0x1.111112p+0f, 0x1.084210p+0f, 0x1.000000p+0f, 0x1.e1e1e2p-1f, 0x1.c71c72p-1f, 0x1.af286cp-1f,
    0x1.99999ap-1f, 0x1.861862p-1f, 0x1.745d18p-1f, 0x1.642c86p-1f};
alignas(64) inline constexpr float log_log2_inv_c_f[16] = {
    -0x1.a8ff9ap-2f, -0x1.6cb0f4p-2f, -0x1.32bff2p-2f, -0x1.f5fd8cp-3f, -0x1.8a898ap-3f, -0x1.22dadcp-3f,
    -0x1.7d605ep-4f, -0x1.773936p-5f, 0.0f,           0x1.663f6ep-4f,  0x1.5c01a2p-3f,  0x1.fbc16ap-3f,
    0x1.49a784p-2f,  0x1.91bba6p-2f,  0x1.d6753cp-2f,  0x1.0c1050p-1f};

// exp2: 2^(j/16) with j taken off its exponent field (valid doubles and floats still), so
// that adding 16 n + j to the exponent field's place makes the bits of 2^(n + j/16).
alignas(64) inline constexpr double exp_scale[16] = {
    0x1.0000000000000p+0,  0x1.fb5586cf9890fp-1, 0x1.f72b83c7d517bp-1, 0x1.f387a6e756238p-1,
    0x1.f06fe0a31b715p-1,  0x1.edea64c123422p-1, 0x1.ebfdad5362a27p-1, 0x1.eab07dd485429p-1,
    0x1.ea09e667f3bcdp-1,  0x1.ea11473eb0187p-1, 0x1.eace5422aa0dbp-1, 0x1.ec49182a3f090p-1,
    0x1.ee89f995ad3adp-1,  0x1.f199bdd85529cp-1, 0x1.f5818dcfba487p-1, 0x1.fa4afa2a490dap-1};
alignas(64) inline constexpr float exp_scale_f[16] = {
    0x1.000000p+0f, 0x1.fb5586p-1f, 0x1.f72b84p-1f, 0x1.f387a6p-1f, 0x1.f06fe0p-1f, 0x1.edea64p-1f,
    0x1.ebfdaep-1f, 0x1.eab07ep-1f, 0x1.ea09e6p-1f, 0x1.ea1148p-1f, 0x1.eace54p-1f, 0x1.ec4918p-1f,
    0x1.ee89fap-1f, 0x1.f199bep-1f, 0x1.f5818ep-1f, 0x1.fa4afap-1f};

/// table[index mod Entries] in each lane, read through memory: the targets without register
/// permutes (Entries a power of two).
template <std::size_t Entries, class Values, class Indices, class T>
Values lookup_in_memory(const T* table, Indices index) noexcept {
  alignas(64) typename Indices::value_type lanes[Indices::size];
  alignas(64) T values[Values::size];
  index.store_aligned(lanes);
  for (std::size_t k = 0; k < Values::size; ++k) values[k] = table[lanes[k] & (Entries - 1)];
  return Values::load_aligned(values);
}

/// table[index mod 16] in each lane.
inline doubles lookup16(const double* table, uint64s index) noexcept {
#if defined(__AVX512F__)
  return doubles(_mm512_permutex2var_pd(_mm512_load_pd(table), index, _mm512_load_pd(table + 8)));
#elif defined(__AVX2__)
  // Register permutes rather than a gather (microcoded and slow on many AVX2 cores): the
  // table as four registers of four doubles, each double two 32-bit halves picked by
  // vpermps, then the register chosen by the index's bits 2 and 3.
  const __m256i j = _mm256_and_si256(index, _mm256_set1_epi64x(15));
  const __m256i pair = _mm256_slli_epi64(_mm256_and_si256(j, _mm256_set1_epi64x(3)), 1);  // 2 (j mod 4)
  const __m256i halves = _mm256_or_si256(pair, _mm256_slli_epi64(_mm256_add_epi64(pair, _mm256_set1_epi64x(1)), 32));
  const auto part = [&](int k) {
    return _mm256_castps_pd(_mm256_permutevar8x32_ps(_mm256_castpd_ps(_mm256_load_pd(table + 4 * k)), halves));
  };
  const __m256d bit2 = _mm256_castsi256_pd(_mm256_slli_epi64(j, 61));  // bit 2 on top: blendv's selector
  const __m256d bit3 = _mm256_castsi256_pd(_mm256_slli_epi64(j, 60));
  const __m256d low = _mm256_blendv_pd(part(0), part(1), bit2);
  const __m256d high = _mm256_blendv_pd(part(2), part(3), bit2);
  return doubles(_mm256_blendv_pd(low, high, bit3));
#else
  return lookup_in_memory<16, doubles>(table, index);
#endif
}
inline floats lookup16(const float* table, uint32s index) noexcept {
#if defined(__AVX512F__)
  return floats(_mm512_permutexvar_ps(index, _mm512_load_ps(table)));
#elif defined(__AVX2__)
  const __m256i j = index;  // vpermps reads the low three bits; bit 3 picks the register
  const __m256 bit3 = _mm256_castsi256_ps(_mm256_slli_epi32(j, 28));
  return floats(_mm256_blendv_ps(_mm256_permutevar8x32_ps(_mm256_load_ps(table), j),
                                 _mm256_permutevar8x32_ps(_mm256_load_ps(table + 8), j), bit3));
#else
  return lookup_in_memory<16, floats>(table, index);
#endif
}

/// Lanes holding integers of magnitude below 2^31 (two's complement in 64 bits), as doubles:
/// an integer conversion, which no floating-point rewriting can touch.
inline doubles small_integers_as_doubles(uint64s n) noexcept {
#if defined(__AVX512DQ__)
  return doubles(_mm512_cvtepi64_pd(n));
#elif defined(__AVX512F__)
  return doubles(_mm512_cvtepi32_pd(_mm512_cvtepi64_epi32(n)));
#elif defined(__AVX2__)
  const __m256i low_halves = _mm256_permutevar8x32_epi32(n, _mm256_setr_epi32(0, 2, 4, 6, 0, 2, 4, 6));
  return doubles(_mm256_cvtepi32_pd(_mm256_castsi256_si128(low_halves)));
#elif defined(__AVX__)
  alignas(64) std::int64_t lanes[uint64s::size];
  alignas(64) double values[doubles::size];
  xsimd::bitwise_cast<batch<std::int64_t>>(n).store_aligned(lanes);
  for (std::size_t k = 0; k < doubles::size; ++k) values[k] = static_cast<double>(lanes[k]);
  return doubles::load_aligned(values);
#else
  return doubles(_mm_cvtepi32_pd(_mm_shuffle_epi32(n, _MM_SHUFFLE(3, 1, 2, 0))));
#endif
}
/// The same for 32-bit lanes, as floats (exact below 2^24).
inline floats small_integers_as_floats(uint32s n) noexcept {
  return xsimd::batch_cast<float>(xsimd::bitwise_cast<batch<std::int32_t>>(n));
}

}  // namespace detail_exp2_log2

/// log2 x for x a positive finite nonzero FLOAT32 value in double lanes.
inline doubles log2_of_float(doubles x) noexcept {
  using namespace detail_exp2_log2;
  const uint64s bits = xsimd::bitwise_cast<uint64s>(x);
  // t = bits - bits(0.734375) + bits(1): its exponent field is k + 1023, its top four
  // mantissa bits the interval, and bits - (its exponent field) + bits(1) is m.
  const uint64s t = bits + uint64s(0x0008800000000000);
  const uint64s exponent_field = t & uint64s(0xFFF0000000000000);
  const doubles m = xsimd::bitwise_cast<doubles>(bits - exponent_field + uint64s(0x3FF0000000000000));
  const doubles k = small_integers_as_doubles((t >> 52) - uint64s(1023));
  const uint64s interval = t >> 48;
  const doubles r = mul_add(m, lookup16(log_c, interval), doubles(-1.0));
  // The polynomial in pairs (Estrin's scheme): half the dependent steps of Horner's, and
  // in double its extra roundings stay near 2^-53, far inside the budget.
  const doubles r2 = r * r;
  const doubles q01 = mul_add(doubles(-0x1.71547652dfbe0p-1), r, doubles(0x1.71547652bef72p+0));
  const doubles q23 = mul_add(doubles(-0x1.71546c5c0bb8cp-2), r, doubles(0x1.ec7096530b82ap-2));
  const doubles q45 = mul_add(doubles(-0x1.ed112bf07d85fp-3), r, doubles(0x1.27c60afc6815cp-2));
  const doubles q = mul_add(r2 * r2, q45, mul_add(r2, q23, q01));
  return mul_add(r, q, k + lookup16(log_log2_inv_c, interval));
}

/// 2^t in double lanes for a FLOAT32 result, t finite: beyond +-256 (where any FLOAT32
/// result has overflowed or rounded to 0) 2^256 or 0, chosen beside the computation rather
/// than by clamping t before it, which would lengthen its chain of dependent steps.
inline doubles exp2_for_float(doubles t) noexcept {
  using namespace detail_exp2_log2;
  const auto out_of_range = xsimd::abs(t) > doubles(256.0);
  const doubles limit = simd::select(t > doubles(0.0), doubles(0x1p256), doubles(0.0));
  // n16 = round(16 t) (to nearest even) is the difference between the bits of
  // 16 t + 1.5 * 2^52 and those of 1.5 * 2^52; taken in integers, and converted back by an
  // integer conversion, so -ffast-math cannot fold the two constants away.
  const uint64s n16 = xsimd::bitwise_cast<uint64s>(t * doubles(16.0) + doubles(0x1.8p52)) - uint64s(0x4338000000000000);
  const doubles rounded = small_integers_as_doubles(n16);
  const doubles f = mul_add(rounded, doubles(-0.0625), t);  // exact: t - n16 / 16
  const doubles scale = xsimd::bitwise_cast<doubles>(
      xsimd::bitwise_cast<uint64s>(lookup16(exp_scale, n16)) + (n16 << 48));
  doubles p(0x1.c6b3488e1fe0ep-5);
  p = mul_add(p, f, doubles(0x1.ebff918af74b7p-3));
  p = mul_add(p, f, doubles(0x1.62e42fee462abp-1));
  return simd::select(out_of_range, limit, mul_add(scale * f, p, scale));
}

/// log2 x for x a positive normal FLOAT32 value.
inline floats log2_of_normal(floats x) noexcept {
  using namespace detail_exp2_log2;
  const uint32s bits = xsimd::bitwise_cast<uint32s>(x);
  const uint32s t = bits + uint32s(0x00440000);  // bits - bits(0.734375) + bits(1)
  const uint32s exponent_field = t & uint32s(0xFF800000);
  const floats m = xsimd::bitwise_cast<floats>(bits - exponent_field + uint32s(0x3F800000));
  const floats k = small_integers_as_floats((t >> 23) - uint32s(127));
  const uint32s interval = t >> 19;
  const floats r = mul_add(m, lookup16(log_c_f, interval), floats(-1.0f));
  floats q(-0x1.71a183ab634abp-2f);
  q = mul_add(q, r, floats(0x1.ecba93f3b03e0p-2f));
  q = mul_add(q, r, floats(-0x1.715473e9c0306p-1f));
  q = mul_add(q, r, floats(0x1.715475beab737p+0f));
  return mul_add(r, q, k + lookup16(log_log2_inv_c_f, interval));
}

/// 2^t in float lanes for a FLOAT16 result, t finite: beyond +-64 (where any FLOAT16 result
/// has overflowed or rounded to 0) 2^64 or 0, chosen beside the computation.
inline floats exp2_for_half(floats t) noexcept {
  using namespace detail_exp2_log2;
  const auto out_of_range = xsimd::abs(t) > floats(64.0f);
  const floats limit = simd::select(t > floats(0.0f), floats(0x1p64f), floats(0.0f));
  const uint32s n16 = xsimd::bitwise_cast<uint32s>(t * floats(16.0f) + floats(0x1.8p23f)) - uint32s(0x4B400000);
  const floats rounded = small_integers_as_floats(n16);
  const floats f = mul_add(rounded, floats(-0.0625f), t);
  const floats scale = xsimd::bitwise_cast<floats>(
      xsimd::bitwise_cast<uint32s>(lookup16(exp_scale_f, n16)) + (n16 << 19));
  floats p(0x1.ebff918af7463p-3f);
  p = mul_add(p, f, floats(0x1.62e7bd63bda2cp-1f));
  return simd::select(out_of_range, limit, mul_add(scale * f, p, scale));
}

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
