// math/erf.hpp and math/gelu.hpp: the constants proven with exact integer arithmetic, special
// values, and the exact decision at rounding boundaries (forced by widened error bounds)
// agreeing with golden. Rounded results are in tests/cases/ELEMENT_WISE_ERF.json and
// ACTIVATION_GELU.json; the sweep against LLVM's C library and MPFR is tests/sweep/trig_sweep.cpp.

#include <doctest/doctest.h>

#include <cstdint>
#include <cstring>

#include <dmlref/math/erf.hpp>
#include <dmlref/math/gelu.hpp>

namespace {

namespace m = dmlref::math;
namespace ef = dmlref::math::detail_erf;
using dmlref::detail::binary16;
using dmlref::detail::binary32;

float from_bits32(std::uint32_t b) {
  float x;
  std::memcpy(&x, &b, 4);
  return x;
}

}  // namespace

TEST_CASE("erf: two_over_root_pi_63 is floor(2/sqrt(pi) 2^63), by c^2 pi <= 2^128 < (c + 1)^2 pi") {
  const std::uint64_t q = 200;
  const auto pi = dmlref::math::detail_trig::pi_enclosure(q);
  const m::bigint c(ef::two_over_root_pi_63);
  const m::bigint bound = m::bigint(1).shifted_left(128 + q);
  CHECK(compare(c * c * pi.hi, bound) <= 0);
  const m::bigint c1 = c + m::bigint(1);
  CHECK(compare(c1 * c1 * pi.lo, bound) > 0);
}

TEST_CASE("erf: the Taylor coefficients are floor(2^64 / (n! (2n + 1)))") {
  const m::bigint two64 = m::bigint(1).shifted_left(64);
  m::bigint factorial(1);
  for (std::uint64_t n = 1; n < 20; ++n) {
    CAPTURE(n);
    factorial = factorial * m::bigint(n);
    const m::bigint d = factorial * m::bigint(2 * n + 1);
    CHECK(compare(m::bigint(ef::taylor.c[n]) * d, two64) <= 0);
    CHECK(compare((m::bigint(ef::taylor.c[n]) + m::bigint(1)) * d, two64) > 0);
  }
}

TEST_CASE("erf: the positive series stops within the 75 terms its bound counts, for every a in [1, 4)") {
  // The number of terms grows with a; every 1,001st FLOAT32 value from 1 up to the largest
  // below 4, which is checked too.
  std::uint64_t most = 0;
  for (std::uint32_t u = 0x3F800000u;; u = u + 1001u < 0x40800000u ? u + 1001u : (u == 0x407FFFFFu ? 0u : 0x407FFFFFu)) {
    if (u == 0) break;
    const m::real r = m::to_real(from_bits32(u));
    std::uint64_t terms = 0;
    (void)ef::erf_large(r.magnitude.mantissa, r.magnitude.exponent, &terms);
    most = terms > most ? terms : most;
  }
  CHECK(most < 75);
  CHECK(most > 40);  // the count is real
}

TEST_CASE("erf: special values, FLOAT32 and FLOAT16") {
  const auto erf32 = [](std::uint32_t u) { return m::erf_rounded<binary32>(m::to_real(from_bits32(u))); };
  CHECK(erf32(0x00000000u) == 0x00000000u);
  CHECK(erf32(0x80000000u) == 0x80000000u);
  CHECK(erf32(0x7F800000u) == 0x3F800000u);
  CHECK(erf32(0xFF800000u) == 0xBF800000u);
  CHECK(erf32(0x7FC01234u) == 0x7FC00000u);
  CHECK(erf32(0x40800000u) == 0x3F800000u);  // erf 4 rounds to 1
  CHECK(erf32(0x00000001u) == 0x00000001u);  // 1.128 2^-149 rounds to 2^-149
  CHECK(m::erf_rounded<binary16>(m::to_real(from_bits32(0xC0800000u))) == 0xBC00u);
}

TEST_CASE("erf: the exact decision at a boundary agrees with golden wherever it is forced") {
  // The approximations' bounds (64 units of 2^-62 below 1, 2^15 above) are widened to a
  // quarter of a FLOAT32 unit and of a FLOAT16 unit, so that the decision runs on about half
  // the inputs below; its results must be golden's, which the sweep checks against MPFR.
  int decided = 0;
  for (std::uint32_t u = 0x33000000u; u < 0x40800000u; u += 0x0001FFF7u) {
    const m::real r = m::to_real(from_bits32(u));
    CAPTURE(u);
    const int top = dmlref::math::detail_exp_log::leading_exponent(r.magnitude);
    ef::approximation a = top < 0 ? ef::erf_small(r.magnitude.mantissa, r.magnitude.exponent)
                                  : ef::erf_large(r.magnitude.mantissa, r.magnitude.exponent);
    const int width = dmlref::detail::bit_width(a.mantissa);
    const auto side = [&](const dmlref::detail::exact_binary& b, bool& known) {
      return ef::compare_erf(r.magnitude, b, known);
    };
    a.error = std::uint64_t{1} << (width - 27);
    CHECK(dmlref::math::detail_exp_log::round_approximation<binary32>(a, side) == m::erf_rounded<binary32>(r));
    a.error = std::uint64_t{1} << (width - 14);
    CHECK(dmlref::math::detail_exp_log::round_approximation<binary16>(a, side) == m::erf_rounded<binary16>(r));
    ++decided;
  }
  CHECK(decided > 500);
}

