// Tests of dmlref::float16 (core/float16.hpp): storage, widening, narrowing from float and
// from double, NaN handling, and agreement of the portable integer path with the F16C
// hardware instructions.
//
// Expected values come from the IEEE 754 binary16 definition (worked out by hand in the
// comments), from the hardware instructions (_cvtss_sh / _cvtsh_ss, where F16C is enabled),
// or from reference functions written below from first principles with frexp/ldexp, which
// share no code with the library.

#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <type_traits>

#include "dmlref/core/float16.hpp"

#include "bit_helpers.hpp"

#if defined(__F16C__)
#include <immintrin.h>

#endif

namespace {

using dmlref::float16;

std::uint32_t float_bits(float f) { return bits_as<std::uint32_t>(f); }
std::uint64_t double_bits(double d) { return bits_as<std::uint64_t>(d); }
float float_from_bits(std::uint32_t b) { return bits_as<float>(b); }
double double_from_bits(std::uint64_t b) { return bits_as<double>(b); }

std::uint16_t half_from_float(float f) { return float16(f).bits(); }
std::uint16_t half_from_double(double d) { return float16(d).bits(); }

// ---------------------------------------------------------------------------------------
// Independent references.

/// The exact value of a finite binary16 pattern, from the format definition:
/// exponent field 0: (-1)^s * m * 2^-24; otherwise (-1)^s * (1024 + m) * 2^(e - 15 - 10).
double half_value(std::uint16_t h) {
  const int e = (h >> 10) & 0x1F;
  const int m = h & 0x3FF;
  const double magnitude = e == 0 ? std::ldexp(static_cast<double>(m), -24)
                                  : std::ldexp(static_cast<double>(1024 + m), e - 25);
  return (h & 0x8000) != 0 ? -magnitude : magnitude;
}

/// Encodes a nonnegative value that is exactly a binary16 number (or >= 2^16, meaning Inf).
std::uint16_t encode_half_magnitude(double v) {
  if (v >= 65536.0) return 0x7C00;
  if (v < std::ldexp(1.0, -14)) {  // subnormal or zero: v = m * 2^-24
    return static_cast<std::uint16_t>(std::ldexp(v, 24));
  }
  int e = 0;
  const double fr = std::frexp(v, &e);  // v = fr * 2^e, fr in [0.5, 1): leading exponent e - 1
  const int field = (e - 1) + 15;
  const auto significand = static_cast<std::uint32_t>(std::ldexp(fr, 11));  // 1024..2047
  return static_cast<std::uint16_t>((static_cast<std::uint32_t>(field) << 10) |
                                    (significand - 1024u));
}

/// Reference double -> binary16, round to nearest, ties to even, written from first
/// principles: find the quantum (unit in the last place) of the result's binade, scale the
/// magnitude exactly so that the quantum is 1, split it into integer part and remainder
/// (both exact in double), and compare the remainder with 1/2.
std::uint16_t reference_double_to_half(double d) {
  const std::uint16_t sign = std::signbit(d) ? 0x8000 : 0;
  if (std::isnan(d)) return static_cast<std::uint16_t>(sign | 0x7E00);  // class only
  const double a = std::fabs(d);
  if (std::isinf(a)) return static_cast<std::uint16_t>(sign | 0x7C00);
  if (a == 0.0) return sign;
  int e = 0;
  std::frexp(a, &e);
  const int lead = e - 1;                              // 2^lead <= a < 2^(lead + 1)
  const int quantum = (lead < -14 ? -14 : lead) - 10;  // ulp of binary16 there
  // Exact: a power-of-two scaling. quantum >= -24, so tiny values are scaled up (never
  // lost); large ones are scaled into [2^10, 2^11), far from double's underflow.
  const double scaled = std::ldexp(a, -quantum);
  const double integer = std::floor(scaled);
  const double remainder = scaled - integer;  // exact: both below 2^53 with the same ulp
  double rounded = integer;
  if (remainder > 0.5 || (remainder == 0.5 && std::fmod(integer, 2.0) != 0.0)) rounded += 1.0;
  const double value = std::ldexp(rounded, quantum);
  return static_cast<std::uint16_t>(sign | encode_half_magnitude(value));
}

#if defined(__F16C__)
/// The hardware float -> half conversion (VCVTPS2PH, round to nearest even) of one float.
/// This is _cvtss_sh(f, _MM_FROUND_TO_NEAREST_INT) spelled with _mm_cvtps_ph: clang's
/// _cvtss_sh is a macro whose C99 compound literal -Wpedantic rejects in C++.
std::uint16_t hardware_float_to_half(float f) {
  return static_cast<std::uint16_t>(
      _mm_extract_epi16(_mm_cvtps_ph(_mm_set_ss(f), _MM_FROUND_TO_NEAREST_INT), 0));
}
#endif

bool is_half_nan(std::uint16_t h) { return (h & 0x7C00) == 0x7C00 && (h & 0x3FF) != 0; }

}  // namespace

