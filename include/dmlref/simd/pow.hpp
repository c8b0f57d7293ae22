#pragma once
// ELEMENT_WISE_CONSTANT_POW and ELEMENT_WISE_POW in vector lanes (contract:
// ops/constant_pow.hpp, ops/pow.hpp). Budget: ops::pow_fast_ulp_budget (2 ULP FLOAT32,
// 1 ULP FLOAT16 from golden).
//
// How:
// - g = x, or fma(x, Scale, Bias) with one rounding (the FMA instruction where the target
//   has it, golden's exact math::multiply_add_rounded otherwise, never the C library's fmaf,
//   which is not exact everywhere: MinGW-w64's rounds the product first).
// - CONSTANT_POW takes a cheap form for the exponents 0, 1, 2, 3, 4, 0.5, -0.5, -1, -2:
//   products and square roots in float or in double lanes, each within 1 ULP of the
//   correctly rounded result (x^2 in float and sqrt are correctly rounded; x^3 is (x x) x
//   where the target has FMA, below 1.5 ULP of the exact cube; x^0.5 with AVX-512 is
//   vrsqrt14ps and a Newton step, below 1.12 ULP of the exact root).
// - FLOAT32 general exponents on FMA targets compute several groups of lanes side by side
//   per block (groups<T>), for the out-of-order core to overlap their long dependency chains.
// - Any other exponent, and POW: |g|^e = exp2(e * log2|g|). FLOAT32 results: in float lanes
//   with double-float intermediates where the target has FMA (simd/pow_float_lanes.hpp,
//   within 1.62 ULP of the exact result, 1.12 for normal results), in double lanes without
//   (simd/exp2_log2.hpp, within 0.5 + 2^-3 ULP); 32-bit integer exponents enter as an exact
//   pair of floats. FLOAT16 results: in float lanes (simd/exp2_log2.hpp, within 0.5 + 2^-8
//   ULP), then one rounding to the output type; with AVX512-FP16 and no ScaleBias (the base
//   is then a FLOAT16 value), 32 elements per block by simd/pow_half_lanes.hpp instead: log2
//   from a table of every FLOAT16 (one gather), exp2 of degree 3 by vreduceps and vscalefps,
//   within 0.5 + 2^-2.6 ULP; special lanes found by vfpclassph on the 32 bases at once
//   (half_powers; all 2^32 FLOAT16 pairs within 1 ULP of golden, and 3.3-4.3x FLOAT32 POW's
//   speed on a 2-core Xeon VM of family 6 model 207: docs/fast-path.md). A negative base takes the sign of its exponent's parity, or NaN for a
//   non-integral one; parity is read off the exponent's bits (integer exponents: their own
//   lowest bit).
// - Lanes whose base is 0, Inf or NaN (for FLOAT16 results also a FLOAT32 subnormal, which
//   only ScaleBias can make), or whose exponent is 0 (except in half_powers, which computes
//   1 there), Inf or NaN, take the golden scalar formula, so C's special values hold exactly; they cost time
//   only where present.
// - NaNs are golden's canonical +qNaN (the cheap forms replace the hardware's NaN, which
//   keeps an input NaN's sign and payload and is -qNaN for Inf * 0 or the root of a negative
//   number), and a negative result's sign is its sign bit, so the output's bits do not depend
//   on the instruction set.
// Special values and parities are decided on bit patterns, so -ffast-math cannot fold them
// away.

#include <cmath>
#include <cstdint>
#include <type_traits>

#include "dmlref/core/bits.hpp"
#include "dmlref/core/isa.hpp"
#include "dmlref/math/exact_arith.hpp"
#include "dmlref/ops/constant_pow.hpp"
#include "dmlref/ops/pow.hpp"
#include "dmlref/simd/exp2_log2.hpp"
#include "dmlref/simd/kernel.hpp"
#include "dmlref/simd/lanes.hpp"
#include "dmlref/simd/pow_float_lanes.hpp"
#include "dmlref/simd/pow_half_lanes.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

