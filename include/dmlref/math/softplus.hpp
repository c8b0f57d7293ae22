#pragma once
// C ln(1 + e^t) correctly rounded to FLOAT32 or FLOAT16 (to nearest, ties to even), for the
// golden path of ACTIVATION_SOFTPLUS (t = Steepness x, C = 1 / Steepness) and
// ACTIVATION_PARAMETRIC_SOFTPLUS (t = Beta x, C = Alpha).
//
// Contract: softplus_rounded<F>(t_negative, t, c, divide) returns the bits of the magnitude
// |C| ln(1 + e^t) rounded once, where t is a finite dyadic of at most 48 significant bits
// (t = 0 allowed: ln 2) of sign t_negative, and |C| = c (divide false) or 1 / c (divide true),
// c > 0 a dyadic of at most 24 significant bits. Precondition: t < 128 (callers answer
// t >= 128 themselves: there ln(1 + e^t) lies strictly between t and t (1 + 2^-191), so the
// result is C t nudged upward, which for SOFTPLUS is x itself). The result is relative
// however small: for t -> -Inf, ln(1 + e^t) = e^t (1 - e^t/2 + ...) to full precision.
//
// Method: math/exp_log.hpp's.
// 1. Approximation in integer fixed point, L = ln(1 + e^t) as Y 2^q within K units
//    (derivations beside softplus_approximation), times or divided by c's mantissa.
// 2. Where Y - K and Y + K round alike, that is the answer. Otherwise the one boundary b
//    between them is decided exactly: with r = b / C (b c, or b / c: a ratio of integers),
//      C L <> b  <=>  L <> r  <=>  e^t <> e^r - 1  <=>  t <> ln(e^r - 1),
//    e^r - 1 enclosed in fixed point by its Taylor series after halving r below 1/2
//    (e^(2h) - 1 = E (E + 2) with E = e^h - 1, every step monotone), its logarithm by
//    ln_ratio_enclosure, at a precision that doubles until the enclosure excludes t.
// It always ends: ln(1 + e^t) = r for rationals t, r would make 1 + e^t - e^r = 0, which the
// Lindemann-Weierstrass theorem excludes (e^0, e^t and e^r are linearly independent over the
// algebraic numbers when 0, t and r are distinct; t = r gives 1 = 0; t = 0 gives r = ln 2;
// r = 0 gives e^t = 0).

#include <cstdint>

#include "dmlref/math/bigint.hpp"
#include "dmlref/math/exp_log.hpp"
#include "dmlref/math/log_enclosure.hpp"
#include "dmlref/math/real.hpp"
#include "dmlref/math/scaled_expm1.hpp"
#include "dmlref/math/tanh.hpp"

