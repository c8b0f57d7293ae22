// ELEMENT_WISE_CONSTANT_POW: C Annex F special values, exact and correctly rounded results,
// ties, overflow, underflow, subnormals and ScaleBias, for FLOAT32 and FLOAT16.
//
// Every expected bit pattern is derived by hand from SEMANTICS.md and IEEE 754 (derivations in
// the comments). NaN results are checked by class only. Every vector runs through the element
// rule, and through the typed API and dml::execute on both paths (tests/op_variants.hpp).

#include <dmlref/dml/execute_once.hpp>  // first: the runtime layer is compiled once, elsewhere

#include <doctest/doctest.h>

#include <cstdint>
#include <cstring>
#include <limits>
#include <optional>
#include <vector>

#include <dmlref/dmlref.hpp>

#include "bit_helpers.hpp"
#include "op_variants.hpp"

namespace {

using dmlref::float16;
using dmlref::scale_bias;

constexpr float inf = std::numeric_limits<float>::infinity();
const float nan_f = f32(0x7FC00000u);

/// The constants of one format, by bits.
template <class T>
struct fmt;
template <>
struct fmt<float> {
  using bits = std::uint32_t;
  static float make(bits b) { return f32(b); }
  static bool is_nan(bits b) { return (b & 0x7F800000u) == 0x7F800000u && (b & 0x007FFFFFu) != 0; }
  static constexpr bits pzero = 0x00000000u, nzero = 0x80000000u;
  static constexpr bits one = 0x3F800000u, neg_one = 0xBF800000u;
  static constexpr bits two = 0x40000000u, neg_two = 0xC0000000u;
  static constexpr bits half = 0x3F000000u, neg_half = 0xBF000000u;
  static constexpr bits quarter = 0x3E800000u;
  static constexpr bits four = 0x40800000u, eight = 0x41000000u, neg_eight = 0xC1000000u;
  static constexpr bits pinf = 0x7F800000u, ninf = 0xFF800000u;
  static constexpr bits qnan = 0x7FC00000u, neg_nan = 0xFFC00000u, snan = 0x7F800001u;
  static constexpr bits max = 0x7F7FFFFFu, neg_max = 0xFF7FFFFFu;
  static constexpr bits min_sub = 0x00000001u, neg_min_sub = 0x80000001u;
  static constexpr bits one_plus_ulp = 0x3F800001u;   // 1 + 2^-23
  static constexpr bits one_minus_ulp = 0x3F7FFFFFu;  // 1 - 2^-24
};
template <>
struct fmt<float16> {
  using bits = std::uint16_t;
  static float16 make(bits b) { return float16::from_bits(b); }
  static bool is_nan(bits b) { return (b & 0x7C00u) == 0x7C00u && (b & 0x03FFu) != 0; }
  static constexpr bits pzero = 0x0000u, nzero = 0x8000u;
  static constexpr bits one = 0x3C00u, neg_one = 0xBC00u;
  static constexpr bits two = 0x4000u, neg_two = 0xC000u;
  static constexpr bits half = 0x3800u, neg_half = 0xB800u;
  static constexpr bits quarter = 0x3400u;
  static constexpr bits four = 0x4400u, eight = 0x4800u, neg_eight = 0xC800u;
  static constexpr bits pinf = 0x7C00u, ninf = 0xFC00u;
  static constexpr bits qnan = 0x7E00u, neg_nan = 0xFE00u, snan = 0x7C01u;
  static constexpr bits max = 0x7BFFu, neg_max = 0xFBFFu;
  static constexpr bits min_sub = 0x0001u, neg_min_sub = 0x8001u;
  static constexpr bits one_plus_ulp = 0x3C01u;   // 1 + 2^-10
  static constexpr bits one_minus_ulp = 0x3BFFu;  // 1 - 2^-11
};

/// CONSTANT_POW on one element: pow(x, e) with optional ScaleBias, by the element rule; the
/// typed API and dml::execute on both paths are checked against it on the way.
template <class T>
typename fmt<T>::bits cpow(typename fmt<T>::bits x, float e, std::optional<scale_bias> sb = std::nullopt) {
  const op_variants::every_variant<dmlref::ops::constant_pow> op{{e, sb}};
  return bits_of(op(fmt<T>::make(x)));
}

/// Checks pow(x, e) == expected bits, or NaN when expected is NaN.
#define CHECK_POW(T, x, e, expected)                                   \
  do {                                                                 \
    const auto got_ = cpow<T>((x), (e));                               \
    const auto want_ = static_cast<typename fmt<T>::bits>(expected);   \
    CAPTURE(x);                                                        \
    CAPTURE(e);                                                        \
    if (fmt<T>::is_nan(want_)) {                                       \
      CHECK(fmt<T>::is_nan(got_));                                     \
    } else {                                                           \
      CHECK(got_ == want_);                                            \
    }                                                                  \
  } while (false)

}  // namespace

