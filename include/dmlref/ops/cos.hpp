#pragma once
// ELEMENT_WISE_COS
//
// Formula      y = cos g, g = x, or fma(x, Scale, Bias) rounded once to FLOAT32 when ScaleBias
//              is given (ops/scale_bias.hpp).
// Specials     C's cos (ISO C Annex F): cos(+-0) = 1; cos(+-Inf) is NaN; NaN gives the
//              canonical quiet NaN (positive, payload dropped) [unverified: a GPU may keep the
//              input's payload]. Subnormal inputs are kept (cos g rounds to 1 there).
//              DirectML's page states no special values.
// Rounding     golden: the exact real cos g rounded once to the output type, to nearest with
//              ties to even (math/trig.hpp), for every finite g: the reduction by pi/2 is exact
//              up to FLOAT32's largest value [unverified: GPUs reduce large arguments coarsely;
//              golden is the mathematical value].
// Undefined    nothing.
// Support      1_0: FLOAT32, FLOAT16; InputTensor and OutputTensor share the data type.
//              Dimensions: 4 before 3_0, 1 to 8 from 3_0. ScaleBias optional.
//              OutputTensor may alias InputTensor (in place).
// Budgets      golden: 0 ULP from the exact result, checked on every FLOAT16 input and every
//              61st FLOAT32 input (docs/reliability.md; the full FLOAT32 sweep is
//              pending). fast: 2 ULP FLOAT32, 1 ULP FLOAT16 from golden.
//              Default comparison: 4 ULP FLOAT32, 2 ULP FLOAT16 (OpenCL's figures for cos;
//              WebNN's conformance tests judge cos by an absolute error of 1/1024 instead).

#include <optional>

#include "dmlref/dml/directml_types.hpp"
#include "dmlref/math/real.hpp"
#include "dmlref/math/trig.hpp"
#include "dmlref/ops/rounded_function.hpp"
#include "dmlref/ops/scale_bias.hpp"

namespace dmlref::ops {

struct cos : rounded_function<cos, feature_level::level_1_0, 4, 2> {
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ELEMENT_WISE_COS;

  std::optional<scale_bias> scale_and_bias = std::nullopt;

  /// The exact cos g rounded once to F, as F's bits.
  template <class F>
  static auto rounded(const math::real& g) {
    return math::cos_rounded<F>(g);
  }
};

}  // namespace dmlref::ops
