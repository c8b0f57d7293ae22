#pragma once
// ACTIVATION_HARD_SIGMOID
//
// Formula      y = max(0, min(Alpha * x + Beta, 1)); Alpha and Beta are FLOAT32 attributes.
// Rounding     the exact real of the whole formula rounded once to the output type, to
//              nearest with ties to even: Alpha * x + Beta is formed exactly (math::multiply,
//              math::add), clamped to [0, 1] exactly, then rounded once (round_real); never a
//              rounded product or sum. Subnormals are kept.
// Specials     NaN in x, Alpha or Beta, 0 * Inf and Inf - Inf give the positive quiet NaN
//              (min and max do not hide a NaN) [unverified: DirectML's page states no special
//              values; a GPU's min/max may return the other operand]; every result at or
//              below 0 is +0 (the sign of a zero sum is not kept) [unverified].
// Undefined    nothing.
// Support      InputTensor and OutputTensor share one data type.
//              1_0: FLOAT32, FLOAT16. Dimensions: 4 before 3_0 (DirectML's 2_0 table says 4
//              to 5; dmlref keeps its shared rule of exactly 4), 1 to 8 from 3_0. OutputTensor
//              may alias InputTensor (in place).
// Budgets      golden: exact. fast: within 1 ULP (fast_ulp_budget 1): Alpha * x + Beta in
//              double lanes (the product exact, the sum rounded to 53 bits), clamped, then
//              rounded to the output type. Default comparison: 2 ULP (WebNN's GPU suite's
//              figure for hardSigmoid).

#include <array>
#include <cstdint>
#include <limits>
#include <vector>

#include "dmlref/dml/directml_types.hpp"
#include "dmlref/math/exact_arith.hpp"
#include "dmlref/math/real.hpp"
#include "dmlref/ops/budgets.hpp"
#include "dmlref/ops/float_attributes.hpp"

namespace dmlref::ops {

struct activation_hard_sigmoid
    : float_activation<activation_hard_sigmoid, feature_level::level_1_0, ulp_budgets<1, 1, 2>> {
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ACTIVATION_HARD_SIGMOID;

  float alpha = 0.2f;
  float beta = 0.5f;

  /// The FLOAT attributes, in schema order.
  static constexpr auto float_fields() noexcept {
    return std::array{float_field<activation_hard_sigmoid>{"Alpha", &activation_hard_sigmoid::alpha},
                      float_field<activation_hard_sigmoid>{"Beta", &activation_hard_sigmoid::beta}};
  }
  /// Coefficients the generic tests use: ONNX's defaults (0.2, 0.5), HARD_SWISH's (1/6, 1/2),
  /// a negative slope, a zero slope and an infinite one.
  static std::vector<dml::attribute_values> attribute_samples() {
    return samples<2>({{0.2f, 0.5f},
                       {1.0f / 6.0f, 0.5f},
                       {-3.0f, 0.25f},
                       {0.0f, 0.75f},
                       {std::numeric_limits<float>::infinity(), 0.0f}});
  }

  /// max(0, min(Alpha * x + Beta, 1)) exactly: NaN, +0, 1 or the exact value in between.
  template <class T>
  math::real exact(T x) const noexcept {
    math::real v = math::add(math::multiply(math::to_real(alpha), math::to_real(x)), math::to_real(beta));
    if (v.is_nan()) return v;
    if (v.is_zero() || v.negative) return math::to_real(0.0f);
    if (v.is_infinite() || compare_with_one(v) >= 0) return math::to_real(1.0f);
    return v;
  }

  /// -1, 0 or +1 as a finite positive real (sticky allowed) compares with 1.
  static int compare_with_one(const math::real& v) noexcept {
    const std::uint64_t m = v.magnitude.mantissa;
    const int lead = dmlref::detail::bit_width(m) - 1 + v.magnitude.exponent;
    if (lead != 0) return lead > 0 ? 1 : -1;
    return (m & (m - 1)) == 0 && !v.magnitude.sticky ? 0 : 1;
  }

  /// Golden, for T = float or float16.
  template <class T>
  T operator()(T x) const noexcept {
    return math::round_real<T>(exact(x));
  }
};

}  // namespace dmlref::ops
