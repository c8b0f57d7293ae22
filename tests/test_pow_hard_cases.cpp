// The golden path's pow on inputs whose exact result lies close to a rounding boundary, and
// the machinery that decides them (math/exact_pow.hpp, math/log_enclosure.hpp).
//
// Oracles:
// - ops/pow_hard_cases.hpp: inputs found by scripts/pow_hard_cases.py (every positive FLOAT32
//   base for exponents with large denominators and exponents next to 1, every FLOAT16 pair,
//   integer bases aimed at integer results), each with its exact result from mpmath's
//   interval arithmetic; most are inputs where rounding the C library's double pow once
//   gives the wrong answer;
// - hand-derived examples (comments give the derivation);
// - stage 2 (exact integer comparison) against stage 3 (logarithms) where both can decide;
// - identities of logarithms (ln 15 = ln 3 + ln 5).

#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <string_view>
#include <vector>

#include "dmlref/dmlref.hpp"
#include "dmlref/math/exact_pow.hpp"
#include "dmlref/math/log_enclosure.hpp"
#include "dmlref/ops/pow_hard_cases.hpp"

namespace {

using dmlref::float16;
using dmlref::math::bigint;
using dmlref::math::fixed_enclosure;

constexpr const auto& hard_cases = dmlref::ops::pow_hard_cases;

template <class T>
T from_bits(std::uint32_t bits) {
  if constexpr (std::is_same_v<T, float16>) {
    return float16::from_bits(static_cast<std::uint16_t>(bits));
  } else {
    T v;
    std::memcpy(&v, &bits, sizeof v);
    return v;
  }
}
template <class T>
std::uint32_t bits_of(T v) {
  if constexpr (std::is_same_v<T, float16>) {
    return v.bits();
  } else {
    std::uint32_t b = 0;
    std::memcpy(&b, &v, sizeof v);
    return b;
  }
}

/// Golden (exact) and the fast path (within its budget) on every hard case of one type pair,
/// through the typed API; FLOAT pairs also through CONSTANT_POW.
template <class In, class Exp>
void check_hard_cases(std::string_view base_type, std::string_view exponent_type, std::uint32_t fast_budget) {
  std::vector<In> base;
  std::vector<Exp> exponent;
  std::vector<std::uint32_t> exact;
  for (const auto& c : hard_cases) {
    if (c.base_type != base_type || c.exponent_type != exponent_type) continue;
    base.push_back(from_bits<In>(c.base));
    exponent.push_back(from_bits<Exp>(c.exponent));
    exact.push_back(c.exact);
  }
  const auto n = static_cast<std::uint32_t>(base.size());
  REQUIRE(n > 0);
  std::vector<In> golden(n), fast(n);
  REQUIRE(dmlref::pow(dmlref::golden, dmlref::make_packed_view(base.data(), {n}),
                      dmlref::make_packed_view(exponent.data(), {n}), dmlref::make_packed_view(golden.data(), {n}))
              .ok());
  REQUIRE(dmlref::pow(dmlref::fast, dmlref::make_packed_view(base.data(), {n}),
                      dmlref::make_packed_view(exponent.data(), {n}), dmlref::make_packed_view(fast.data(), {n}))
              .ok());
  std::uint32_t golden_wrong = 0, fast_over = 0;
  for (std::uint32_t i = 0; i < n; ++i) {
    const auto g = bits_of(golden[i]);
    const auto f = bits_of(fast[i]);
    const auto distance = f > exact[i] ? f - exact[i] : exact[i] - f;
    if (g != exact[i]) {
      ++golden_wrong;
      INFO("base " << std::hex << bits_of(base[i]) << " exponent " << bits_of(exponent[i]) << " golden " << g
                   << " exact " << exact[i]);
      CHECK(g == exact[i]);
    }
    if (distance > fast_budget) {
      ++fast_over;
      INFO("base " << std::hex << bits_of(base[i]) << " exponent " << bits_of(exponent[i]) << " fast " << f
                   << " exact " << exact[i]);
      CHECK(distance <= fast_budget);
    }
    if constexpr (std::is_same_v<In, Exp> && !std::is_integral_v<In>) {
      dmlref::ops::constant_pow op;
      op.exponent = static_cast<float>(exponent[i]);
      CHECK(bits_of(op(base[i])) == exact[i]);
    }
  }
  MESSAGE(base_type << " ^ " << exponent_type << ": " << n << " hard cases, golden wrong on " << golden_wrong
                    << ", fast over its budget on " << fast_over);
}

}  // namespace