// The portable conversions are constexpr: usable in constant expressions.
static_assert(dmlref::detail::portable_float_to_half_bits(0x3F800000u) == 0x3C00);  // 1.0
static_assert(dmlref::detail::portable_float_to_half_bits(0xC77FE000u) == 0xFBFF);  // -65504
static_assert(dmlref::detail::portable_half_to_float_bits(0x0001) == 0x33800000u);  // 2^-24
static_assert(dmlref::float16::from_bits(0x1234).bits() == 0x1234);

TEST_CASE("float16 is two bytes of trivially copyable storage") {
  static_assert(sizeof(float16) == 2);
  static_assert(std::is_trivially_copyable_v<float16>);
  static_assert(std::is_standard_layout_v<float16>);
  CHECK(sizeof(float16) == 2);
  CHECK(std::is_trivially_copyable_v<float16>);
  CHECK(std::is_trivial_v<float16>);  // like float: arrays of it may be left uninitialised
  CHECK(alignof(float16) == 2);
  // Storage identity: from_bits / bits round-trip, copying keeps the bits.
  for (std::uint32_t b : {0x0000u, 0x8000u, 0x3C00u, 0x7C00u, 0x7E01u, 0xFD55u, 0xFFFFu}) {
    const float16 h = float16::from_bits(static_cast<std::uint16_t>(b));
    float16 copy;
    std::memcpy(&copy, &h, sizeof h);
    CHECK(copy.bits() == b);
    CHECK(same_bits(copy, h));
  }
  CHECK(float16().bits() == 0);
  CHECK_FALSE(same_bits(float16::from_bits(0x0000), float16::from_bits(0x8000)));  // +0 vs -0
  CHECK(same_bits(float16::from_bits(0x7E00), float16::from_bits(0x7E00)));       // NaN is itself
}

TEST_CASE("float16 widening is exact for all 65536 bit patterns") {
  // half -> float and half -> double give the value from the format definition; NaN gives a
  // quiet NaN of the same sign whose payload is the half's payload shifted to the top (the
  // quiet bit set, i.e. a signalling NaN is quietened).
  int float_mismatches = 0;
  int double_mismatches = 0;
  for (std::uint32_t i = 0; i < 0x10000; ++i) {
    const auto h = static_cast<std::uint16_t>(i);
    const float f = static_cast<float>(float16::from_bits(h));
    const double d = static_cast<double>(float16::from_bits(h));
    const std::uint32_t sign32 = (h & 0x8000) != 0 ? 0x80000000u : 0u;
    const std::uint64_t sign64 = (h & 0x8000) != 0 ? 0x8000000000000000ull : 0u;
    std::uint32_t want_f = 0;
    std::uint64_t want_d = 0;
    if ((h & 0x7C00) == 0x7C00) {
      const std::uint32_t m = h & 0x3FFu;
      if (m == 0) {
        want_f = sign32 | 0x7F800000u;
        want_d = sign64 | 0x7FF0000000000000ull;
      } else {
        want_f = sign32 | 0x7FC00000u | (m << 13);
        want_d = sign64 | 0x7FF8000000000000ull | (static_cast<std::uint64_t>(m) << 42);
      }
    } else {
      const double v = half_value(h);
      want_d = double_bits(v);
      want_f = float_bits(static_cast<float>(v));  // exact: v has at most 11 significant bits
    }
    if (float_bits(f) != want_f && float_mismatches++ < 5) {
      CHECK_MESSAGE(false, "half " << hex(h) << " -> float " << hex(float_bits(f)) << ", want "
                                   << hex(want_f));
    }
    if (double_bits(d) != want_d && double_mismatches++ < 5) {
      CHECK_MESSAGE(false, "half " << hex(h) << " -> double " << hex(double_bits(d))
                                   << ", want " << hex(want_d));
    }
  }
  CHECK(float_mismatches == 0);
  CHECK(double_mismatches == 0);
}

