// math/exp_log.hpp, math/tanh.hpp, math/sigmoid.hpp, math/hyperbolic.hpp, math/scaled_expm1.hpp,
// math/softplus.hpp, math/scaled_tanh.hpp, math/swish.hpp: the constants proven with exact integer arithmetic, the fixed-point
// logarithm and square root checked against exact ones, special values, and
// the exact decision at rounding boundaries (forced by widened error bounds). The sweep of
// every input against LLVM's C library and MPFR is tests/sweep/exp_log_sweep.cpp.

#include <doctest/doctest.h>

#include <cstdint>
#include <cstring>

#include <dmlref/math/exp_log.hpp>
#include <dmlref/math/hyperbolic.hpp>
#include <dmlref/math/scaled_expm1.hpp>
#include <dmlref/math/scaled_tanh.hpp>
#include <dmlref/math/sigmoid.hpp>
#include <dmlref/math/softplus.hpp>
#include <dmlref/math/swish.hpp>
#include <dmlref/math/tanh.hpp>

namespace {

namespace m = dmlref::math;
namespace el = dmlref::math::detail_exp_log;
using dmlref::detail::binary16;
using dmlref::detail::binary32;

m::bigint big(el::u128 v) { return m::bigint(v.hi).shifted_left(64) + m::bigint(v.lo); }

float from_bits32(std::uint32_t b) {
  float x;
  std::memcpy(&x, &b, 4);
  return x;
}

/// floor(v * 2^-shift) for both ends of an enclosure; they must agree for a proof.
bool floor_is(const m::fixed_enclosure& e, std::uint64_t shift, const m::bigint& expected) {
  return compare(e.lo.shifted_right(shift), expected) == 0 && compare(e.hi.shifted_right(shift), expected) == 0;
}

}  // namespace

TEST_CASE("exp_log: ln2_128 is floor(ln 2 * 2^128)") {
  CHECK(floor_is(m::ln2_enclosure(256), 128, big(el::ln2_128)));
}

TEST_CASE("exp_log: exp2_table[j] is floor(2^(j/64) * 2^63), by T^64 <= 2^(4032 + j) < (T + 1)^64") {
  for (std::uint64_t j = 0; j < 64; ++j) {
    CAPTURE(j);
    const std::uint64_t t = el::exp2_table[j];
    m::bigint low, high;
    REQUIRE(m::bigint::power(t, 64, 4200, low));
    REQUIRE(m::bigint::power(t + 1, 64, 4200, high));
    const m::bigint two_power = m::bigint(1).shifted_left(63 * 64 + j);
    CHECK(compare(low, two_power) <= 0);
    CHECK(compare(two_power, high) < 0);
  }
}

TEST_CASE("exp_log: log_table[i] is floor(ln(2^16 / c_i) * 2^64), and c_i = ceil(2^23 / (128 + i))") {
  const std::uint64_t precision = 256;
  const auto ln2 = m::ln2_enclosure(precision);
  for (std::uint32_t i = 0; i < 128; ++i) {
    CAPTURE(i);
    const std::uint32_t c = el::reciprocals.c[i];
    CHECK(std::uint64_t{c} * (128 + i) >= (std::uint64_t{1} << 23));
    CHECK(std::uint64_t{c - 1} * (128 + i) < (std::uint64_t{1} << 23));
    // ln(2^16 / c) = (16 - octaves) ln 2 - ln f, c = 2^octaves f.
    const auto split = m::ln_integer(c, precision);
    const auto k = static_cast<std::uint64_t>(16 - split.whole_octaves);
    m::fixed_enclosure v;
    v.lo = ln2.lo * m::bigint(k) - split.fraction_log.hi;
    v.hi = ln2.hi * m::bigint(k) - split.fraction_log.lo;
    CHECK(floor_is(v, precision - 64, m::bigint(el::log_table[i])));
  }
}

TEST_CASE("exp_log: special values and exact cases, FLOAT32 and FLOAT16") {
  const auto exp32 = [](float x) { return m::exp_rounded<binary32>(m::to_real(x)); };
  const auto log32 = [](float x) { return m::log_rounded<binary32>(m::to_real(x)); };
  const float inf = from_bits32(0x7F800000u);
  CHECK(exp32(0.0f) == 0x3F800000u);
  CHECK(exp32(-0.0f) == 0x3F800000u);
  CHECK(exp32(-inf) == 0u);
  CHECK(exp32(inf) == 0x7F800000u);
  CHECK(exp32(from_bits32(0xFFC01234u)) == 0x7FC00000u);
  CHECK(exp32(from_bits32(0x00000001u)) == 0x3F800000u);  // subnormal x: 1
  CHECK(exp32(1000.0f) == 0x7F800000u);
  CHECK(exp32(-1000.0f) == 0u);
  CHECK(log32(1.0f) == 0u);
  CHECK(log32(0.0f) == 0xFF800000u);
  CHECK(log32(-0.0f) == 0xFF800000u);
  CHECK(log32(-1.0f) == 0x7FC00000u);
  CHECK(log32(-inf) == 0x7FC00000u);
  CHECK(log32(inf) == 0x7F800000u);
  CHECK(log32(from_bits32(0x7FC01234u)) == 0x7FC00000u);
  CHECK(m::exp_rounded<binary16>(m::to_real(12.0f)) == 0x7C00u);
  CHECK(m::log_rounded<binary16>(m::to_real(1.0f)) == 0u);
  CHECK(m::log_rounded<binary16>(m::to_real(0.0f)) == 0xFC00u);
}

