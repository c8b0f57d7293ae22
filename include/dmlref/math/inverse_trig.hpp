#pragma once
// The inverse trigonometric functions correctly rounded: the exact real atan x rounded once to
// FLOAT32 or FLOAT16 (to nearest, ties to even), for the golden path, by math/exp_log.hpp's
// method:
//
// 1. Approximation in integer fixed point (64- and 128-bit words, exact integer division): a
//    value Y 2^q within K units of the exact result. atan a for a = T 2^e > 0 (atan_value):
//    below 1/16 the alternating Taylor series a A(a^2); from 1/16 to 1 the table of atan(i/8)
//    plus atan v, v = (a - i/8) / (1 + a i/8), |v| <= 1/16, by the same series; above 1
//    pi/2 - atan(1/a). The derivations of K are beside each function.
// 2. Rounding when Y - K and Y + K round alike; otherwise the one boundary b between them is
//    decided exactly through the forward functions: theta <> b for theta = atan2(|y|, x) in
//    (0, pi) is the sign of |y| cos b - x sin b (sin(theta - b) times sqrt(x^2 + y^2)), with
//    sin b and cos b enclosed by math/trig.hpp (b's sign against pi/2 and pi by pi's
//    enclosure), at a precision that doubles until the enclosures separate.
//
// Why stage 2 always ends: atan a = b for rational a and dyadic b > 0 would make tan b
// rational, and tan b is transcendental for every algebraic b != 0 (Lindemann's theorem);
// b = pi/2 or pi is impossible, pi being irrational. Past exp_log's max_guard_bits the
// approximation is rounded (never met).
//
// The table floor(atan(i/8) 2^64) is proven by tests/test_trig.cpp through the forward
// functions' enclosures.

#include <cstdint>

#include "dmlref/math/bigint.hpp"
#include "dmlref/math/exp_log.hpp"
#include "dmlref/math/log_enclosure.hpp"
#include "dmlref/math/real.hpp"
#include "dmlref/math/trig.hpp"

