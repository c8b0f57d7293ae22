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

#include <cstdint>
#include <optional>

#include "dmlref/core/tolerance.hpp"
#include "dmlref/dml/directml_types.hpp"
#include "dmlref/math/real.hpp"
#include "dmlref/math/trig.hpp"
#include "dmlref/ops/families.hpp"
#include "dmlref/ops/operator_traits.hpp"
#include "dmlref/ops/scale_bias.hpp"
#include "dmlref/ops/support.hpp"

namespace dmlref::ops {

struct cos : unary<cos, support_table<since<feature_level::level_1_0, float_elements>>> {
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ELEMENT_WISE_COS;

  std::optional<scale_bias> scale_and_bias = std::nullopt;

  static cos from_attributes(const dml::attribute_values& a) noexcept { return cos{{}, scale_bias_of(a)}; }
  dml::attribute_values attributes() const { return with_scale_bias(dml::attribute_values(schema_of<cos>()), scale_and_bias); }

  // Budgets.
  static constexpr std::uint64_t fast_ulp_budget(data_type output) noexcept {
    return output == data_type::float16 ? 1 : 2;
  }
  static constexpr tolerance default_tolerance(const operation_types& t) noexcept {
    return t.type[slot::output] == data_type::float16 ? tolerance::ulp(2) : tolerance::ulp(4);
  }

  /// Golden, for T = float or float16.
  template <class T>
  T operator()(T x) const {
    using F = typename math::format_of<T>::type;
    return math::from_result_bits<T>(math::cos_rounded<F>(scaled_input(x, scale_and_bias)));
  }
  template <class T>
  bool defined(T) const noexcept {
    return true;
  }
};

}  // namespace dmlref::ops