namespace detail_pow {

/// Whether a kernel's FLOAT32 general-exponent blocks (the float-lane pow of FMA targets) run
/// as one call each rather than inlined into the span loop: inlined, the same instructions
/// ran at about half the throughput in some translation units and not in others
/// (docs/fast-path.md); out of line, the loop is the same in every one.
template <class T>
inline constexpr bool outlined_blocks = std::is_same_v<T, float> && fused_mul_add;

#if !defined(DMLREF_SIMD_POW_GROUPS)  // measured in docs/performance.md (Intel section)
#define DMLREF_SIMD_POW_GROUPS 4  // AVX-512 (32 vector registers) and AVX2 (16: some spill, still faster than 2)
#endif
/// Whether FLOAT16 results of FLOAT16 bases without ScaleBias take simd/pow_half_lanes.hpp
/// (targets with AVX512-FP16), 32 elements per block: one vector of FLOAT16 bits.
inline constexpr bool half_lanes =
#if defined(__AVX512FP16__)
    true;
#else
    false;
#endif
/// Groups of lanes (batches) per block of those kernels, computed side by side
/// (pow_magnitudes_in_float_lanes): one group's chain of dependent steps is long enough to
/// leave the core waiting; the others' instructions fill it. FLOAT16 with half_lanes: 2 (a
/// block of 32; the routes other than pow_half_lanes.hpp's take its groups one after the
/// other). 1 elsewhere.
template <class T>
inline constexpr std::size_t groups = outlined_blocks<T>                           ? std::size_t{DMLREF_SIMD_POW_GROUPS}
                                      : (std::is_same_v<T, float16> && half_lanes) ? 2
                                                                                   : 1;

using float_mask = xsimd::batch_bool<float, arch>;
using uint32_mask = xsimd::batch_bool<std::uint32_t, arch>;

/// An unsigned-lane condition as a float-lane mask (the same register bits).
inline float_mask as_float_mask(uint32_mask condition) noexcept {
#if defined(__AVX512F__)
  return float_mask(static_cast<__mmask16>(condition));
#elif defined(__AVX__)
  return float_mask(_mm256_castsi256_ps(condition));
#else
  return float_mask(_mm_castsi128_ps(condition));
#endif
}

inline uint32s bits_of(floats x) noexcept { return xsimd::bitwise_cast<uint32s>(x); }

/// Lanes whose float is 0, Inf or NaN.
inline float_mask zero_inf_or_nan(floats x) noexcept {
  const uint32s magnitude = bits_of(x) & uint32s(0x7FFFFFFF);
  return as_float_mask(at_least(magnitude - uint32s(1), uint32s(0x7F7FFFFF)));
}
/// Lanes whose float is not normal: 0, subnormal, Inf or NaN.
inline float_mask not_normal(floats x) noexcept {
  const uint32s magnitude = bits_of(x) & uint32s(0x7FFFFFFF);
  return as_float_mask(at_least(magnitude - uint32s(0x00800000), uint32s(0x7F000000)));
}
/// Lanes whose float bits equal pattern.
inline float_mask bits_equal(floats x, std::uint32_t pattern) noexcept {
  return as_float_mask(bits_of(x) == uint32s(pattern));
}

/// x, held in a register. A loaded vector kept in a local array of a block lets GCC (with
/// AVX2, generic tuning) copy the loaded bytes into the array in 16-byte pieces and read the
/// array back 32 bytes at a time: those reads cannot take their data from the two pending
/// stores and wait until they retire, which serialises consecutive blocks.
inline floats in_register(floats x) noexcept {
#if defined(__GNUC__) && !defined(__clang__) && defined(__AVX__) && !defined(__AVX512F__)
  __m256 v = x;
  __asm__("" : "+x"(v));
  return floats(v);
#else
  return x;
#endif
}

/// g = fma(x, Scale, Bias) with one rounding. The FMA instruction is called directly: xsimd
/// 8.1's fma on AVX-512 is a product and a sum, rounded twice.
inline floats scaled(floats x, const scale_bias& sb) noexcept {
#if defined(__AVX512F__)
  return floats(_mm512_fmadd_ps(x, _mm512_set1_ps(sb.scale), _mm512_set1_ps(sb.bias)));
#elif defined(__FMA__) && defined(__AVX__)
  return floats(_mm256_fmadd_ps(x, _mm256_set1_ps(sb.scale), _mm256_set1_ps(sb.bias)));
#elif defined(__FMA__)
  return floats(_mm_fmadd_ps(x, _mm_set1_ps(sb.scale), _mm_set1_ps(sb.bias)));
#else
  alignas(64) float lanes[width];
  x.store_aligned(lanes);
  for (auto& v : lanes) v = math::multiply_add_rounded(v, sb.scale, sb.bias);
  return floats::load_aligned(lanes);
#endif
}
/// g = x: no ScaleBias, known when the block is compiled.
inline floats scaled(floats x, std::nullopt_t) noexcept { return x; }
/// g for a ScaleBias decided per block.
inline floats scaled(floats x, const std::optional<scale_bias>& sb) noexcept { return sb ? scaled(x, *sb) : x; }

/// Calls f(std::nullopt) or f(Scale and Bias): a block compiled for either knows whether it
/// scales, and a cheap block's loop has no branch for it.
template <class F>
decltype(auto) with_scale_bias(const std::optional<scale_bias>& sb, F&& f) {
  return sb ? f(*sb) : f(std::nullopt);
}

/// Whether each exponent is an integer, and an odd one (what a negative base needs).
struct parity {
  float_mask integral;
  float_mask odd;
};

/// The parity of float exponents, from their bits: with b the biased exponent, a float is
/// integral when b >= 150 or its 150 - b fraction bits are zero, and odd when integral
/// with bit 150 - b of its significand set (b <= 150).
inline parity parity_of(floats e) noexcept {
  const uint32s bits = bits_of(e);
  const uint32s biased = (bits >> 23) & uint32s(0xFF);
  // Shift counts stay within 0..31 (a 32-bit lane shifted by 32 is undefined in C++, which
  // xsimd's scalar emulation would hit); b >= 150 needs no fraction test.
  const uint32s clamped = xsimd::min(xsimd::max(biased, uint32s(127)), uint32s(150));
  const uint32s fraction = bits << (xsimd::min(clamped, uint32s(149)) - uint32s(118));  // fraction bits on top
  const uint32s unit = ((bits | uint32s(0x00800000)) >> (uint32s(150) - clamped)) & uint32s(1);
  const uint32_mask integral = at_least(biased, uint32s(150)) | (at_least(biased, uint32s(127)) & (fraction == uint32s(0)));
  const uint32_mask odd = integral & at_least(uint32s(150), biased) & (unit != uint32s(0));
  return {as_float_mask(integral), as_float_mask(odd)};
}
/// The parity of integer exponents held in 32-bit lanes.
inline parity parity_of(int32s e) noexcept {
  const uint32s odd = xsimd::bitwise_cast<uint32s>(e) & uint32s(1);
  return {float_mask(true), as_float_mask(odd != uint32s(0))};
}

/// pow's sign and NaN for negative bases: magnitude = |g|^e; a negative g gives -magnitude
/// for an odd integral exponent (its sign bit set, so an underflow gives -0 on every target),
/// magnitude for an even one, and NaN (the canonical positive quiet NaN) for a non-integral one.
template <class Parity>
floats with_sign(floats magnitude, floats g, Parity&& exponent_parity) noexcept {
  const float_mask negative = as_float_mask(at_least(bits_of(g), uint32s(0x80000000u)));
  if (!xsimd::any(negative)) return magnitude;
  const parity p = exponent_parity();
  const floats nan = xsimd::bitwise_cast<floats>(uint32s(0x7FC00000u));
  const floats negative_result = simd::select(p.integral, simd::select(p.odd, negated(magnitude), magnitude), nan);
  return simd::select(negative, negative_result, magnitude);
}

/// |g|^e for a FLOAT32 result, g finite positive (any float), e = e_hi + e_lo finite (see
/// exponent_pair): in float lanes where the target has FMA (simd/pow_float_lanes.hpp), in
/// double lanes where it has not (simd/exp2_log2.hpp).
DMLREF_DETAIL_ALWAYS_INLINE floats magnitude_for_float(floats g, floats e_hi, floats e_lo) noexcept {
  if constexpr (fused_mul_add) {
    return pow_magnitude_in_float_lanes(g, e_hi, e_lo);
  } else {
    doubles g_low, g_high, hi_low, hi_high, lo_low, lo_high;
    widen(g, g_low, g_high);
    widen(e_hi, hi_low, hi_high);
    widen(e_lo, lo_low, lo_high);
    const doubles e_low = hi_low + lo_low, e_high = hi_high + lo_high;  // exact: |e| < 2^33
    return narrow(exp2_for_float(e_low * log2_of_float(g_low)), exp2_for_float(e_high * log2_of_float(g_high)));
  }
}
/// An integer exponent as floats e_hi + e_lo = e exactly (e_hi = e rounded to float, e_lo the
/// rest): 32-bit integers can need more than a float's 24 bits, and t = e log2 g needs all.
template <class E, class ExponentSource>
void exponent_pair(ExponentSource exponent, std::size_t i, floats& hi, floats& lo) noexcept {
  if constexpr (sizeof(E) <= 2) {  // exact in a float
    hi = load_floats(exponent, i);
    lo = floats(0.0f);
  } else {
    doubles e_low, e_high, hi_low, hi_high;
    load_doubles(exponent, i, e_low, e_high);  // exact
    hi = narrow(e_low, e_high);
    widen(hi, hi_low, hi_high);
    lo = narrow(e_low - hi_low, e_high - hi_high);  // exact: an integer below 2^8 in magnitude
  }
}
/// |g|^e for a FLOAT16 result, g a positive normal float, e finite, in float lanes.
inline floats magnitude_for_half(floats g, floats e) noexcept {
  return exp2_for_half(e * log2_of_normal(g));
}

/// CONSTANT_POW's exponents with an exact cheap form, and `general` for the others.
enum class form { one, identity, square, cube, fourth, reciprocal, reciprocal_square, root, reciprocal_root, general };

/// Calls f(std::integral_constant<form, F>) for exponent's form F.
template <class F>
void with_form(float exponent, F&& f) {
  using k = form;
  auto call = [&](auto which) { f(which); };
  if (exponent == 0.0f) return call(std::integral_constant<k, k::one>{});
  if (exponent == 1.0f) return call(std::integral_constant<k, k::identity>{});
  if (exponent == 2.0f) return call(std::integral_constant<k, k::square>{});
  if (exponent == 3.0f) return call(std::integral_constant<k, k::cube>{});
  if (exponent == 4.0f) return call(std::integral_constant<k, k::fourth>{});
  if (exponent == -1.0f) return call(std::integral_constant<k, k::reciprocal>{});
  if (exponent == -2.0f) return call(std::integral_constant<k, k::reciprocal_square>{});
  if (exponent == 0.5f) return call(std::integral_constant<k, k::root>{});
  if (exponent == -0.5f) return call(std::integral_constant<k, k::reciprocal_root>{});
  return call(std::integral_constant<k, k::general>{});
}

/// Lanes whose float magnitude's bits are at least pattern's (0x7F800000: Inf and NaN).
inline float_mask magnitude_at_least(floats x, std::uint32_t pattern) noexcept {
  return as_float_mask(at_least(bits_of(x) & uint32s(0x7FFFFFFF), uint32s(pattern)));
}

#if defined(__AVX512F__) || defined(__FMA__)
/// The target has FMA: g^3 and g^4 in float lanes from g^2 = h + l, h = g * g rounded and
/// l = g * g - h exactly (one FMA), combined by one more FMA (mul_add): the exact power plus
/// an error of about 2^-47 of it, rounded once (within 1 ULP; mostly correctly rounded).
inline floats square_error(floats g, floats h) noexcept {  // g * g - h, exact
#if defined(__AVX512F__)
  return floats(_mm512_fmsub_ps(g, g, h));
#else
  return floats(_mm256_fmsub_ps(g, g, h));
#endif
}
/// g^3 as (g g) g, two roundings: g g = g^2 (1 + d), |d| <= 2^-24, so (g g) g misses g^3 by
/// less than 1 ULP before its own rounding, by less than 1.5 ULP after it, and golden's
/// correctly rounded g^3 by less than 2 (the budget). Where g g is subnormal or 0, g^3 is
/// smaller than 2^-189 and rounds to 0 either way; where it overflows, so does g^3.
inline floats cube_in_float(floats g) noexcept { return (g * g) * g; }
/// g^4 = h h + 2 h l. Below |h| = 2^64, 2 h l stays below 2^105; from there on g^4
/// overflows, as does h h, which is taken there (also for Inf and NaN).
inline floats fourth_in_float(floats g) noexcept {
  const floats h = g * g;
  const floats l = square_error(g, h);
  const floats y = mul_add(h, h, h * (l + l));
  return simd::select(magnitude_at_least(h, 0x5F800000u), h * h, y);  // 2^64
}
#endif

/// canonical_nans for lanes that are NaN or at least +0 (a square, a root): where the target
/// has an unsigned minimum, min(bits, 0x7FC00000) is one instruction. A NaN an arithmetic
/// instruction makes is quiet, so its bits are at least 0x7FC00000 (either sign); every other
/// such lane is at most 0x7F800000 (+Inf) and stays. Decided on the bits: -ffast-math cannot
/// fold it away.
inline floats canonical_nans_of_nonnegative(floats x) noexcept {
#if defined(__AVX2__) || defined(__AVX512F__)
  return xsimd::bitwise_cast<floats>(xsimd::min(xsimd::bitwise_cast<uint32s>(x), uint32s(0x7FC00000u)));
#else
  return canonical_nans(x);
#endif
}

/// canonical_nans for any lanes: with AVX512DQ the NaN lanes are found by one vfpclassps
/// and replaced only in a vector that has one (rare), else canonical_nans.
inline floats canonical_nans_rare(floats x) noexcept {
#if defined(__AVX512DQ__)
  const __mmask16 nan = _mm512_fpclass_ps_mask(x, 0x81);  // quiet or signalling NaN
  if (nan == 0) return x;
  return floats(_mm512_mask_mov_ps(x, nan, _mm512_castsi512_ps(_mm512_set1_epi32(0x7FC00000))));
#else
  return canonical_nans(x);
#endif
}

/// g^0.5, correctly rounded: sqrt differs from pow only at -0 (pow gives +0) and -Inf (pow
/// gives +Inf). NaNs as the hardware makes them.
inline floats exact_root(floats g) noexcept {
  const floats root = simd::select(g == floats(0.0f), floats(0.0f), xsimd::sqrt(g));
  return simd::select(bits_equal(g, 0xFF800000u), floats(INFINITY), root);
}

/// g^0.5 with NaNs canonical. With AVX-512, for g in [2^-100, FLT_MAX], from vrsqrt14ps's
/// approximation r of 1/sqrt(g) (relative error <= 2^-14) and one Newton step: s = g r
/// rounded (s = sqrt(g) (1 + e1)(1 + d), |d| <= 2^-24), e = 0.5 - s (r / 2) by one FMA
/// (exact but for a rounding of 2^-38 relative), s + s e by one more. That is sqrt(g) (1 +
/// d/2 - 1.5 e1^2 + O(2^-38)): within 2^-24.7 relatively, 0.62 ULP, before the last rounding,
/// 1.12 ULP after it, so less than 1.62 from the correctly rounded root (budget 2). Its
/// throughput is that of five arithmetic instructions, against vsqrtps's 12 cycles per 16
/// lanes on Intel cores. A block holding another lane (negative, zero, below 2^-100, Inf,
/// NaN) takes the correctly rounded root, vsqrtps, for all its lanes.
inline floats root_of(floats g) noexcept {
#if defined(__AVX512F__)
  const uint32s bits = xsimd::bitwise_cast<uint32s>(g);
  const uint32s from = uint32s(0x0D800000u);  // 2^-100
  const auto other = as_float_mask(at_least(bits - from, uint32s(0x7F800000u) - from));
  if (!xsimd::any(other)) {
    const floats r(_mm512_rsqrt14_ps(g));
    const floats s = g * r;
    const floats e(_mm512_fnmadd_ps(s, r * floats(0.5f), floats(0.5f)));
    return mul_add(s, e, s);
  }
#endif
  return canonical_nans_of_nonnegative(exact_root(g));  // pow(-0, 0.5) = +0: no root is negative
}

/// g^e for a cheap form: each within 1 ULP of the correctly rounded result (products of at
/// most four factors are exact or rounded once in double, or from an exact square and one
/// FMA in float, or for the cube two float products; x^2 is correctly rounded in float; the
/// root see root_of).
template <form F>
floats cheap_power(floats g) noexcept {
  auto in_double = [&](auto f) {
    doubles g0, g1;
    widen(g, g0, g1);
    return narrow(f(g0), f(g1));
  };
  if constexpr (F == form::one) {
    return floats(1.0f);
  } else if constexpr (F == form::identity) {
    return g;
  } else if constexpr (F == form::square) {
    return g * g;
  } else if constexpr (F == form::cube) {
#if defined(__AVX512F__) || defined(__FMA__)
    return cube_in_float(g);
#else
    return in_double([](doubles v) { return (v * v) * v; });
#endif
  } else if constexpr (F == form::fourth) {
#if defined(__AVX512F__) || defined(__FMA__)
    return fourth_in_float(g);
#else
    return in_double([](doubles v) { return (v * v) * (v * v); });
#endif
  } else if constexpr (F == form::reciprocal) {  // in double: -ffast-math may make a float division rcpps
    return in_double([](doubles v) { return doubles(1.0) / v; });
  } else if constexpr (F == form::reciprocal_square) {
    return in_double([](doubles v) { return doubles(1.0) / (v * v); });
  } else if constexpr (F == form::root) {
    return root_of(g);
  } else {
    static_assert(F == form::reciprocal_root, "a cheap form");
    floats y = in_double([](doubles v) { return doubles(1.0) / xsimd::sqrt(v); });
    y = simd::select(g == floats(0.0f), floats(INFINITY), y);  // pow(-0, -0.5) = +Inf
    return simd::select(bits_equal(g, 0xFF800000u), floats(0.0f), y);
  }
}

/// A lane's input as the golden formula wants it.
template <class T>
T element(contiguous<T> s, std::size_t i, std::size_t k) noexcept {
  return s.data[i + k];
}
template <class T>
T element(broadcast<T> s, std::size_t, std::size_t) noexcept {
  return s.value;
}

/// Stores y, except in lanes flagged special, which take golden(k) instead. A FLOAT16 result
/// from 65504 to 65536 also takes golden: FLOAT16's overflow threshold, 65520, lies between
/// FLOAT32 values that rounding twice (to FLOAT32, then to FLOAT16) can carry across, giving
/// Inf where golden has 65504 or the reverse, which no ULP budget covers.
template <class T, class Golden>
void store_patched(T* out, std::size_t i, floats y, float_mask special, Golden&& golden) {
  if constexpr (std::is_same_v<T, float16>) {
    const floats magnitude = xsimd::abs(y);
    special = special | ((magnitude >= floats(65504.0f)) & (magnitude <= floats(65536.0f)));
  }
  if (!xsimd::any(special)) {
    store_floats(out + i, y);
    return;
  }
  alignas(64) float flags[width];
  simd::select(special, floats(1.0f), floats(0.0f)).store_aligned(flags);
  alignas(64) T staged[width];
  store_floats(staged, y);
  for (std::size_t k = 0; k < width; ++k) out[i + k] = flags[k] != 0.0f ? golden(k) : staged[k];
}

/// pow(g[h], e) for N groups of float lanes g (already scaled) of a T result (float or
/// float16), group h's exponents from an exponent source of E at i + h * width; lanes in
/// special[h] are left to the caller. N > 1 only for FLOAT32 results on FMA targets.
template <class T, class E, std::size_t N, class ExponentSource>
DMLREF_DETAIL_ALWAYS_INLINE void powers(const floats* g, ExponentSource exponent, std::size_t i, float_mask* special,
                                        floats* y) noexcept {
  floats base[N], magnitude[N];
  if constexpr (std::is_same_v<T, float> && fused_mul_add) {
    if constexpr (is_float_element_v<E>) {
      floats e[N], finite_e[N];
      for (std::size_t h = 0; h < N; ++h) {
        e[h] = in_register(load_floats(exponent, i + h * width));
        special[h] = special[h] | zero_inf_or_nan(e[h]);
        finite_e[h] = simd::select(special[h], floats(0.0f), e[h]);
        base[h] = simd::select(special[h], floats(1.0f), xsimd::abs(g[h]));
      }
      pow_magnitudes_in_float_lanes<N, false>(base, finite_e, nullptr, magnitude);
      for (std::size_t h = 0; h < N; ++h) y[h] = with_sign(magnitude[h], g[h], [&] { return parity_of(e[h]); });
    } else {
      floats e_hi[N], e_lo[N];
      for (std::size_t h = 0; h < N; ++h) {
        base[h] = simd::select(special[h], floats(1.0f), xsimd::abs(g[h]));
        exponent_pair<E>(exponent, i + h * width, e_hi[h], e_lo[h]);
      }
      pow_magnitudes_in_float_lanes<N, (sizeof(E) > 2)>(base, e_hi, e_lo, magnitude);
      for (std::size_t h = 0; h < N; ++h) {
        y[h] = with_sign(magnitude[h], g[h], [&] { return parity_of(load_int32(exponent, i + h * width)); });
      }
    }
  } else {  // one group after the other (several only for FLOAT16 with half_lanes)
    for (std::size_t h = 0; h < N; ++h) {
      const std::size_t at = i + h * width;
      const floats magnitude_base = xsimd::abs(g[h]);
      if constexpr (is_float_element_v<E>) {
        const floats e = load_floats(exponent, at);
        special[h] = special[h] | zero_inf_or_nan(e);
        const floats finite_e = simd::select(special[h], floats(0.0f), e);
        const floats b = simd::select(special[h], floats(1.0f), magnitude_base);
        if constexpr (std::is_same_v<T, float>) {
          magnitude[h] = magnitude_for_float(b, finite_e, floats(0.0f));
        } else {
          magnitude[h] = magnitude_for_half(b, finite_e);
        }
        y[h] = with_sign(magnitude[h], g[h], [&] { return parity_of(e); });
      } else {
        const floats b = simd::select(special[h], floats(1.0f), magnitude_base);
        if constexpr (std::is_same_v<T, float>) {
          floats e_hi, e_lo;
          exponent_pair<E>(exponent, at, e_hi, e_lo);
          magnitude[h] = magnitude_for_float(b, e_hi, e_lo);
        } else {  // |e| > 2^24 rounds in float: harmless, |g|^e is out of range unless |g| = 1
          magnitude[h] = magnitude_for_half(b, load_floats(exponent, at));  // UINT32 converts unsigned
        }
        y[h] = with_sign(magnitude[h], g[h], [&] { return parity_of(load_int32(exponent, at)); });
      }
    }
  }
}

/// The lanes a kernel must leave to golden for its base: 0, Inf, NaN, and for FLOAT16
/// results also FLOAT32 subnormals.
template <class T>
float_mask special_base(floats g) noexcept {
  if constexpr (std::is_same_v<T, float>) {
    return zero_inf_or_nan(g);
  } else {
    return not_normal(g);
  }
}

#if defined(__AVX512FP16__)
#if defined(__GNUC__) || defined(__clang__)
/// The out-of-line paths of half_powers, marked cold: the compiler then keeps the block's
/// constants in registers across the loop and saves them only around these calls.
#define DMLREF_DETAIL_POW_COLD __attribute__((cold))
/// The span routes' lambdas that call half_powers: inlined into the span loop, which then
/// keeps the block's constants in registers (left out of line, as GCC 13 left them, a lambda
/// sets up a stack frame and reloads them for every 32 elements).
#define DMLREF_DETAIL_POW_INLINE_LAMBDA __attribute__((always_inline))
#else
#define DMLREF_DETAIL_POW_COLD
#define DMLREF_DETAIL_POW_INLINE_LAMBDA
#endif
/// 32 FLOAT16 bases' bits from a FLOAT16 source, a 16-bit lane each.
inline __m512i half_bits(contiguous<float16> s, std::size_t i) noexcept {
  return _mm512_loadu_si512(s.data + i);
}
inline __m512i half_bits(broadcast<float16> s, std::size_t) noexcept {
  return _mm512_set1_epi16(static_cast<short>(s.value.bits()));
}
/// 16 FLOAT16 bases' bits from a FLOAT16 source at i, zero-extended to 32-bit lanes (the
/// contiguous form loads them into the widening instruction itself).
inline __m512i half_index(contiguous<float16> s, std::size_t i) noexcept {
  return _mm512_cvtepu16_epi32(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(s.data + i)));
}
inline __m512i half_index(broadcast<float16> s, std::size_t) noexcept {
  return _mm512_set1_epi32(static_cast<int>(s.value.bits()));
}

