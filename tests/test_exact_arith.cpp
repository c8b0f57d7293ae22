// Tests of the exact arithmetic behind the golden path: math::multiply, math::add and
// math::round_real (math/exact_arith.hpp, math/real.hpp), math::to_real and
// math::truncate_to_integer, and math::bigint / compare_scaled (math/bigint.hpp).
//
// Oracles:
// - the hardware fused multiply-add (std::fma on floats rounds x * s + b once; on Windows
//   without FMA, fma_in_double below, which these cases check against fmaf wherever the C
//   library's is exact), for
//   multiply -> add -> round_real<float> on floats;
// - long double (64-bit significand on x86-64) for integer x times float s: x * s is exact
//   there (|x| < 2^32 has at most 32 bits, s at most 24), the sum with b is formed with
//   TwoSum (sum + exact error), and the single rounding to float is decided from the sum and
//   the sign of the error (see round_once_to_float);
// - hand-derived values.

#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <random>
#include <string>

#include "dmlref/core/float16.hpp"
#include "dmlref/math/bigint.hpp"

#include "bit_helpers.hpp"
#include "dmlref/math/exact_arith.hpp"
#include "dmlref/math/real.hpp"


namespace {

using dmlref::math::bigint;
using dmlref::math::real;
using dmlref::math::round_real;
using dmlref::math::to_real;
using dmlref::math::truncate_to_integer;
using fp_class = dmlref::detail::fp_class;

/// std::mt19937 whose results are std::uint32_t (its result_type may be wider).
struct rng32 {
  std::mt19937 engine;
  std::uint32_t operator()() { return static_cast<std::uint32_t>(engine()); }
};

constexpr bool long_double_is_x87 = std::numeric_limits<long double>::digits == 64;

/// Calls of library_fma whose two routes gave different bits (NaN included), since the last
/// take_route_disagreements().
int route_disagreements = 0;

int take_route_disagreements() {
  const int count = route_disagreements;
  route_disagreements = 0;
  return count;
}

/// x * s + b through the library, both ways: the general exact arithmetic (exact product,
/// exact sum, one rounding to float) and the integer fused multiply-add
/// (multiply_add_rounded, what ScaleBias uses). Returns the fused one; a difference in any
/// bit is counted in route_disagreements.
template <class X>
float library_fma(X x, float s, float b) {
  const float general =
      round_real<float>(dmlref::math::add(dmlref::math::multiply(to_real(x), to_real(s)), to_real(b)));
  const float fused = dmlref::math::multiply_add_rounded(x, s, b);
  if (bits_as<std::uint32_t>(general) != bits_as<std::uint32_t>(fused)) ++route_disagreements;
  return fused;
}

/// Same bits, or both NaN (NaN compared by class only).
bool same_float(float got, float want) {
  if (std::isnan(want)) return std::isnan(got);
  return bits_as<std::uint32_t>(got) == bits_as<std::uint32_t>(want);
}

/// A real built by hand: (-1)^negative * (mantissa + sticky fraction) * 2^exponent.
real make_real(std::uint64_t mantissa, int exponent, bool sticky = false, bool negative = false) {
  real r;
  r.cls = mantissa == 0 ? fp_class::zero : fp_class::normal;
  r.negative = negative;
  r.magnitude.mantissa = mantissa;
  r.magnitude.exponent = exponent;
  r.magnitude.sticky = sticky;
  return r;
}

/// The value of a float as a long double, with +-Inf standing for +-2^128 (the "next"
/// value after FLT_MAX when deciding ties at the overflow boundary).
long double extended(float f) {
  if (std::isinf(f)) return std::copysign(ldexpl(1.0L, 128), static_cast<long double>(f));
  return static_cast<long double>(f);
}

/// Rounds sum + err to float once, where sum is a long double and |err| is at most half an
/// ulp of sum in long double (what TwoSum gives). Every float and every midpoint between
/// adjacent floats (including the one between FLT_MAX and 2^128, and the subnormal ones) is
/// a long double, so:
/// - if sum is not a midpoint, sum + err lies strictly on the same side of every midpoint as
///   sum (a midpoint between them would be a long double nearer to the exact value than
///   sum), so rounding sum is rounding sum + err;
/// - if sum is a midpoint, err decides: > 0 up, < 0 down, 0 is a true tie (ties to even,
///   which is what the hardware's conversion of sum does).
float round_once_to_float(long double sum, long double err) {
  const float f = static_cast<float>(sum);  // hardware: to nearest, ties to even
  if (err == 0 || std::isnan(sum) || static_cast<long double>(f) == sum) return f;
  const float g = extended(f) < sum ? std::nextafter(f, std::numeric_limits<float>::infinity())
                                    : std::nextafter(f, -std::numeric_limits<float>::infinity());
  const long double midpoint = (extended(f) + extended(g)) / 2;  // exact
  if (sum != midpoint) return f;
  const bool want_larger = err > 0;
  return (extended(f) > extended(g)) == want_larger ? f : g;
}

/// Reference for x * s + b with an integer |x| < 2^32, in long double.
template <class X>
float reference_integer_fma(X x, float s, float b) {
  const long double p = static_cast<long double>(x) * static_cast<long double>(s);  // exact
  const long double lb = b;
  const long double sum = p + lb;
  if (!std::isfinite(sum) || !std::isfinite(p)) return static_cast<float>(sum);  // IEEE specials
  // TwoSum (Knuth): err is the exact rounding error of p + lb.
  const long double bb = sum - p;
  const long double err = (p - (sum - bb)) + (lb - bb);
  return round_once_to_float(sum, err);
}

/// Random float of any class: specials, subnormals, a moderate exponent range, any bits.
float random_float(rng32& rng) {
  static const float specials[] = {0.0f,
                                   -0.0f,
                                   std::numeric_limits<float>::infinity(),
                                   -std::numeric_limits<float>::infinity(),
                                   std::numeric_limits<float>::quiet_NaN(),
                                   std::numeric_limits<float>::denorm_min(),
                                   -std::numeric_limits<float>::denorm_min(),
                                   std::numeric_limits<float>::min(),
                                   std::numeric_limits<float>::max(),
                                   -std::numeric_limits<float>::max(),
                                   1.0f,
                                   -1.0f,
                                   0.5f,
                                   3.0f};
  const std::uint32_t kind = rng() % 16;
  if (kind == 0) return specials[rng() % (sizeof specials / sizeof specials[0])];
  if (kind == 1) return bits_as<float>(rng());  // any pattern at all
  if (kind == 2) return bits_as<float>((rng() & 0x807FFFFFu));  // subnormal (or zero)
  if (kind == 3) {  // near the extremes of the exponent range
    const std::uint32_t biased = rng() % 2 == 0 ? 1 + rng() % 24 : 230 + rng() % 24;
    return bits_as<float>((rng() & 0x807FFFFFu) | (biased << 23));
  }
  if (kind == 4) {  // few significant bits: products land on ties often
    const auto m = static_cast<float>(1 + rng() % 4096);
    return std::ldexp((rng() & 1) != 0 ? -m : m, static_cast<int>(rng() % 40) - 20);
  }
  const std::uint32_t biased = 127 - 30 + rng() % 60;
  return bits_as<float>((rng() & 0x807FFFFFu) | (biased << 23));
}


/// x * y + z computed in double: the product of two floats is exact there; the sum's rounding
/// error is recovered exactly (Knuth's TwoSum), and an inexact sum is replaced by its neighbour
/// toward the exact one when its last bit is even (rounding to odd), whose one rounding to
/// float's 24 bits is then the exact sum's (double keeps more than 24 + 1 bits). Valid for
/// every float input: no intermediate overflows or underflows in double.
inline float fma_in_double(float x, float y, float z) noexcept {
  const double p = static_cast<double>(x) * static_cast<double>(y);
  const double b = z;
  const double s = p + b;
  if (!std::isfinite(s)) return static_cast<float>(s);
  const double bb = s - p;
  const double e = (p - (s - bb)) + (b - bb);  // s + e == p + b exactly
  std::uint64_t bits = 0;
  std::memcpy(&bits, &s, sizeof bits);
  if (e != 0 && (bits & 1u) == 0) {
    bits = (e > 0) == (s > 0) ? bits + 1 : bits - 1;  // one unit of s's magnitude toward p + b
    double odd = 0;
    std::memcpy(&odd, &bits, sizeof odd);
    return static_cast<float>(odd);
  }
  return static_cast<float>(s);
}

/// x * y + z rounded once: fmaf where it is exact (the FMA instruction, or a C library other
/// than MinGW-w64's, whose fmaf rounds the product first), fma_in_double otherwise.
inline float fma_once(float x, float y, float z) noexcept {
#if defined(__FMA__) || !defined(_WIN32)
  return std::fma(x, y, z);
#else
  return fma_in_double(x, y, z);
#endif
}

}  // namespace