TEST_CASE("exp_log: the exact decision at a boundary agrees with golden wherever it is forced") {
  // No FLOAT32 input of EXP or LOG lies close enough to a rounding boundary to need the exact
  // decision (the sweep of docs/reliability.md found none of all 2^32). To test it, the
  // approximations' error bounds (in units of 2^-62 or less of the result) are widened to
  // a quarter of a FLOAT32 unit (2^37) and of a FLOAT16 unit (2^50), so that the decision
  // runs on about half the inputs below; its results must be golden's, which the sweep
  // proves correctly rounded.
  const auto check_exp = [](std::uint32_t u) {
    const m::real r = m::to_real(from_bits32(u));
    CAPTURE(u);
    if (!r.is_finite_nonzero()) return;
    const int top = el::leading_exponent(r.magnitude);
    if (top < -30 || top >= 7) return;
    el::approximation a = el::exp_approximation(r.negative, r.magnitude);
    a.error = std::uint64_t{1} << 37;
    CHECK(el::exp_decided<binary32>(r, a) == m::exp_rounded<binary32>(r));
    a.error = std::uint64_t{1} << 50;
    CHECK(el::exp_decided<binary16>(r, a) == m::exp_rounded<binary16>(r));
  };
  const auto check_log = [](std::uint32_t u) {
    const m::real r = m::to_real(from_bits32(u));
    CAPTURE(u);
    if (!r.is_finite_nonzero() || r.negative) return;
    const int width = dmlref::detail::bit_width(r.magnitude.mantissa);
    const std::uint64_t mant = r.magnitude.mantissa << (24 - width);
    const int e = r.magnitude.exponent + width - 1;
    if (e == 0 && mant == (std::uint64_t{1} << 23)) return;
    const bool near_one = (e == 0 && mant < (std::uint64_t{1} << 23) + (std::uint64_t{1} << 16)) ||
                          (e == -1 && mant > (std::uint64_t{1} << 24) - (std::uint64_t{1} << 17));
    el::approximation a = near_one ? el::log_near_one(mant, e) : el::log_general(mant, e);
    a.error = std::uint64_t{1} << 37;
    CHECK(el::log_decided<binary32>(mant, e, a) == m::log_rounded<binary32>(r));
    a.error = std::uint64_t{1} << 50;
    CHECK(el::log_decided<binary16>(mant, e, a) == m::log_rounded<binary16>(r));
  };
  // EXP where it is computed, 2^-30 <= |x| < 128, both signs; LOG over every positive
  // binade (subnormals included), and next to 1 on both sides.
  for (std::uint32_t u = 0x30800000u; u < 0x43000000u; u += 0x0001A2B3u) {
    check_exp(u);
    check_exp(u | 0x80000000u);
  }
  for (std::uint32_t u = 1; u < 0x7F800000u; u += 0x0007A2B3u) check_log(u);
  for (std::uint32_t u = 0x3F7E0000u; u < 0x3F820000u; u += 0x00000A2Bu) check_log(u);
}