namespace dmlref::math {

namespace detail_softplus {

using detail_exp_log::approximation;
using detail_exp_log::multiply;
using detail_exp_log::multiply_shift;
using detail_exp_log::reciprocal_64;
using detail_exp_log::shift_left;
using detail_exp_log::shift_right;
using detail_exp_log::u128;

/// floor(2^64 / n), n = 2 .. 14: the coefficients of ln(1 + u) / u = 1 - u/2 + u^2/3 - ...
/// (indices 0 and 1 unused).
inline constexpr std::uint64_t inverse[15] = {0,
                                              0,
                                              reciprocal_64(2),
                                              reciprocal_64(3),
                                              reciprocal_64(4),
                                              reciprocal_64(5),
                                              reciprocal_64(6),
                                              reciprocal_64(7),
                                              reciprocal_64(8),
                                              reciprocal_64(9),
                                              reciprocal_64(10),
                                              reciprocal_64(11),
                                              reciprocal_64(12),
                                              reciprocal_64(13),
                                              reciprocal_64(14)};

/// e^-a for a = M 2^e exact, 2^-30 <= a < 256, as Y 2^q within K units (Y in [2^62, 2^63]
/// below 128, where math/exp_log.hpp's bound of 4 holds; above, the square of e^(-a/2) cut
/// to 63 bits, within 35 as math/scaled_expm1.hpp derives).
inline approximation exp_of_negative(const exact_binary& a) noexcept {
  if (detail_exp_log::leading_exponent(a) < 7) return detail_exp_log::exp_approximation(true, a);
  const exact_binary half{false, a.mantissa, a.exponent - 1, false};
  const approximation h = detail_exp_log::exp_approximation(true, half);
  const u128 square = multiply(h.mantissa, h.mantissa);
  const int width = detail_exp_log::bit_width(square);
  const int cut = width > 63 ? width - 63 : 0;
  return {shift_right(square, cut).lo, 2 * h.exponent + cut, 35};
}

/// ln(1 + e^t) for t = +-M 2^e (M < 2^48, t < 128, t > -256; M = 0 for t = 0) as Y 2^q
/// within K units, Y < 2^63.
///
/// |t| < 2^-30: ln(1 + e^t) = ln 2 + t/2 + t^2/8 - ..., the rest below t^2/8 < 2^-63: at
/// 2^-63, floor(ln 2 2^63) +- floor(|t| 2^62) within 3 units.
///
/// Otherwise u = e^-|t| = Y_E 2^q_E (Y_E in [2^62, 2^63], within K_E units) and g = ln(1 + u):
///   u < 2^-5: g = u G, G = 1 - u/2 + u^2/3 - ... + u^12/13 (the omitted tail is below
///     u^13/14 < 2^-68); U = floor(u 2^68) within 5 units (K_E 2^(q_E + 68) + 1, q_E <= -68);
///     Horner's rule on U at 2^-64 from floor(2^64/n), each step's error < 2.2 units; G at
///     2^-62 within 1.2 units. g = Y_E G62 cut to 63 bits: relatively within (K_E + 2.5) 2^-62,
///     so within 2 (K_E + 2.5) + 1 units: K = 2 K_E + 6.
///   u >= 2^-5: v = 1 + u, U62 = floor(u 2^62) within K_E/2 + 1 <= 19 units (q_E <= -63);
///     ln v = 2 atanh w, w = U62 / (2^63 + U62) <= 1/3, W = floor(w 2^64) (the 128-by-64-bit
///     division) short by < 1; S = sum of w^(2k+1)/(2k+1) at 2^-64, every product and
///     quotient floored: each term short by < 3, at most 21 terms, the tail below 3: S within
///     70 units; U62's error moves w by < 19 2^-62 (dw/dU = 2^63/(2^63 + U)^2 2^-62 <= 2^-61)
///     and 2 atanh w by 2.25 times that: ln v = 2S at 2^-64 within 140 + 171 < 320 units, and
///     at least ln(1 + 2^-5) 2^64 > 2^58.9.
/// t < 0: L = g. t > 0: L = t + g at 2^-62 in 128 bits, t floored there (1 unit), g shifted
/// there (K_g/2 + 1 units), then cut to 63 bits or lifted (L >= ln 2).
inline approximation softplus_approximation(bool t_negative, const exact_binary& t) noexcept {
  using detail_scaled_expm1::normalized;
  const std::uint64_t ln2_63 = detail_exp_log::ln2_128.hi >> 1;  // floor(ln 2 2^63)
  const int top = t.mantissa == 0 ? -1000 : detail_exp_log::leading_exponent(t);
  if (top < -30) {
    const int shift = t.exponent + 62;
    const std::uint64_t half =
        t.mantissa == 0 ? 0 : shift >= 0 ? t.mantissa << shift : (-shift >= 64 ? 0 : t.mantissa >> -shift);  // |t| 2^62
    return {t_negative ? ln2_63 - half : ln2_63 + half, -63, 3};
  }
  const approximation e = exp_of_negative(t);
  const int e_top = detail::bit_width(e.mantissa) - 1 + e.exponent;
  approximation g;
  if (e_top < -5) {
    const int down = -(e.exponent + 68);
    const std::uint64_t big_u = down >= 64 ? 0 : e.mantissa >> down;
    std::uint64_t h = inverse[14];
    for (int n = 13; n >= 2; --n) h = inverse[n] - multiply_shift(big_u, h, 68);
    const std::uint64_t g62 = (std::uint64_t{1} << 62) - multiply_shift(big_u, h, 70);
    const u128 product = multiply(e.mantissa, g62);
    const int width = detail_exp_log::bit_width(product);
    const int cut = width > 63 ? width - 63 : 0;
    g = {shift_right(product, cut).lo, e.exponent - 62 + cut, 2 * e.error + 6};
  } else {
    const int down = -(e.exponent + 62);
    const std::uint64_t u62 = e.mantissa >> down;
    const std::uint64_t denominator = (std::uint64_t{1} << 63) + u62;
    const std::uint64_t w = detail_tanh::divide_shifted(u62, denominator);
    const std::uint64_t w2 = multiply_shift(w, w, 64);
    std::uint64_t sum = w, power = w;
    for (std::uint64_t k = 1; power != 0; ++k) {
      power = multiply_shift(power, w2, 64);
      sum += power / (2 * k + 1);
    }
    g = normalized(2 * sum, -64, 320);
  }
  if (t_negative) return g;
  // t + g at 2^-62, in 128 bits.
  const int t_shift = t.exponent + 62;
  const u128 t62 = t_shift >= 0 ? shift_left(u128{0, t.mantissa}, t_shift) : shift_right(u128{0, t.mantissa}, -t_shift);
  const int g_down = -(g.exponent + 62);  // >= 1: g < 1 with 63 bits
  const u128 sum = t62 + u128{0, g_down >= 64 ? 0 : g.mantissa >> g_down};
  const std::uint64_t error = (g_down >= 64 ? 0 : g.error >> g_down) + 3;
  const int width = detail_exp_log::bit_width(sum);
  if (width <= 63) return normalized(sum.lo, -62, error);
  const int cut = width - 63;
  return {shift_right(sum, cut).lo, cut - 62, (error >> cut) + 2};
}

/// An approximation divided by the dyadic c (c.mantissa < 2^24): the quotient of the
/// mantissas (c's top bit moved to 2^63) floor(Y 2^64 / D) in [2^62, 2^64) scales the error
/// by 2^64 / D <= 2 and adds 1 unit; cut to 63 bits.
inline approximation divided(const approximation& a, const exact_binary& c) noexcept {
  const int wc = detail::bit_width(c.mantissa);
  const std::uint64_t d = c.mantissa << (64 - wc);
  const std::uint64_t q = detail_tanh::divide_shifted(a.mantissa, d);
  const int exponent = a.exponent - wc - c.exponent;
  return detail_scaled_expm1::normalized(q, exponent, 2 * a.error + 1);
}

/// A signed fixed-point value at some precision: (negative ? -1 : 1) magnitude.
struct signed_fixed {
  bool negative = false;
  bigint magnitude;
};
inline int compare(const signed_fixed& a, const signed_fixed& b) {
  const bool a_zero = a.magnitude.is_zero(), b_zero = b.magnitude.is_zero();
  const bool a_negative = a.negative && !a_zero, b_negative = b.negative && !b_zero;
  if (a_negative != b_negative) return a_negative ? -1 : 1;
  const int c = compare(a.magnitude, b.magnitude);
  return a_negative ? -c : c;
}

/// e^r - 1 for r in [R_lo, R_hi] 2^-P (0 <= R_lo <= R_hi): an enclosure at precision P.
/// Below 1/2, the Taylor series with floors from each end: the terms' deficits stay below 4
/// (each step's two floors add at most 2 and r/n <= 1/2 halves the rest), the series stops at
/// the first zero term, after which the exact tail is below 8, so the upper end adds 4n + 8. Above, r/2 at
/// precision P + 1 (the same integers), then E (E + 2) rounded outward, back to precision P.
inline fixed_enclosure expm1_enclosure(const bigint& r_lo, const bigint& r_hi, std::uint64_t precision) {
  const bigint half_unit = bigint(1).shifted_left(precision - 1);
  if (compare(r_hi, half_unit) >= 0) {
    const fixed_enclosure e = expm1_enclosure(r_lo, r_hi, precision + 1);
    const bigint two = bigint(1).shifted_left(precision + 2);  // 2 at precision P + 1
    // e (e + 2) for e = E 2^-(P+1), at precision P: E (E + 2^(P+2)) / 2^(P+2).
    const bigint lo = (e.lo * (e.lo + two)).shifted_right(precision + 2);
    const bigint hi_product = e.hi * (e.hi + two);
    bigint hi = hi_product.shifted_right(precision + 2);
    if (hi_product.any_bit_below(precision + 2)) hi = hi + bigint(1);
    return {lo, hi};
  }
  fixed_enclosure out;
  for (int end = 0; end < 2; ++end) {
    const bigint& r = end == 0 ? r_lo : r_hi;
    bigint sum, term = r;
    std::uint64_t n = 1;
    while (!term.is_zero()) {
      sum = sum + term;
      ++n;
      term = (term * r).shifted_right(precision) / bigint(n);
    }
    if (end == 0) {
      out.lo = sum;
    } else {
      out.hi = sum + bigint(4 * n + 8);
    }
  }
  return out;
}

/// ln(D 2^-P) for an integer D > 0, signed and enclosed at precision P: [lo, hi].
inline void ln_of_fixed(const bigint& d, std::uint64_t precision, signed_fixed& lo, signed_fixed& hi) {
  const bigint unit = bigint(1).shifted_left(precision);
  const int c = compare(d, unit);
  if (c == 0) {
    lo = hi = {};
    return;
  }
  if (c > 0) {
    const fixed_enclosure e = ln_ratio_enclosure(d, unit, precision);
    lo = {false, e.lo};
    hi = {false, e.hi};
  } else {
    const fixed_enclosure e = ln_ratio_enclosure(unit, d, precision);
    lo = {true, e.hi};
    hi = {true, e.lo};
  }
}

/// The sign of ln(1 + e^t) - r for r = rn / rd > 0 (integers), t finite; known = false past
/// exp_log's max_guard_bits.
inline int compare_softplus(bool t_negative, const exact_binary& t, const bigint& rn, const bigint& rd, bool& known) {
  using detail_exp_log::first_guard_bits;
  using detail_exp_log::max_guard_bits;
  known = false;
  // The precision starts where r (near e^t when t is very negative) is visible.
  const std::uint64_t rn_bits = rn.bit_length(), rd_bits = rd.bit_length();
  const std::uint64_t extra = rd_bits > rn_bits ? rd_bits - rn_bits : 0;
  for (auto guard = first_guard_bits; guard <= max_guard_bits; guard *= 2) {
    const std::uint64_t precision = guard + 32 + extra;
    const bigint r_lo = rn.shifted_left(precision) / rd;
    const bigint r_hi = r_lo + bigint(1);
    const fixed_enclosure d = expm1_enclosure(r_lo, r_hi, precision);
    if (d.lo.is_zero()) continue;
    signed_fixed low_lo, low_hi, high_lo, high_hi;
    ln_of_fixed(d.lo, precision, low_lo, low_hi);
    ln_of_fixed(d.hi, precision, high_lo, high_hi);
    const fixed_enclosure te =
        t.mantissa == 0 ? fixed_enclosure{} : dyadic_enclosure(bigint(t.mantissa), static_cast<std::int64_t>(precision) + t.exponent);
    // t's enclosure, signed: [t_low, t_high].
    const signed_fixed t_low{t_negative, t_negative ? te.hi : te.lo};
    const signed_fixed t_high{t_negative, t_negative ? te.lo : te.hi};
    if (compare(t_low, high_hi) > 0) return known = true, 1;
    if (compare(t_high, low_lo) < 0) return known = true, -1;
  }
  return 0;
}

/// The sign of |C| ln(1 + e^t) - b for b > 0 exact: with r = b c (divide) or b / c as a ratio
/// of integers, compare_softplus's.
inline int compare_scaled_softplus(bool t_negative, const exact_binary& t, const exact_binary& c, bool divide,
                                   const exact_binary& b, bool& known) {
  bigint rn, rd;
  if (divide) {
    const std::int64_t e = std::int64_t{b.exponent} + c.exponent;
    const bigint m = bigint(b.mantissa) * bigint(c.mantissa);
    rn = e >= 0 ? m.shifted_left(static_cast<std::uint64_t>(e)) : m;
    rd = e >= 0 ? bigint(1) : bigint(1).shifted_left(static_cast<std::uint64_t>(-e));
  } else {
    const std::int64_t e = std::int64_t{b.exponent} - c.exponent;
    rn = e >= 0 ? bigint(b.mantissa).shifted_left(static_cast<std::uint64_t>(e)) : bigint(b.mantissa);
    rd = e >= 0 ? bigint(c.mantissa) : bigint(c.mantissa).shifted_left(static_cast<std::uint64_t>(-e));
  }
  return compare_softplus(t_negative, t, rn, rd, known);
}

}  // namespace detail_softplus

/// |C| ln(1 + e^t) rounded once to F, as F's bit pattern (see the top of this file).
template <class F>
typename F::bits_type softplus_rounded(bool t_negative, const exact_binary& t, const exact_binary& c, bool divide) {
  using namespace detail_softplus;
  if (t_negative && t.mantissa != 0 && detail_exp_log::leading_exponent(t) >= 8) {
    // t <= -256: ln(1 + e^t) < e^t < 2^-369, times |C| <= 2^149: below half the smallest
    // subnormal of either format.
    return 0;
  }
  approximation a = softplus_approximation(t_negative, t);
  a = divide ? divided(a, c) : detail_scaled_expm1::scaled(a, c);
  return detail_exp_log::round_approximation<F>(a, [&](const exact_binary& b, bool& known) {
    return compare_scaled_softplus(t_negative, t, c, divide, b, known);
  });
}

}  // namespace dmlref::math
