// math/trig.hpp and math/inverse_trig.hpp: the constants proven with exact integer arithmetic
// (atan's table through the enclosures of sin and cos), the enclosure of pi checked against
// pi's known digits, and the exact decision at rounding boundaries (forced by widened error
// bounds) and the enclosure-made approximation agreeing with golden, for SIN, COS, TAN, ATAN,
// ASIN, ACOS and ATAN_YX. Special values and rounded results are in tests/cases/ (their
// ELEMENT_WISE_ files); the sweep against LLVM's C library and MPFR is
// tests/sweep/trig_sweep.cpp.

#include <doctest/doctest.h>

#include <cstdint>
#include <cstring>

#include <dmlref/math/inverse_trig.hpp>
#include <dmlref/math/trig.hpp>

namespace {

namespace m = dmlref::math;
namespace tr = dmlref::math::detail_trig;
using dmlref::detail::binary16;
using dmlref::detail::binary32;

float from_bits32(std::uint32_t b) {
  float x;
  std::memcpy(&x, &b, 4);
  return x;
}

/// floor(v * 2^-shift) for both ends of an enclosure; they must agree for a proof.
bool floor_is(const m::fixed_enclosure& e, std::uint64_t shift, const m::bigint& expected) {
  return compare(e.lo.shifted_right(shift), expected) == 0 && compare(e.hi.shifted_right(shift), expected) == 0;
}

m::bigint from_words(const std::uint64_t* words, std::size_t n) {  // most significant first
  m::bigint r;
  for (std::size_t i = 0; i < n; ++i) r = r.shifted_left(64) + m::bigint(words[i]);
  return r;
}

}  // namespace

TEST_CASE("trig: pi's enclosure holds pi's first 126 bits (0x3.243F6A8885A308D313198A2E0370734)") {
  const std::uint64_t digits[2] = {0x3243F6A8885A308Du, 0x313198A2E0370734u};  // floor(pi 2^124)
  const auto pi = tr::pi_enclosure(300);
  CHECK(floor_is(pi, 300 - 124, from_words(digits, 2)));
  CHECK(compare(pi.hi - pi.lo, m::bigint(1).shifted_left(16)) < 0);  // 16 (6J + 4) + 4 (6J + 4) units, J < 70
}

TEST_CASE("trig: two_over_pi_384 is floor(2/pi 2^384) and half_pi_63 is floor(pi/2 2^63)") {
  const std::uint64_t q = 600;
  const auto pi = tr::pi_enclosure(q);
  // 2/pi 2^384 = 2^(385 + q) / (pi 2^q): floors of the quotient by both ends.
  const m::bigint numerator = m::bigint(1).shifted_left(385 + q);
  const m::bigint expected = from_words(tr::two_over_pi_384, 6);
  CHECK(compare(numerator / pi.hi, expected) == 0);
  CHECK(compare(numerator / pi.lo, expected) == 0);
  CHECK(floor_is(pi, q - 62, m::bigint(tr::half_pi_63)));  // pi/2 2^63 = pi 2^62
}

TEST_CASE("trig: the Taylor coefficients are floor(2^64 / n!)") {
  const m::bigint two64 = m::bigint(1).shifted_left(64);
  m::bigint fact(1);
  for (std::uint64_t n = 1; n <= 20; ++n) {
    CAPTURE(n);
    fact = fact * m::bigint(n);
    if (n < 2) continue;
    const std::uint64_t c = n % 2 == 1 ? tr::sin_coefficients[(n - 1) / 2] : tr::cos_coefficients[n / 2];
    CHECK(compare(m::bigint(c) * fact, two64) <= 0);
    CHECK(compare((m::bigint(c) + m::bigint(1)) * fact, two64) > 0);
  }
}

