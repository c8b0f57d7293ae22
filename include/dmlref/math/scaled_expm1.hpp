#pragma once
// C |e^z - 1| correctly rounded to FLOAT32 or FLOAT16 (to nearest, ties to even), for the
// golden path of the ELU family (ACTIVATION_ELU, ACTIVATION_SCALED_ELU, ACTIVATION_CELU).
//
// Contract: scaled_expm1_rounded<F>(c, z_negative, n, d) returns the bits of the magnitude
// C |e^z - 1| rounded once, where
//   z = N / D (d given) or z = N (d null): N a nonzero finite dyadic of at most 24 significant
//       bits (|N| = n, its sign z_negative), D > 0 a dyadic of at most 24 significant bits;
//   C > 0 a dyadic of at most 48 significant bits (a FLOAT32 value, or the exact product of
//       two).
// Precondition: z < 256, or C >= 2^-149 (then C (e^z - 1) > 2^218 overflows either format,
// and the result is +Inf). The sign of C (e^z - 1) is z's; callers apply their own.
// The result is relative, however small |z|: below 2^-5, e^z - 1 is never formed as a
// difference (z S(z) with S the series of (e^z - 1)/z), so a tiny z gives C |z| (1 + z/2 ...)
// to full precision.
//
// Method: math/exp_log.hpp's.
// 1. Approximation in integer fixed point: |e^z - 1| as Y 2^q within K units (derivations
//    beside expm1_approximation), times C's mantissa, cut to 63 bits.
// 2. Where Y - K and Y + K round alike, that is the answer. Otherwise the one boundary b
//    between them is decided exactly. With C and b integers on one exponent (P_C, P_b):
//      z < 0:  C (1 - e^z) <> b  <=>  |z| <> ln(P_C / (P_C - P_b))   (always < when P_b >= P_C)
//      z > 0:  C (e^z - 1) <> b  <=>   z  <> ln((P_C + P_b) / P_C)
//    and |z| <> L  <=>  |N| <> D L; D L is enclosed in fixed point (ln_ratio_enclosure, from
//    math/log_enclosure.hpp's series) at a precision that doubles until it separates from |N|.
// It always ends: C (e^z - 1) = b needs e^z = 1 + b/C (or 1 - b/C) rational, which by
// Lindemann's theorem only z = 0 gives, excluded.

#include <cstdint>

#include "dmlref/math/bigint.hpp"
#include "dmlref/math/exp_log.hpp"
#include "dmlref/math/log_enclosure.hpp"
#include "dmlref/math/real.hpp"
#include "dmlref/math/tanh.hpp"

