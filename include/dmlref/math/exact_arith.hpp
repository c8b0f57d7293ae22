#pragma once
// Exact products and sums of reals with IEEE 754 special-value rules, for the golden path's
// "compute exactly, round once": the results carry every bit needed (the bits below 64
// significant ones are folded into the sticky flag) and are rounded by round_real.

#include <cstdint>
#include <utility>

#include "dmlref/math/real.hpp"

namespace dmlref::math {

namespace detail_arith {

/// Full 64 x 64 -> 128-bit product, portable.
inline void multiply_u64(std::uint64_t a, std::uint64_t b, std::uint64_t& hi, std::uint64_t& lo) noexcept {
  const std::uint64_t a0 = a & 0xFFFFFFFFu, a1 = a >> 32;
  const std::uint64_t b0 = b & 0xFFFFFFFFu, b1 = b >> 32;
  const std::uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
  const std::uint64_t mid = (p00 >> 32) + (p01 & 0xFFFFFFFFu) + (p10 & 0xFFFFFFFFu);
  lo = (mid << 32) | (p00 & 0xFFFFFFFFu);
  hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
}

/// Shifts right by n bits, folding what falls off into sticky.
inline std::uint64_t shift_right_sticky(std::uint64_t v, int n, bool& sticky) noexcept {
  if (n <= 0) return v;
  if (n >= 64) {
    sticky = sticky || v != 0;
    return 0;
  }
  sticky = sticky || (v & ((std::uint64_t{1} << n) - 1)) != 0;
  return v >> n;
}

/// Puts the leading bit of a nonzero magnitude at bit 61 (headroom for a sum and an
/// alignment shift of one).
inline exact_binary normalize61(exact_binary m) noexcept {
  const int shift = 62 - detail::bit_width(m.mantissa);
  if (shift >= 0) {
    m.mantissa <<= shift;
  } else {
    m.mantissa = shift_right_sticky(m.mantissa, -shift, m.sticky);
  }
  m.exponent -= shift;
  return m;
}

inline real make_special(fp_class cls, bool negative) noexcept {
  real r;
  r.cls = cls;
  r.negative = negative;
  return r;
}

}  // namespace detail_arith

/// a * b, exact up to sticky, with IEEE special values (0 * Inf = NaN). Precondition: both
/// operands exact (no sticky): the hidden fraction of an inexact one would be scaled by the
/// other mantissa. dmlref's callers multiply exact values only.
inline real multiply(const real& a, const real& b) noexcept {
  using detail_arith::make_special;
  const bool negative = a.negative != b.negative;
  if (a.is_nan() || b.is_nan()) return make_special(fp_class::nan, false);
  if (a.is_infinite() || b.is_infinite()) {
    if (a.is_zero() || b.is_zero()) return make_special(fp_class::nan, false);
    return make_special(fp_class::infinite, negative);
  }
  if (a.is_zero() || b.is_zero()) return make_special(fp_class::zero, negative);
  std::uint64_t hi = 0, lo = 0;
  detail_arith::multiply_u64(a.magnitude.mantissa, b.magnitude.mantissa, hi, lo);
  real r;
  r.cls = fp_class::normal;
  r.negative = negative;
  r.magnitude.exponent = a.magnitude.exponent + b.magnitude.exponent;
  r.magnitude.sticky = a.magnitude.sticky || b.magnitude.sticky;
  if (hi == 0) {
    r.magnitude.mantissa = lo;
  } else if (const int w = detail::bit_width(hi); w == 64) {  // keep the top 64 bits
    r.magnitude.sticky = r.magnitude.sticky || lo != 0;
    r.magnitude.mantissa = hi;
    r.magnitude.exponent += 64;
  } else {
    r.magnitude.sticky = r.magnitude.sticky || (lo & ((std::uint64_t{1} << w) - 1)) != 0;
    r.magnitude.mantissa = (hi << (64 - w)) | (lo >> w);
    r.magnitude.exponent += w;
  }
  return r;
}

/// a + b, exact up to sticky, with IEEE special values (Inf - Inf = NaN; an exact zero sum
/// is +0 unless both addends are -0). Preconditions: at most one addend is inexact (sticky),
/// and an inexact addend does not cancel the other to within one unit of its last place
/// (the result would be "nonzero but below one unit", which exact_binary cannot hold).
/// dmlref's callers add exact values only.
inline real add(const real& a, const real& b) noexcept {
  using detail_arith::make_special;
  if (a.is_nan() || b.is_nan()) return make_special(fp_class::nan, false);
  if (a.is_infinite() && b.is_infinite() && a.negative != b.negative) {
    return make_special(fp_class::nan, false);
  }
  if (a.is_infinite()) return a;
  if (b.is_infinite()) return b;
  if (a.is_zero() && b.is_zero()) return make_special(fp_class::zero, a.negative && b.negative);
  if (a.is_zero()) return b;
  if (b.is_zero()) return a;
  auto x = detail_arith::normalize61(a.magnitude);
  auto y = detail_arith::normalize61(b.magnitude);
  bool x_negative = a.negative, y_negative = b.negative;
  const bool y_larger = y.exponent != x.exponent ? y.exponent > x.exponent
                        : y.mantissa != x.mantissa ? y.mantissa > x.mantissa
                                                   : (y.sticky && !x.sticky);
  if (y_larger) {
    std::swap(x, y);
    std::swap(x_negative, y_negative);
  }
  // |x| >= |y|. Close exponents: shift x left, exactly. Far ones: shift y right with sticky;
  // then x - y keeps at least 59 significant bits, so the sticky fraction stays below them.
  bool sticky = y.sticky;
  std::uint64_t y_aligned = y.mantissa;
  if (x.exponent - y.exponent <= 1) {
    x.mantissa <<= (x.exponent - y.exponent);
    x.exponent = y.exponent;
  } else {
    y_aligned = detail_arith::shift_right_sticky(y.mantissa, x.exponent - y.exponent, sticky);
  }
  real r;
  r.cls = fp_class::normal;
  r.negative = x_negative;
  r.magnitude.exponent = x.exponent;
  if (x_negative == y_negative) {
    r.magnitude.mantissa = x.mantissa + y_aligned;  // < 2^64: both below 2^63
    r.magnitude.sticky = x.sticky || sticky;
  } else if (sticky) {
    // x - (y_aligned + d), 0 < d < 1: the integer part is one lower, the fraction nonzero.
    r.magnitude.mantissa = x.mantissa - y_aligned - 1;
    r.magnitude.sticky = true;
  } else {
    r.magnitude.mantissa = x.mantissa - y_aligned;
    r.magnitude.sticky = x.sticky;
  }
  if (r.magnitude.mantissa == 0 && !r.magnitude.sticky) return make_special(fp_class::zero, false);
  return r;
}

/// n * s rounded once to T (float or float16, the type of s), to nearest with ties to even:
/// the same bits as round_real<T>(multiply(to_real(n), to_real(s))), for |n| < 2^40, formed
/// from s's bit pattern with one 64-bit integer product (below 2^64: s's significand has at
/// most 24 bits). NaN results are the positive quiet NaN; a zero result has the product's sign.
template <class T>
DMLREF_DETAIL_ALWAYS_INLINE T multiply_rounded(std::int64_t n, T s) noexcept {
  using F = typename format_of<T>::type;
  using bits_type = typename F::bits_type;
  const bits_type bits = bits_of(s);
  const auto n_bits = static_cast<std::uint64_t>(n);
  const std::uint64_t n_magnitude = n < 0 ? std::uint64_t{0} - n_bits : n_bits;
  // The product's sign bit, and the other cases, formed arithmetically and selected at the
  // end (no early exit and no branch on the sign: a loop over this vectorises).
  constexpr int sign_shift = 8 * sizeof(bits_type) - 1;
  const auto sign = static_cast<bits_type>((bits ^ static_cast<bits_type>((n_bits >> 63) << sign_shift)) & F::sign_mask);
  // s infinite or NaN; the NaN test in 64 bits, as n's, and with non-short-circuit operators.
  const bool special = (bits & F::exponent_mask) == F::exponent_mask;
  const std::uint64_t fraction = bits & F::mantissa_mask;
  const bool nan = special & ((fraction != 0) | (n_magnitude == 0));
  const exact_binary s_magnitude = detail::decompose<F>(bits);
  const bits_type finite =
      detail::round_to_format<F>({sign != 0, n_magnitude * s_magnitude.mantissa, s_magnitude.exponent, false});
  const auto infinite = static_cast<bits_type>(sign | F::infinity);
  return from_bits<T>(nan ? F::quiet_nan : special ? infinite : finite);
}

/// x * s + b rounded once to FLOAT32, to nearest with ties to even (a fused multiply-add):
/// the same bits as round_real<float>(add(multiply(to_real(x), to_real(s)), to_real(b))),
/// for x a float element or an integer of at most 32 bits. Finite operands take integer
/// arithmetic on the significands: the product (at most 32 x 24 bits) is exact in 64 bits,
/// the sum is aligned with the smaller addend's shifted-out bits folded into sticky, and
/// round_to_format rounds once (subnormals, overflow to infinity). An exact zero sum of
/// nonzero addends is +0; a zero product plus a zero bias is -0 only when both are -0. An
/// infinite or NaN operand goes through the general exact arithmetic above.
namespace detail_arith {

/// multiply_add_rounded with an infinite or NaN operand: the general exact route, kept out of
/// line so that the finite route stays small enough to inline.
template <class T>
DMLREF_DETAIL_NOINLINE float multiply_add_special(T x, float s, float b) noexcept {
  return round_real<float>(add(multiply(to_real(x), to_real(s)), to_real(b)));
}

}  // namespace detail_arith

template <class T>
DMLREF_DETAIL_ALWAYS_INLINE float multiply_add_rounded(T x, float s, float b) noexcept {
  static_assert(is_float_element_v<T> || sizeof(T) <= 4, "integer x of at most 32 bits: the product stays in 64");
  using F = detail::binary32;
  const auto s_bits = bits_of(s);
  const auto b_bits = bits_of(b);
  bool x_special = false;  // infinite or NaN
  exact_binary x_value{};
  if constexpr (is_float_element_v<T>) {
    using X = typename format_of<T>::type;
    const auto x_bits = bits_of(x);
    x_special = (x_bits & X::exponent_mask) == X::exponent_mask;
    x_value = detail::decompose<X>(x_bits);
  } else {
    const real r = to_real(x);
    x_value = r.magnitude;
    x_value.negative = r.negative;
  }
  const bool s_special = (s_bits & F::exponent_mask) == F::exponent_mask;
  const bool b_special = (b_bits & F::exponent_mask) == F::exponent_mask;
  if (x_special || s_special || b_special) return detail_arith::multiply_add_special(x, s, b);
  const exact_binary s_value = detail::decompose<F>(s_bits);
  const exact_binary b_value = detail::decompose<F>(b_bits);
  const bool product_negative = x_value.negative != s_value.negative;
  const std::uint64_t product = x_value.mantissa * s_value.mantissa;  // below 2^56: exact
  const int product_exponent = x_value.exponent + s_value.exponent;
  if (b_value.mantissa == 0) {  // b = +-0
    if (product == 0) return from_bits<float>(product_negative && b_value.negative ? F::sign_mask : 0u);
    return from_bits<float>(detail::round_to_format<F>({product_negative, product, product_exponent, false}));
  }
  if (product == 0) return from_bits<float>(b_bits);  // b is a float: rounding keeps it
  // Both addends nonzero: leading bits at bit 61 (room for a carry and a shift of one), the
  // larger magnitude first. Plain integers, not exact_binary values: a struct passed through
  // memory costs a store-forwarding stall per element.
  const int product_shift = 62 - detail::bit_width(product);  // >= 6: the product has <= 56 bits
  const int bias_shift = 62 - detail::bit_width(b_value.mantissa);
  std::uint64_t larger = product << product_shift, smaller = b_value.mantissa << bias_shift;
  int larger_exponent = product_exponent - product_shift, smaller_exponent = b_value.exponent - bias_shift;
  bool negative = product_negative;
  if (smaller_exponent > larger_exponent || (smaller_exponent == larger_exponent && smaller > larger)) {
    std::swap(larger, smaller);
    std::swap(larger_exponent, smaller_exponent);
    negative = b_value.negative;
  }
  const int gap = larger_exponent - smaller_exponent;
  bool sticky = false;
  std::uint64_t sum = 0;
  int sum_exponent = larger_exponent;
  if (product_negative == b_value.negative) {
    sum = larger + detail_arith::shift_right_sticky(smaller, gap, sticky);  // below 2^63
  } else if (gap <= 1) {  // exact: the larger one shifted left instead
    sum = (larger << gap) - smaller;
    sum_exponent = smaller_exponent;
    if (sum == 0) return from_bits<float>(0u);  // exact cancellation: +0
  } else {
    // larger - (aligned + d), 0 < d < 1 when bits fell off: one lower, and sticky. At
    // least 2^61 - 2^60 remains, so the sticky fraction lies below the rounding bit.
    const std::uint64_t aligned = detail_arith::shift_right_sticky(smaller, gap, sticky);
    sum = larger - aligned - (sticky ? 1 : 0);
  }
  return from_bits<float>(detail::round_to_format<F>({negative, sum, sum_exponent, sticky}));
}

}  // namespace dmlref::math