TEST_CASE_TEMPLATE("CONSTANT_POW: pow(x, +-0) = 1 for every x, NaN included", T, float, float16) {
  using F = fmt<T>;
  const typename F::bits xs[] = {F::pzero, F::nzero, F::one, F::neg_one, F::two, F::neg_two, F::half,
                                 F::pinf, F::ninf, F::qnan, F::neg_nan, F::snan, F::max, F::min_sub,
                                 F::neg_min_sub};
  for (auto x : xs) {
    CHECK_POW(T, x, 0.0f, F::one);
    CHECK_POW(T, x, -0.0f, F::one);
  }
}

TEST_CASE_TEMPLATE("CONSTANT_POW: pow(+1, y) = 1 for every y, NaN and +-Inf included", T, float, float16) {
  using F = fmt<T>;
  const float ys[] = {nan_f, -nan_f, inf, -inf, 0.5f, -7.0f, 1e30f, -1e30f, 3.0f, 1e-45f};
  for (float y : ys) CHECK_POW(T, F::one, y, F::one);
  // Not -1: pow(-1, NaN) is NaN.
  CHECK_POW(T, F::neg_one, nan_f, F::qnan);
}

TEST_CASE_TEMPLATE("CONSTANT_POW: zero bases", T, float, float16) {
  using F = fmt<T>;
  // pow(+-0, y) for y a negative odd integer: +-Inf. 16777215 = 2^24 - 1 is the largest odd
  // integer of FLOAT32.
  for (float y : {-1.0f, -3.0f, -16777215.0f}) {
    CHECK_POW(T, F::pzero, y, F::pinf);
    CHECK_POW(T, F::nzero, y, F::ninf);
  }
  // y < 0 and not an odd integer (even, non-integral, huge): +Inf for both zeros.
  for (float y : {-2.0f, -0.5f, -16777216.0f, -1e30f, -1e-45f}) {
    CHECK_POW(T, F::pzero, y, F::pinf);
    CHECK_POW(T, F::nzero, y, F::pinf);
  }
  // pow(+-0, -Inf) = +Inf.
  CHECK_POW(T, F::pzero, -inf, F::pinf);
  CHECK_POW(T, F::nzero, -inf, F::pinf);
  // pow(+-0, positive odd integer) = +-0.
  for (float y : {1.0f, 3.0f, 16777215.0f}) {
    CHECK_POW(T, F::pzero, y, F::pzero);
    CHECK_POW(T, F::nzero, y, F::nzero);
  }
  // pow(+-0, y > 0 not an odd integer) = +0; also y = +Inf.
  for (float y : {2.0f, 0.5f, 16777216.0f, 1e30f, 1e-45f, inf}) {
    CHECK_POW(T, F::pzero, y, F::pzero);
    CHECK_POW(T, F::nzero, y, F::pzero);
  }
  // pow(+-0, NaN) is NaN.
  CHECK_POW(T, F::pzero, nan_f, F::qnan);
  CHECK_POW(T, F::nzero, nan_f, F::qnan);
}

TEST_CASE_TEMPLATE("CONSTANT_POW: infinite exponents", T, float, float16) {
  using F = fmt<T>;
  // pow(-1, +-Inf) = 1.
  CHECK_POW(T, F::neg_one, inf, F::one);
  CHECK_POW(T, F::neg_one, -inf, F::one);
  // |x| < 1: pow(x, -Inf) = +Inf, pow(x, +Inf) = +0 (signs of x do not matter).
  for (auto x : {F::half, F::neg_half, F::min_sub, F::neg_min_sub, F::one_minus_ulp}) {
    CHECK_POW(T, x, -inf, F::pinf);
    CHECK_POW(T, x, inf, F::pzero);
  }
  // |x| > 1: pow(x, -Inf) = +0, pow(x, +Inf) = +Inf.
  for (auto x : {F::two, F::neg_two, F::max, F::neg_max, F::one_plus_ulp}) {
    CHECK_POW(T, x, -inf, F::pzero);
    CHECK_POW(T, x, inf, F::pinf);
  }
}

TEST_CASE_TEMPLATE("CONSTANT_POW: infinite bases", T, float, float16) {
  using F = fmt<T>;
  // pow(-Inf, y): y odd integer < 0 -> -0; y odd integer > 0 -> -Inf; other y < 0 -> +0;
  // other y > 0 -> +Inf.
  CHECK_POW(T, F::ninf, -3.0f, F::nzero);
  CHECK_POW(T, F::ninf, -1.0f, F::nzero);
  CHECK_POW(T, F::ninf, 3.0f, F::ninf);
  CHECK_POW(T, F::ninf, 1.0f, F::ninf);
  CHECK_POW(T, F::ninf, -2.0f, F::pzero);
  CHECK_POW(T, F::ninf, -0.5f, F::pzero);
  CHECK_POW(T, F::ninf, 2.0f, F::pinf);
  CHECK_POW(T, F::ninf, 0.5f, F::pinf);
  CHECK_POW(T, F::ninf, inf, F::pinf);
  CHECK_POW(T, F::ninf, -inf, F::pzero);
  // pow(+Inf, y): y < 0 -> +0, y > 0 -> +Inf.
  for (float y : {0.5f, 1.0f, 3.0f, 1e30f, 1e-45f, inf}) CHECK_POW(T, F::pinf, y, F::pinf);
  for (float y : {-0.5f, -1.0f, -3.0f, -1e30f, -1e-45f, -inf}) CHECK_POW(T, F::pinf, y, F::pzero);
  CHECK_POW(T, F::pinf, nan_f, F::qnan);
  CHECK_POW(T, F::ninf, nan_f, F::qnan);
}