/// Lanes (bit k for element i + k, k = 0 .. 31) whose exponent is Inf or NaN, for the sources
/// that settle them without the exponents' float lanes: 32 FLOAT16 exponents by one vfpclassph,
/// a broadcast one on its bits, integer exponents never. all_lanes_nonfinite: whether
/// nonfinite_exponents settles a source (the others test each group's float lanes).
template <class E, class ExponentSource>
inline constexpr bool all_lanes_nonfinite = !is_float_element_v<E> || std::is_same_v<ExponentSource, contiguous<float16>> ||
                                            std::is_same_v<ExponentSource, broadcast<float16>> ||
                                            std::is_same_v<ExponentSource, broadcast<float>>;
template <class E, class ExponentSource>
inline std::uint32_t nonfinite_exponents(ExponentSource exponent, std::size_t i) noexcept {
  if constexpr (!is_float_element_v<E>) {
    return 0;
  } else if constexpr (std::is_same_v<ExponentSource, contiguous<float16>>) {
    return _mm512_fpclass_ph_mask(_mm512_castsi512_ph(_mm512_loadu_si512(exponent.data + i)), 0x99);  // NaN, +-Inf
  } else if constexpr (std::is_same_v<ExponentSource, broadcast<float16>>) {
    return (exponent.value.bits() & 0x7C00u) == 0x7C00u ? ~std::uint32_t{0} : 0;
  } else {
    static_assert(std::is_same_v<ExponentSource, broadcast<float>>, "a source all_lanes_nonfinite names");
    return (dmlref::detail::bit_cast<std::uint32_t>(exponent.value) & 0x7F800000u) == 0x7F800000u ? ~std::uint32_t{0} : 0;
  }
}