TEST_CASE("golden pow: hard-to-round FLOAT32 inputs from the searches") {
  check_hard_cases<float, float>("FLOAT32", "FLOAT32", 2);
}
TEST_CASE("golden pow: FLOAT16 inputs next to a boundary, every pair searched") {
  check_hard_cases<float16, float16>("FLOAT16", "FLOAT16", 1);
}
TEST_CASE("golden pow: mixed POW truncates the exact power (searched inputs near integers)") {
  check_hard_cases<std::int32_t, float>("INT32", "FLOAT32", 0);
  check_hard_cases<std::uint32_t, float>("UINT32", "FLOAT32", 0);
}

TEST_CASE("golden pow: a FLOAT32 power 5.2e-17 (relative) above a midpoint") {
  // 13475.5^float32(1/3): the exact power is 23.79660511016845... and lies just above the
  // midpoint 23.796605110168457 of 0x41be5f72 and 0x41be5f73, so it rounds up; the double
  // pow lands on the midpoint itself.
  const float x = from_bits<float>(0x46528e00u);
  const float y = from_bits<float>(0x3eaaaaabu);
  dmlref::ops::constant_pow cpow;
  cpow.exponent = y;
  CHECK(bits_of(cpow(x)) == 0x41be5f73u);
  CHECK(bits_of(dmlref::ops::pow{}(x, y)) == 0x41be5f73u);
}

TEST_CASE("golden pow: mixed POW near integers is decided exactly") {
  const dmlref::ops::pow op;
  // 2^(-2^-60) = 1 - 6e-19: truncates to 0, though the double pow is exactly 1.
  const float tiny = std::ldexp(1.0f, -60);
  CHECK(op(std::int32_t{2}, -tiny) == 0);
  CHECK(op(std::int32_t{2}, tiny) == 1);  // 1 + 6e-19
  CHECK(op(std::uint32_t{3}, -std::ldexp(1.0f, -149)) == 0u);  // 3^(-2^-149)
  // 39378^1.9665281772613525 = 1088167606.99999..., just below the integer.
  CHECK(op(std::int32_t{39378}, 1.9665281772613525f) == 1088167606);
  CHECK(op(std::uint32_t{39378}, 1.9665281772613525f) == 1088167606u);
  // An exact integer result stays: 2^2.5 = 5.65..., 4^1.5 = 8 exactly.
  CHECK(op(std::int32_t{4}, 1.5f) == 8);
  CHECK(op(std::int32_t{2}, 2.5f) == 5);
}

TEST_CASE("log enclosures: contain ln 2, and ln 15 = ln 3 + ln 5") {
  using dmlref::math::ln2_enclosure;
  using dmlref::math::ln_integer;
  // floor(ln 2 * 2^64) = 0xB17217F7D1CF79AB.
  const auto l2 = ln2_enclosure(64);
  const bigint floor_ln2(0xB17217F7D1CF79ABull);
  CHECK(compare(l2.lo, floor_ln2) <= 0);
  CHECK(compare(l2.hi, floor_ln2 + bigint(1)) >= 0);
  CHECK(compare(l2.hi - l2.lo, bigint(1024)) < 0);  // tight: a few hundred units at most
  for (const std::uint64_t precision : {64u, 200u, 1000u}) {
    // ln 15 = 3 ln 2 + ln(15/8); ln 3 + ln 5 = (1 + 2) ln 2 + ln(3/2) + ln(5/4).
    const auto l15 = ln_integer(15, precision);
    const auto l3 = ln_integer(3, precision);
    const auto l5 = ln_integer(5, precision);
    CHECK(l15.whole_octaves == 3);
    CHECK(l3.whole_octaves + l5.whole_octaves == 3);
    const auto sum = l3.fraction_log + l5.fraction_log;
    CHECK(compare(sum.lo, l15.fraction_log.hi) <= 0);  // the enclosures of one real overlap
    CHECK(compare(l15.fraction_log.lo, sum.hi) <= 0);
    CHECK(compare(l15.fraction_log.hi - l15.fraction_log.lo, bigint(4 * precision)) < 0);
  }
  // A power of two has no fractional logarithm: exactly zero.
  CHECK(ln_integer(1024, 64).fraction_log.hi.is_zero());
}