TEST_CASE_TEMPLATE("CONSTANT_POW: negative finite bases", T, float, float16) {
  using F = fmt<T>;
  // Integral exponent: signed power, odd -> negative.
  CHECK_POW(T, F::neg_two, 3.0f, F::neg_eight);   // (-2)^3 = -8
  CHECK_POW(T, F::neg_two, 2.0f, F::four);        // (-2)^2 = 4
  CHECK_POW(T, F::neg_two, -1.0f, F::neg_half);   // (-2)^-1 = -0.5
  CHECK_POW(T, F::neg_two, -2.0f, F::quarter);    // (-2)^-2 = 0.25
  CHECK_POW(T, F::neg_one, 16777215.0f, F::neg_one);  // odd
  CHECK_POW(T, F::neg_one, 16777216.0f, F::one);      // even
  CHECK_POW(T, F::neg_one, 1e30f, F::one);            // every float >= 2^24 is an even integer
  CHECK_POW(T, F::neg_two, 1e30f, F::pinf);           // even, overflows: +Inf
  CHECK_POW(T, F::neg_half, 1e30f, F::pzero);         // even, underflows: +0
  CHECK_POW(T, F::neg_two, 16777215.0f, F::ninf);     // odd, overflows: -Inf
  CHECK_POW(T, F::neg_half, 16777215.0f, F::nzero);   // odd, underflows: -0
  // Non-integral exponent: NaN.
  for (float y : {0.5f, -0.5f, 1.5f, 2.75f, 1e-45f, 8388607.5f}) {  // 8388607.5 = 2^23 - 0.5
    CHECK_POW(T, F::neg_two, y, F::qnan);
    CHECK_POW(T, F::neg_half, y, F::qnan);
    CHECK_POW(T, F::neg_max, y, F::qnan);
    CHECK_POW(T, F::neg_min_sub, y, F::qnan);
  }
}

TEST_CASE_TEMPLATE("CONSTANT_POW: NaN propagation", T, float, float16) {
  using F = fmt<T>;
  for (auto x : {F::qnan, F::neg_nan, F::snan}) {
    for (float y : {1.0f, 2.0f, -1.0f, 0.5f, inf, -inf, nan_f}) CHECK_POW(T, x, y, F::qnan);
  }
  for (auto x : {F::two, F::neg_two, F::half, F::max, F::min_sub, F::pinf, F::ninf}) {
    CHECK_POW(T, x, nan_f, F::qnan);
  }
}

TEST_CASE("CONSTANT_POW FLOAT32: exact and correctly rounded values") {
  CHECK(cpow<float>(0x40000000u, 10.0f) == 0x44800000u);   // 2^10 = 1024
  CHECK(cpow<float>(0x40400000u, 2.0f) == 0x41100000u);    // 3^2 = 9
  CHECK(cpow<float>(0x3F000000u, 2.0f) == 0x3E800000u);    // 0.5^2 = 0.25
  CHECK(cpow<float>(0xC0000000u, 3.0f) == 0xC1000000u);    // (-2)^3 = -8
  CHECK(cpow<float>(0x40000000u, -1.0f) == 0x3F000000u);   // 2^-1 = 0.5
  CHECK(cpow<float>(0x40800000u, 0.5f) == 0x40000000u);    // 4^0.5 = 2
  CHECK(cpow<float>(0x41800000u, 0.25f) == 0x40000000u);   // 16^0.25 = 2
  CHECK(cpow<float>(0x41100000u, 1.5f) == 0x41D80000u);    // 9^1.5 = 27
  CHECK(cpow<float>(0x3E800000u, -0.5f) == 0x40000000u);   // 0.25^-0.5 = 2
  CHECK(cpow<float>(0x40000000u, 1.0f) == 0x40000000u);    // x^1 = x
  CHECK(cpow<float>(0x3F800001u, 1.0f) == 0x3F800001u);
  // sqrt(2) = 1.41421356237...; 0x3FB504F3 = 1.41421353816986 (-2.4e-8), 0x3FB504F4 =
  // 1.41421365737915 (+9.5e-8): 0x3FB504F3 is the correctly rounded value.
  CHECK(cpow<float>(0x40000000u, 0.5f) == 0x3FB504F3u);
  // 2^-0.5 = sqrt(2)/2: the same significand, one binade lower.
  CHECK(cpow<float>(0x40000000u, -0.5f) == 0x3F3504F3u);
  // 8^(1/3 as float): 1/3 rounds to 0x3EAAAAAB = 11184811 * 2^-25, and 3 * 11184811 =
  // 2^25 + 1, so the result is 2^(1 + 2^-25) = 2 (1 + 2^-25 ln 2 + ...) = 2 (1 + 2.07e-8):
  // 0.17 ulp above 2 -> exactly 2 (0x40000000).
  CHECK(cpow<float>(0x41000000u, f32(0x3EAAAAABu)) == 0x40000000u);
}

