#pragma once
// What POW and CONSTANT_POW share: the correctly rounded pow of two exact values on float
// outputs, the fast path's budget and the default comparison of float outputs.

#include <cstdint>

#include "dmlref/core/data_type.hpp"
#include "dmlref/core/tolerance.hpp"
#include "dmlref/math/exact_pow.hpp"
#include "dmlref/math/real.hpp"

namespace dmlref::ops::detail {

/// The default comparison of a float pow output (the WebNN conformance figures).
constexpr tolerance float_pow_default_tolerance(data_type output) noexcept {
  return output == data_type::float16 ? tolerance::ulp(2) : tolerance::ulp(32);
}

/// How far the fast path's float pow may be from golden: 2 ULP FLOAT32, 1 ULP FLOAT16.
constexpr std::uint64_t float_pow_fast_ulp_budget(data_type output) noexcept {
  return output == data_type::float16 ? 1 : 2;
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
  return math::from_result_bits<T>(bits);
}

}  // namespace dmlref::ops::detail
