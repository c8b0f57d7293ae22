#pragma once
// ELEMENT_WISE_ATAN
//
// Formula      y = atan g, g = x, or fma(x, Scale, Bias) rounded once to FLOAT32 when ScaleBias
//              is given (ops/scale_bias.hpp).
// Specials     C's atan (ISO C Annex F): atan(+-0) = +-0, atan(+-Inf) = +-pi/2 rounded; NaN gives
//              the canonical quiet NaN (positive, payload dropped) [unverified: a GPU may keep
//              the input's payload]. Subnormal inputs are kept (atan g rounds to g there).
//              DirectML's page states no special values.
// Rounding     golden: the exact real atan g rounded once to the output type, to nearest with
//              ties to even (math/inverse_trig.hpp: a table of atan(i/8) and a series in
//              integer fixed point, the boundary decided by enclosures of tan's sin and cos).
// Undefined    nothing.
// Support      1_0: FLOAT32, FLOAT16; InputTensor and OutputTensor share the data type.
//              Dimensions: 4 before 3_0, 1 to 8 from 3_0. ScaleBias optional.
//              OutputTensor may alias InputTensor (in place).
// Budgets      golden: 0 ULP from the exact result, checked on every FLOAT16 input and sampled
//              FLOAT32 inputs (docs/reliability.md). fast: 2 ULP FLOAT32, 1 ULP FLOAT16 from
//              golden. Default comparison: 5 ULP FLOAT32, 2 ULP FLOAT16 (OpenCL's figures for
//              atan).

#include <optional>

#include "dmlref/dml/directml_types.hpp"
#include "dmlref/math/inverse_trig.hpp"
#include "dmlref/math/real.hpp"
#include "dmlref/ops/rounded_function.hpp"
#include "dmlref/ops/scale_bias.hpp"

namespace dmlref::ops {

struct atan : rounded_function<atan, feature_level::level_1_0, 5, 2> {
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ELEMENT_WISE_ATAN;

  std::optional<scale_bias> scale_and_bias = std::nullopt;

  /// The exact atan g rounded once to F, as F's bits.
  template <class F>
  static auto rounded(const math::real& g) {
    return math::atan_rounded<F>(g);
  }
};

}  // namespace dmlref::ops