TEST_CASE("float16 round-trips every bit pattern through float and through double") {
  // Asserted: every non-NaN pattern comes back bit for bit (including -0, subnormals, Inf).
  // Every NaN comes back as a NaN with the same sign; a quiet NaN (bit 9 set) comes back with
  // the same bits; a signalling NaN comes back quietened: its bits with bit 9 (0x0200) set,
  // the rest of the payload kept (widening shifts the payload up, narrowing shifts it back).
  int via_float_mismatches = 0;
  int via_double_mismatches = 0;
  int nan_count = 0;
  for (std::uint32_t i = 0; i < 0x10000; ++i) {
    const auto h = static_cast<std::uint16_t>(i);
    const float16 x = float16::from_bits(h);
    const std::uint16_t via_float = float16(static_cast<float>(x)).bits();
    const std::uint16_t via_double = float16(static_cast<double>(x)).bits();
    std::uint16_t want = h;
    if (is_half_nan(h)) {
      ++nan_count;
      want = static_cast<std::uint16_t>(h | 0x0200);
    }
    if (via_float != want && via_float_mismatches++ < 5) {
      CHECK_MESSAGE(false, hex(h) << " -> float -> half gives " << hex(via_float) << ", want "
                                  << hex(want));
    }
    if (via_double != want && via_double_mismatches++ < 5) {
      CHECK_MESSAGE(false, hex(h) << " -> double -> half gives " << hex(via_double)
                                  << ", want " << hex(want));
    }
  }
  CHECK(nan_count == 2 * 1023);
  CHECK(via_float_mismatches == 0);
  CHECK(via_double_mismatches == 0);
}

