#pragma once
// ELEMENT_WISE_FLOOR
//
// Formula      y = floor(x): the largest integral value not above x; or floor(g), g = fma(x, Scale, Bias)
//              rounded once to FLOAT32, when ScaleBias is given (ops/scale_bias.hpp).
// Specials     the sign is kept, also on a zero result (floor(0.5) = +0, floor(-0.25) = -1, floor(1.5) = 1);
//              +-Inf and +-0 are returned unchanged; a NaN gives the positive quiet NaN
//              (the shared rule, docs/semantics.md). Decided on the bits (ops/rounding.hpp):
//              no compiler flag or FPU mode changes a result, a subnormal is not zero.
// Rounding     none without ScaleBias (an integral value of the format is exact); with
//              ScaleBias, the integral FLOAT32 result is rounded once to FLOAT16 for FLOAT16
//              output.
// Undefined    nothing.
// Support      InputTensor and OutputTensor share one data type.
//              1_0: FLOAT32, FLOAT16. Dimensions: 4 before 3_0, 1 to 8 from 3_0.
//              ScaleBias optional. OutputTensor may alias InputTensor (in place).
// Budgets      golden: exact. fast: exact (fast_ulp_budget 0). Default comparison: exact.

#include <optional>

#include "dmlref/dml/directml_types.hpp"
#include "dmlref/ops/rounding.hpp"
#include "dmlref/ops/scale_bias.hpp"

namespace dmlref::ops {

struct floor : to_integral<floor, integral_rounding::toward_negative> {
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ELEMENT_WISE_FLOOR;

  std::optional<scale_bias> scale_and_bias = std::nullopt;
};

}  // namespace dmlref::ops