TEST_CASE("trig: special values and exact cases, FLOAT32 and FLOAT16") {
  const auto sin32 = [](float x) { return m::sin_rounded<binary32>(m::to_real(x)); };
  const auto cos32 = [](float x) { return m::cos_rounded<binary32>(m::to_real(x)); };
  CHECK(sin32(0.0f) == 0u);
  CHECK(sin32(-0.0f) == 0x80000000u);
  CHECK(cos32(0.0f) == 0x3F800000u);
  CHECK(cos32(-0.0f) == 0x3F800000u);
  CHECK(sin32(from_bits32(0x7F800000u)) == 0x7FC00000u);
  CHECK(cos32(from_bits32(0xFF800000u)) == 0x7FC00000u);
  CHECK(sin32(from_bits32(0xFFC01234u)) == 0x7FC00000u);
  CHECK(sin32(from_bits32(0x80000001u)) == 0x80000001u);  // subnormal: sin x rounds to x
  CHECK(cos32(from_bits32(0x00000001u)) == 0x3F800000u);
  CHECK(m::cos_rounded<binary16>(m::to_real(0.0f)) == 0x3C00u);
  CHECK(m::sin_rounded<binary16>(m::to_real(-0.0f)) == 0x8000u);
}

TEST_CASE("trig: the exact decision at a boundary agrees with golden wherever it is forced") {
  // Few FLOAT32 inputs lie close enough to a rounding boundary to need the exact decision.
  // To test it, the approximations' error bounds (in units of 2^-62 or less of the result)
  // are widened to a quarter of a FLOAT32 unit (2^37) and of a FLOAT16 unit (2^50), so that
  // the decision runs on about half the inputs below; its results must be golden's, which
  // the sweep proves correctly rounded.
  int decided = 0;
  for (std::uint32_t u = 0x00000001u; u < 0x7F800000u; u += 0x000FFFFBu) {
    for (const std::uint32_t sign : {0u, 0x80000000u}) {
      const m::real r = m::to_real(from_bits32(u | sign));
      CAPTURE(u | sign);
      for (const bool cosine : {false, true}) {
        tr::plan p = tr::sin_cos_plan(r, cosine);
        const auto golden32 = cosine ? m::cos_rounded<binary32>(r) : m::sin_rounded<binary32>(r);
        const auto golden16 = cosine ? m::cos_rounded<binary16>(r) : m::sin_rounded<binary16>(r);
        const int width = dmlref::detail::bit_width(p.a.mantissa);
        if (width < 60) continue;  // a result the widened bound would swamp (not at these inputs)
        p.a.error = std::uint64_t{1} << (width - 27);
        CHECK(tr::sin_cos_decided<binary32>(r, cosine, p) == golden32);
        p.a.error = std::uint64_t{1} << (width - 14);
        CHECK(tr::sin_cos_decided<binary16>(r, cosine, p) == golden16);
        ++decided;
      }
    }
  }
  CHECK(decided > 2000);
}

TEST_CASE("trig: the approximation made from enclosures rounds as golden does") {
  // approximation_from_enclosure serves reductions with |r| < 2^-58 (none in FLOAT32's
  // sweep); here it replaces the fixed-point approximation on ordinary inputs, the large
  // reductions among them.
  for (std::uint32_t u = 0x3F500000u; u < 0x7F800000u; u += 0x00FFFFF1u) {
    const m::real r = m::to_real(from_bits32(u));
    CAPTURE(u);
    for (const bool cosine : {false, true}) {
      tr::plan p = tr::sin_cos_plan(r, cosine);
      p.a = tr::approximation_from_enclosure(r.magnitude, cosine);
      CHECK(tr::sin_cos_decided<binary32>(r, cosine, p) ==
            (cosine ? m::cos_rounded<binary32>(r) : m::sin_rounded<binary32>(r)));
    }
  }
}