TEST_CASE("CONSTANT_POW FLOAT32: ties round to even") {
  // x = 1 + 2^-12 (0x3F800800): x^2 = 1 + 2^-11 + 2^-24. The FLOAT32 neighbours are 1 + 2^-11
  // (fraction 0x001000, even) and 1 + 2^-11 + 2^-23 (odd); 2^-24 is exactly half an ulp:
  // a tie, to even -> 0x3F801000.
  CHECK(cpow<float>(0x3F800800u, 2.0f) == 0x3F801000u);
  // 257^3 = 16974593 = 2^24 + 197377: 25 significant bits, last bit 1, a tie between
  // 16974592 (significand 8487296, even) and 16974594 (odd) -> 16974592 = 0x4B818180.
  CHECK(cpow<float>(0x43808000u, 3.0f) == 0x4B818180u);
  // 259^3 = 17373979: neighbours 17373978 (significand 8686989, odd) and 17373980 (even) ->
  // rounds up to 17373980 = 2^24 + 2*298382 = 0x4B848D8E.
  CHECK(cpow<float>(0x43818000u, 3.0f) == 0x4B848D8Eu);
  // Scaled by powers of two the ties stay ties: (257/256)^3 = 16974593 * 2^-24.
  // 257/256 = 0x3F808000; result 16974592 * 2^-24 = 0x3F818180.
  CHECK(cpow<float>(0x3F808000u, 3.0f) == 0x3F818180u);
  // Negative base, odd exponent: the tie is decided on the magnitude, sign kept.
  CHECK(cpow<float>(0xC3818000u, 3.0f) == 0xCB848D8Eu);
}

TEST_CASE("CONSTANT_POW FLOAT16: exact, correctly rounded and ties") {
  CHECK(cpow<float16>(0x4000u, 10.0f) == 0x6400u);  // 2^10 = 1024
  CHECK(cpow<float16>(0x4200u, 2.0f) == 0x4880u);   // 3^2 = 9
  CHECK(cpow<float16>(0x3800u, 2.0f) == 0x3400u);   // 0.5^2 = 0.25
  CHECK(cpow<float16>(0xC000u, 3.0f) == 0xC800u);   // (-2)^3 = -8
  CHECK(cpow<float16>(0x4000u, -1.0f) == 0x3800u);  // 2^-1 = 0.5
  CHECK(cpow<float16>(0x4400u, 0.5f) == 0x4000u);   // 4^0.5 = 2
  CHECK(cpow<float16>(0x4C00u, 0.25f) == 0x4000u);  // 16^0.25 = 2
  // sqrt(2): 0x3DA8 = 1.4140625 (-1.5e-4), 0x3DA9 = 1.4150390625 (+8.3e-4) -> 0x3DA8.
  CHECK(cpow<float16>(0x4000u, 0.5f) == 0x3DA8u);
  // Ties: 47^2 = 2209 (12 bits, last 1): between 2208 (significand 1104, even) and 2210 ->
  // 2208 = 2^11 * (1 + 80/1024) = 0x6850.
  CHECK(cpow<float16>(0x51E0u, 2.0f) == 0x6850u);
  // 63^2 = 3969 -> tie between 3968 (1984, even) and 3970 -> 3968 = 0x6BC0.
  CHECK(cpow<float16>(0x53E0u, 2.0f) == 0x6BC0u);
  // 15^3 = 3375 -> between 3374 (1687, odd) and 3376 (1688, even) -> 3376 = 0x6A98 (rounds up).
  CHECK(cpow<float16>(0x4B80u, 3.0f) == 0x6A98u);
  // 13^3 = 2197 -> between 2196 (1098, even) and 2198 -> 2196 = 0x684A.
  CHECK(cpow<float16>(0x4A80u, 3.0f) == 0x684Au);
  // Not a tie: x = 1 + 2^-10 (0x3C01): x^2 = 1 + 2^-9 + 2^-20,
  // 2^-20 is far below half an ulp (2^-11) -> 1 + 2^-9 = 0x3C02.
  CHECK(cpow<float16>(0x3C01u, 2.0f) == 0x3C02u);
}

