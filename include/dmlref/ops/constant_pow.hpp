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

#include <cstdint>
#include <optional>

#include "dmlref/core/tolerance.hpp"
#include "dmlref/math/exact_pow.hpp"
#include "dmlref/ops/scale_bias.hpp"
#include "dmlref/ops/support.hpp"

namespace dmlref::ops {

/// The default comparison for POW and CONSTANT_POW outputs (the WebNN conformance figures).
constexpr tolerance pow_default_tolerance(data_type output) noexcept {
  if (output == data_type::float32) return tolerance::ulp(32);
  if (output == data_type::float16) return tolerance::ulp(2);
  return tolerance::exact();
}
/// How far the fast path may be from golden for POW and CONSTANT_POW.
constexpr std::uint64_t pow_fast_ulp_budget(data_type output) noexcept {
  if (output == data_type::float32) return 2;
  if (output == data_type::float16) return 1;
  return 0;
}

/// pow on exact values, rounded once to the float element type T.
template <class T>
T pow_rounded(const math::real& base, const math::real& exponent) {
  using F = typename math::format_of<T>::type;
  using o = math::pow_outcome;
  const auto plan = math::plan_pow(base, exponent);
  math::real r;
  r.negative = plan.negative;
  switch (plan.outcome) {
    case o::nan: r.cls = math::fp_class::nan; r.negative = false; return math::round_real<T>(r);
    case o::zero: r.cls = math::fp_class::zero; return math::round_real<T>(r);
    case o::infinity: r.cls = math::fp_class::infinite; return math::round_real<T>(r);
    case o::one: r.cls = math::fp_class::normal; r.magnitude = {false, 1, 0, false}; return math::round_real<T>(r);
    case o::magnitude: break;
  }
  auto bits = math::pow_magnitude_rounded<F>(base.magnitude, exponent);
  if (plan.negative) bits = static_cast<decltype(bits)>(bits | F::sign_mask);
  return math::from_bits<T>(bits);
}

struct constant_pow {
  static constexpr const char* dml_name = "ELEMENT_WISE_CONSTANT_POW";
  static constexpr feature_level introduced = feature_level::level_1_0;
  static constexpr bool allows_in_place = true;

  static status check_support(feature_level level, data_type input, data_type output) {
    if (auto s = check_type(input, float_types, "InputTensor", dml_name, level); !s.ok()) return s;
    return check_same_type(output, input, "OutputTensor", "InputTensor", dml_name);
  }
  static constexpr std::uint64_t fast_ulp_budget(data_type output) noexcept {
    return pow_fast_ulp_budget(output);
  }
  static constexpr tolerance default_tolerance(data_type output) noexcept {
    return pow_default_tolerance(output);
  }

  float exponent = 1.0f;
  std::optional<scale_bias> scale_and_bias = std::nullopt;

  /// Golden, for T = float or float16.
  template <class T>
  T operator()(T x) const {
    return pow_rounded<T>(scaled_input(x, scale_and_bias), math::to_real(exponent));
  }
  template <class T>
  bool defined(T) const noexcept {
    return true;
  }
};

}  // namespace dmlref::ops
