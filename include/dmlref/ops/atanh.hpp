#pragma once
// ELEMENT_WISE_ATANH
//
// Formula      y = atanh g = ln((1 + g)/(1 - g))/2, g = x, or fma(x, Scale, Bias) rounded once to
//              FLOAT32 when ScaleBias is given (ops/scale_bias.hpp).
// Specials     C's atanh (ISO C Annex F): atanh(+-0) = +-0, atanh(+-1) = +-Inf, atanh g = NaN
//              for |g| > 1 (+-Inf included); NaN gives the canonical quiet NaN (positive,
//              payload dropped) [unverified: a GPU may keep the input's payload]. Subnormal
//              inputs are kept (atanh g rounds to g there in FLOAT32). DirectML's page states
//              no special values.
// Rounding     golden: the exact real atanh g rounded once to the output type, to nearest with
//              ties to even (math/hyperbolic.hpp).
// Undefined    nothing.
// Support      2_0: FLOAT32, FLOAT16; InputTensor and OutputTensor share the data type.
//              Dimensions: 4 before 3_0, 1 to 8 from 3_0. ScaleBias optional.
//              OutputTensor may alias InputTensor (in place).
// Budgets      golden: 0 ULP from the exact result, checked on every FLOAT16 input and sampled
//              FLOAT32 inputs, every FLOAT32 input under the sweep label (docs/reliability.md).
//              fast: 2 ULP FLOAT32, 1 ULP FLOAT16 from golden.
//              Default comparison: 5 ULP FLOAT32, 2 ULP FLOAT16 (OpenCL's figures for atanh; WebNN has no atanh).

#include <optional>

#include "dmlref/dml/directml_types.hpp"
#include "dmlref/math/hyperbolic.hpp"
#include "dmlref/math/real.hpp"
#include "dmlref/ops/rounded_function.hpp"
#include "dmlref/ops/scale_bias.hpp"

namespace dmlref::ops {

struct atanh : rounded_function<atanh, feature_level::level_2_0, 5, 2> {
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ELEMENT_WISE_ATANH;

  std::optional<scale_bias> scale_and_bias = std::nullopt;

  /// The exact atanh g rounded once to F, as F's bits.
  template <class F>
  static auto rounded(const math::real& g) {
    return math::atanh_rounded<F>(g);
  }
};

}  // namespace dmlref::ops
