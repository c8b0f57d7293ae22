#pragma once
// Operators whose only attribute is the optional ScaleBias (ABS, IDENTITY, RECIP, SQRT, CEIL,
// FLOOR, the rounded functions): reading and writing it, stated once.
//
//   scale_bias_attributes<Op, Family>
//     Family, plus from_attributes and attributes() over Op's member
//     `std::optional<scale_bias> scale_and_bias`, its first member, so that Op{{}, sb} builds
//     it. The operator declares that member and states what differs.
//
//   exact_function<Op>
//     scale_bias_attributes over a unary operator over FLOAT32 and FLOAT16 from 1_0, exact
//     (ops/budgets.hpp's exact_budgets), every element defined; golden: Op::exact(g), the
//     exact real result of g = x or x Scale + Bias rounded once to FLOAT32, rounded once to
//     the output type (RECIP, SQRT). The operator states dml_type, its scale_and_bias member
//     and exact(g).

#include "dmlref/core/feature_level.hpp"
#include "dmlref/dml/attributes.hpp"
#include "dmlref/math/real.hpp"
#include "dmlref/ops/budgets.hpp"
#include "dmlref/ops/families.hpp"
#include "dmlref/ops/operator_traits.hpp"
#include "dmlref/ops/scale_bias.hpp"
#include "dmlref/ops/support.hpp"

namespace dmlref::ops {

template <class Op, class Family>
struct scale_bias_attributes : Family {
  static Op from_attributes(const dml::attribute_values& a) noexcept { return Op{{}, scale_bias_of(a)}; }
  dml::attribute_values attributes() const {
    return with_scale_bias(dml::attribute_values(schema_of<Op>()), static_cast<const Op&>(*this).scale_and_bias);
  }
};

template <class Op>
struct exact_function
    : scale_bias_attributes<
          Op, with_budgets<unary<Op, support_table<since<feature_level::level_1_0, float_elements>>>, exact_budgets>> {
  /// Golden, for T = float or float16.
  template <class T>
  T operator()(T x) const noexcept {
    return math::round_real<T>(Op::exact(scaled_input(x, static_cast<const Op&>(*this).scale_and_bias)));
  }
  template <class T>
  bool defined(T) const noexcept {
    return true;
  }
};

}  // namespace dmlref::ops
