#pragma once
// GELU correctly rounded: the exact real y = x Phi(x) = x/2 (1 + erf(x / sqrt 2)) rounded once
// to FLOAT32 or FLOAT16 (to nearest, ties to even), for the golden path of ACTIVATION_GELU.
//
// Formulation. The argument x / sqrt 2 is irrational, so erf is never evaluated at it: with
// s = x^2 (exact, at most 48 significant bits) and c = 1/sqrt(2 pi),
//   Phi(x) = 1/2 + c x E(s/2),   E(t) = sum_n (-1)^n t^n / (n! (2n+1)),
// the Taylor series of erf(x/sqrt 2) = 2 c x E(x^2/2), in which only x and the exact rational
// s/2 enter. E > 0 for every x, so
//   x > 0:  y = |x| (1/2 + c |x| E),   no cancellation;
//   x < 0:  y = -|x| (1/2 - c |x| E),  1/2 - c|x|E = Phi(-|x|), relative however small: the
//           working precision is raised by the bits the subtraction cancels (below).
//
// Method: math/exp_log.hpp's two stages, both on one rigorous enclosure (gelu_enclosure):
// 1. Approximation: |y| enclosed in big-integer fixed point at a working precision W chosen
//    from x (W = guard + 2g + 32 + max(0, -lead), g with e^(s/2) <= 2^g, lead = floor(log2|x|):
//    g bits for the size of the alternating series' terms, g more for the cancellation of
//    1/2 - c|x|E, whose result is above e^(-s/2) / (8 max(1, |x|)); the enclosure's width, not a
//    formula, is the error K), rounded to a 63-bit Y 2^q within K units.
// 2. Where Y - K and Y + K round alike, that is the answer. Otherwise the one boundary b
//    between them is decided by the same enclosure at guard bits that double from 128 until
//    it lies wholly on one side of b, up to exp_log's max_guard_bits; past the cap the
//    approximation is rounded. Whether x Phi(x) = b can hold for a nonzero dyadic x and
//    dyadic b (it needs erf(x / sqrt 2) = 2b/x - 1, rational) is not settled by a classical
//    theorem, as erf's own case (math/erf.hpp) is not. [unverified: no FLOAT32 or FLOAT16 input
//    reaches the cap in the sweeps of docs/reliability.md.]
//
// Shortcuts, each proven by Gordon's inequality Phi(-a) < phi(a)/a for a > 0 (phi(a) =
// c e^(-a^2/2)), so a Phi(-a) < phi(a) < 0.4 e^(-s/2) <= 0.4 2^(-0.72 s) (log2(e)/2 > 0.72),
// with p = F's precision (24 or 11):
//   x > 0, 0.72 s >= p: y = x - x Phi(-x), and x Phi(-x) < 0.4 2^-p is below half the gap
//          from x to its predecessor (at least 2^(floor(log2 x) - p - 1) >= 2^-p, x >= 2): the
//          result is x. FLOAT32: from x = sqrt 34 ~ 5.83 on (FLOAT16: from 4); below that the
//          enclosure decides between x and its predecessor (the last FLOAT32 input whose
//          result is below x is 5.3475151, the last FLOAT16 one 3.4453125).
//   x < 0, 0.72 s >= p - emin: |y| < 0.4 2^(emin - p) (half the smallest subnormal is
//          2^(emin - p)): the result is -0. FLOAT32: from x = -sqrt 209 ~ -14.46 on (FLOAT16: -sqrt 35 ~
//          -5.92); the last nonzero results are at -14.356068 (FLOAT32) and -5.7226563.
//   |x| < 2^(-p-2) with x/2 normal (FLOAT32: 2^-125 <= |x| < 2^-26; no FLOAT16 input):
//          y = x/2 +- d with 0 < d = c x^2 E < 0.4 x^2 (0 < E <= 1) < 1.6 2^(2L) <= 2^(L-p-2)
//          (L = floor(log2|x|) <= -p-3), below half the gap on either side of x/2 (at least
//          2^(L-p-1) above, 2^(L-p-2) below): the result is x/2, exactly representable.
// s is compared through floor(s), 18 floor(s) >= 25 n, so the thresholds are conservative.

