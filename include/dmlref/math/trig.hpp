#pragma once
// sin and cos correctly rounded: the exact real sin x or cos x rounded once to FLOAT32 or
// FLOAT16 (to nearest, ties to even), for the golden path, by math/exp_log.hpp's method:
//
// 1. Reduction, exact for every FLOAT32 value (|x| < 2^128): |x| 2/pi = k + r, k an integer,
//    |r| <= 1/2, from the bits of 2/pi held as integers (Payne and Hanek's method, 384 bits:
//    a window of 192 of them from bit E - 1 of x = M 2^E on; the bits above are multiples of
//    4 there, the bits below weigh less than 2^-166). r in fixed point at 2^-128, within
//    1.01 2^-128 of the exact value. Then sin|x| and cos|x| are +-sin theta or +-cos theta,
//    theta = r pi/2 in [-pi/4, pi/4] (+ 2^-127), chosen by k mod 4. |x| < pi/4 is not reduced.
// 2. Approximation in integer fixed point (64- and 128-bit words): |sin theta| =
//    theta S(theta^2), cos theta = C(theta^2), S and C Taylor polynomials evaluated by
//    Horner's rule, as Y 2^q within K units (derivations beside sin_cos_approximation).
// 3. Rounding when Y - K and Y + K round alike; otherwise the one boundary b between them is
//    decided exactly: |f(x)| <> b by enclosures of f(x) in big-integer fixed point
//    (pi by Machin's formula, the reduction by division by the enclosure of pi, the Taylor
//    series with every term's deficit bounded) at a precision that doubles until the
//    enclosure excludes b.
//
// Why stage 3 always ends: b is a nonzero dyadic rational, and sin x, cos x are
// transcendental for every algebraic x != 0 (Lindemann's theorem), so sin x = b needs x = 0
// and cos x = b needs x = 0, b = 1; those are answered before any approximation (and 1 is
// representable, never a boundary). Past exp_log's max_guard_bits the approximation is
// rounded (never met).
//
// The constants (384 bits of 2/pi, floor(pi/2 2^63), the Taylor coefficients floor(2^64/n!))
// are proven by tests/test_trig.cpp with exact integer arithmetic.

#include <cstdint>

#include "dmlref/math/bigint.hpp"
#include "dmlref/math/exp_log.hpp"
#include "dmlref/math/log_enclosure.hpp"
#include "dmlref/math/real.hpp"

