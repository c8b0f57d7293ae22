#pragma once
// ELEMENT_WISE_SIN and ELEMENT_WISE_COS in vector lanes (contracts: ops/sin.hpp,
// ops/cos.hpp). Budget: 2 ULP FLOAT32, 1 ULP FLOAT16 from golden; the sweeps measured 0 on
// every 61st FLOAT32 input and 1 on every FLOAT16 input (docs/reliability.md).
//
// How, in double lanes for both output types (g = x, or fma(x, Scale, Bias) with one
// rounding, |g| < 2^20):
//   k = g 2/pi rounded to an integer in float lanes (cvtps2dq, not an added constant that
//       -ffast-math could cancel): |g 2/pi - k| <= 1/2 + 2^-4, |k| < 2^20;
//   t = ((g - k C1) - k C2) - k C3, C1 + C2 + C3 = pi/2 (C1, C2 of 33 bits, so k C1 and k C2
//       are exact, and g - k C1 is exact: a multiple of 2^-32 below 1): within
//       2^-52 |t| + 2^-97 of g - k pi/2, |t| <= 0.87;
//   sin t, cos t by their Taylor polynomials to t^15 and t^16 (the omitted terms are below
//       2^-51 of the result on |t| <= 0.87);
// each rounded once to float lanes, then chosen and signed by k mod 4 (cos g = sin(g + pi/2):
// k + 1). Rounded to FLOAT32: within 0.5 + 2^-20 ULP; to FLOAT16 through FLOAT32: within
// 0.5 + 2^-12 ULP. Lanes with |g| >= 2^20, Inf or NaN take the golden formula (the exact
// reduction, C's special values, golden's canonical NaN).

#include <cstddef>
#include <cstdint>
#include <optional>
#include <type_traits>

#include "dmlref/core/data_type.hpp"
#include "dmlref/core/isa.hpp"
#include "dmlref/ops/cos.hpp"
#include "dmlref/ops/scale_bias.hpp"
#include "dmlref/ops/sin.hpp"
#include "dmlref/simd/kernel.hpp"
#include "dmlref/simd/lanes.hpp"
#include "dmlref/simd/pow.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

namespace detail_sin_cos {

/// sin t for |t| <= 0.87.
inline doubles sin_poly(doubles t) noexcept {
  const doubles z = t * t;
  doubles p(0x1.ae7f3e733b81fp-41);                   // 1/15!
  p = mul_add(p, z, doubles(-0x1.6124613a86d09p-33));  // -1/13!
  p = mul_add(p, z, doubles(0x1.ae64567f544e4p-26));   // 1/11!
  p = mul_add(p, z, doubles(-0x1.71de3a556c734p-19));  // -1/9!
  p = mul_add(p, z, doubles(0x1.a01a01a01a01ap-13));   // 1/7!
  p = mul_add(p, z, doubles(-0x1.1111111111111p-7));   // -1/5!
  p = mul_add(p, z, doubles(0x1.5555555555555p-3));    // 1/3!
  return t - (t * z) * p;
}

/// cos t for |t| <= 0.87.
inline doubles cos_poly(doubles t) noexcept {
  const doubles z = t * t;
  doubles p(0x1.ae7f3e733b81fp-45);                    // 1/16!
  p = mul_add(p, z, doubles(-0x1.93974a8c07c9dp-37));  // -1/14!
  p = mul_add(p, z, doubles(0x1.1eed8eff8d898p-29));   // 1/12!
  p = mul_add(p, z, doubles(-0x1.27e4fb7789f5cp-22));  // -1/10!
  p = mul_add(p, z, doubles(0x1.a01a01a01a01ap-16));   // 1/8!
  p = mul_add(p, z, doubles(-0x1.6c16c16c16c17p-10));  // -1/6!
  p = mul_add(p, z, doubles(0x1.5555555555555p-5));    // 1/4!
  p = mul_add(p, z, doubles(-0.5));
  return mul_add(z, p, doubles(1.0));
}

/// g = k pi/2 + t for the lanes of x (|x| < 2^20): k, and t in two halves of double lanes.
struct reduced {
  int32s k;
  doubles t_low, t_high;
};
inline reduced reduce_lanes(floats x) noexcept {
  const int32s k = xsimd::nearbyint_as_int(x * floats(0x1.45f306p-1f));  // 2/pi
  const floats k_float = xsimd::batch_cast<float>(k);                   // exact: |k| < 2^20
  doubles x_low, x_high, k_low, k_high;
  widen(x, x_low, x_high);
  widen(k_float, k_low, k_high);
  const auto reduce = [](doubles v, doubles n) {
    const doubles a = v - n * doubles(0x1.921fb544p+0);     // exact
    const doubles b = a - n * doubles(0x1.0b4611a6p-34);    // n C2 exact
    return b - n * doubles(0x1.3198a2e037073p-69);
  };
  return {k, reduce(x_low, k_low), reduce(x_high, k_high)};
}

/// One block of sin g (Cosine = false) or cos g for a T output.
template <bool Cosine, class T, class Op, class Source>
DMLREF_DETAIL_ALWAYS_INLINE void block(const Op& op, const std::optional<scale_bias>& sb, T* out, std::size_t i,
                                       Source in) {
  const floats g = detail_pow::scaled(load_floats(in, i), sb);
  const auto special = detail_pow::magnitude_at_least(g, 0x49800000u);  // |g| >= 2^20, Inf, NaN
  const floats x = simd::select(special, floats(0.0f), g);
  const reduced r = reduce_lanes(x);
  const int32s k = r.k;
  const doubles t_low = r.t_low, t_high = r.t_high;
  const floats s = narrow(sin_poly(t_low), sin_poly(t_high));
  const floats c = narrow(cos_poly(t_low), cos_poly(t_high));
  const uint32s q = xsimd::bitwise_cast<uint32s>(Cosine ? k + int32s(1) : k);
  const auto odd = detail_pow::as_float_mask((q & uint32s(1)) != uint32s(0));
  const floats v = simd::select(odd, c, s);
  const uint32s sign = (q & uint32s(2)) << 30;
  const floats y = xsimd::bitwise_cast<floats>(detail_pow::bits_of(v) ^ sign);
  detail_pow::store_patched(out, i, y, special, [&](std::size_t n) { return op(detail_pow::element(in, i, n)); });
}

}  // namespace detail_sin_cos

template <class T>
struct kernel<ops::sin, T, T> {
  static constexpr bool available = is_float_element_v<T>;
  static constexpr std::size_t step = width;
  static constexpr bool paired = std::is_same_v<T, float16>;

  template <class Source>
  DMLREF_DETAIL_ALWAYS_INLINE static void block(const ops::sin& op, T* out, std::size_t i, Source in) {
    detail_sin_cos::block<false, T>(op, op.scale_and_bias, out, i, in);
  }
};

template <class T>
struct kernel<ops::cos, T, T> {
  static constexpr bool available = is_float_element_v<T>;
  static constexpr std::size_t step = width;
  static constexpr bool paired = std::is_same_v<T, float16>;

  template <class Source>
  DMLREF_DETAIL_ALWAYS_INLINE static void block(const ops::cos& op, T* out, std::size_t i, Source in) {
    detail_sin_cos::block<true, T>(op, op.scale_and_bias, out, i, in);
  }
};

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
