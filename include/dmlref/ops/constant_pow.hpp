#pragma once
// ELEMENT_WISE_CONSTANT_POW
//
// Formula      y = pow(g, Exponent), g = x, or fma(x, Scale, Bias) rounded once to FLOAT32
//              when ScaleBias is given; Exponent is a FLOAT32 attribute.
// Specials     C's pow (ISO C Annex F): pow(g, +-0) = 1 for every g, NaN included;
//              pow(+1, e) = 1 for every e, NaN included; pow(+-0, e < 0) = +-Inf (odd
//              integer e) or +Inf; pow(+-0, e > 0) = +-0 (odd integer e) or +0;
//              pow(-1, +-Inf) = 1; |g| < 1: pow(g, -Inf) = +Inf, pow(g, +Inf) = +0; |g| > 1
//              the reverse; pow(-Inf, e) = -0/-Inf for odd integer e < 0 / > 0, else +0/+Inf;
//              pow(+Inf, e) = +0 for e < 0, +Inf for e > 0; otherwise NaN in gives NaN.
//              A negative finite base with an integral exponent gives the signed power (odd
//              -> negative); with a non-integral exponent, NaN (DirectML's rule, also C's).
//              Subnormal inputs and results are kept.
// Rounding     golden: the exact real g^Exponent rounded once to the output type, to nearest
//              with ties to even (math/exact_pow.hpp).
// Undefined    nothing.
// Support      1_0: FLOAT32, FLOAT16; InputTensor and OutputTensor share the data type.
//              Dimensions: 4 before 3_0, 1 to 8 from 3_0. ScaleBias optional.
//              OutputTensor may alias InputTensor (in place).
// Budgets      golden: 0 ULP from the exact result. fast: fast_ulp_budget (2 FLOAT32 / 1
//              FLOAT16 ULP from golden). Default comparison: 32 ULP FLOAT32, 2 ULP FLOAT16.

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "dmlref/core/tolerance.hpp"
#include "dmlref/dml/directml_types.hpp"
#include "dmlref/ops/families.hpp"
#include "dmlref/ops/operator_traits.hpp"
#include "dmlref/ops/pow_rounding.hpp"
#include "dmlref/ops/scale_bias.hpp"
#include "dmlref/ops/support.hpp"

namespace dmlref::ops {

struct constant_pow : unary<constant_pow, support_table<since<feature_level::level_1_0, float_elements>>> {
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ELEMENT_WISE_CONSTANT_POW;

  float exponent = 1.0f;
  std::optional<scale_bias> scale_and_bias = std::nullopt;

  constexpr constant_pow(float e = 1.0f, std::optional<scale_bias> sb = std::nullopt) noexcept
      : exponent(e), scale_and_bias(sb) {}

  static constant_pow from_attributes(const dml::attribute_values& a) noexcept {
    return {a["Exponent"].as_float(), scale_bias_of(a)};
  }
  dml::attribute_values attributes() const {
    dml::attribute_values a(schema_of<constant_pow>());
    a.set("Exponent", dml::attribute_value::of_float(exponent));
    return with_scale_bias(a, scale_and_bias);
  }
  /// Exponents the case generator and the generic tests use.
  static std::vector<dml::attribute_values> attribute_samples() {
    std::vector<dml::attribute_values> samples;
    for (const float e : {2.0f, 0.5f, 3.0f, -1.0f, 2.2f, 1.0f / 3.0f}) {
      dml::attribute_values a(schema_of<constant_pow>());
      a.set("Exponent", dml::attribute_value::of_float(e));
      samples.push_back(a);
    }
    return samples;
  }

  // Budgets.
  static constexpr std::uint64_t fast_ulp_budget(data_type output) noexcept {
    return detail::float_pow_fast_ulp_budget(output);
  }
  static constexpr tolerance default_tolerance(const operation_types& t) noexcept {
    return detail::float_pow_default_tolerance(t.type[slot::output]);
  }

  /// Golden, for T = float or float16.
  template <class T>
  T operator()(T x) const {
    return detail::pow_rounded<T>(scaled_input(x, scale_and_bias), math::to_real(exponent));
  }
  template <class T>
  bool defined(T) const noexcept {
    return true;
  }
};

}  // namespace dmlref::ops