namespace dmlref::math {

namespace detail_atan {

using detail_exp_log::approximation;
using detail_exp_log::multiply;
using detail_exp_log::multiply_shift;
using detail_exp_log::reciprocal_64;
using detail_exp_log::shift_left;
using detail_exp_log::shift_right;
using detail_exp_log::u128;
using detail_trig::divide;
using detail_trig::half_pi_63;

/// floor(2^64 / (2n + 1)), n = 1 .. 8 (index 0 unused).
inline constexpr std::uint64_t odd_coefficients[9] = {0,
                                                      reciprocal_64(3),
                                                      reciprocal_64(5),
                                                      reciprocal_64(7),
                                                      reciprocal_64(9),
                                                      reciprocal_64(11),
                                                      reciprocal_64(13),
                                                      reciprocal_64(15),
                                                      reciprocal_64(17)};

/// floor(atan(i/8) 2^64), i = 1 .. 8 (index 0 unused; i = 8 is floor(pi/4 2^64) = half_pi_63).
inline constexpr std::uint64_t atan_table[9] = {0,
                                                0x1fd5ba9aac2f6dc6u,
                                                0x3eb6ebf25901bac5u,
                                                0x5bd86507937bc239u,
                                                0x76b19c1586ed3da2u,
                                                0x8f005d5ef7f59f9bu,
                                                0xa4bc7d1934f70924u,
                                                0xb8053e2bc2319e73u,
                                                0xc90fdaa22168c234u};

inline int width(std::uint64_t v) noexcept { return detail::bit_width(v); }

/// atan v for v = T 2^e exactly, 0 < v <= 1/16 (T < 2^64): Y 2^q within K = 4 units.
///
/// atan v = v A(z), z = v^2, A(z) = sum_n (-1)^n z^n / (2n+1), n <= 8 (the omitted tail is
/// below z^9/19 < 2^-76). Z = floor(T^2 2^(2e + 64)), z at 2^-64 short by less than 1 unit
/// (z <= 2^-8). Horner's rule on the magnitudes at 2^-64 from floor(2^64/(2n+1)): g = c_8,
/// g = c_n - z g, each positive (z g < c_n); each step's error is at most 1 (coefficient) + 1
/// (truncation) + z |d| + g/2^64 (z's error, g <= 1/3), so |d| < 2.34 / (1 - 2^-8) < 2.35
/// units. A62 = 2^62 - floor(Z g / 2^66) is within (2^-8 2.35 + 0.34) / 4 + 1 < 1.1 units of
/// 2^-62, A >= 1 - z/3 > 0.998: relatively within 1.11 2^-62. T A62 exact, cut to 63 bits:
/// Y (>= 2^62) within 2^63 1.11 2^-62 + 1 < 3.3 units; uncut (T A62 < 2^63: T <= 2), within
/// 2 1.1 units.
inline approximation atan_small(std::uint64_t t, int e) noexcept {
  const u128 square = multiply(t, t);
  const int z_shift = 2 * e + 64;
  const std::uint64_t z = z_shift >= 0 ? shift_left(square, z_shift).lo
                                       : (-z_shift >= 128 ? 0 : shift_right(square, -z_shift).lo);
  std::uint64_t g = odd_coefficients[8];
  for (int n = 7; n >= 1; --n) g = odd_coefficients[n] - multiply_shift(z, g, 64);
  const std::uint64_t a = (std::uint64_t{1} << 62) - multiply_shift(z, g, 66);
  const u128 product = multiply(t, a);
  const int w = detail_exp_log::bit_width(product);
  const int cut = w > 63 ? w - 63 : 0;
  return {shift_right(product, cut).lo, e - 62 + cut, 4};
}

/// The value at 2^-p of an approximation Y 2^q with q < -p: floor(Y 2^(q + p)), within
/// floor(K 2^(q + p)) + 2 units (the truncations of Y and of K).
inline approximation rescaled(const approximation& a, int p) noexcept {
  const int down = -p - a.exponent;  // > 0
  const std::uint64_t y = down >= 64 ? 0 : a.mantissa >> down;
  const std::uint64_t k = (down >= 64 ? 0 : (a.error >> down)) + 2;
  return {y, -p, k};
}

/// atan a for a = T 2^e (0 < T < 2^64), a within a relative delta62 2^-62 of the value whose
/// atan is wanted (delta62 <= 4; 0 when a is that value): Y 2^q within K units.
///
/// The input's error moves atan by at most delta a / (1 + a^2) (1 + 2^-50) <= delta min(a,
/// 1/2) (1 + 2^-50): 2 delta62 units of 2^-64 below 1, and 4.1 delta62 units of a Y >= 2^62
/// read as a (atan v >= 0.998 v, Y < 2^63) on the series' range: K grows by 5 delta62.
///
/// a < 1/16: atan_small (K = 4).
/// 1/16 <= a <= 1: A = floor(a 2^63) (short by less than 2^-63, 2 units of 2^-64),
/// i = round(8 a) in [1, 8], c = i/8, and v = (A 2^-63 - c) / (1 + A 2^-63 c) = 8 D /
/// (2^66 + i A), D = A - i 2^60, |v| <= 1/16; V = floor(8 |D| 2^64 / (2^66 + i A)) (short by
/// less than 1 unit of 2^-64). atan a' = atan c + atan v exactly (a', c >= 0), and atan is
/// 1-Lipschitz: atan a at 2^-64 is floor(atan(i/8) 2^64) (1 unit) +- atan_small(V 2^-64)
/// rescaled (4 2^-3 + 1 units) within 1 + 2 + 1 + 1.5 < 6 units (K = 6), between 2^59.9 and
/// 0.79 2^64.
/// a > 1: T normalised to [2^63, 2^64), U = floor((2^127 - 1) / T) in [2^63, 2^64), 1/a =
/// U 2^(-127 - e') relatively within 1.01 2^-63 < 2^-62 more (delta62 + 1); atan a =
/// pi/2 - atan(1/a) at 2^-63: half_pi_63 (1 unit) minus the inner value rescaled (q <= -64:
/// K_in / 2 + 1 units): K = 2 + K_in / 2 + 1, between 0.78 2^63 and 1.58 2^63.
inline approximation atan_value(std::uint64_t t, int e, std::uint64_t delta62) noexcept {
  const int top = width(t) - 1 + e;  // 2^top <= a < 2^(top + 1)
  if (top < -4) {
    approximation r = atan_small(t, e);
    r.error += 5 * delta62;
    return r;
  }
  const bool one = top == 0 && (t & (t - 1)) == 0;
  if (top < 0 || one) {
    const int shift = e + 63;
    const std::uint64_t big_a = shift >= 0 ? t << shift : t >> -shift;
    const std::uint64_t i = (big_a + (std::uint64_t{1} << 59)) >> 60;
    const std::uint64_t ci = i << 60;
    const bool negative = big_a < ci;
    const std::uint64_t d = negative ? ci - big_a : big_a - ci;  // |D| <= 2^59
    const u128 denominator = u128{4, 0} + multiply(i, big_a);   // 2^66 + i A
    const std::uint64_t v = divide(u128{d << 3, 0} /* 8 |D| 2^64 */, denominator).lo;
    std::uint64_t r = atan_table[i];
    if (v != 0) {
      const approximation inner = rescaled(atan_small(v, -64), 64);
      r = negative ? r - inner.mantissa : r + inner.mantissa;
    }
    return {r, -64, 6 + 2 * delta62};
  }
  const int w = width(t);
  const std::uint64_t tn = t << (64 - w);
  const int en = e - (64 - w);
  const u128 numerator{(std::uint64_t{1} << 63) - 1, ~std::uint64_t{0}};  // 2^127 - 1
  const std::uint64_t u = divide(numerator, u128{0, tn}).lo;
  const approximation inner = rescaled(atan_value(u, -127 - en, delta62 + 1), 63);
  return {half_pi_63 - inner.mantissa, -63, 2 + inner.error};
}

// ---- Stage 2: decisions through sin and cos of the boundary.

/// The sign of b - (num / den) pi for an exact b > 0 (num, den small): both ends of pi's
/// enclosure at a precision that doubles; 0 past max_guard_bits (never: pi is irrational).
inline int compare_with_pi(const exact_binary& b, std::uint64_t num, std::uint64_t den) {
  for (auto precision = detail_exp_log::first_guard_bits; precision <= detail_exp_log::max_guard_bits;
       precision *= 2) {
    const fixed_enclosure pi = detail_trig::pi_enclosure(precision);
    const bigint lhs = bigint(b.mantissa) * bigint(den);  // b den = lhs 2^E
    const auto p = -static_cast<std::int64_t>(precision);
    if (compare_scaled(lhs, b.exponent, pi.hi * bigint(num), p) > 0) return 1;
    if (compare_scaled(lhs, b.exponent, pi.lo * bigint(num), p) < 0) return -1;
  }
  return 0;
}

/// A signed product v 2^-P: v's sign, and lo <= |v| 2^P <= hi, at the exponent exponent.
struct signed_term {
  bool negative = false;
  bigint lo, hi;
  std::int64_t exponent = 0;
};

/// The sign of l - r for enclosed l and r: 0 where the enclosures do not separate.
inline int sign_of_difference(const signed_term& l, const signed_term& r) {
  if (l.negative != r.negative) {
    if (!l.lo.is_zero() || !r.lo.is_zero()) return l.negative ? -1 : 1;
    return 0;
  }
  const int direction = l.negative ? -1 : 1;
  if (!l.lo.is_zero() && compare_scaled(l.lo, l.exponent, r.hi, r.exponent) > 0) return direction;
  if (!r.lo.is_zero() && compare_scaled(l.hi, l.exponent, r.lo, r.exponent) < 0) return -direction;
  return 0;
}

/// Encloses sin b and cos b (signed) at 2^-P for an exact 0 < b < pi with cos_negative (b >
/// pi/2) known; known = false where an enclosure cannot tell yet.
struct sin_cos_of_b {
  fixed_enclosure sin, cos;
};
inline sin_cos_of_b enclose_b(const exact_binary& b, std::uint64_t precision, bool& known) {
  bool sin_known = false, cos_known = false;
  sin_cos_of_b r;
  r.sin = detail_trig::enclose_sin_cos(b, false, precision, sin_known);
  r.cos = detail_trig::enclose_sin_cos(b, true, precision, cos_known);
  known = sin_known && cos_known;
  return r;
}

/// The precision of the first try for a boundary b: past b's own scale both ways.
inline std::uint64_t first_precision(std::uint64_t guard, const exact_binary& b) noexcept {
  const int top = detail_exp_log::leading_exponent(b);
  return guard + 32 + static_cast<std::uint64_t>(top < 0 ? -2 * top : 2 * top);
}

/// The sign of theta - b, theta = atan2(|y|, x) in (0, pi) (y, x finite nonzero; x's sign
/// x_negative), b > 0 exact: b > pi gives -1; otherwise sin(theta - b) has theta - b's sign
/// (|theta - b| < pi), and sin(theta - b) sqrt(x^2 + y^2) = |y| cos b - x sin b. Known =
/// false past max_guard_bits.
inline int compare_angle(const exact_binary& y, bool x_negative, const exact_binary& x, const exact_binary& b,
                         bool& known) {
  known = false;
  const int above_pi = compare_with_pi(b, 1, 1);
  if (above_pi == 0) return 0;
  if (above_pi > 0) return known = true, -1;
  const int above_half_pi = compare_with_pi(b, 1, 2);
  if (above_half_pi == 0) return 0;
  for (auto guard = detail_exp_log::first_guard_bits; guard <= detail_exp_log::max_guard_bits; guard *= 2) {
    const std::uint64_t precision = first_precision(guard, b);
    bool enclosed = false;
    const sin_cos_of_b e = enclose_b(b, precision, enclosed);
    if (!enclosed) continue;
    const bigint my(y.mantissa), mx(x.mantissa);
    const signed_term l{above_half_pi > 0, my * e.cos.lo, my * e.cos.hi, y.exponent};
    const signed_term r{x_negative, mx * e.sin.lo, mx * e.sin.hi, x.exponent};
    const int s = sign_of_difference(l, r);
    if (s != 0) return known = true, s;
  }
  return 0;
}

/// An approximation of (num / den) pi, den a power of two up to 4, num up to 3: Y 2^q within
/// K = 2 units (from floor(pi 2^62) = half_pi_63, short by less than 1).
inline approximation pi_multiple(std::uint64_t num, int den_log2) noexcept {
  const u128 p = multiply(half_pi_63, num);  // num pi 2^62, short by less than num
  const int cut = detail_exp_log::bit_width(p) - 63;
  return {shift_right(p, cut).lo, cut - 62 - den_log2, 2};
}

/// F's bits of a magnitude from its approximation and a side(b, known) decision, with a sign.
template <class F, class Side>
typename F::bits_type decided(const approximation& a, bool negative, Side&& side) {
  using bits_type = typename F::bits_type;
  const bits_type magnitude = detail_exp_log::round_approximation<F>(a, side);
  return negative ? static_cast<bits_type>(magnitude | F::sign_mask) : magnitude;
}

/// side(b) for a constant (num / den) pi: the sign of that constant minus b.
inline auto constant_side(std::uint64_t num, std::uint64_t den) {
  return [num, den](const exact_binary& b, bool& known) {
    const int s = -compare_with_pi(b, num, den);
    known = s != 0;
    return s;
  };
}

}  // namespace detail_atan

/// atan x rounded once to F (to nearest, ties to even), as F's bit pattern, for x the exact
/// value of a FLOAT32 or FLOAT16 element: atan(+-0) = +-0, atan(+-Inf) = +-pi/2 rounded; NaN
/// gives the canonical positive quiet NaN.
template <class F>
typename F::bits_type atan_rounded(const real& x) {
  using bits_type = typename F::bits_type;
  using namespace detail_atan;
  switch (x.cls) {
    case fp_class::nan: return F::quiet_nan;
    case fp_class::zero: return x.negative ? F::sign_mask : bits_type{0};
    case fp_class::infinite: return decided<F>(pi_multiple(1, 1), x.negative, constant_side(1, 2));
    default: break;
  }
  const exact_binary& a = x.magnitude;
  static const exact_binary one{false, 1, 0, false};
  return decided<F>(atan_value(a.mantissa, a.exponent, 0), x.negative, [&](const exact_binary& b, bool& known) {
    return compare_angle(a, false, one, b, known);
  });
}

// ---- asin: atan(x / sqrt(1 - x^2)).

namespace detail_atan {

/// floor(sqrt(n)) for 0 < n < 2^126: Newton's iteration on integers from 2^ceil(w/2) >=
/// sqrt(n) down, which stops at the floor.
inline std::uint64_t isqrt(u128 n) noexcept {
  const int w = detail_exp_log::bit_width(n);
  u128 x = shift_left(u128{0, 1}, (w + 1) / 2);
  for (;;) {
    const u128 y = shift_right(x + divide(n, x), 1);
    if (!(y < x)) return x.lo;
    x = y;
  }
}

/// An even shift 2t making W 2^(2t) 125 or 126 bits wide (W < 2^124 nonzero): its square root
/// S = isqrt(W 2^(2t)) lies in [2^62, 2^63), short of the exact root by less than 1, a
/// relative 2^-62.
inline int even_scale(u128 w) noexcept {
  const int width = detail_exp_log::bit_width(w);
  return (125 - width) % 2 == 0 ? 125 - width : 126 - width;
}

/// x = M 2^E with M normalised to [2^23, 2^24) (at most 24 significant bits).
inline exact_binary normalised(const exact_binary& x) noexcept {
  const int w = detail::bit_width(x.mantissa);
  return {false, x.mantissa << (24 - w), x.exponent - (24 - w), false};
}

/// asin a for a = M 2^E exactly, 0 < a < 1: as atan(a / sqrt(1 - a^2)).
///
/// a < 2^-32: a / sqrt(1 - a^2) lies in [a, a (1 + a^2)], within a relative 2^-64 of a:
/// atan_value(M, E, 1). Otherwise (M in [2^23, 2^24), -55 <= E <= -24): 1 - a^2 = W 2^(2E),
/// W = 2^(-2E) - M^2 an exact integer below 2^110, a / sqrt(1 - a^2) = M / sqrt(W) =
/// M 2^102 / sqrt(W 2^(2t)) 2^(t - 102); with S = isqrt(W 2^(2t)) (even_scale) and T =
/// floor(M 2^102 / S) (M 2^102 < 2^126, T in [2^62, 2^64)), T 2^(t - 102) is within a
/// relative 1.01 2^-62 (S's floor) + 2^-62 (T's) of it: atan_value(T, t - 102, 2).
inline approximation asin_value(const exact_binary& x) noexcept {
  const exact_binary a = normalised(x);
  if (a.exponent < -55) return atan_value(x.mantissa, x.exponent, 1);
  const u128 w = shift_left(u128{0, 1}, -2 * a.exponent) - multiply(a.mantissa, a.mantissa);
  const int two_t = even_scale(w);
  const std::uint64_t root = isqrt(shift_left(w, two_t));
  const std::uint64_t t = divide(shift_left(u128{0, a.mantissa}, 102), u128{0, root}).lo;
  return atan_value(t, two_t / 2 - 102, 2);
}

/// The sign of asin|x| - b (0 < |x| < 1, b > 0 exact): -1 past pi/2; else |x| <> sin b by
/// sin b's enclosure at a precision that doubles.
inline int compare_asin(const exact_binary& x, const exact_binary& b, bool& known) {
  known = false;
  const int above_half_pi = compare_with_pi(b, 1, 2);
  if (above_half_pi == 0) return 0;
  if (above_half_pi > 0) return known = true, -1;
  for (auto guard = detail_exp_log::first_guard_bits; guard <= detail_exp_log::max_guard_bits; guard *= 2) {
    const std::uint64_t precision = first_precision(guard, b);
    bool enclosed = false;
    const fixed_enclosure s = detail_trig::enclose_sin_cos(b, false, precision, enclosed);
    if (!enclosed) continue;
    const bigint m(x.mantissa);
    const auto p = -static_cast<std::int64_t>(precision);
    const int sign = sign_of_difference({false, m, m, x.exponent}, {false, s.lo, s.hi, p});
    if (sign != 0) return known = true, sign;
  }
  return 0;
}

}  // namespace detail_atan

/// asin x rounded once to F, as F's bit pattern, for x the exact value of a FLOAT32 or FLOAT16
/// element: asin(+-0) = +-0, asin(+-1) = +-pi/2 rounded; |x| > 1 (Inf included) and NaN give
/// the canonical positive quiet NaN.
template <class F>
typename F::bits_type asin_rounded(const real& x) {
  using bits_type = typename F::bits_type;
  using namespace detail_atan;
  if (x.is_nan() || x.is_infinite()) return F::quiet_nan;
  if (x.is_zero()) return x.negative ? F::sign_mask : bits_type{0};
  const exact_binary& a = x.magnitude;
  const int top = detail_exp_log::leading_exponent(a);
  if (top > 0 || (top == 0 && (a.mantissa & (a.mantissa - 1)) != 0)) return F::quiet_nan;
  if (top == 0) return decided<F>(pi_multiple(1, 1), x.negative, constant_side(1, 2));
  return decided<F>(asin_value(a), x.negative,
                    [&](const exact_binary& b, bool& known) { return compare_asin(a, b, known); });
}

// ---- acos: atan(sqrt(1 - x^2) / |x|), pi minus it for x < 0, pi/2 -+ asin|x| below 1/2.

namespace detail_atan {

/// acos a for a = M 2^E exactly, 0 < |a| < 1 (negative: a's sign).
///
/// |a| < 1/2: pi/2 -+ asin|a| at 2^-62 (in [pi/3, 2pi/3]): floor(pi/2 2^62) = half_pi_63 / 2
/// rounded down (1 unit) and asin_value rescaled (q <= -63). |a| >= 1/2 (E = -24 normalised):
/// phi = atan(sqrt(1 - a^2) / |a|) = atan(sqrt(W) / M), W = 2^48 - M^2, with S =
/// isqrt(W 2^(2t)) and T = floor(S 2^24 / M) in [2^62, 2^64): T 2^(-24 - t) within a relative
/// 2 2^-62 (atan_value(T, -24 - t, 2)); acos a = phi for a > 0, pi - phi at 2^-62 (from
/// floor(pi 2^62) = half_pi_63, 1 unit) for a < 0.
inline approximation acos_value(bool negative, const exact_binary& x) noexcept {
  const exact_binary a = normalised(x);
  if (a.exponent < -24) {
    const approximation v = rescaled(asin_value(x), 62);
    const std::uint64_t h = half_pi_63 >> 1;
    return {negative ? h + v.mantissa : h - v.mantissa, -62, 1 + v.error};
  }
  const u128 w = u128{0, std::uint64_t{1} << 48} - multiply(a.mantissa, a.mantissa);
  const int two_t = even_scale(w);
  const std::uint64_t root = isqrt(shift_left(w, two_t));
  const std::uint64_t t = divide(shift_left(u128{0, root}, 24), u128{0, a.mantissa}).lo;
  const approximation phi = atan_value(t, -24 - two_t / 2, 2);
  if (!negative) return phi;
  const approximation v = rescaled(phi, 62);
  return {half_pi_63 - v.mantissa, -62, 1 + v.error};
}

/// The sign of acos x - b (0 < |x| < 1, b > 0 exact): -1 past pi; else acos being decreasing,
/// acos x > b exactly when x < cos b: the sign of cos b - x, cos b's sign that of pi/2 - b.
inline int compare_acos(bool negative, const exact_binary& x, const exact_binary& b, bool& known) {
  known = false;
  const int above_pi = compare_with_pi(b, 1, 1);
  if (above_pi == 0) return 0;
  if (above_pi > 0) return known = true, -1;
  const int above_half_pi = compare_with_pi(b, 1, 2);
  if (above_half_pi == 0) return 0;
  for (auto guard = detail_exp_log::first_guard_bits; guard <= detail_exp_log::max_guard_bits; guard *= 2) {
    const std::uint64_t precision = first_precision(guard, b);
    bool enclosed = false;
    const fixed_enclosure c = detail_trig::enclose_sin_cos(b, true, precision, enclosed);
    if (!enclosed) continue;
    const bigint m(x.mantissa);
    const auto p = -static_cast<std::int64_t>(precision);
    const int sign = sign_of_difference({above_half_pi > 0, c.lo, c.hi, p}, {negative, m, m, x.exponent});
    if (sign != 0) return known = true, sign;
  }
  return 0;
}

}  // namespace detail_atan

/// acos x rounded once to F, as F's bit pattern, for x the exact value of a FLOAT32 or FLOAT16
/// element: acos(1) = +0, acos(-1) = pi rounded, acos(+-0) = pi/2 rounded; |x| > 1 (Inf
/// included) and NaN give the canonical positive quiet NaN.
template <class F>
typename F::bits_type acos_rounded(const real& x) {
  using bits_type = typename F::bits_type;
  using namespace detail_atan;
  if (x.is_nan() || x.is_infinite()) return F::quiet_nan;
  if (x.is_zero()) return decided<F>(pi_multiple(1, 1), false, constant_side(1, 2));
  const exact_binary& a = x.magnitude;
  const int top = detail_exp_log::leading_exponent(a);
  if (top > 0 || (top == 0 && (a.mantissa & (a.mantissa - 1)) != 0)) return F::quiet_nan;
  if (top == 0) return x.negative ? decided<F>(pi_multiple(1, 0), false, constant_side(1, 1)) : bits_type{0};
  return decided<F>(acos_value(x.negative, a), false,
                    [&](const exact_binary& b, bool& known) { return compare_acos(x.negative, a, b, known); });
}

// ---- atan2: atan(|y| / |x|), pi minus it for x < 0.

namespace detail_atan {

/// atan2(|y|, x) for y and x finite nonzero (x's sign x_negative), in (0, pi).
///
/// |y| / |x| = My / Mx 2^(Ey - Ex): T = floor(My 2^k / Mx) in (2^62, 2^64) with k = 63 +
/// width(Mx) - width(My) (My 2^k < 2^88), within a relative 2^-62: atan_value(T, e, 1). For
/// x < 0, pi minus it at 2^-62, in [pi/2, pi): floor(pi 2^62) = half_pi_63 (1 unit).
inline approximation atan2_value(const exact_binary& y, bool x_negative, const exact_binary& x) noexcept {
  const int k = 63 + width(x.mantissa) - width(y.mantissa);
  const std::uint64_t t = divide(shift_left(u128{0, y.mantissa}, k), u128{0, x.mantissa}).lo;
  const approximation a = atan_value(t, y.exponent - x.exponent - k, 1);
  if (!x_negative) return a;
  const approximation v = rescaled(a, 62);
  return {half_pi_63 - v.mantissa, -62, 1 + v.error};
}

}  // namespace detail_atan

/// atan2(y, x) rounded once to F, as F's bit pattern, for y and x the exact values of FLOAT32
/// or FLOAT16 elements, with C's special values (ISO C Annex F): atan2(+-0, x) = +-0 for x > 0
/// or x = +0 and +-pi for x < 0 or x = -0; +-pi/2 for x = +-0 and y != 0 or for y = +-Inf and
/// x finite; +-pi/4 and +-3pi/4 for y = +-Inf and x = +Inf and -Inf; +-0 and +-pi for x = +Inf
/// and -Inf and y finite; NaN in either gives the canonical positive quiet NaN.
template <class F>
typename F::bits_type atan2_rounded(const real& y, const real& x) {
  using bits_type = typename F::bits_type;
  using namespace detail_atan;
  if (y.is_nan() || x.is_nan()) return F::quiet_nan;
  const bool sign = y.negative;
  if (y.is_zero() || (x.is_infinite() && !y.is_infinite())) {
    if (!x.negative) return sign ? F::sign_mask : bits_type{0};
    return decided<F>(pi_multiple(1, 0), sign, constant_side(1, 1));
  }
  if (y.is_infinite()) {
    if (!x.is_infinite()) return decided<F>(pi_multiple(1, 1), sign, constant_side(1, 2));
    return x.negative ? decided<F>(pi_multiple(3, 2), sign, constant_side(3, 4))
                      : decided<F>(pi_multiple(1, 2), sign, constant_side(1, 4));
  }
  if (x.is_zero()) return decided<F>(pi_multiple(1, 1), sign, constant_side(1, 2));
  const exact_binary& my = y.magnitude;
  const exact_binary& mx = x.magnitude;
  return decided<F>(atan2_value(my, x.negative, mx), sign,
                    [&](const exact_binary& b, bool& known) { return compare_angle(my, x.negative, mx, b, known); });
}

}  // namespace dmlref::math
