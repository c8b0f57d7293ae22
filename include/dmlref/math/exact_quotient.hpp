#pragma once
// Exact quotients and square roots of reals, with IEEE 754 special values, for the golden
// path's "compute exactly, round once" (DIVIDE, RECIP, SQRT, SOFTSIGN). Like math::add and
// math::multiply, the results carry a 64-bit significand and a sticky flag for the nonzero
// bits below it, and round_real rounds them once; everything is integer arithmetic on the
// bits, so no compiler flag or floating-point mode changes a result.
//
//   divide(a, b)       a / b: the quotient of the significands to at least 62 bits, sticky
//                      when the remainder is nonzero. Operands exact (no sticky).
//   square_root(a)     sqrt(a): the integer root of the significand scaled to 62 or 63 bits,
//                      so the root has 31 or 32 bits (enough for FLOAT32, which needs 24 + 2),
//                      sticky when inexact. Operand exact, significand below 2^63.
//   truncated_remainder(a, b)  a - b * trunc(a / b), C's fmod: always exact (the result is a
//                      multiple of the smaller operand's quantum below |b|), the sign a's.

#include <cstdint>

#include "dmlref/math/real.hpp"

namespace dmlref::math {

namespace detail_quotient {

/// (hi * 2^64 + lo) / d with the remainder, for hi < d (the quotient fits in 64 bits):
/// restoring division one bit at a time, portable.
inline std::uint64_t divide_128_by_64(std::uint64_t hi, std::uint64_t lo, std::uint64_t d,
                                      std::uint64_t& remainder) noexcept {
  std::uint64_t q = 0;
  for (int i = 0; i < 64; ++i) {
    const bool carry = (hi >> 63) != 0;  // the shifted remainder's 65th bit
    hi = (hi << 1) | (lo >> 63);
    lo <<= 1;
    q <<= 1;
    if (carry || hi >= d) {
      hi -= d;  // wraps correctly when carry: the true value is below 2d
      q |= 1;
    }
  }
  remainder = hi;
  return q;
}

/// floor(sqrt(n)) for a 64-bit n, digit by digit (two bits of n per bit of the root).
inline std::uint64_t integer_sqrt(std::uint64_t n) noexcept {
  std::uint64_t root = 0;
  std::uint64_t bit = std::uint64_t{1} << 62;
  while (bit > n) bit >>= 2;
  while (bit != 0) {
    if (n >= root + bit) {
      n -= root + bit;
      root = (root >> 1) + bit;
    } else {
      root >>= 1;
    }
    bit >>= 2;
  }
  return root;
}

inline real special(fp_class cls, bool negative) noexcept {
  real r;
  r.cls = cls;
  r.negative = negative;
  return r;
}

}  // namespace detail_quotient

/// a / b, exact up to sticky, with IEEE special values: NaN when either is NaN, 0 / 0 and
/// Inf / Inf; x / 0 = +-Inf and x / Inf = +-0 with the sign the operands' signs give.
/// Precondition: both operands exact (no sticky).
inline real divide(const real& a, const real& b) noexcept {
  using detail_quotient::special;
  const bool negative = a.negative != b.negative;
  if (a.is_nan() || b.is_nan()) return special(fp_class::nan, false);
  if (a.is_infinite()) return b.is_infinite() ? special(fp_class::nan, false) : special(fp_class::infinite, negative);
  if (b.is_infinite()) return special(fp_class::zero, negative);
  if (b.is_zero()) return a.is_zero() ? special(fp_class::nan, false) : special(fp_class::infinite, negative);
  if (a.is_zero()) return special(fp_class::zero, negative);
  // The dividend's leading bit at bit 62 of the high word, the divisor's at bit 63: the
  // quotient lies in [2^62, 2^64) and fits.
  const int a_shift = 63 - detail::bit_width(a.magnitude.mantissa);
  const int b_shift = 64 - detail::bit_width(b.magnitude.mantissa);
  const std::uint64_t hi = a.magnitude.mantissa << a_shift;
  const std::uint64_t d = b.magnitude.mantissa << b_shift;
  std::uint64_t remainder = 0;
  const std::uint64_t q = detail_quotient::divide_128_by_64(hi, 0, d, remainder);
  real r;
  r.cls = fp_class::normal;
  r.negative = negative;
  r.magnitude.mantissa = q;
  r.magnitude.exponent = (a.magnitude.exponent - a_shift - 64) - (b.magnitude.exponent - b_shift);
  r.magnitude.sticky = remainder != 0;
  return r;
}

/// sqrt(a), exact up to sticky, with IEEE special values: sqrt(-0) = -0, sqrt(+Inf) = +Inf,
/// NaN for NaN and for every number below zero (-Inf included). Preconditions: a exact, its
/// significand below 2^63 (every element type's is).
inline real square_root(const real& a) noexcept {
  using detail_quotient::special;
  if (a.is_nan()) return special(fp_class::nan, false);
  if (a.is_zero()) return a;
  if (a.negative) return special(fp_class::nan, false);
  if (a.is_infinite()) return a;
  // n = m * 2^s with s making the exponent even and n's leading bit at bit 62 or 63.
  const std::uint64_t m = a.magnitude.mantissa;
  int s = 63 - detail::bit_width(m);
  if (((a.magnitude.exponent - s) & 1) != 0) ++s;  // & 1 reads two's complement parity
  const std::uint64_t n = m << s;
  const std::uint64_t root = detail_quotient::integer_sqrt(n);
  real r;
  r.cls = fp_class::normal;
  r.magnitude.mantissa = root;
  r.magnitude.exponent = (a.magnitude.exponent - s) / 2;  // even: exact
  r.magnitude.sticky = root * root != n;
  return r;
}

/// a - b * trunc(a / b) (C's fmod), exactly, with its special values: NaN when either is
/// NaN, a is infinite or b is zero; a itself when b is infinite and a finite; a zero result
/// takes a's sign. Precondition: both operands exact (no sticky), significands below 2^63.
inline real truncated_remainder(const real& a, const real& b) noexcept {
  using detail_quotient::special;
  if (a.is_nan() || b.is_nan() || a.is_infinite() || b.is_zero()) return special(fp_class::nan, false);
  if (b.is_infinite() || a.is_zero()) return a;
  const std::uint64_t ma = a.magnitude.mantissa, mb = b.magnitude.mantissa;
  const int ea = a.magnitude.exponent, eb = b.magnitude.exponent;
  std::uint64_t r = 0;
  int e = 0;
  if (ea >= eb) {
    // (ma * 2^(ea - eb)) mod mb, one doubling at a time; r < mb < 2^63 never overflows.
    r = ma % mb;
    for (int k = 0; k < ea - eb; ++k) {
      r <<= 1;
      if (r >= mb) r -= mb;
    }
    e = eb;
  } else {
    // ma mod (mb * 2^(eb - ea)): ma itself once the divisor exceeds it.
    const int gap = eb - ea;
    const bool larger = gap >= 64 || detail::bit_width(mb) + gap > 63 || (mb << gap) > ma;
    r = larger ? ma : ma % (mb << gap);
    e = ea;
  }
  real out;
  out.negative = a.negative;
  if (r == 0) return special(fp_class::zero, a.negative);
  out.cls = fp_class::normal;
  out.magnitude.mantissa = r;
  out.magnitude.exponent = e;
  return out;
}

}  // namespace dmlref::math