TEST_CASE("float16 hand-derived conversions") {
  SUBCASE("ordinary values") {
    // 1.0 = 2^0: exponent field 15 = 0b01111, mantissa 0 -> 0 01111 0000000000 = 0x3C00.
    CHECK(half_from_float(1.0f) == 0x3C00);
    CHECK(half_from_double(1.0) == 0x3C00);
    CHECK(half_from_float(-2.0f) == 0xC000);  // 1 10000 0...
    CHECK(half_from_float(0.5f) == 0x3800);   // field 14
    // 1/3 = 0b0.010101...: 2^-2 * 1.0101010101|0101... -> mantissa 0101010101 (the dropped
    // bits 0101... are below half) = 0x155, field 13 -> 0x3555.
    CHECK(half_from_double(1.0 / 3.0) == 0x3555);
    CHECK(half_from_float(1.0f / 3.0f) == 0x3555);
    // 0.1 = 2^-4 * 1.1001100110|0110011... -> the dropped bits are below half: mantissa
    // 1001100110 = 0x266, field -4 + 15 = 11 = 0b01011 -> 0x2C00 | 0x266 = 0x2E66.
    CHECK(half_from_double(0.1) == 0x2E66);
  }
  SUBCASE("largest finite and overflow") {
    // 65504 = 2^15 * (2 - 2^-10): field 30, mantissa all ones -> 0x7BFF.
    CHECK(half_from_float(65504.0f) == 0x7BFF);
    CHECK(half_from_double(65504.0) == 0x7BFF);
    CHECK(half_from_float(-65504.0f) == 0xFBFF);
    // 65520 is halfway between 65504 (odd mantissa) and 65536 (= 2^16, would be even):
    // ties to even rounds up, and 2^16 overflows -> +Inf.
    CHECK(half_from_float(65520.0f) == 0x7C00);
    CHECK(half_from_double(65520.0) == 0x7C00);
    CHECK(half_from_double(-65520.0) == 0xFC00);
    // Just below the midpoint stays finite: 65520 - 2^-8 is the float below 65520.
    CHECK(half_from_float(65519.99609375f) == 0x7BFF);
    CHECK(half_from_double(std::nextafter(65520.0, 0.0)) == 0x7BFF);
    CHECK(half_from_double(1e300) == 0x7C00);
    CHECK(half_from_float(std::numeric_limits<float>::max()) == 0x7C00);
    CHECK(half_from_float(std::numeric_limits<float>::infinity()) == 0x7C00);
    CHECK(half_from_double(-std::numeric_limits<double>::infinity()) == 0xFC00);
  }
  SUBCASE("subnormals and zeros") {
    // Smallest subnormal 2^-24 = 0x0001; smallest normal 2^-14 = 0x0400.
    CHECK(half_from_float(std::ldexp(1.0f, -24)) == 0x0001);
    CHECK(half_from_double(std::ldexp(1.0, -24)) == 0x0001);
    CHECK(half_from_float(std::ldexp(1.0f, -14)) == 0x0400);
    CHECK(half_from_double(std::ldexp(1023.0, -24)) == 0x03FF);  // largest subnormal
    // 2^-25 is halfway between 0 (even) and 2^-24 (odd): ties to even -> 0.
    CHECK(half_from_float(std::ldexp(1.0f, -25)) == 0x0000);
    CHECK(half_from_double(std::ldexp(1.0, -25)) == 0x0000);
    CHECK(half_from_double(-std::ldexp(1.0, -25)) == 0x8000);  // sign of the zero kept
    // 3 * 2^-26 = 0.75 * 2^-24, above the midpoint -> 0x0001.
    CHECK(half_from_float(std::ldexp(3.0f, -26)) == 0x0001);
    CHECK(half_from_double(std::ldexp(3.0, -26)) == 0x0001);
    // 3 * 2^-25 = 1.5 * 2^-24: halfway between 1 (odd) and 2 (even) -> 0x0002.
    CHECK(half_from_double(std::ldexp(3.0, -25)) == 0x0002);
    // 5 * 2^-25 = 2.5 * 2^-24: halfway between 2 (even) and 3 -> 0x0002.
    CHECK(half_from_float(std::ldexp(5.0f, -25)) == 0x0002);
    // (2^11 - 1) * 2^-25 = 1023.5 * 2^-24: tie between 0x03FF (odd) and 0x0400 -> 0x0400
    // (rounding carries from the largest subnormal into the smallest normal).
    CHECK(half_from_double(std::ldexp(2047.0, -25)) == 0x0400);
    // Tiny values underflow to signed zero.
    CHECK(half_from_float(std::numeric_limits<float>::denorm_min()) == 0x0000);
    CHECK(half_from_double(-std::numeric_limits<double>::denorm_min()) == 0x8000);
    CHECK(half_from_float(0.0f) == 0x0000);
    CHECK(half_from_float(-0.0f) == 0x8000);
    CHECK(half_from_double(-0.0) == 0x8000);
    CHECK(std::signbit(static_cast<float>(float16::from_bits(0x8000))));
    CHECK(std::signbit(static_cast<double>(float16::from_bits(0x8000))));
  }
  SUBCASE("NaN: quiet, sign kept, top payload bits kept") {
    // float 0x7FD5A000: quiet NaN, fraction 0x55A000; its top 10 bits are 0x55A000 >> 13 =
    // 0x2AD (which already has the quiet bit 0x200) -> 0x7C00 | 0x2AD = 0x7EAD.
    CHECK(half_from_float(float_from_bits(0x7FD5A000u)) == 0x7EAD);
    CHECK(half_from_float(float_from_bits(0xFFD5A000u)) == 0xFEAD);
    // Signalling float NaN 0x7F802000: fraction 0x2000 -> payload 1, quietened -> 0x7E01.
    CHECK(half_from_float(float_from_bits(0x7F802000u)) == 0x7E01);
    // Signalling NaN whose payload lies entirely below the kept bits: 0xFF800001 -> 0xFE00
    // (a NaN must not turn into Inf).
    CHECK(half_from_float(float_from_bits(0xFF800001u)) == 0xFE00);
    // double 0xFFF8040000000000: fraction 2^51 + 2^42 -> >> 42 = 0x201 -> 0xFE01.
    CHECK(half_from_double(double_from_bits(0xFFF8040000000000ull)) == 0xFE01);
    CHECK(half_from_double(double_from_bits(0x7FF0000000000001ull)) == 0x7E00);
    // half -> float: sNaN 0x7C01 -> quiet, payload 1 << 13 -> 0x7FC02000.
    CHECK(float_bits(static_cast<float>(float16::from_bits(0x7C01))) == 0x7FC02000u);
    CHECK(double_bits(static_cast<double>(float16::from_bits(0xFE00))) == 0xFFF8000000000000ull);
  }
}