TEST_CASE("exp_log: tanh's special values, and its exact decision forced as above") {
  const auto tanh32 = [](float x) { return m::tanh_rounded<binary32>(m::to_real(x)); };
  const float inf = from_bits32(0x7F800000u);
  CHECK(tanh32(0.0f) == 0u);
  CHECK(tanh32(-0.0f) == 0x80000000u);
  CHECK(tanh32(inf) == 0x3F800000u);
  CHECK(tanh32(-inf) == 0xBF800000u);
  CHECK(tanh32(from_bits32(0xFFC01234u)) == 0x7FC00000u);
  CHECK(tanh32(from_bits32(0x80000001u)) == 0x80000001u);  // tanh x rounds to x for tiny x
  CHECK(tanh32(20.0f) == 0x3F800000u);
  CHECK(tanh32(-9.0f) == 0xBF7FFFFFu);  // 1 - tanh 9 = 3.05e-8, above half a unit below 1
  CHECK(tanh32(-10.0f) == 0xBF800000u);
  // A FLOAT32 x on a FLOAT16 midpoint: tanh x lies just below it and rounds toward zero.
  CHECK(m::tanh_rounded<binary16>(m::to_real(from_bits32(0x33000000u))) == 0u);       // 2^-25
  CHECK(m::tanh_rounded<binary16>(m::to_real(from_bits32(0x3A801000u))) == 0x1400u);  // (1 + 2^-11) 2^-10
  for (std::uint32_t u = 1; u < 0x41800000u; u += 0x0003A2B3u) {
    const m::real r = m::to_real(from_bits32(u));
    CAPTURE(u);
    el::approximation a = m::detail_tanh::tanh_approximation(r.magnitude);
    const int lead = dmlref::detail::bit_width(a.mantissa) - 1;  // a quarter of the unit
    a.error = std::uint64_t{1} << (lead - 23 - 2);
    CHECK(el::round_approximation<binary32>(a, [&](const m::exact_binary& b, bool& known) {
            return m::detail_tanh::compare_tanh(r.magnitude, b, known);
          }) == tanh32(from_bits32(u)));
    a.error = std::uint64_t{1} << (lead - 10 - 2);
    CHECK(el::round_approximation<binary16>(a, [&](const m::exact_binary& b, bool& known) {
            return m::detail_tanh::compare_tanh(r.magnitude, b, known);
          }) == m::tanh_rounded<binary16>(r));
  }
}

TEST_CASE("exp_log: sigmoid's special values, and its exact decision forced as above") {
  const auto sigmoid32 = [](float x) { return m::sigmoid_rounded<binary32>(m::to_real(x)); };
  const float inf = from_bits32(0x7F800000u);
  CHECK(sigmoid32(0.0f) == 0x3F000000u);
  CHECK(sigmoid32(-0.0f) == 0x3F000000u);
  CHECK(sigmoid32(inf) == 0x3F800000u);
  CHECK(sigmoid32(-inf) == 0u);
  CHECK(sigmoid32(from_bits32(0x7FC01234u)) == 0x7FC00000u);
  CHECK(sigmoid32(from_bits32(0x34C00000u)) == 0x3F000001u);  // 1.5 2^-22: just below a midpoint
  CHECK(sigmoid32(200.0f) == 0x3F800000u);
  CHECK(sigmoid32(-200.0f) == 0u);
  CHECK(sigmoid32(-103.5f) == 0x00000001u);
  for (std::uint32_t u = 0x30800000u; u < 0x43000000u; u += 0x0001A2B3u) {
    for (const std::uint32_t bits : {u, u | 0x80000000u}) {
      const m::real r = m::to_real(from_bits32(bits));
      CAPTURE(bits);
      el::approximation a = m::detail_sigmoid::sigmoid_approximation(r.negative, r.magnitude);
      const int lead = dmlref::detail::bit_width(a.mantissa) - 1;
      const auto side = [&](const m::exact_binary& b, bool& known) {
        return m::detail_sigmoid::compare_sigmoid(r.negative, r.magnitude, b, known);
      };
      a.error = std::uint64_t{1} << (lead - 23 - 2);
      CHECK(el::round_approximation<binary32>(a, side) == m::sigmoid_rounded<binary32>(r));
      a.error = std::uint64_t{1} << (lead - 10 - 2);
      CHECK(el::round_approximation<binary16>(a, side) == m::sigmoid_rounded<binary16>(r));
    }
  }
}

