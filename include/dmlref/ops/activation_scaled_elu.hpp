#pragma once
// ACTIVATION_SCALED_ELU
//
// Formula      y = Gamma x if x > 0, else Gamma (Alpha e^x - Alpha); Alpha and Gamma are
//              FLOAT32 attributes (typically 1.6732 and 1.0507), taken exactly (no ScaleBias).
// Specials     x > 0 (+Inf included): the exact product Gamma x rounded once (Gamma = 0 with
//              x = +Inf gives NaN). x = +-0: Alpha e^0 - Alpha is an exact zero, +0, so y is
//              Gamma times +0: +0, or -0 where Gamma < 0. x = -Inf: Gamma (-Alpha), the exact
//              product rounded once. NaN x, Alpha or Gamma on the branch taken, Inf - Inf
//              (Alpha infinite with x <= 0) and Inf 0 give the canonical quiet NaN
//              [unverified: payload]. For x < 0 finite the value is Gamma Alpha (e^x - 1),
//              whose sign is the opposite of Gamma Alpha's (a zero Gamma gives that signed
//              zero). DirectML's page states no special values.
// Rounding     golden: the exact real rounded once to the output type, to nearest with ties
//              to even, never its steps: Gamma x exactly (math::multiply), and Gamma Alpha
//              (e^x - 1) with Gamma Alpha an exact product of 48 bits (math/scaled_expm1.hpp:
//              relative however close x is to 0). Results below half the smallest subnormal
//              are zeros of the sign above; results past the largest finite value's midpoint
//              infinities.
// Undefined    nothing.
// Support      1_0: FLOAT32, FLOAT16; InputTensor and OutputTensor share the data type.
//              Dimensions: 4 before 3_0 (DirectML's 2_0 table says 4 to 5; dmlref keeps its
//              shared rule of exactly 4), 1 to 8 from 3_0. OutputTensor may alias InputTensor.
// Budgets      golden: 0 ULP from the exact result, checked against MPFR on every FLOAT16
//              input and sampled FLOAT32 inputs (docs/reliability.md). fast: 2 ULP FLOAT32,
//              1 ULP FLOAT16 from golden (simd/activation_scaled_elu.hpp). Default comparison:
//              ACTIVATION_ELU's, 18 ULP (WebNN's figure for elu; WebNN has no scaled ELU).

#include <array>
#include <cstdint>
#include <limits>
#include <vector>

#include "dmlref/dml/directml_types.hpp"
#include "dmlref/math/exact_arith.hpp"
#include "dmlref/math/real.hpp"
#include "dmlref/math/scaled_expm1.hpp"
#include "dmlref/ops/activation_elu.hpp"
#include "dmlref/ops/budgets.hpp"
#include "dmlref/ops/float_attributes.hpp"

namespace dmlref::ops {

struct activation_scaled_elu
    : float_activation<activation_scaled_elu, feature_level::level_1_0, budgets_of<activation_elu>> {
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ACTIVATION_SCALED_ELU;

  float alpha = 1.6732632f;
  float gamma = 1.0507009f;

  /// The FLOAT attributes, in schema order.
  static constexpr auto float_fields() noexcept {
    return std::array{float_field<activation_scaled_elu>{"Alpha", &activation_scaled_elu::alpha},
                      float_field<activation_scaled_elu>{"Gamma", &activation_scaled_elu::gamma}};
  }
  /// The values the generic tests use: the usual SELU constants, ELU's (1, 1), a negative
  /// Gamma with a small Alpha, a zero Alpha and an infinite Gamma.
  static std::vector<dml::attribute_values> attribute_samples() {
    return samples<2>({{1.6732632f, 1.0507009f},
                       {1.0f, 1.0f},
                       {0.125f, -3.0f},
                       {0.0f, 2.0f},
                       {1.0f, std::numeric_limits<float>::infinity()}});
  }

  /// Golden, for T = float or float16.
  template <class T>
  T operator()(T x) const {
    using F = typename math::format_of<T>::type;
    using bits_type = typename F::bits_type;
    const math::real v = math::to_real(x);
    const math::real a = math::to_real(alpha);
    const math::real g = math::to_real(gamma);
    const auto nan = math::from_result_bits<T>(F::quiet_nan);
    if (v.is_nan() || g.is_nan()) return nan;
    if (!v.negative && !v.is_zero()) return math::round_real<T>(math::multiply(g, v));  // x > 0
    if (a.is_nan() || a.is_infinite()) return nan;  // NaN, or Inf - Inf
    if (v.is_zero() || a.is_zero()) {  // Gamma (+0)
      if (g.is_infinite()) return nan;
      return math::from_result_bits<T>(g.negative ? F::sign_mask : bits_type{0});
    }
    if (v.is_infinite()) {  // Gamma (-Alpha)
      math::real minus_alpha = a;
      minus_alpha.negative = !a.negative;
      return math::round_real<T>(math::multiply(g, minus_alpha));
    }
    // x < 0 finite, Alpha finite nonzero: Gamma Alpha (e^x - 1), of the sign opposite to Gamma Alpha's.
    const auto sign = g.negative != a.negative ? bits_type{0} : F::sign_mask;
    if (g.is_zero()) return math::from_result_bits<T>(sign);
    if (g.is_infinite()) return math::from_result_bits<T>(static_cast<bits_type>(sign | F::infinity));
    const math::exact_binary c{false, g.magnitude.mantissa * a.magnitude.mantissa,
                               g.magnitude.exponent + a.magnitude.exponent, false};
    const bits_type magnitude = math::scaled_expm1_rounded<F>(c, true, v.magnitude, nullptr);
    return math::from_result_bits<T>(static_cast<bits_type>(sign | magnitude));
  }
};

}  // namespace dmlref::ops