TEST_CASE("float16: double -> half rounds once, never through float") {
  // Each value below lies just off a binary16 rounding boundary (a midpoint between two
  // adjacent halves) by far less than float's precision: double -> float lands exactly on
  // the midpoint, and float -> half then breaks the tie to even, which is the wrong side.
  struct sample {
    double value;
    std::uint16_t want;  // correct single rounding
    std::uint16_t twice;  // what rounding through float gives (to show the case is real)
  };
  const sample samples[] = {
      // Near 1: halves 1 (0x3C00) and 1 + 2^-10 (0x3C01), midpoint 1 + 2^-11. 1 + 2^-11 +
      // 2^-40 is above the midpoint -> 0x3C01. In float (ulp 2^-23 at 1) the 2^-40 is lost:
      // exactly the midpoint, tie to even -> 0x3C00.
      {1.0 + std::ldexp(1.0, -11) + std::ldexp(1.0, -40), 0x3C01, 0x3C00},
      // Halves 1 + 2^-10 (0x3C01, odd) and 1 + 2^-9 (0x3C02), midpoint 1 + 3 * 2^-11.
      // Just below it -> 0x3C01; through float it becomes the midpoint -> even 0x3C02.
      {1.0 + std::ldexp(3.0, -11) - std::ldexp(1.0, -40), 0x3C01, 0x3C02},
      // Same, negative: the sign plays no part in the rounding.
      {-(1.0 + std::ldexp(1.0, -11) + std::ldexp(1.0, -40)), 0xBC01, 0xBC00},
      // Subnormal: midpoint between 0 and 2^-24 is 2^-25. 2^-25 + 2^-60 -> 0x0001; in float
      // (ulp 2^-48 at 2^-25) it is exactly 2^-25 -> tie to even -> 0.
      {std::ldexp(1.0, -25) + std::ldexp(1.0, -60), 0x0001, 0x0000},
      // Subnormal, odd below: 1.5 * 2^-24 is the midpoint of 0x0001 and 0x0002. A hair below
      // -> 0x0001; through float -> midpoint -> even 0x0002.
      {std::ldexp(3.0, -25) - std::ldexp(1.0, -70), 0x0001, 0x0002},
      // Overflow boundary: 65520 is the midpoint between 65504 and 2^16 (Inf). 65520 - 2^-30
      // must stay 65504 (0x7BFF); in float (ulp 2^-8 at 65520) it is exactly 65520 -> tie
      // to even -> rounds up -> Inf.
      {65520.0 - std::ldexp(1.0, -30), 0x7BFF, 0x7C00},
      {-(65520.0 - std::ldexp(1.0, -30)), 0xFBFF, 0xFC00},
      // Largest subnormal / smallest normal: midpoint 1023.5 * 2^-24 between 0x03FF (odd)
      // and 0x0400. Just below -> 0x03FF; through float -> midpoint -> 0x0400.
      {std::ldexp(2047.0, -25) - std::ldexp(1.0, -60), 0x03FF, 0x0400},
      // Near 1000 (ulp 0.5 in half at [512, 1024)): midpoint between 1000 and 1000.5 is
      // 1000.25; 1000.25 + 2^-30 -> 1000.5 = 0x63D1; through float -> 1000 = 0x63D0.
      {1000.25 + std::ldexp(1.0, -30), 0x63D1, 0x63D0},
  };
  for (const auto& s : samples) {
    CAPTURE(s.value);
    // The double-rounding demonstration is computed with the hardware double -> float
    // conversion followed by the float path (itself tested against F16C and the reference).
    const auto through_float = half_from_float(static_cast<float>(s.value));
    CHECK(through_float == s.twice);
    CHECK(half_from_double(s.value) == s.want);
    CHECK(reference_double_to_half(s.value) == s.want);  // the reference agrees by hand
  }
  // 1000 = 2^9 * 1.953125: field 24 = 0b11000, mantissa 0.953125 * 1024 = 976 = 0x3D0.
  CHECK(encode_half_magnitude(1000.0) == 0x63D0);
}