TEST_CASE("exact arith: multiply + add + round_real<float> matches fmaf") {
  rng32 rng{std::mt19937(0xF4Au)};
  int mismatches = 0;
  long long cancellations = 0;
  auto check = [&](float x, float s, float b) {
    const float want = fma_once(x, s, b);
    const float got = library_fma(x, s, b);
    const float in_double = fma_in_double(x, s, b);
    if ((!same_float(got, want) || !same_float(in_double, want)) && mismatches++ < 10) {
      CHECK_MESSAGE(false, "fma(" << hex(bits_as<std::uint32_t>(x)) << ", "
                                  << hex(bits_as<std::uint32_t>(s)) << ", "
                                  << hex(bits_as<std::uint32_t>(b)) << ") = "
                                  << hex(bits_as<std::uint32_t>(got)) << ", in double "
                                  << hex(bits_as<std::uint32_t>(in_double)) << ", fmaf gives "
                                  << hex(bits_as<std::uint32_t>(want)));
    }
  };
  for (int i = 0; i < 2000000; ++i) {
    const float x = random_float(rng);
    const float s = random_float(rng);
    float b = random_float(rng);
    const std::uint32_t mode = rng() % 8;
    if (mode == 0) {
      // Cancellation: b = -(x * s rounded to float), so x * s + b is the product's rounding
      // error (exact, tiny, often subnormal or zero).
      b = -(x * s);
      ++cancellations;
    } else if (mode == 1) {
      // Cancellation with a nudge of a few ulps.
      b = -(x * s);
      for (std::uint32_t k = rng() % 4; k > 0; --k) b = std::nextafter(b, 0.0f);
    } else if (mode == 2 && std::isfinite(x * s) && x * s != 0) {
      // An addend far smaller than the product (it only acts as sticky).
      b = std::ldexp(std::fabs(x * s), -40 - static_cast<int>(rng() % 60));
      if ((rng() & 1) != 0) b = -b;
    }
    check(x, s, b);
  }
  CHECK(cancellations > 100000);
  CHECK(mismatches == 0);
  CHECK(take_route_disagreements() == 0);
}