TEST_CASE("trig: the reduction agrees with division by pi's enclosure at every exponent") {
  // |x| 2/pi = k + r: reduce() reads a window of 2/pi's bits; here the same quantity is
  // M 2^(E + 1 + q + 128) / (pi 2^q) in big integers, for mantissas at both ends and between
  // and every exponent that reaches the reduction (|x| >= pi/4) up to FLOAT32's largest.
  const std::uint64_t q = 400;
  const auto pi = tr::pi_enclosure(q);
  const m::bigint two128 = m::bigint(1).shifted_left(128);
  for (int e = -24; e <= 104; ++e) {
    for (const std::uint64_t mant : {std::uint64_t{0xC90FDB}, std::uint64_t{0xFFFFFF}, std::uint64_t{0xA5A5A5},
                                     std::uint64_t{0x800001}}) {
      CAPTURE(e);
      CAPTURE(mant);
      const dmlref::detail::exact_binary x{false, mant, e, false};
      if (tr::below_quarter_pi(x)) continue;
      const tr::reduction red = tr::reduce(x);
      const m::bigint n = m::bigint(mant).shifted_left(static_cast<std::uint64_t>(e + 1 + static_cast<int>(q) + 128));
      const m::bigint y = n / pi.hi;  // y 2^128, within a few units of n / pi.lo
      CHECK(compare(n / pi.lo - y, m::bigint(4)) < 0);
      // y mod 2^130: k mod 4 at bits 128, 129 and the fraction below.
      const unsigned k = (y.bit(128) ? 1u : 0u) | (y.bit(129) ? 2u : 0u);
      const bool upper_half = y.bit(127);
      const m::bigint fraction = y - y.shifted_right(128).shifted_left(128);
      const m::bigint r = upper_half ? two128 - fraction : fraction;
      CHECK(red.quadrant == ((k + (upper_half ? 1u : 0u)) & 3u));
      CHECK(red.negative == upper_half);
      const m::bigint computed = m::bigint(red.r.hi).shifted_left(64) + m::bigint(red.r.lo);
      const m::bigint gap = compare(computed, r) >= 0 ? computed - r : r - computed;
      CHECK(compare(gap, m::bigint(8)) < 0);
    }
  }
}

TEST_CASE("trig: below_quarter_pi holds for mantissas of up to 64 bits") {
  // pi/4 = 0.C90FDAA22168C234C4C6... (hex): its 64-bit floor is below it, the next value above.
  const std::uint64_t floor64 = tr::half_pi_63;
  CHECK(tr::below_quarter_pi({false, floor64, -64, false}));
  CHECK(!tr::below_quarter_pi({false, floor64 + 1, -64, false}));
  CHECK(tr::below_quarter_pi({false, (floor64 >> 39), -25, false}));  // 25 bits
  CHECK(!tr::below_quarter_pi({false, (floor64 >> 39) + 1, -25, false}));
}

namespace {

namespace at = dmlref::math::detail_atan;
namespace el = dmlref::math::detail_exp_log;
using dmlref::detail::exact_binary;

/// The approximation's bound widened to a quarter of a FLOAT32 unit and of a FLOAT16 unit, so
/// that the exact decision runs on about half the inputs: its results must be golden's, which
/// the sweep checks against MPFR. Counts the inputs.
template <class Side>
void check_widened(el::approximation a, Side side, std::uint32_t golden32, std::uint16_t golden16, int& count) {
  const int width = dmlref::detail::bit_width(a.mantissa);
  REQUIRE(width >= 60);
  a.error = std::uint64_t{1} << (width - 27);
  CHECK(el::round_approximation<binary32>(a, side) == golden32);
  a.error = std::uint64_t{1} << (width - 14);
  CHECK(el::round_approximation<binary16>(a, side) == golden16);
  ++count;
}

/// Every 1,048,571st positive finite FLOAT32 bit pattern (about 2,000).
template <class Body>
void for_sampled_inputs(Body body) {
  for (std::uint32_t u = 0x00000001u; u < 0x7F800000u; u += 0x000FFFFBu) {
    CAPTURE(u);
    body(u, m::to_real(from_bits32(u)));
  }
}

}  // namespace

TEST_CASE("tan: the exact decision at a boundary agrees with golden wherever it is forced") {
  int decided = 0;
  for_sampled_inputs([&](std::uint32_t, const m::real& r) {
    const tr::plan p = tr::tan_plan(r);
    check_widened(
        p.a, [&](const exact_binary& b, bool& known) { return tr::compare_tan(r.magnitude, b, known); },
        m::tan_rounded<binary32>(r) & 0x7FFFFFFFu, static_cast<std::uint16_t>(m::tan_rounded<binary16>(r) & 0x7FFFu),
        decided);
  });
  CHECK(decided > 2000);
}

