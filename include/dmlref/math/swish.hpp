#pragma once
// X sigmoid(t) = X / (1 + e^-t) correctly rounded to FLOAT32 or FLOAT16 (to nearest, ties to
// even), for the golden path of ACTIVATION_SWISH (X = |x|, t = SigmoidInputScale x).
//
// Contract: swish_rounded<F>(x, t_negative, t) returns the bits of X sigmoid(t) rounded once,
// where X = x > 0 is a dyadic of at most 24 significant bits (a FLOAT32 or FLOAT16 value) and
// t a finite nonzero dyadic of at most 48 significant bits (the exact product of two FLOAT32
// values) of sign t_negative. Callers answer t = 0 (X / 2, exact) themselves. The result is
// relative however small X sigmoid(t) (e^-t is never subtracted from anything).
//
// Method: math/exp_log.hpp's.
// 1. Approximation in integer fixed point: sigmoid(t) as Y 2^q within K units (derivations
//    beside sigmoid_of_product), times X's mantissa, cut to 63 bits.
// 2. Where Y - K and Y + K round alike, that is the answer. Otherwise the one boundary b
//    between them is decided exactly. With X and b integers on one exponent (P_X, P_b):
//      P_b >= P_X:  X sigmoid(t) < X <= b;
//      P_b <  P_X:  X sigmoid(t) <> b  <=>  e^-t <> (P_X - P_b) / P_b  <=>  t <> ln(P_b / (P_X - P_b)),
//    the logarithm of a ratio of (big) integers, of either sign, enclosed in fixed point
//    (ln_ratio_enclosure, math/log_enclosure.hpp's series) at a precision that doubles until
//    it separates from t (a dyadic, exact in fixed point).
// It always ends: X sigmoid(t) = b needs e^-t = (P_X - P_b) / P_b rational, which by
// Lindemann's theorem (e^z is transcendental for algebraic z != 0) no t != 0 gives. Past
// exp_log's max_guard_bits (never met) the approximation's centre is rounded.

#include <cstdint>

#include "dmlref/math/bigint.hpp"
#include "dmlref/math/exp_log.hpp"
#include "dmlref/math/log_enclosure.hpp"
#include "dmlref/math/real.hpp"
#include "dmlref/math/scaled_expm1.hpp"
#include "dmlref/math/sigmoid.hpp"
#include "dmlref/math/softplus.hpp"

namespace dmlref::math {

namespace detail_swish {

using detail_exp_log::approximation;
using detail_softplus::signed_fixed;

/// sigmoid(t) for t = +-M 2^e finite nonzero (M < 2^48), t < 128 and t > -256, as Y 2^q
/// within K units.
///
/// |t| < 2^-30: sigmoid t = 1/2 + t/4 - t^3/48 + ..., the rest below 2^-93: at 2^-63,
/// 2^62 +- floor(|t| 2^61) within 2 units.
/// 2^-30 <= |t| < 128: math/sigmoid.hpp's sigmoid_approximation (K = 16), whose derivation
/// holds for 48-bit mantissas: t's lowest bit is at 2^-77 or above, as exp_approximation needs.
/// -256 < t <= -128: sigmoid t = E / (1 + E) with E = e^t < 2^-184, so E within 2^-184 of
/// itself: E from math/softplus.hpp's exp_of_negative (within 35 units of Y_E >= 2^62), plus
/// 1 unit.
inline approximation sigmoid_of_product(bool t_negative, const exact_binary& t) noexcept {
  const int top = detail_exp_log::leading_exponent(t);
  if (top < -30) {
    const int shift = t.exponent + 61;
    const std::uint64_t quarter = shift >= 0 ? t.mantissa << shift : (-shift >= 64 ? 0 : t.mantissa >> -shift);
    const std::uint64_t half = std::uint64_t{1} << 62;
    return {t_negative ? half - quarter : half + quarter, -63, 2};
  }
  if (top < 7) return detail_sigmoid::sigmoid_approximation(t_negative, t);
  const approximation e = detail_softplus::exp_of_negative(t);
  return {e.mantissa, e.exponent, e.error + 1};
}

/// The sign of X sigmoid(t) - b for X > 0, t finite nonzero and b > 0 exact; known = false
/// past exp_log's max_guard_bits.
inline int compare_swish(const exact_binary& x, bool t_negative, const exact_binary& t, const exact_binary& b,
                         bool& known) {
  using detail_exp_log::first_guard_bits;
  using detail_exp_log::max_guard_bits;
  known = false;
  const int e0 = x.exponent < b.exponent ? x.exponent : b.exponent;
  const bigint big_x = bigint(x.mantissa).shifted_left(static_cast<std::uint64_t>(x.exponent - e0));
  const bigint big_b = bigint(b.mantissa).shifted_left(static_cast<std::uint64_t>(b.exponent - e0));
  if (compare(big_b, big_x) >= 0) return known = true, -1;  // X sigmoid(t) < X <= b
  const bigint rest = big_x - big_b;
  // L = ln(P_b / rest): positive where P_b > rest, negative where below, 0 where equal.
  const int order = compare(big_b, rest);
  // The precision starts where a small |t| is visible (only a start: it doubles).
  const int t_top = detail_exp_log::leading_exponent(t);
  const auto extra = static_cast<std::uint64_t>(t_top < 0 ? -t_top : 0);
  for (auto guard = first_guard_bits; guard <= max_guard_bits; guard *= 2) {
    const std::uint64_t precision = guard + 32 + extra;
    const fixed_enclosure te = dyadic_enclosure(bigint(t.mantissa), static_cast<std::int64_t>(precision) + t.exponent);
    const signed_fixed t_low{t_negative, t_negative ? te.hi : te.lo};
    const signed_fixed t_high{t_negative, t_negative ? te.lo : te.hi};
    signed_fixed l_low, l_high;  // 0 where order == 0
    if (order > 0) {
      const fixed_enclosure l = ln_ratio_enclosure(big_b, rest, precision);
      l_low = {false, l.lo};
      l_high = {false, l.hi};
    } else if (order < 0) {
      const fixed_enclosure l = ln_ratio_enclosure(rest, big_b, precision);
      l_low = {true, l.hi};
      l_high = {true, l.lo};
    }
    if (detail_softplus::compare(t_low, l_high) > 0) return known = true, 1;
    if (detail_softplus::compare(t_high, l_low) < 0) return known = true, -1;
  }
  return 0;
}

}  // namespace detail_swish

/// X sigmoid(t) rounded once to F, as F's bit pattern (see the top of this file).
template <class F>
typename F::bits_type swish_rounded(const exact_binary& x, bool t_negative, const exact_binary& t) {
  using namespace detail_swish;
  const int top = detail_exp_log::leading_exponent(t);
  // t >= 128: 1 - sigmoid t < e^-128 < 2^-184; X (1 - 2^-184) rounds to X, which the format
  // holds (its neighbour below lies at least 2^-24 of X away).
  if (!t_negative && top >= 7) return detail::round_to_format<F>(x);
  // t <= -256: X sigmoid t < 2^128 e^-256 < 2^-241, below half the smallest subnormal.
  if (t_negative && top >= 8) return 0;
  const approximation a = detail_scaled_expm1::scaled(sigmoid_of_product(t_negative, t), x);
  return detail_exp_log::round_approximation<F>(a, [&](const exact_binary& b, bool& known) {
    return compare_swish(x, t_negative, t, b, known);
  });
}

}  // namespace dmlref::math