TEST_CASE("hyperbolic: ln_fixed within its bound of an exact enclosure, isqrt exact") {
  namespace hy = m::detail_hyperbolic;
  const std::uint64_t precision = 192;
  const auto ln2 = m::ln2_enclosure(precision);
  std::uint64_t y = 0x8000000000000001u;
  for (int k = 0; k < 400; ++k) {
    CAPTURE(y);
    const std::int64_t e = k % 104 - 63;  // ln(y 2^e) >= 0
    const hy::signed_fixed approx = hy::ln_fixed(y, e);
    // ln(y 2^e) 2^192 = (ln y + e ln 2) 2^192, enclosed exactly.
    const m::log_split split = m::ln_integer(y, precision);
    const auto octaves = static_cast<std::uint64_t>(split.whole_octaves);
    m::fixed_enclosure positive = m::scale_enclosure(ln2, m::bigint(octaves), 0) + split.fraction_log;
    const m::fixed_enclosure negative = m::scale_enclosure(ln2, m::bigint(static_cast<std::uint64_t>(-e)), 0);
    if (e >= 0) positive = positive + m::scale_enclosure(ln2, m::bigint(static_cast<std::uint64_t>(e)), 0);
    const m::bigint lo = e >= 0 ? positive.lo : positive.lo - negative.hi;
    const m::bigint hi = e >= 0 ? positive.hi : positive.hi - negative.lo;
    REQUIRE(!approx.negative);
    // |approx 2^72 - exact 2^192| < 1.04 2^-64 2^192 = 1.04 2^128.
    const m::bigint a = big(approx.magnitude).shifted_left(72);
    const m::bigint bound = m::bigint(0x10A3D70A3D70A3D7u).shifted_left(68);  // 1.04 2^128 (rounded up)
    CHECK(compare(a, hi + bound) < 0);
    CHECK(compare(lo, a + bound) < 0);
    y = y + 0x0123456789ABCDEu * static_cast<std::uint64_t>(k + 1);
    if (y < 0x8000000000000000u) y |= 0x8000000000000000u;
  }
  for (std::uint64_t r : {std::uint64_t{0}, std::uint64_t{1}, std::uint64_t{2}, std::uint64_t{0xFFFFFFFFu},
                          std::uint64_t{0x5A827999FCEF3242u}, std::uint64_t{0xFFFFFFFFFFFFFFFFu}}) {
    CAPTURE(r);
    const el::u128 square = el::multiply(r, r);
    CHECK(hy::isqrt(square) == r);
    if (r != 0) CHECK(hy::isqrt(square - el::u128{0, 1}) == r - 1);
    if (r != 0xFFFFFFFFFFFFFFFFu) CHECK(hy::isqrt(square + el::u128{0, 2 * r}) == r);  // (r + 1)^2 - 1
    const m::bigint b = big(square);
    CHECK(compare(hy::isqrt(b), m::bigint(r)) == 0);
    if (r != 0) CHECK(compare(hy::isqrt(b - m::bigint(1)), m::bigint(r - 1)) == 0);
  }
}

TEST_CASE("hyperbolic: special values, FLOAT32 and FLOAT16") {
  const float inf = from_bits32(0x7F800000u);
  const float nan = from_bits32(0xFFC01234u);
  const auto r = [](float x) { return m::to_real(x); };
  CHECK(m::sinh_rounded<binary32>(r(0.0f)) == 0u);
  CHECK(m::sinh_rounded<binary32>(r(-0.0f)) == 0x80000000u);
  CHECK(m::sinh_rounded<binary32>(r(-inf)) == 0xFF800000u);
  CHECK(m::sinh_rounded<binary32>(r(nan)) == 0x7FC00000u);
  CHECK(m::sinh_rounded<binary32>(r(from_bits32(0x80000001u))) == 0x80000001u);
  CHECK(m::sinh_rounded<binary32>(r(-1000.0f)) == 0xFF800000u);
  CHECK(m::cosh_rounded<binary32>(r(-0.0f)) == 0x3F800000u);
  CHECK(m::cosh_rounded<binary32>(r(-inf)) == 0x7F800000u);
  CHECK(m::cosh_rounded<binary32>(r(from_bits32(0x00000001u))) == 0x3F800000u);
  CHECK(m::cosh_rounded<binary32>(r(nan)) == 0x7FC00000u);
  CHECK(m::asinh_rounded<binary32>(r(-0.0f)) == 0x80000000u);
  CHECK(m::asinh_rounded<binary32>(r(-inf)) == 0xFF800000u);
  CHECK(m::asinh_rounded<binary32>(r(from_bits32(0x80000001u))) == 0x80000001u);
  CHECK(m::acosh_rounded<binary32>(r(1.0f)) == 0u);
  CHECK(m::acosh_rounded<binary32>(r(inf)) == 0x7F800000u);
  CHECK(m::acosh_rounded<binary32>(r(0.0f)) == 0x7FC00000u);
  CHECK(m::acosh_rounded<binary32>(r(-0.0f)) == 0x7FC00000u);
  CHECK(m::acosh_rounded<binary32>(r(from_bits32(0x3F7FFFFFu))) == 0x7FC00000u);
  CHECK(m::acosh_rounded<binary32>(r(-inf)) == 0x7FC00000u);
  CHECK(m::atanh_rounded<binary32>(r(-0.0f)) == 0x80000000u);
  CHECK(m::atanh_rounded<binary32>(r(1.0f)) == 0x7F800000u);
  CHECK(m::atanh_rounded<binary32>(r(-1.0f)) == 0xFF800000u);
  CHECK(m::atanh_rounded<binary32>(r(from_bits32(0x3F800001u))) == 0x7FC00000u);
  CHECK(m::atanh_rounded<binary32>(r(inf)) == 0x7FC00000u);
  CHECK(m::atanh_rounded<binary32>(r(from_bits32(0x00000003u))) == 0x00000003u);
  CHECK(m::sinh_rounded<binary16>(r(12.0f)) == 0x7C00u);
  CHECK(m::cosh_rounded<binary16>(r(-12.0f)) == 0x7C00u);
  CHECK(m::acosh_rounded<binary16>(r(1.0f)) == 0u);
  CHECK(m::atanh_rounded<binary16>(r(-1.0f)) == 0xFC00u);
  // A FLOAT32 x on a FLOAT16 midpoint: sinh x and atanh x lie just above it and round away
  // from zero, asinh x just below it and rounds toward zero.
  CHECK(m::sinh_rounded<binary16>(r(from_bits32(0x33000000u))) == 0x0001u);   // 2^-25
  CHECK(m::atanh_rounded<binary16>(r(from_bits32(0x33000000u))) == 0x0001u);
  CHECK(m::asinh_rounded<binary16>(r(from_bits32(0x33000000u))) == 0u);
  CHECK(m::asinh_rounded<binary16>(r(from_bits32(0x3A801000u))) == 0x1400u);  // (1 + 2^-11) 2^-10
  CHECK(m::sinh_rounded<binary16>(r(from_bits32(0x3A801000u))) == 0x1401u);
}