TEST_CASE("CONSTANT_POW: overflow to +-Inf") {
  CHECK(cpow<float>(0x40000000u, 127.0f) == 0x7F000000u);  // 2^127 is finite
  CHECK(cpow<float>(0x40000000u, 128.0f) == 0x7F800000u);  // 2^128 overflows
  CHECK(cpow<float>(0xC0000000u, 128.0f) == 0x7F800000u);  // (-2)^128 = +2^128
  CHECK(cpow<float>(0xC0000000u, 129.0f) == 0xFF800000u);  // (-2)^129 -> -Inf
  CHECK(cpow<float>(0x3F000000u, -128.0f) == 0x7F800000u); // 0.5^-128 = 2^128
  // x = (2 - 2^-23) 2^63 (0x5F7FFFFF): x^2 = (2 - 2^-22 + 2^-47) 2^127; 2 - 2^-22 is the
  // fraction 0x7FFFFE, the 2^-47 is far below half an ulp -> 0x7F7FFFFE, not Inf.
  CHECK(cpow<float>(0x5F7FFFFFu, 2.0f) == 0x7F7FFFFEu);
  CHECK(cpow<float>(0x5F800000u, 2.0f) == 0x7F800000u);    // (2^64)^2 = 2^128
  // Between the largest finite value and the overflow threshold: x = 0x54CB2FF5 gives
  // x^3 = 1.99999992622 * 2^127, above FLT_MAX (1.99999988079 * 2^127) but below the midpoint
  // of FLT_MAX and 2^128 (1.99999994040 * 2^127) -> FLT_MAX, not Inf. The next float,
  // 0x54CB2FF6, gives 2.00000037680 * 2^127 -> +Inf. Signs follow the odd exponent.
  CHECK(cpow<float>(0x54CB2FF5u, 3.0f) == 0x7F7FFFFFu);
  CHECK(cpow<float>(0xD4CB2FF5u, 3.0f) == 0xFF7FFFFFu);
  CHECK(cpow<float>(0x54CB2FF6u, 3.0f) == 0x7F800000u);
  CHECK(cpow<float>(0xD4CB2FF6u, 3.0f) == 0xFF800000u);
  // FLOAT16: 2^15 = 0x7800 finite, 2^16 = 65536 > 65520 (midpoint of 65504 and 2^16) -> Inf.
  CHECK(cpow<float16>(0x4000u, 15.0f) == 0x7800u);
  CHECK(cpow<float16>(0x4000u, 16.0f) == 0x7C00u);
  CHECK(cpow<float16>(0xC000u, 17.0f) == 0xFC00u);
  CHECK(cpow<float16>(0x5C00u, 2.0f) == 0x7C00u);          // 256^2 = 65536
  // 255.875 (0x5BFF)^2 = 65472.015625: 65472 = 2046 * 32 is representable (0x7BFE).
  CHECK(cpow<float16>(0x5BFFu, 2.0f) == 0x7BFEu);
}

TEST_CASE("CONSTANT_POW: underflow to subnormals and to signed zeros") {
  // FLOAT32: (2^-70)^2 = 2^-140 = 2^9 * 2^-149 -> subnormal 0x00000200.
  CHECK(cpow<float>(0x1C800000u, 2.0f) == 0x00000200u);
  CHECK(cpow<float>(0x40000000u, -149.0f) == 0x00000001u);  // 2^-149, smallest subnormal
  // 2^-150 is exactly half the smallest subnormal: a tie between +0 (even) and 2^-149 -> +0.
  CHECK(cpow<float>(0x40000000u, -150.0f) == 0x00000000u);
  CHECK(cpow<float>(0x1A000000u, 2.0f) == 0x00000000u);     // (2^-75)^2 = 2^-150 -> +0
  // (2^-75 (1 + 2^-23))^2 = 2^-150 (1 + 2^-22 + 2^-46): above the tie -> 2^-149.
  CHECK(cpow<float>(0x1A000001u, 2.0f) == 0x00000001u);
  // 2^-149.5 = 0.707 * 2^-149 > 2^-150 -> 2^-149; 2^-150.5 < 2^-150 -> 0.
  CHECK(cpow<float>(0x40000000u, -149.5f) == 0x00000001u);
  CHECK(cpow<float>(0x40000000u, -150.5f) == 0x00000000u);
  // Negative results keep their sign: (-2^-50)^3 = -2^-150 -> tie -> -0;
  // (-2^-50 (1 + 2^-23))^3 = -2^-150 (1 + 3 * 2^-23 + ...) -> -2^-149.
  CHECK(cpow<float>(0xA6800000u, 3.0f) == 0x80000000u);
  CHECK(cpow<float>(0xA6800001u, 3.0f) == 0x80000001u);
  CHECK(cpow<float>(0xC0000000u, -149.0f) == 0x80000001u);  // (-2)^-149
  CHECK(cpow<float>(0xC0000000u, -151.0f) == 0x80000000u);  // (-2)^-151 -> -0
  CHECK(cpow<float>(0xC0000000u, -152.0f) == 0x00000000u);  // even -> +0
  CHECK(cpow<float>(0x9C800000u, 3.0f) == 0x80000000u);     // (-2^-70)^3 = -2^-210 -> -0
  // FLOAT16: (2^-12)^2 = 2^-24 -> 0x0001; (2^-8)^2 = 2^-16 -> 2^8 * 2^-24 = 0x0100;
  // (2^-7)^2 = 2^-14 -> smallest normal 0x0400.
  CHECK(cpow<float16>(0x0C00u, 2.0f) == 0x0001u);
  CHECK(cpow<float16>(0x1C00u, 2.0f) == 0x0100u);
  CHECK(cpow<float16>(0x2000u, 2.0f) == 0x0400u);
  // (2^-5)^5 = 2^-25: half the smallest subnormal -> +0; negative -> -0.
  CHECK(cpow<float16>(0x2800u, 5.0f) == 0x0000u);
  CHECK(cpow<float16>(0xA800u, 5.0f) == 0x8000u);
  // (-(2^-5)(1 + 2^-10))^5 = -2^-25 (1 + 5 * 2^-10 + ...) -> -2^-24 = 0x8001.
  CHECK(cpow<float16>(0xA801u, 5.0f) == 0x8001u);
}

