#pragma once
// dmlref::math::big_real: a finite binary number held exactly, however far apart its bits
// (a big integer times a power of two), for the golden path's compositions whose exact value
// does not fit math::add's 64 bits and sticky: (a - b)^2 when a and b lie far apart,
// x * min(alpha * x + beta, 1). Sums and products are exact; as_real() gives the top 64 bits
// with a sticky flag, which round_real rounds once. Slow (heap digits); the operators use it
// only where the 64-bit routes cannot be exact.

#include <cstdint>

#include "dmlref/math/bigint.hpp"
#include "dmlref/math/real.hpp"

namespace dmlref::math {

struct big_real {
  bool negative = false;
  bigint magnitude;          // zero for the number 0
  std::int64_t exponent = 0;  // value = (negative ? -1 : 1) * magnitude * 2^exponent

  /// The exact value of a finite real (zero, subnormal or normal; sticky not allowed).
  static big_real of(const real& r) {
    big_real b;
    b.negative = r.negative;
    if (r.is_finite_nonzero()) {
      b.magnitude = bigint(r.magnitude.mantissa);
      b.exponent = r.magnitude.exponent;
    }
    return b;
  }

  bool is_zero() const noexcept { return magnitude.is_zero(); }

  friend big_real operator-(big_real x) {
    x.negative = !x.negative;
    return x;
  }

  friend big_real operator+(const big_real& x, const big_real& y) {
    if (x.is_zero()) return y;
    if (y.is_zero()) return x;
    const std::int64_t e = x.exponent < y.exponent ? x.exponent : y.exponent;
    const bigint xs = x.magnitude.shifted_left(static_cast<std::uint64_t>(x.exponent - e));
    const bigint ys = y.magnitude.shifted_left(static_cast<std::uint64_t>(y.exponent - e));
    big_real r;
    r.exponent = e;
    if (x.negative == y.negative) {
      r.negative = x.negative;
      r.magnitude = xs + ys;
    } else if (compare(xs, ys) >= 0) {
      r.negative = x.negative;
      r.magnitude = xs - ys;
    } else {
      r.negative = y.negative;
      r.magnitude = ys - xs;
    }
    return r;
  }

  friend big_real operator*(const big_real& x, const big_real& y) {
    big_real r;
    r.negative = x.negative != y.negative;
    r.magnitude = x.magnitude * y.magnitude;
    r.exponent = x.exponent + y.exponent;
    return r;
  }

  /// -1, 0 or +1 as the number compares with zero.
  int sign() const noexcept { return is_zero() ? 0 : (negative ? -1 : 1); }

  /// The value as a real: its top 64 bits and a sticky flag for the rest (a zero is +0).
  real as_real() const {
    real r;
    if (is_zero()) return r;
    r.cls = fp_class::normal;
    r.negative = negative;
    const std::uint64_t length = magnitude.bit_length();
    const std::uint64_t drop = length > 64 ? length - 64 : 0;
    std::uint64_t top = 0;
    for (std::uint64_t i = length; i-- > drop;) top = (top << 1) | (magnitude.bit(i) ? 1u : 0u);
    r.magnitude.mantissa = top;
    r.magnitude.exponent = static_cast<int>(exponent + static_cast<std::int64_t>(drop));
    r.magnitude.sticky = drop > 0 && magnitude.any_bit_below(drop);
    return r;
  }
};

}  // namespace dmlref::math
