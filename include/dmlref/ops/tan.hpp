#pragma once
// ELEMENT_WISE_TAN
//
// Formula      y = tan g, g = x, or fma(x, Scale, Bias) rounded once to FLOAT32 when ScaleBias
//              is given (ops/scale_bias.hpp).
// Specials     C's tan (ISO C Annex F): tan(+-0) = +-0; tan(+-Inf) is NaN; NaN gives the
//              canonical quiet NaN (positive, payload dropped) [unverified: a GPU may keep the
//              input's payload]. Subnormal inputs are kept (tan g rounds to g there). No
//              FLOAT32 value is a pole; a FLOAT16 output beyond 65504 rounds to +-Inf.
//              DirectML's page states no special values.
// Rounding     golden: the exact real tan g rounded once to the output type, to nearest with
//              ties to even (math/trig.hpp: sin g / cos g from the exact reduction by pi/2, the
//              boundary decided by enclosures of both), for every finite g up to FLOAT32's
//              largest value [unverified: GPUs reduce large arguments coarsely; golden is
//              the mathematical value].
// Undefined    nothing.
// Support      1_0: FLOAT32, FLOAT16; InputTensor and OutputTensor share the data type.
//              Dimensions: 4 before 3_0, 1 to 8 from 3_0. ScaleBias optional.
//              OutputTensor may alias InputTensor (in place).
// Budgets      golden: 0 ULP from the exact result, checked on every FLOAT16 input and sampled
//              FLOAT32 inputs (docs/reliability.md). fast: 2 ULP FLOAT32, 1 ULP FLOAT16 from
//              golden. Default comparison: 5 ULP FLOAT32, 2 ULP FLOAT16 (OpenCL's figures for
//              tan; WebNN's conformance tests judge tan by an absolute error of 1/1024 instead).

#include <optional>

#include "dmlref/dml/directml_types.hpp"
#include "dmlref/math/real.hpp"
#include "dmlref/math/trig.hpp"
#include "dmlref/ops/rounded_function.hpp"
#include "dmlref/ops/scale_bias.hpp"

namespace dmlref::ops {

struct tan : rounded_function<tan, feature_level::level_1_0, 5, 2> {
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ELEMENT_WISE_TAN;

  std::optional<scale_bias> scale_and_bias = std::nullopt;

  /// The exact tan g rounded once to F, as F's bits.
  template <class F>
  static auto rounded(const math::real& g) {
    return math::tan_rounded<F>(g);
  }
};

}  // namespace dmlref::ops