TEST_CASE("CONSTANT_POW: subnormal bases are kept, not flushed") {
  CHECK(cpow<float>(0x00000001u, 1.0f) == 0x00000001u);
  // (2^-149)^0.5 = 2^-74.5 = sqrt(2) * 2^-75: sqrt(2)'s significand 0x3504F3, exponent
  // -75 + 127 = 52 -> 0x1A3504F3.
  CHECK(cpow<float>(0x00000001u, 0.5f) == 0x1A3504F3u);
  CHECK(cpow<float>(0x00000002u, 0.5f) == 0x1A800000u);   // (2^-148)^0.5 = 2^-74
  CHECK(cpow<float>(0x00400000u, -1.0f) == 0x7F000000u);  // (2^-127)^-1 = 2^127
  CHECK(cpow<float>(0x00000001u, -1.0f) == 0x7F800000u);  // 2^149 overflows
  CHECK(cpow<float>(0x80000001u, 3.0f) == 0x80000000u);   // -2^-447 -> -0
  CHECK(cpow<float>(0x80000001u, 2.0f) == 0x00000000u);
  CHECK(cpow<float>(0x80000001u, -1.0f) == 0xFF800000u);  // -2^149 -> -Inf
  CHECK(cpow<float16>(0x0001u, 1.0f) == 0x0001u);
  CHECK(cpow<float16>(0x0001u, 0.5f) == 0x0C00u);         // (2^-24)^0.5 = 2^-12
  CHECK(cpow<float16>(0x0200u, -1.0f) == 0x7800u);        // (2^-15)^-1 = 2^15
  CHECK(cpow<float16>(0x0001u, -1.0f) == 0x7C00u);        // 2^24 overflows FLOAT16
  CHECK(cpow<float16>(0x8001u, 3.0f) == 0x8000u);
  CHECK(cpow<float16>(0x8001u, 2.0f) == 0x0000u);
}

