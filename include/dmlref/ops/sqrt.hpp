#pragma once
// ELEMENT_WISE_SQRT
//
// Formula      y = sqrt(x), or sqrt(g) with ScaleBias: g = fma(x, Scale, Bias) rounded once
//              to FLOAT32 (docs/semantics.md, "ScaleBias").
// Rounding     the exact root rounded once to the output type, to nearest with ties to even
//              (math::square_root: the integer square root of the significand scaled to 62
//              or 63 bits, the remainder as sticky, then round_real). FLOAT16 results with
//              ScaleBias are rounded once from the exact root of the FLOAT32 g. Subnormal
//              inputs are kept (sqrt of the smallest FLOAT32 subnormal is 2^-74.5, rounded).
// Specials     IEEE 754: sqrt(+-0) = +-0 (the sign kept), sqrt(+Inf) = +Inf; NaN, -Inf and
//              every number below zero give the positive quiet NaN.
// Undefined    nothing.
// Support      InputTensor and OutputTensor share one data type.
//              1_0: FLOAT32, FLOAT16. Dimensions: 4 before 3_0, 1 to 8 from 3_0. ScaleBias
//              optional. OutputTensor may alias InputTensor (in place).
// Budgets      golden: exact. fast: exact (fast_ulp_budget 0): one IEEE square root in
//              FLOAT32 lanes, correctly rounded; FLOAT16 takes the root in FLOAT32 and rounds
//              to FLOAT16, which is rounding once (24 >= 2 * 11 + 2 bits, the root of every
//              FLOAT16 lies in FLOAT32's normal range); NaN lanes made canonical. With
//              ScaleBias the call runs the golden traversal. Default comparison: exact
//              [unverified: WebNN's GPU suite allows 1 ULP for sqrt].

#include <optional>

#include "dmlref/dml/directml_types.hpp"
#include "dmlref/math/exact_quotient.hpp"
#include "dmlref/math/real.hpp"
#include "dmlref/ops/scale_bias.hpp"
#include "dmlref/ops/scale_bias_attributes.hpp"

namespace dmlref::ops {

struct sqrt : exact_function<sqrt> {
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ELEMENT_WISE_SQRT;

  std::optional<scale_bias> scale_and_bias = std::nullopt;

  /// The exact square root of g.
  static math::real exact(const math::real& g) noexcept { return math::square_root(g); }
};

}  // namespace dmlref::ops