TEST_CASE("float16: double -> half agrees with a first-principles reference on random doubles") {
  std::mt19937_64 rng(0x5EED1234u);
  int mismatches = 0;
  long long tested = 0;
  auto check_one = [&](double d) {
    ++tested;
    const std::uint16_t got = half_from_double(d);
    const std::uint16_t want = reference_double_to_half(d);
    if (got != want && mismatches++ < 10) {
      CHECK_MESSAGE(false, "double " << hex(double_bits(d)) << " (" << d << ") -> "
                                     << hex(got) << ", want " << hex(want));
    }
  };
  // 1. Uniform in bit space over the binades from far below the subnormals to past overflow.
  std::uniform_int_distribution<int> exponent(-40, 17);
  std::uniform_int_distribution<std::uint64_t> fraction(0, (std::uint64_t{1} << 52) - 1);
  for (int i = 0; i < 1000000; ++i) {
    const auto biased = static_cast<std::uint64_t>(exponent(rng) + 1023);
    const std::uint64_t sign = (rng() & 1) != 0 ? 0x8000000000000000ull : 0;
    check_one(double_from_bits(sign | (biased << 52) | fraction(rng)));
  }
  // 2. Within a few double ulps of every kind of rounding boundary: each midpoint between
  //    adjacent finite halves (and the one above 65504), and each half itself.
  std::uniform_int_distribution<std::uint32_t> any_half(0, 0x7BFF);
  for (int i = 0; i < 300000; ++i) {
    const auto h = static_cast<std::uint16_t>(any_half(rng));
    const double lo = half_value(h);
    const double hi = h == 0x7BFF ? 65536.0 : half_value(static_cast<std::uint16_t>(h + 1));
    double x = (rng() & 1) != 0 ? (lo + hi) / 2 : lo;  // the midpoint is exact in double
    const int steps = static_cast<int>(rng() % 7) - 3;
    for (int k = 0; k < steps; ++k) x = std::nextafter(x, 1e300);
    for (int k = 0; k > steps; --k) x = std::nextafter(x, -1e300);
    check_one((rng() & 1) != 0 ? -x : x);
  }
  // 3. Near overflow, densely, and the extremes of double.
  std::uniform_real_distribution<double> near_max(65000.0, 66000.0);
  for (int i = 0; i < 100000; ++i) check_one(near_max(rng));
  for (double d : {std::numeric_limits<double>::max(), std::numeric_limits<double>::min(),
                   std::numeric_limits<double>::denorm_min(), 65520.0, 65536.0, 65504.0,
                   std::ldexp(1.0, -24), std::ldexp(1.0, -25), std::ldexp(1.0, -14)}) {
    check_one(d);
    check_one(-d);
  }
  CHECK(tested > 1400000);
  CHECK(mismatches == 0);
}