TEST_CASE("CONSTANT_POW FLOAT32: ScaleBias is one fused multiply-add rounded to FLOAT32") {
  // x = Scale = 1 + 2^-12, Bias = -1: x*Scale = 1 + 2^-11 + 2^-24 exactly; + Bias gives
  // 2^-11 + 2^-24 = 2^-11 (1 + 2^-13), representable: 0x3A000400. Rounding x*Scale first
  // gives 1 + 2^-11 (a tie, to even), then 2^-11 = 0x3A000000: a different answer.
  const auto fused = scale_bias{f32(0x3F800800u), -1.0f};
  CHECK(cpow<float>(0x3F800800u, 1.0f, fused) == 0x3A000400u);
  // Then squared: (2^-11 (1 + 2^-13))^2 = 2^-22 (1 + 2^-12 + 2^-26); 2^-26 < half an ulp
  // (2^-24) -> 2^-22 (1 + 2^-12): exponent 105, fraction 2^11 -> 0x34800800.
  CHECK(cpow<float>(0x3F800800u, 2.0f, fused) == 0x34800800u);
  // x = 1 + 2^-23, Scale = 1 - 2^-24, Bias = -1: x*Scale = 1 + 2^-24 - 2^-47 exactly, + Bias =
  // 2^-24 - 2^-47 = 2^-24 (1 - 2^-23), representable (23 ones): exponent -25 -> 102,
  // fraction 2^23 - 2 -> 0x337FFFFE. Separately rounded, x*Scale -> 1 and the sum is +0.
  CHECK(cpow<float>(0x3F800001u, 1.0f, scale_bias{f32(0x3F7FFFFFu), -1.0f}) == 0x337FFFFEu);
  // g's one rounding is to nearest, ties to even: x = Scale = 1 + 2^-12, Bias = 0 -> exact
  // 1 + 2^-11 + 2^-24, a tie between fractions 0x001000 (even) and 0x001001 -> 0x3F801000;
  // Bias = 2^-23 (0x34000000) -> 1 + 2^-11 + 2^-23 + 2^-24, a tie between 0x001001 (odd) and
  // 0x001002 (even) -> 0x3F801002.
  CHECK(cpow<float>(0x3F800800u, 1.0f, scale_bias{f32(0x3F800800u), 0.0f}) == 0x3F801000u);
  CHECK(cpow<float>(0x3F800800u, 1.0f, scale_bias{f32(0x3F800800u), f32(0x34000000u)}) == 0x3F801002u);
  // Plain arithmetic: fma(1, 2, 1) = 3, 3^2 = 9; fma(2, 0.5, -3) = -2, (-2)^3 = -8.
  CHECK(cpow<float>(0x3F800000u, 2.0f, scale_bias{2.0f, 1.0f}) == 0x41100000u);
  CHECK(cpow<float>(0x40000000u, 3.0f, scale_bias{0.5f, -3.0f}) == 0xC1000000u);
  // Scale = 1, Bias = 0 is the identity.
  CHECK(cpow<float>(0x3FB504F3u, 1.0f, scale_bias{1.0f, 0.0f}) == 0x3FB504F3u);
  // Signs of exact zeros (IEEE, round to nearest): x*S + B = +0 unless both are -0.
  // fma(+0, 1, -0) = +0 -> pow(+0, 3) = +0; fma(-0, 1, -0) = -0 -> pow(-0, 3) = -0;
  // fma(1, 1, -1) = +0 -> pow(+0, -1) = +Inf.
  CHECK(cpow<float>(0x00000000u, 3.0f, scale_bias{1.0f, -0.0f}) == 0x00000000u);
  CHECK(cpow<float>(0x80000000u, 3.0f, scale_bias{1.0f, -0.0f}) == 0x80000000u);
  CHECK(cpow<float>(0x3F800000u, -1.0f, scale_bias{1.0f, -1.0f}) == 0x7F800000u);
  // g rounds to FLOAT32 before pow: fma(max, 2, 0) = 2^129 (1 - 2^-24) overflows to +Inf, so
  // pow(g, 0.5) = +Inf (the exact g would give a finite 2^64.5).
  CHECK(cpow<float>(0x7F7FFFFFu, 0.5f, scale_bias{2.0f, 0.0f}) == 0x7F800000u);
  // fma(Inf, 0, 1) = NaN -> pow(NaN, 2) = NaN; but pow(NaN, 0) = 1.
  CHECK(fmt<float>::is_nan(cpow<float>(0x7F800000u, 2.0f, scale_bias{0.0f, 1.0f})));
  CHECK(cpow<float>(0x7F800000u, 0.0f, scale_bias{0.0f, 1.0f}) == 0x3F800000u);
  // A subnormal g is kept: fma(2^-126, 2^-23, 0) = 2^-149.
  CHECK(cpow<float>(0x00800000u, 1.0f, scale_bias{f32(0x34000000u), 0.0f}) == 0x00000001u);
}

TEST_CASE("CONSTANT_POW FLOAT16: ScaleBias rounds g to FLOAT32, then pow rounds to FLOAT16") {
  // x = 1 + 2^-10 (0x3C01), Scale = 1 + 2^-20 (0x3F800008), Bias = -(2^-11 + 2^-20)
  // (0xBA004000): exact x*S + B = 1 + 2^-11 + 2^-30. Rounded to FLOAT32 (ulp 2^-23): 1 + 2^-11.
  // pow(g, 1) to FLOAT16: 1 + 2^-11 is the midpoint of 1 and 1 + 2^-10 -> even -> 1 (0x3C00).
  // (Rounding the exact value straight to FLOAT16 would give 0x3C01.)
  CHECK(cpow<float16>(0x3C01u, 1.0f, scale_bias{f32(0x3F800008u), f32(0xBA004000u)}) == 0x3C00u);
  // g is not limited to FLOAT16's range: x = 256, Scale = 256 -> g = 65536 (a FLOAT32),
  // pow(g, 0.5) = 256 = 0x5C00. (Through FLOAT16, g would be Inf.)
  CHECK(cpow<float16>(0x5C00u, 0.5f, scale_bias{256.0f, 0.0f}) == 0x5C00u);
  // Nor to its precision: x = 1, Scale = 1, Bias = 2^-20 (0x35800000) -> g = 1 + 2^-20;
  // g^1024 = 1 + 1024 * 2^-20 + C(1024, 2) 2^-40 + ... = 1 + 2^-10 + 523776 * 2^-40 + ...
  // -> 1 + 2^-10 = 0x3C01 (the excess, about 2^-21, is far below half an ulp, 2^-11).
  // With g rounded to FLOAT16 first it would be 1 and the result 0x3C00.
  CHECK(cpow<float16>(0x3C00u, 1024.0f, scale_bias{1.0f, f32(0x35800000u)}) == 0x3C01u);
  // fma(-0, 1, -0) = -0 -> (-0)^3 = -0.
  CHECK(cpow<float16>(0x8000u, 3.0f, scale_bias{1.0f, -0.0f}) == 0x8000u);
}

