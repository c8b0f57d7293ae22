#pragma once
// ELEMENT_WISE_ASINH
//
// Formula      y = asinh g = ln(g + sqrt(g^2 + 1)), g = x, or fma(x, Scale, Bias) rounded once to
//              FLOAT32 when ScaleBias is given (ops/scale_bias.hpp).
// Specials     C's asinh (ISO C Annex F): asinh(+-0) = +-0, asinh(+-Inf) = +-Inf; NaN gives the
//              canonical quiet NaN (positive, payload dropped) [unverified: a GPU may keep the
//              input's payload]. Subnormal inputs are kept (asinh g rounds to g there in
//              FLOAT32). DirectML's page states no special values.
// Rounding     golden: the exact real asinh g rounded once to the output type, to nearest with
//              ties to even (math/hyperbolic.hpp).
// Undefined    nothing.
// Support      2_0: FLOAT32, FLOAT16; InputTensor and OutputTensor share the data type.
//              Dimensions: 4 before 3_0, 1 to 8 from 3_0. ScaleBias optional.
//              OutputTensor may alias InputTensor (in place).
// Budgets      golden: 0 ULP from the exact result, checked on every FLOAT16 input and sampled
//              FLOAT32 inputs, every FLOAT32 input under the sweep label (docs/reliability.md).
//              fast: 2 ULP FLOAT32, 1 ULP FLOAT16 from golden.
//              Default comparison: 4 ULP FLOAT32, 2 ULP FLOAT16 (OpenCL's figures for asinh; WebNN has no asinh).

#include <optional>

#include "dmlref/dml/directml_types.hpp"
#include "dmlref/math/hyperbolic.hpp"
#include "dmlref/math/real.hpp"
#include "dmlref/ops/rounded_function.hpp"
#include "dmlref/ops/scale_bias.hpp"

namespace dmlref::ops {

struct asinh : rounded_function<asinh, feature_level::level_2_0, 4, 2> {
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ELEMENT_WISE_ASINH;

  std::optional<scale_bias> scale_and_bias = std::nullopt;

  /// The exact asinh g rounded once to F, as F's bits.
  template <class F>
  static auto rounded(const math::real& g) {
    return math::asinh_rounded<F>(g);
  }
};

}  // namespace dmlref::ops
