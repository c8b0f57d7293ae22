#pragma once
// ACTIVATION_LINEAR
//
// Formula      y = Alpha * x + Beta; Alpha and Beta are FLOAT32 attributes.
// Rounding     the exact real Alpha * x + Beta rounded once to the output type, to nearest
//              with ties to even (math::multiply, math::add, round_real: integer arithmetic
//              on the bits), never the rounded product plus Beta. Subnormals are kept.
// Specials     IEEE 754's for the product and the sum: NaN in x, Alpha or Beta, 0 * Inf and
//              Inf - Inf give the positive quiet NaN; an exact zero sum of nonzero terms is +0,
//              (-0) + (-0) = -0 (Alpha * x = -0 and Beta = -0). [unverified: DirectML's page
//              states no special values]
// Undefined    nothing.
// Support      InputTensor and OutputTensor share one data type.
//              1_0: FLOAT32, FLOAT16. Dimensions: 4 before 3_0 (DirectML's 2_0 table says 4
//              to 5; dmlref keeps its shared rule of exactly 4, as ACTIVATION_RELU), 1 to 8
//              from 3_0. OutputTensor may alias InputTensor (in place).
// Budgets      golden: exact. fast: within 1 ULP (fast_ulp_budget 1): double lanes form
//              Alpha * x exactly and add Beta with one rounding to 53 bits before the rounding
//              to the output type. Default comparison: 2 ULP (WebNN's GPU suite's figure for
//              linear).

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

struct activation_linear : float_activation<activation_linear, feature_level::level_1_0, ulp_budgets<1, 1, 2>> {
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ACTIVATION_LINEAR;

  float alpha = 1.0f;
  float beta = 0.0f;

  /// The FLOAT attributes, in schema order.
  static constexpr auto float_fields() noexcept {
    return std::array{float_field<activation_linear>{"Alpha", &activation_linear::alpha},
                      float_field<activation_linear>{"Beta", &activation_linear::beta}};
  }
  /// Coefficients the generic tests use: ordinary ones, a zero slope, a large offset, tiny
  /// ones (subnormal results) and an infinite slope.
  static std::vector<dml::attribute_values> attribute_samples() {
    return samples<2>({{1.5f, -0.25f},
                       {-3.0f, 1e30f},
                       {0.0f, 2.0f},
                       {1e-30f, -1e-38f},
                       {std::numeric_limits<float>::infinity(), 1.0f}});
  }

  /// Alpha * x + Beta exactly (a real carrying every bit but a sticky tail).
  template <class T>
  math::real exact(T x) const noexcept {
    return math::add(math::multiply(math::to_real(alpha), math::to_real(x)), math::to_real(beta));
  }

  /// Golden, for T = float or float16.
  template <class T>
  T operator()(T x) const noexcept {
    return math::round_real<T>(exact(x));
  }
};

}  // namespace dmlref::ops
