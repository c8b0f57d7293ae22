#pragma once
// ACTIVATION_CELU
//
// Formula      y = max(0, x) + min(0, Alpha (e^(x/Alpha) - 1)); Alpha is a FLOAT32 attribute
//              (typically 1), taken exactly (no ScaleBias). For Alpha finite nonzero the second
//              term has x's sign, so y = x for x > 0 and y = Alpha (e^(x/Alpha) - 1) for x < 0,
//              with x / Alpha the exact rational (never a rounded quotient).
// Specials     x > 0 (+Inf included) gives x; x = +-0 gives +0 (the sum of two zeros)
//              [unverified: the page's max and min leave the sign of a zero open]; x = -Inf
//              gives -Alpha for Alpha > 0 (e^-Inf - 1 = -1) and -Inf for Alpha < 0. NaN x or
//              Alpha gives the canonical quiet NaN [unverified: payload].
// Rounding     golden: the exact real rounded once to the output type, to nearest with ties
//              to even (math/scaled_expm1.hpp: relative however close x/Alpha is to 0).
//              Results below half the smallest subnormal are -0; results past the largest
//              finite value's midpoint -Inf.
// Undefined    Alpha = +-0 or +-Inf (x / Alpha and Alpha (e^(x/Alpha) - 1) have no value;
//              golden writes NaN) [unverified].
// Support      3_0: FLOAT32, FLOAT16; InputTensor and OutputTensor share the data type.
//              Dimensions: 1 to 8. OutputTensor may alias InputTensor.
// Budgets      golden: 0 ULP from the exact result, checked against MPFR on every FLOAT16
//              input and sampled FLOAT32 inputs (docs/reliability.md). fast: 2 ULP FLOAT32,
//              1 ULP FLOAT16 from golden (simd/activation_celu.hpp). Default comparison:
//              ACTIVATION_ELU's, 18 ULP (WebNN's figure for elu; WebNN has no CELU).

#include <array>
#include <cstdint>
#include <limits>
#include <vector>

#include "dmlref/dml/directml_types.hpp"
#include "dmlref/math/real.hpp"
#include "dmlref/math/scaled_expm1.hpp"
#include "dmlref/ops/activation_elu.hpp"
#include "dmlref/ops/budgets.hpp"
#include "dmlref/ops/float_attributes.hpp"

namespace dmlref::ops {

struct activation_celu : float_activation<activation_celu, feature_level::level_3_0, budgets_of<activation_elu>> {
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ACTIVATION_CELU;

  float alpha = 1.0f;

  /// The FLOAT attributes, in schema order.
  static constexpr auto float_fields() noexcept {
    return std::array{float_field<activation_celu>{"Alpha", &activation_celu::alpha}};
  }
  /// The values the generic tests use: the default 1, a non-dyadic quotient (3), a small one,
  /// a negative one, and a tiny one (2^-100) whose quotients leave e^z - 1 at -1. Each defines
  /// every element (the undefined +-0 and +-Inf are unit tests' own).
  static std::vector<dml::attribute_values> attribute_samples() {
    return samples({1.0f, 3.0f, 0.125f, -0.75f, 0x1p-100f});
  }

  /// Golden, for T = float or float16.
  template <class T>
  T operator()(T x) const {
    using F = typename math::format_of<T>::type;
    using bits_type = typename F::bits_type;
    const math::real v = math::to_real(x);
    const math::real a = math::to_real(alpha);
    if (v.is_nan() || !a.is_finite_nonzero()) return math::from_result_bits<T>(F::quiet_nan);
    if (v.is_zero()) return math::from_result_bits<T>(bits_type{0});
    if (!v.negative) return x;
    // x < 0: -|Alpha| |e^z - 1|, z = x / Alpha (negative for Alpha > 0, positive below).
    if (v.is_infinite()) {
      if (a.negative) return math::from_result_bits<T>(static_cast<bits_type>(F::sign_mask | F::infinity));
      math::real minus_alpha = a;
      minus_alpha.negative = true;
      return math::round_real<T>(minus_alpha);
    }
    const bits_type magnitude = math::scaled_expm1_rounded<F>(a.magnitude, !a.negative, v.magnitude, &a.magnitude);
    return math::from_result_bits<T>(static_cast<bits_type>(F::sign_mask | magnitude));
  }
  template <class T>
  bool defined(T) const noexcept {
    return math::to_real(alpha).is_finite_nonzero();
  }
};

}  // namespace dmlref::ops