TEST_CASE("hyperbolic: the exact decision agrees with golden wherever it is forced") {
  // As for TANH above: the approximations' bounds widened to a quarter of a FLOAT32 and of a
  // FLOAT16 unit, so that the decision runs on about half the inputs; its answers must be
  // golden's, which the sweeps prove correctly rounded.
  namespace hy = m::detail_hyperbolic;
  const auto forced = [](el::approximation a, auto side, auto golden32, auto golden16) {
    const int lead = dmlref::detail::bit_width(a.mantissa) - 1;
    el::approximation a32 = a, a16 = a;
    a32.error = std::uint64_t{1} << (lead - 23 - 2);
    a16.error = std::uint64_t{1} << (lead - 10 - 2);
    CHECK(el::round_approximation<binary32>(a32, side) == (golden32 & 0x7FFFFFFFu));
    CHECK(el::round_approximation<binary16>(a16, side) == (golden16 & 0x7FFFu));
  };
  for (std::uint32_t u = 1; u < 0x42FF0000u; u += 0x000DA2B3u) {
    const m::real x = m::to_real(from_bits32(u | 0x80000000u));
    CAPTURE(u);
    forced(hy::sinh_approximation(x.magnitude),
           [&](const m::exact_binary& b, bool& k) { return hy::compare_with_inverse(x.magnitude, b, false, k); },
           m::sinh_rounded<binary32>(x), m::sinh_rounded<binary16>(x));
    if (u >= 0x30800000u) {
      forced(hy::exp_pair(x.magnitude, false),
             [&](const m::exact_binary& b, bool& k) { return hy::compare_with_inverse(x.magnitude, b, true, k); },
             m::cosh_rounded<binary32>(x), m::cosh_rounded<binary16>(x));
    }
    if (u < 0x3F800000u) {
      forced(hy::atanh_approximation(x.magnitude),
             [&](const m::exact_binary& b, bool& k) { return hy::compare_atanh(x.magnitude, b, k); },
             m::atanh_rounded<binary32>(x), m::atanh_rounded<binary16>(x));
    }
  }
  for (std::uint32_t u = 1; u < 0x7F000000u; u += 0x001DA2B3u) {
    const m::real x = m::to_real(from_bits32(u));
    CAPTURE(u);
    forced(hy::asinh_approximation(x.magnitude),
           [&](const m::exact_binary& b, bool& k) { return hy::compare_root_log(x.magnitude, b, false, k); },
           m::asinh_rounded<binary32>(x), m::asinh_rounded<binary16>(x));
    if (u > 0x3F800000u) {
      forced(hy::root_log(x.magnitude, true),
             [&](const m::exact_binary& b, bool& k) { return hy::compare_root_log(x.magnitude, b, true, k); },
             m::acosh_rounded<binary32>(x), m::acosh_rounded<binary16>(x));
    }
  }
  for (std::uint32_t u = 0x3F800001u; u < 0x3F810000u; u += 0x00000A2Bu) {  // acosh next to 1
    const m::real x = m::to_real(from_bits32(u));
    forced(hy::root_log(x.magnitude, true),
           [&](const m::exact_binary& b, bool& k) { return hy::compare_root_log(x.magnitude, b, true, k); },
           m::acosh_rounded<binary32>(x), m::acosh_rounded<binary16>(x));
  }
}

