#pragma once
// ops/rounding.hpp in vector lanes: FLOAT32 bit patterns rounded to an integral value in
// int32 lanes (integer instructions only, so the same bits under any compiler flag or FPU
// mode), and the kernel body CEIL, FLOOR and ROUND share. FLOAT16 is widened to FLOAT32
// (exact), rounded there and narrowed back, which is exact too: an integral value at most
// 2^11 in magnitude, or a FLOAT16 value returned unchanged, is a FLOAT16 value, and a NaN
// becomes FLOAT16's positive quiet NaN.

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "dmlref/core/bits.hpp"
#include "dmlref/core/isa.hpp"
#include "dmlref/ops/rounding.hpp"
#include "dmlref/simd/lanes.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

/// FLOAT32 bit patterns (int32 lanes) rounded as round_to_integral<Mode>.
template <ops::integral_rounding Mode>
int32s round_to_integral_bits(int32s bits) noexcept {
  using F = detail::binary32;
  using ops::integral_rounding;
  constexpr std::int32_t mantissa_bits = F::mantissa_bits, bias = F::bias;
  const int32s sign = bits & int32s(static_cast<std::int32_t>(F::sign_mask));
  const int32s magnitude = bits & int32s(static_cast<std::int32_t>(~F::sign_mask));
  const int32s exponent_field = magnitude >> mantissa_bits;
  const auto negative = sign != int32s(0);
  const int32s one(static_cast<std::int32_t>(bias) << mantissa_bits);
  const int32s half(static_cast<std::int32_t>(bias - 1) << mantissa_bits);
  // 0 <= |x| < 1.
  const auto to_one = [&] {
    if constexpr (Mode == integral_rounding::toward_negative) return negative && magnitude != int32s(0);
    else if constexpr (Mode == integral_rounding::toward_positive) return !negative && magnitude != int32s(0);
    else if constexpr (Mode == integral_rounding::toward_zero) return batch_bool<std::int32_t>(false);
    else if constexpr (Mode == integral_rounding::nearest_even) return magnitude > half;
    else return magnitude >= half;
  }();
  const int32s small = simd::select(to_one, one, int32s(0));
  // 1 <= |x| < 2^23: fraction_bits in [1, 23] (clamped there for the other lanes).
  const int32s fraction_bits =
      xsimd::min(xsimd::max(int32s(bias + mantissa_bits) - exponent_field, int32s(1)), int32s(mantissa_bits));
  const int32s unit = int32s(1) << fraction_bits;
  const int32s fraction = magnitude & (unit - int32s(1));
  const int32s truncated = magnitude - fraction;
  const int32s half_unit = unit >> 1;
  const auto up = [&] {
    if constexpr (Mode == integral_rounding::toward_negative) return negative && fraction != int32s(0);
    else if constexpr (Mode == integral_rounding::toward_positive) return !negative && fraction != int32s(0);
    else if constexpr (Mode == integral_rounding::toward_zero) return batch_bool<std::int32_t>(false);
    else if constexpr (Mode == integral_rounding::nearest_even)
      return fraction > half_unit || (fraction == half_unit && (truncated & unit) != int32s(0));
    else return fraction >= half_unit;
  }();
  const int32s middle = simd::select(up, truncated + unit, truncated);
  const auto below_one = exponent_field < int32s(bias);
  const auto integral = exponent_field >= int32s(bias + mantissa_bits);  // infinities and NaN too
  const int32s rounded = sign | simd::select(below_one, small, middle);
  const int32s kept = simd::select(integral, bits, rounded);
  const auto nan = magnitude > int32s(static_cast<std::int32_t>(F::infinity));
  return simd::select(nan, int32s(static_cast<std::int32_t>(F::quiet_nan)), kept);
}

/// The kernel of an operator whose result, without ScaleBias, is round_to_integral<Mode>(x)
/// for FLOAT32 and FLOAT16 x.
template <ops::integral_rounding Mode, class T>
struct rounding_kernel {
  static constexpr bool available = true;
  static constexpr std::size_t step = floats::size;
  static constexpr bool paired = true;

  template <class Source>
  static void apply(T* out, std::size_t i, Source in) noexcept {
    const int32s bits = xsimd::bitwise_cast<int32s>(load_floats(in, i));
    store_floats(out + i, xsimd::bitwise_cast<floats>(round_to_integral_bits<Mode>(bits)));
  }
  template <class Op, class Source>
  static void block(const Op&, T* out, std::size_t i, Source in) noexcept {
    apply(out, i, in);
  }
};

/// The kernel of an ops::to_integral operator (CEIL, FLOOR): rounding_kernel of its mode,
/// declining ScaleBias (the call then runs the golden traversal).
template <class Op, class T>
struct to_integral_kernel : rounding_kernel<Op::mode, T> {
  static bool accepts(const Op& op) noexcept { return !op.scale_and_bias; }
};

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
