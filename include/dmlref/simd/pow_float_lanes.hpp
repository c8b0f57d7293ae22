#pragma once
// |g|^e with a FLOAT32 result, in float lanes (simd/pow.hpp's FLOAT32 pow on targets with
// FMA; without FMA it takes exp2_log2.hpp's double lanes): g a positive finite nonzero
// float (normal or subnormal), e = e_hi + e_lo finite (e_lo = 0, or for 32-bit integer
// exponents the exact remainder e - e_hi). Within 1.62 ULP of the exact result, so within
// 2 ULP (ops::pow_fast_ulp_budget) of golden's correctly rounded one.
//
// Algorithm (t = e log2 g, carried as floats whose sum is t to about 2^-24 absolute):
//  1. log2 g = k + T_j + log2(1 + r). A subnormal g is read as its integer bits times
//     2^-149 (an integer conversion, exact and immune to denormals-are-zero). g = 2^k m,
//     m in [1 - 2^-7, 1 + 63/64), cut in 32 intervals by bits (the top five mantissa bits
//     after adding 2^-7 in bit space); interval j takes c_j = C_j / 64 (c_0 = 1, on the
//     interval holding 1) and r = fma(m, c_j, -1), which is exact: m c_j - 1 is an integer
//     times 2^-29 below 2^24 in magnitude (|r| <= 0.0232 < 2^-5). T_j = log2(1 / c_j) =
//     T_hi + T_lo, T_hi a multiple of 2^-16, so A = k + T_hi is exact (|k| <= 149). With
//     AVX2 (packed_reduction), C_j and 2^16 T_hi come from one table of integers, one
//     32-entry lookup fewer: r = fma(m / 64, C_j, -1) and A = (2^16 k + 2^16 T_hi) 2^-16,
//     converted once (an integer below 2^24 in magnitude): the same values, exactly.
//  2. log2(1 + r) = r (K + r Y(r)), K = 1/ln 2 = K_hi + K_lo, Y of degree 4 with constant
//     term c2_hi + c2_lo. inner = K + r Y as inner_hi = fma(r, c2_hi, K_hi) plus inner_lo
//     (its residual, exact up to 2^-48 since K_hi - inner_hi is exact by Sterbenz, plus
//     K_lo and r times the rest of Y); then p = r inner as P = fma(r, inner_hi, r inner_lo)
//     plus p_lo = fma(r, inner_hi, -P) + r inner_lo.
//     So log2 g = A + P + (T_lo + p_lo): A and P floats, the rest below 2^-16.9.
//  3. t = e_hi A + e_hi P + small, small = e_hi (T_lo + p_lo) + err_A + e_lo (A + P) with
//     big_A = e_hi A rounded and err_A = fma(e_hi, A, -big_A) its exact error.
//  4. n16 = round(16 t~) for t~ = fma(e_hi, P, big_A) + small (read off the bits of
//     16 t~ + 1.5 * 2^23 as an integer); f = fma(e_hi, P, rest_A) + small with rest_A =
//     fma(n16, -1/16, big_A), so t = n16 / 16 + f and |f| <= 1/32 + 2^-14. rest_A is exact
//     where it matters: A = 0 gives -n16/16; else |P| <= 0.755 |A|, so |rest_A| <= |big_A|
//     (exact, a multiple of big_A's ULP) once |big_A| >= 0.13, and below that it rounds by
//     <= 2^-27. The one product e_hi P enters inside FMAs, exactly.
//  5. 2^t = 2^n' 2^(j/16) 2^f (n16 = 16 n' + j): 2^(j/16) = S_hi + S_lo from a table,
//     2^f = 1 + f q(f), q of degree 3; y = S_hi + fma(S_hi, f q, S_lo), the last sum the
//     one rounding of the result; then times 2^n' by adding n' to the exponent field where
//     the result is normal (t in [-124, 126]), else by two factors 2^(n'/2) so subnormal
//     results round once more (double rounding: < 0.5 ULP more) and overflow gives Inf;
//     |t| > 152 gives 0 or Inf outright. Range decisions use e_hi (A + P), never NaN.
//
// Error analysis (tools/powf-lanes/derive.py derives the constants and measures the fits):
//  log2 g, absolute: T_hi + T_lo misses T by <= 2^-42.3; the fit of log2(1 + r) misses by
//  <= 2^-42.7 (relative 2^-37.8); Y's float evaluation errs by <= 2^-30, times r^2 <= 2^-40.9;
//  inner_lo's rounding <= 2^-36 times r: 2^-41.2; splitting p: fma and r inner_lo roundings
//  <= 2 * 2^-41. Sum <= 2^-38.5 absolute, and where A = 0 (k = 0, j = 0) relative <= 2^-35.
//  For t within [-152, 152]: A != 0 means |log2 g| >= -log2(1 - 2^-7) = 0.0113, so
//  |e| <= 13430 = 2^13.72 and e times the error of log2 g is <= 2^-24.8; where A = 0 it is
//  <= 152 * 2^-35 = 2^-27.7.
//  t's arithmetic: T_lo + p_lo rounds by <= 2^-42 (times |e|: 2^-28.3); |small| <= 0.1
//  (e_hi T_lo <= 2^13.72 * 2^-17.08, e_hi p_lo <= 2^13.72 * 2^-29.9, err_A <= 2^-24 * 2^9.3
//  as |big_A| <= 2^9.3), its fmas round by <= 2 * 2^-28; rest_A by <= 2^-27 (only where
//  |big_A| < 0.13, so |e| < 3 and the log2 term above is below 2^-36); fma(e_hi, P, rest_A)
//  (<= 0.132) by <= 2^-26.9; adding small (|f| <= 0.0313) by <= 2^-30. Sum:
//  |t - (n16 / 16 + f)| <= 2^-24.8 + 2^-28.3 + 2^-27 + 2^-26.9 + 2^-30 <= 2^-24.3, so 2^t
//  errs relatively by <= ln 2 * 2^-24.3 = 2^-24.8.
//  2^t: the fit of 2^f on |f| <= 0.0315 <= 2^-33.9 relative; q's float evaluation <= 2^-25
//  relative, times |f|: 2^-30; f q (<= 0.022) rounds by <= 2^-30, the fma's result
//  (|S_hi f q| <= 0.044) by <= 2^-30, i.e. 2^-29.9 of y (y >= 0.978 S_hi); S_hi + S_lo
//  misses 2^(j/16) by 2^-49. Sum <= 2^-28.3 relative.
//  Total before the final rounding: relative <= 2^-24.8 + 2^-28.3 <= 2^-24.7, which is
//  <= 0.62 ULP (a float y has |y| < 2^24 ULP); with the final rounding <= 1.12 ULP (normal
//  results; subnormal results: relative errors cost at most as much there, plus the double
//  rounding's 0.5, <= 1.62; Inf for a result that rounds to FLT_MAX is 1 ULP away). The
//  bounds add worst cases of independent steps; measured on 10^6 samples per hard region
//  (tests/test_fast_path.cpp's regions), the worst is 1 ULP.
//
// As elsewhere in the fast path: exponent fields and rounded multiples are read off the
// bits and converted by integer conversions; exact splits use FMA only (never a sum and
// its difference, which -ffast-math folds); special values are decided by the caller.

