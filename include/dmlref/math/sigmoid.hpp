#pragma once
// The logistic sigmoid 1 / (1 + e^-x) correctly rounded to FLOAT32 or FLOAT16 (to nearest,
// ties to even), for the golden path, by math/exp_log.hpp's method:
//
// 1. Approximation in integer fixed point from exp's (derivation beside
//    sigmoid_approximation).
// 2. Rounding when its two ends round alike; otherwise the one boundary b between them is
//    decided exactly: sigmoid x <> b  <=>  x <> ln b - ln(1 - b), with ln b = ln B + j ln 2
//    (b = B 2^j) and ln(1 - b) = -2 atanh(b / (2 - b)) for b <= 1/2, ln(2^-j - B) + j ln 2
//    above, enclosed in fixed point (math/log_enclosure.hpp) at a precision that doubles until
//    the difference's enclosure excludes 0.
// It always ends: sigmoid x = b needs e^-x = (1 - b)/b rational, which by Lindemann's
// theorem only x = 0 gives (sigmoid 0 = 1/2, answered first).

#include <cstdint>

#include "dmlref/math/bigint.hpp"
#include "dmlref/math/exp_log.hpp"
#include "dmlref/math/log_enclosure.hpp"
#include "dmlref/math/real.hpp"
#include "dmlref/math/tanh.hpp"

namespace dmlref::math {

namespace detail_sigmoid {

using detail_exp_log::approximation;

/// 1 / (1 + e^-x) for 2^-30 <= |x| < 128, as Y 2^q within K = 16 units.
///
/// E = e^-x = Y_E 2^(a - 62) within 4 units (math/exp_log.hpp; Y_E >= 2^62). For a >= 0,
/// 1/(1 + E) = 2^-a 2^62 / D with D = Y_E + 2^(62 - a) (the second term dropped for a > 62,
/// less than 1 unit); for a < 0, 1/(1 + E) = 2^62 / D with D = 2^62 + floor(Y_E 2^a) (within
/// 1 unit). Either way D >= 2^62 is within 5 units of exact, 5 2^-62 relatively. Q =
/// floor(2^125 / D) <= 2^63 (at 2^-63) is then within 5 2^-62 Q + 1 <= 11 units: K = 16.
inline approximation sigmoid_approximation(bool negative, const exact_binary& x) noexcept {
  const approximation e = detail_exp_log::exp_approximation(!negative, x);
  const int a = e.exponent + 62;
  std::uint64_t d = 0;
  int exponent = -63;
  if (a >= 0) {
    d = e.mantissa + (a <= 62 ? std::uint64_t{1} << (62 - a) : 0);
    exponent -= a;
  } else {
    d = (std::uint64_t{1} << 62) + (-a >= 64 ? 0 : e.mantissa >> -a);
  }
  return {detail_tanh::divide_shifted(std::uint64_t{1} << 61, d), exponent, 16};
}

/// The sign of sigmoid x - b for x finite nonzero and 0 < b < 1 exact; known = false past
/// exp_log's max_guard_bits.
inline int compare_sigmoid(bool x_negative, const exact_binary& x, const exact_binary& b, bool& known) {
  using detail_exp_log::first_guard_bits;
  using detail_exp_log::max_guard_bits;
  known = false;
  const std::uint64_t big_b = b.mantissa;  // b = B 2^j, j < 0
  const std::int64_t j = b.exponent;
  const auto minus_j = static_cast<std::uint64_t>(-j);
  const bool at_most_half = compare(bigint(big_b).shifted_left(1), bigint(1).shifted_left(minus_j)) <= 0;
  for (auto guard = first_guard_bits; guard <= max_guard_bits; guard *= 2) {
    const std::uint64_t precision = guard + 32;
    fixed_enclosure positive, negative;
    auto add = [&](bool is_negative, const fixed_enclosure& term) {
      (is_negative ? negative : positive) = (is_negative ? negative : positive) + term;
    };
    add(x_negative, dyadic_enclosure(bigint(x.mantissa), static_cast<std::int64_t>(precision) + x.exponent));  // x 2^precision
    // - ln b = -(octaves_B + j) ln 2 - ln f_B.
    const log_split lb = ln_integer(big_b, precision);
    std::int64_t ln2_multiple = -(lb.whole_octaves + j);
    add(true, lb.fraction_log);
    // + ln(1 - b).
    if (at_most_half) {  // -2 atanh(B / (2^(1-j) - B)), the ratio at most 1/3
      const bigint two_unit = bigint(1).shifted_left(minus_j + 1);
      add(true, detail_log::two_atanh(bigint(big_b), two_unit - bigint(big_b), precision));
    } else {  // ln(2^-j - B) + j ln 2, 2^-j - B below 2^64 for these formats' boundaries
      const log_split ln = ln_integer((std::uint64_t{1} << minus_j) - big_b, precision);
      ln2_multiple += ln.whole_octaves + j;
      add(false, ln.fraction_log);
    }
    const auto multiple = static_cast<std::uint64_t>(ln2_multiple < 0 ? -ln2_multiple : ln2_multiple);
    add(ln2_multiple < 0, scale_enclosure(ln2_enclosure(precision), bigint(multiple), 0));
    if (compare(positive.lo, negative.hi) > 0) return known = true, 1;
    if (compare(positive.hi, negative.lo) < 0) return known = true, -1;
  }
  return 0;
}

}  // namespace detail_sigmoid

/// 1 / (1 + e^-x) rounded once to F (to nearest, ties to even), as F's bit pattern, for x the
/// exact value of a FLOAT32 or FLOAT16 element: sigmoid(+-0) = 1/2, sigmoid(+Inf) = 1,
/// sigmoid(-Inf) = +0, NaN gives the canonical positive quiet NaN.
template <class F>
typename F::bits_type sigmoid_rounded(const real& x) {
  using bits_type = typename F::bits_type;
  const bits_type one = detail::round_to_format<F>({false, 1, 0, false});
  const bits_type half = detail::round_to_format<F>({false, 1, -1, false});
  switch (x.cls) {
    case fp_class::nan: return F::quiet_nan;
    case fp_class::zero: return half;
    case fp_class::infinite: return x.negative ? bits_type{0} : one;
    default: break;
  }
  const int top = detail_exp_log::leading_exponent(x.magnitude);
  // |x| < 2^-30: sigmoid x within 2^-32 of 1/2, inside its rounding interval (2^-26 below).
  if (top < -30) return half;
  // x >= 32: 1 - sigmoid x < e^-32 < 2^-46; x <= -128: sigmoid x < e^-128 < 2^-184.
  if (top >= 5 && !x.negative) return one;
  if (top >= 7) return bits_type{0};
  const detail_exp_log::approximation a = detail_sigmoid::sigmoid_approximation(x.negative, x.magnitude);
  return detail_exp_log::round_approximation<F>(a, [&](const exact_binary& b, bool& known) {
    return detail_sigmoid::compare_sigmoid(x.negative, x.magnitude, b, known);
  });
}

}  // namespace dmlref::math
