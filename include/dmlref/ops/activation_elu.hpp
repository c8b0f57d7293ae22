#pragma once
// ACTIVATION_ELU
//
// Formula      y = x if x >= 0, else Alpha (e^x - 1); Alpha is a FLOAT32 attribute (typically
//              1), taken exactly (no ScaleBias).
// Specials     x >= 0 (+-0, +Inf included) gives x, so -0 gives -0 (the page's x >= 0); NaN x
//              gives the canonical quiet NaN [unverified: payload]; x = -Inf gives -Alpha
//              (e^-Inf - 1 = -1 exactly, then rounded once to the output type). For x < 0: a
//              NaN Alpha gives NaN; Alpha = +-0 gives -+0 (the product's sign); Alpha = +-Inf
//              gives -+Inf. DirectML's page states no special values.
// Rounding     golden: the exact real Alpha (e^x - 1) rounded once to the output type, to
//              nearest with ties to even, never its steps (math/scaled_expm1.hpp: relative
//              however close x is to 0, so tiny x give Alpha x (1 + x/2 + ...) to full
//              precision). Results below half the smallest subnormal are zeros of the sign
//              above; results past the largest finite value's midpoint infinities.
// Undefined    nothing.
// Support      1_0: FLOAT32, FLOAT16; InputTensor and OutputTensor share the data type.
//              Dimensions: 4 before 3_0 (DirectML's 2_0 table says 4 to 5; dmlref keeps its
//              shared rule of exactly 4), 1 to 8 from 3_0. OutputTensor may alias InputTensor.
// Budgets      golden: 0 ULP from the exact result, checked against MPFR on every FLOAT16
//              input and sampled FLOAT32 inputs (docs/reliability.md). fast: 2 ULP FLOAT32,
//              1 ULP FLOAT16 from golden (simd/activation_elu.hpp). Default comparison:
//              18 ULP FLOAT32 and FLOAT16 (WebNN's conformance figure for elu).

#include <array>
#include <cstdint>
#include <limits>
#include <vector>

#include "dmlref/dml/directml_types.hpp"
#include "dmlref/math/real.hpp"
#include "dmlref/math/scaled_expm1.hpp"
#include "dmlref/ops/budgets.hpp"
#include "dmlref/ops/float_attributes.hpp"

namespace dmlref::ops {

struct activation_elu : float_activation<activation_elu, feature_level::level_1_0, ulp_budgets<2, 1, 18>> {
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ACTIVATION_ELU;

  float alpha = 1.0f;

  /// The FLOAT attributes, in schema order.
  static constexpr auto float_fields() noexcept {
    return std::array{float_field<activation_elu>{"Alpha", &activation_elu::alpha}};
  }
  /// The values the generic tests use: the default 1, SCALED_ELU's usual Alpha, a small one,
  /// a negative one, +0 and +Inf.
  static std::vector<dml::attribute_values> attribute_samples() {
    return samples({1.0f, 1.6732632f, 0.125f, -0.75f, 0.0f, std::numeric_limits<float>::infinity()});
  }

  /// Golden, for T = float or float16.
  template <class T>
  T operator()(T x) const {
    using F = typename math::format_of<T>::type;
    using bits_type = typename F::bits_type;
    const math::real v = math::to_real(x);
    const math::real a = math::to_real(alpha);
    if (v.is_nan()) return math::from_result_bits<T>(F::quiet_nan);
    if (!v.negative || v.is_zero()) return x;
    if (a.is_nan()) return math::from_result_bits<T>(F::quiet_nan);
    // x < 0: the sign of Alpha (e^x - 1) is the opposite of Alpha's.
    const auto sign = a.negative ? bits_type{0} : F::sign_mask;
    if (a.is_zero()) return math::from_result_bits<T>(sign);
    if (a.is_infinite()) return math::from_result_bits<T>(static_cast<bits_type>(sign | F::infinity));
    if (v.is_infinite()) {  // -Alpha exactly
      math::real minus_alpha = a;
      minus_alpha.negative = !a.negative;
      return math::round_real<T>(minus_alpha);
    }
    const bits_type magnitude = math::scaled_expm1_rounded<F>(a.magnitude, true, v.magnitude, nullptr);
    return math::from_result_bits<T>(static_cast<bits_type>(sign | magnitude));
  }
};

}  // namespace dmlref::ops