TEST_CASE("exact arith: hand-derived fma cases") {
  // x = 1 + 2^-23 (odd), s = 1.5: x * s = 1.5 + 2^-23 + 2^-24, halfway between
  // 1.5 + 2^-23 (mantissa odd) and 1.5 + 2^-22 (even).
  const float x = 1.0f + std::ldexp(1.0f, -23);
  const float lo = 1.5f + std::ldexp(1.0f, -23);
  const float hi = 1.5f + std::ldexp(1.0f, -22);
  CHECK(library_fma(x, 1.5f, 0.0f) == hi);                        // tie -> even
  CHECK(library_fma(x, 1.5f, std::ldexp(1.0f, -100)) == hi);      // above the tie
  CHECK(library_fma(x, 1.5f, -std::ldexp(1.0f, -100)) == lo);     // below the tie: sticky
  CHECK(library_fma(x, 1.5f, -std::ldexp(1.0f, -149)) == lo);     // smallest subnormal decides
  CHECK(library_fma(-x, 1.5f, std::ldexp(1.0f, -100)) == -lo);    // mirrored
  // Cancellation: (1 + 2^-23)^2 = 1 + 2^-22 + 2^-46; minus (1 + 2^-22) leaves 2^-46 exactly.
  CHECK(library_fma(x, x, -(1.0f + std::ldexp(1.0f, -22))) == std::ldexp(1.0f, -46));
  // Exact cancellation gives +0, both in the round-to-nearest sign rule...
  CHECK(bits_as<std::uint32_t>(library_fma(2.0f, 3.0f, -6.0f)) == 0x00000000u);
  CHECK(bits_as<std::uint32_t>(library_fma(-2.0f, 3.0f, 6.0f)) == 0x00000000u);
  // ... and -0 only when both the product and the addend are -0.
  CHECK(bits_as<std::uint32_t>(library_fma(-0.0f, 3.0f, -0.0f)) == 0x80000000u);
  CHECK(bits_as<std::uint32_t>(library_fma(-0.0f, 3.0f, 0.0f)) == 0x00000000u);
  CHECK(bits_as<std::uint32_t>(library_fma(-0.0f, -3.0f, -0.0f)) == 0x00000000u);
  // Product under the subnormal range plus zero: 2^-100 * 2^-60 = 2^-160 -> +0, sign kept.
  CHECK(bits_as<std::uint32_t>(library_fma(std::ldexp(1.0f, -100), -std::ldexp(1.0f, -60), 0.0f)) ==
        0x80000000u);
  // 2^-75 * 2^-75 = 2^-150: halfway between 0 and 2^-149 -> 0; plus 2^-149 * tiny... with
  // an addend of +-2^-149 the sum is 1.5 * 2^-149 (tie -> 2 * 2^-149) or -0.5 * 2^-149.
  CHECK(library_fma(std::ldexp(1.0f, -75), std::ldexp(1.0f, -75), 0.0f) == 0.0f);
  CHECK(library_fma(std::ldexp(1.0f, -75), std::ldexp(1.0f, -75), std::ldexp(1.0f, -149)) ==
        std::ldexp(1.0f, -148));
  CHECK(bits_as<std::uint32_t>(library_fma(std::ldexp(1.0f, -75), std::ldexp(1.0f, -75),
                                           -std::ldexp(1.0f, -149))) == 0x80000000u);
  // Overflow of the product alone, rescued by nothing: Inf. FLT_MAX * 2 - FLT_MAX = FLT_MAX
  // exactly (no intermediate overflow in exact arithmetic).
  const float max = std::numeric_limits<float>::max();
  CHECK(library_fma(max, 2.0f, -max) == max);
  CHECK(std::isinf(library_fma(max, 2.0f, 0.0f)));
  // Specials: 0 * Inf = NaN; Inf - Inf = NaN; Inf + finite = Inf; NaN propagates.
  const float inf = std::numeric_limits<float>::infinity();
  CHECK(std::isnan(library_fma(0.0f, inf, 1.0f)));
  CHECK(std::isnan(library_fma(1.0f, inf, -inf)));
  CHECK(library_fma(-1.0f, inf, 5.0f) == -inf);
  CHECK(library_fma(1.0f, 2.0f, -inf) == -inf);
  CHECK(std::isnan(library_fma(std::numeric_limits<float>::quiet_NaN(), 0.0f, 1.0f)));
  CHECK(take_route_disagreements() == 0);
}

TEST_CASE("exact arith: every FLOAT16 x * s + b, both routes against fmaf") {
  // The widened half is exact in float, so fmaf of it is the reference. Scales and biases
  // that give subnormal and overflowing results, exact cancellation (+-0), and specials.
  const float inf = std::numeric_limits<float>::infinity();
  const float max = std::numeric_limits<float>::max();
  const float tiny = std::numeric_limits<float>::denorm_min();
  const float scales[] = {1.5f, -1.0f, 0.0f, -0.0f, 1e-30f, -3e-39f, tiny, 1e35f, max, inf, -inf,
                          std::numeric_limits<float>::quiet_NaN(), 0.1f, 65504.0f};
  const float biases[] = {-0.25f, 0.0f, -0.0f, 1.0f, -1.0f, tiny, -tiny, 1e-40f, -max, max, inf, -inf,
                          std::numeric_limits<float>::quiet_NaN(), 3.0e-8f};
  int mismatches = 0;
  long long count = 0;
  for (const float s : scales) {
    for (const float b : biases) {
      for (std::uint32_t h = 0; h < 65536; ++h) {
        const auto x = dmlref::float16::from_bits(static_cast<std::uint16_t>(h));
        const float want = fma_once(static_cast<float>(x), s, b);
        const float got = library_fma(x, s, b);
        const float in_double = fma_in_double(static_cast<float>(x), s, b);
        ++count;
        if ((!same_float(got, want) || !same_float(in_double, want)) && mismatches++ < 10) {
          CHECK_MESSAGE(false, "fma(half " << hex(h) << ", " << hex(bits_as<std::uint32_t>(s)) << ", "
                                           << hex(bits_as<std::uint32_t>(b)) << ") = "
                                           << hex(bits_as<std::uint32_t>(got)) << ", in double "
                                           << hex(bits_as<std::uint32_t>(in_double)) << ", fmaf gives "
                                           << hex(bits_as<std::uint32_t>(want)));
        }
      }
    }
  }
  // -x * s exactly cancelled by b = x * s: +0 whatever the signs (h = 0x3c01: 1 + 2^-10).
  const auto x = dmlref::float16::from_bits(0x3c01);
  const float p = static_cast<float>(x) * 1.5f;  // exact: 11 x 2 bits
  CHECK(bits_as<std::uint32_t>(library_fma(x, -1.5f, p)) == 0u);
  CHECK(bits_as<std::uint32_t>(library_fma(x, 1.5f, -p)) == 0u);
  CHECK(count == 65536LL * 14 * 14);
  CHECK(mismatches == 0);
  CHECK(take_route_disagreements() == 0);
}

