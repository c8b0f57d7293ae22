#pragma once
// ELEMENT_WISE_DEQUANTIZE_LINEAR in vector lanes (contract: ops/dequantize_linear.hpp).
// Budget: 1 ULP from golden.
// - 8- and 16-bit inputs: x - z is exact in float lanes, and the product rounds once: the
//   FLOAT32 result is the golden one; FLOAT16 rounds a second time (within 1 ULP).
// - 32-bit inputs: blocks whose x and z all lie in [-2^23, 2^23) (the usual range of
//   quantized data) take the 8- and 16-bit route: x - z is exact in int32 and in float. Other
//   blocks: x - z is exact in double lanes, and the product is formed so that its one
//   rounding to FLOAT32 is the golden result where the target has FMA (product_for_float:
//   the nearest double, or the product rounded to odd where that double could mislead);
//   FLOAT16 rounds once more through float (within 1 ULP). Without FMA the double product
//   rounds to nearest first (within 1 ULP). FLOAT16 results stay finite wherever the exact
//   product is below FLOAT16's overflow threshold (rare_lanes).
// - NaNs are golden's canonical +qNaN.

#include <cstdint>
#include <type_traits>

#include "dmlref/core/bits.hpp"
#include "dmlref/core/isa.hpp"
#include "dmlref/ops/dequantize_linear.hpp"
#include "dmlref/simd/kernel.hpp"
#include "dmlref/simd/lanes.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

/// a * b in double lanes such that rounding them once to FLOAT32 gives a * b rounded once.
/// The nearest double p does, except where p sits exactly on a FLOAT32 midpoint (its low 29
/// bits are 1 followed by zeros) or in FLOAT32's subnormal range: a block holding such a
/// lane, which is rare, takes product_rounded_to_odd. Without FMA, p (within 1 ULP).
inline doubles product_for_float(doubles a, doubles b) noexcept;

/// a * b rounded to odd in double lanes where the target has FMA (to nearest elsewhere):
/// the nearest double p, and when the exact error e = a * b - p (one FMA) is nonzero and
/// finite, the odd one of the two doubles around a * b (p itself or its neighbour toward
/// zero, by the signs of p and e). Integer tests on the bits, so no compiler assumption about
/// NaN or infinity changes which lanes are adjusted.
inline doubles product_rounded_to_odd(doubles a, doubles b) noexcept {
#if defined(__AVX512F__)
  const __m512d p = _mm512_mul_pd(a, b);
  const __m512i pb = _mm512_castpd_si512(p);
  const __m512i eb = _mm512_castpd_si512(_mm512_fmsub_pd(a, b, p));
  const __m512i exponent_mask = _mm512_set1_epi64(0x7ff0000000000000ll), one = _mm512_set1_epi64(1);
  const __mmask8 inexact = _mm512_test_epi64_mask(eb, _mm512_set1_epi64(0x7fffffffffffffffll)) &
                           _mm512_cmpneq_epi64_mask(_mm512_and_si512(eb, exponent_mask), exponent_mask);
  const __mmask8 toward_zero = _mm512_cmplt_epi64_mask(_mm512_xor_si512(pb, eb), _mm512_setzero_si512());
  const __m512i odd = _mm512_or_si512(_mm512_mask_sub_epi64(pb, toward_zero, pb, one), one);
  return doubles(_mm512_castsi512_pd(_mm512_mask_mov_epi64(pb, inexact, odd)));
#elif defined(__FMA__) && defined(__AVX2__)
  const __m256d p = _mm256_mul_pd(a, b);
  const __m256i pb = _mm256_castpd_si256(p);
  const __m256i eb = _mm256_castpd_si256(_mm256_fmsub_pd(a, b, p));
  const __m256i zero = _mm256_setzero_si256(), exponent_mask = _mm256_set1_epi64x(0x7ff0000000000000ll);
  const __m256i exact = _mm256_or_si256(  // e = +-0, or e not finite: keep p
      _mm256_cmpeq_epi64(_mm256_and_si256(eb, _mm256_set1_epi64x(0x7fffffffffffffffll)), zero),
      _mm256_cmpeq_epi64(_mm256_and_si256(eb, exponent_mask), exponent_mask));
  const __m256i toward_zero = _mm256_cmpgt_epi64(zero, _mm256_xor_si256(pb, eb));  // all ones: -1
  const __m256i odd = _mm256_or_si256(_mm256_add_epi64(pb, toward_zero), _mm256_set1_epi64x(1));
  return doubles(_mm256_castsi256_pd(_mm256_blendv_epi8(odd, pb, exact)));
#else
  return a * b;
#endif
}

