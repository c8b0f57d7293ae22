#pragma once
// ACTIVATION_PARAMETRIC_SOFTPLUS
//
// Formula      y = Alpha ln(1 + e^(Beta x)); Alpha and Beta are FLOAT32 attributes, taken
//              exactly (no ScaleBias).
// Specials     t = Beta x exactly: t = +-0 (x or Beta zero) gives Alpha ln 2; t = +Inf gives
//              Alpha (+Inf), t = -Inf gives Alpha (+0); Alpha = +-0 gives +-0 and Alpha = +-Inf
//              gives +-Inf where the logarithm is finite and positive. NaN x, Alpha or Beta,
//              Beta x = 0 Inf, and Alpha times an infinite or zero logarithm of the other kind
//              (0 Inf) give the canonical quiet NaN [unverified: payload]. The result has
//              Alpha's sign. DirectML's page states no special values.
// Rounding     golden: the exact real rounded once to the output type, to nearest with ties
//              to even, never its steps (math/softplus.hpp, t = Beta x exact): relative however
//              small; t >= 128 gives Alpha Beta x (exact, 72 bits) nudged away from zero by
//              less than 2^-191 of it, rounded once.
// Undefined    nothing.
// Support      1_0: FLOAT32, FLOAT16; InputTensor and OutputTensor share the data type.
//              Dimensions: 4 before 3_0 (DirectML's 2_0 table says 4 to 5; dmlref keeps its
//              shared rule of exactly 4), 1 to 8 from 3_0. OutputTensor may alias InputTensor.
// Budgets      golden: 0 ULP from the exact result, checked against MPFR on every FLOAT16
//              input and sampled FLOAT32 inputs (docs/reliability.md). fast: 2 ULP FLOAT32,
//              1 ULP FLOAT16 from golden (simd/activation_parametric_softplus.hpp). Default
//              comparison: ACTIVATION_SOFTPLUS's, 18 ULP (WebNN's figure for softplus).

#include <array>
#include <cstdint>
#include <vector>

#include "dmlref/dml/directml_types.hpp"
#include "dmlref/math/exact_arith.hpp"
#include "dmlref/math/real.hpp"
#include "dmlref/math/softplus.hpp"
#include "dmlref/ops/activation_softplus.hpp"
#include "dmlref/ops/budgets.hpp"
#include "dmlref/ops/float_attributes.hpp"

namespace dmlref::ops {

struct activation_parametric_softplus
    : scaled_activation<activation_parametric_softplus, budgets_of<activation_softplus>> {
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ACTIVATION_PARAMETRIC_SOFTPLUS;

  float alpha = 1.0f;
  float beta = 1.0f;

  /// The FLOAT attributes, in schema order.
  static constexpr auto float_fields() noexcept {
    return std::array{float_field<activation_parametric_softplus>{"Alpha", &activation_parametric_softplus::alpha},
                      float_field<activation_parametric_softplus>{"Beta", &activation_parametric_softplus::beta}};
  }
  /// The values the generic tests use: (1, 1), (1.5, 0.75), a negative Alpha with a
  /// negative Beta, a zero Beta and a large Alpha.
  static std::vector<dml::attribute_values> attribute_samples() {
    return samples<2>({{1.0f, 1.0f}, {1.5f, 0.75f}, {-2.0f, -0.5f}, {0.5f, 0.0f}, {3e30f, 2.0f}});
  }

  /// Alpha softplus(t) for a = Alpha and t = Beta x, neither NaN, rounded once to T.
  template <class T>
  static T scaled(const math::real& a, const math::real& t) {
    using F = typename math::format_of<T>::type;
    using bits_type = typename F::bits_type;
    const auto nan = math::from_result_bits<T>(F::quiet_nan);
    const auto sign = a.negative ? F::sign_mask : bits_type{0};
    if (t.is_infinite()) {  // the logarithm is +Inf or +0
      const bool log_infinite = !t.negative;
      if (log_infinite ? a.is_zero() : a.is_infinite()) return nan;
      return math::from_result_bits<T>(static_cast<bits_type>(sign | (log_infinite || a.is_infinite() ? F::infinity : 0u)));
    }
    if (a.is_zero()) return math::from_result_bits<T>(sign);
    if (a.is_infinite()) return math::from_result_bits<T>(static_cast<bits_type>(sign | F::infinity));
    const math::exact_binary tm = t.is_zero() ? math::exact_binary{false, 0, 0, false} : t.magnitude;
    if (!t.negative && !t.is_zero() && math::detail_exp_log::leading_exponent(tm) >= 7) {
      // t >= 128: Alpha t (72 bits) nudged away from zero: its top 64 bits with the sticky set.
      const math::detail_exp_log::u128 p = math::detail_exp_log::multiply(a.magnitude.mantissa, tm.mantissa);
      const int width = math::detail_exp_log::bit_width(p);
      const int cut = width > 64 ? width - 64 : 0;
      const math::exact_binary nudged{a.negative, math::detail_exp_log::shift_right(p, cut).lo,
                                      a.magnitude.exponent + tm.exponent + cut, true};
      return math::from_result_bits<T>(dmlref::detail::round_to_format<F>(nudged));
    }
    const bits_type magnitude = math::softplus_rounded<F>(t.negative && !t.is_zero(), tm, a.magnitude, false);
    return math::from_result_bits<T>(static_cast<bits_type>(sign | magnitude));
  }
};

}  // namespace dmlref::ops