TEST_CASE("exact arith: add with a far smaller addend and with cancellation") {
  // 1 + 2^-24 is the tie between 1 and 1 + 2^-23 in float; an addend of +-2^-100 (far below
  // any bit kept) must break it: this is the sticky path of add (the small addend is shifted
  // out entirely).
  const real tie = make_real((std::uint64_t{1} << 24) + 1, -24);  // 1 + 2^-24, exact
  const real up = to_real(std::ldexp(1.0f, -100));
  const real down = to_real(-std::ldexp(1.0f, -100));
  CHECK(round_real<float>(tie) == 1.0f);
  CHECK(round_real<float>(dmlref::math::add(tie, up)) == 1.0f + std::ldexp(1.0f, -23));
  CHECK(round_real<float>(dmlref::math::add(tie, down)) == 1.0f);
  CHECK(round_real<float>(dmlref::math::add(up, tie)) == 1.0f + std::ldexp(1.0f, -23));
  CHECK(round_real<float>(dmlref::math::add(down, tie)) == 1.0f);
  // Same in double: 1 + 2^-53 is the tie between 1 and 1 + 2^-52.
  const real tie64 = make_real((std::uint64_t{1} << 53) + 1, -53);
  CHECK(round_real<double>(tie64) == 1.0);
  CHECK(round_real<double>(dmlref::math::add(tie64, up)) == 1.0 + std::ldexp(1.0, -52));
  CHECK(round_real<double>(dmlref::math::add(tie64, down)) == 1.0);
  // 2^24 + 1 (tie between 2^24 and 2^24 + 2) minus 2^-80 -> 2^24; plus -> 2^24 + 2.
  const real big_tie = make_real((std::uint64_t{1} << 24) + 1, 0);
  CHECK(round_real<float>(dmlref::math::add(big_tie, to_real(-std::ldexp(1.0f, -80)))) == 16777216.0f);
  CHECK(round_real<float>(dmlref::math::add(big_tie, to_real(std::ldexp(1.0f, -80)))) == 16777218.0f);
  // Subtracting a far smaller addend must borrow: in binary64, 1 - 2^-54 is the tie between
  // 1 - 2^-53 (odd mantissa) and 1 (even) -> 1; 1 - 2^-54 - 2^-100 lies below the tie ->
  // 1 - 2^-53 (the sticky subtraction's "one lower, nonzero fraction" path). And
  // 1 - 2^-100 is far above the tie 1 - 2^-25 of float -> 1.
  const real one = to_real(1.0);
  const real tie_below_one = dmlref::math::add(one, to_real(-std::ldexp(1.0, -54)));
  CHECK(round_real<double>(tie_below_one) == 1.0);
  CHECK(round_real<double>(dmlref::math::add(tie_below_one, to_real(-std::ldexp(1.0, -100)))) ==
        1.0 - std::ldexp(1.0, -53));
  CHECK(round_real<float>(dmlref::math::add(one, to_real(-std::ldexp(1.0, -100)))) == 1.0f);
  // Cancellation: (1 + 2^-30) - 1 = 2^-30 exactly; 1 - (1 + 2^-60) = -2^-60.
  CHECK(round_real<double>(dmlref::math::add(to_real(1.0 + std::ldexp(1.0, -30)), to_real(-1.0))) ==
        std::ldexp(1.0, -30));
  CHECK(round_real<double>(dmlref::math::add(to_real(1.0), make_real((std::uint64_t{1} << 60) + 1, -60, false, true))) ==
        -std::ldexp(1.0, -60));
  // Exact zero sums are +0 (or -0 for -0 + -0).
  const auto zero = dmlref::math::add(to_real(2.5), to_real(-2.5));
  CHECK(zero.is_zero());
  CHECK_FALSE(zero.negative);
  CHECK(dmlref::math::add(to_real(-0.0), to_real(-0.0)).negative);
  CHECK_FALSE(dmlref::math::add(to_real(-0.0), to_real(0.0)).negative);
  // Nonzero + zero keeps the nonzero addend (and its sign).
  CHECK(round_real<float>(dmlref::math::add(to_real(-3.0f), to_real(0.0f))) == -3.0f);
}

TEST_CASE("exact arith: add with one inexact (sticky) addend of the same magnitude") {
  // add's contract allows one inexact addend. x = 1 exactly, y = -(1 + d) for some d in
  // (0, 1) units of the last mantissa bit: the true sum is -d * 2^exponent, a negative value
  // of magnitude below one unit. Whatever d is, the result rounded to double must be <= -0
  // (negative or -0) and no larger than one unit in magnitude.
  const std::uint64_t m = std::uint64_t{1} << 61;
  const real x = make_real(m, -61);                      // 1
  const real y = make_real(m, -61, true, true);          // -(1 + d * 2^-61)
  const double sum = round_real<double>(dmlref::math::add(x, y));
  CAPTURE(sum);
  CHECK(std::signbit(sum));
  CHECK(std::fabs(sum) <= std::ldexp(1.0, -61));
  const double reversed = round_real<double>(dmlref::math::add(y, x));
  CAPTURE(reversed);
  CHECK(std::signbit(reversed));
  CHECK(std::fabs(reversed) <= std::ldexp(1.0, -61));
  // The same with short mantissas (add normalises them first): 3 - (3 + d).
  const double short_sum = round_real<double>(dmlref::math::add(make_real(3, 0), make_real(3, 0, true, true)));
  CAPTURE(short_sum);
  CHECK(std::signbit(short_sum));
  CHECK(std::fabs(short_sum) <= 1.0);
}