inline doubles product_for_float(doubles a, doubles b) noexcept {
  const doubles p = a * b;
#if defined(__AVX512F__)
  const __m512i pb = _mm512_castpd_si512(p);
  const __m512i magnitude = _mm512_and_si512(pb, _mm512_set1_epi64(0x7fffffffffffffffll));
  const __mmask8 on_midpoint = _mm512_cmpeq_epi64_mask(_mm512_and_si512(pb, _mm512_set1_epi64(0x1fffffff)),
                                                       _mm512_set1_epi64(0x10000000));
  const __mmask8 subnormal = _mm512_cmplt_epu64_mask(magnitude, _mm512_set1_epi64(0x3810000000000000ll)) &
                             _mm512_test_epi64_mask(magnitude, magnitude);
  if ((on_midpoint | subnormal) != 0) return product_rounded_to_odd(a, b);
#elif defined(__FMA__) && defined(__AVX2__)
  const __m256i pb = _mm256_castpd_si256(p);
  const __m256i magnitude = _mm256_and_si256(pb, _mm256_set1_epi64x(0x7fffffffffffffffll));
  const __m256i on_midpoint = _mm256_cmpeq_epi64(_mm256_and_si256(pb, _mm256_set1_epi64x(0x1fffffff)),
                                                 _mm256_set1_epi64x(0x10000000));
  const __m256i subnormal = _mm256_andnot_si256(_mm256_cmpeq_epi64(magnitude, _mm256_setzero_si256()),
                                                _mm256_cmpgt_epi64(_mm256_set1_epi64x(0x3810000000000000ll), magnitude));
  if (!_mm256_testz_si256(_mm256_or_si256(on_midpoint, subnormal), _mm256_or_si256(on_midpoint, subnormal))) {
    return product_rounded_to_odd(a, b);
  }
#endif
  return p;
}

template <class S, class In>
struct kernel<ops::dequantize_linear, S, In, S, In> {
  static constexpr bool available = std::is_same_v<S, float> || std::is_same_v<S, float16>;
  static constexpr std::size_t step = width;
  static constexpr bool paired = true;

  /// Whether every lane of x and z lies in [-2^23, 2^23) (UINT32, whose bits the lanes hold:
  /// in [0, 2^23)), so that x - z is exact in int32 and in float. Bitwise tests only: AVX2
  /// and SSE have no unsigned comparisons.
  static bool in_float_range(int32s x, int32s z) noexcept {
    if constexpr (std::is_signed_v<In>) {
      const int32s offset(1 << 23);  // x + 2^23 in [0, 2^24)
      return xsimd::all((((x + offset) | (z + offset)) & int32s(~0xFFFFFF)) == int32s(0));
    } else {
      return xsimd::all(((x | z) & int32s(~0x7FFFFF)) == int32s(0));
    }
  }

