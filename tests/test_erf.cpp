// math/erf.hpp: the constants proven with exact integer arithmetic, special values, and the
// exact decision at rounding boundaries (forced by widened error bounds) agreeing with golden.
// Rounded results are in tests/cases/ELEMENT_WISE_ERF.json; the sweep against LLVM's C
// library and MPFR is tests/sweep/trig_sweep.cpp.

#include <doctest/doctest.h>

#include <cstdint>
#include <cstring>

#include <dmlref/math/erf.hpp>

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
