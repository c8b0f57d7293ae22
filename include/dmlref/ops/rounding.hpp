#pragma once
// Rounding a float to an integral value of its own format, on the bits (CEIL, FLOOR, ROUND):
// exact by construction, with no floating-point instruction, so no compiler flag, rounding
// mode or denormals-are-zero mode changes a result.
//
//   round_to_integral<Mode>(x)   the integral value Mode picks among the two that enclose x:
//     toward_negative  floor       toward_positive  ceil        toward_zero  truncation
//     nearest_even     nearest, halves to the even one
//     nearest_away     nearest, halves away from zero
//
// The result keeps x's sign, also when it is zero (ceil(-0.5) = -0, round(-0.25) = -0), as
// IEEE 754's roundToIntegral operations do. Infinities and values already integral (every
// value of magnitude at least 2^mantissa_bits) are returned unchanged; a NaN gives the
// format's positive quiet NaN (the shared rule for a NaN passed through, docs/semantics.md).
//
//   to_integral<Op, Mode>        the family of CEIL and FLOOR: a unary operator over FLOAT32
//     and FLOAT16 from 1_0 with optional ScaleBias (scale_bias_attributes: the operator's own
//     scale_and_bias, Op{{}, sb}), exact, whose golden is round_to_integral<Mode> of x (or of
//     x Scale + Bias rounded once to FLOAT32). The operator states dml_type and its
//     scale_and_bias member.

#include <cstdint>
#include <optional>
#include <type_traits>

#include "dmlref/core/data_type.hpp"
#include "dmlref/core/tolerance.hpp"
#include "dmlref/math/real.hpp"
#include "dmlref/ops/budgets.hpp"
#include "dmlref/ops/families.hpp"
#include "dmlref/ops/scale_bias.hpp"
#include "dmlref/ops/scale_bias_attributes.hpp"
#include "dmlref/ops/support.hpp"

namespace dmlref::ops {

enum class integral_rounding { toward_negative, toward_positive, toward_zero, nearest_even, nearest_away };

template <integral_rounding Mode, class T>
T round_to_integral(T x) noexcept {
  static_assert(is_float_element_v<T>, "a float element type");
  using F = typename math::format_of<T>::type;
  using B = typename F::bits_type;
  const B bits = math::bits_of(x);
  const B sign = static_cast<B>(bits & F::sign_mask);
  const B magnitude = static_cast<B>(bits & ~F::sign_mask);
  if (magnitude > F::infinity) return math::from_bits<T>(F::quiet_nan);
  const int exponent_field = static_cast<int>(magnitude >> F::mantissa_bits);
  if (magnitude == 0 || exponent_field >= F::bias + F::mantissa_bits) return x;  // integral or infinite
  const bool negative = sign != 0;
  constexpr B one = static_cast<B>(B{F::bias} << F::mantissa_bits);
  constexpr B half = static_cast<B>(B{F::bias - 1} << F::mantissa_bits);
  if (exponent_field < F::bias) {  // 0 < |x| < 1: the result is 0 or 1 in magnitude
    bool to_one = false;
    switch (Mode) {
      case integral_rounding::toward_negative: to_one = negative; break;
      case integral_rounding::toward_positive: to_one = !negative; break;
      case integral_rounding::toward_zero: break;
      case integral_rounding::nearest_even: to_one = magnitude > half; break;
      case integral_rounding::nearest_away: to_one = magnitude >= half; break;
    }
    return math::from_bits<T>(static_cast<B>(sign | (to_one ? one : B{0})));
  }
  // 1 <= |x| < 2^mantissa_bits: the low `fraction_bits` bits of the magnitude are its fraction.
  const int fraction_bits = F::bias + F::mantissa_bits - exponent_field;  // 1 .. mantissa_bits
  const B unit = static_cast<B>(B{1} << fraction_bits);
  const B fraction = static_cast<B>(magnitude & (unit - 1));
  const B truncated = static_cast<B>(magnitude - fraction);
  const B half_unit = static_cast<B>(unit >> 1);
  bool up = false;  // away from zero by one unit (a carry into the exponent field is the next binade)
  switch (Mode) {
    case integral_rounding::toward_negative: up = negative && fraction != 0; break;
    case integral_rounding::toward_positive: up = !negative && fraction != 0; break;
    case integral_rounding::toward_zero: break;
    case integral_rounding::nearest_even:
      up = fraction > half_unit || (fraction == half_unit && (truncated & unit) != 0);
      break;
    case integral_rounding::nearest_away: up = fraction >= half_unit; break;
  }
  return math::from_bits<T>(static_cast<B>(sign | (up ? static_cast<B>(truncated + unit) : truncated)));
}

/// round_to_integral<Mode> of x, or of g = fma(x, Scale, Bias) in FLOAT32 (the integral
/// FLOAT32 result then rounded once to T: a FLOAT16 output rounds a value beyond 2048 to a
/// neighbour, as g itself would be rounded).
template <integral_rounding Mode, class T>
T round_to_integral(T x, const std::optional<scale_bias>& sb) noexcept {
  if (!sb) return round_to_integral<Mode>(x);
  return *scaled_result<T>(round_to_integral<Mode>(scaled_float(x, *sb)));
}

template <class Op, integral_rounding Mode>
struct to_integral
    : scale_bias_attributes<
          Op, with_budgets<unary<Op, support_table<since<feature_level::level_1_0, float_elements>>>, exact_budgets>> {
  static constexpr integral_rounding mode = Mode;

  /// Golden.
  template <class T>
  T operator()(T x) const noexcept {
    return round_to_integral<mode>(x, static_cast<const Op&>(*this).scale_and_bias);
  }
  template <class T>
  bool defined(T) const noexcept {
    return true;
  }
};

}  // namespace dmlref::ops
