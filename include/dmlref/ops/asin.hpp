#pragma once
// ELEMENT_WISE_ASIN
//
// Formula      y = asin g, g = x, or fma(x, Scale, Bias) rounded once to FLOAT32 when ScaleBias
//              is given (ops/scale_bias.hpp).
// Specials     C's asin (ISO C Annex F): asin(+-0) = +-0, asin(+-1) = +-pi/2 rounded; |g| > 1
//              (Inf included) is NaN; NaN gives the canonical quiet NaN (positive, payload
//              dropped) [unverified: a GPU may keep the input's payload]. Subnormal inputs are
//              kept (asin g rounds to g there). DirectML's page states no special values.
// Rounding     golden: the exact real asin g rounded once to the output type, to nearest with
//              ties to even (math/inverse_trig.hpp: atan(g / sqrt(1 - g^2)) in integer fixed
//              point, the boundary b decided as |g| <> sin b by sin b's enclosure).
// Undefined    nothing.
// Support      1_0: FLOAT32, FLOAT16; InputTensor and OutputTensor share the data type.
//              Dimensions: 4 before 3_0, 1 to 8 from 3_0. ScaleBias optional.
//              OutputTensor may alias InputTensor (in place).
// Budgets      golden: 0 ULP from the exact result, checked on every FLOAT16 input and sampled
//              FLOAT32 inputs (docs/reliability.md). fast: 2 ULP FLOAT32, 1 ULP FLOAT16 from
//              golden. Default comparison: 4 ULP FLOAT32, 2 ULP FLOAT16 (OpenCL's figures for
//              asin).

#include <optional>

#include "dmlref/dml/directml_types.hpp"
#include "dmlref/math/inverse_trig.hpp"
#include "dmlref/math/real.hpp"
#include "dmlref/ops/rounded_function.hpp"
#include "dmlref/ops/scale_bias.hpp"

namespace dmlref::ops {

struct asin : rounded_function<asin, feature_level::level_1_0, 4, 2> {
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ELEMENT_WISE_ASIN;

  std::optional<scale_bias> scale_and_bias = std::nullopt;

  /// The exact asin g rounded once to F, as F's bits.
  template <class F>
  static auto rounded(const math::real& g) {
    return math::asin_rounded<F>(g);
  }
};

}  // namespace dmlref::ops