TEST_CASE("exact arith: integer x * float s + b against an exact long double computation") {
  if constexpr (!long_double_is_x87) {
    MESSAGE("skipped: long double does not have a 64-bit significand on this target");
    return;
  }
  rng32 rng{std::mt19937(0x1A7u)};
  int mismatches = 0;
  auto report = [&](long long x, float s, float b, float got, float want) {
    if (!same_float(got, want) && mismatches++ < 10) {
      CHECK_MESSAGE(false, "x = " << x << ", s = " << hex(bits_as<std::uint32_t>(s)) << ", b = "
                                  << hex(bits_as<std::uint32_t>(b)) << ": "
                                  << hex(bits_as<std::uint32_t>(got)) << ", reference "
                                  << hex(bits_as<std::uint32_t>(want)));
    }
  };
  const std::int32_t extremes32[] = {std::numeric_limits<std::int32_t>::min(),
                                     std::numeric_limits<std::int32_t>::min() + 1,
                                     std::numeric_limits<std::int32_t>::max(),
                                     std::numeric_limits<std::int32_t>::max() - 1,
                                     -1, 0, 1, 16777217, -16777217, 0x55555555};
  for (int i = 0; i < 1000000; ++i) {
    const float s = random_float(rng);
    float b = random_float(rng);
    const std::int32_t x32 = i % 4 == 0 ? extremes32[rng() % 10] : static_cast<std::int32_t>(rng());
    if (rng() % 4 == 0) {
      // Cancellation: b near -(x * s).
      b = static_cast<float>(-(static_cast<long double>(x32) * s));
      for (std::uint32_t k = rng() % 3; k > 0; --k) b = std::nextafter(b, 0.0f);
    }
    report(x32, s, b, library_fma(x32, s, b), reference_integer_fma(x32, s, b));
    const std::uint32_t u32 = i % 4 == 1 ? std::numeric_limits<std::uint32_t>::max() - rng() % 3 : rng();
    report(u32, s, b, library_fma(u32, s, b), reference_integer_fma(u32, s, b));
    const auto i16 = static_cast<std::int16_t>(rng());
    report(i16, s, b, library_fma(i16, s, b), reference_integer_fma(i16, s, b));
    const auto u8 = static_cast<std::uint8_t>(rng());
    report(u8, s, b, library_fma(u8, s, b), reference_integer_fma(u8, s, b));
    const auto i8 = static_cast<std::int8_t>(rng());
    report(i8, s, b, library_fma(i8, s, b), reference_integer_fma(i8, s, b));
  }
  CHECK(mismatches == 0);
  // Hand cases: INT32_MIN * 1 + 0 = -2^31 exactly; INT32_MAX * 1 = 2^31 - 1 rounds to 2^31
  // in float (24 bits); plus -0.5 it is 2^31 - 1.5, still nearest to 2^31.
  CHECK(library_fma(std::numeric_limits<std::int32_t>::min(), 1.0f, 0.0f) == -2147483648.0f);
  CHECK(library_fma(std::numeric_limits<std::int32_t>::max(), 1.0f, 0.0f) == 2147483648.0f);
  // 16777217 * 1 = 2^24 + 1: tie -> 2^24; with + 2^-30 -> 2^24 + 2.
  CHECK(library_fma(std::int32_t{16777217}, 1.0f, 0.0f) == 16777216.0f);
  CHECK(library_fma(std::int32_t{16777217}, 1.0f, std::ldexp(1.0f, -30)) == 16777218.0f);
  // INT32_MIN * -FLT_MAX = 2^31 * FLT_MAX overflows: +Inf; INT32_MIN * 0 = -0, + -0 = -0.
  CHECK(library_fma(std::numeric_limits<std::int32_t>::min(), -std::numeric_limits<float>::max(), 0.0f) ==
        std::numeric_limits<float>::infinity());
  CHECK(bits_as<std::uint32_t>(library_fma(std::int32_t{-5}, 0.0f, -0.0f)) == 0x80000000u);
  CHECK(bits_as<std::uint32_t>(library_fma(std::int32_t{0}, -1.0f, -0.0f)) == 0x80000000u);
  CHECK(std::isnan(library_fma(std::int32_t{0}, std::numeric_limits<float>::infinity(), 1.0f)));
  CHECK(take_route_disagreements() == 0);
}

TEST_CASE("exact arith: multiply keeps every bit of 64 x 64-bit products") {
  // (2^64 - 1)^2 = 2^128 - 2^65 + 1: the top 64 bits are 2^64 - 2, the rest is 1 -> sticky.
  // Rounded to double (53 bits) that is 2^128 (the 2^-63 relative deficit is far below half
  // an ulp); to binary64 of the exact value.
  const real a = make_real(~std::uint64_t{0}, 0);
  const real p = dmlref::math::multiply(a, a);
  CHECK(round_real<double>(p) == std::ldexp(1.0, 128));
  // (2^63 + 1) * (2^63 + 1) = 2^126 + 2^64 + 1: as a double, 2^126 + 2^64 needs 63 bits ->
  // rounds to 2^126 (2^64 is 2^-62 relative, below half an ulp of 2^-53).
  const real b = make_real((std::uint64_t{1} << 63) + 1, 0);
  CHECK(round_real<double>(dmlref::math::multiply(b, b)) == std::ldexp(1.0, 126));
  // (2^32 + 1)^2 = 2^64 + 2^33 + 1 (65 bits): the low bit is sticky and breaks no tie here;
  // to float it is 2^64.
  const real c = make_real((std::uint64_t{1} << 32) + 1, 0);
  CHECK(round_real<float>(dmlref::math::multiply(c, c)) == std::ldexp(1.0f, 64));
  // (2^26 + 1)^2 = 2^52 + 2^27 + 1: exactly a double... to double it is exact.
  const real d = make_real((std::uint64_t{1} << 26) + 1, 0);
  CHECK(round_real<double>(dmlref::math::multiply(d, d)) ==
        std::ldexp(1.0, 52) + std::ldexp(1.0, 27) + 1.0);
  // A tie that only the 128-bit product's low bits break: (2^53 + 1) * (2^11 + 1) =
  // 2^64 + 2^53 + 2^11 + 1. Double keeps 53 bits from 2^64: ulp 2^12, half 2^11. The bits
  // below are 2^11 + 1 > half -> round up: 2^64 + 2^53 + 2^12.
  const real e = make_real((std::uint64_t{1} << 53) + 1, 0);
  const real f = make_real((std::uint64_t{1} << 11) + 1, 0);
  CHECK(round_real<double>(dmlref::math::multiply(e, f)) ==
        std::ldexp(1.0, 64) + std::ldexp(1.0, 53) + std::ldexp(1.0, 12));
  // The top 64 bits of a full-width product sit exactly on a tie and only the low 64 bits
  // break it: (2^64 - 1) * (2^63 + 2^10 + 1) = (2^63 + 2^10) * 2^64 + (2^63 - 2^10 - 1).
  // In binary64 the kept bits are 63..11 of the top word and bit 10 is the half: a tie,
  // broken upwards by the nonzero low word -> (2^63 + 2^11) * 2^64 = 2^127 + 2^75.
  const real g = make_real(~std::uint64_t{0}, 0);
  const real h = make_real((std::uint64_t{1} << 63) + (std::uint64_t{1} << 10) + 1, 0);
  CHECK(round_real<double>(dmlref::math::multiply(g, h)) ==
        std::ldexp(1.0, 127) + std::ldexp(1.0, 75));
  CHECK(round_real<double>(dmlref::math::multiply(h, g)) ==
        std::ldexp(1.0, 127) + std::ldexp(1.0, 75));
  // Signs: negative * positive is negative; -0 * 5 = -0.
  CHECK(round_real<float>(dmlref::math::multiply(to_real(-1.5f), to_real(2.0f))) == -3.0f);
  CHECK(std::signbit(round_real<float>(dmlref::math::multiply(to_real(-0.0f), to_real(5.0f)))));
  // int64 extremes times a float, rounded to float: INT64_MIN * 0.5 = -2^62 exactly;
  // UINT64_MAX * 1 = 2^64 - 1 -> 2^64.
  CHECK(round_real<float>(dmlref::math::multiply(to_real(std::numeric_limits<std::int64_t>::min()),
                                                 to_real(0.5f))) == -std::ldexp(1.0f, 62));
  CHECK(round_real<double>(dmlref::math::multiply(to_real(std::numeric_limits<std::uint64_t>::max()),
                                                  to_real(1.0f))) == std::ldexp(1.0, 64));
  // Against long double for random 32-bit integers times floats (products exact there).
  if constexpr (long_double_is_x87) {
    rng32 rng{std::mt19937(99)};
    int mismatches = 0;
    for (int i = 0; i < 300000; ++i) {
      const auto x = static_cast<std::int32_t>(rng());
      const float s = random_float(rng);
      if (!std::isfinite(s)) continue;
      const long double exact = static_cast<long double>(x) * s;
      const float want = static_cast<float>(exact);  // one rounding from an exact value
      const float got = round_real<float>(dmlref::math::multiply(to_real(x), to_real(s)));
      if (!same_float(got, want)) ++mismatches;
      const double want64 = static_cast<double>(exact);
      const double got64 = round_real<double>(dmlref::math::multiply(to_real(x), to_real(s)));
      if (bits_as<std::uint64_t>(got64) != bits_as<std::uint64_t>(want64)) ++mismatches;
    }
    CHECK(mismatches == 0);
  }
}