TEST_CASE("exp_log: C |e^z - 1| (the ELU family): tiny z relative, and its exact decision forced as above") {
  namespace se = m::detail_scaled_expm1;
  const auto rounded32 = [](float c, float x) {
    const m::real cr = m::to_real(c), xr = m::to_real(x);
    return m::scaled_expm1_rounded<binary32>(cr.magnitude, xr.negative, xr.magnitude, nullptr);
  };
  // e^x - 1 = x (1 + x/2 + ...): for x = -2^-149 the magnitude lies just below 2^-149 times C.
  CHECK(rounded32(1.0f, from_bits32(0x80000001u)) == 0x00000001u);
  CHECK(rounded32(1.5f, from_bits32(0x80000001u)) == 0x00000001u);  // 1.5 2^-149 a midpoint: below it
  CHECK(rounded32(2.5f, from_bits32(0x80000001u)) == 0x00000002u);
  CHECK(rounded32(1.5f, from_bits32(0x00000001u)) == 0x00000002u);  // z > 0: just above the midpoint
  CHECK(rounded32(1.0f, -1000.0f) == 0x3F800000u);
  CHECK(rounded32(1.0f, 100.0f) == 0x7F800000u);
  CHECK(rounded32(1.0f, from_bits32(0x3F000000u)) == 0x3F261299u);  // e^0.5 - 1 = 0.6487212707...
  for (const float c : {1.0f, 1.5f, 1.6732632f, 0.1f, 3e38f}) {
    const m::real cr = m::to_real(c);
    for (std::uint32_t u = 1; u < 0x7F800000u; u += 0x0007A2B3u) {
      for (const std::uint32_t bits : {u | 0x80000000u, u}) {
        const m::real r = m::to_real(from_bits32(bits));
        if (!r.negative && dmlref::detail::bit_width(r.magnitude.mantissa) - 1 + r.magnitude.exponent >= 8) continue;
        CAPTURE(c);
        CAPTURE(bits);
        el::approximation a = se::scaled(se::expm1_approximation(r.negative, r.magnitude), cr.magnitude);
        const int lead = dmlref::detail::bit_width(a.mantissa) - 1;
        const auto side = [&](const m::exact_binary& b, bool& known) {
          return se::compare_scaled_expm1(cr.magnitude, r.negative, r.magnitude, nullptr, b, known);
        };
        a.error = std::uint64_t{1} << (lead - 23 - 2);
        CHECK(el::round_approximation<binary32>(a, side) ==
              m::scaled_expm1_rounded<binary32>(cr.magnitude, r.negative, r.magnitude, nullptr));
        a.error = std::uint64_t{1} << (lead - 10 - 2);
        CHECK(el::round_approximation<binary16>(a, side) ==
              m::scaled_expm1_rounded<binary16>(cr.magnitude, r.negative, r.magnitude, nullptr));
      }
    }
  }
}

TEST_CASE("exp_log: C |e^(N/D) - 1| (CELU's quotient): its exact decision forced as above") {
  namespace se = m::detail_scaled_expm1;
  // 3 (e^(-1/3) - 1) = -0.8504535...; -0.75 (e^(1/0.75) - 1) = -2.0956...
  const m::exact_binary three = m::to_real(3.0f).magnitude;
  CHECK(m::scaled_expm1_rounded<binary32>(three, true, m::to_real(1.0f).magnitude, &three) == 0x3F59B436u);
  for (const float alpha : {3.0f, 0.75f, 1e-3f, 7e10f}) {
    const m::real ar = m::to_real(alpha);
    for (std::uint32_t u = 1; u < 0x7F800000u; u += 0x0007A2B3u) {
      for (const bool z_negative : {true, false}) {
        const m::real r = m::to_real(from_bits32(u));
        const m::exact_binary z = se::quotient_approximation(r.magnitude, ar.magnitude);
        if (!z_negative && el::leading_exponent(z) >= 8) continue;
        CAPTURE(alpha);
        CAPTURE(u);
        CAPTURE(z_negative);
        el::approximation a = se::expm1_approximation(z_negative, z);
        a = se::scaled(a, ar.magnitude);
        const int lead = dmlref::detail::bit_width(a.mantissa) - 1;
        const auto side = [&](const m::exact_binary& b, bool& known) {
          return se::compare_scaled_expm1(ar.magnitude, z_negative, r.magnitude, &ar.magnitude, b, known);
        };
        a.error = std::uint64_t{1} << (lead - 23 - 2);
        CHECK(el::round_approximation<binary32>(a, side) ==
              m::scaled_expm1_rounded<binary32>(ar.magnitude, z_negative, r.magnitude, &ar.magnitude));
        a.error = std::uint64_t{1} << (lead - 10 - 2);
        CHECK(el::round_approximation<binary16>(a, side) ==
              m::scaled_expm1_rounded<binary16>(ar.magnitude, z_negative, r.magnitude, &ar.magnitude));
      }
    }
  }
}

