#pragma once
// C tanh|t| correctly rounded to FLOAT32 or FLOAT16 (to nearest, ties to even), for the golden
// path of ACTIVATION_SCALED_TANH (t = Beta x, C = |Alpha|).
//
// Contract: scaled_tanh_rounded<F>(t, c) returns the bits of C tanh|t| rounded once, where
// |t| = t is a finite nonzero dyadic of at most 48 significant bits (the exact product of two
// FLOAT32 values) and C = c > 0 a dyadic of at most 24 significant bits. The result is
// relative however small |t| (tanh z = z (1 - z^2/3 + ...) is never formed as a difference),
// and may overflow FLOAT16 (C up to FLOAT32's largest value).
//
// Method: math/exp_log.hpp's.
// 1. Approximation in integer fixed point: tanh|t| as Y 2^q within K units (math/tanh.hpp's
//    tanh_approximation below 16; above, 1 - tanh|t| < 2 e^-32 < 2^-45 and tanh|t| is 1
//    within 2^-45), times C's mantissa, cut to 63 bits.
// 2. Where Y - K and Y + K round alike, that is the answer. Otherwise the one boundary b
//    between them is decided exactly. With C and b integers on one exponent (P_C, P_b):
//      P_b >= P_C:  C tanh|t| < C <= b;
//      P_b <  P_C:  C tanh|t| <> b  <=>  tanh|t| <> P_b / P_C  <=>  2|t| <> ln((P_C + P_b) / (P_C - P_b)),
//    the logarithm of a ratio of integers enclosed in fixed point (ln_ratio_enclosure,
//    math/log_enclosure.hpp's series) at a precision that doubles until it separates from
//    2|t| (a dyadic, exact in fixed point).
// It always ends: C tanh|t| = b needs e^(2|t|) = (P_C + P_b) / (P_C - P_b) rational, which by
// Lindemann's theorem (e^z is transcendental for algebraic z != 0) no t != 0 gives. Past
// exp_log's max_guard_bits (never met) the approximation's centre is rounded.

#include <cstdint>

#include "dmlref/math/bigint.hpp"
#include "dmlref/math/exp_log.hpp"
#include "dmlref/math/log_enclosure.hpp"
#include "dmlref/math/real.hpp"
#include "dmlref/math/scaled_expm1.hpp"
#include "dmlref/math/tanh.hpp"

namespace dmlref::math {

namespace detail_scaled_tanh {

using detail_exp_log::approximation;

/// tanh|t| for t = M 2^e finite nonzero (M < 2^48) as Y 2^q within K units.
///
/// |t| < 16: math/tanh.hpp's tanh_approximation, whose derivation holds for 48-bit mantissas:
/// below 1/16, M^2 < 2^96 and M S62 < 2^110 fit its 128-bit words and the cut's error bound
/// does not depend on M's width; above, 2|t| < 32 has its lowest bit at 2^-50 or above, as
/// exp_approximation needs (|x| 2^120 exact in 128 bits).
/// |t| >= 16: tanh|t| in (1 - 2^-45, 1): Y = 2^62 at 2^-62 within 2^17 units; K = 2^18.
inline approximation tanh_of_product(const exact_binary& t) noexcept {
  if (detail_exp_log::leading_exponent(t) >= 4) return {std::uint64_t{1} << 62, -62, std::uint64_t{1} << 18};
  return detail_tanh::tanh_approximation(t);
}

/// The sign of C tanh|t| - b for t finite nonzero, C > 0 and b > 0 exact; known = false past
/// exp_log's max_guard_bits.
inline int compare_scaled_tanh(const exact_binary& t, const exact_binary& c, const exact_binary& b, bool& known) {
  using detail_exp_log::first_guard_bits;
  using detail_exp_log::max_guard_bits;
  known = false;
  const int e0 = c.exponent < b.exponent ? c.exponent : b.exponent;
  const bigint big_c = bigint(c.mantissa).shifted_left(static_cast<std::uint64_t>(c.exponent - e0));
  const bigint big_b = bigint(b.mantissa).shifted_left(static_cast<std::uint64_t>(b.exponent - e0));
  if (compare(big_b, big_c) >= 0) return known = true, -1;  // C tanh|t| < C <= b
  const bigint p = big_c + big_b;
  const bigint q = big_c - big_b;
  // The precision starts where a small |t| is visible (only a start: it doubles).
  const int t_top = detail_exp_log::leading_exponent(t);
  const auto extra = static_cast<std::uint64_t>(t_top < 0 ? -t_top : 0);
  for (auto guard = first_guard_bits; guard <= max_guard_bits; guard *= 2) {
    const std::uint64_t precision = guard + 32 + extra;
    // 2|t| 2^precision, exactly or between its floor and ceiling.
    const fixed_enclosure lhs = dyadic_enclosure(bigint(t.mantissa), static_cast<std::int64_t>(precision) + t.exponent + 1);
    const fixed_enclosure rhs = ln_ratio_enclosure(p, q, precision);
    if (compare(lhs.lo, rhs.hi) > 0) return known = true, 1;
    if (compare(lhs.hi, rhs.lo) < 0) return known = true, -1;
  }
  return 0;
}

}  // namespace detail_scaled_tanh

/// C tanh|t| rounded once to F, as F's bit pattern (see the top of this file).
template <class F>
typename F::bits_type scaled_tanh_rounded(const exact_binary& t, const exact_binary& c) {
  using namespace detail_scaled_tanh;
  const approximation a = detail_scaled_expm1::scaled(tanh_of_product(t), c);
  return detail_exp_log::round_approximation<F>(a, [&](const exact_binary& b, bool& known) {
    return compare_scaled_tanh(t, c, b, known);
  });
}

}  // namespace dmlref::math