/// y with the sign rule for the negative bases among 16 FLOAT16 bases (bits), e their
/// exponents (at i in exponent): with_sign, out of line (only blocks holding a negative base
/// take it; inlined, it made the block too large for the compiler to inline into the loop).
template <class E, class ExponentSource>
DMLREF_DETAIL_NOINLINE DMLREF_DETAIL_POW_COLD floats signed_halves(floats y, __m256i bits, floats e, ExponentSource exponent,
                                            std::size_t i) noexcept {
  const floats g(_mm512_cvtph_ps(bits));
  if constexpr (is_float_element_v<E>) {
    return with_sign(y, g, [&] {
      parity p = parity_of(e);  // +-0 is even (parity_of, written for the other lanes, says non-integral)
      p.integral = p.integral | (e == floats(0.0f));
      return p;
    });
  } else {
    return with_sign(y, g, [&] { return parity_of(load_int32(exponent, i)); });
  }
}

/// The lanes of y_low (bits 0 .. 15) and y_high (16 .. 31) at most 65536 among those flagged in
/// large_low and large_high (at least 65504): out of line, taken only by blocks holding a
/// result from 65504 up.
DMLREF_DETAIL_NOINLINE DMLREF_DETAIL_POW_COLD std::uint32_t overflow_band(floats y_low, floats y_high, __mmask16 large_low,
                                                                    __mmask16 large_high) noexcept {
  const __m512 most = _mm512_set1_ps(65536.0f);
  return std::uint32_t{_mm512_mask_cmp_ps_mask(large_low, y_low, most, _CMP_LE_OQ)} |
         std::uint32_t{_mm512_mask_cmp_ps_mask(large_high, y_high, most, _CMP_LE_OQ)} << 16;
}

