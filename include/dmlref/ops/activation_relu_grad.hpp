#pragma once
// ACTIVATION_RELU_GRAD
//
// Formula      OutputGradientTensor = InputTensor > 0 ? InputGradientTensor : 0 (DirectML's
//              page: X > 0 ? dY : 0).
// Comparison   exact, on the bits: -0 > 0 and +0 > 0 are false, +Inf > 0 holds, a NaN X gives
//              0 (IEEE's comparison) [unverified: DirectML's page states no special values].
// Result       dY's bits where selected (a NaN gradient keeps its payload, a -0 its sign, as
//              ACTIVATION_RELU keeps x); else +0.
// Rounding     none.
// Undefined    nothing.
// Support      InputTensor, InputGradientTensor and OutputGradientTensor share one data type.
//              3_0: FLOAT32, FLOAT16 (the operator's first level; the 4_0 table is the same).
//              Dimensions: 1 to 8. Not in place ([unverified]: the page states no aliasing).
// Budgets      golden: exact. fast: exact (fast_ulp_budget 0): decided on the bits in integer
//              lanes (X > 0 as a signed integer in (0, +Inf's pattern]). Default comparison:
//              exact.

#include <cstdint>

#include "dmlref/core/tolerance.hpp"
#include "dmlref/dml/directml_types.hpp"
#include "dmlref/math/real.hpp"
#include "dmlref/ops/families.hpp"
#include "dmlref/ops/ordering.hpp"
#include "dmlref/ops/support.hpp"

namespace dmlref::ops {

struct activation_relu_grad
    : binary<activation_relu_grad, support_table<since<feature_level::level_3_0, float_elements>>> {
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ACTIVATION_RELU_GRAD;
  static constexpr bool allows_in_place = false;
  static constexpr std::uint32_t in_place_inputs = 0;
  static activation_relu_grad from_attributes(const dml::attribute_values&) noexcept { return {}; }

  // Budgets.
  static constexpr std::uint64_t fast_ulp_budget(data_type) noexcept { return 0; }
  static constexpr tolerance default_tolerance(const operation_types&) noexcept { return tolerance::exact(); }

  /// Golden, for T = float or float16.
  template <class T>
  T operator()(T x, T gradient) const noexcept {
    return less(T{}, x) ? gradient : T{};
  }
  template <class T>
  bool defined(T, T) const noexcept {
    return true;
  }
};

}  // namespace dmlref::ops
