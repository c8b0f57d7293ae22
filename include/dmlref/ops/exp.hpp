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

#include <cstdint>
#include <optional>

#include "dmlref/core/tolerance.hpp"
#include "dmlref/dml/directml_types.hpp"
#include "dmlref/math/exp_log.hpp"
#include "dmlref/math/real.hpp"
#include "dmlref/ops/families.hpp"
#include "dmlref/ops/operator_traits.hpp"
#include "dmlref/ops/scale_bias.hpp"
#include "dmlref/ops/support.hpp"

namespace dmlref::ops {

struct exp : unary<exp, support_table<since<feature_level::level_1_0, float_elements>>> {
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ELEMENT_WISE_EXP;

  std::optional<scale_bias> scale_and_bias = std::nullopt;

  static exp from_attributes(const dml::attribute_values& a) noexcept { return exp{{}, scale_bias_of(a)}; }
  dml::attribute_values attributes() const { return with_scale_bias(dml::attribute_values(schema_of<exp>()), scale_and_bias); }

  // Budgets.
  static constexpr std::uint64_t fast_ulp_budget(data_type output) noexcept {
    return output == data_type::float16 ? 1 : 2;
  }
  static constexpr tolerance default_tolerance(const operation_types& t) noexcept {
    return t.type[slot::output] == data_type::float16 ? tolerance::ulp(1) : tolerance::ulp(32);
  }

  /// Golden, for T = float or float16.
  template <class T>
  T operator()(T x) const {
    using F = typename math::format_of<T>::type;
    return math::from_result_bits<T>(math::exp_rounded<F>(scaled_input(x, scale_and_bias)));
  }
  template <class T>
  bool defined(T) const noexcept {
    return true;
  }
};

}  // namespace dmlref::ops