/// Stores 32 FLOAT16 results (low: elements 0 .. 15, high: 16 .. 31), golden(k) instead in the
/// lanes k flagged in special, as store_patched does (golden(k) reads its inputs before
/// out[i + k] is written: OutputTensor may alias InputTensor). Out of line: only blocks with a
/// special lane take it.
template <class Golden>
DMLREF_DETAIL_NOINLINE DMLREF_DETAIL_POW_COLD void store_patched_halves(float16* out, std::size_t i, __m256i low, __m256i high,
                                                 std::uint32_t special, Golden& golden) {
  alignas(64) float16 staged[2 * width];
  _mm256_store_si256(reinterpret_cast<__m256i*>(staged), low);
  _mm256_store_si256(reinterpret_cast<__m256i*>(staged + width), high);
  for (std::size_t k = 0; k < 2 * width; ++k) out[i + k] = (special >> k) & 1u ? golden(k) : staged[k];
}

/// pow(x, e) for 32 FLOAT16 bases x without ScaleBias (simd/pow_half_lanes.hpp), exponents
/// from a source of E at i. Lanes go to golden(k) (k = 0 .. 31) where x is 0, Inf or NaN or e
/// is Inf or NaN (vfpclassph tests the 32 bases at once, and 32 FLOAT16 exponents), or where
/// the result's magnitude lies from 65504 to 65536 (store_patched says why; one compare
/// finds the lanes from 65504 up, and only blocks holding one test the upper bound). An
/// exponent 0 needs no test: y = 0 gives 2^0 within 2^-13.6, which rounds to exactly 1.
/// Negative bases take with_sign, one 16-lane group at a time, only where present. A block
/// with no special lane, no negative base and no result from 65504 up (one test of the three
/// masks) converts and stores at once.
template <class E, class BaseSource, class ExponentSource, class Golden>
DMLREF_DETAIL_ALWAYS_INLINE void half_powers(float16* out, std::size_t i, BaseSource base, ExponentSource exponent,
                                             Golden&& golden) noexcept {
  const __m512i bits = half_bits(base, i);
  const std::uint32_t negative = _mm512_movepi16_mask(bits);
  std::uint32_t special = _mm512_fpclass_ph_mask(_mm512_castsi512_ph(bits), 0x9F);  // NaN, +-0, +-Inf
  if constexpr (all_lanes_nonfinite<E, ExponentSource>) special |= nonfinite_exponents<E>(exponent, i);
  const float* const table = detail_pow_half_lanes::log2_table();
  const std::size_t i_high = i + width;
  const floats e_low = load_floats(exponent, i), e_high = load_floats(exponent, i_high);
  if constexpr (!all_lanes_nonfinite<E, ExponentSource>) {
    special |= std::uint32_t{_mm512_fpclass_ps_mask(e_low, 0x99)} | std::uint32_t{_mm512_fpclass_ps_mask(e_high, 0x99)} << 16;  // NaN, +-Inf
  }
  floats y_low = pow_magnitude_of_half(half_index(base, i), e_low, table);
  floats y_high = pow_magnitude_of_half(half_index(base, i_high), e_high, table);
  const __m512 least = _mm512_set1_ps(65504.0f);
  const __mmask16 large_low = _mm512_cmp_ps_mask(y_low, least, _CMP_GE_OQ), large_high = _mm512_cmp_ps_mask(y_high, least, _CMP_GE_OQ);
  const __mmask32 large = _mm512_kunpackw(large_high, large_low);
  if (_kortestz_mask32_u8(_kor_mask32(large, negative), special)) {
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + i), _mm512_cvtps_ph(y_low, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + i_high), _mm512_cvtps_ph(y_high, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC));
    return;
  }
  if ((large_low | large_high) != 0) special |= overflow_band(y_low, y_high, large_low, large_high);
  if (negative != 0) {
    if (negative & 0xFFFFu) y_low = signed_halves<E>(y_low, _mm512_castsi512_si256(bits), e_low, exponent, i);
    if (negative >> 16) y_high = signed_halves<E>(y_high, _mm512_extracti64x4_epi64(bits, 1), e_high, exponent, i_high);
  }
  const __m256i low = _mm512_cvtps_ph(y_low, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
  const __m256i high = _mm512_cvtps_ph(y_high, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
  if (special == 0) {
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + i), low);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + i_high), high);
  } else {
    store_patched_halves(out, i, low, high, special, golden);
  }
}
#endif

}  // namespace detail_pow