#include <cmath>
#include <cstddef>
#include <cstdint>

#include "dmlref/core/bits.hpp"
#include "dmlref/core/isa.hpp"
#include "dmlref/simd/arch.hpp"
#include "dmlref/simd/exp2_log2.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

namespace detail_pow_float_lanes {

// log2 reduction: c_j (multiples of 1/64) and log2(1 / c_j) = t_hi (a multiple of 2^-16)
// + t_lo, for the 32 intervals of m.
alignas(64) inline constexpr float log_c[32] = {
    0x1p+0f,    0x1.fp-1f,  0x1.ep-1f,  0x1.d8p-1f, 0x1.c8p-1f, 0x1.b8p-1f, 0x1.bp-1f,  0x1.a8p-1f,
    0x1.98p-1f, 0x1.9p-1f,  0x1.88p-1f, 0x1.8p-1f,  0x1.78p-1f, 0x1.7p-1f,  0x1.68p-1f, 0x1.6p-1f,
    0x1.58p-1f, 0x1.5p-1f,  0x1.48p-1f, 0x1.4p-1f,  0x1.38p-1f, 0x1.38p-1f, 0x1.3p-1f,  0x1.28p-1f,
    0x1.28p-1f, 0x1.2p-1f,  0x1.18p-1f, 0x1.18p-1f, 0x1.1p-1f,  0x1.1p-1f,  0x1.08p-1f, 0x1.08p-1f};
alignas(64) inline constexpr float log_t_hi[32] = {
    0x0p+0f,     0x1.774p-5f,  0x1.7d6p-4f,  0x1.e0bp-4f,  0x1.564p-3f,  0x1.bfc8p-3f, 0x1.f6p-3f,   0x1.169cp-2f,
    0x1.4f7p-2f, 0x1.6cbp-2f,  0x1.8a88p-2f, 0x1.a9p-2f,   0x1.c818p-2f, 0x1.e7ep-2f,  0x1.042cp-1f, 0x1.14c6p-1f,
    0x1.25cp-1f, 0x1.3722p-1f, 0x1.48eep-1f, 0x1.5b2cp-1f, 0x1.6dep-1f,  0x1.6dep-1f,  0x1.811p-1f,  0x1.94c2p-1f,
    0x1.94c2p-1f, 0x1.a9p-1f,  0x1.bdcep-1f, 0x1.bdcep-1f, 0x1.d338p-1f, 0x1.d338p-1f, 0x1.e946p-1f, 0x1.e946p-1f};
alignas(64) inline constexpr float log_t_lo[32] = {
    0x0p+0f,        -0x1.acd89ap-19f, 0x1.25b3eep-22f,  0x1.ae8f3p-20f,   -0x1.1eb002p-18f, -0x1.858p-19f,
    -0x1.3ab7cep-18f, 0x1.4d8fc6p-24f, -0x1.134c4ep-20f, 0x1.ed0cbap-19f,  0x1.80abfcp-18f,  -0x1.a39fbep-20f,
    0x1.dc2d46p-18f,  -0x1.40358ep-19f, -0x1.5a32c2p-20f, -0x1.3e032ep-18f, 0x1.408c78p-18f,  0x1.5db83ap-20f,
    0x1.e3263p-18f,   0x1.ed0cbap-20f,  -0x1.eac382p-20f, -0x1.eac382p-20f, -0x1.6b9026p-19f, 0x1.0e9258p-18f,
    0x1.0e9258p-18f,  -0x1.a39fbep-19f, 0x1.3b992cp-18f,  0x1.3b992cp-18f,  0x1.20a6dep-21f,  0x1.20a6dep-21f,
    -0x1.a6eb1ep-18f, -0x1.a6eb1ep-18f};

/// Whether c_j and t_hi come from one table of integers, log_c_t_hi (AVX2, where a 32-entry
/// lookup is four vpermps and three blends; one vpermt2ps with AVX-512).
inline constexpr bool packed_reduction =
#if defined(__AVX2__) && !defined(__AVX512F__)
    true;
#else
    false;
#endif
/// 64 c_j (an integer in [33, 64]) times 2^16, plus 2^16 t_hi (an integer below 2^16).
alignas(64) inline constexpr std::uint32_t log_c_t_hi[32] = {
    0x00400000, 0x003E0BBA, 0x003C17D6, 0x003B1E0B, 0x00392AC8, 0x003737F9, 0x00363EC0, 0x003545A7,
    0x003353DC, 0x00325B2C, 0x003162A2, 0x00306A40, 0x002F7206, 0x002E79F8, 0x002D8216, 0x002C8A63,
    0x002B92E0, 0x002A9B91, 0x0029A477, 0x0028AD96, 0x0027B6F0, 0x0027B6F0, 0x0026C088, 0x0025CA61,
    0x0025CA61, 0x0024D480, 0x0023DEE7, 0x0023DEE7, 0x0022E99C, 0x0022E99C, 0x0021F4A3, 0x0021F4A3};

// 2^(j/16) = exp_hi + exp_lo.
alignas(64) inline constexpr float exp_hi[16] = {
    0x1p+0f,        0x1.0b5586p+0f, 0x1.172b84p+0f, 0x1.2387a6p+0f, 0x1.306fep+0f,  0x1.3dea64p+0f,
    0x1.4bfdaep+0f, 0x1.5ab07ep+0f, 0x1.6a09e6p+0f, 0x1.7a1148p+0f, 0x1.8ace54p+0f, 0x1.9c4918p+0f,
    0x1.ae89fap+0f, 0x1.c199bep+0f, 0x1.d5818ep+0f, 0x1.ea4afap+0f};
alignas(64) inline constexpr float exp_lo[16] = {
    0x0p+0f,         0x1.9f3122p-25f,  -0x1.c15742p-27f, 0x1.ceac48p-25f, 0x1.4636e2p-25f,  0x1.824684p-25f,
    -0x1.593abcp-25f, -0x1.5bd5ecp-27f, 0x1.9fcef4p-26f,  -0x1.829fdp-25f, 0x1.15506ep-27f,  0x1.51f848p-27f,
    -0x1.a94b14p-26f, -0x1.3d56b2p-27f, -0x1.822dbcp-27f, 0x1.52486cp-27f};

/// table[index mod 32] in each lane.
inline floats lookup32(const float* table, uint32s index) noexcept {
#if defined(__AVX512F__)
  return floats(_mm512_permutex2var_ps(_mm512_load_ps(table), index, _mm512_load_ps(table + 16)));
#elif defined(__AVX2__)
  const __m256 bit4 = _mm256_castsi256_ps(_mm256_slli_epi32(index, 27));  // blendv's selector
  return floats(_mm256_blendv_ps(detail_exp2_log2::lookup16(table, index), detail_exp2_log2::lookup16(table + 16, index),
                                 bit4));
#else
  return detail_exp2_log2::lookup_in_memory<32, floats>(table, index);
#endif
}

inline uint32s bits_of(floats x) noexcept { return xsimd::bitwise_cast<uint32s>(x); }
inline floats from_bits(uint32s x) noexcept { return xsimd::bitwise_cast<floats>(x); }

#if defined(__AVX2__) && !defined(__AVX512F__)
/// table[index mod 32] in each lane, for log_c_t_hi: the float lookup on the entries' bits
/// (register permutes and blends only, which move bits without reading them as numbers).
inline uint32s lookup32(const std::uint32_t* table, uint32s index) noexcept {
  return bits_of(lookup32(reinterpret_cast<const float*>(table), index));
}
#endif

/// round(16 x) (to nearest even) for |16 x| < 2^22, as an integer in two's complement: the
/// difference of the bits of 16 x + 1.5 * 2^23 and those of 1.5 * 2^23.
inline uint32s sixteenths(floats x) noexcept {
  return bits_of(x * floats(16.0f) + floats(0x1.8p23f)) - uint32s(0x4B400000);
}

/// 2^n as a float for integers n in [-126, 127] (two's complement lanes).
inline floats power_of_two(uint32s n) noexcept { return from_bits((n + uint32s(127)) << 23); }

}  // namespace detail_pow_float_lanes

