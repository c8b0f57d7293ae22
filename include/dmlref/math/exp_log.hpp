#pragma once
// exp and ln correctly rounded: the exact real e^x or ln x rounded once to FLOAT32 or FLOAT16
// (to nearest, ties to even), for the golden path. The method is POW's (math/exact_pow.hpp),
// with the approximation the project's own:
//
// 1. Approximation, in integer fixed point (64- and 128-bit words): a value Y 2^q and a bound
//    K such that the exact result lies within (Y - K) 2^q .. (Y + K) 2^q. The derivations of
//    K are beside exp_approximation and log_approximation. No floating-point operation is
//    involved, so no compiler flag, FPU mode or C library can change a bit of it.
// 2. If Y - K and Y + K round to the same value of the output format, that value is the
//    answer (rounding is monotone). Otherwise the one rounding boundary b between them (a
//    midpoint of two neighbours, or the overflow threshold) is decided exactly:
//      e^x <> b   <=>  x <> ln b     ln x <> b  (b > 0 or b < 0 alike: a sign of ln x - b)
//    with ln b and ln x enclosed in fixed point (math/log_enclosure.hpp: ln of an integer
//    m = 2^E f as E ln 2 + 2 atanh((f - 1)/(f + 1)), every step rounded down, the deficit
//    bounded term by term), at a precision that doubles until the enclosure of the difference
//    excludes 0.
//
// Why stage 2 always ends: it can only fail when x = ln b (or ln x = b) exactly, for x, b
// dyadic rationals. By Lindemann's theorem e^x is transcendental for every algebraic x != 0,
// so e^x = b needs x = 0, and ln x = b needs b = 0 and x = 1; those exact cases (exp(0) = 1,
// ln 1 = +0) are answered before any approximation, and no rounding boundary of these
// formats is 0 or 1 (1 is representable; 0's neighbours' midpoint is half the smallest
// subnormal). A cap of max_guard_bits (far above the 128 that the hardest FLOAT32 inputs
// need, docs/reliability.md) guards against pathological running time; past it the
// approximation is rounded (never met).
//
// The constants (the table of 2^(j/64), ln 2, the table of ln(2^16 / c_i)) are floors of
// the exact values; tests/test_exp_log.cpp proves each one with exact integer arithmetic.
//
// detail_exp_log::ln_fixed, ln of a 64-bit fixed-point value at 2^-120 by log_general's
// reduction and tables, serves math/hyperbolic.hpp and math/exact_pow.hpp.

#include <array>
#include <cstddef>
#include <cstdint>

#include "dmlref/math/bigint.hpp"
#include "dmlref/math/exact_arith.hpp"
#include "dmlref/math/log_enclosure.hpp"
#include "dmlref/math/real.hpp"

