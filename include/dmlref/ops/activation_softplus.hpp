#pragma once
// ACTIVATION_SOFTPLUS
//
// Formula      y = ln(1 + e^(Steepness x)) / Steepness; Steepness is a FLOAT32 attribute
//              (typically 1; the page: it cannot be less than 1), taken exactly (no
//              ScaleBias).
// Specials     x = +-0 gives ln 2 / Steepness; x = +Inf gives +Inf; x = -Inf gives +0; every
//              result is positive (results below half the smallest subnormal are +0). NaN x
//              gives the canonical quiet NaN [unverified: payload]. Steepness NaN, zero,
//              negative or infinite gives NaN. DirectML's page states no special values.
// Rounding     golden: the exact real rounded once to the output type, to nearest with ties
//              to even, never its steps (math/softplus.hpp, t = Steepness x exact): relative
//              however small, so x -> -Inf gives e^(Steepness x) / Steepness to full
//              precision; Steepness x >= 128 gives x (the rest is below 2^-191 of it).
// Undefined    Steepness below 1 or not finite (the page forbids it; golden still computes
//              any positive finite Steepness) [unverified: what DirectML does with it].
// Support      1_0: FLOAT32, FLOAT16; InputTensor and OutputTensor share the data type.
//              Dimensions: 4 before 3_0 (DirectML's 2_0 table says 4 to 5; dmlref keeps its
//              shared rule of exactly 4), 1 to 8 from 3_0. OutputTensor may alias InputTensor.
// Budgets      golden: 0 ULP from the exact result, checked against MPFR on every FLOAT16
//              input and sampled FLOAT32 inputs (docs/reliability.md). fast: 2 ULP FLOAT32,
//              1 ULP FLOAT16 from golden (simd/activation_softplus.hpp). Default comparison:
//              18 ULP FLOAT32 and FLOAT16 (WebNN's conformance figure for softplus).

#include <array>
#include <cstdint>
#include <vector>

#include "dmlref/dml/directml_types.hpp"
#include "dmlref/math/real.hpp"
#include "dmlref/math/softplus.hpp"
#include "dmlref/ops/budgets.hpp"
#include "dmlref/ops/float_attributes.hpp"

namespace dmlref::ops {

struct activation_softplus : float_activation<activation_softplus, feature_level::level_1_0, ulp_budgets<2, 1, 18>> {
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ACTIVATION_SOFTPLUS;

  float steepness = 1.0f;

  /// The FLOAT attributes, in schema order.
  static constexpr auto float_fields() noexcept {
    return std::array{float_field<activation_softplus>{"Steepness", &activation_softplus::steepness}};
  }
  /// The values the generic tests use: the default 1, 3, a non-integer 1.5 and a large one.
  /// Each defines every element (the undefined Steepness below 1 is the unit tests' own).
  static std::vector<dml::attribute_values> attribute_samples() { return samples({1.0f, 3.0f, 1.5f, 1e6f}); }

  /// Golden, for T = float or float16.
  template <class T>
  T operator()(T x) const {
    using F = typename math::format_of<T>::type;
    using bits_type = typename F::bits_type;
    const math::real v = math::to_real(x);
    const math::real s = math::to_real(steepness);
    if (v.is_nan() || !s.is_finite_nonzero() || s.negative) return math::from_result_bits<T>(F::quiet_nan);
    if (v.is_infinite()) return math::from_result_bits<T>(v.negative ? bits_type{0} : F::infinity);
    math::exact_binary t{false, 0, 0, false};  // Steepness x, exactly (48 bits)
    if (!v.is_zero()) {
      t = {false, s.magnitude.mantissa * v.magnitude.mantissa, s.magnitude.exponent + v.magnitude.exponent, false};
      // t >= 128: x, the rest below 2^-191 of it.
      if (!v.negative && math::detail_exp_log::leading_exponent(t) >= 7) return x;
    }
    return math::from_result_bits<T>(math::softplus_rounded<F>(v.negative, t, s.magnitude, true));
  }
  template <class T>
  bool defined(T) const noexcept {
    const math::real s = math::to_real(steepness);
    return s.is_finite_nonzero() && !s.negative && !(math::detail_exp_log::leading_exponent(s.magnitude) < 0);
  }
};

}  // namespace dmlref::ops
