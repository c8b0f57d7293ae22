// Tests of core/bits.hpp: classify_bits, sign_bit, decompose, bit_width and, above all,
// round_to_format, the one rounding every golden result goes through.
//
// Oracles: hand-derived bit patterns (worked out in the comments), the hardware's
// conversions (double -> float, and long double -> double / float on x86-64, where long
// double has a 64-bit significand, so any exact_binary with a 64-bit mantissa is exactly a
// long double), and a reference rounding written here from first principles with
// frexpl/ldexpl/floorl.

#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <random>
#include <string>

#include "dmlref/core/bits.hpp"

#include "bit_helpers.hpp"

#if defined(__F16C__)
#include <immintrin.h>

#endif

namespace {

using dmlref::detail::binary16;
using dmlref::detail::binary32;
using dmlref::detail::binary64;
using dmlref::detail::bit_width;
using dmlref::detail::classify_bits;
using dmlref::detail::decompose;
using dmlref::detail::exact_binary;
using dmlref::detail::fp_class;
using dmlref::detail::round_to_format;
using dmlref::detail::sign_bit;

std::string describe(const exact_binary& v) {
  return std::string(v.negative ? "-" : "+") + hex(v.mantissa) + " * 2^" +
         std::to_string(v.exponent) + (v.sticky ? " +sticky" : "");
}

exact_binary ex(std::uint64_t mantissa, int exponent, bool sticky = false, bool negative = false) {
  exact_binary v;
  v.negative = negative;
  v.mantissa = mantissa;
  v.exponent = exponent;
  v.sticky = sticky;
  return v;
}

std::uint32_t r32(const exact_binary& v) { return round_to_format<binary32>(v); }
std::uint64_t r64(const exact_binary& v) { return round_to_format<binary64>(v); }
std::uint16_t r16(const exact_binary& v) { return round_to_format<binary16>(v); }

// ---------------------------------------------------------------------------------------
// Reference rounding from first principles. A format is its precision p (significant bits),
// emin (exponent of the smallest normal) and emax. The magnitude a > 0 is a long double;
// the result is the rounded magnitude as a long double, or +Inf on overflow.

struct format {
  int precision;
  int emin;
  int emax;
  int exponent_bits;
};
constexpr format half_format{11, -14, 15, 5};
constexpr format single_format{24, -126, 127, 8};
constexpr format double_format{53, -1022, 1023, 11};

constexpr bool long_double_is_x87 = std::numeric_limits<long double>::digits == 64;

long double reference_round(long double a, format f) {
  int e = 0;
  frexpl(a, &e);
  const int lead = e - 1;  // 2^lead <= a < 2^(lead + 1)
  const int quantum = (lead < f.emin ? f.emin : lead) - (f.precision - 1);
  const long double scaled = ldexpl(a, -quantum);  // exact: a power-of-two scaling
  const long double integer = floorl(scaled);
  const long double remainder = scaled - integer;  // exact
  long double rounded = integer;
  if (remainder > 0.5L || (remainder == 0.5L && fmodl(integer, 2.0L) != 0.0L)) rounded += 1.0L;
  const long double value = ldexpl(rounded, quantum);
  if (value >= ldexpl(1.0L, f.emax + 1)) return std::numeric_limits<long double>::infinity();
  return value;
}

/// Encodes a magnitude that is exactly a number of format f (or Inf) as its bit pattern:
/// subnormal/zero: v / 2^(emin - mantissa_bits); normal: (e + bias) << mantissa_bits |
/// (significand - hidden bit).
std::uint64_t encode(long double v, format f) {
  const int mantissa_bits = f.precision - 1;
  const int bias = f.emax;
  if (std::isinf(v)) return ((std::uint64_t{1} << f.exponent_bits) - 1) << mantissa_bits;
  if (v < ldexpl(1.0L, f.emin)) {  // subnormal or zero
    return static_cast<std::uint64_t>(ldexpl(v, -(f.emin - mantissa_bits)));
  }
  int e = 0;
  const long double fr = frexpl(v, &e);  // v = fr * 2^e, fr in [1/2, 1)
  const auto field = static_cast<std::uint64_t>(e - 1 + bias);
  const auto significand = static_cast<std::uint64_t>(ldexpl(fr, f.precision));
  return (field << mantissa_bits) | (significand - (std::uint64_t{1} << mantissa_bits));
}

/// The bits the reference gives for v (sticky handled as one extra half unit, valid when
/// the mantissa has at least precision + 1 significant bits and at most 63).
std::uint64_t reference_bits(const exact_binary& v, format f) {
  const std::uint64_t sign =
      v.negative ? std::uint64_t{1} << (f.precision - 1 + f.exponent_bits) : 0;
  if (v.mantissa == 0) return sign;
  const long double a =
      v.sticky ? ldexpl(static_cast<long double>(2 * v.mantissa + 1), v.exponent - 1)
               : ldexpl(static_cast<long double>(v.mantissa), v.exponent);
  return sign | encode(reference_round(a, f), f);
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

}  // namespace

// classify_bits, decompose and round_to_format are constexpr.
static_assert(classify_bits<binary32>(0x7F800001u) == fp_class::nan);
static_assert(decompose<binary16>(0x3C00).mantissa == 0x400);
static_assert(round_to_format<binary32>(exact_binary{false, 3, -1, false}) == 0x3FC00000u);
static_assert(round_to_format<binary16>(exact_binary{true, 0xFFF, 4, false}) == 0xFC00);

TEST_CASE("bits: format constants") {
  CHECK(binary16::bias == 15);
  CHECK(binary16::emin == -14);
  CHECK(binary16::emax == 15);
  CHECK(binary16::exponent_mask == 0x7C00);
  CHECK(binary16::mantissa_mask == 0x03FF);
  CHECK(binary16::quiet_nan == 0x7E00);
  CHECK(binary32::bias == 127);
  CHECK(binary32::emin == -126);
  CHECK(binary32::sign_mask == 0x80000000u);
  CHECK(binary32::infinity == 0x7F800000u);
  CHECK(binary32::quiet_nan == 0x7FC00000u);
  CHECK(binary64::bias == 1023);
  CHECK(binary64::emin == -1022);
  CHECK(binary64::precision == 53);
  CHECK(binary64::exponent_mask == 0x7FF0000000000000ull);
  CHECK(binary64::quiet_bit == 0x0008000000000000ull);
}

TEST_CASE("bits: bit_width") {
  CHECK(bit_width(0) == 0);
  CHECK(bit_width(1) == 1);
  CHECK(bit_width(2) == 2);
  CHECK(bit_width(3) == 2);
  CHECK(bit_width(0x80) == 8);
  CHECK(bit_width(0xFFFFFFFFull) == 32);
  CHECK(bit_width(0x100000000ull) == 33);
  CHECK(bit_width(0x8000000000000000ull) == 64);
  CHECK(bit_width(~0ull) == 64);
}

TEST_CASE("bits: classify_bits and sign_bit on every class") {
  SUBCASE("binary16") {
    CHECK(classify_bits<binary16>(0x0000) == fp_class::zero);
    CHECK(classify_bits<binary16>(0x8000) == fp_class::zero);
    CHECK(classify_bits<binary16>(0x0001) == fp_class::subnormal);
    CHECK(classify_bits<binary16>(0x83FF) == fp_class::subnormal);
    CHECK(classify_bits<binary16>(0x0400) == fp_class::normal);
    CHECK(classify_bits<binary16>(0xFBFF) == fp_class::normal);
    CHECK(classify_bits<binary16>(0x7C00) == fp_class::infinite);
    CHECK(classify_bits<binary16>(0xFC00) == fp_class::infinite);
    CHECK(classify_bits<binary16>(0x7C01) == fp_class::nan);
    CHECK(classify_bits<binary16>(0xFE00) == fp_class::nan);
    CHECK(classify_bits<binary16>(0x7FFF) == fp_class::nan);
    CHECK_FALSE(sign_bit<binary16>(0x7FFF));
    CHECK(sign_bit<binary16>(0x8000));
    // Every pattern: the class counts follow from the format (2 zeros, 2 * 1023 subnormals,
    // 2 * 30 * 1024 normals, 2 infinities, 2 * 1023 NaNs).
    int counts[5] = {0, 0, 0, 0, 0};
    for (std::uint32_t i = 0; i < 0x10000; ++i) {
      ++counts[static_cast<int>(classify_bits<binary16>(static_cast<std::uint16_t>(i)))];
    }
    CHECK(counts[static_cast<int>(fp_class::zero)] == 2);
    CHECK(counts[static_cast<int>(fp_class::subnormal)] == 2 * 1023);
    CHECK(counts[static_cast<int>(fp_class::normal)] == 2 * 30 * 1024);
    CHECK(counts[static_cast<int>(fp_class::infinite)] == 2);
    CHECK(counts[static_cast<int>(fp_class::nan)] == 2 * 1023);
  }
  SUBCASE("binary32 against std::fpclassify") {
    const float values[] = {0.0f,
                            -0.0f,
                            std::numeric_limits<float>::denorm_min(),
                            -std::numeric_limits<float>::denorm_min(),
                            bits_as<float>(0x007FFFFFu),
                            std::numeric_limits<float>::min(),
                            1.0f,
                            -3.5f,
                            std::numeric_limits<float>::max(),
                            std::numeric_limits<float>::infinity(),
                            -std::numeric_limits<float>::infinity(),
                            std::numeric_limits<float>::quiet_NaN(),
                            bits_as<float>(0x7F800001u),
                            bits_as<float>(0xFFBFFFFFu)};
    for (float v : values) {
      const auto b = bits_as<std::uint32_t>(v);
      CAPTURE(hex(b));
      fp_class want = fp_class::normal;
      switch (std::fpclassify(v)) {
        case FP_ZERO: want = fp_class::zero; break;
        case FP_SUBNORMAL: want = fp_class::subnormal; break;
        case FP_INFINITE: want = fp_class::infinite; break;
        case FP_NAN: want = fp_class::nan; break;
        default: want = fp_class::normal; break;
      }
      CHECK(classify_bits<binary32>(b) == want);
      CHECK(sign_bit<binary32>(b) == ((b >> 31) != 0));
    }
  }
  SUBCASE("binary64") {
    CHECK(classify_bits<binary64>(0x0ull) == fp_class::zero);
    CHECK(classify_bits<binary64>(0x8000000000000000ull) == fp_class::zero);
    CHECK(classify_bits<binary64>(0x0000000000000001ull) == fp_class::subnormal);
    CHECK(classify_bits<binary64>(0x000FFFFFFFFFFFFFull) == fp_class::subnormal);
    CHECK(classify_bits<binary64>(0x0010000000000000ull) == fp_class::normal);
    CHECK(classify_bits<binary64>(0x7FEFFFFFFFFFFFFFull) == fp_class::normal);
    CHECK(classify_bits<binary64>(0xFFF0000000000000ull) == fp_class::infinite);
    CHECK(classify_bits<binary64>(0x7FF0000000000001ull) == fp_class::nan);
    CHECK(classify_bits<binary64>(0xFFF8000000000000ull) == fp_class::nan);
    CHECK(sign_bit<binary64>(0xFFF8000000000000ull));
    CHECK_FALSE(sign_bit<binary64>(0x7FF8000000000000ull));
  }
}

TEST_CASE("bits: decompose gives the exact value") {
  auto same = [](const exact_binary& got, const exact_binary& want) {
    return got.negative == want.negative && got.mantissa == want.mantissa &&
           got.exponent == want.exponent && got.sticky == want.sticky;
  };
  // 1.0f: hidden bit + 23 zero bits = 2^23, times 2^(0 - 23).
  CHECK(same(decompose<binary32>(0x3F800000u), ex(0x800000u, -23)));
  // -0.0f: zero mantissa, negative, exponent of the subnormal range.
  CHECK(same(decompose<binary32>(0x80000000u), ex(0, -149, false, true)));
  // Smallest subnormal 2^-149 = 1 * 2^(-126 - 23).
  CHECK(same(decompose<binary32>(0x00000001u), ex(1, -149)));
  CHECK(same(decompose<binary32>(0x007FFFFFu), ex(0x7FFFFF, -149)));
  // Smallest normal 2^-126 = 2^23 * 2^-149.
  CHECK(same(decompose<binary32>(0x00800000u), ex(0x800000, -149)));
  // FLT_MAX = (2^24 - 1) * 2^104.
  CHECK(same(decompose<binary32>(0x7F7FFFFFu), ex(0xFFFFFF, 104)));
  // -2.5 (double) = -(2^52 + 2^50) * 2^-51.
  CHECK(same(decompose<binary64>(bits_as<std::uint64_t>(-2.5)),
             ex((std::uint64_t{1} << 52) | (std::uint64_t{1} << 50), -51, false, true)));
  CHECK(same(decompose<binary64>(1ull), ex(1, -1074)));
  CHECK(same(decompose<binary64>(0x7FEFFFFFFFFFFFFFull), ex((std::uint64_t{1} << 53) - 1, 971)));
  // binary16: 0x0001 = 2^-24, 1.0 = 0x400 * 2^-10, 65504 = 0x7FF * 2^5, -0x03FF = -1023 * 2^-24.
  CHECK(same(decompose<binary16>(0x0001), ex(1, -24)));
  CHECK(same(decompose<binary16>(0x3C00), ex(0x400, -10)));
  CHECK(same(decompose<binary16>(0x7BFF), ex(0x7FF, 5)));
  CHECK(same(decompose<binary16>(0x83FF), ex(0x3FF, -24, false, true)));
  // Against the hardware's value for a few doubles: mantissa * 2^exponent == the double.
  for (double d : {1.0, 3.141592653589793, -1e-310, 6.02e23, -1e300, 5e-324}) {
    const auto v = decompose<binary64>(bits_as<std::uint64_t>(d));
    const double rebuilt = std::ldexp(static_cast<double>(v.mantissa), v.exponent);
    CHECK(bits_as<std::uint64_t>(v.negative ? -rebuilt : rebuilt) == bits_as<std::uint64_t>(d));
  }
}

TEST_CASE("bits: round_to_format(decompose(x)) is the identity on finite values") {
  int bad16 = 0;
  for (std::uint32_t i = 0; i < 0x10000; ++i) {
    const auto h = static_cast<std::uint16_t>(i);
    const auto cls = classify_bits<binary16>(h);
    if (cls == fp_class::nan || cls == fp_class::infinite) continue;
    if (r16(decompose<binary16>(h)) != h) ++bad16;
  }
  CHECK(bad16 == 0);
  std::mt19937_64 rng(42);
  int bad32 = 0;
  int bad64 = 0;
  for (int i = 0; i < 200000; ++i) {
    const auto b32 = static_cast<std::uint32_t>(rng());
    if ((b32 & binary32::exponent_mask) != binary32::exponent_mask &&
        r32(decompose<binary32>(b32)) != b32) {
      ++bad32;
    }
    const std::uint64_t b64 = rng();
    if ((b64 & binary64::exponent_mask) != binary64::exponent_mask &&
        r64(decompose<binary64>(b64)) != b64) {
      ++bad64;
    }
    // Widening is exact too: a float's value in binary64.
    if ((b32 & binary32::exponent_mask) != binary32::exponent_mask) {
      const double wide = static_cast<double>(bits_as<float>(b32));
      if (r64(decompose<binary32>(b32)) != bits_as<std::uint64_t>(wide)) ++bad64;
    }
  }
  CHECK(bad32 == 0);
  CHECK(bad64 == 0);
}

TEST_CASE("bits: round_to_format to binary32, hand-derived") {
  SUBCASE("ties to even and sticky, with 64 significant bits") {
    // Mantissas with their leading bit at bit 63 and exponent -63 are values in [1, 2).
    // binary32 keeps bits 63..40 (24 bits); bit 39 is the half-ulp bit.
    const std::uint64_t one = std::uint64_t{1} << 63;
    const std::uint64_t half = std::uint64_t{1} << 39;
    const std::uint64_t ulp = std::uint64_t{1} << 40;
    CHECK(r32(ex(one, -63)) == 0x3F800000u);                          // 1.0 exactly
    CHECK(r32(ex(one + half, -63)) == 0x3F800000u);                   // tie, 1.0 is even
    CHECK(r32(ex(one + half, -63, true)) == 0x3F800001u);             // sticky breaks the tie
    CHECK(r32(ex(one + half + 1, -63)) == 0x3F800001u);               // one bit above half
    CHECK(r32(ex(one + half - 1, -63)) == 0x3F800000u);               // one bit below half
    CHECK(r32(ex(one + half - 1, -63, true)) == 0x3F800000u);         // still below half
    CHECK(r32(ex(one + ulp + half, -63)) == 0x3F800002u);             // tie, odd: up to even
    CHECK(r32(ex(one + ulp + half - 1, -63, true)) == 0x3F800001u);   // below half
    CHECK(r32(ex(one + ulp, -63, true)) == 0x3F800001u);              // sticky alone: down
    CHECK(r32(ex(~std::uint64_t{0}, -63)) == 0x40000000u);  // 2 - 2^-63 carries to 2.0
    CHECK(r32(ex(one + half, -63, false, true)) == 0xBF800000u);      // sign kept
    CHECK(r32(ex(one + 3 * half, -63, false, true)) == 0xBF800002u);
  }
  SUBCASE("short mantissas at any exponent") {
    CHECK(r32(ex(1, 0)) == 0x3F800000u);
    CHECK(r32(ex(3, -1)) == 0x3FC00000u);            // 1.5
    CHECK(r32(ex(0xFFFFFF, 0)) == 0x4B7FFFFFu);      // 16777215 exact
    CHECK(r32(ex(0x1000001, 0)) == 0x4B800000u);     // 16777217: tie -> 16777216
    CHECK(r32(ex(0x1000003, 0)) == 0x4B800002u);     // 16777219: tie -> 16777220
    CHECK(r32(ex(0x1000001, 0, true)) == 0x4B800001u);  // 16777217 + d -> 16777218
  }
  SUBCASE("subnormal results") {
    CHECK(r32(ex(1, -149)) == 0x00000001u);  // 2^-149, the smallest subnormal
    CHECK(r32(ex(1, -150)) == 0x00000000u);  // 2^-150: tie between 0 and 2^-149 -> 0
    CHECK(r32(ex(1, -150, false, true)) == 0x80000000u);
    CHECK(r32(ex(std::uint64_t{1} << 62, -212)) == 0x00000000u);  // same value, 64-bit form
    CHECK(r32(ex((std::uint64_t{1} << 62) + 1, -212)) == 0x00000001u);  // just above the tie
    CHECK(r32(ex(std::uint64_t{1} << 62, -212, true)) == 0x00000001u);  // sticky above it
    CHECK(r32(ex(3, -151)) == 0x00000001u);  // 0.75 * 2^-149 -> 1
    CHECK(r32(ex(1, -151)) == 0x00000000u);  // 0.25 * 2^-149 -> 0
    CHECK(r32(ex(3, -150)) == 0x00000002u);  // 1.5 -> 2 (even)
    CHECK(r32(ex(5, -150)) == 0x00000002u);  // 2.5 -> 2 (even)
    CHECK(r32(ex(7, -150)) == 0x00000004u);  // 3.5 -> 4 (even)
    // (2^24 - 1) * 2^-150 = 8388607.5 * 2^-149: tie between 0x7FFFFF (odd) and 0x800000,
    // the smallest normal -> 0x00800000.
    CHECK(r32(ex(0xFFFFFF, -150)) == 0x00800000u);
    CHECK(r32(ex(0xFFFFFD, -150)) == 0x007FFFFEu);  // 8388606.5 -> 8388606 (even)
    CHECK(r32(ex(0x7FFFFF, -149)) == 0x007FFFFFu);  // largest subnormal, exact
    // Far below the smallest subnormal: zero, sign kept, with or without sticky.
    CHECK(r32(ex(1, -1000)) == 0x00000000u);
    CHECK(r32(ex(~std::uint64_t{0}, -1000, true, true)) == 0x80000000u);
    // (2^64 - 1) * 2^-k is just below 2^(64 - k): in units of 2^-149 that is just below
    // 1/4 (k = 215) -> 0, just below 1/2 (k = 214) -> 0, just below 1 (k = 213) -> 1,
    // just below 2 (k = 212) -> 2.
    CHECK(r32(ex(~std::uint64_t{0}, -215)) == 0x00000000u);
    CHECK(r32(ex(~std::uint64_t{0}, -214)) == 0x00000000u);
    CHECK(r32(ex(~std::uint64_t{0}, -213)) == 0x00000001u);
    CHECK(r32(ex(~std::uint64_t{0}, -212)) == 0x00000002u);
  }
  SUBCASE("zero mantissa gives a signed zero") {
    CHECK(r32(ex(0, 5)) == 0x00000000u);
    CHECK(r32(ex(0, 5, false, true)) == 0x80000000u);
  }
  SUBCASE("overflow exactly at the boundary") {
    // FLT_MAX = (2^24 - 1) * 2^104; half an ulp above it is (2^25 - 1) * 2^103, the midpoint
    // between FLT_MAX (odd) and 2^128: ties to even goes up, to Inf.
    const std::uint64_t mid = (std::uint64_t{1} << 25) - 1;
    CHECK(r32(ex(0xFFFFFF, 104)) == 0x7F7FFFFFu);
    CHECK(r32(ex(mid, 103)) == 0x7F800000u);
    CHECK(r32(ex(mid, 103, false, true)) == 0xFF800000u);
    // Just below the midpoint (in 64-bit form: (mid << 39) - 1 at exponent 64), also with
    // sticky: still below -> FLT_MAX.
    CHECK(r32(ex((mid << 39) - 1, 64)) == 0x7F7FFFFFu);
    CHECK(r32(ex((mid << 39) - 1, 64, true)) == 0x7F7FFFFFu);
    CHECK(r32(ex(mid << 39, 64, true)) == 0x7F800000u);
    // 2^127 is finite; 2^128 is not.
    CHECK(r32(ex(1, 127)) == 0x7F000000u);
    CHECK(r32(ex(1, 128)) == 0x7F800000u);
    CHECK(r32(ex(~std::uint64_t{0}, 5000)) == 0x7F800000u);
  }
}

TEST_CASE("bits: round_to_format to binary64 and binary16, hand-derived") {
  const std::uint64_t one = std::uint64_t{1} << 63;
  SUBCASE("binary64: 64-bit mantissas") {
    // binary64 keeps bits 63..11; bit 10 is the half-ulp bit.
    const std::uint64_t half = std::uint64_t{1} << 10;
    CHECK(r64(ex(one, -63)) == 0x3FF0000000000000ull);
    CHECK(r64(ex(one + half, -63)) == 0x3FF0000000000000ull);             // tie, even
    CHECK(r64(ex(one + half, -63, true)) == 0x3FF0000000000001ull);       // sticky
    CHECK(r64(ex(one + half + 1, -63)) == 0x3FF0000000000001ull);
    CHECK(r64(ex(one + 3 * half, -63)) == 0x3FF0000000000002ull);         // tie, odd: up
    CHECK(r64(ex(~std::uint64_t{0}, -63)) == 0x4000000000000000ull);      // carries to 2
    CHECK(r64(ex(~std::uint64_t{0}, 0)) == 0x43F0000000000000ull);        // 2^64 - 1 -> 2^64
    CHECK(r64(ex(std::uint64_t{1} << 53 | 1, 0)) == 0x4340000000000000ull);  // 2^53+1 tie
  }
  SUBCASE("binary64: subnormals and overflow") {
    CHECK(r64(ex(1, -1074)) == 0x1ull);
    CHECK(r64(ex(1, -1075)) == 0x0ull);  // tie with 0
    CHECK(r64(ex(1, -1075, true)) == 0x1ull);
    CHECK(r64(ex(3, -1076)) == 0x1ull);  // 0.75
    CHECK(r64(ex(1, -1076, true)) == 0x0ull);  // below 0.5
    CHECK(r64(ex(3, -1075)) == 0x2ull);  // 1.5 -> 2
    CHECK(r64(ex((std::uint64_t{1} << 53) - 1, -1075)) == 0x0010000000000000ull);  // -> min normal
    // Max = (2^53 - 1) * 2^971; midpoint above it (2^54 - 1) * 2^970 -> Inf.
    const std::uint64_t mid = (std::uint64_t{1} << 54) - 1;
    CHECK(r64(ex(mid, 970)) == 0x7FF0000000000000ull);
    CHECK(r64(ex((mid << 10) - 1, 960)) == 0x7FEFFFFFFFFFFFFFull);
    CHECK(r64(ex((mid << 10) - 1, 960, true)) == 0x7FEFFFFFFFFFFFFFull);
    CHECK(r64(ex(mid << 10, 960, false, true)) == 0xFFF0000000000000ull);
    CHECK(r64(ex(1, 1023)) == 0x7FE0000000000000ull);
    CHECK(r64(ex(1, 1024)) == 0x7FF0000000000000ull);
  }
  SUBCASE("binary16") {
    // binary16 keeps bits 63..53; bit 52 is the half-ulp bit.
    const std::uint64_t half = std::uint64_t{1} << 52;
    CHECK(r16(ex(one + half, -63)) == 0x3C00);
    CHECK(r16(ex(one + half, -63, true)) == 0x3C01);
    CHECK(r16(ex(one + 3 * half, -63)) == 0x3C02);
    CHECK(r16(ex(one + 3 * half - 1, -63, true)) == 0x3C01);
    CHECK(r16(ex(1, -24)) == 0x0001);
    CHECK(r16(ex(1, -25)) == 0x0000);
    CHECK(r16(ex(1, -25, true)) == 0x0001);
    CHECK(r16(ex(1, -25, true, true)) == 0x8001);
    CHECK(r16(ex(2047, -25)) == 0x0400);  // 1023.5 * 2^-24 -> smallest normal
    CHECK(r16(ex(0x7FF, 5)) == 0x7BFF);   // 65504
    CHECK(r16(ex(0xFFF, 4)) == 0x7C00);   // 65520: tie -> Inf
    CHECK(r16(ex((std::uint64_t{0xFFF} << 52) - 1, -48)) == 0x7BFF);  // just below 65520
    CHECK(r16(ex((std::uint64_t{0xFFF} << 52) - 1, -48, true)) == 0x7BFF);
    CHECK(r16(ex(1, 16)) == 0x7C00);
    CHECK(r16(ex(1, 15, false, true)) == 0xF800);  // -32768
  }
}

TEST_CASE("bits: round_to_format<binary32> matches the hardware double -> float conversion") {
  // Random exact values with at most 53 significant bits are exactly doubles (the exponent
  // range keeps them normal doubles), so static_cast<float>(double) is an independent
  // correctly rounded oracle. The leading exponent covers below float's subnormals, the
  // subnormals, the normals and past overflow.
  std::mt19937_64 rng(0xB175u);
  std::uniform_int_distribution<int> width(1, 53);
  std::uniform_int_distribution<int> lead(-160, 130);
  int mismatches = 0;
  for (int i = 0; i < 2000000; ++i) {
    const int w = width(rng);
    std::uint64_t m = rng() >> (64 - w);
    m |= std::uint64_t{1} << (w - 1);
    if ((rng() & 3) == 0) {  // bias towards ties: clear the bits below a random position
      m &= ~((std::uint64_t{1} << (rng() % static_cast<std::uint64_t>(w))) - 1);
    }
    const int e = lead(rng) - (w - 1);
    const bool negative = (rng() & 1) != 0;
    const double d = std::ldexp(negative ? -static_cast<double>(m) : static_cast<double>(m), e);
    const auto want = bits_as<std::uint32_t>(static_cast<float>(d));
    const auto got = r32(ex(m, e, false, negative));
    if (got != want && mismatches++ < 10) {
      CHECK_MESSAGE(false, describe(ex(m, e, false, negative)) << " -> " << hex(got)
                                                                << ", hardware " << hex(want));
    }
  }
  CHECK(mismatches == 0);
}

TEST_CASE("bits: round_to_format with 64-bit mantissas matches long double conversions") {
  if constexpr (!long_double_is_x87) {
    MESSAGE("skipped: long double does not have a 64-bit significand on this target");
    return;
  }
  // Every exact_binary with a 64-bit mantissa (and an exponent within long double's range)
  // is exactly a long double; the hardware's long double -> double and -> float
  // conversions round it once. Sticky values are checked against the reference (below).
  std::mt19937_64 rng(0x64B17u);
  int mismatches = 0;
  for (int i = 0; i < 1000000; ++i) {
    std::uint64_t m = rng() | (std::uint64_t{1} << 63);
    if ((rng() & 3) == 0) m &= ~((std::uint64_t{1} << (rng() % 64)) - 1);  // towards ties
    const bool negative = (rng() & 1) != 0;
    // binary64: leading exponent from below the subnormals to past overflow.
    {
      const int e = static_cast<int>(rng() % 2160) - 1130 - 63;
      const long double v = ldexpl(static_cast<long double>(m), e);
      const auto want = bits_as<std::uint64_t>(static_cast<double>(negative ? -v : v));
      const auto got = r64(ex(m, e, false, negative));
      if (got != want && mismatches++ < 10) {
        CHECK_MESSAGE(false, "binary64 " << describe(ex(m, e, false, negative)) << " -> "
                                         << hex(got) << ", hardware " << hex(want));
      }
    }
    // binary32
    {
      const int e = static_cast<int>(rng() % 300) - 165 - 63;
      const long double v = ldexpl(static_cast<long double>(m), e);
      const auto want = bits_as<std::uint32_t>(static_cast<float>(negative ? -v : v));
      const auto got = r32(ex(m, e, false, negative));
      if (got != want && mismatches++ < 10) {
        CHECK_MESSAGE(false, "binary32 " << describe(ex(m, e, false, negative)) << " -> "
                                         << hex(got) << ", hardware " << hex(want));
      }
    }
  }
  CHECK(mismatches == 0);
}

TEST_CASE("bits: the reference rounding agrees with the hardware (validates the oracle)") {
  if constexpr (!long_double_is_x87) {
    MESSAGE("skipped: long double does not have a 64-bit significand on this target");
    return;
  }
  std::mt19937_64 rng(7);
  int mismatches = 0;
  for (int i = 0; i < 200000; ++i) {
    const std::uint64_t m = rng() | 1 | (std::uint64_t{1} << 63);
    const int e64 = static_cast<int>(rng() % 2160) - 1130 - 63;
    const int e32 = static_cast<int>(rng() % 300) - 165 - 63;
    const auto want64 = bits_as<std::uint64_t>(static_cast<double>(ldexpl(static_cast<long double>(m), e64)));
    const auto want32 = bits_as<std::uint32_t>(static_cast<float>(ldexpl(static_cast<long double>(m), e32)));
    if (reference_bits(ex(m, e64), double_format) != want64) ++mismatches;
    if (reference_bits(ex(m, e32), single_format) != want32) ++mismatches;
  }
  CHECK(mismatches == 0);
}

TEST_CASE("bits: round_to_format with sticky and to binary16 against the reference") {
  if constexpr (!long_double_is_x87) {
    MESSAGE("skipped: long double does not have a 64-bit significand on this target");
    return;
  }
  // Sticky means "plus some d in (0, 1)". When the mantissa has at least precision + 1
  // significant bits, no rounding boundary lies strictly between m and m + 1, so m + d
  // rounds like m + 1/2 = (2m + 1) / 2, which the reference computes exactly (2m + 1 must
  // fit in 64 bits: at most 63-bit mantissas here).
  std::mt19937_64 rng(0x571C);
  int mismatches = 0;
  auto run = [&](auto tag, format f, int exponent_span, int exponent_low, const char* name) {
    using F = decltype(tag);
    for (int i = 0; i < 300000; ++i) {
      const int w = f.precision + 1 + static_cast<int>(rng() % static_cast<std::uint64_t>(63 - f.precision));
      std::uint64_t m = (rng() >> (64 - w)) | (std::uint64_t{1} << (w - 1));
      if ((rng() & 3) == 0) m &= ~((std::uint64_t{1} << (rng() % static_cast<std::uint64_t>(w))) - 1);
      const int e = static_cast<int>(rng() % static_cast<std::uint64_t>(exponent_span)) + exponent_low - (w - 1);
      const bool sticky = (rng() & 1) != 0;
      const bool negative = (rng() & 1) != 0;
      const auto v = ex(m, e, sticky, negative);
      const std::uint64_t got = round_to_format<F>(v);
      const std::uint64_t want = reference_bits(v, f);
      if (got != want && mismatches++ < 10) {
        CHECK_MESSAGE(false, name << " " << describe(v) << " -> " << hex(got) << ", reference "
                                  << hex(want));
      }
    }
  };
  run(binary16{}, half_format, 60, -40, "binary16");
  run(binary32{}, single_format, 300, -165, "binary32");
  run(binary64{}, double_format, 2160, -1130, "binary64");
  // Short mantissas to binary16, without sticky: any width works.
  for (int i = 0; i < 300000; ++i) {
    const int w = 1 + static_cast<int>(rng() % 64);
    const std::uint64_t m = (rng() >> (64 - w)) | (std::uint64_t{1} << (w - 1));
    const int e = static_cast<int>(rng() % 50) - 40 - (w - 1);
    const auto v = ex(m, e, false, (rng() & 1) != 0);
    const std::uint64_t got = r16(v);
    const std::uint64_t want = reference_bits(v, half_format);
    if (got != want && mismatches++ < 10) {
      CHECK_MESSAGE(false, "binary16 " << describe(v) << " -> " << hex(got) << ", reference "
                                       << hex(want));
    }
  }
  CHECK(mismatches == 0);
}

TEST_CASE("bits: round_to_format<binary16> matches F16C on values exact in float") {
#if defined(__F16C__)
  std::mt19937_64 rng(0x16);
  int mismatches = 0;
  for (int i = 0; i < 500000; ++i) {
    const int w = 1 + static_cast<int>(rng() % 24);
    const std::uint64_t m = (rng() >> (64 - w)) | (std::uint64_t{1} << (w - 1));
    const int e = static_cast<int>(rng() % 50) - 40 - (w - 1);
    const bool negative = (rng() & 1) != 0;
    const float f = std::ldexp(negative ? -static_cast<float>(m) : static_cast<float>(m), e);
    const std::uint16_t want = hardware_float_to_half(f);
    const auto got = r16(ex(m, e, false, negative));
    if (got != want && mismatches++ < 10) {
      CHECK_MESSAGE(false, describe(ex(m, e, false, negative)) << " -> " << hex(got) << ", F16C "
                                                                << hex(want));
    }
  }
  CHECK(mismatches == 0);
#else
  MESSAGE("skipped: F16C is not enabled in this build (__F16C__ undefined)");
#endif
}
