#pragma once
// ELEMENT_WISE_RECIP
//
// Formula      y = 1 / x, or 1 / g with ScaleBias: g = fma(x, Scale, Bias) rounded once to
//              FLOAT32 (docs/semantics.md, "ScaleBias").
// Rounding     the exact reciprocal rounded once to the output type, to nearest with ties to
//              even (math::divide, round_real: integer arithmetic on the bits). FLOAT16
//              results with ScaleBias are rounded once from the exact 1 / g of the FLOAT32 g.
//              Subnormals are kept: 1 / x overflows to +-Inf for the smallest FLOAT32 and
//              FLOAT16 subnormals, and 1 / (largest FLOAT32) is a subnormal.
// Specials     IEEE 754: 1 / +-0 = +-Inf, 1 / +-Inf = +-0; NaN gives the positive quiet NaN.
// Undefined    nothing.
// Support      InputTensor and OutputTensor share one data type.
//              1_0: FLOAT32, FLOAT16. Dimensions: 4 before 3_0, 1 to 8 from 3_0. ScaleBias
//              optional. OutputTensor may alias InputTensor (in place).
// Budgets      golden: exact. fast: exact (fast_ulp_budget 0): one IEEE division 1 / x in
//              FLOAT32 lanes (FLOAT16 divided there and rounded once to FLOAT16: exact, as
//              DIVIDE's contract shows); with ScaleBias the call runs the golden traversal.
//              Default comparison: exact [unverified: WebNN's GPU suite allows 2 ULP for
//              reciprocal, and Direct3D's reciprocal is within 1 ULP; a device is judged by
//              an explicit tolerance].

#include <optional>

#include "dmlref/dml/directml_types.hpp"
#include "dmlref/math/exact_quotient.hpp"
#include "dmlref/math/real.hpp"
#include "dmlref/ops/scale_bias.hpp"
#include "dmlref/ops/scale_bias_attributes.hpp"

namespace dmlref::ops {

struct recip : exact_function<recip> {
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ELEMENT_WISE_RECIP;

  std::optional<scale_bias> scale_and_bias = std::nullopt;

  /// The exact quotient 1 / g.
  static math::real exact(const math::real& g) noexcept { return math::divide(math::to_real(1.0f), g); }
};

}  // namespace dmlref::ops
