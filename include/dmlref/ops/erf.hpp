#pragma once
// ELEMENT_WISE_ERF
//
// Formula      y = erf g = 2/sqrt(pi) integral_0^g e^(-t^2) dt, g = x, or fma(x, Scale, Bias)
//              rounded once to FLOAT32 when ScaleBias is given (ops/scale_bias.hpp).
// Specials     C's erf (ISO C Annex F): erf(+-0) = +-0, erf(+-Inf) = +-1; NaN gives the
//              canonical quiet NaN (positive, payload dropped) [unverified: a GPU may keep the
//              input's payload]. Subnormal inputs are kept (erf g rounds to 2/sqrt(pi) g's
//              neighbour there). DirectML's page states no special values.
// Rounding     golden: the exact real erf g rounded once to the output type, to nearest with
//              ties to even (math/erf.hpp).
// Undefined    nothing.
// Support      2_0: FLOAT32, FLOAT16; InputTensor and OutputTensor share the data type.
//              Dimensions: 4 before 3_0, 1 to 8 from 3_0. ScaleBias optional.
//              OutputTensor may alias InputTensor (in place).
// Budgets      golden: 0 ULP from the exact result, checked on every FLOAT16 input and sampled
//              FLOAT32 inputs (docs/reliability.md). fast: 2 ULP FLOAT32, 1 ULP FLOAT16 from
//              golden. Default comparison: 16 ULP FLOAT32, 2 ULP FLOAT16 (OpenCL's figures
//              for erf; WebNN's conformance tests judge erf by an absolute error of 1/1024,
//              1/512 in FLOAT16, instead).

#include <optional>

#include "dmlref/dml/directml_types.hpp"
#include "dmlref/math/erf.hpp"
#include "dmlref/math/real.hpp"
#include "dmlref/ops/rounded_function.hpp"
#include "dmlref/ops/scale_bias.hpp"

namespace dmlref::ops {

struct erf : rounded_function<erf, feature_level::level_2_0, 16, 2> {
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ELEMENT_WISE_ERF;

  std::optional<scale_bias> scale_and_bias = std::nullopt;

  /// The exact erf g rounded once to F, as F's bits.
  template <class F>
  static auto rounded(const math::real& g) {
    return math::erf_rounded<F>(g);
  }
};

}  // namespace dmlref::ops
