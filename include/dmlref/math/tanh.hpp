#pragma once
// tanh correctly rounded: the exact real tanh x rounded once to FLOAT32 or FLOAT16 (to
// nearest, ties to even), for the golden path, by math/exp_log.hpp's method:
//
// 1. Approximation in integer fixed point, |tanh x| as Y 2^q within K units (derivations
//    beside tanh_approximation).
// 2. Rounding when Y - K and Y + K round alike; otherwise the one boundary b between them is
//    decided exactly: tanh|x| <> b  <=>  2|x| <> ln((1 + b)/(1 - b)), the right side enclosed
//    in fixed point (math/log_enclosure.hpp) as 2 atanh(b) for b <= 1/3, else as
//    ln(N1) - ln(N2) with N1, N2 = 2^-j +- B for b = B 2^j, at a precision that doubles until
//    the difference's enclosure excludes 0.
// It always ends: tanh x = b for a dyadic b needs e^(2x) = (1 + b)/(1 - b) rational, which by
// Lindemann's theorem only x = 0 gives, and tanh(+-0) = +-0 is answered first.

#include <cstdint>

#include "dmlref/math/bigint.hpp"
#include "dmlref/math/exp_log.hpp"
#include "dmlref/math/log_enclosure.hpp"
#include "dmlref/math/real.hpp"

