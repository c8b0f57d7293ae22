#pragma once
// ACTIVATION_SOFTSIGN
//
// Formula      y = x / (1 + |x|).
// Rounding     the exact real of the whole formula rounded once to the output type, to
//              nearest with ties to even, never the rounded denominator's quotient: for
//              2^-30 <= |x| <= 2^40 the denominator 1 + |x| is exact in 64 bits (math::add)
//              and the quotient is formed exactly up to sticky (math::divide); below, the
//              result x * (1 - |x| + ...) lies within 2^-30 relative of x, closer than half a
//              unit, so it rounds to x itself; above, it lies within 2^-40 of +-1 and rounds to
//              +-1. Subnormals are kept.
// Specials     +-0 gives +-0 (the sign kept), +-Inf gives +-1, NaN the positive quiet NaN.
//              [unverified: DirectML's page states no special values]
// Undefined    nothing.
// Support      InputTensor and OutputTensor share one data type.
//              1_0: FLOAT32, FLOAT16. Dimensions: 4 before 3_0 (DirectML's 2_0 table says 4
//              to 5; dmlref keeps its shared rule of exactly 4), 1 to 8 from 3_0. OutputTensor
//              may alias InputTensor (in place).
// Budgets      golden: exact. fast: within 1 ULP (fast_ulp_budget 1): x / (1 + |x|) in double
//              lanes (two roundings to 53 bits) before the rounding to the output type, +-Inf
//              giving +-1. Default comparison: 3 ULP (WebNN's GPU suite's figure for
//              softsign).

#include <cstdint>

#include "dmlref/core/tolerance.hpp"
#include "dmlref/dml/directml_types.hpp"
#include "dmlref/math/exact_arith.hpp"
#include "dmlref/math/exact_quotient.hpp"
#include "dmlref/math/real.hpp"
#include "dmlref/ops/families.hpp"
#include "dmlref/ops/support.hpp"

namespace dmlref::ops {

struct activation_softsign : unary<activation_softsign, support_table<since<feature_level::level_1_0, float_elements>>> {
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ACTIVATION_SOFTSIGN;
  static activation_softsign from_attributes(const dml::attribute_values&) noexcept { return {}; }

  // Budgets.
  static constexpr std::uint64_t fast_ulp_budget(data_type) noexcept { return 1; }
  static constexpr tolerance default_tolerance(const operation_types&) noexcept { return tolerance::ulp(3); }

  /// Golden, for T = float or float16.
  template <class T>
  T operator()(T x) const noexcept {
    const math::real r = math::to_real(x);
    if (r.is_nan()) return math::round_real<T>(math::real{math::fp_class::nan, false, {}});  // the positive quiet NaN
    if (r.is_zero()) return x;
    math::real one = math::to_real(1.0f);
    if (r.is_infinite()) {
      one.negative = r.negative;
      return math::round_real<T>(one);
    }
    // The leading bit's exponent of |x|.
    const int lead = dmlref::detail::bit_width(r.magnitude.mantissa) - 1 + r.magnitude.exponent;
    if (lead < -30) return x;
    if (lead > 40) {
      one.negative = r.negative;
      return math::round_real<T>(one);
    }
    math::real magnitude = r;
    magnitude.negative = false;
    return math::round_real<T>(math::divide(r, math::add(one, magnitude)));  // the sum is exact here
  }
  template <class T>
  bool defined(T) const noexcept {
    return true;
  }
};

}  // namespace dmlref::ops
