#pragma once
// ELEMENT_WISE_TANH
//
// Formula      y = tanh g, g = x, or fma(x, Scale, Bias) rounded once to FLOAT32 when
//              ScaleBias is given (ops/scale_bias.hpp).
// Specials     C's tanh (ISO C Annex F): tanh(+-0) = +-0, tanh(+-Inf) = +-1; NaN gives the
//              canonical quiet NaN (positive, payload dropped) [unverified: a GPU may keep the
//              input's payload]. Subnormal inputs are kept (tanh g rounds to g there in
//              FLOAT32). DirectML's page states no special values.
// Rounding     golden: the exact real tanh g rounded once to the output type, to nearest with
//              ties to even (math/tanh.hpp).
// Undefined    nothing.
// Support      2_0: FLOAT32, FLOAT16; InputTensor and OutputTensor share the data type.
//              Dimensions: 4 before 3_0, 1 to 8 from 3_0. ScaleBias optional.
//              OutputTensor may alias InputTensor (in place).
// Budgets      golden: 0 ULP from the exact result, proven on every FLOAT32 and FLOAT16 input
//              (docs/reliability.md). fast: 2 ULP FLOAT32, 1 ULP FLOAT16 from golden.
//              Default comparison: 16 ULP FLOAT32, 2 ULP FLOAT16 (WebNN's conformance figure
//              for tanh in FLOAT32; OpenCL allows 5 ULP FLOAT32, 2 ULP FLOAT16).

#include <optional>

#include "dmlref/dml/directml_types.hpp"
#include "dmlref/math/real.hpp"
#include "dmlref/math/tanh.hpp"
#include "dmlref/ops/rounded_function.hpp"
#include "dmlref/ops/scale_bias.hpp"

namespace dmlref::ops {

struct tanh : rounded_function<tanh, feature_level::level_2_0, 16, 2> {
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ELEMENT_WISE_TANH;

  std::optional<scale_bias> scale_and_bias = std::nullopt;

  /// The exact tanh g rounded once to F, as F's bits.
  template <class F>
  static auto rounded(const math::real& g) {
    return math::tanh_rounded<F>(g);
  }
};

}  // namespace dmlref::ops