namespace dmlref::math {

/// ln(p / q) for integers p > q >= 1, enclosed at precision P: p / q = 2^k r with r in
/// [1, 2), ln(p/q) = k ln 2 + 2 atanh((p - q 2^k) / (p + q 2^k)), the ratio below 1/3.
inline fixed_enclosure ln_ratio_enclosure(const bigint& p, const bigint& q, std::uint64_t precision) {
  std::uint64_t k = p.bit_length() - q.bit_length();
  if (compare(p, q.shifted_left(k)) < 0) --k;  // k >= 0 as p > q
  const bigint scaled = q.shifted_left(k);
  fixed_enclosure r = detail_log::two_atanh(p - scaled, p + scaled, precision);
  if (k != 0) r = r + scale_enclosure(ln2_enclosure(precision), bigint(k), 0);
  return r;
}

namespace detail_scaled_expm1 {

using detail_exp_log::approximation;
using detail_exp_log::multiply;
using detail_exp_log::multiply_shift;
using detail_exp_log::reciprocal_64;
using detail_exp_log::shift_right;
using detail_exp_log::u128;

/// floor(2^64 / (n + 1)!), n = 1 .. 8: the coefficients of S(z) = (e^z - 1)/z = sum z^n/(n+1)!
/// (index 0 unused).
inline constexpr std::uint64_t series[9] = {0,
                                            reciprocal_64(2),
                                            reciprocal_64(6),
                                            reciprocal_64(24),
                                            reciprocal_64(120),
                                            reciprocal_64(720),
                                            reciprocal_64(5040),
                                            reciprocal_64(40320),
                                            reciprocal_64(362880)};

/// v 2^exponent within k units, rescaled so that its mantissa has 63 bits (v > 0).
inline approximation normalized(std::uint64_t v, int exponent, std::uint64_t k) noexcept {
  const int width = detail::bit_width(v);
  if (width > 63) return {v >> 1, exponent + 1, k / 2 + 2};
  const int lift = 63 - width;
  return {v << lift, exponent - lift, k << lift};
}

/// |e^z - 1| for z = +-M 2^e exact, 0 < M < 2^57, z < 256, as Y 2^q within K units, Y < 2^63.
///
/// |z| < 2^-5: |e^z - 1| = |z| S(z), S = 1 + c1 z + ... + c8 z^8 (c_n = 1/(n+1)!; the omitted
/// tail is below 1.01 |z|^9/10! < 2^-66.8). Z = floor(|z| 2^68) < 2^63 (within 1 unit).
/// Horner's rule on |z| at 2^-64 from floor(2^64 c_n), the signs alternating for z < 0: each
/// step's error < 1 (coefficient) + 1 (truncation) + |z| |d| + 2^-4 (Z's error) < 2.2 units;
/// S at 2^-62 (S62 = 2^62 +- floor(Z g / 2^70)) within 1.1 units. |e^z - 1| = M S62 2^(e-62):
/// the exact product cut to 63 bits by a shift s keeps an error below 1.1 M / 2^s + 1 < 4
/// units (S62 >= 2^61.98 gives M < 2^(s + 1.02); with no cut, M <= 2).
///
/// 2^-5 <= |z| < 128: E = e^z = Y_E 2^(a - 62) within 4 units (math/exp_log.hpp; Y_E in
/// [2^62, 2^63]). z > 0 (a >= 0): e^z - 1 = (Y_E - 2^(62-a)) 2^(a-62), within 4 units (5
/// when a > 62 and the 1 is dropped); the difference is at least (e^(1/32) - 1) 2^62 > 2^56.9
/// at a = 0. z < 0 (a <= -1): 1 - e^z at 2^-63 is 2^63 - floor(Y_E 2^(a+1)), within 4 units
/// (a = -1, exact shift) or 4/2 + 1 = 3; it is at least (1 - e^(-1/32)) 2^63 > 2^57.9.
/// Both are rescaled to 63 bits by at most 7 bits, the error with them.
///
/// z <= -128: 1 - e^z in (1 - 2^-184, 1): Y = 2^63 - 1 at 2^-63 within 1 unit.
/// 128 <= z < 256: e^z = (e^(z/2))^2: Y_h within 4 units of e^(z/2) 2^(62 - a_h), Y_h^2 cut to
/// 63 bits by s >= 61: error below (8 (2^63 + 4) + 16) / 2^61 + 1 < 34 units; the dropped 1 is
/// below 2^-184 of e^z, under 1 unit: K = 35.
inline approximation expm1_approximation(bool negative, const exact_binary& z) noexcept {
  const int top = detail_exp_log::leading_exponent(z);
  if (top < -5) {
    const int shift = z.exponent + 68;
    const std::uint64_t big_z = shift >= 0 ? z.mantissa << shift : (-shift >= 64 ? 0 : z.mantissa >> -shift);
    std::uint64_t g = series[8];
    for (int n = 7; n >= 1; --n) {
      const std::uint64_t t = multiply_shift(big_z, g, 68);
      g = negative ? series[n] - t : series[n] + t;
    }
    const std::uint64_t t = multiply_shift(big_z, g, 70);
    const std::uint64_t s = negative ? (std::uint64_t{1} << 62) - t : (std::uint64_t{1} << 62) + t;
    const u128 product = multiply(z.mantissa, s);
    const int width = detail_exp_log::bit_width(product);
    const int cut = width > 63 ? width - 63 : 0;
    return {shift_right(product, cut).lo, z.exponent - 62 + cut, 4};
  }
  if (top < 7) {
    const approximation e = detail_exp_log::exp_approximation(negative, z);
    const int a = e.exponent + 62;
    if (!negative) {
      const bool kept = a <= 62;
      const std::uint64_t one = kept ? std::uint64_t{1} << (62 - a) : 0;
      return normalized(e.mantissa - one, e.exponent, kept ? 4 : 5);
    }
    const int down = -(a + 1);
    const std::uint64_t e63 = down >= 64 ? 0 : e.mantissa >> down;
    return normalized((std::uint64_t{1} << 63) - e63, -63, down == 0 ? 4 : 3);
  }
  if (negative) return {(std::uint64_t{1} << 63) - 1, -63, 1};
  const exact_binary half{false, z.mantissa, z.exponent - 1, false};
  const approximation h = detail_exp_log::exp_approximation(false, half);
  const u128 square = multiply(h.mantissa, h.mantissa);
  const int width = detail_exp_log::bit_width(square);
  const int cut = width > 63 ? width - 63 : 0;
  return {shift_right(square, cut).lo, 2 * h.exponent + cut, 35};
}

/// N / D as a dyadic Q 2^e with 2^55 <= Q < 2^56, within 2^-54 of it relatively: the quotient
/// of the mantissas (N's top bit at 2^62, D's at 2^63) floor(a 2^64 / b) in [2^62, 2^64) is
/// short by less than 1 unit, and the cut to 56 bits by less than 1 unit of 2^55.
inline exact_binary quotient_approximation(const exact_binary& n, const exact_binary& d) noexcept {
  const int wn = detail::bit_width(n.mantissa);
  const int wd = detail::bit_width(d.mantissa);
  const std::uint64_t a = n.mantissa << (63 - wn);
  const std::uint64_t b = d.mantissa << (64 - wd);
  const std::uint64_t q = detail_tanh::divide_shifted(a, b);
  const int cut = detail::bit_width(q) - 56;
  return {false, q >> cut, n.exponent - (63 - wn) - d.exponent + (64 - wd) - 64 + cut, false};
}

/// An approximation times the dyadic c (c.mantissa < 2^48), cut to 63 bits: the error is the
/// scaled error, cut, plus 1 for the cut itself (and 1 spare).
inline approximation scaled(const approximation& a, const exact_binary& c) noexcept {
  const u128 product = multiply(a.mantissa, c.mantissa);
  const int width = detail_exp_log::bit_width(product);
  const int cut = width > 63 ? width - 63 : 0;
  const u128 error = multiply(a.error, c.mantissa);
  return {shift_right(product, cut).lo, a.exponent + c.exponent + cut, shift_right(error, cut).lo + 2};
}

/// The sign of C |e^z - 1| - b for b > 0 exact (z = N/D, or N where d is null); known = false
/// past exp_log's max_guard_bits.
inline int compare_scaled_expm1(const exact_binary& c, bool z_negative, const exact_binary& n, const exact_binary* d,
                                const exact_binary& b, bool& known) {
  using detail_exp_log::first_guard_bits;
  using detail_exp_log::max_guard_bits;
  known = false;
  const int e0 = c.exponent < b.exponent ? c.exponent : b.exponent;
  const bigint big_c = bigint(c.mantissa).shifted_left(static_cast<std::uint64_t>(c.exponent - e0));
  const bigint big_b = bigint(b.mantissa).shifted_left(static_cast<std::uint64_t>(b.exponent - e0));
  bigint p, q;
  if (z_negative) {
    if (compare(big_b, big_c) >= 0) return known = true, -1;  // C (1 - e^z) < C <= b
    p = big_c;
    q = big_c - big_b;
  } else {
    p = big_c + big_b;
    q = big_c;
  }
  const exact_binary unit{false, 1, 0, false};
  const exact_binary& divisor = d != nullptr ? *d : unit;
  // The precision starts where |N| and D's scale are visible (only a start: it doubles).
  const int n_top = detail_exp_log::leading_exponent(n);
  const int d_top = detail_exp_log::leading_exponent(divisor);
  const auto extra = static_cast<std::uint64_t>((n_top < 0 ? -n_top : 0) + (d_top > 0 ? d_top : 0));
  for (auto guard = first_guard_bits; guard <= max_guard_bits; guard *= 2) {
    const std::uint64_t precision = guard + 32 + extra;
    const fixed_enclosure lhs = dyadic_enclosure(bigint(n.mantissa), static_cast<std::int64_t>(precision) + n.exponent);
    const fixed_enclosure rhs =
        scale_enclosure(ln_ratio_enclosure(p, q, precision), bigint(divisor.mantissa), divisor.exponent);
    if (compare(lhs.lo, rhs.hi) > 0) return known = true, 1;
    if (compare(lhs.hi, rhs.lo) < 0) return known = true, -1;
  }
  return 0;
}

}  // namespace detail_scaled_expm1

/// C |e^z - 1| rounded once to F, as F's bit pattern (see the top of this file).
template <class F>
typename F::bits_type scaled_expm1_rounded(const exact_binary& c, bool z_negative, const exact_binary& n,
                                           const exact_binary* d) {
  using namespace detail_scaled_expm1;
  const exact_binary z = d != nullptr ? quotient_approximation(n, *d) : n;
  if (!z_negative && detail_exp_log::leading_exponent(z) >= 8) return F::infinity;
  approximation a = expm1_approximation(z_negative, z);
  // A quotient's relative error 2^-54 moves e^z - 1 by at most 2^-54 (1 + |z|) 1.01 < 2^-45.9
  // of it (|z| < 256).
  if (d != nullptr) a.error += (a.mantissa >> 45) + 1;
  a = scaled(a, c);
  return detail_exp_log::round_approximation<F>(a, [&](const exact_binary& b, bool& known) {
    return compare_scaled_expm1(c, z_negative, n, d, b, known);
  });
}

}  // namespace dmlref::math
