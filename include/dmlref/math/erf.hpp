#pragma once
// erf correctly rounded: the exact real erf x rounded once to FLOAT32 or FLOAT16 (to nearest,
// ties to even), for the golden path, by math/exp_log.hpp's method:
//
// 1. Approximation in integer fixed point (64- and 128-bit words), |erf x| as Y 2^q within K
//    units: for |x| < 1 the Taylor series erf a = 2/sqrt(pi) a E(a^2), E(z) = sum (-1)^n z^n /
//    (n! (2n+1)); for 1 <= |x| < 4 erf a = 2/sqrt(pi) a e^(-z) F(z), F(z) = sum (2z)^n /
//    (2n+1)!! (all terms positive), e^(-z) from math/exp_log.hpp. |x| >= 4 rounds to +-1 in
//    both formats (1 - erf 4 < 1.6 10^-8, below half of FLOAT32's unit under 1, 2^-25).
// 2. Rounding when Y - K and Y + K round alike; otherwise the one boundary b between them is
//    decided exactly: erf a <> b  <=>  (2 a F(z))^2 <> b^2 pi e^(2z), both sides enclosed in
//    big-integer fixed point (F and e^(2z) by their positive series, pi by Machin's formula,
//    math/trig.hpp) at a precision that doubles until the enclosures separate.
//
// Why stage 2 always ends: erf a = b for a nonzero dyadic b and a rational a != 0 is not known
// to be impossible by a classical theorem as e^x's case is; the loop is capped at exp_log's
// max_guard_bits, past which the approximation is rounded. [unverified: no FLOAT32 or FLOAT16
// input reaches the cap in the sweeps of docs/reliability.md.]
//
// The constants (floor(2/sqrt(pi) 2^63), floor(2^64 / (n! (2n+1)))) are proven by
// tests/test_erf.cpp with exact integer arithmetic.

#include <cstdint>

#include "dmlref/math/bigint.hpp"
#include "dmlref/math/exp_log.hpp"
#include "dmlref/math/log_enclosure.hpp"
#include "dmlref/math/real.hpp"
#include "dmlref/math/trig.hpp"

