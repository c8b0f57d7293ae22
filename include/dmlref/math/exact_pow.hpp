#pragma once
// pow(x, y) correctly rounded: the exact real x^y rounded once, for the golden path.
//
// Method, in three stages, each deciding what the one before cannot:
// 1. An approximation Y 2^q of |x|^y = e^(y ln|x|) with a proven bound of K units, in integer
//    fixed point (pow_approximation below: math/exp_log.hpp's logarithm and exponential, no
//    floating-point operation and no C library). If Y - K and Y + K round to the same value
//    of the target grid, that value is the correct rounding of x^y.
// 2. If not, one rounding boundary b (a midpoint between two neighbours of the grid, or an
//    integer for truncation) lies within K units of Y, and the sign of x^y - b decides.
//    Against b = 1 it is the sign of y ln x, that is of y times the sign of x - 1. Otherwise
//    exactly, with big integers, where they stay small: for y = p / 2^k,
//    x^y <> b  <=>  x^p <> b^(2^k), for integers of at most max_compare_bits bits.
// 3. Otherwise by logarithms: x^y <> b  <=>  y ln x <> ln b, with both sides enclosed in
//    fixed point by math/log_enclosure.hpp at a precision that doubles until the enclosures
//    separate.
//
// Why stage 3 always ends: it can only fail to separate when x^y = b exactly. Write
// x = X 2^i, b = B 2^j (X, B odd) and y = p / 2^k (p odd when k > 0). Equality needs
// X^p = B^(2^k) for y > 0, and X = B = 1 for y < 0. With X = 1 (x a power of two) B = 1
// too, and stage 2 works on the integer 1 alone: p = j 2^k / i with |i|, |j| < 200 (the
// exponents of these formats' values and boundaries), and 2^k dividing i, keep p below 2^40
// and 2^k below 2^16. With X > 1, gcd(p, 2^k) = 1 makes X = c^(2^k) for an odd c >= 3, so
// 3^(2^k) <= X < 2^32 (integer bases have at most 32 bits) gives k <= 4, and
// B = c^p < 2^64 (a boundary has at most 64 significant bits) gives p <= 40: both powers have
// at most 16 x 64 = 1024 bits, within stage 2's reach. So every exact tie is decided by
// stage 2, and stage 3 only meets x^y != b, where a precision large enough always separates.
// The precision is capped at max_log_guard_bits above the operands' scale, far above the 128
// that the hardest inputs found needed (docs/semantics.md: scripts/pow_hard_cases.py).
//
// Everything is integer arithmetic on bits: no compiler flag, FPU mode or C library changes
// a result.

#include <algorithm>
#include <cstdint>

#include "dmlref/math/bigint.hpp"
#include "dmlref/math/exp_log.hpp"
#include "dmlref/math/log_enclosure.hpp"
#include "dmlref/math/real.hpp"

