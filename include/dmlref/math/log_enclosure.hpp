#pragma once
// Rigorous enclosures of natural logarithms in fixed point, for the golden path's decisions
// at rounding boundaries that exact integer comparison cannot reach (math/exact_pow.hpp).
//
// Contract: an enclosure {lo, hi} at precision P promises lo <= v * 2^P <= hi for the real v
// it stands for. Everything is integer arithmetic (math/bigint.hpp): every operation rounds
// down, and the error each step can add is bounded in the comments beside it, so the
// promise holds on every input, under any compiler flag or FPU mode.

#include <cstdint>

#include "dmlref/core/bits.hpp"
#include "dmlref/math/bigint.hpp"

namespace dmlref::math {

/// lo <= v * 2^precision <= hi for a non-negative real v.
struct fixed_enclosure {
  bigint lo;
  bigint hi;
};

namespace detail_log {

/// Encloses 2 atanh(n/d) = ln((d + n) / (d - n)) for 0 <= n/d <= 1/3.
///
/// The series 2 (u + u^3/3 + u^5/5 + ...) with u = n/d, in fixed point: U = floor(u 2^P),
/// Q = floor(u^2 2^P), w_0 = U, w_(j+1) = floor(w_j Q / 2^P), term_j = floor(w_j / (2j+1)).
/// Every step rounds down, so each computed value is at most its exact counterpart. With
/// X_j = u^(2j+1) 2^P, the deficit X_j - w_j is below 1 + 2j (each step adds less than
/// X_j / 2^P + 1 <= 2, as u < 1), so each term is short by less than 2. The loop stops at
/// the first w_J = 0; the exact tail from there is below (1 + 2J) / (2J + 1) / (1 - u^2)
/// < 9/8. The exact sum lies in [S, S + 2J + 2], and twice it in [2S, 2S + 4J + 4].
inline fixed_enclosure two_atanh(const bigint& n, const bigint& d, std::uint64_t precision) {
  if (n.is_zero()) return {};  // atanh(0) = 0 exactly
  const bigint u = n.shifted_left(precision) / d;
  const bigint u_squared = (n * n).shifted_left(precision) / (d * d);
  bigint sum;
  bigint power = u;
  std::uint64_t terms = 0;
  for (std::uint64_t j = 0; !power.is_zero(); ++j) {
    sum = sum + power / bigint(2 * j + 1);
    power = (power * u_squared).shifted_right(precision);
    terms = j + 1;
  }
  fixed_enclosure r;
  r.lo = sum.shifted_left(1);
  r.hi = r.lo + bigint(4 * terms + 4);
  return r;
}

}  // namespace detail_log

/// ln 2 = 2 atanh(1/3).
inline fixed_enclosure ln2_enclosure(std::uint64_t precision) {
  return detail_log::two_atanh(bigint(1), bigint(3), precision);
}

/// For an integer v >= 1 (a bigint, or a 64-bit word), splits ln v = whole_octaves * ln 2 + ln f with f = v / 2^whole_octaves
/// in [1, 2), and encloses ln f (in [0, ln 2)): f = (1 + u) / (1 - u) with
/// u = (v - 2^E) / (v + 2^E) in [0, 1/3).
struct log_split {
  int whole_octaves = 0;
  fixed_enclosure fraction_log;
};
inline log_split ln_integer(const bigint& v, std::uint64_t precision) {
  const auto octaves = static_cast<int>(v.bit_length()) - 1;
  const bigint power_of_two = bigint(1).shifted_left(static_cast<std::uint64_t>(octaves));
  return {octaves, detail_log::two_atanh(v - power_of_two, v + power_of_two, precision)};
}
inline log_split ln_integer(std::uint64_t v, std::uint64_t precision) { return ln_integer(bigint(v), precision); }

/// An enclosure scaled by the exact dyadic m * 2^shift (m >= 0): lo rounded down, hi up.
inline fixed_enclosure scale_enclosure(const fixed_enclosure& e, const bigint& m, std::int64_t shift) {
  bigint lo = e.lo * m;
  bigint hi = e.hi * m;
  if (shift >= 0) {
    return {lo.shifted_left(static_cast<std::uint64_t>(shift)), hi.shifted_left(static_cast<std::uint64_t>(shift))};
  }
  const auto down = static_cast<std::uint64_t>(-shift);
  const bool inexact = hi.any_bit_below(down);
  hi = hi.shifted_right(down);
  if (inexact) hi = hi + bigint(1);
  return {lo.shifted_right(down), hi};
}

/// The exact dyadic m * 2^shift (m >= 0): itself where it is an integer, else its floor and
/// its ceiling (v * 2^P for v = m * 2^e is dyadic_enclosure(m, P + e)).
inline fixed_enclosure dyadic_enclosure(const bigint& m, std::int64_t shift) {
  return scale_enclosure({bigint(1), bigint(1)}, m, shift);
}

inline fixed_enclosure operator+(const fixed_enclosure& a, const fixed_enclosure& b) {
  return {a.lo + b.lo, a.hi + b.hi};
}

/// 2 atanh b = ln((1 + b) / (1 - b)) for an exact 0 < b < 1, b = B 2^j with 2^-j + B < 2^64
/// (every FLOAT32 and FLOAT16 value and rounding boundary below 1): 2 atanh(B / 2^-j) by the
/// series for b <= 1/3, else ln N1 - ln N2 with N1, N2 = 2^-j +- B.
inline fixed_enclosure two_atanh_dyadic(const detail::exact_binary& b, std::uint64_t precision) {
  const std::uint64_t b_mantissa = b.mantissa;
  const auto minus_j = static_cast<std::uint64_t>(-b.exponent);
  const bigint unit = bigint(1).shifted_left(minus_j);
  if (compare(bigint(b_mantissa) * bigint(3), unit) <= 0) return detail_log::two_atanh(bigint(b_mantissa), unit, precision);
  const std::uint64_t n1 = (std::uint64_t{1} << minus_j) + b_mantissa;
  const std::uint64_t n2 = (std::uint64_t{1} << minus_j) - b_mantissa;
  const log_split l1 = ln_integer(n1, precision);
  const log_split l2 = ln_integer(n2, precision);
  // (o1 - o2) ln 2 + f1 - f2, o1 >= o2: positive part (o1 - o2) ln 2 + f1, negative f2.
  const auto octaves = static_cast<std::uint64_t>(l1.whole_octaves - l2.whole_octaves);
  const fixed_enclosure positive = scale_enclosure(ln2_enclosure(precision), bigint(octaves), 0) + l1.fraction_log;
  // The value is positive, so positive >= f2 exactly; the enclosure's ends may still cross: clamp at 0.
  fixed_enclosure r;
  r.lo = compare(positive.lo, l2.fraction_log.hi) > 0 ? positive.lo - l2.fraction_log.hi : bigint();
  r.hi = positive.hi - (compare(positive.hi, l2.fraction_log.lo) >= 0 ? l2.fraction_log.lo : positive.hi);
  return r;
}

}  // namespace dmlref::math