TEST_CASE("exp_log: C ln(1 + e^t) (the softplus family): relative for very negative t, and its exact decision forced") {
  namespace sp = m::detail_softplus;
  const m::exact_binary zero{false, 0, 0, false};
  const m::exact_binary one = m::to_real(1.0f).magnitude;
  CHECK(m::softplus_rounded<binary32>(false, zero, one, true) == 0x3F317218u);  // ln 2
  CHECK(m::softplus_rounded<binary32>(true, m::to_real(100.0f).magnitude, one, true) == 0x0000001Bu);  // e^-100
  CHECK(m::softplus_rounded<binary32>(true, m::to_real(104.0f).magnitude, one, true) == 0u);
  CHECK(m::softplus_rounded<binary32>(true, m::to_real(300.0f).magnitude, m::to_real(3e38f).magnitude, false) == 0u);
  CHECK(m::softplus_rounded<binary32>(false, m::to_real(100.0f).magnitude, one, true) == 0x42C80000u);  // 100
  // (c, divide) as plain variables: lambdas and CAPTURE may not name structured bindings before C++20.
  for (const auto& sample : {std::pair{1.0f, true}, std::pair{3.0f, true}, std::pair{1.5f, false},
                             std::pair{3e30f, false}, std::pair{1e-3f, false}}) {
    const float c = sample.first;
    const bool divide = sample.second;
    const m::exact_binary cm = m::to_real(c).magnitude;
    for (std::uint32_t u = 1; u < 0x43800000u; u += 0x0003A2B3u) {  // |t| < 256
      for (const std::uint32_t bits : {u | 0x80000000u, u}) {
        const m::real r = m::to_real(from_bits32(bits));
        if (!r.negative && el::leading_exponent(r.magnitude) >= 7) continue;  // t >= 128: the callers'
        CAPTURE(c);
        CAPTURE(bits);
        el::approximation a = sp::softplus_approximation(r.negative, r.magnitude);
        a = divide ? sp::divided(a, cm) : m::detail_scaled_expm1::scaled(a, cm);
        const int lead = dmlref::detail::bit_width(a.mantissa) - 1;
        const auto side = [&](const m::exact_binary& b, bool& known) {
          return sp::compare_scaled_softplus(r.negative, r.magnitude, cm, divide, b, known);
        };
        a.error = std::uint64_t{1} << (lead - 23 - 2);
        CHECK(el::round_approximation<binary32>(a, side) ==
              m::softplus_rounded<binary32>(r.negative, r.magnitude, cm, divide));
        a.error = std::uint64_t{1} << (lead - 10 - 2);
        CHECK(el::round_approximation<binary16>(a, side) ==
              m::softplus_rounded<binary16>(r.negative, r.magnitude, cm, divide));
      }
    }
  }
}

TEST_CASE("exp_log: C tanh|t| (SCALED_TANH, t = Beta x exact): relative for tiny t, and its exact decision forced") {
  namespace st = m::detail_scaled_tanh;
  const m::exact_binary one = m::to_real(1.0f).magnitude;
  const auto product = [](float beta, float x) { return m::multiply(m::to_real(beta), m::to_real(x)).magnitude; };
  // Values from mpmath at 1200 bits. t = 2^-150: tanh t lies just below the midpoint of 0 and
  // 2^-149; t = 3 2^-150 just below that of 2^-149 and 2^-148.
  CHECK(m::scaled_tanh_rounded<binary32>(product(0.5f, from_bits32(1u)), one) == 0u);
  CHECK(m::scaled_tanh_rounded<binary32>(product(0.5f, from_bits32(3u)), one) == 1u);
  CHECK(m::scaled_tanh_rounded<binary32>(product(0.5f, 2.5f), one) == 0x3F59291Eu);
  CHECK(m::scaled_tanh_rounded<binary32>(product(0.6666667f, -3.0f), m::to_real(1.7159f).magnitude) == 0x3FD3BC01u);
  // FLOAT16: 65536 tanh 4 = 65517.6 rounds to 65504, 65536 tanh 5 = 65530.0 overflows.
  const m::exact_binary big = m::to_real(65536.0f).magnitude;
  CHECK(m::scaled_tanh_rounded<binary16>(product(1.0f, 4.0f), big) == 0x7BFFu);
  CHECK(m::scaled_tanh_rounded<binary16>(product(1.0f, 5.0f), big) == 0x7C00u);
  // C = 1 + 3 2^-11 is a FLOAT16 midpoint: C tanh 16 lies below it (decided at once: b >= C).
  const m::exact_binary mid = m::to_real(from_bits32(0x3F803000u)).magnitude;
  CHECK(m::scaled_tanh_rounded<binary16>(product(1.0f, 16.0f), mid) == 0x3C01u);
  CHECK(m::scaled_tanh_rounded<binary16>(product(1.0f, 3e38f), mid) == 0x3C01u);
  bool known = false;
  CHECK(st::compare_scaled_tanh(product(1.0f, 16.0f), mid, mid, known) == -1);
  CHECK(known);
  for (const auto& sample : {std::pair{1.0f, 0.5f}, std::pair{1.7159f, 0.6666667f}, std::pair{3e30f, 2.0f},
                             std::pair{from_bits32(0x00000200u), 3.0f}, std::pair{65536.0f, 1.0f}}) {
    const float c = sample.first, beta = sample.second;  // plain variables: CAPTURE names c
    const m::exact_binary cm = m::to_real(c).magnitude;
    for (std::uint32_t u = 1; u < 0x42000000u; u += 0x0003A2B3u) {  // |x| < 32
      const m::exact_binary t = product(beta, from_bits32(u));
      CAPTURE(c);
      CAPTURE(u);
      el::approximation a = m::detail_scaled_expm1::scaled(st::tanh_of_product(t), cm);
      const int lead = dmlref::detail::bit_width(a.mantissa) - 1;
      const auto side = [&](const m::exact_binary& b, bool& k) { return st::compare_scaled_tanh(t, cm, b, k); };
      a.error = std::uint64_t{1} << (lead - 23 - 2);
      CHECK(el::round_approximation<binary32>(a, side) == m::scaled_tanh_rounded<binary32>(t, cm));
      a.error = std::uint64_t{1} << (lead - 10 - 2);
      CHECK(el::round_approximation<binary16>(a, side) == m::scaled_tanh_rounded<binary16>(t, cm));
    }
  }
}