/// |g|^e for a FLOAT32 result, for N groups of lanes at once (y[h] from g[h], e_hi[h],
/// e_lo[h]): g positive, finite and nonzero, e = e_hi + e_lo finite with e_lo the exact
/// remainder of an integer exponent, or absent (WithLo false: e = e_hi, a float exponent).
/// Needs FMA (fused_mul_add). Each group's result is the same as computed alone.
template <std::size_t N, bool WithLo>
DMLREF_DETAIL_ALWAYS_INLINE void pow_magnitudes_in_float_lanes(const floats* g, const floats* e_hi, const floats* e_lo,
                                                               floats* result) noexcept {
  using namespace detail_pow_float_lanes;
  using detail_exp2_log2::small_integers_as_floats;
  // 1. g = 2^k m, the interval j, r = m c_j - 1 exactly.
  uint32s bits[N], bias[N];
  xsimd::batch_bool<std::uint32_t, arch> subnormal[N];
  bool any_subnormal = false;
  DMLREF_DETAIL_EACH_GROUP(h, N) {
    bits[h] = bits_of(g[h]);
    bias[h] = uint32s(127);
    subnormal[h] = below(bits[h], uint32s(0x00800000));
    any_subnormal = any_subnormal || xsimd::any(subnormal[h]);
  }
  if (any_subnormal) {  // rare: only where present
    DMLREF_DETAIL_EACH_GROUP(h, N) {
      bits[h] = simd::select(subnormal[h], bits_of(small_integers_as_floats(bits[h])), bits[h]);
      bias[h] = simd::select(subnormal[h], uint32s(127 + 149), bias[h]);
    }
  }
  floats r[N], a[N], y[N];
  uint32s j[N];
  DMLREF_DETAIL_EACH_GROUP(h, N) {
    const uint32s shifted = bits[h] + uint32s(0x00020000);  // m >= 2 - 2^-6 moves to the next binade
    const uint32s exponent_field = shifted & uint32s(0xFF800000);
    if constexpr (packed_reduction) {
      const uint32s k = (shifted >> 23) - bias[h];
      j[h] = shifted >> 18;
      const uint32s packed = lookup32(log_c_t_hi, j[h]);
      const floats m_64 = from_bits(bits[h] - exponent_field + uint32s(0x3C800000));  // m / 64
      r[h] = mul_add(m_64, small_integers_as_floats(packed >> 16), floats(-1.0f));     // m c_j - 1
      a[h] = small_integers_as_floats((k << 16) + (packed & uint32s(0xFFFF))) * floats(0x1p-16f);  // exact
    } else {
      const floats m = from_bits(bits[h] - exponent_field + uint32s(0x3F800000));
      const floats k = small_integers_as_floats((shifted >> 23) - bias[h]);
      j[h] = shifted >> 18;
      r[h] = mul_add(m, lookup32(log_c, j[h]), floats(-1.0f));
      a[h] = k + lookup32(log_t_hi, j[h]);  // exact
    }
  }
  // 2. log2(1 + r) = p_hi + p_lo.
  DMLREF_DETAIL_EACH_GROUP(h, N) y[h] = mul_add(floats(-0x1.ecbe7cp-3f), r[h], floats(0x1.279bd8p-2f));
  DMLREF_DETAIL_EACH_GROUP(h, N) y[h] = mul_add(y[h], r[h], floats(-0x1.715474p-2f));
  DMLREF_DETAIL_EACH_GROUP(h, N) y[h] = mul_add(y[h], r[h], floats(0x1.ec709cp-2f));
  DMLREF_DETAIL_EACH_GROUP(h, N) y[h] = mul_add(y[h], r[h], floats(-0x1.4ae8f2p-27f));  // Y(r) - c2_hi
  const floats k_hi(0x1.715476p+0f), c2_hi(-0x1.715476p-1f);
  floats p_hi[N], p_lo[N];
  DMLREF_DETAIL_EACH_GROUP(h, N) {
    const floats inner_hi = mul_add(r[h], c2_hi, k_hi);
    const floats inner_lo = mul_add(r[h], y[h], mul_add(r[h], c2_hi, k_hi - inner_hi) + floats(0x1.4ae0cp-26f));
    const floats r_inner_lo = r[h] * inner_lo;
    p_hi[h] = mul_add(r[h], inner_hi, r_inner_lo);
    p_lo[h] = mul_sub(r[h], inner_hi, p_hi[h]) + r_inner_lo;
  }
  // 3. t = e_hi a + e_hi p_hi + small.
  floats big_a[N], small[N], t_range[N];
  DMLREF_DETAIL_EACH_GROUP(h, N) {
    big_a[h] = e_hi[h] * a[h];
    const floats a_p = a[h] + p_hi[h];
    small[h] = mul_add(e_hi[h], lookup32(log_t_lo, j[h]) + p_lo[h], mul_sub(e_hi[h], a[h], big_a[h]));
    if constexpr (WithLo) small[h] = mul_add(e_lo[h], a_p, small[h]);
    t_range[h] = e_hi[h] * a_p;  // for range decisions: never NaN, of t's sign
  }
  // 4. t = n16 / 16 + f, |f| <= 1/32 + 2^-14.
  uint32s n16[N];
  floats f[N];
  DMLREF_DETAIL_EACH_GROUP(h, N) n16[h] = sixteenths(mul_add(e_hi[h], p_hi[h], big_a[h]) + small[h]);
  DMLREF_DETAIL_EACH_GROUP(h, N) {
    const floats rest_a = mul_add(small_integers_as_floats(n16[h]), floats(-0.0625f), big_a[h]);  // exact where it matters
    f[h] = mul_add(e_hi[h], p_hi[h], rest_a) + small[h];
  }
  // 5. 2^t.
  floats y_unscaled[N], normal[N];
  uint32s n[N];
  bool all_normal = true;
  DMLREF_DETAIL_EACH_GROUP(h, N) {
    floats q(0x1.3b2c52p-7f);
    q = mul_add(q, f[h], floats(0x1.c6b354p-5f));
    q = mul_add(q, f[h], floats(0x1.ebfbep-3f));
    q = mul_add(q, f[h], floats(0x1.62e43p-1f));
    const floats s_hi = detail_exp2_log2::lookup16(exp_hi, n16[h]);
    y_unscaled[h] = s_hi + mul_add(s_hi, f[h] * q, detail_exp2_log2::lookup16(exp_lo, n16[h]));
    n[h] = xsimd::bitwise_cast<uint32s>(xsimd::bitwise_cast<int32s>(n16[h]) >> 4);
    normal[h] = from_bits(bits_of(y_unscaled[h]) + (n[h] << 23));
    all_normal = all_normal && xsimd::all((t_range[h] >= floats(-124.0f)) & (t_range[h] <= floats(126.0f)));
  }
  if (all_normal) {
    DMLREF_DETAIL_EACH_GROUP(h, N) result[h] = normal[h];
    return;
  }
  DMLREF_DETAIL_EACH_GROUP(h, N) {
    const auto normal_range = (t_range[h] >= floats(-124.0f)) & (t_range[h] <= floats(126.0f));
    // The first factor by the exponent field, so that there is one product to round (two
    // products of constants could be reassociated into 2^n, which overflows for n >= 128).
    const uint32s half = xsimd::bitwise_cast<uint32s>(xsimd::bitwise_cast<int32s>(n[h]) >> 1);
    const floats scaled = from_bits(bits_of(y_unscaled[h]) + (half << 23)) * power_of_two(n[h] - half);
    const floats limit = simd::select(t_range[h] > floats(0.0f), floats(INFINITY), floats(0.0f));
    result[h] = simd::select(normal_range, normal[h],
                              simd::select(xsimd::abs(t_range[h]) > floats(152.0f), limit, scaled));
  }
}

/// |g|^e for one group of lanes (pow_magnitudes_in_float_lanes with N = 1).
DMLREF_DETAIL_ALWAYS_INLINE floats pow_magnitude_in_float_lanes(floats g, floats e_hi, floats e_lo) noexcept {
  floats y;
  pow_magnitudes_in_float_lanes<1, true>(&g, &e_hi, &e_lo, &y);
  return y;
}

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