/// CONSTANT_POW, FLOAT32 and FLOAT16: the exponent's form is settled once per span.
template <class T>
struct kernel<ops::constant_pow, T, T> {
  static constexpr bool available = std::is_same_v<T, float> || std::is_same_v<T, float16>;
  static constexpr std::size_t groups = detail_pow::groups<T>;
  static constexpr std::size_t step = width * groups;
  static constexpr bool binds = true;
  static constexpr bool paired = std::is_same_v<T, float16>;  // FLOAT32: long blocks, one per iteration

  template <class Run>
  static void bind(const ops::constant_pow& op, Run&& run) {
    detail_pow::with_form(op.exponent, [&](auto form) {
      constexpr detail_pow::form chosen = decltype(form)::value;
#if defined(__AVX512FP16__)
      if constexpr (std::is_same_v<T, float16> && chosen == detail_pow::form::general) {
        if (!op.scale_and_bias) {
          return run([op](T* out, std::size_t i, auto in) DMLREF_DETAIL_POW_INLINE_LAMBDA {
            detail_pow::half_powers<float>(out, i, in, broadcast<float>{op.exponent},
                                           [&](std::size_t k) { return op(detail_pow::element(in, i, k)); });
          });
        }
      }
#endif
      if constexpr (chosen == detail_pow::form::general) {
        run([op](T* out, std::size_t i, auto in) { block<chosen>(op, op.scale_and_bias, out, i, in); });
      } else {
        detail_pow::with_scale_bias(op.scale_and_bias, [&](auto sb) {
          run([op, sb](T* out, std::size_t i, auto in) { block<chosen>(op, sb, out, i, in); });
        });
      }
    });
  }

