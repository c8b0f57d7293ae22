#pragma once
// ELEMENT_WISE_EXP
//
// Formula      y = e^g, g = x, or fma(x, Scale, Bias) rounded once to FLOAT32 when ScaleBias
//              is given (ops/scale_bias.hpp).
// Specials     C's exp (ISO C Annex F): e^+-0 = 1, e^-Inf = +0, e^+Inf = +Inf; NaN gives
//              the canonical quiet NaN (positive, payload dropped) [unverified: a GPU may keep
//              the input's payload]. Subnormal inputs and results are kept (no flush).
//              DirectML's page states no special values.
// Rounding     golden: the exact real e^g rounded once to the output type, to nearest with
//              ties to even (math/exp_log.hpp): results past the largest finite value's
//              midpoint are +Inf, below half the smallest subnormal +0.
// Undefined    nothing.
// Support      1_0: FLOAT32, FLOAT16; InputTensor and OutputTensor share the data type.
//              Dimensions: 4 before 3_0, 1 to 8 from 3_0. ScaleBias optional.
//              OutputTensor may alias InputTensor (in place).
// Budgets      golden: 0 ULP from the exact result, proven on every FLOAT32 and FLOAT16 input
//              (docs/reliability.md). fast: 2 ULP FLOAT32, 1 ULP FLOAT16 from golden.
//              Default comparison: 32 ULP FLOAT32, 1 ULP FLOAT16 (WebNN's conformance
//              figures for exp; OpenCL allows 3 ULP FLOAT32, 2 ULP FLOAT16).

#include <optional>

#include "dmlref/dml/directml_types.hpp"
#include "dmlref/math/exp_log.hpp"
#include "dmlref/math/real.hpp"
#include "dmlref/ops/rounded_function.hpp"
#include "dmlref/ops/scale_bias.hpp"

namespace dmlref::ops {

struct exp : rounded_function<exp, feature_level::level_1_0, 32, 1> {
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ELEMENT_WISE_EXP;

  std::optional<scale_bias> scale_and_bias = std::nullopt;

  /// The exact exp g rounded once to F, as F's bits.
  template <class F>
  static auto rounded(const math::real& g) {
    return math::exp_rounded<F>(g);
  }
};

}  // namespace dmlref::ops