TEST_CASE("float16: float -> half agrees with the first-principles reference on random floats") {
  // Runs whatever path float16(float) uses (F16C or portable); the portable function is
  // also checked directly, so a build without F16C still tests it against an oracle.
  std::mt19937 rng(0xF16u);
  int mismatches = 0;
  for (int i = 0; i < 2000000; ++i) {
    // Exponents from 2^-30 to 2^17, all fraction bits random.
    const std::uint32_t biased = 127u - 30u + static_cast<std::uint32_t>(rng() % 48u);
    const std::uint32_t bits = (rng() & 0x80000000u) | (biased << 23) | (rng() & 0x7FFFFFu);
    const float f = float_from_bits(bits);
    const std::uint16_t want = reference_double_to_half(static_cast<double>(f));
    const std::uint16_t got = half_from_float(f);
    const std::uint16_t portable = dmlref::detail::portable_float_to_half_bits(bits);
    if ((got != want || portable != want) && mismatches++ < 10) {
      CHECK_MESSAGE(false, "float " << hex(bits) << " -> " << hex(got) << " (portable "
                                    << hex(portable) << "), want " << hex(want));
    }
  }
  CHECK(mismatches == 0);
}

TEST_CASE("float16: portable half -> float agrees with F16C on all 65536 halves") {
#if defined(__F16C__)
  int mismatches = 0;
  for (std::uint32_t i = 0; i < 0x10000; ++i) {
    const auto h = static_cast<std::uint16_t>(i);
    const std::uint32_t hw = float_bits(_cvtsh_ss(h));
    const std::uint32_t sw = dmlref::detail::portable_half_to_float_bits(h);
    if (hw != sw && mismatches++ < 5) {
      CHECK_MESSAGE(false, "half " << hex(h) << ": portable " << hex(sw) << ", F16C " << hex(hw));
    }
  }
  CHECK(mismatches == 0);
#else
  MESSAGE("skipped: F16C is not enabled in this build (__F16C__ undefined), so there is no "
          "hardware half -> float conversion to compare the portable path with");
#endif
}

TEST_CASE("float16: portable float -> half agrees with F16C on all 2^32 floats" *
          doctest::test_suite("exhaustive")) {
#if defined(__F16C__)
  std::uint64_t mismatches = 0;
  std::uint32_t first_input = 0;
  std::uint16_t first_portable = 0;
  std::uint16_t first_hardware = 0;
  for (std::uint64_t i = 0; i <= 0xFFFFFFFFull; ++i) {
    const auto bits = static_cast<std::uint32_t>(i);
    const std::uint16_t hw = hardware_float_to_half(float_from_bits(bits));
    const std::uint16_t sw = dmlref::detail::portable_float_to_half_bits(bits);
    if (hw != sw) {
      if (mismatches == 0) {
        first_input = bits;
        first_portable = sw;
        first_hardware = hw;
      }
      ++mismatches;
    }
  }
  INFO("first mismatch: float " << hex(first_input) << ": portable " << hex(first_portable)
                                << ", F16C " << hex(first_hardware));
  CHECK(mismatches == 0);
#else
  MESSAGE("skipped: F16C is not enabled in this build (__F16C__ undefined), so there is no "
          "hardware float -> half conversion to compare the portable path with; build with "
          "-mf16c (or -march=haswell or later) to run it");
#endif
}