namespace dmlref::math {

namespace detail_erf {

using detail_exp_log::approximation;
using detail_exp_log::multiply;
using detail_exp_log::multiply_shift;
using detail_exp_log::shift_left;
using detail_exp_log::shift_right;
using detail_exp_log::u128;

/// floor(2/sqrt(pi) 2^63).
inline constexpr std::uint64_t two_over_root_pi_63 = 0x906eba8214db688du;

/// floor(2^64 / (n! (2n + 1))), n = 1 .. 19 (index 0 unused).
constexpr std::uint64_t taylor_coefficient(std::uint64_t n) noexcept {
  std::uint64_t d = 2 * n + 1;
  for (std::uint64_t k = 2; k <= n; ++k) d *= k;  // n! (2n+1) < 2^64 for n <= 19
  return detail_exp_log::reciprocal_64(d);
}
struct taylor_table {
  std::uint64_t c[20];
};
constexpr taylor_table make_taylor() noexcept {
  taylor_table t{};
  for (std::uint64_t n = 1; n < 20; ++n) t.c[n] = taylor_coefficient(n);
  return t;
}
inline constexpr taylor_table taylor = make_taylor();

/// floor(2^64 / (2n + 3)), n = 0 .. 95: erf_large's ratios as products, not divisions.
struct reciprocal_table {
  std::uint64_t r[96];
};
constexpr reciprocal_table make_odd_reciprocals() noexcept {
  reciprocal_table t{};
  for (std::uint64_t n = 0; n < 96; ++n) t.r[n] = detail_exp_log::reciprocal_64(2 * n + 3);
  return t;
}
inline constexpr reciprocal_table odd_reciprocals = make_odd_reciprocals();

/// |erf a| for a = M 2^E, 0 < a < 1, M < 2^24: Y 2^q within K = 64 units.
///
/// z = a^2 at 2^-64: Z = floor(M^2 2^(2E + 64)), exact or short by less than 1 unit (z < 1).
/// E(z) by Horner's rule on the magnitudes at 2^-64 (terms to n = 19; the omitted tail is below
/// z^20 / (20! 41) < 2^-66): g = c_19, g = c_n - z g; each value positive (consecutive
/// coefficients' ratio at most 3/10). Each step's error is at most 1 (coefficient) + 1
/// (truncation) + 0.1 (z's error times g <= 1/10) + z |d|, so |d| < 2.1 19 < 40 units after 18
/// steps (z < 1). E62 = 2^62 - floor(Z g / 2^66) is within (40 + 1/3) / 4 + 1 < 12 units, E >=
/// E(1) > 0.74: relatively within 16.3 2^-62. P = floor(E62 C / 2^64) (C = 2/sqrt(pi) 2^63,
/// within 2^-63 relatively) adds less than 2^-60.7 relatively (P >= 0.83 2^61); M P exact,
/// cut to 63 bits: relatively within (16.3 + 0.5 + 1.7) 2^-62 < 19 2^-62, so Y (>= 2^62 after a
/// cut) within 2^63 19 2^-62 + 1 < 39 units; without a cut (M P < 2^63, M <= 4) within 4
/// (P 19 2^-62 + 1) < 25 units.
inline approximation erf_small(std::uint64_t m, int e) noexcept {
  const u128 square = multiply(m, m);
  const int z_shift = 2 * e + 64;
  const std::uint64_t z = z_shift >= 0 ? shift_left(square, z_shift).lo
                                       : (-z_shift >= 128 ? 0 : shift_right(square, -z_shift).lo);
  std::uint64_t g = taylor.c[19];
  for (int n = 18; n >= 1; --n) g = taylor.c[n] - multiply_shift(z, g, 64);
  const std::uint64_t big_e = (std::uint64_t{1} << 62) - multiply_shift(z, g, 66);
  const std::uint64_t p = multiply(big_e, two_over_root_pi_63).hi;  // at 2^-61
  const u128 product = multiply(m, p);
  const int width = detail_exp_log::bit_width(product);
  const int cut = width > 63 ? width - 63 : 0;
  return {shift_right(product, cut).lo, e - 61 + cut, 64};
}

/// erf a for a = M 2^E, 1 <= a < 4, M < 2^24: Y 2^q within K = 2^15 units.
///
/// F(z) = sum t_n, t_0 = 1, t_(n+1) = t_n rho_n, rho_n = 2z / (2n + 3), in 128-bit words at
/// 2^-64. 2z 2^59 = M^2 2^(2E + 60) is an exact integer below 2^64 (E >= -23), and R_n =
/// floor(2z 2^59 floor(2^64 / (2n + 3)) / 2^64) is within a relative (2n + 3) / (2z 2^59) +
/// (2n + 3) 2^-64 of rho_n;
/// t_(n+1) = floor(t_n R_n / 2^59). The relative errors of the ratios add up to at most
/// (N^2 + 2N) (1 / (2z 2^59) + 2^-64) < 2^-50.5 over the N terms (N = 21 for z near 1,
/// N < 75 for z < 16; the first part is at most 2^-51.08, near z = 1, the second 2^-51.6),
/// and each step's truncation adds at most 2^-64 relatively while the terms grow (t_n >= 1),
/// 1 unit absolutely after. The loop stops at the first n + 1 >= 2z with t_(n+1) < 16 units
/// (the later ratios are below 1/2, the tail below 16 units), so the sum is within a relative
/// 2^-50.5 + (75 + 32) 2^-64 < 2^-50.4 of F (F >= 1). (The table of reciprocals holds 96
/// entries; the loop stops within 75 terms for every z < 16: tests/test_erf.cpp.)
/// F64 = the top 64 bits of the sum (2^-63); e^-z = Y_e 2^q_e within 4 units of 2^62 or more
/// (math/exp_log.hpp: 2^-60); P1 = floor(F64 Y_e / 2^64) (>= 2^61: 2^-61), P2 = floor(P1 C /
/// 2^64) (C within 2^-63; P2 >= 2^60: 2^-60), then M P2 cut to 63 bits (2^-62): relatively
/// within 2^-50.4 + 2^-57.8 < 2^-50.3, so Y < 2^63 within 2^12.7 + 1 < 2^15 units.
inline approximation erf_large(std::uint64_t m, int e, std::uint64_t* terms = nullptr) {
  const auto z2 = static_cast<std::uint64_t>(multiply(m, m).lo << (2 * e + 60));  // 2z 2^59, exact
  u128 term{1, 0};  // 1 at 2^-64
  u128 sum = term;
  const u128 sixteen{0, 16};
  for (std::uint64_t n = 0;; ++n) {
    const std::uint64_t rho = multiply(z2, odd_reciprocals.r[n < 95 ? n : 95]).hi;
    // term * rho / 2^59: term below 2^86, rho below 2^64.
    const u128 low = multiply(term.lo, rho);
    const u128 high = multiply(term.hi, rho);
    term = shift_right(low, 59) + shift_left(high, 5);
    sum = sum + term;
    // n + 1 >= 2z  <=>  (n + 1) 2^60 >= z2 2
    if (term < sixteen && !(u128{(n + 1) >> 4, (n + 1) << 60} < u128{z2 >> 63, z2 << 1})) {
      if (terms != nullptr) *terms = n + 2;
      break;
    }
  }
  const int width = detail_exp_log::bit_width(sum);  // >= 65
  const std::uint64_t f64 = shift_right(sum, width - 64).lo;
  // e^-z: z = M^2 2^(2E), at most 48 significant bits.
  const exact_binary z{false, multiply(m, m).lo, 2 * e, false};
  const approximation ez = detail_exp_log::exp_approximation(true, z);
  const std::uint64_t p1 = multiply(f64, ez.mantissa).hi;
  const std::uint64_t p2 = multiply(p1, two_over_root_pi_63).hi;
  const u128 product = multiply(m, p2);
  const int pw = detail_exp_log::bit_width(product);
  const int cut = pw > 63 ? pw - 63 : 0;
  // F = F64 2^(width - 128), F e^-z = P1 2^(width - 64 + q_e), 2/sqrt(pi) P1 = 2 P2: erf = M P2
  // 2^(width - 63 + q_e + E).
  return {shift_right(product, cut).lo, width - 63 + ez.exponent + e + cut, std::uint64_t{1} << 15};
}

/// Encloses sum_n (2z)^n / d_n 2^P for z = M^2 2^(2E) exactly, d_n = (2n+1)!! (odd = true, F)
/// or n! (odd = false, e^(2z)), as [S, S + slack]. Terms t_0 = 2^P, t_(n+1) = floor(t_n M^2
/// 2^(2E+1) / m_n), m_n = 2n + 3 or n + 1; each is at most the exact term and short by
/// d_(n+1) <= rho_n d_n + 1: while the terms grow that is at most (n + 1) times the largest
/// term over 2^P (< 2^48 for z < 16), after it d grows by at most 1 a step; the loop stops at
/// t_n = 0 with n >= 4z (ratios below 1/2), where the exact tail is below 2 d_n. So the deficit
/// of the sum is below (N + 2)^2 2^49, N the number of terms.
inline fixed_enclosure positive_series(std::uint64_t m, int e, std::uint64_t precision, bool odd) {
  const bigint m2(m * m);
  const std::int64_t shift = 2 * std::int64_t{e} + 1;  // 2z = m2 2^shift
  bigint term = bigint(1).shifted_left(precision);
  bigint sum = term;
  std::uint64_t n = 0;
  for (;; ++n) {
    bigint next = term * m2;
    next = shift >= 0 ? next.shifted_left(static_cast<std::uint64_t>(shift))
                      : next.shifted_right(static_cast<std::uint64_t>(-shift));
    term = next / bigint(odd ? 2 * n + 3 : n + 1);
    sum = sum + term;
    // stop once the term is 0 and n + 1 >= 4z = 2 m2 2^shift (ratios then below 1/2)
    if (term.is_zero()) {
      const bigint lhs = bigint(n + 1);
      const bigint twice = m2.shifted_left(1);
      const bool far = shift >= 0 ? compare(lhs, twice.shifted_left(static_cast<std::uint64_t>(shift))) >= 0
                                  : compare(lhs.shifted_left(static_cast<std::uint64_t>(-shift)), twice) >= 0;
      if (far) break;
    }
  }
  const std::uint64_t terms = n + 3;
  return {sum, sum + bigint(terms * terms).shifted_left(49)};
}

/// The sign of erf a - b for a = M 2^E in (0, 4) and 0 < b < 1 exact: (2 a F)^2 <> b^2 pi
/// e^(2z), every factor enclosed at a precision that doubles; known = false past the cap.
inline int compare_erf(const exact_binary& a, const exact_binary& b, bool& known) {
  using detail_exp_log::first_guard_bits;
  using detail_exp_log::max_guard_bits;
  known = false;
  for (auto guard = first_guard_bits; guard <= max_guard_bits; guard *= 2) {
    const std::uint64_t precision = guard + 128;
    const fixed_enclosure f = positive_series(a.mantissa, a.exponent, precision, true);
    const fixed_enclosure ez = positive_series(a.mantissa, a.exponent, precision, false);
    const fixed_enclosure pi = detail_trig::pi_enclosure(precision);
    // Left: 4 M^2 F^2 2^(2E) (2^-2P); right: B^2 pi e^(2z) 2^(2j) (2^-2P).
    const bigint m2 = bigint(a.mantissa) * bigint(a.mantissa);
    const bigint b2 = bigint(b.mantissa) * bigint(b.mantissa);
    const bigint left_lo = m2 * f.lo * f.lo, left_hi = m2 * f.hi * f.hi;
    const bigint right_lo = b2 * pi.lo * ez.lo, right_hi = b2 * pi.hi * ez.hi;
    const std::int64_t left_exp = 2 + 2 * std::int64_t{a.exponent};
    const std::int64_t right_exp = 2 * std::int64_t{b.exponent};
    if (compare_scaled(left_lo, left_exp, right_hi, right_exp) > 0) return known = true, 1;
    if (compare_scaled(left_hi, left_exp, right_lo, right_exp) < 0) return known = true, -1;
  }
  return 0;
}

}  // namespace detail_erf

/// erf x rounded once to F (to nearest, ties to even), as F's bit pattern, for x the exact
/// value of a FLOAT32 or FLOAT16 element: erf(+-0) = +-0, erf(+-Inf) = +-1, NaN gives the
/// canonical positive quiet NaN.
template <class F>
typename F::bits_type erf_rounded(const real& x) {
  using bits_type = typename F::bits_type;
  const auto sign = x.negative ? F::sign_mask : bits_type{0};
  const bits_type one = detail::round_to_format<F>({false, 1, 0, false});
  switch (x.cls) {
    case fp_class::nan: return F::quiet_nan;
    case fp_class::zero: return sign;
    case fp_class::infinite: return static_cast<bits_type>(sign | one);
    default: break;
  }
  const exact_binary& a = x.magnitude;
  const int top = detail_exp_log::leading_exponent(a);
  if (top >= 2) return static_cast<bits_type>(sign | one);  // |x| >= 4
  const detail_exp_log::approximation approx =
      top < 0 ? detail_erf::erf_small(a.mantissa, a.exponent) : detail_erf::erf_large(a.mantissa, a.exponent);
  const bits_type magnitude = detail_exp_log::round_approximation<F>(approx, [&](const exact_binary& b, bool& known) {
    return detail_erf::compare_erf(a, b, known);
  });
  return static_cast<bits_type>(sign | magnitude);
}

}  // namespace dmlref::math