namespace dmlref::math {

namespace detail_tanh {

using detail_exp_log::approximation;
using detail_exp_log::multiply;
using detail_exp_log::multiply_shift;
using detail_exp_log::shift_right;
using detail_exp_log::u128;

/// floor(2^64 p / q) for 0 < p / q < 1 (the product p 2^64 exact in 128 bits).
constexpr std::uint64_t fraction_64(std::uint64_t p, std::uint64_t q) noexcept {
  // Long division, one bit at a time (compile time only).
  std::uint64_t r = p, result = 0;
  for (int i = 0; i < 64; ++i) {
    r <<= 1;
    result <<= 1;
    if (r >= q) {
      r -= q;
      result |= 1;
    }
  }
  return result;
}

/// The Taylor coefficients of tanh x / x in z = x^2, by magnitude (their signs alternate):
/// 1, 1/3, 2/15, 17/315, 62/2835, 1382/155925, 21844/6081075, 929569/638512875, as
/// floor(c 2^64) (index 0 unused).
inline constexpr std::uint64_t series[8] = {
    0, fraction_64(1, 3), fraction_64(2, 15), fraction_64(17, 315), fraction_64(62, 2835),
    fraction_64(1382, 155925), fraction_64(21844, 6081075), fraction_64(929569, 638512875)};

/// floor(a 2^64 / b) for a < b < 2^64 (a quotient below 2^64).
inline std::uint64_t divide_shifted(std::uint64_t a, std::uint64_t b) noexcept {
#if defined(__SIZEOF_INT128__)
  __extension__ typedef unsigned __int128 wide;
  return static_cast<std::uint64_t>((static_cast<wide>(a) << 64) / b);
#else
  std::uint64_t r = a, q = 0;
  for (int i = 0; i < 64; ++i) {  // r < b throughout; 2r + bit may exceed 2^64
    const bool carry = (r >> 63) != 0;
    r <<= 1;
    q <<= 1;
    if (carry || r >= b) {
      r -= b;
      q |= 1;
    }
  }
  return q;
#endif
}

/// tanh|x| for x finite, 0 < |x| < 16, as Y 2^q within K units.
///
/// |x| < 1/16: tanh x = x S(z), z = x^2 < 2^-8, S = 1 - c1 z + c2 z^2 - ... - c7 z^7 (the
/// omitted tail is below c8 z^8 < 2^-64). z at 2^-70, Z = floor(x^2 2^70) (exact unless
/// x^2 < 2^-70, within 1 unit). Horner's rule on the magnitudes at 2^-64 from floor(c 2^64):
/// each step's error < 2^-64 (coefficient) + 2^-64 (truncation) + z |d| + 2^-70 < 2.1 2^-64;
/// S at 2^-62 within 1.01 units. |tanh x| = M S 2^E for x = M 2^E: the exact product M S62
/// (below 2^87) cut to 63 bits by a shift s keeps an error below M 1.01 / 2^s + 1 < 4 units
/// (M < 2^(s+1.01) where the cut keeps Y >= 2^62, and M <= 2 where there is no cut).
///
/// |x| >= 1/16: tanh|x| = (E - 1)/(E + 1), E = e^(2|x|) = Y_E 2^q_E within 4 units
/// (math/exp_log.hpp), q_E = a - 62 with 0 <= a <= 46, so one = 2^-q_E <= 2^62. With
/// N = Y_E - one and D = Y_E + one (both within 4 units of the exact, by the same error) the
/// quotient's relative error is below 4/N + 4/D <= 8/N, and N >= (e^(1/8) - 1) 2^62 > 2^59.
/// Q = floor(N 2^63 / D) (tanh in [0.124, 1) at 2^-63) adds 1 unit: the error is below
/// 2^-56 Q + 1 <= 2^7 + 1 units; K = 2^8.
inline approximation tanh_approximation(const exact_binary& x) noexcept {
  const int top = detail_exp_log::leading_exponent(x);
  if (top < -4) {
    const std::uint64_t m = x.mantissa;  // at most 24 bits (FLOAT32 and FLOAT16 values)
    const int z_shift = 2 * x.exponent + 70;
    const u128 square = multiply(m, m);
    const std::uint64_t z = z_shift >= 0 ? detail_exp_log::shift_left(square, z_shift).lo
                                         : (-z_shift >= 128 ? 0 : shift_right(square, -z_shift).lo);
    std::uint64_t g = series[7];
    for (int n = 6; n >= 1; --n) g = series[n] - multiply_shift(z, g, 70);
    const std::uint64_t s = (std::uint64_t{1} << 62) - multiply_shift(z, g, 72);
    const u128 product = multiply(m, s);
    const int width = detail_exp_log::bit_width(product);
    const int cut = width > 63 ? width - 63 : 0;
    return {shift_right(product, cut).lo, x.exponent - 62 + cut, 4};
  }
  const exact_binary twice{false, x.mantissa, x.exponent + 1, false};
  const approximation e = detail_exp_log::exp_approximation(false, twice);
  const std::uint64_t one = std::uint64_t{1} << -e.exponent;
  const std::uint64_t n = e.mantissa - one;
  const std::uint64_t d = e.mantissa + one;
  return {divide_shifted(n, d) >> 1, -63, 256};
}

/// The sign of tanh|x| - b for x finite nonzero and 0 < b < 1 exact; known = false past
/// exp_log's max_guard_bits.
inline int compare_tanh(const exact_binary& x, const exact_binary& b, bool& known) {
  using detail_exp_log::first_guard_bits;
  using detail_exp_log::max_guard_bits;
  known = false;
  for (auto guard = first_guard_bits; guard <= max_guard_bits; guard *= 2) {
    const std::uint64_t precision = guard + 32;
    // 2|x| 2^precision, exactly or between its floor and ceiling.
    const fixed_enclosure lhs = dyadic_enclosure(bigint(x.mantissa), static_cast<std::int64_t>(precision) + x.exponent + 1);
    const fixed_enclosure rhs = two_atanh_dyadic(b, precision);  // ln((1 + b)/(1 - b))
    if (compare(lhs.lo, rhs.hi) > 0) return known = true, 1;
    if (compare(lhs.hi, rhs.lo) < 0) return known = true, -1;
  }
  return 0;
}

}  // namespace detail_tanh

/// tanh x rounded once to F (to nearest, ties to even), as F's bit pattern, for x the exact
/// value of a FLOAT32 or FLOAT16 element: tanh(+-0) = +-0, tanh(+-Inf) = +-1, NaN gives the
/// canonical positive quiet NaN.
template <class F>
typename F::bits_type tanh_rounded(const real& x) {
  using bits_type = typename F::bits_type;
  const auto sign = x.negative ? F::sign_mask : bits_type{0};
  const bits_type one = detail::round_to_format<F>({false, 1, 0, false});
  switch (x.cls) {
    case fp_class::nan: return F::quiet_nan;
    case fp_class::zero: return sign;
    case fp_class::infinite: return static_cast<bits_type>(sign | one);
    default: break;
  }
  // |x| >= 16: 1 - tanh|x| < 2 e^-32 < 2^-45, far inside 1's rounding interval (2^-25 below).
  if (detail_exp_log::leading_exponent(x.magnitude) >= 4) return static_cast<bits_type>(sign | one);
  const detail_exp_log::approximation a = detail_tanh::tanh_approximation(x.magnitude);
  const bits_type magnitude = detail_exp_log::round_approximation<F>(a, [&](const exact_binary& b, bool& known) {
    return detail_tanh::compare_tanh(x.magnitude, b, known);
  });
  return static_cast<bits_type>(sign | magnitude);
}

}  // namespace dmlref::math