TEST_CASE("exact arith: to_real on integer extremes") {
  const real a = to_real(std::numeric_limits<std::int64_t>::min());
  CHECK(a.cls == fp_class::normal);
  CHECK(a.negative);
  CHECK(a.magnitude.mantissa == std::uint64_t{1} << 63);
  CHECK(a.magnitude.exponent == 0);
  CHECK_FALSE(a.magnitude.sticky);
  const real b = to_real(std::numeric_limits<std::uint64_t>::max());
  CHECK_FALSE(b.negative);
  CHECK(b.magnitude.mantissa == ~std::uint64_t{0});
  const real c = to_real(std::int8_t{-128});
  CHECK(c.negative);
  CHECK(c.magnitude.mantissa == 128);
  const real z = to_real(std::int32_t{0});
  CHECK(z.is_zero());
  CHECK_FALSE(z.negative);
  const real u = to_real(std::uint8_t{255});
  CHECK(u.magnitude.mantissa == 255);
  CHECK_FALSE(u.negative);
  // Float classes.
  CHECK(to_real(-0.0f).is_zero());
  CHECK(to_real(-0.0f).negative);
  CHECK(to_real(std::numeric_limits<double>::infinity()).is_infinite());
  CHECK(to_real(std::numeric_limits<float>::quiet_NaN()).is_nan());
  CHECK(to_real(dmlref::float16::from_bits(0x0001)).cls == fp_class::subnormal);
  CHECK(to_real(dmlref::float16::from_bits(0x0001)).magnitude.mantissa == 1);
  CHECK(to_real(dmlref::float16::from_bits(0x0001)).magnitude.exponent == -24);
  // round_real back: INT64_MIN -> -2^63 (exact in float), INT64_MAX = 2^63 - 1 -> 2^63,
  // UINT64_MAX -> 2^64 in double; random int64 against the hardware's int64 -> float/double
  // conversion (cvtsi2ss/sd, correctly rounded) and via long double for uint64.
  CHECK(round_real<float>(a) == -std::ldexp(1.0f, 63));
  CHECK(round_real<float>(to_real(std::numeric_limits<std::int64_t>::max())) == std::ldexp(1.0f, 63));
  CHECK(round_real<double>(b) == std::ldexp(1.0, 64));
  std::mt19937_64 rng(5);
  int mismatches = 0;
  for (int i = 0; i < 200000; ++i) {
    const auto v = static_cast<std::int64_t>(rng() >> (1 + rng() % 63));  // >= 0
    const auto w = (rng() & 1) != 0 ? -v : v;
    if (round_real<float>(to_real(w)) != static_cast<float>(w)) ++mismatches;
    if (round_real<double>(to_real(w)) != static_cast<double>(w)) ++mismatches;
    if constexpr (long_double_is_x87) {
      const std::uint64_t uv = rng();
      if (round_real<double>(to_real(uv)) != static_cast<double>(static_cast<long double>(uv))) {
        ++mismatches;
      }
    }
  }
  CHECK(mismatches == 0);
  // NaN and infinity rounding keep the sign; zero keeps its sign.
  real n;
  n.cls = fp_class::nan;
  n.negative = true;
  CHECK(bits_as<std::uint32_t>(round_real<float>(n)) == 0xFFC00000u);
  CHECK(round_real<dmlref::float16>(n).bits() == 0xFE00);
  real inf;
  inf.cls = fp_class::infinite;
  CHECK(bits_as<std::uint64_t>(round_real<double>(inf)) == 0x7FF0000000000000ull);
  real nz;
  nz.negative = true;
  CHECK(bits_as<std::uint32_t>(round_real<float>(nz)) == 0x80000000u);
}