  /// ScaleBias: std::nullopt or a scale_bias for the cheap forms (settled per span), the
  /// operator's optional for the general one (a branch per block is nothing there).
  template <detail_pow::form F, class ScaleBias, class Source>
  DMLREF_DETAIL_ALWAYS_INLINE static void block(const ops::constant_pow& op, const ScaleBias& sb, T* out,
                                                std::size_t i, Source in) {
    if constexpr (F == detail_pow::form::general && detail_pow::outlined_blocks<T>) {
      outlined_block<F>(op, sb, out, i, in);
    } else {
      inline_block<F>(op, sb, out, i, in);
    }
  }

 private:
  template <detail_pow::form F, class ScaleBias, class Source>
  DMLREF_DETAIL_NOINLINE static void outlined_block(const ops::constant_pow& op, const ScaleBias& sb, T* out,
                                                    std::size_t i, Source in) {
    inline_block<F>(op, sb, out, i, in);
  }

  template <detail_pow::form F, class ScaleBias, class Source>
  DMLREF_DETAIL_ALWAYS_INLINE static void inline_block(const ops::constant_pow& op, const ScaleBias& sb, T* out,
                                                       std::size_t i, Source in) {
    if constexpr (F != detail_pow::form::general) {
      DMLREF_DETAIL_EACH_GROUP(h, groups) {
        const floats g = detail_pow::scaled(load_floats(in, i + h * width), sb);
        // A NaN g (a NaN input, or ScaleBias's Inf * 0) and the root of a negative g give the
        // hardware's NaN here; golden's is the canonical one.
        if constexpr (F == detail_pow::form::root) {
          store_floats(out + i + h * width, detail_pow::cheap_power<F>(g));  // canonical already
        } else if constexpr (F == detail_pow::form::square) {
          store_floats(out + i + h * width, detail_pow::canonical_nans_of_nonnegative(detail_pow::cheap_power<F>(g)));
        } else if constexpr (F == detail_pow::form::cube) {
          store_floats(out + i + h * width, detail_pow::canonical_nans_rare(detail_pow::cheap_power<F>(g)));
        } else {
          store_floats(out + i + h * width, canonical_nans(detail_pow::cheap_power<F>(g)));
        }
      }
    } else {
      floats g[groups], y[groups];
      detail_pow::float_mask special[groups];
      DMLREF_DETAIL_EACH_GROUP(h, groups) {
        g[h] = detail_pow::scaled(detail_pow::in_register(load_floats(in, i + h * width)), sb);
        special[h] = detail_pow::special_base<T>(g[h]);
      }
      detail_pow::powers<T, float, groups>(g, broadcast<float>{op.exponent}, i, special, y);
      DMLREF_DETAIL_EACH_GROUP(h, groups) {
        const std::size_t at = i + h * width;
        detail_pow::store_patched(out, at, y[h], special[h],
                                  [&](std::size_t k) { return op(detail_pow::element(in, at, k)); });
      }
    }
  }
};