namespace {
namespace gl = dmlref::math::detail_gelu;
}  // namespace

TEST_CASE("gelu: 1/sqrt(2 pi) is enclosed: 2 lo^2 pi < 2^(2P) < 2 hi^2 pi, within 8 units, cut or fresh") {
  for (const std::uint64_t p : {64u, 200u, 1024u, 1100u}) {
    CAPTURE(p);
    const dmlref::math::fixed_enclosure c = gl::inverse_root_two_pi(p);
    const dmlref::math::fixed_enclosure pi = dmlref::math::detail_trig::pi_enclosure(p + 16);
    const dmlref::math::bigint one = dmlref::math::bigint(1).shifted_left(3 * p + 16);
    CHECK(compare((c.lo * c.lo * pi.hi).shifted_left(1), one) < 0);
    CHECK(compare((c.hi * c.hi * pi.lo).shifted_left(1), one) > 0);
    CHECK(compare(c.hi, c.lo + dmlref::math::bigint(8)) <= 0);
  }
}

TEST_CASE("gelu: special values and the shortcuts' ends, FLOAT32 and FLOAT16") {
  const auto gelu32 = [](std::uint32_t u) { return m::gelu_rounded<binary32>(m::to_real(from_bits32(u))); };
  CHECK(gelu32(0x00000000u) == 0x00000000u);
  CHECK(gelu32(0x80000000u) == 0x80000000u);
  CHECK(gelu32(0x7F800000u) == 0x7F800000u);
  CHECK(gelu32(0xFF800000u) == 0x80000000u);  // -Inf: -0, the limit
  CHECK(gelu32(0x7FC01234u) == 0x7FC00000u);
  CHECK(gelu32(0x7F7FFFFFu) == 0x7F7FFFFFu);
  CHECK(gelu32(0xFF7FFFFFu) == 0x80000000u);
  // x Phi(x) for x = +-2^-149: just above and just below half the smallest subnormal.
  CHECK(gelu32(0x00000001u) == 0x00000001u);
  CHECK(gelu32(0x80000001u) == 0x80000000u);
  // The last FLOAT32 inputs decided by the enclosure (python3-mpmath at 400 bits): below x up
  // to 5.3475151 (0x40ab1ed8 -> its predecessor), a nonzero result down to -14.356068.
  CHECK(gelu32(0x40AB1ED8u) == 0x40AB1ED7u);
  CHECK(gelu32(0x40AB1ED9u) == 0x40AB1ED9u);
  CHECK(gelu32(0xC165B274u) == 0x80000001u);
  CHECK(gelu32(0xC165B275u) == 0x80000000u);
  CHECK(gelu32(0xC1600000u) == 0x8000004Eu);  // x = -14
  const auto gelu16 = [](std::uint16_t u) {
    return m::gelu_rounded<binary16>(m::to_real(dmlref::float16::from_bits(u)));
  };
  CHECK(gelu16(0xFC00u) == 0x8000u);
  CHECK(gelu16(0x42E4u) == 0x42E3u);  // 3.4453125 -> its predecessor
  CHECK(gelu16(0x42E5u) == 0x42E5u);
  CHECK(gelu16(0xC5B9u) == 0x8001u);  // -5.7226563 -> -2^-24
  CHECK(gelu16(0xC5BAu) == 0x8000u);
}

TEST_CASE("gelu: the exact decision at a boundary agrees with golden wherever it is forced") {
  // The first enclosure's half-width is widened to a quarter of a FLOAT32 unit and of a
  // FLOAT16 unit, so that the decision (enclosures at doubling precision) runs on about half
  // the inputs, negative ones included; its results must be golden's, which the sweep checks
  // against MPFR.
  int decided = 0;
  for (std::uint32_t u = 0x33000000u; u < 0x41680000u; u += 0x0003FFF1u) {
    for (const std::uint32_t sign : {0u, 0x80000000u}) {
      const m::real r = m::to_real(from_bits32(u | sign));
      CAPTURE(u | sign);
      const std::uint64_t guard = dmlref::math::detail_exp_log::first_guard_bits;
      dmlref::math::detail_exp_log::approximation a =
          gl::to_approximation(gl::gelu_enclosure(r.negative, r.magnitude, guard));
      const int width = dmlref::detail::bit_width(a.mantissa);
      const auto side = [&](const dmlref::detail::exact_binary& b, bool& known) {
        return gl::compare_gelu(r.negative, r.magnitude, b, known);
      };
      const auto with_sign = [&](std::uint32_t magnitude) { return r.negative ? magnitude | 0x80000000u : magnitude; };
      const std::uint32_t golden32 = m::gelu_rounded<binary32>(r);
      if ((golden32 & 0x7FFFFFFFu) != 0 && golden32 != (u | sign)) {  // not a shortcut's result
        a.error = std::uint64_t{1} << (width - 27);
        CHECK(with_sign(dmlref::math::detail_exp_log::round_approximation<binary32>(a, side)) == golden32);
        ++decided;
      }
    }
  }
  CHECK(decided > 200);
}