TEST_CASE("exact arith: truncate_to_integer") {
  std::int64_t i64 = 0;
  std::uint64_t u64 = 0;
  std::int32_t i32 = 0;
  std::uint32_t u32 = 0;
  std::uint8_t u8 = 0;
  std::int8_t i8 = 0;
  // Integer extremes round-trip.
  CHECK(truncate_to_integer(to_real(std::numeric_limits<std::int64_t>::min()), i64));
  CHECK(i64 == std::numeric_limits<std::int64_t>::min());
  CHECK(truncate_to_integer(to_real(std::numeric_limits<std::int64_t>::max()), i64));
  CHECK(i64 == std::numeric_limits<std::int64_t>::max());
  CHECK(truncate_to_integer(to_real(std::numeric_limits<std::uint64_t>::max()), u64));
  CHECK(u64 == std::numeric_limits<std::uint64_t>::max());
  // UINT64_MAX does not fit int64; INT64_MIN does not fit uint64; -1 does not fit unsigned.
  i64 = 7;
  CHECK_FALSE(truncate_to_integer(to_real(std::numeric_limits<std::uint64_t>::max()), i64));
  CHECK(i64 == 7);  // untouched on failure
  CHECK_FALSE(truncate_to_integer(to_real(std::numeric_limits<std::int64_t>::min()), u64));
  CHECK_FALSE(truncate_to_integer(to_real(std::int32_t{-1}), u32));
  CHECK_FALSE(truncate_to_integer(to_real(-1.0f), u8));
  // 2^63 fits uint64 but not int64; -2^63 fits int64; 2^64 fits nothing.
  CHECK_FALSE(truncate_to_integer(to_real(std::ldexp(1.0, 63)), i64));
  CHECK(truncate_to_integer(to_real(std::ldexp(1.0, 63)), u64));
  CHECK(u64 == 0x8000000000000000ull);
  CHECK(truncate_to_integer(to_real(-std::ldexp(1.0, 63)), i64));
  CHECK(i64 == std::numeric_limits<std::int64_t>::min());
  CHECK_FALSE(truncate_to_integer(to_real(std::ldexp(1.0f, 64)), u64));
  // The largest double below 2^64 is 2^64 - 2048.
  CHECK(truncate_to_integer(to_real(std::nextafter(std::ldexp(1.0, 64), 0.0)), u64));
  CHECK(u64 == 18446744073709549568ull);
  // Fractions truncate toward zero.
  CHECK(truncate_to_integer(to_real(255.9f), u8));
  CHECK(u8 == 255);
  CHECK_FALSE(truncate_to_integer(to_real(256.0f), u8));
  CHECK_FALSE(truncate_to_integer(to_real(256.5), u8));
  CHECK(truncate_to_integer(to_real(-128.9), i8));
  CHECK(i8 == -128);
  CHECK_FALSE(truncate_to_integer(to_real(-129.0), i8));
  CHECK(truncate_to_integer(to_real(127.99f), i8));
  CHECK(i8 == 127);
  CHECK_FALSE(truncate_to_integer(to_real(128.0f), i8));
  CHECK(truncate_to_integer(to_real(-0.75), i32));
  CHECK(i32 == 0);
  u8 = 9;
  CHECK(truncate_to_integer(to_real(-0.5f), u8));  // truncates to 0, which fits
  CHECK(u8 == 0);
  CHECK(truncate_to_integer(to_real(std::numeric_limits<float>::denorm_min()), i32));
  CHECK(i32 == 0);
  CHECK(truncate_to_integer(to_real(-2147483648.0), i32));
  CHECK(i32 == std::numeric_limits<std::int32_t>::min());
  CHECK_FALSE(truncate_to_integer(to_real(2147483648.0), i32));
  CHECK(truncate_to_integer(to_real(4294967295.0), u32));
  CHECK(u32 == 0xFFFFFFFFu);
  CHECK_FALSE(truncate_to_integer(to_real(4294967296.0), u32));
  CHECK(truncate_to_integer(to_real(-0.0f), u32));
  CHECK(u32 == 0);
  CHECK(truncate_to_integer(to_real(1e-300), u64));
  CHECK(u64 == 0);
  CHECK_FALSE(truncate_to_integer(to_real(1e300), u64));
  // NaN and infinity never convert.
  CHECK_FALSE(truncate_to_integer(to_real(std::numeric_limits<float>::quiet_NaN()), i32));
  CHECK_FALSE(truncate_to_integer(to_real(std::numeric_limits<float>::infinity()), i64));
  CHECK_FALSE(truncate_to_integer(to_real(-std::numeric_limits<double>::infinity()), i8));
  // A real with a mantissa wider than its exponent allows in 64 bits.
  CHECK_FALSE(truncate_to_integer(make_real(3, 63), u64));
  CHECK(truncate_to_integer(make_real(1, 63), u64));
  CHECK(u64 == 0x8000000000000000ull);
  // Random doubles in range against the hardware's truncating conversion.
  std::mt19937_64 rng(11);
  int mismatches = 0;
  for (int i = 0; i < 200000; ++i) {
    const double d = std::ldexp(static_cast<double>(rng() >> 11), static_cast<int>(rng() % 90) - 80);
    const double v = (rng() & 1) != 0 ? -d : d;
    if (std::fabs(v) < 9.2e18) {
      std::int64_t got = 0;
      if (!truncate_to_integer(to_real(v), got) || got != static_cast<std::int64_t>(v)) ++mismatches;
    }
  }
  CHECK(mismatches == 0);
}

TEST_CASE("bigint: construction, bit_length, compare") {
  CHECK(bigint().is_zero());
  CHECK(bigint(0).is_zero());
  CHECK(bigint(0).bit_length() == 0);
  CHECK(bigint(1).bit_length() == 1);
  CHECK(bigint(0xFFFFFFFFu).bit_length() == 32);
  CHECK(bigint(0x100000000ull).bit_length() == 33);
  CHECK(bigint(~std::uint64_t{0}).bit_length() == 64);
  CHECK(compare(bigint(5), bigint(5)) == 0);
  CHECK(compare(bigint(5), bigint(6)) == -1);
  CHECK(compare(bigint(0x100000000ull), bigint(0xFFFFFFFFull)) == 1);
  CHECK(compare(bigint(0x100000001ull), bigint(0x100000002ull)) == -1);
  CHECK(compare(bigint(), bigint(1)) == -1);
  CHECK(bigint(1).shifted_left(100).bit_length() == 101);
  CHECK(bigint().shifted_left(100).is_zero());
  CHECK(compare(bigint(3).shifted_left(32), bigint(0x300000000ull)) == 0);
  CHECK(compare(bigint(0xFFFFFFFFu).shifted_left(4), bigint(0xFFFFFFFF0ull)) == 0);
  CHECK(compare(bigint(0x80000001u).shifted_left(33), bigint(1).shifted_left(64)) == 1);
}