namespace detail_pow {

/// x^e modulo 2^32 by square-and-multiply over the exponent's bits (e as uint32), in
/// unsigned lanes, where wrap-around is defined.
inline int32s power_mod_2_32(int32s x, uint32s e) noexcept {
  uint32s result(1u);
  uint32s square = xsimd::bitwise_cast<uint32s>(x);
  while (xsimd::any(e != uint32s(0u))) {
    const auto bit = (e & uint32s(1u)) != uint32s(0u);
    result = simd::select(bit, result * square, result);
    square = square * square;
    e = e >> 1;
  }
  return xsimd::bitwise_cast<int32s>(result);
}

}  // namespace detail_pow

/// POW: a float base (FLOAT32 or FLOAT16) with an exponent of any type, or an integer base
/// with an integer exponent (exact, modulo 2^bits: computed modulo 2^32 in int32 lanes,
/// whose low bits are the narrower types' results). Integer bases with ScaleBias or a float
/// exponent take the golden kernels.
template <class T, class E>
struct kernel<ops::pow, T, T, E> {
  static constexpr bool float_base = std::is_same_v<T, float> || std::is_same_v<T, float16>;
  static constexpr bool integer_pair = std::is_integral_v<T> && std::is_integral_v<E>;
  static constexpr bool available = float_base || integer_pair;
  static constexpr std::size_t groups = detail_pow::groups<T>;
  static constexpr std::size_t step = width * groups;
  static constexpr bool paired = std::is_same_v<T, float16>;  // FLOAT32: long blocks, one per iteration
  /// FLOAT16 with half_lanes: the route (ScaleBias or not) is chosen once per span, so the
  /// loop holds one route's block, which the compiler then inlines into it.
  static constexpr bool binds = std::is_same_v<T, float16> && detail_pow::half_lanes;

  template <class Run>
  static void bind(const ops::pow& op, Run&& run) {
#if defined(__AVX512FP16__)
    if (!op.scale_and_bias) {
      return run([op](T* out, std::size_t i, auto base, auto exponent) DMLREF_DETAIL_POW_INLINE_LAMBDA {
        detail_pow::half_powers<E>(out, i, base, exponent, [&](std::size_t k) {
          return op(detail_pow::element(base, i, k), detail_pow::element(exponent, i, k));
        });
      });
    }
#endif
    run([op](T* out, std::size_t i, auto base, auto exponent) { block(op, out, i, base, exponent); });
  }

  template <class BaseSource, class ExponentSource>
  DMLREF_DETAIL_ALWAYS_INLINE static void block(const ops::pow& op, T* out, std::size_t i, BaseSource base,
                                                ExponentSource exponent) {
    if constexpr (detail_pow::outlined_blocks<T>) {
      outlined_float_block(op, out, i, base, exponent);
    } else if constexpr (float_base) {
      float_block(op, out, i, base, exponent);
    } else {
      integer_block(op, out, i, base, exponent);
    }
  }

 private:
  template <class BaseSource, class ExponentSource>
  DMLREF_DETAIL_NOINLINE static void outlined_float_block(const ops::pow& op, T* out, std::size_t i,
                                                         BaseSource base, ExponentSource exponent) {
    float_block(op, out, i, base, exponent);
  }

  template <class BaseSource, class ExponentSource>
  DMLREF_DETAIL_ALWAYS_INLINE static void float_block(const ops::pow& op, T* out, std::size_t i, BaseSource base,
                                                      ExponentSource exponent) {
    floats g[groups], y[groups];
    detail_pow::float_mask special[groups];
    DMLREF_DETAIL_EACH_GROUP(h, groups) {
      g[h] = detail_pow::scaled(detail_pow::in_register(load_floats(base, i + h * width)), op.scale_and_bias);
      special[h] = detail_pow::special_base<T>(g[h]);
    }
    detail_pow::powers<T, E, groups>(g, exponent, i, special, y);
    DMLREF_DETAIL_EACH_GROUP(h, groups) {
      const std::size_t at = i + h * width;
      detail_pow::store_patched(out, at, y[h], special[h], [&](std::size_t k) {
        return op(detail_pow::element(base, at, k), detail_pow::element(exponent, at, k));
      });
    }
  }

  template <class BaseSource, class ExponentSource>
  static void integer_block(const ops::pow& op, T* out, std::size_t i, BaseSource base, ExponentSource exponent) {
    if (op.scale_and_bias) {  // the float route: golden, element by element
      for (std::size_t k = 0; k < step; ++k) {
        out[i + k] = op(detail_pow::element(base, i, k), detail_pow::element(exponent, i, k));
      }
      return;
    }
    const int32s x = load_int32(base, i);
    const int32s e = load_int32(exponent, i);
    int32s y = detail_pow::power_mod_2_32(x, xsimd::bitwise_cast<uint32s>(e));
    if constexpr (std::is_signed_v<E>) {
      // A negative exponent: 1 for x = 1, +-1 by parity for x = -1 (signed bases), else 0
      // (x = 0 is undefined; 0 is written, as golden does).
      int32s reciprocal = simd::select(x == int32s(1), int32s(1), int32s(0));
      if constexpr (std::is_signed_v<T>) {
        const auto odd = (e & int32s(1)) != int32s(0);
        reciprocal = simd::select(x == int32s(-1), simd::select(odd, int32s(-1), int32s(1)), reciprocal);
      }
      y = simd::select(e < int32s(0), reciprocal, y);
    }
    if constexpr (sizeof(T) == 4) {
      y.store_unaligned(reinterpret_cast<std::int32_t*>(out + i));
    } else {
      alignas(64) std::int32_t lanes[width];
      y.store_aligned(lanes);
      for (std::size_t k = 0; k < width; ++k) out[i + k] = static_cast<T>(lanes[k]);  // modulo 2^bits
    }
  }
};

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
