#pragma once
// ACTIVATION_SWISH
//
// Formula      y = x sigmoid(SigmoidInputScale x) = x / (1 + e^(-s x)); s = SigmoidInputScale,
//              a FLOAT32 attribute (DirectML's typical 1), taken exactly (no ScaleBias);
//              t = s x is the exact product (48 bits), never a rounded one.
// Specials     IEEE 754's for each step: x = +-0 gives +-0 (x times sigmoid(+-0) = 1/2);
//              s = +-0 gives x / 2, rounded once; t = +Inf gives x (sigmoid 1), t = -Inf gives
//              x times +0: a zero of x's sign. NaN x or s, s x = 0 Inf (s = +-0 with x = +-Inf,
//              s = +-Inf with x = +-0) and x sigmoid(t) = Inf 0 (x = +-Inf with s x = -Inf)
//              give the canonical quiet NaN [unverified: DirectML's page states no special
//              values; payload; the limits of x sigmoid(s x), +Inf for s = 0 and 0 for the
//              others, are not taken].
// Rounding     golden: the exact real rounded once to the output type, to nearest with ties
//              to even, never its steps (math/swish.hpp): relative however small, so results
//              below half the smallest subnormal are zeros of x's sign. No overflow: |y| <= |x|.
// Undefined    nothing.
// Support      6_2: FLOAT32, FLOAT16 (the operator's first level); InputTensor and OutputTensor
//              share the data type. Dimensions: 1 to 8. OutputTensor may alias InputTensor.
// Budgets      golden: 0 ULP from the exact result, checked against MPFR on every FLOAT16
//              input and sampled FLOAT32 inputs (docs/reliability.md). fast: 2 ULP FLOAT32,
//              1 ULP FLOAT16 from golden (simd/activation_swish.hpp). Default comparison:
//              ACTIVATION_SIGMOID's, 34 ULP FLOAT32 and 10 ULP FLOAT16 (WebNN has no swish;
//              its figure for sigmoid).

#include <array>
#include <cstdint>
#include <vector>

#include "dmlref/dml/directml_types.hpp"
#include "dmlref/math/exact_arith.hpp"
#include "dmlref/math/real.hpp"
#include "dmlref/math/swish.hpp"
#include "dmlref/ops/activation_sigmoid.hpp"
#include "dmlref/ops/budgets.hpp"
#include "dmlref/ops/float_attributes.hpp"
#include "dmlref/ops/operator_traits.hpp"

namespace dmlref::ops {

struct activation_swish : float_activation<activation_swish, feature_level::level_6_2, budgets_of<activation_sigmoid>> {
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ACTIVATION_SWISH;

  float sigmoid_input_scale = 1.0f;

  /// The FLOAT attributes, in schema order.
  static constexpr auto float_fields() noexcept {
    return std::array{float_field<activation_swish>{"SigmoidInputScale", &activation_swish::sigmoid_input_scale}};
  }
  /// The values the generic tests use: the typical 1, 1.702 (sigmoid's approximation of
  /// GELU; products not dyadic), a negative one, zero (x / 2) and a large one (results near
  /// x or underflowing). Each defines every element.
  static std::vector<dml::attribute_values> attribute_samples() { return samples({1.0f, 1.702f, -0.5f, 0.0f, 1e20f}); }

  /// Golden, for T = float or float16.
  template <class T>
  T operator()(T x) const {
    using F = typename math::format_of<T>::type;
    using bits_type = typename F::bits_type;
    const math::real v = math::to_real(x);
    const math::real t = math::multiply(math::to_real(sigmoid_input_scale), v);  // exact: 48 bits
    const auto nan = math::from_result_bits<T>(F::quiet_nan);
    if (v.is_nan() || t.is_nan()) return nan;  // NaN s gives a NaN t
    const auto sign = v.negative ? F::sign_mask : bits_type{0};
    if (v.is_zero()) return x;
    if (t.is_infinite()) {
      if (!t.negative) return x;                       // x sigmoid(+Inf) = x 1
      if (v.is_infinite()) return nan;                 // Inf (+0)
      return math::from_result_bits<T>(sign);                 // x (+0)
    }
    if (t.is_zero()) {  // x / 2, exact, rounded once
      math::real half = v;
      half.magnitude.exponent -= 1;
      return math::round_real<T>(half);
    }
    const bits_type magnitude = math::swish_rounded<F>(v.magnitude, t.negative, t.magnitude);
    return math::from_result_bits<T>(static_cast<bits_type>(sign | magnitude));
  }
};

}  // namespace dmlref::ops