namespace dmlref::math {

namespace detail_trig {

using detail_exp_log::approximation;
using detail_exp_log::factorial;
using detail_exp_log::multiply;
using detail_exp_log::multiply_shift;
using detail_exp_log::reciprocal_64;
using detail_exp_log::shift_left;
using detail_exp_log::shift_right;
using detail_exp_log::u128;

// ---- Constants (proven by tests/test_trig.cpp).

/// floor(2/pi 2^384), most significant word first.
inline constexpr std::uint64_t two_over_pi_384[6] = {0xa2f9836e4e441529u, 0xfc2757d1f534ddc0u, 0xdb6295993c439041u,
                                                     0xfe5163abdebbc561u, 0xb7246e3a424dd2e0u, 0x06492eea09d1921cu};
/// floor(pi/2 2^63).
inline constexpr std::uint64_t half_pi_63 = 0xc90fdaa22168c234u;
/// floor(2^64 / (2n+1)!), n = 0 .. 9 (sin), and floor(2^64 / (2n)!), n = 0 .. 10 (cos);
/// index 0 unused.
inline constexpr std::uint64_t sin_coefficients[10] = {
    0, reciprocal_64(factorial(3)), reciprocal_64(factorial(5)), reciprocal_64(factorial(7)),
    reciprocal_64(factorial(9)), reciprocal_64(factorial(11)), reciprocal_64(factorial(13)),
    reciprocal_64(factorial(15)), reciprocal_64(factorial(17)), reciprocal_64(factorial(19))};
inline constexpr std::uint64_t cos_coefficients[11] = {
    0, reciprocal_64(factorial(2)), reciprocal_64(factorial(4)), reciprocal_64(factorial(6)),
    reciprocal_64(factorial(8)), reciprocal_64(factorial(10)), reciprocal_64(factorial(12)),
    reciprocal_64(factorial(14)), reciprocal_64(factorial(16)), reciprocal_64(factorial(18)),
    reciprocal_64(factorial(20))};

/// M 2^E, M < 2^24 normalised to its 24-bit form: the largest FLOAT32 value below pi/4 is
/// 13176794 2^-24 (the next, 13176795 2^-24, is above it).
inline constexpr std::uint64_t below_quarter_pi_24 = 13176794u;

/// Whether |x| < pi/4 (x finite nonzero, at most 24 significant bits; with more, up to 64,
/// through pi/4 2^64 = pi 2^62, whose floor is half_pi_63: pi/4 being irrational,
/// M 2^(64 - width) < pi/4 2^64 exactly when it is at most that floor).
inline bool below_quarter_pi(const exact_binary& x) noexcept {
  const int width = detail::bit_width(x.mantissa);
  const int top = width - 1 + x.exponent;
  if (top != -1) return top < -1;
  if (width > 24) return (x.mantissa << (64 - width)) <= half_pi_63;
  return (x.mantissa << (24 - width)) <= below_quarter_pi_24;
}

// ---- Stage 1: the reduction.

/// |x| 2/pi = k + r, |r| <= 1/2 (+ 2^-128): k mod 4, r's sign, and R = |r| 2^128 within
/// 1.01 of the exact value (R <= 2^127).
struct reduction {
  unsigned quadrant = 0;
  bool negative = false;
  u128 r;
};

/// Bits [from, from + 64) of a 256-bit number held as 4 little-endian words.
inline std::uint64_t bits_at(const std::uint64_t (&w)[4], int from) noexcept {
  const int word = from / 64, bit = from % 64;
  const std::uint64_t low = word < 4 ? w[word] : 0;
  const std::uint64_t high = word + 1 < 4 ? w[word + 1] : 0;
  return bit == 0 ? low : (low >> bit) | (high << (64 - bit));
}

/// For x = M 2^E finite with M < 2^24, -24 <= E, M 2^E < 2^128 (so |x| >= pi/4 reaches here).
///
/// 2/pi = sum_j b_j 2^-j. The terms M b_j 2^(E - j) with j <= E - 2 are multiples of 4, so
/// only bits j >= j0 = max(1, E - 1) matter mod 4. V = floor(2/pi 2^(j0 + 191)) mod 2^192
/// (bits j0 .. j0 + 191; j0 + 191 <= 294 < 384, so V is read off two_over_pi_384); the bits
/// past j0 + 191 contribute less than M 2^(E - j0 - 191) <= 2^(24 - 190 + 1) = 2^-165.
/// M V (below 2^216) is |x| 2/pi mod 4 at 2^-f, f = j0 + 191 - E in [190, 216]: bits f and
/// f + 1 are k mod 4 (before rounding), bits f - 128 .. f - 1 the fraction at 2^-128, short
/// of the exact by less than 2^-128 (the bits dropped) + 2^-165 (the window).
/// Rounding to the nearest k: a fraction of 1/2 or more steps k and takes r = fraction - 1.
inline reduction reduce(const exact_binary& x) noexcept {
  const int e = x.exponent;
  const int j0 = e - 1 > 1 ? e - 1 : 1;
  // V = floor(T / 2^s) mod 2^192, T = floor(2/pi 2^384), s = 384 - j0 - 191 in [90, 192].
  const int s = 384 - j0 - 191;
  std::uint64_t t[6];
  for (int i = 0; i < 6; ++i) t[i] = two_over_pi_384[5 - i];  // little-endian
  std::uint64_t v[3];
  const int word = s / 64, bit = s % 64;
  for (int i = 0; i < 3; ++i) {
    const std::uint64_t low = t[word + i];
    const std::uint64_t high = word + i + 1 < 6 ? t[word + i + 1] : 0;
    v[i] = bit == 0 ? low : (low >> bit) | (high << (64 - bit));
  }
  std::uint64_t p[4] = {0, 0, 0, 0};
  std::uint64_t carry = 0;
  for (int i = 0; i < 3; ++i) {
    const u128 product = multiply(x.mantissa, v[i]) + u128{0, carry};
    p[i] = product.lo;
    carry = product.hi;
  }
  p[3] = carry;
  const int f = j0 + 191 - e;
  reduction red;
  red.quadrant = static_cast<unsigned>(bits_at(p, f) & 3u);
  u128 fraction{bits_at(p, f - 64), bits_at(p, f - 128)};
  if ((fraction.hi >> 63) != 0) {
    red.quadrant = (red.quadrant + 1) & 3u;
    red.negative = true;
    fraction = u128{~fraction.hi, ~fraction.lo} + u128{0, 1};  // 2^128 - fraction
  }
  red.r = fraction;
  return red;
}

// ---- Stage 2: the approximation.

/// |sin theta| (cosine = false) or cos theta (cosine = true) for theta = T 2^e (|theta| <=
/// pi/4 + 2^-127), T < 2^64 exact or within a relative 1.5 2^-62 of the exact theta, as Y 2^q
/// within K units.
///
/// z = theta^2 at 2^-64: Z = floor(T^2 2^(2e + 64)), within 1 unit where T is exact and
/// within 0.62 (2 1.5 2^-62 + 2^-124) 2^64 + 1 < 9 units otherwise (z < 0.62).
/// S(z) = sum_n (-1)^n z^n/(2n+1)!, n <= 9 (the omitted tail is below z^10/21! < 2^-72), and
/// C(z) = sum_n (-1)^n z^n/(2n)!, n <= 10 (tail < z^11/22! < 2^-77), by Horner's rule on the
/// magnitudes at 2^-64 from floor(2^64/n!): g = c_N, g = c_n - z g (each value positive: the
/// ratio of consecutive coefficients is at most 1/12 and z < 0.62). Each step's error is at
/// most 1 (coefficient) + 1 (truncation) + z |d| + 9 g_(n+1) units (z's error; g_(n+1) <=
/// 1/24), so |d| < 2.375 / (1 - 0.62) < 6.3 units. The last step, 1 - z g at 2^-62, adds
/// (0.62 6.3 + 9/2) / 4 + 1 < 3.1 units (C), (0.62 6.3 + 9/6) / 4 + 1 < 2.4 units (S).
/// cos: Y = C at 2^-62 (C >= cos(pi/4 + 2^-127) > 0.707): K = 8.
/// sin: S >= sin(0.786)/0.786 > 0.9, so S at 2^-62 is within a relative 2.4 / 0.9 2^-62 <
/// 2.7 2^-62; with T's 1.5 2^-62 the exact product T S62 is within a relative 4.3 2^-62
/// (1 + 2^-60) of the exact sin, cut to 63 bits by a shift c: Y within 2^63 4.3 2^-62 1.01
/// + 1 < 9.8 units (no cut: T S62 < 2^63, within 8.7 units). K = 16.
inline approximation sin_cos_approximation(std::uint64_t t, int e, bool cosine) noexcept {
  const u128 square = multiply(t, t);
  const int z_shift = 2 * e + 64;
  const std::uint64_t z = z_shift >= 0 ? shift_left(square, z_shift).lo
                                       : (-z_shift >= 128 ? 0 : shift_right(square, -z_shift).lo);
  if (cosine) {
    std::uint64_t g = cos_coefficients[10];
    for (int n = 9; n >= 1; --n) g = cos_coefficients[n] - multiply_shift(z, g, 64);
    return {(std::uint64_t{1} << 62) - multiply_shift(z, g, 66), -62, 8};
  }
  std::uint64_t g = sin_coefficients[9];
  for (int n = 8; n >= 1; --n) g = sin_coefficients[n] - multiply_shift(z, g, 64);
  const std::uint64_t s = (std::uint64_t{1} << 62) - multiply_shift(z, g, 66);
  const u128 product = multiply(t, s);
  const int width = detail_exp_log::bit_width(product);
  const int cut = width > 63 ? width - 63 : 0;
  return {shift_right(product, cut).lo, e - 62 + cut, 16};
}

// ---- Stage 3: enclosures in big-integer fixed point.

/// A signed fixed-point value v 2^-P as lo <= |v| 2^P <= hi with v's sign.
struct signed_enclosure {
  bool negative = false;
  fixed_enclosure magnitude;
};

/// Encloses atan(1/n) 2^P, n >= 5: atan(1/n) = sum_j (-1)^j / ((2j+1) n^(2j+1)). Powers
/// w_0 = floor(2^P / n), w_(j+1) = floor(w_j / n^2), each short of n^-(2j+1) 2^P by less than
/// 1.05; terms floor(w_j / (2j+1)), short by less than 2.05. The loop stops at w_J = 0, where
/// the exact alternating tail is below 1.05. So the sum is within 2.05 J + 1.05 < 3J + 2.
inline fixed_enclosure atan_inverse(std::uint64_t n, std::uint64_t precision) {
  bigint positive, negative;
  bigint w = bigint(1).shifted_left(precision) / bigint(n);
  const bigint n2(n * n);
  std::uint64_t j = 0;
  for (; !w.is_zero(); ++j) {
    const bigint term = w / bigint(2 * j + 1);
    if (j % 2 == 0) {
      positive = positive + term;
    } else {
      negative = negative + term;
    }
    w = w / n2;
  }
  const bigint sum = positive - negative;  // an alternating series with decreasing terms
  const bigint slack(3 * j + 2);
  return {compare(sum, slack) > 0 ? sum - slack : bigint(), sum + slack};
}

/// Encloses pi 2^P = (16 atan(1/5) - 4 atan(1/239)) 2^P (Machin).
inline fixed_enclosure pi_enclosure(std::uint64_t precision) {
  const fixed_enclosure a = atan_inverse(5, precision);
  const fixed_enclosure b = atan_inverse(239, precision);
  return {a.lo.shifted_left(4) - b.hi.shifted_left(2), a.hi.shifted_left(4) - b.lo.shifted_left(2)};
}

/// sin(T 2^-P) 2^P (cosine = false) or cos(T 2^-P) 2^P for an exact T with T 2^-P < 1: the
/// Taylor series with terms t_0 = T (or 2^P), t_(j+1) = floor(floor(t_j U / 2^P) / m_j),
/// U = floor(T^2 / 2^P), m_j = (2j+2)(2j+3) (or (2j+1)(2j+2)). Each computed term is at most
/// the exact one and short by d_(j+1) < d_j theta^2/m_j + 1/m_j + 2, so every d_j < 4; the loop
/// stops at t_J = 0, where the exact alternating tail is below d_J < 4. Returns the sum and
/// its error bound 4J + 4.
struct series_value {
  bigint value;
  std::uint64_t error = 0;
};
inline series_value sin_cos_series(const bigint& t, std::uint64_t precision, bool cosine) {
  const bigint u = (t * t).shifted_right(precision);
  bigint term = cosine ? bigint(1).shifted_left(precision) : t;
  bigint positive, negative;
  std::uint64_t j = 0;
  for (; !term.is_zero(); ++j) {
    (j % 2 == 0 ? positive : negative) = (j % 2 == 0 ? positive : negative) + term;
    const std::uint64_t m = cosine ? (2 * j + 1) * (2 * j + 2) : (2 * j + 2) * (2 * j + 3);
    term = (term * u).shifted_right(precision) / bigint(m);
  }
  return {positive - negative, 4 * j + 4};
}

/// Encloses |f(x)| 2^P, f = sin (cosine = false) or cos, for x finite nonzero with at most 64
/// significant bits and |x| < 2^128; known = false where the reduction's enclosure of r
/// still holds 0 (more precision separates it: r != 0 for x != 0).
///
/// |x| < pi/4: theta = |x|, k = 0. Otherwise, with W = P + 8 fraction bits and pi enclosed at
/// Q = W + 40 + L bits (|x| < 2^L): y = |x| 2/pi = N / Pi, N = M 2^(E + 1 + Q + W), is enclosed
/// as [floor(N / pi_hi), floor(N / pi_lo) + 1] at 2^-W; k = the integer nearest the lower end
/// and r = y - k (the enclosure's width is below 2^(L + 1 - Q) pi^-2 (pi_hi - pi_lo) 2^W + 1,
/// a few units). theta = r pi/2 at 2^-P is enclosed by the products of the ends, rounded out.
/// Then |f(x)| = |sin theta| or cos theta (f and k's parity agree: sin|x| = +-sin theta for even
/// k, +-cos theta for odd), monotone in |theta| <= pi/4 + 2^-W, so the enclosure of theta
/// and the series' bounds give the enclosure.
inline fixed_enclosure enclose_sin_cos(const exact_binary& x, bool cosine, std::uint64_t precision, bool& known) {
  known = false;
  const std::uint64_t p2 = precision + 16;  // the series' working precision
  fixed_enclosure theta;                    // |theta| 2^p2
  bool odd = false;
  if (below_quarter_pi(x)) {
    const std::int64_t shift = static_cast<std::int64_t>(p2) + x.exponent;
    const bigint m(x.mantissa);
    if (shift >= 0) {
      theta.lo = theta.hi = m.shifted_left(static_cast<std::uint64_t>(shift));
    } else {
      const auto down = static_cast<std::uint64_t>(-shift);
      theta.lo = m.shifted_right(down);
      theta.hi = theta.lo + bigint(1);
    }
  } else {
    const int width = detail::bit_width(x.mantissa);
    const auto top = static_cast<std::uint64_t>(width + x.exponent > 0 ? width + x.exponent : 0);  // |x| < 2^top
    const std::uint64_t w = p2 + 8;
    const std::uint64_t q = w + 40 + top;
    const fixed_enclosure pi = pi_enclosure(q);
    const auto n_shift = static_cast<std::int64_t>(q + w + 1) + x.exponent;  // >= 0: E >= -64
    const bigint n = bigint(x.mantissa).shifted_left(static_cast<std::uint64_t>(n_shift));
    const bigint y_lo = n / pi.hi;
    const bigint y_hi = n / pi.lo + bigint(1);
    const bigint half = bigint(1).shifted_left(w - 1);
    const bigint k = (y_lo + half).shifted_right(w);
    odd = k.bit(0);
    const bigint k_fixed = k.shifted_left(w);
    bigint r_lo, r_hi;  // |r| 2^w
    if (compare(y_lo, k_fixed) >= 0) {
      r_lo = y_lo - k_fixed;
      r_hi = y_hi - k_fixed;
    } else if (compare(y_hi, k_fixed) <= 0) {
      r_lo = k_fixed - y_hi;
      r_hi = k_fixed - y_lo;
    } else {
      return {};  // r's enclosure holds 0
    }
    // theta = r pi / 2: [r_lo pi_lo, r_hi pi_hi] at 2^-(w + q + 1), to 2^-p2.
    const std::uint64_t down = w + q + 1 - p2;
    theta.lo = (r_lo * pi.lo).shifted_right(down);
    theta.hi = (r_hi * pi.hi).shifted_right(down) + bigint(1);
  }
  const bool use_cos = cosine != odd;
  // sin is increasing and cos decreasing on [0, pi/2].
  const series_value at_lo = sin_cos_series(theta.lo, p2, use_cos);
  const series_value at_hi = sin_cos_series(theta.hi, p2, use_cos);
  const series_value& low_end = use_cos ? at_hi : at_lo;
  const series_value& high_end = use_cos ? at_lo : at_hi;
  const bigint low_error(low_end.error), high_error(high_end.error);
  fixed_enclosure result;
  result.lo = compare(low_end.value, low_error) > 0 ? (low_end.value - low_error).shifted_right(16) : bigint();
  result.hi = (high_end.value + high_error).shifted_right(16) + bigint(1);
  known = true;
  return result;
}

/// The sign of |f(x)| - b for a positive exact b; known = false past max_guard_bits.
inline int compare_sin_cos(const exact_binary& x, bool cosine, const exact_binary& b, bool& known) {
  using detail_exp_log::first_guard_bits;
  using detail_exp_log::max_guard_bits;
  known = false;
  const int b_top = detail_exp_log::leading_exponent(b);
  for (auto guard = first_guard_bits; guard <= max_guard_bits; guard *= 2) {
    // b 2^P with P = guard - b_top: b's leading bit lands at 2^guard.
    const auto precision = static_cast<std::uint64_t>(static_cast<std::int64_t>(guard) - b_top);
    bool enclosed = false;
    const fixed_enclosure v = enclose_sin_cos(x, cosine, precision, enclosed);
    if (!enclosed) continue;
    const bigint scaled_b =
        bigint(b.mantissa).shifted_left(static_cast<std::uint64_t>(static_cast<std::int64_t>(precision) + b.exponent));
    if (compare(v.lo, scaled_b) > 0) return known = true, 1;
    if (compare(v.hi, scaled_b) < 0) return known = true, -1;
  }
  return 0;
}

/// An approximation made from enclosures: for the reductions whose |r| is below 2^-58, where
/// the fixed-point theta is not relatively accurate enough (none among FLOAT32 values in the
/// sweep of docs/reliability.md; kept for the proof's sake). The precision grows until the
/// enclosure's width is below 2^-60 of its lower end.
inline approximation approximation_from_enclosure(const exact_binary& x, bool cosine) {
  for (std::uint64_t precision = 256;; precision *= 2) {
    bool known = false;
    const fixed_enclosure v = enclose_sin_cos(x, cosine, precision, known);
    if (!known || v.lo.bit_length() < 128) continue;
    const bigint width = v.hi - v.lo;
    if (width.bit_length() + 60 > v.lo.bit_length()) continue;
    const int cut = static_cast<int>(v.hi.bit_length()) - 63;
    const bigint y = v.lo.shifted_right(static_cast<std::uint64_t>(cut));
    const bigint k = width.shifted_right(static_cast<std::uint64_t>(cut)) + bigint(2);
    std::uint64_t y64 = 0, k64 = 0;
    for (std::uint64_t i = 0; i < 64; ++i) {
      y64 |= static_cast<std::uint64_t>(y.bit(i)) << i;
      k64 |= static_cast<std::uint64_t>(k.bit(i)) << i;
    }
    return {y64, cut - static_cast<int>(precision), k64};
  }
}

/// What stage 2 gives for x finite nonzero: the approximation of |f(x)| and f(x)'s sign.
struct plan {
  approximation a;
  bool negative = false;
};
inline plan sin_cos_plan(const real& x, bool cosine) {
  const exact_binary& m = x.magnitude;
  plan result;
  if (below_quarter_pi(m)) {
    result.a = sin_cos_approximation(m.mantissa, m.exponent, cosine);
    result.negative = !cosine && x.negative;
    return result;
  }
  const reduction red = reduce(m);
  // sin|x|: +sin t, +cos t, -sin t, -cos t for k = 0, 1, 2, 3 (t = theta, signed);
  // cos|x| = sin(|x| + pi/2): the same with k + 1. Then sin(-x) = -sin x, cos(-x) = cos x.
  const bool use_cos = cosine != ((red.quadrant & 1u) != 0);
  const unsigned q = cosine ? red.quadrant + 1 : red.quadrant;
  result.negative = ((q & 2u) != 0) != (!use_cos && red.negative);
  if (!cosine && x.negative) result.negative = !result.negative;
  const int p = detail_exp_log::bit_width(red.r) - 1;
  if (p < 70) {
    result.a = approximation_from_enclosure(m, cosine);
  } else {
    // |r| = R64 2^(p - 191), theta = |r| pi/2 = T 2^(p - 190), T = floor(R64 half_pi_63 / 2^64):
    // relatively within 2^-63 (R64's cut) + 1.01 2^-p (r's) + 0.64 2^-63 (the constant's)
    // + 1.28 2^-63 (the floor; T >= 1.57 2^62) < 1.5 2^-62.
    const std::uint64_t r64 = shift_right(red.r, p - 63).lo;
    result.a = sin_cos_approximation(multiply(r64, half_pi_63).hi, p - 190, use_cos);
  }
  return result;
}

/// |f(x)| rounded to F from its approximation a, with f(x)'s sign.
template <class F>
typename F::bits_type sin_cos_decided(const real& x, bool cosine, const plan& p) {
  using bits_type = typename F::bits_type;
  const bits_type magnitude = detail_exp_log::round_approximation<F>(p.a, [&](const exact_binary& b, bool& known) {
    return compare_sin_cos(x.magnitude, cosine, b, known);
  });
  return p.negative ? static_cast<bits_type>(magnitude | F::sign_mask) : magnitude;
}

// ---- tan = sin / cos.

/// floor(a / b). Precondition: 0 < b < 2^127.
inline u128 divide(u128 a, u128 b) noexcept {
#if defined(__SIZEOF_INT128__)
  __extension__ typedef unsigned __int128 wide;
  const wide q = ((static_cast<wide>(a.hi) << 64) | a.lo) / ((static_cast<wide>(b.hi) << 64) | b.lo);
  return {static_cast<std::uint64_t>(q >> 64), static_cast<std::uint64_t>(q)};
#else
  u128 q, r;
  for (int i = 127; i >= 0; --i) {
    const std::uint64_t bit = i >= 64 ? (a.hi >> (i - 64)) & 1u : (a.lo >> i) & 1u;
    r = shift_left(r, 1) + u128{0, bit};
    if (!(r < b)) {
      r = r - b;
      if (i >= 64) {
        q.hi |= std::uint64_t{1} << (i - 64);
      } else {
        q.lo |= std::uint64_t{1} << i;
      }
    }
  }
  return q;
#endif
}

/// The quotient of two approximations n / d, both mantissas at least 2^56 (n's below 2^64,
/// d's error below its mantissa): the exact quotient lies in [(Yn - Kn) / (Yd + Kd),
/// (Yn + Kn) / (Yd - Kd)] 2^(qn - qd); both ends are computed at 2^-s by exact integer
/// division (the lower rounded down, the upper up), with s such that the quotient is about
/// 2^62 (below 2^64, and (Yn + Kn) 2^s below 2^127), and the result is their middle with
/// the distance to the ends as its error.
inline approximation quotient(const approximation& n, const approximation& d) noexcept {
  const int s = 62 + detail_exp_log::bit_width(u128{0, d.mantissa}) - detail_exp_log::bit_width(u128{0, n.mantissa});
  const u128 lo = divide(shift_left(u128{0, n.mantissa - n.error}, s), u128{0, d.mantissa + d.error});
  const u128 hi = divide(shift_left(u128{0, n.mantissa + n.error}, s), u128{0, d.mantissa - d.error}) + u128{0, 1};
  const std::uint64_t width = (hi - lo).lo;
  const std::uint64_t y = lo.lo + width / 2;
  return {y, n.exponent - d.exponent - s, hi.lo - y};
}

/// |tan x| for x finite nonzero (|x| < 2^128): |sin x| / |cos x| from their approximations
/// (each within 16 units of a mantissa of at least 2^62, or made from enclosures), and tan
/// x's sign.
inline plan tan_plan(const real& x) {
  const plan s = sin_cos_plan(x, false);
  const plan c = sin_cos_plan(x, true);
  return {quotient(s.a, c.a), s.negative != c.negative};
}

/// The sign of |tan x| - b for a positive exact b: |sin x| <> b |cos x| by enclosures of
/// both at a precision that doubles; known = false past max_guard_bits.
inline int compare_tan(const exact_binary& x, const exact_binary& b, bool& known) {
  using detail_exp_log::first_guard_bits;
  using detail_exp_log::max_guard_bits;
  known = false;
  const int b_top = detail_exp_log::leading_exponent(b);
  const bigint scaled_b(b.mantissa);
  for (auto guard = first_guard_bits; guard <= max_guard_bits; guard *= 2) {
    // |sin x| near b, |cos x| near 1/b where b is large: precision past both.
    const std::uint64_t precision = guard + static_cast<std::uint64_t>(b_top < 0 ? -b_top : b_top);
    bool sin_known = false, cos_known = false;
    const fixed_enclosure s = enclose_sin_cos(x, false, precision, sin_known);
    if (!sin_known) continue;
    const fixed_enclosure c = enclose_sin_cos(x, true, precision, cos_known);
    if (!cos_known) continue;
    // |sin x| 2^P in [s.lo, s.hi], b |cos x| 2^P in [B c.lo, B c.hi] 2^j.
    if (!s.lo.is_zero() && compare_scaled(s.lo, 0, scaled_b * c.hi, b.exponent) > 0) return known = true, 1;
    if (!c.lo.is_zero() && compare_scaled(s.hi, 0, scaled_b * c.lo, b.exponent) < 0) return known = true, -1;
  }
  return 0;
}

}  // namespace detail_trig

/// sin x rounded once to F (to nearest, ties to even), as F's bit pattern, for x the exact
/// value of a FLOAT32 or FLOAT16 element: sin(+-0) = +-0; sin(+-Inf) and NaN give the
/// canonical positive quiet NaN.
template <class F>
typename F::bits_type sin_rounded(const real& x) {
  using bits_type = typename F::bits_type;
  switch (x.cls) {
    case fp_class::nan:
    case fp_class::infinite: return F::quiet_nan;
    case fp_class::zero: return x.negative ? F::sign_mask : bits_type{0};
    default: break;
  }
  return detail_trig::sin_cos_decided<F>(x, false, detail_trig::sin_cos_plan(x, false));
}

/// cos x rounded once to F, as F's bit pattern, for x the exact value of a FLOAT32 or
/// FLOAT16 element: cos(+-0) = 1; cos(+-Inf) and NaN give the canonical positive quiet NaN.
template <class F>
typename F::bits_type cos_rounded(const real& x) {
  switch (x.cls) {
    case fp_class::nan:
    case fp_class::infinite: return F::quiet_nan;
    case fp_class::zero: return detail::round_to_format<F>({false, 1, 0, false});
    default: break;
  }
  return detail_trig::sin_cos_decided<F>(x, true, detail_trig::sin_cos_plan(x, true));
}

/// tan x rounded once to F, as F's bit pattern, for x the exact value of a FLOAT32 or
/// FLOAT16 element: tan(+-0) = +-0; tan(+-Inf) and NaN give the canonical positive quiet NaN;
/// a FLOAT16 result beyond its range is +-Inf (rounded as any other value).
template <class F>
typename F::bits_type tan_rounded(const real& x) {
  using bits_type = typename F::bits_type;
  switch (x.cls) {
    case fp_class::nan:
    case fp_class::infinite: return F::quiet_nan;
    case fp_class::zero: return x.negative ? F::sign_mask : bits_type{0};
    default: break;
  }
  const detail_trig::plan p = detail_trig::tan_plan(x);
  const bits_type magnitude = detail_exp_log::round_approximation<F>(p.a, [&](const exact_binary& b, bool& known) {
    return detail_trig::compare_tan(x.magnitude, b, known);
  });
  return p.negative ? static_cast<bits_type>(magnitude | F::sign_mask) : magnitude;
}

}  // namespace dmlref::math
