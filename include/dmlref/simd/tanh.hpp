#pragma once
// ELEMENT_WISE_TANH and ACTIVATION_TANH in vector lanes (contracts: ops/tanh.hpp,
// ops/activation_tanh.hpp). Budget: 2 ULP FLOAT32, 1 ULP FLOAT16 from golden; the sweeps of
// every input measured 1 (docs/reliability.md).
//
// How, in double lanes for both output types (no float division, which -ffast-math may turn
// into an approximate reciprocal): a = |g| (g = x, or fma(x, Scale, Bias) with one rounding);
//   a < 2^-4:  tanh a = a (1 - z/3 + 2z^2/15 - 17z^3/315 + 62z^4/2835), z = a^2; the omitted
//              tail is below 1382/155925 a^11, 2^-46 relatively;
//   a >= 2^-4: tanh a = 1 - 2/(E + 1), E = 2^(2a log2 e) (simd/exp2_log2.hpp, within 2^-28
//              relatively): the error is below 2E/(E + 1)^2 2^-28 <= 2^-29 absolutely, at
//              most 2^-25 of tanh a >= 0.0624.
// then g's sign bit. Rounded once to FLOAT32: within 0.5 + 2^-1 ULP; to FLOAT16 through
// FLOAT32: within 0.5 + 2^-12 + 2^-13 ULP. Lanes whose g is Inf or NaN take the golden
// formula (C's special values, golden's canonical NaN).

#include <cstddef>
#include <cstdint>
#include <optional>
#include <type_traits>

#include "dmlref/core/data_type.hpp"
#include "dmlref/core/isa.hpp"
#include "dmlref/ops/activation_tanh.hpp"
#include "dmlref/ops/scale_bias.hpp"
#include "dmlref/ops/tanh.hpp"
#include "dmlref/simd/exp2_log2.hpp"
#include "dmlref/simd/kernel.hpp"
#include "dmlref/simd/lanes.hpp"
#include "dmlref/simd/pow.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

namespace detail_tanh {

/// tanh|x| in double lanes, x finite.
inline doubles tanh_magnitude(doubles x) noexcept {
  const doubles a = xsimd::abs(x);
  const doubles z = a * a;
  doubles p(0x1.664f4882c10fap-6);  // 62/2835
  p = mul_add(p, z, doubles(-0x1.ba1ba1ba1ba1cp-5));  // -17/315
  p = mul_add(p, z, doubles(0x1.1111111111111p-3));   // 2/15
  p = mul_add(p, z, doubles(-0x1.5555555555555p-2));  // -1/3
  const doubles small = mul_add(a * z, p, a);
  const doubles e = exp2_for_float(a * doubles(0x1.71547652b82fep+1));  // 2 log2 e
  const doubles large = doubles(1.0) - doubles(2.0) / (e + doubles(1.0));
  return simd::select(a < doubles(0.0625), small, large);
}

/// One block of tanh g for a T output: g's sign bit on tanh|g|, Inf and NaN lanes from golden.
template <class T, class Op, class Source>
DMLREF_DETAIL_ALWAYS_INLINE void block(const Op& op, const std::optional<scale_bias>& sb, T* out, std::size_t i,
                                       Source in) {
  const floats g = detail_pow::scaled(load_floats(in, i), sb);
  const auto special = detail_pow::magnitude_at_least(g, 0x7F800000u);  // Inf, NaN
  const floats x = simd::select(special, floats(0.0f), g);
  doubles low, high;
  widen(x, low, high);
  const floats magnitude = narrow(tanh_magnitude(low), tanh_magnitude(high));
  const uint32s sign = detail_pow::bits_of(x) & uint32s(0x80000000u);
  const floats y = xsimd::bitwise_cast<floats>(detail_pow::bits_of(magnitude) | sign);
  detail_pow::store_patched(out, i, y, special, [&](std::size_t k) { return op(detail_pow::element(in, i, k)); });
}

}  // namespace detail_tanh

template <class T>
struct kernel<ops::tanh, T, T> {
  static constexpr bool available = is_float_element_v<T>;
  static constexpr std::size_t step = width;
  static constexpr bool paired = std::is_same_v<T, float16>;

  template <class Source>
  DMLREF_DETAIL_ALWAYS_INLINE static void block(const ops::tanh& op, T* out, std::size_t i, Source in) {
    detail_tanh::block<T>(op, op.scale_and_bias, out, i, in);
  }
};

template <class T>
struct kernel<ops::activation_tanh, T, T> {
  static constexpr bool available = is_float_element_v<T>;
  static constexpr std::size_t step = width;
  static constexpr bool paired = std::is_same_v<T, float16>;

  template <class Source>
  DMLREF_DETAIL_ALWAYS_INLINE static void block(const ops::activation_tanh& op, T* out, std::size_t i, Source in) {
    detail_tanh::block<T>(op, std::nullopt, out, i, in);
  }
};

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
