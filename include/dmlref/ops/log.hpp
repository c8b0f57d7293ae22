#pragma once
// ELEMENT_WISE_LOG
//
// Formula      y = ln g (the natural logarithm), g = x, or fma(x, Scale, Bias) rounded once
//              to FLOAT32 when ScaleBias is given (ops/scale_bias.hpp).
// Specials     C's log (ISO C Annex F): ln +-0 = -Inf, ln 1 = +0, ln +Inf = +Inf, ln g = NaN
//              for g < 0 (-Inf included; -0 gives -Inf); NaN
//              gives the canonical quiet NaN (positive, payload dropped) [unverified: a GPU
//              may keep the input's payload]. Subnormal inputs are kept (no flush).
//              DirectML's page states no special values.
// Rounding     golden: the exact real ln g rounded once to the output type, to nearest with
//              ties to even (math/exp_log.hpp).
// Undefined    nothing.
// Support      1_0: FLOAT32, FLOAT16; InputTensor and OutputTensor share the data type.
//              Dimensions: 4 before 3_0, 1 to 8 from 3_0. ScaleBias optional.
//              OutputTensor may alias InputTensor (in place).
// Budgets      golden: 0 ULP from the exact result, proven on every FLOAT32 and FLOAT16 input
//              (docs/reliability.md). fast: 2 ULP FLOAT32, 1 ULP FLOAT16 from golden.
//              Default comparison: 32 ULP FLOAT32, 2 ULP FLOAT16 (as exp's in FLOAT32;
//              WebNN judges log by an absolute 1/1024, which ULPs cannot state; OpenCL allows
//              3 ULP FLOAT32, 2 ULP FLOAT16).

#include <optional>

#include "dmlref/dml/directml_types.hpp"
#include "dmlref/math/exp_log.hpp"
#include "dmlref/math/real.hpp"
#include "dmlref/ops/rounded_function.hpp"
#include "dmlref/ops/scale_bias.hpp"

namespace dmlref::ops {

struct log : rounded_function<log, feature_level::level_1_0, 32, 2> {
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ELEMENT_WISE_LOG;

  std::optional<scale_bias> scale_and_bias = std::nullopt;

  /// The exact log g rounded once to F, as F's bits.
  template <class F>
  static auto rounded(const math::real& g) {
    return math::log_rounded<F>(g);
  }
};

}  // namespace dmlref::ops