TEST_CASE_TEMPLATE("CONSTANT_POW: typed API and dml::execute agree with the element rule", T, float, float16) {
  using F = fmt<T>;
  // Inputs and expectations from the cases above: 2^3 = 8, (-2)^3 = -8, 0.5^3 = 0.125,
  // (-0)^3 = -0, (+Inf)^3 = +Inf, NaN^3 = NaN.
  const typename F::bits xs[6] = {F::two, F::neg_two, F::half, F::nzero, F::pinf, F::qnan};
  const typename F::bits eighth = sizeof(T) == 4 ? typename F::bits(0x3E000000u) : typename F::bits(0x3000u);
  const typename F::bits want[6] = {F::eight, F::neg_eight, eighth, F::nzero, F::pinf, F::qnan};
  T in[6], out[6], out2[6];
  for (int i = 0; i < 6; ++i) {
    in[i] = F::make(xs[i]);
    out[i] = out2[i] = F::make(F::one);
  }
  REQUIRE(dmlref::constant_pow(dmlref::golden, dmlref::make_packed_view(static_cast<const T*>(in), {6}),
                               dmlref::make_packed_view(out, {6}), 3.0f)
              .ok());
  using namespace dmlref::dml;
  const UINT sizes[4] = {1, 1, 2, 3};
  const UINT64 bytes = (6 * sizeof(T) + 3) / 4 * 4;
  const auto type = sizeof(T) == 4 ? DML_TENSOR_DATA_TYPE_FLOAT32 : DML_TENSOR_DATA_TYPE_FLOAT16;
  DML_BUFFER_TENSOR_DESC b{type, DML_TENSOR_FLAG_NONE, 4, sizes, nullptr, bytes, 0};
  DML_TENSOR_DESC t{DML_TENSOR_TYPE_BUFFER, &b};
  DML_ELEMENT_WISE_CONSTANT_POW_OPERATOR_DESC d{&t, &t, nullptr, 3.0f};
  DML_OPERATOR_DESC op{DML_OPERATOR_ELEMENT_WISE_CONSTANT_POW, &d};
  REQUIRE(execute(dmlref::golden, DML_FEATURE_LEVEL_1_0, op, {{in, bytes}}, {{out2, bytes}}).ok());
  for (int i = 0; i < 6; ++i) {
    CAPTURE(i);
    if (F::is_nan(want[i])) {
      CHECK(F::is_nan(bits_of(out[i])));
      CHECK(F::is_nan(bits_of(out2[i])));
    } else {
      CHECK(bits_of(out[i]) == want[i]);
      CHECK(bits_of(out2[i]) == want[i]);
    }
  }
  // With ScaleBias through both: fma(x, 1, 1) for x = 2 -> 3, 3^3 = 27
  // (FLOAT32 0x41D80000, FLOAT16 0x4EC0); fma(-0, 1, 1) = 1 -> 1.
  // (Two elements: 8 or 4 bytes, whole multiples of 4, so no padding is involved.)
  const typename F::bits want27 = sizeof(T) == 4 ? typename F::bits(0x41D80000u) : typename F::bits(0x4EC0u);
  T one_in[2] = {F::make(F::two), F::make(F::nzero)};
  T one_out[2] = {F::make(F::pzero), F::make(F::pzero)};
  T one_out2[2] = {F::make(F::pzero), F::make(F::pzero)};
  REQUIRE(dmlref::constant_pow(dmlref::golden, dmlref::make_packed_view(static_cast<const T*>(one_in), {2}),
                               dmlref::make_packed_view(one_out, {2}), 3.0f, scale_bias{1.0f, 1.0f})
              .ok());
  const UINT one_sizes[4] = {1, 1, 1, 2};
  const UINT64 one_bytes = sizeof(one_in);
  DML_BUFFER_TENSOR_DESC b1{type, DML_TENSOR_FLAG_NONE, 4, one_sizes, nullptr, one_bytes, 0};
  DML_TENSOR_DESC t1{DML_TENSOR_TYPE_BUFFER, &b1};
  const DML_SCALE_BIAS sb{1.0f, 1.0f};
  DML_ELEMENT_WISE_CONSTANT_POW_OPERATOR_DESC d1{&t1, &t1, &sb, 3.0f};
  DML_OPERATOR_DESC op1{DML_OPERATOR_ELEMENT_WISE_CONSTANT_POW, &d1};
  REQUIRE(execute(dmlref::golden, DML_FEATURE_LEVEL_6_4, op1, {{one_in, one_bytes}}, {{one_out2, one_bytes}}).ok());
  CHECK(bits_of(one_out[1]) == F::one);
  CHECK(bits_of(one_out2[1]) == F::one);
  CHECK(bits_of(one_out[0]) == want27);
  CHECK(bits_of(one_out2[0]) == want27);
}