namespace dmlref::math {

namespace detail_exp_log {

// ---- 128-bit unsigned words: exact sums, differences, products and shifts.

struct u128 {
  std::uint64_t hi = 0;
  std::uint64_t lo = 0;
};

/// a * b exactly.
inline u128 multiply(std::uint64_t a, std::uint64_t b) noexcept {
#if defined(__SIZEOF_INT128__)
  __extension__ typedef unsigned __int128 wide;
  const wide p = static_cast<wide>(a) * b;
  return {static_cast<std::uint64_t>(p >> 64), static_cast<std::uint64_t>(p)};
#else
  u128 r;
  detail_arith::multiply_u64(a, b, r.hi, r.lo);
  return r;
#endif
}
inline u128 operator+(u128 a, u128 b) noexcept {
  const std::uint64_t lo = a.lo + b.lo;
  return {a.hi + b.hi + (lo < a.lo ? 1u : 0u), lo};
}
/// a - b. Precondition: a >= b.
inline u128 operator-(u128 a, u128 b) noexcept {
  return {a.hi - b.hi - (a.lo < b.lo ? 1u : 0u), a.lo - b.lo};
}
inline bool operator<(u128 a, u128 b) noexcept { return a.hi != b.hi ? a.hi < b.hi : a.lo < b.lo; }
inline bool is_zero(u128 a) noexcept { return (a.hi | a.lo) == 0; }
/// floor(a / 2^n), 0 <= n < 128.
inline u128 shift_right(u128 a, int n) noexcept {
  if (n == 0) return a;
  if (n >= 64) return {0, a.hi >> (n - 64)};
  return {a.hi >> n, (a.lo >> n) | (a.hi << (64 - n))};
}
/// a * 2^n, 0 <= n < 128. Precondition: the result is below 2^128.
inline u128 shift_left(u128 a, int n) noexcept {
  if (n == 0) return a;
  if (n >= 64) return {a.lo << (n - 64), 0};
  return {(a.hi << n) | (a.lo >> (64 - n)), a.lo << n};
}
/// a * b for a product below 2^128.
inline u128 operator*(u128 a, std::uint64_t b) noexcept {
  u128 r = multiply(a.lo, b);
  r.hi += a.hi * b;
  return r;
}
inline int bit_width(u128 a) noexcept {
  return a.hi != 0 ? 64 + detail::bit_width(a.hi) : detail::bit_width(a.lo);
}
/// floor(a * b / 2^n), 64 <= n < 128. Precondition: the result is below 2^64.
inline std::uint64_t multiply_shift(std::uint64_t a, std::uint64_t b, int n) noexcept {
  return shift_right(multiply(a, b), n).lo;
}

/// floor(2^64 / d), d >= 2.
constexpr std::uint64_t reciprocal_64(std::uint64_t d) noexcept {
  const std::uint64_t q = ~std::uint64_t{0} / d;
  return ~std::uint64_t{0} % d == d - 1 ? q + 1 : q;
}
constexpr std::uint64_t factorial(std::uint64_t n) noexcept { return n <= 1 ? 1 : n * factorial(n - 1); }

// ---- Constants: floors of exact values (proven by tests/test_exp_log.cpp).

/// floor(ln 2 * 2^128).
inline constexpr u128 ln2_128{0xb17217f7d1cf79abu, 0xc9e3b39803f2f6afu};
/// floor(64 / ln 2 * 2^56): only estimates a quotient that is then corrected exactly.
inline constexpr std::uint64_t inverse_ln2_64_56 = 0x5c551d94ae0bf85du;
/// floor(2^(j/64) * 2^63), j = 0 .. 63.
inline constexpr std::uint64_t exp2_table[64] = {
    0x8000000000000000, 0x8164d1f3bc030773, 0x82cd8698ac2ba1d7, 0x843a28c3acde4046,
    0x85aac367cc487b14, 0x871f61969e8d1010, 0x88980e8092da8527, 0x8a14d575496efd9a,
    0x8b95c1e3ea8bd6e6, 0x8d1adf5b7e5ba9e5, 0x8ea4398b45cd53c0, 0x9031dc431466b1dc,
    0x91c3d373ab11c336, 0x935a2b2f13e6e92b, 0x94f4efa8fef70961, 0x96942d3720185a00,
    0x9837f0518db8a96f, 0x99e0459320b7fa64, 0x9b8d39b9d54e5538, 0x9d3ed9a72cffb750,
    0x9ef5326091a111ad, 0xa0b0510fb9714fc2, 0xa27043030c496818, 0xa43515ae09e6809e,
    0xa5fed6a9b15138ea, 0xa7cd93b4e9653569, 0xa9a15ab4ea7c0ef8, 0xab7a39b5a93ed337,
    0xad583eea42a14ac6, 0xaf3b78ad690a4374, 0xb123f581d2ac258f, 0xb311c412a9112489,
    0xb504f333f9de6484, 0xb6fd91e328d17791, 0xb8fbaf4762fb9ee9, 0xbaff5ab2133e45fb,
    0xbd08a39f580c36be, 0xbf1799b67a731082, 0xc12c4cca66709456, 0xc346ccda24976407,
    0xc5672a115506dadd, 0xc78d74c8abb9b15c, 0xc9b9bd866e2f27a2, 0xcbec14fef2727c5c,
    0xce248c151f8480e3, 0xd06333daef2b2594, 0xd2a81d91f12ae45a, 0xd4f35aabcfedfa1f,
    0xd744fccad69d6af4, 0xd99d15c278afd7b5, 0xdbfbb797daf23755, 0xde60f4825e0e9123,
    0xe0ccdeec2a94e111, 0xe33f8972be8a5a51, 0xe5b906e77c8348a8, 0xe8396a503c4bdc68,
    0xeac0c6e7dd24392e, 0xed4f301ed9942b84, 0xefe4b99bdcdaf5cb, 0xf281773c59ffb139,
    0xf5257d152486cc2c, 0xf7d0df730ad13bb8, 0xfa83b2db722a033a, 0xfd3e0c0cf486c174
};
/// c_i = ceil(2^23 / (128 + i)), i = 0 .. 127: 2^16 c_i^-1 rounded down to 16 bits, so that
/// m c_i / 2^16 >= 1 for m in [1 + i/128, 1 + (i+1)/128).
struct reciprocal_table {
  std::uint32_t c[128];
};
constexpr reciprocal_table make_reciprocals() noexcept {
  reciprocal_table t{};
  for (std::uint32_t i = 0; i < 128; ++i) t.c[i] = ((std::uint32_t{1} << 23) + 127 + i) / (128 + i);
  return t;
}
inline constexpr reciprocal_table reciprocals = make_reciprocals();
/// floor(ln(2^16 / c_i) * 2^64), i = 0 .. 127.
inline constexpr std::uint64_t log_table[128] = {
    0x0000000000000000, 0x01fdfaa6b126788f, 0x03f7d51627807b24, 0x05ed6ec2508c1368,
    0x07dfaec4162c727e, 0x09ce79dd4f1085e8, 0x0bb9b47b358e7559, 0x0da142b89080def2,
    0x0f8508600931532b, 0x1164e8eeaf5cde7e, 0x1340c796ac516a38, 0x151ab33f13e03c65,
    0x16f06a8afa8b45e3, 0x18c2e9d642231cff, 0x1a92193a589d6061, 0x1c5de08f760f3b25,
    0x1e26276e8cf2acbf, 0x1febf7320a3ca816, 0x21ae18fa06a47684, 0x236d99aaa3d71e86,
    0x252a65f047ea4542, 0x26e340407f3ec8c8, 0x28993ada3481c84e, 0x2a4d6fc753f06b4f,
    0x2bfd70e1bfa76141, 0x2dab87ce60c4273e, 0x2f56720453b1fd62, 0x30fe1acaea639fdf,
    0x32a3a53a792d0292, 0x3447023fe09cbdd7, 0x35e6e69d3b47cbd0, 0x37847ae884bb9c7f,
    0x391faf8f3d344202, 0x3ab732d72ff6bc5c, 0x3c4d76dc8305b9f7, 0x3de12b97bd326c14,
    0x3f70f8db7a9bbaa1, 0x40ff5c5393d265f4, 0x428c4b89d8638b97, 0x44151fe749aaee08,
    0x459c62af3f17d1b4, 0x47220905b639e839, 0x48a4b3ef4bad9385, 0x4a245250110c2033,
    0x4ba382eb8494c270, 0x4d1e326b2efca65a, 0x4e985d55fcdf76a6, 0x5010a01a1ce18ec1,
    0x51858f08a37af51e, 0x52f87a5661ea2a08, 0x5469561da9dfd652, 0x55d97c5d2769acd2,
    0x574616fdc226f017, 0x58b1e7cae9a65480, 0x5a1a107afcd254b6, 0x5b815aa910875505,
    0x5ce64fdb7fbfb419, 0x5e4a557f7d1e889b, 0x5faa7cef02462818, 0x610b15687f0e5c82,
    0x6267b61b9e28fb2f, 0x63c3401d9a1c8081, 0x651dac70b8e3d479, 0x66757604c181f204,
    0x67cc0fb31e612520, 0x691ff044298dc00f, 0x6a728e6b0ea8a793, 0x6bc3e2c967638721,
    0x6d125df0523c6a34, 0x6e61065a5ccbe970, 0x6facc276b6b5e7ed, 0x70f7129f41fd3393,
    0x723e5f1f8a6766b1, 0x7385be2e95d15a94, 0x74cb99f815af5107, 0x760e5496fadc45c6,
    0x775110133432711e, 0x7890966b20e1615d, 0x79d01187d23dd1f9, 0x7b0de1493d44f420,
    0x7c49fd7ec41bb178, 0x7d845de9c584b0e2, 0x7ebcfa3df8ec75ae, 0x7ff3ca21ce741cc4,
    0x812a6d2d31a7f5e1, 0x825d8cee51b595b6, 0x839072e206f8e274, 0x84c31c7acaeb018f,
    0x85f2272231d3183b, 0x8720e82f85eb7a3c, 0x884f5cf17264b699, 0x897a16adb0aed884,
    0x8aa4769905cdc99b, 0x8bce79df2354cfd5, 0x8cf661a3961345ec, 0x8e1c24fcd567c231,
    0x8f417af4a20561f0, 0x9066608cb86d605d, 0x91890ebe121a0b4c, 0x92a97c75bc7f783e,
    0x93c9689579a7a4fc, 0x94e8cff686040ff3, 0x9605e36b273b687f, 0x972267b7e0a4a48b,
    0x983e599a8a85ec7d, 0x9957e3c8d19d6ae6, 0x9a70d0ed015690c6, 0x9b8747ab4b6ea41b,
    0x9c9eee9ab270cd3c, 0x9db4145000431578, 0x9ec6af54823eefa5, 0x9fda7226a16c0ccb,
    0xa0eb9f42959539f8, 0xa1fc0f183ef2f583, 0xa30bbe1114f5ff13, 0xa418c2910eccd713,
    0xa526e2ede3f59ee6, 0xa6324d7f8770ad8c, 0xa73ce48f7563605a, 0xa84892600b8b5a5c,
    0xa94f8934a02b24f6, 0xaa578f3e0b6b6de7, 0xab5eb2ae3d245587, 0xac64efae8ace3f57,
    0xad684a632717b696, 0xae6cace3c47ce9b1, 0xaf6e214b08f92fc1, 0xb07099a2ba4872fa
};

// ---- Stage 2: rounding the approximation, and the exact decision at a boundary.

/// |result| lies within [(mantissa - error) 2^exponent, (mantissa + error) 2^exponent].
/// mantissa + error < 2^64.
struct approximation {
  std::uint64_t mantissa = 0;
  int exponent = 0;
  std::uint64_t error = 0;
};

inline constexpr std::uint64_t first_guard_bits = 64;
inline constexpr std::uint64_t max_guard_bits = std::uint64_t{1} << 14;

/// The sign of D = t + n ln 2 + (log_negative ? -1 : 1) ln v for an exact dyadic t (its sign
/// t_negative, |t| = t_abs), an integer n and an integer v >= 1, by enclosures at a
/// precision that doubles until they separate; known = false past max_guard_bits.
inline int sign_of_sum_with_log(bool t_negative, const exact_binary& t_abs, std::int64_t n, std::uint64_t v,
                                bool log_negative, bool& known) {
  known = false;
  for (auto guard = first_guard_bits; guard <= max_guard_bits; guard *= 2) {
    const std::uint64_t precision = guard + 32;  // |n| < 2^9, and the enclosures' widths below 2^20
    const log_split split = ln_integer(v, precision);  // ln v = octaves ln 2 + ln f
    const std::int64_t octaves = split.whole_octaves;
    const std::int64_t ln2_multiple = n + (log_negative ? -octaves : octaves);
    fixed_enclosure positive, negative;
    auto add = [&](bool is_negative, const fixed_enclosure& term) {
      (is_negative ? negative : positive) = (is_negative ? negative : positive) + term;
    };
    // t 2^precision, exactly where it is an integer, else between its floor and ceiling.
    add(t_negative, dyadic_enclosure(bigint(t_abs.mantissa), static_cast<std::int64_t>(precision) + t_abs.exponent));
    const auto multiple = static_cast<std::uint64_t>(ln2_multiple < 0 ? -ln2_multiple : ln2_multiple);
    add(ln2_multiple < 0, scale_enclosure(ln2_enclosure(precision), bigint(multiple), 0));
    add(log_negative, split.fraction_log);
    if (compare(positive.lo, negative.hi) > 0) return known = true, 1;
    if (compare(positive.hi, negative.lo) < 0) return known = true, -1;
  }
  return 0;
}

/// The magnitude rounded once to F, from an approximation and side(b) = the sign of
/// |result| - b for a positive exact b (known = false where it cannot tell).
template <class F, class Side>
typename F::bits_type round_approximation(const approximation& a, Side&& side) {
  using bits_type = typename F::bits_type;
  // The common case at once: the result in F's normal range and the bits of the mantissa
  // below F's precision more than K from the midpoint, so that no rounding boundary lies
  // within K (the midpoints of the binade below lie a quarter of F's unit away): the top
  // bits, plus one above the midpoint (a carry steps the exponent, to infinity past the
  // largest finite value, as rounding does).
  const int width = detail::bit_width(a.mantissa);
  const int lead = width - 1 + a.exponent;
  const int dropped = width - 1 - F::mantissa_bits;
  if (lead >= F::emin && lead <= F::emax && dropped >= 2) {
    const std::uint64_t rest = a.mantissa & ((std::uint64_t{1} << dropped) - 1);
    const std::uint64_t half = std::uint64_t{1} << (dropped - 1);
    if ((rest > half ? rest - half : half - rest) > a.error) {
      const std::uint64_t fraction = (a.mantissa >> dropped) & ((std::uint64_t{1} << F::mantissa_bits) - 1);
      const auto field = static_cast<std::uint64_t>(lead + F::bias);
      return static_cast<bits_type>((field << F::mantissa_bits) + fraction + (rest > half ? 1u : 0u));
    }
  }
  const exact_binary below{false, a.mantissa > a.error ? a.mantissa - a.error : 0, a.exponent, false};
  const exact_binary above{false, a.mantissa + a.error, a.exponent, false};
  const bits_type low = detail::round_to_format<F>(below);
  const bits_type high = detail::round_to_format<F>(above);
  if (low == high) return low;
  // K is far below F's unit, so high = low + 1 and their midpoint is the boundary (low may
  // be 0).
  const exact_binary midpoint = detail::midpoint_of<F>(low, high);
  bool known = false;
  const int s = side(midpoint, known);
  if (!known) return detail::round_to_format<F>({false, a.mantissa, a.exponent, false});
  if (s < 0) return low;
  if (s > 0) return high;
  return (low & 1) == 0 ? low : high;  // a tie: not reached (see the top of this file)
}

/// The exponent of |x|'s leading bit, x finite nonzero.
inline int leading_exponent(const exact_binary& m) noexcept { return detail::bit_width(m.mantissa) - 1 + m.exponent; }

// ---- exp

/// e^x for 2^-30 <= |x| < 128, as Y 2^q within K = 4 units of 2^q.
///
/// Reduction: x = k ln2/64 + rho with k an integer and rho in [0, ln2/64], so that
/// e^x = 2^a 2^(j/64) e^rho with k = 64 a + j, 0 <= j < 64. In fixed point at 2^-120:
/// X = |x| 2^120 exactly (|x| < 2^7; x's lowest bit is at least 2^-94), C = floor(ln2/64
/// 2^120) (= floor(ln2_128 / 2^14)). q = floor(X / C) is estimated from below by the top
/// words (X_hi * floor(64/ln2 2^56) / 2^112 <= |x| 64/ln2 <= X / C) and corrected upward by
/// exact comparison, r = X - q C in [0, C). For x > 0, k = q and rho = r; for x < 0,
/// k = -q - 1 and rho = C - r (k = -q, rho = 0 when r = 0). As C is short of ln2/64 2^120
/// by less than 1 and |q| < 2^14, the fixed-point rho is within 2^-105 of the exact
/// x - k ln2/64.
/// Then R = floor(rho 2^70) (within 2^-70 + 2^-105 of rho, rho < 0.01084).
/// e^rho - 1 = rho + rho^2 h with h = sum_{n >= 2} rho^(n-2)/n!, truncated after rho^8/8!
/// (the tail is below 1.01 rho^9/9! < 2^-77), by Horner's rule at 2^-64 from the coefficients
/// floor(2^64/n!): each step's error |d_n| <= 2^-64 (coefficient) + 2^-64 (truncation)
/// + rho |d_(n+1)| + 2^-70 h (rho's error) < 2.05 2^-64. Then A = floor(R H / 2^64) (rho h
/// at 2^-70, error < 0.05 2^-64 < 2^-68.3), B = floor(R A / 2^70) (rho^2 h at 2^-70, error
/// < 1.02 2^-70), P = R + B: e^rho - 1 at 2^-70 within (1 + 1.02 + 0.01) 2^-70 < 2^-68.9.
/// E = 2^63 + floor(P / 2^7): e^rho at 2^-63 within 1.01 2^-63 (and below 1.011 2^63).
/// Y = floor(E T_j / 2^64), T_j = floor(2^(j/64) 2^63): with E = e^rho (1 + eps_E) 2^63,
/// T_j = 2^(j/64) 2^63 - eps_T (0 <= eps_T < 1), E T_j differs from e^rho 2^(j/64) 2^126 by
/// less than 1.01 * 2 * 2^63 + 1.011 2^63 < 1.52 2^64, so Y (at 2^-62, below 2^63 + 1)
/// lies within 1.52 + 1 < 3 units of e^rho 2^(j/64) 2^62. K = 4, and q = a - 62.
///
/// exp_approximation_fixed takes X itself (any X < 2^127, exact): e^(-+X 2^-120) within the
/// same K, the derivation above holding for every such X.
inline constexpr std::uint64_t exp_coefficients[9] = {
    0, 0, reciprocal_64(2), reciprocal_64(factorial(3)), reciprocal_64(factorial(4)), reciprocal_64(factorial(5)),
    reciprocal_64(factorial(6)), reciprocal_64(factorial(7)), reciprocal_64(factorial(8))};
inline approximation exp_approximation_fixed(bool negative, const u128& big_x) noexcept {
  const u128 c = shift_right(ln2_128, 14);
  std::uint64_t q = multiply(big_x.hi, inverse_ln2_64_56).hi >> 48;
  u128 r = big_x - c * q;
  while (!(r < c)) {
    r = r - c;
    ++q;
  }
  std::int64_t k = static_cast<std::int64_t>(q);
  if (negative) {
    if (is_zero(r)) {
      k = -k;
    } else {
      k = -k - 1;
      r = c - r;
    }
  }
  const std::uint64_t rho = shift_right(r, 50).lo;  // at 2^-70
  std::uint64_t h = exp_coefficients[8];
  for (int n = 7; n >= 2; --n) h = exp_coefficients[n] + multiply_shift(rho, h, 70);
  const std::uint64_t a_term = multiply_shift(rho, h, 64);
  const std::uint64_t p = rho + multiply_shift(rho, a_term, 70);
  const std::uint64_t e = (std::uint64_t{1} << 63) + (p >> 7);
  const auto j = static_cast<int>(static_cast<std::uint64_t>(k) & 63u);
  const auto octave = static_cast<int>((k - j) / 64);
  return {multiply(e, exp2_table[j]).hi, octave - 62, 4};
}
inline approximation exp_approximation(bool negative, const exact_binary& x) noexcept {
  return exp_approximation_fixed(negative, shift_left(u128{0, x.mantissa}, x.exponent + 120));
}

// ---- ln

/// ln x for x = m 2^(e - 23), m a 24-bit integer in [2^23, 2^24), within (1 - 2^-7, 1 + 2^-7)
/// and x != 1: |ln x| as Y 2^q within K = 4 units.
///
/// u = x - 1 exactly: a 2^-23 (e = 0) or -a 2^-24 (e = -1), a < 2^17, |u| < 2^-7, held as
/// U = |u| 2^70 (exact). ln(1 + u) = u B, B = 1 - u/2 + u^2/3 - ... + u^8/9 (the omitted tail
/// is below u^9/10 < 2^-66.3), by Horner's rule on |u| at 2^-64 from floor(2^64/n), the
/// signs alternating for u > 0 and all + for u < 0: each step's error < 2.02 2^-64 (|u| is
/// exact), and B at 2^-62 within 1.06 units (the last product's truncation, 1; the rest, 0.06).
/// |ln x| = a B 2^(-23 or -24): the exact product a * B62 (below 2^80) is cut to 63 bits by a
/// shift s, leaving an error below a 1.06 / 2^s + 1; the cut keeps Y >= 2^62, so
/// a < 2^(63+s) / B62 <= 2.01 2^s, and the error is below 2.14 + 1 < 4 units.
inline constexpr std::uint64_t log_coefficients[10] = {
    0, 0, reciprocal_64(2), reciprocal_64(3), reciprocal_64(4), reciprocal_64(5), reciprocal_64(6), reciprocal_64(7),
    reciprocal_64(8), reciprocal_64(9)};
inline approximation log_near_one(std::uint64_t m, int e) noexcept {
  const bool below_one = e < 0;
  const std::uint64_t a = below_one ? (std::uint64_t{1} << 24) - m : m - (std::uint64_t{1} << 23);
  const int u_exponent = below_one ? -24 : -23;
  const std::uint64_t u = a << (70 + u_exponent);
  std::uint64_t g = log_coefficients[9];
  for (std::uint64_t n = 8; n >= 2; --n) {
    const std::uint64_t t = multiply_shift(u, g, 70);
    g = below_one ? log_coefficients[n] + t : log_coefficients[n] - t;
  }
  const std::uint64_t t = multiply_shift(u, g, 72);
  const std::uint64_t b = below_one ? (std::uint64_t{1} << 62) + t : (std::uint64_t{1} << 62) - t;
  const u128 product = multiply(a, b);
  const int width = bit_width(product);
  const int s = width > 63 ? width - 63 : 0;
  return {shift_right(product, s).lo, u_exponent - 62 + s, 4};
}

/// ln x for x = m 2^(e - 23), m a 24-bit integer in [2^23, 2^24), outside (1 - 2^-7, 1 + 2^-7):
/// |ln x| as Y 2^q within K units (K below).
///
/// With i the top 7 fraction bits of m and c_i = ceil(2^23/(128 + i)):
///   ln x = e ln 2 + ln(2^16 / c_i) + ln(1 + u),   u = m c_i / 2^39 - 1 in [0, 2^-7 + 2^-15),
/// u exact (U = m c_i - 2^39 < 2^33, held as u 2^70). ln(1 + u) = u - u^2 g, g = 1/2 - u/3 +
/// ... + u^7/9 (omitted tail < u^9/10 < 2^-73), by Horner's rule at 2^-64: each step's error
/// < 2.02 2^-64; u g at 2^-70 within 2.01 2^-70, u^2 g within 1.02 2^-70, so ln(1 + u) at
/// 2^-70 within 1.2 2^-70. The sum at 2^-120 (|e| <= 150, the ln 2 term below 2^127): its
/// error is the table's (< 2^-64, a floor), ln(1 + u)'s (1.2 2^-70) and ln 2's
/// (|e| 2^-120): below 1.02 2^-64. |ln x| >= ln(1 + 2^-7) - 2^-60 > 2^-7.02, so the
/// difference of the terms has the sign of e (x < 1 exactly when e < 0). Cut to 63 bits by
/// a shift s >= 50 (|ln x| 2^120 >= 2^112.98), the error in units of 2^(s - 120) is below
/// 1.02 2^(56 - s) + 1, at most K = 2^(57 - s) + 1 (s < 57) or 2.
inline approximation log_general(std::uint64_t m, int e) noexcept {
  const auto i = static_cast<std::size_t>((m >> 16) & 127u);
  const std::uint64_t big_u = m * reciprocals.c[i] - (std::uint64_t{1} << 39);
  const std::uint64_t u = big_u << 31;  // at 2^-70
  std::uint64_t g = log_coefficients[9];
  for (std::uint64_t n = 8; n >= 2; --n) g = log_coefficients[n] - multiply_shift(u, g, 70);
  const std::uint64_t ug = multiply_shift(u, g, 64);       // at 2^-70
  const std::uint64_t p = u - multiply_shift(u, ug, 70);   // ln(1 + u) at 2^-70
  const u128 w = shift_left(u128{0, log_table[i]}, 56) + shift_left(u128{0, p}, 50);
  const u128 ln2_120 = shift_right(ln2_128, 8);
  const u128 octaves = ln2_120 * static_cast<std::uint64_t>(e < 0 ? -e : e);
  const u128 v = e >= 0 ? octaves + w : (w < octaves ? octaves - w : w - octaves);
  const int width = bit_width(v);
  const int s = width > 63 ? width - 63 : 0;
  const std::uint64_t k = s < 57 ? (std::uint64_t{1} << (57 - s)) + 1 : 2;
  return {shift_right(v, s).lo, s - 120, k};
}

/// e^x rounded to F from its approximation a, for 2^-30 <= |x| < 128.
template <class F>
typename F::bits_type exp_decided(const real& x, const approximation& a) {
  return round_approximation<F>(a, [&](const exact_binary& b, bool& known) {
    // e^x <> b  <=>  x - ln b <> 0, with b = B 2^j: x - j ln 2 - ln B.
    return sign_of_sum_with_log(x.negative, x.magnitude, -std::int64_t{b.exponent}, b.mantissa, true, known);
  });
}

/// ln x rounded to F from its approximation a, for x = m 2^(e - 23) != 1 (m in [2^23, 2^24)).
template <class F>
typename F::bits_type log_decided(std::uint64_t m, int e, const approximation& a) {
  using bits_type = typename F::bits_type;
  const bool negative = e < 0;  // x < 1
  const bits_type magnitude = round_approximation<F>(a, [&](const exact_binary& b, bool& known) {
    // x > 1: ln x - b = -b + (e - 23) ln 2 + ln m.  x < 1: |ln x| - b = -(ln x + b).
    const int s = sign_of_sum_with_log(!negative, b, e - 23, m, false, known);
    return negative ? -s : s;
  });
  return negative ? static_cast<bits_type>(magnitude | F::sign_mask) : magnitude;
}

/// A signed value v held as |v| 2^120.
struct signed_fixed {
  bool negative = false;
  u128 magnitude;
};

/// ln(y 2^k) for y in [2^63, 2^64), |k| < 2^20, at 2^-120 within 1.04 2^-64.
///
/// log_general's method for a 64-bit mantissa: with i the 7 bits below y's leading
/// bit and c_i = ceil(2^23/(128 + i)), ln(y 2^k) = (k + 63) ln 2 + ln(2^16 / c_i) + ln(1 + u),
/// u = y c_i / 2^79 - 1 in [0, 2^-7 + 2^-15), held at 2^-70 rounded down (within 2^-70, so
/// ln(1 + u) moves by less than 2^-70). ln(1 + u) as in log_general, within 1.2 2^-70 of the
/// held u's: within 2.2 2^-70 of the exact. The sum at 2^-120: the table's error (< 2^-64),
/// ln(1 + u)'s and ln 2's (|k + 63| 2^-120) below 1.04 2^-64.
inline signed_fixed ln_fixed(std::uint64_t y, std::int64_t k) noexcept {
  const auto i = static_cast<std::size_t>((y >> 56) & 127u);
  const u128 product = multiply(y, reciprocals.c[i]);  // (1 + u) 2^79
  const std::uint64_t u = shift_right(product - u128{std::uint64_t{1} << 15, 0}, 9).lo;
  std::uint64_t g = log_coefficients[9];
  for (std::uint64_t n = 8; n >= 2; --n) g = log_coefficients[n] - multiply_shift(u, g, 70);
  const std::uint64_t ug = multiply_shift(u, g, 64);      // at 2^-70
  const std::uint64_t p = u - multiply_shift(u, ug, 70);  // ln(1 + u) at 2^-70
  const u128 w = shift_left(u128{0, log_table[i]}, 56) + shift_left(u128{0, p}, 50);
  const std::int64_t n = k + 63;
  const u128 octaves = shift_right(ln2_128, 8) * static_cast<std::uint64_t>(n < 0 ? -n : n);
  if (n >= 0) return {false, octaves + w};
  return w < octaves ? signed_fixed{true, octaves - w} : signed_fixed{false, w - octaves};
}

}  // namespace detail_exp_log

/// e^x rounded once to F (to nearest, ties to even), as F's bit pattern, for any extended
/// real x: e^NaN = NaN (the canonical positive quiet NaN), e^-Inf = +0, e^+Inf = +Inf,
/// e^+-0 = 1.
template <class F>
typename F::bits_type exp_rounded(const real& x) {
  using bits_type = typename F::bits_type;
  using namespace detail_exp_log;
  const bits_type one = detail::round_to_format<F>({false, 1, 0, false});
  switch (x.cls) {
    case fp_class::nan: return F::quiet_nan;
    case fp_class::infinite: return x.negative ? bits_type{0} : F::infinity;
    case fp_class::zero: return one;
    default: break;
  }
  const int top = leading_exponent(x.magnitude);
  // |x| < 2^-30: e^x lies strictly between 1 - 2^-30 and 1 + 2^-29, inside the midpoints
  // 1 - 2^-25 and 1 + 2^-24 (FLOAT32; FLOAT16's are farther): it rounds to 1.
  if (top < -30) return one;
  // |x| >= 128: e^x > 2^184 overflows, e^-x < 2^-184 rounds to 0, in both formats.
  if (top >= 7) return x.negative ? bits_type{0} : F::infinity;
  return exp_decided<F>(x, exp_approximation(x.negative, x.magnitude));
}

/// ln x rounded once to F (to nearest, ties to even), as F's bit pattern, for x the exact
/// value of a FLOAT32 or FLOAT16 element (a mantissa of at most 24 bits): ln NaN = NaN and
/// ln x = NaN for x < 0 (the canonical positive quiet NaN), ln +-0 = -Inf, ln 1 = +0,
/// ln +Inf = +Inf.
template <class F>
typename F::bits_type log_rounded(const real& x) {
  using bits_type = typename F::bits_type;
  using namespace detail_exp_log;
  if (x.is_nan() || (x.negative && !x.is_zero())) return F::quiet_nan;
  if (x.is_zero()) return static_cast<bits_type>(F::sign_mask | F::infinity);
  if (x.is_infinite()) return F::infinity;
  const exact_binary& mag = x.magnitude;
  const int width = detail::bit_width(mag.mantissa);
  const std::uint64_t m = mag.mantissa << (24 - width);  // in [2^23, 2^24)
  const int e = mag.exponent + width - 1;                 // x = m 2^(e - 23)
  if (e == 0 && m == (std::uint64_t{1} << 23)) return 0;  // ln 1 = +0
  const bool near_one = (e == 0 && m < (std::uint64_t{1} << 23) + (std::uint64_t{1} << 16)) ||
                        (e == -1 && m > (std::uint64_t{1} << 24) - (std::uint64_t{1} << 17));
  return log_decided<F>(m, e, near_one ? log_near_one(m, e) : log_general(m, e));
}

}  // namespace dmlref::math