  template <class InputSource, class ScaleSource, class ZeroSource>
  DMLREF_DETAIL_ALWAYS_INLINE static void block(const ops::dequantize_linear&, S* out, std::size_t i, InputSource x,
                                                ScaleSource scale, ZeroSource zero_point) noexcept {
    const floats s = load_floats(scale, i);
    floats y;
    if constexpr (sizeof(In) <= 2) {
      y = (load_floats(x, i) - load_floats(zero_point, i)) * s;
    } else {
      const int32s xi = load_int32(x, i), zi = load_int32(zero_point, i);
      y = in_float_range(xi, zi) ? xsimd::batch_cast<float>(xi - zi) * s  // |x - z| <= 2^24: exact
                                 : wide_product(i, x, scale, zero_point);
    }
    // The rare lanes, both taken out of line by one test: a NaN or infinite Scale (the only
    // source of NaN: x - z is finite), whose NaN must be golden's canonical one, and for
    // FLOAT16 results of 32-bit inputs a product at +-65520 (see rare_lanes). For a
    // broadcast Scale the first test is loop-invariant.
    auto rare = (xsimd::bitwise_cast<int32s>(s) & int32s(0x7F800000)) == int32s(0x7F800000);
    if constexpr (std::is_same_v<S, float16> && sizeof(In) == 4) {
      rare = rare | ((xsimd::bitwise_cast<int32s>(y) & int32s(0x7FFFFFFF)) == int32s(0x477FF000));  // 65520
    }
    if (xsimd::any(rare)) y = rare_lanes(y, i, x, scale, zero_point);
    store_floats(out + i, y);
  }

 private:
  /// (x - z) * Scale for blocks outside the float route, in double lanes (see the header
  /// comment); out of line, so that the float route's loop stays small enough to be inlined.
  template <class InputSource, class ScaleSource, class ZeroSource>
  DMLREF_DETAIL_NOINLINE static floats wide_product(std::size_t i, InputSource x, ScaleSource scale,
                                                    ZeroSource zero_point) noexcept {
    doubles x0, x1, z0, z1, s0, s1;
    load_doubles(x, i, x0, x1);
    load_doubles(zero_point, i, z0, z1);
    load_doubles(scale, i, s0, s1);
    return narrow(product_for_float(x0 - z0, s0), product_for_float(x1 - z1, s1));
  }

  /// Golden's NaN (the canonical one) for NaN lanes; for FLOAT16 results of 32-bit inputs
  /// also the fix at the top of FLOAT16: y, the product rounded to FLOAT32, rounds once more
  /// to FLOAT16 (within 1 ULP), but y = +-65520, FLOAT16's midpoint between its largest
  /// finite value 65504 and infinity, ties to infinity, while the exact products in
  /// [65520 - 2^-9, 65520) that round to it in FLOAT32 are FLOAT16 +-65504. Those lanes are
  /// decided on the exact product, which double lanes hold for a FLOAT16 scale (|x - z| < 2^33
  /// times 11 significant bits). 8- and 16-bit inputs cannot get there: no |x - z| <= 65535
  /// times a FLOAT16 scale lies in that interval (an exhaustive search over the scales).
  template <class InputSource, class ScaleSource, class ZeroSource>
  DMLREF_DETAIL_NOINLINE static floats rare_lanes(floats y, std::size_t i, InputSource x, ScaleSource scale,
                                                  ZeroSource zero_point) noexcept {
    y = canonical_nans(y);
    if constexpr (std::is_same_v<S, float16> && sizeof(In) == 4) {
      const uint32s bits = xsimd::bitwise_cast<uint32s>(y);
      const auto at_midpoint = (bits & uint32s(0x7FFFFFFFu)) == uint32s(0x477FF000u);  // 65520
      doubles x0, x1, z0, z1, s0, s1;
      load_doubles(x, i, x0, x1);
      load_doubles(zero_point, i, z0, z1);
      load_doubles(scale, i, s0, s1);
      const doubles top(65520.0), below(1.0), above(0.0);  // exact products
      const floats finite = narrow(simd::select(xsimd::abs((x0 - z0) * s0) < top, below, above),
                                   simd::select(xsimd::abs((x1 - z1) * s1) < top, below, above));
      const uint32s largest = (bits & uint32s(0x80000000u)) | uint32s(0x477FE000u);  // +-65504, y's sign
      const auto lower = at_midpoint & (xsimd::bitwise_cast<uint32s>(finite) != uint32s(0));
      y = xsimd::bitwise_cast<floats>(simd::select(lower, largest, bits));
    } else {
      (void)i;
      (void)x;
      (void)scale;
      (void)zero_point;
    }
    return y;
  }
};

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