TEST_CASE("pow boundaries: logarithms agree with exact integer comparison") {
  // Random FLOAT32 x, dyadic y = p / 2^k with small p and k, and b a FLOAT32 midpoint next
  // to x^y: both stages can decide, and must agree (stage 2 is exact).
  using dmlref::detail::exact_binary;
  std::mt19937_64 rng(7);
  int compared = 0;
  for (int i = 0; i < 400; ++i) {
    const auto x_mantissa = (std::uint64_t{1} << 23) | (rng() & 0x7fffff);
    const int x_exponent = -23 + static_cast<int>(rng() % 9) - 4;
    const auto p = 1 + rng() % 7;
    const int k = static_cast<int>(rng() % 3);
    const bool y_negative = (rng() & 1) != 0;
    dmlref::math::real y;
    y.cls = dmlref::detail::fp_class::normal;
    y.negative = y_negative;
    y.magnitude = exact_binary{false, p, -k, false};
    const exact_binary x{false, x_mantissa, x_exponent, false};
    const double approx = std::pow(std::ldexp(static_cast<double>(x_mantissa), x_exponent),
                                   (y_negative ? -1.0 : 1.0) * std::ldexp(static_cast<double>(p), -k));
    // b: a FLOAT32 midpoint near the power (the float below it plus half a unit).
    const auto below = dmlref::detail::bit_cast<std::uint32_t>(static_cast<float>(approx)) - static_cast<std::uint32_t>(rng() & 1);
    const auto lo = dmlref::detail::decompose<dmlref::detail::binary32>(below);
    const exact_binary b{false, 2 * lo.mantissa + 1, lo.exponent - 1, false};
    bool exact_known = false, log_known = false;
    const int exact = dmlref::math::detail_pow::compare_pow_exactly(x, y, b, exact_known);
    const int by_logs = dmlref::math::detail_pow::compare_pow_by_logarithms(x, y, b, log_known);
    if (!exact_known || exact == 0) continue;
    REQUIRE(log_known);
    CHECK(exact == by_logs);
    ++compared;
  }
  CHECK(compared > 300);
}

TEST_CASE("pow stage 1: the exact power lies within the approximation's bound") {
  // x^y against the two ends (Y -+ K) 2^q of stage 1's interval, decided exactly (stage 2 or
  // 3): every lower end at or below the power, every upper end at or above. FLOAT32 bases and
  // exponents aimed at results across FLOAT32's range, bases next to 1 with large exponents,
  // and 32-bit integer bases (the wide logarithm) with FLOAT32 exponents.
  using dmlref::detail::exact_binary;
  namespace dp = dmlref::math::detail_pow;
  std::mt19937_64 rng(11);
  const auto as_real = [](float v) { return dmlref::math::to_real(v); };
  int checked = 0;
  for (int i = 0; i < 3000; ++i) {
    exact_binary x;
    float yf = 0;
    const int kind = i % 3;
    if (kind == 0) {  // FLOAT32 base anywhere, the power between 2^-160 and 2^140
      const float xf = std::ldexp(static_cast<float>((rng() >> 40) | 1) / 16777216.0f + 0.5f, static_cast<int>(rng() % 240) - 120);
      x = as_real(xf).magnitude;
      yf = static_cast<float>((static_cast<double>(rng() % 300) - 160.0) / std::log2(static_cast<double>(xf)));
    } else if (kind == 1) {  // 1 -+ a few units: the logarithm near 1, |y| large
      const std::uint64_t a = 1 + rng() % 60000;
      const bool below = (rng() & 1) != 0;
      x = below ? exact_binary{false, (std::uint64_t{1} << 24) - a, -24, false}
                : exact_binary{false, (std::uint64_t{1} << 23) + a, -23, false};
      yf = std::ldexp(static_cast<float>(rng() % 100000) + 1.0f, static_cast<int>(rng() % 12)) * ((rng() & 1) != 0 ? 1.0f : -1.0f);
    } else {  // 32-bit integer bases, at least 2^24
      x = exact_binary{false, (std::uint64_t{1} << 24) + (rng() & 0xFEFFFFFFu), 0, false};
      yf = static_cast<float>(static_cast<double>(rng() % 20000) / 10000.0 - 1.0) * 2.0f;
    }
    if (yf == 0 || !std::isfinite(yf)) continue;
    const dmlref::math::real y = as_real(yf);
    const auto estimate = dp::pow_approximation(x, y);
    if (estimate.where != dp::pow_estimate::range::approximated) continue;
    const auto& a = estimate.value;
    REQUIRE(a.mantissa > a.error);
    bool known_low = false, known_high = false;
    const int low = dp::compare_pow_with(x, y, exact_binary{false, a.mantissa - a.error, a.exponent, false}, known_low);
    const int high = dp::compare_pow_with(x, y, exact_binary{false, a.mantissa + a.error, a.exponent, false}, known_high);
    REQUIRE(known_low);
    REQUIRE(known_high);
    CHECK(low >= 0);
    CHECK(high <= 0);
    ++checked;
  }
  CHECK(checked > 2000);
}
