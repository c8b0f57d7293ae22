#pragma once
// ACTIVATION_THRESHOLDED_RELU
//
// Formula      y = x where x > Alpha, else 0; Alpha is a FLOAT32 attribute.
// Comparison   exact, between the values (a FLOAT16 x against the FLOAT32 Alpha, never Alpha
//              rounded to FLOAT16), decided on the bits (ops::less): -0 > -1 holds, so -0
//              stays -0; +0 > -0 does not (they are equal).
// Specials     a NaN x gives +0, and a NaN Alpha makes every element +0 (x > NaN is false:
//              the formula's IEEE comparison) [unverified: DirectML's page states no special
//              values; a GPU may pass NaN through]. The 0 written is +0.
// Rounding     none: the result is x's bits or +0.
// Undefined    nothing.
// Support      InputTensor and OutputTensor share one data type.
//              1_0: FLOAT32, FLOAT16. Dimensions: 4 before 3_0 (DirectML's 2_0 table says 4
//              to 5; dmlref keeps its shared rule of exactly 4), 1 to 8 from 3_0. OutputTensor
//              may alias InputTensor (in place).
// Budgets      golden: exact. fast: exact (fast_ulp_budget 0): the comparison in FLOAT32
//              lanes (every FLOAT16 widens exactly). Default comparison: exact.

#include <array>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <vector>

#include "dmlref/core/float16.hpp"
#include "dmlref/dml/directml_types.hpp"
#include "dmlref/math/real.hpp"
#include "dmlref/ops/budgets.hpp"
#include "dmlref/ops/float_attributes.hpp"
#include "dmlref/ops/ordering.hpp"

namespace dmlref::ops {

struct activation_thresholded_relu
    : float_activation<activation_thresholded_relu, feature_level::level_1_0, exact_budgets> {
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ACTIVATION_THRESHOLDED_RELU;

  float alpha = 1.0f;

  /// The FLOAT attributes, in schema order.
  static constexpr auto float_fields() noexcept {
    return std::array{float_field<activation_thresholded_relu>{"Alpha", &activation_thresholded_relu::alpha}};
  }
  /// Thresholds the generic tests use: ONNX's default 1, a negative one, -0, one between two
  /// FLOAT16 values, -Inf and NaN.
  static std::vector<dml::attribute_values> attribute_samples() {
    return samples(
        {1.0f, -2.5f, -0.0f, 100.3f, -std::numeric_limits<float>::infinity(), std::numeric_limits<float>::quiet_NaN()});
  }

  /// Golden, for T = float or float16: x > Alpha compared on the bits (FLOAT16 widened
  /// exactly through its bits, never through the FPU).
  template <class T>
  T operator()(T x) const noexcept {
    return less(alpha, widened(x)) ? x : T{};
  }
  template <class T>
  static float widened(T x) noexcept {
    if constexpr (std::is_same_v<T, float16>) {
      return math::from_bits<float>(dmlref::detail::portable_half_to_float_bits(x.bits()));
    } else {
      return x;
    }
  }
};

}  // namespace dmlref::ops