TEST_CASE("bigint: products and powers, hand values") {
  // 2^32 * 2^32 = 2^64: limbs carry correctly.
  CHECK(compare(bigint(0x100000000ull) * bigint(0x100000000ull), bigint(1).shifted_left(64)) == 0);
  // (2^32 - 1)^2 = 2^64 - 2^33 + 1 = 0xFFFFFFFE00000001.
  CHECK(compare(bigint(0xFFFFFFFFu) * bigint(0xFFFFFFFFu), bigint(0xFFFFFFFE00000001ull)) == 0);
  // 2^64 - 1 = 65535 * 281479271743489 (= 3*5*17*257 * 641*65537*6700417): products in
  // two different groupings agree, and with the value itself.
  CHECK(compare(bigint(65535) * bigint(281479271743489ull), bigint(~std::uint64_t{0})) == 0);
  const bigint square = bigint(~std::uint64_t{0}) * bigint(~std::uint64_t{0});
  const bigint regrouped =
      (bigint(65535) * bigint(65535)) * (bigint(281479271743489ull) * bigint(281479271743489ull));
  CHECK(compare(square, regrouped) == 0);
  // (2^64 - 1)^2 = 2^128 - 2^65 + 1: above (2^64 - 2) * 2^64, below 2^128.
  CHECK(square.bit_length() == 128);
  CHECK(compare(square, bigint(0xFFFFFFFFFFFFFFFEull).shifted_left(64)) == 1);
  CHECK(compare(square, bigint(0xFFFFFFFFFFFFFFFFull).shifted_left(64)) == -1);
  CHECK((bigint(0) * bigint(5)).is_zero());

  bigint out;
  // 3^40 = 12157665459056928801 fits in 64 bits.
  REQUIRE(bigint::power(3, 40, 128, out));
  CHECK(compare(out, bigint(12157665459056928801ull)) == 0);
  // 7^22 = 3909821048582988049; 10^19 = 10000000000000000000.
  REQUIRE(bigint::power(7, 22, 128, out));
  CHECK(compare(out, bigint(3909821048582988049ull)) == 0);
  REQUIRE(bigint::power(10, 19, 128, out));
  CHECK(compare(out, bigint(10000000000000000000ull)) == 0);
  // 3^80 = 147808829414345923316083210206383297601; its top 64 bits (>> 64) are
  // 0x6f32f1ef8b18a2bc. Also 3^80 = (3^40)^2 = 9^40 = 81^20.
  bigint p3;
  REQUIRE(bigint::power(3, 80, 200, p3));
  CHECK(p3.bit_length() == 127);
  CHECK(compare(p3, bigint(0x6f32f1ef8b18a2bcull).shifted_left(64)) == 1);
  CHECK(compare(p3, bigint(0x6f32f1ef8b18a2bdull).shifted_left(64)) == -1);
  CHECK(compare(p3, bigint(12157665459056928801ull) * bigint(12157665459056928801ull)) == 0);
  bigint p9, p81;
  REQUIRE(bigint::power(9, 40, 200, p9));
  REQUIRE(bigint::power(81, 20, 200, p81));
  CHECK(compare(p3, p9) == 0);
  CHECK(compare(p3, p81) == 0);
  // Powers of two against shifts; 10^30 = 5^30 * 2^30.
  REQUIRE(bigint::power(2, 127, 128, out));
  CHECK(compare(out, bigint(1).shifted_left(127)) == 0);
  bigint p10, p5;
  REQUIRE(bigint::power(10, 30, 128, p10));
  REQUIRE(bigint::power(5, 30, 128, p5));
  CHECK(compare(p10, p5.shifted_left(30)) == 0);
  // 5^30 = 931322574615478515625; bracket it by its top: 5^30 >> 64 = 50.
  CHECK(compare(p5, bigint(50).shifted_left(64)) == 1);
  CHECK(compare(p5, bigint(51).shifted_left(64)) == -1);
  // Trivial exponents and bases.
  REQUIRE(bigint::power(12345, 0, 8, out));
  CHECK(compare(out, bigint(1)) == 0);
  REQUIRE(bigint::power(0, 0, 8, out));
  CHECK(compare(out, bigint(1)) == 0);
  REQUIRE(bigint::power(0, 5, 8, out));
  CHECK(out.is_zero());
  REQUIRE(bigint::power(1, 1000000, 8, out));
  CHECK(compare(out, bigint(1)) == 0);
  // The size limit: 2^128 has 129 bits; 2^127 fits 128; 3^1000 is refused early.
  CHECK_FALSE(bigint::power(2, 128, 128, out));
  CHECK(bigint::power(2, 128, 129, out));
  CHECK_FALSE(bigint::power(3, 1000, 64, out));
  CHECK_FALSE(bigint::power(3, 41, 64, out));  // 3^41 > 2^64
  CHECK(bigint::power(3, 40, 64, out));          // 3^40 < 2^64
}

TEST_CASE("bigint: compare_scaled") {
  using dmlref::math::compare_scaled;
  CHECK(compare_scaled(bigint(3), 0, bigint(3), 0) == 0);
  CHECK(compare_scaled(bigint(3), 1, bigint(6), 0) == 0);     // 3 * 2 = 6
  CHECK(compare_scaled(bigint(3), 1, bigint(7), 0) == -1);
  CHECK(compare_scaled(bigint(7), 0, bigint(3), 1) == 1);
  CHECK(compare_scaled(bigint(5), -2, bigint(5), -3) == 1);   // 5/4 > 5/8
  CHECK(compare_scaled(bigint(5), -3, bigint(10), -4) == 0);  // 5/8 = 10/16
  CHECK(compare_scaled(bigint(1), 100, bigint(std::uint64_t{1} << 63), 37) == 0);
  CHECK(compare_scaled(bigint(~std::uint64_t{0}), 0, bigint(1), 64) == -1);
  CHECK(compare_scaled(bigint(1), 10, bigint(1023), 0) == 1);  // 1024 > 1023
  CHECK(compare_scaled(bigint(1), 10, bigint(1025), 0) == -1);
  CHECK(compare_scaled(bigint(1), 1000, bigint(3), 998) == 1);  // 4 * 2^998 > 3 * 2^998
  CHECK(compare_scaled(bigint(3), 998, bigint(1), 1000) == -1);
  CHECK(compare_scaled(bigint((std::uint64_t{1} << 33) + 1), -33, bigint(1), 0) == 1);
  CHECK(compare_scaled(bigint((std::uint64_t{1} << 33) - 1), -33, bigint(1), 0) == -1);
  // Very different lengths with the same leading position: 3^80 vs 3^80 shifted by 64.
  bigint p;
  REQUIRE(bigint::power(3, 80, 200, p));
  CHECK(compare_scaled(p, -64, p.shifted_left(64), -128) == 0);
  CHECK(compare_scaled(p, -64, p.shifted_left(64), -127) == -1);
  CHECK(compare_scaled(p, -1000000, p, -1000001) == 1);
}