TEST_CASE("atan: the table is floor(atan(i/8) 2^64), proven as tan(C 2^-64) <= i/8 < tan((C + 1) 2^-64)") {
  const std::uint64_t p = 200;
  for (std::uint64_t i = 1; i <= 8; ++i) {
    CAPTURE(i);
    for (const std::uint64_t step : {std::uint64_t{0}, std::uint64_t{1}}) {
      const dmlref::detail::exact_binary c{false, at::atan_table[i] + step, -64, false};
      bool ks = false, kc = false;
      const auto s = tr::enclose_sin_cos(c, false, p, ks);
      const auto co = tr::enclose_sin_cos(c, true, p, kc);
      REQUIRE(ks);
      REQUIRE(kc);
      // 8 sin c <> i cos c: below for C, above for C + 1.
      if (step == 0) {
        CHECK(compare(s.hi * m::bigint(8), co.lo * m::bigint(i)) < 0);
      } else {
        CHECK(compare(s.lo * m::bigint(8), co.hi * m::bigint(i)) > 0);
      }
    }
  }
  for (std::uint64_t n = 1; n <= 8; ++n) {
    const m::bigint c(at::odd_coefficients[n]), d(2 * n + 1), two64 = m::bigint(1).shifted_left(64);
    CHECK(compare(c * d, two64) <= 0);
    CHECK(compare((c + m::bigint(1)) * d, two64) > 0);
  }
}

TEST_CASE("atan: the exact decision at a boundary agrees with golden wherever it is forced") {
  int decided = 0;
  const exact_binary one{false, 1, 0, false};
  for_sampled_inputs([&](std::uint32_t, const m::real& r) {
    check_widened(
        at::atan_value(r.magnitude.mantissa, r.magnitude.exponent, 0),
        [&](const exact_binary& b, bool& known) { return at::compare_angle(r.magnitude, false, one, b, known); },
        m::atan_rounded<binary32>(r), m::atan_rounded<binary16>(r), decided);
  });
  CHECK(decided > 2000);
}

TEST_CASE("asin: isqrt is the floor of the square root") {
  std::uint64_t z = 0x123456789ABCDEFu;
  for (int k = 0; k < 2000; ++k) {
    z = z * 6364136223846793005u + 1442695040888963407u;
    const std::uint64_t hi = (z >> 2) >> (k % 62), lo = z * 0x9E3779B97F4A7C15u;
    if ((hi | lo) == 0) continue;
    const std::uint64_t r = at::isqrt({hi, lo});
    const m::bigint n = m::bigint(hi).shifted_left(64) + m::bigint(lo);
    CHECK(compare(m::bigint(r) * m::bigint(r), n) <= 0);
    CHECK(compare((m::bigint(r) + m::bigint(1)) * (m::bigint(r) + m::bigint(1)), n) > 0);
  }
}

TEST_CASE("asin: the exact decision at a boundary agrees with golden wherever it is forced") {
  int decided = 0;
  for_sampled_inputs([&](std::uint32_t u, const m::real& r) {
    if (u >= 0x3F800000u) return;  // |x| < 1
    check_widened(
        at::asin_value(r.magnitude),
        [&](const exact_binary& b, bool& known) { return at::compare_asin(r.magnitude, b, known); },
        m::asin_rounded<binary32>(r), m::asin_rounded<binary16>(r), decided);
  });
  CHECK(decided > 1000);
}

TEST_CASE("acos: the exact decision at a boundary agrees with golden wherever it is forced") {
  int decided = 0;
  for_sampled_inputs([&](std::uint32_t u, const m::real& r) {
    if (u >= 0x3F800000u) return;  // |x| < 1
    for (const bool negative : {false, true}) {
      m::real signed_r = r;
      signed_r.negative = negative;
      check_widened(
          at::acos_value(negative, r.magnitude),
          [&](const exact_binary& b, bool& known) { return at::compare_acos(negative, r.magnitude, b, known); },
          m::acos_rounded<binary32>(signed_r), m::acos_rounded<binary16>(signed_r), decided);
    }
  });
  CHECK(decided > 2000);
}

TEST_CASE("atan2: the exact decision at a boundary agrees with golden wherever it is forced") {
  // atan2(y, x) for a second value x of another magnitude in [1/2, 2), both signs of x.
  int decided = 0;
  for_sampled_inputs([&](std::uint32_t u, const m::real& y) {
    const m::real x = m::to_real(from_bits32(0x3F000000u + (u % 0x01000000u)));
    for (const bool negative : {false, true}) {
      m::real signed_x = x;
      signed_x.negative = negative;
      check_widened(
          at::atan2_value(y.magnitude, negative, x.magnitude),
          [&](const exact_binary& b, bool& known) { return at::compare_angle(y.magnitude, negative, x.magnitude, b, known); },
          m::atan2_rounded<binary32>(y, signed_x), m::atan2_rounded<binary16>(y, signed_x), decided);
    }
  });
  CHECK(decided > 4000);
}
