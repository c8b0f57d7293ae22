#pragma once
// ACTIVATION_HARD_SWISH
//
// Formula      y = x * HardSigmoid(x, Alpha, Beta) = x * max(0, min(Alpha * x + Beta, 1));
//              Alpha and Beta are FLOAT32 attributes (DirectML's typical 1/6 and 0.5).
// Rounding     the exact real of the whole formula rounded once to the output type, to
//              nearest with ties to even: h = HARD_SIGMOID's exact clamped value
//              (ops/activation_hard_sigmoid.hpp), then x * h exactly (math::multiply, or in a
//              big integer, math::big_real, where h itself carries more than 64 bits), rounded
//              once; never a rounded h times x. Subnormals are kept.
// Specials     IEEE 754's for each step: NaN in x, Alpha or Beta, 0 * Inf and Inf - Inf give
//              the positive quiet NaN; an infinite x whose h is 0 gives NaN (Inf * 0: -Inf with
//              a positive Alpha); a zero h gives a zero with x's sign (-3 * 0 = -0).
//              [unverified: DirectML's page states no special values]
// Undefined    nothing.
// Support      InputTensor and OutputTensor share one data type.
//              6_2: FLOAT32, FLOAT16 (the operator's first level). Dimensions: 1 to 8.
//              OutputTensor may alias InputTensor (in place).
// Budgets      golden: exact. fast: within 1 ULP (fast_ulp_budget 1): h in double lanes (the
//              sum rounded to 53 bits), x * h rounded to 53 bits, then rounded to the output
//              type. Default comparison: 4 ULP (WebNN's GPU suite's figure for hardSwish).

#include <array>
#include <cstdint>
#include <limits>
#include <vector>

#include "dmlref/dml/directml_types.hpp"
#include "dmlref/math/big_real.hpp"
#include "dmlref/math/exact_arith.hpp"
#include "dmlref/math/real.hpp"
#include "dmlref/ops/activation_hard_sigmoid.hpp"
#include "dmlref/ops/budgets.hpp"
#include "dmlref/ops/float_attributes.hpp"

namespace dmlref::ops {

struct activation_hard_swish : float_activation<activation_hard_swish, feature_level::level_6_2, ulp_budgets<1, 1, 4>> {
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ACTIVATION_HARD_SWISH;

  float alpha = 1.0f / 6.0f;
  float beta = 0.5f;

  /// The FLOAT attributes, in schema order.
  static constexpr auto float_fields() noexcept {
    return std::array{float_field<activation_hard_swish>{"Alpha", &activation_hard_swish::alpha},
                      float_field<activation_hard_swish>{"Beta", &activation_hard_swish::beta}};
  }
  /// Coefficients the generic tests use: DirectML's typical (1/6, 1/2), a negative slope, a
  /// zero slope, a tiny one (h far from 0 and 1 needs more than 64 bits) and an infinite one.
  static std::vector<dml::attribute_values> attribute_samples() {
    return samples<2>({{1.0f / 6.0f, 0.5f},
                       {-0.25f, 0.5f},
                       {0.0f, 0.75f},
                       {1e-30f, 0.5f},
                       {std::numeric_limits<float>::infinity(), 0.0f}});
  }

  /// Golden, for T = float or float16.
  template <class T>
  T operator()(T x) const {
    const math::real xr = math::to_real(x);
    const math::real h = activation_hard_sigmoid{{}, alpha, beta}.exact(x);
    if (!h.is_finite_nonzero() || !h.magnitude.sticky) return math::round_real<T>(math::multiply(xr, h));
    // h = Alpha * x + Beta strictly inside (0, 1) with more than 64 bits: x * h exactly.
    const math::big_real exact = math::big_real::of(xr) * (math::big_real::of(math::to_real(alpha)) * math::big_real::of(xr) +
                                                           math::big_real::of(math::to_real(beta)));
    return math::round_real<T>(exact.as_real());
  }
};

}  // namespace dmlref::ops