#include <cstdint>

#include "dmlref/math/bigint.hpp"
#include "dmlref/math/exp_log.hpp"
#include "dmlref/math/hyperbolic.hpp"
#include "dmlref/math/log_enclosure.hpp"
#include "dmlref/math/real.hpp"
#include "dmlref/math/trig.hpp"

namespace dmlref::math {

namespace detail_gelu {

/// 1/sqrt(2 pi) 2^P enclosed: c^2 2^(2P) = 2^(2P + q) / (2 pi 2^q), pi 2^q in [pi_lo, pi_hi]
/// (Machin's formula, math/trig.hpp, q = P + 8): floor(sqrt(floor(2^(2P+q) / (2 pi_hi)))) is
/// at most c 2^P, and isqrt(floor(2^(2P+q) / (2 pi_lo)) + 1) + 1 above it.
inline fixed_enclosure inverse_root_two_pi_enclosure(std::uint64_t precision) {
  const std::uint64_t q = precision + 8;
  const fixed_enclosure pi = detail_trig::pi_enclosure(q);
  const bigint numerator = bigint(1).shifted_left(2 * precision + q);
  const bigint lo = detail_hyperbolic::isqrt(numerator / pi.hi.shifted_left(1));
  const bigint hi = detail_hyperbolic::isqrt(numerator / pi.lo.shifted_left(1) + bigint(1)) + bigint(1);
  return {lo, hi};
}

/// The same at any precision, from one enclosure at 1024 bits computed once (cut down: lo
/// rounded down, hi up), and computed afresh above 1024.
inline fixed_enclosure inverse_root_two_pi(std::uint64_t precision) {
  constexpr std::uint64_t cached_precision = 1024;
  if (precision > cached_precision) return inverse_root_two_pi_enclosure(precision);
  static const fixed_enclosure cached = inverse_root_two_pi_enclosure(cached_precision);
  const std::uint64_t down = cached_precision - precision;
  bigint hi = cached.hi.shifted_right(down);
  if (cached.hi.any_bit_below(down)) hi = hi + bigint(1);
  return {cached.lo.shifted_right(down), hi};
}

/// floor(s) for s = M^2 2^(2E), below 2^48 (|x| < 16).
inline std::uint64_t floor_square(const exact_binary& a) noexcept {
  const std::uint64_t m2 = a.mantissa * a.mantissa;
  const int shift = 2 * a.exponent;
  if (shift >= 0) return m2 << shift;
  return -shift >= 64 ? 0 : m2 >> -shift;
}

/// A bound g with e^(s/2) <= 2^g: e^(s/2) = 2^(0.7214 s) <= 2^(3 (floor(s) + 1) / 4).
inline std::uint64_t growth_bits(const exact_binary& a) noexcept { return (3 * (floor_square(a) + 1)) / 4 + 1; }

/// E(s/2) 2^P enclosed, for s = M^2 2^(2E) < 256, M < 2^24.
///
/// Terms T_0 = 2^P, T_(n+1) = T_n rho_n, rho_n = (s/2) (2n+1) / ((n+1)(2n+3)), computed as
/// t_(n+1) = floor(floor(t_n M^2 2^(2E-1)) (2n+1) / ((n+1)(2n+3))): each step rounds down, so
/// the deficit d_n = T_n - t_n obeys d_(n+1) < rho_n d_n + 2, d_n < 2 sum_(j <= n) T_n / T_j.
/// rho_n decreases in n, so the terms rise then fall: T_n / T_j is at most max_n T_n / T_0 <=
/// e^(s/2) <= 2^g where T_j is on the rise, at most 1 after; d_n < 2 n 2^g. The loop stops at
/// the first t_J = 0 with J >= s, where every later ratio is below (s/2) / J <= 1/2 and the
/// exact tail is below T_J = d_J. The even and odd terms' sums are each short by at most
/// sum_n d_n + d_J < (N + 2)^2 2^g (N = J + 1 terms), so the exact E 2^P lies within
/// [S+ - S- - (N+2)^2 2^g, S+ - S- + (N+2)^2 2^g] (and above 0).
inline fixed_enclosure alternating_series(const exact_binary& a, std::uint64_t precision, std::uint64_t g) {
  const bigint m2 = bigint(a.mantissa) * bigint(a.mantissa);
  const std::int64_t shift = 2 * std::int64_t{a.exponent} - 1;  // s/2 = m2 2^shift
  bigint term = bigint(1).shifted_left(precision);
  bigint even = term, odd;
  std::uint64_t n = 0;
  for (;; ++n) {
    bigint next = term * m2;
    next = shift >= 0 ? next.shifted_left(static_cast<std::uint64_t>(shift))
                      : next.shifted_right(static_cast<std::uint64_t>(-shift));
    term = (next * bigint(2 * n + 1)) / bigint((n + 1) * (2 * n + 3));
    ((n + 1) % 2 == 0 ? even : odd) = ((n + 1) % 2 == 0 ? even : odd) + term;
    if (term.is_zero()) {
      // J = n + 1 >= s = m2 2^(2E)
      const bigint j = bigint(n + 1);
      const std::int64_t e2 = 2 * std::int64_t{a.exponent};
      const bool far = e2 >= 0 ? compare(j, m2.shifted_left(static_cast<std::uint64_t>(e2))) >= 0
                               : compare(j.shifted_left(static_cast<std::uint64_t>(-e2)), m2) >= 0;
      if (far) break;
    }
  }
  const std::uint64_t terms = n + 4;
  const bigint error = bigint(terms * terms).shifted_left(g);
  const bigint hi = even + error - odd;
  const bigint low_part = odd + error;
  return {compare(even, low_part) > 0 ? even - low_part : bigint(), hi};
}

/// |y| enclosed as [lo, hi] 2^exponent, for x = +-a finite, a = M 2^E < 16, at guard bits.
struct scaled_enclosure {
  bigint lo;
  bigint hi;
  std::int64_t exponent = 0;
};
inline scaled_enclosure gelu_enclosure(bool negative, const exact_binary& a, std::uint64_t guard) {
  const std::uint64_t g = growth_bits(a);
  const int lead = detail_exp_log::leading_exponent(a);
  const std::uint64_t precision = guard + 2 * g + 32 + static_cast<std::uint64_t>(lead < 0 ? -lead : 0);
  const fixed_enclosure e = alternating_series(a, precision, g);
  const fixed_enclosure c = inverse_root_two_pi(precision);
  // u = c a E at 2^-P: (c E at 2^-P, rounded outward) times M 2^E, rounded outward.
  bigint ce_hi = (c.hi * e.hi);
  const bool inexact = ce_hi.any_bit_below(precision);
  ce_hi = ce_hi.shifted_right(precision);
  if (inexact) ce_hi = ce_hi + bigint(1);
  const fixed_enclosure u =
      scale_enclosure({(c.lo * e.lo).shifted_right(precision), ce_hi}, bigint(a.mantissa), a.exponent);
  // V = 1/2 +- u (0 < V < 1 exactly; an end past them is clamped).
  const bigint half = bigint(1).shifted_left(precision - 1);
  bigint v_lo, v_hi;
  if (!negative) {
    v_lo = half + u.lo;
    v_hi = half + u.hi;
  } else {
    v_lo = compare(u.hi, half) < 0 ? half - u.hi : bigint();
    v_hi = compare(u.lo, half) < 0 ? half - u.lo : half;
  }
  const bigint m(a.mantissa);
  return {m * v_lo, m * v_hi, std::int64_t{a.exponent} - static_cast<std::int64_t>(precision)};
}

/// The enclosure as an approximation: its midpoint cut to 63 bits, the error its half-width
/// cut (rounded up) plus 2 for the cuts.
inline detail_exp_log::approximation to_approximation(const scaled_enclosure& y) {
  const bigint mid = (y.lo + y.hi).shifted_right(1);
  const bigint half_width = y.hi - mid;
  const std::uint64_t width = y.hi.bit_length();
  const std::uint64_t cut = width > 63 ? width - 63 : 0;
  const bigint top = mid.shifted_right(cut);
  const bigint err = half_width.shifted_right(cut);
  std::uint64_t mantissa = 0, error = 0;
  for (std::uint64_t i = 0; i < 63; ++i) mantissa |= top.bit(i) ? std::uint64_t{1} << i : 0;
  if (err.bit_length() > 60) {
    error = std::uint64_t{1} << 60;
  } else {
    for (std::uint64_t i = 0; i < 60; ++i) error |= err.bit(i) ? std::uint64_t{1} << i : 0;
    error += 2;
  }
  return {mantissa, static_cast<int>(y.exponent + static_cast<std::int64_t>(cut)), error};
}

/// The sign of |y| - b for b > 0 exact, by enclosures at guard bits that double from 128;
/// known = false past exp_log's max_guard_bits.
inline int compare_gelu(bool negative, const exact_binary& a, const exact_binary& b, bool& known) {
  known = false;
  const bigint big_b(b.mantissa);
  for (auto guard = 2 * detail_exp_log::first_guard_bits; guard <= detail_exp_log::max_guard_bits; guard *= 2) {
    const scaled_enclosure y = gelu_enclosure(negative, a, guard);
    if (!y.lo.is_zero() && compare_scaled(y.lo, y.exponent, big_b, b.exponent) > 0) return known = true, 1;
    if (compare_scaled(y.hi, y.exponent, big_b, b.exponent) < 0) return known = true, -1;
  }
  return 0;
}

}  // namespace detail_gelu

/// x Phi(x) rounded once to F, as F's bit pattern, for x the exact value of an element of
/// format F: +-0 gives +-0, +Inf gives +Inf, -Inf gives -0 (the limit), NaN the canonical
/// quiet NaN (see ops/activation_gelu.hpp for what is [unverified]).
template <class F>
typename F::bits_type gelu_rounded(const real& x) {
  using bits_type = typename F::bits_type;
  const auto sign = x.negative ? F::sign_mask : bits_type{0};
  switch (x.cls) {
    case fp_class::nan: return F::quiet_nan;
    case fp_class::zero: return sign;
    case fp_class::infinite: return x.negative ? F::sign_mask : F::infinity;
    default: break;
  }
  const exact_binary& a = x.magnitude;
  const int lead = detail_exp_log::leading_exponent(a);
  constexpr auto p = static_cast<std::uint64_t>(F::mantissa_bits + 1);
  constexpr auto below = static_cast<std::uint64_t>(F::mantissa_bits + 1 - F::emin);
  if (!x.negative) {
    if (lead >= 4 || 18 * detail_gelu::floor_square(a) >= 25 * p) return detail::round_to_format<F>(a);
  } else {
    if (lead >= 4 || 18 * detail_gelu::floor_square(a) >= 25 * below) return sign;
  }
  if (lead < -(F::mantissa_bits + 3) && lead - 1 >= F::emin) {
    return static_cast<bits_type>(sign | detail::round_to_format<F>({false, a.mantissa, a.exponent - 1, false}));
  }
  const detail_exp_log::approximation approx =
      detail_gelu::to_approximation(detail_gelu::gelu_enclosure(x.negative, a, detail_exp_log::first_guard_bits));
  const bits_type magnitude = detail_exp_log::round_approximation<F>(approx, [&](const exact_binary& b, bool& known) {
    return detail_gelu::compare_gelu(x.negative, a, b, known);
  });
  return static_cast<bits_type>(sign | magnitude);
}

}  // namespace dmlref::math