namespace dmlref::math {

/// What pow(x, y) is before any rounding: C's pow (ISO C Annex F) on extended reals, whose
/// negative-base rule (an integral exponent gives the signed power, any other gives NaN) is
/// also DirectML's.
enum class pow_outcome { nan, zero, infinity, one, magnitude };
struct pow_plan {
  pow_outcome outcome = pow_outcome::nan;
  bool negative = false;  // sign of the result
};

namespace detail_pow {

inline exact_binary strip_trailing_zeros(exact_binary m) noexcept {
  if (m.mantissa == 0) return m;
  const int zeros = detail::trailing_zeros(m.mantissa);
  m.mantissa >>= zeros;
  m.exponent += zeros;
  return m;
}

/// -1, 0, +1: the magnitude of a finite nonzero real against 1.
inline int compare_with_one(const exact_binary& m) noexcept {
  const int top = detail::bit_width(m.mantissa) - 1 + m.exponent;  // exponent of leading bit
  if (top != 0) return top < 0 ? -1 : 1;
  return strip_trailing_zeros(m).mantissa == 1 ? 0 : 1;
}

}  // namespace detail_pow

inline bool is_integer(const real& y) noexcept {
  if (y.is_zero()) return true;
  if (!y.is_finite_nonzero()) return false;
  return detail_pow::strip_trailing_zeros(y.magnitude).exponent >= 0;
}

inline bool is_odd_integer(const real& y) noexcept {
  if (!y.is_finite_nonzero()) return false;
  return detail_pow::strip_trailing_zeros(y.magnitude).exponent == 0;
}

inline pow_plan plan_pow(const real& x, const real& y) noexcept {
  using o = pow_outcome;
  const bool x_is_plus_one = x.is_finite_nonzero() && !x.negative &&
                             detail_pow::compare_with_one(x.magnitude) == 0;
  if (y.is_zero() || x_is_plus_one) return {o::one, false};
  if (x.is_nan() || y.is_nan()) return {o::nan, false};
  const bool y_odd = is_odd_integer(y);
  if (x.is_zero()) {
    if (y.negative) return {o::infinity, y_odd && x.negative};
    return {o::zero, y_odd && x.negative};
  }
  if (y.is_infinite()) {
    const int size = x.is_infinite() ? 1 : detail_pow::compare_with_one(x.magnitude);
    if (size == 0) return {o::one, false};  // x = -1
    return {(size > 0) != y.negative ? o::infinity : o::zero, false};
  }
  if (x.is_infinite()) {
    const bool negative = x.negative && y_odd;
    return {y.negative ? o::zero : o::infinity, negative};
  }
  if (x.negative && !is_integer(y)) return {o::nan, false};
  return {o::magnitude, x.negative && y_odd};
}

namespace detail_pow {

inline constexpr std::uint64_t max_compare_bits = 2048;      // stage 2: ties need <= 1024
inline constexpr std::uint64_t first_log_guard_bits = 64;    // stage 3's first precision
inline constexpr std::uint64_t max_log_guard_bits = 1u << 14;

using detail_exp_log::approximation;
using detail_exp_log::u128;

/// |ln x| for a finite x > 0, x != 1, as L 2^q within K units, with 2^61.9 < L < 2^63 + 2^57
/// and K <= 129; sets below_one = (x < 1), the sign of ln x.
/// Mantissas of at most 24 bits (FLOAT32 and FLOAT16 values, and FLOAT32 results of
/// ScaleBias) take math/exp_log.hpp's fixed-point logarithm (K <= 2^7 + 1 by the derivations
/// there; L >= 2^62 but near 1, where L = a B >= B > 2^62 (1 - 2^-8)). Wider ones are POW's
/// integer bases, at least 2^24: math/exp_log.hpp's ln_fixed gives ln x at 2^-120 within
/// 1.04 2^-64, and ln x > 16 puts the value above 2^124, so cut to 63 bits (a shift s >= 62)
/// it is L within 1.04 2^(56 - s) + 1 < 2 units: K = 2.
inline approximation log_magnitude(const exact_binary& x, bool& below_one) {
  using namespace detail_exp_log;
  const int width = detail::bit_width(x.mantissa);
  const int e = x.exponent + width - 1;  // x = m 2^(e - 23) below
  below_one = e < 0;
  if (width <= 24) {
    const std::uint64_t m = x.mantissa << (24 - width);  // in [2^23, 2^24)
    const bool near_one = (e == 0 && m < (std::uint64_t{1} << 23) + (std::uint64_t{1} << 16)) ||
                          (e == -1 && m > (std::uint64_t{1} << 24) - (std::uint64_t{1} << 17));
    return near_one ? log_near_one(m, e) : log_general(m, e);
  }
  const u128 v = ln_fixed(x.mantissa << (64 - width), x.exponent - (64 - width)).magnitude;
  const int s = bit_width(v) - 63;
  return {shift_right(v, s).lo, s - 120, 2};
}

/// What stage 1 gives: |x|^y as an approximation, or beyond 2^184 (overflow) or below
/// 2^-184 (underflow), far outside every grid that POW rounds or truncates to.
struct pow_estimate {
  enum class range { approximated, overflow, underflow } where = range::approximated;
  approximation value;
};

/// Stage 1: |x|^y for x finite nonzero (its sign ignored) and y finite nonzero with a
/// mantissa of at most 32 bits, as Y 2^q within K units, 2^61 < Y < 2^63 + 2^57.
///
/// With |ln|x|| = L 2^l within K_L units (log_magnitude) and |y| = M 2^m exactly, t = y ln|x|
/// has |t| = M L 2^(m + l) within D = M K_L 2^(m + l); T = M L is exact (below 2^96).
/// If T 2^(m + l) >= 2^7 then |t| > 2^7 (1 - 2^-55) > 127 and e^t lies beyond 2^183 or below
/// 2^-183. Otherwise X = floor(|t~| 2^120) with t~ = M L 2^(m + l) (exact where m + l >= -120,
/// else short by less than one unit of 2^-120), and e^(+-X 2^-120) = Y' 2^q within 4 units
/// (exp_approximation_fixed). The exact e^t = e^(+-X 2^-120) e^d with |d| <= delta =
/// D + 2^-120, and with Y' < 2^63 + 1:
///   |e^t - Y' 2^q| <= 4 e^delta 2^q + Y' (e^delta - 1) 2^q < (5 + 2^63 delta (1 + 2 delta)) 2^q.
/// L > 2^61.9 and T 2^(m + l) < 2^7 give M 2^(m + l + 63) < 2^8.1, so A = ceil(M K_L
/// 2^(m + l + 63)) < 2^16 and delta < 2^-46: 2^63 delta (1 + 2 delta) < A + 2^-57 + 2^-28 < A + 1,
/// and K = A + 6 units bound the whole.
inline pow_estimate pow_approximation(const exact_binary& x, const real& y) {
  using namespace detail_exp_log;
  const exact_binary x_odd = strip_trailing_zeros(x);
  if (x_odd.mantissa == 1 && x_odd.exponent == 0) {  // |x| = 1: exactly 1
    return {pow_estimate::range::approximated, {std::uint64_t{1} << 62, -62, 0}};
  }
  bool below_one = false;
  const approximation ln_x = log_magnitude(x, below_one);
  const bool negative = below_one != y.negative;  // the sign of t
  const std::uint64_t y_mantissa = y.magnitude.mantissa;
  const int shift = y.magnitude.exponent + ln_x.exponent;  // |t~| = T 2^shift
  const u128 t = multiply(y_mantissa, ln_x.mantissa);
  if (bit_width(t) - 1 + shift >= 7) {
    return {negative ? pow_estimate::range::underflow : pow_estimate::range::overflow, {}};
  }
  const int fixed_shift = shift + 120;
  const u128 big_x = fixed_shift >= 0 ? shift_left(t, fixed_shift)
                                      : (fixed_shift > -128 ? shift_right(t, -fixed_shift) : u128{0, 0});
  approximation result = exp_approximation_fixed(negative, big_x);
  // A = ceil(M K_L 2^(m + l + 63)), M K_L below 2^40.
  const std::uint64_t d = y_mantissa * ln_x.error;
  const int a_shift = shift + 63;
  std::uint64_t a = 0;
  if (a_shift >= 0) {
    a = d << a_shift;
  } else if (a_shift > -64) {
    const std::uint64_t unit = std::uint64_t{1} << -a_shift;
    a = (d >> -a_shift) + ((d & (unit - 1)) != 0 ? 1 : 0);
  } else {
    a = d != 0 ? 1 : 0;
  }
  result.error = a + 6;
  return {pow_estimate::range::approximated, result};
}

/// Stage 2: the sign of x^y - b, exactly, for x, b > 0 and y finite nonzero; known = false
/// when the integers involved would exceed max_compare_bits.
inline int compare_pow_exactly(const exact_binary& x, const real& y, const exact_binary& b,
                            bool& known) {
  known = false;
  const auto xo = strip_trailing_zeros(x);  // x = mx * 2^ex, mx odd
  const auto bo = strip_trailing_zeros(b);
  const auto yo = strip_trailing_zeros(y.magnitude);  // |y| = my * 2^ey, my odd
  std::uint64_t p = yo.mantissa;  // y = +-p / q
  std::uint64_t q = 1;
  if (yo.exponent >= 0) {
    if (yo.exponent >= 40 || detail::bit_width(p) + yo.exponent > 40) return 0;
    p <<= yo.exponent;
  } else {
    if (yo.exponent < -16) return 0;
    q = std::uint64_t{1} << -yo.exponent;
  }
  bigint x_power, b_power;
  if (!bigint::power(xo.mantissa, p, max_compare_bits, x_power)) return 0;
  if (!bigint::power(bo.mantissa, q, max_compare_bits, b_power)) return 0;
  known = true;
  const auto ip = static_cast<std::int64_t>(p);
  const auto iq = static_cast<std::int64_t>(q);
  if (!y.negative) {  // x^p <> b^q
    return compare_scaled(x_power, xo.exponent * ip, b_power, bo.exponent * iq);
  }
  // x^-p <> b^q  <=>  1 <> b^q * x^p
  return compare_scaled(bigint(1), 0, b_power * x_power, bo.exponent * iq + xo.exponent * ip);
}

/// A signed big integer as sign and magnitude, for the exact coefficient of ln 2 below.
struct signed_bigint {
  bool negative = false;
  bigint magnitude;
};
inline signed_bigint operator+(const signed_bigint& a, const signed_bigint& b) {
  if (a.negative == b.negative) return {a.negative, a.magnitude + b.magnitude};
  if (compare(a.magnitude, b.magnitude) >= 0) return {a.negative, a.magnitude - b.magnitude};
  return {b.negative, b.magnitude - a.magnitude};
}
inline signed_bigint from_int(std::int64_t v, std::uint64_t shift) {
  const auto magnitude = static_cast<std::uint64_t>(v < 0 ? -v : v);
  return {v < 0, bigint(magnitude).shifted_left(shift)};
}

/// Stage 3: the sign of x^y - b, that is of D = y ln x - ln b, for x, b > 0 finite and y
/// finite nonzero, all exact. With x = X 2^i and b = B 2^j (X, B integers) and
/// ln X = E_X ln 2 + ln f_X, ln B = E_B ln 2 + ln f_B (f in [1, 2)):
///   D = y ln f_X + (y (E_X + i) - (E_B + j)) ln 2 - ln f_B,
/// the coefficient of ln 2 exact, each logarithm enclosed (math/log_enclosure.hpp). The terms
/// of each sign are summed apart; D's sign is known once the two sums' enclosures separate.
/// The fixed-point precision is the guard bits plus the bits of the largest multiplier, so
/// the enclosure of D is about (4J + 4) 2^-guard wide; the guard doubles until the sign is
/// known. known = false only past max_log_guard_bits (never met: see the top of this file).
inline int compare_pow_by_logarithms(const exact_binary& x, const real& y, const exact_binary& b,
                                     bool& known) {
  known = false;
  const auto bits_of = [](const bigint& v) { return static_cast<std::int64_t>(v.bit_length()); };
  const bigint y_mantissa(y.magnitude.mantissa);
  const std::int64_t y_shift = y.magnitude.exponent;  // |y| = y_mantissa 2^y_shift
  // The coefficient of ln 2, exactly: c = y (E_X + i) - (E_B + j) = c_num 2^c_shift.
  const auto x_octaves = detail::bit_width(x.mantissa) - 1;
  const auto b_octaves = detail::bit_width(b.mantissa) - 1;
  const std::int64_t x_scale = std::int64_t{x_octaves} + x.exponent;
  const std::int64_t b_scale = std::int64_t{b_octaves} + b.exponent;
  const std::int64_t c_shift = y_shift < 0 ? y_shift : 0;
  signed_bigint y_term = from_int(x_scale, static_cast<std::uint64_t>(y_shift - c_shift));
  y_term.magnitude = y_term.magnitude * y_mantissa;
  y_term.negative = y_term.negative != y.negative;
  const signed_bigint c_num = y_term + from_int(-b_scale, static_cast<std::uint64_t>(-c_shift));
  const std::int64_t scale_bits = std::max<std::int64_t>(0, bits_of(y_mantissa) + y_shift) +
                                  std::max<std::int64_t>(0, bits_of(c_num.magnitude) + c_shift);
  for (auto guard = first_log_guard_bits; guard <= max_log_guard_bits; guard *= 2) {
    const auto precision = guard + static_cast<std::uint64_t>(scale_bits);
    const auto ln_x = ln_integer(x.mantissa, precision);
    const auto ln_b = ln_integer(b.mantissa, precision);
    fixed_enclosure positive, negative;
    auto add = [&](bool is_negative, const fixed_enclosure& term) {
      (is_negative ? negative : positive) = (is_negative ? negative : positive) + term;
    };
    add(y.negative, scale_enclosure(ln_x.fraction_log, y_mantissa, y_shift));
    add(c_num.negative, scale_enclosure(ln2_enclosure(precision), c_num.magnitude, c_shift));
    add(true, ln_b.fraction_log);
    if (compare(positive.lo, negative.hi) > 0) return known = true, 1;
    if (compare(positive.hi, negative.lo) < 0) return known = true, -1;
  }
  return 0;
}

/// The sign of x^y - b for x, b > 0 finite and y finite nonzero, all exact: stage 2 where
/// its integers stay small, else stage 3. known = false only where stage 3 gives up.
inline int compare_pow_with(const exact_binary& x, const real& y, const exact_binary& b, bool& known) {
  if (compare_with_one(b) == 0) {  // against 1 (truncation of powers near 1): the sign of y ln x
    known = true;
    const int side = compare_with_one(x);
    return y.negative ? -side : side;
  }
  const int exact = compare_pow_exactly(x, y, b, known);
  if (known) return exact;
  return compare_pow_by_logarithms(x, y, b, known);
}

}  // namespace detail_pow

/// |x|^y correctly rounded to format F (to nearest, ties to even), as F's bit pattern.
/// x finite nonzero, y finite nonzero.
template <class F>
typename F::bits_type pow_magnitude_rounded(const exact_binary& x, const real& y) {
  const auto estimate = detail_pow::pow_approximation(x, y);
  using range = detail_pow::pow_estimate::range;
  if (estimate.where == range::overflow) return F::infinity;  // beyond 2^183: far beyond F
  if (estimate.where == range::underflow) return 0;           // below 2^-183: far below F
  return detail_exp_log::round_approximation<F>(estimate.value, [&](const exact_binary& b, bool& known) {
    return detail_pow::compare_pow_with(x, y, b, known);
  });
}

/// |x|^y truncated toward zero, for x finite nonzero (its sign ignored) and y finite nonzero;
/// false where it is 2^64 or more, and may be false from 2^43 (beyond every integer type of
/// POW, 32 bits at most).
inline bool pow_magnitude_truncated(const exact_binary& x, const real& y, std::uint64_t& out) {
  const auto estimate = detail_pow::pow_approximation(x, y);
  using range = detail_pow::pow_estimate::range;
  if (estimate.where == range::overflow) return false;  // beyond 2^183
  if (estimate.where == range::underflow) {
    out = 0;
    return true;
  }
  const auto& a = estimate.value;
  auto truncate = [](exact_binary v, std::uint64_t& t) {
    real as_real;
    as_real.cls = v.mantissa == 0 ? fp_class::zero : fp_class::normal;
    as_real.magnitude = v;
    return truncate_to_integer(as_real, t);
  };
  std::uint64_t low = 0, high = 0;
  if (!truncate({false, a.mantissa > a.error ? a.mantissa - a.error : 0, a.exponent, false}, low)) return false;
  if (!truncate({false, a.mantissa + a.error, a.exponent, false}, high)) return false;
  if (low == high) {
    out = low;
    return true;
  }
  // K < 2^17 units of Y 2^q with Y > 2^61 is under 2^-44 of the value: below 2^43 the
  // estimate spans at most one integer.
  if (high - low > 1) return false;
  // The boundary is the integer high: x^y >= high gives high, else high - 1.
  bool known = false;
  const int side = detail_pow::compare_pow_with(x, y, exact_binary{false, high, 0, false}, known);
  if (!known) return truncate({false, a.mantissa, a.exponent, false}, out);
  out = side >= 0 ? high : high - 1;
  return true;
}

}  // namespace dmlref::math