TEST_CASE("exp_log: X sigmoid(t) (SWISH, t = s x exact): relative through underflow, and its exact decision forced") {
  namespace sw = m::detail_swish;
  const auto swish32 = [](float s, float x) {
    const m::real v = m::to_real(x);
    const m::real t = m::multiply(m::to_real(s), v);
    return m::swish_rounded<binary32>(v.magnitude, t.negative, t.magnitude);
  };
  // Values from mpmath at 1200 bits. x = +-2^-149, s = 1: 2^-150 (1 +- 2^-151), either side of
  // the midpoint of 0 and 2^-149 (decided by t's sign: P_b = P_X - P_b, ln 1 = 0).
  CHECK(swish32(1.0f, from_bits32(1u)) == 1u);
  CHECK(swish32(1.0f, from_bits32(0x80000001u)) == 0u);
  CHECK(swish32(1.0f, -100.0f) == 0x00000A5Fu);
  CHECK(swish32(1.0f, -105.0f) == 0x00000013u);
  CHECK(swish32(1.702f, -2.0f) == 0x3D83C569u);
  // s = 2^-93: s x = -128 (normal), -160 (subnormal), -192 (zero); s x = 128 gives x.
  const float s93 = from_bits32(0x11000000u);
  CHECK(swish32(s93, from_bits32(0xF1800000u)) == 0x152175D0u);
  CHECK(swish32(s93, from_bits32(0xF1A00000u)) == 0x00059EDFu);
  CHECK(swish32(s93, from_bits32(0xF1C00000u)) == 0u);
  CHECK(swish32(s93, from_bits32(0x71800000u)) == 0x71800000u);
  // FLOAT16, s = 1: x = 2^-24 and 3 2^-24 land just above midpoints, -2^-24 just below.
  const auto swish16 = [](float x) {
    const m::real v = m::to_real(x);
    return m::swish_rounded<binary16>(v.magnitude, v.negative, v.magnitude);
  };
  CHECK(swish16(0x1p-24f) == 1u);
  CHECK(swish16(-0x1p-24f) == 0u);
  CHECK(swish16(0x1.8p-23f) == 2u);
  bool known = false;
  const m::exact_binary one = m::to_real(1.0f).magnitude;
  CHECK(sw::compare_swish(one, false, one, one, known) == -1);  // b >= X: below at once
  CHECK(known);
  for (const float s : {1.0f, 1.702f, -0.5f, 1e-3f, from_bits32(0x11000000u)}) {
    for (std::uint32_t u = 1; u < 0x7F800000u; u += 0x0007A2B3u) {
      for (const std::uint32_t bits : {u, u | 0x80000000u}) {
        const m::real v = m::to_real(from_bits32(bits));
        const m::real t = m::multiply(m::to_real(s), v);
        const int top = el::leading_exponent(t.magnitude);
        if (top >= 8 || (!t.negative && top >= 7)) continue;  // answered before any approximation
        CAPTURE(s);
        CAPTURE(bits);
        el::approximation a = m::detail_scaled_expm1::scaled(sw::sigmoid_of_product(t.negative, t.magnitude), v.magnitude);
        const int lead = dmlref::detail::bit_width(a.mantissa) - 1;
        const auto side = [&](const m::exact_binary& b, bool& k) {
          return sw::compare_swish(v.magnitude, t.negative, t.magnitude, b, k);
        };
        a.error = std::uint64_t{1} << (lead - 23 - 2);
        CHECK(el::round_approximation<binary32>(a, side) == m::swish_rounded<binary32>(v.magnitude, t.negative, t.magnitude));
        a.error = std::uint64_t{1} << (lead - 10 - 2);
        CHECK(el::round_approximation<binary16>(a, side) == m::swish_rounded<binary16>(v.magnitude, t.negative, t.magnitude));
      }
    }
  }
}
