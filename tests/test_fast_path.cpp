// The fast path against the golden path: every operator, type and row kind, within the
// budget its operator header declares (fast_ulp_budget: the one constant the docs quote).
// Each test reports the worst distance it saw.

#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <optional>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "dmlref/dmlref.hpp"
#include "dmlref/oracle/compare.hpp"
#include "dmlref/oracle/format_value.hpp"
#include "dmlref/oracle/ulp.hpp"
#include "dmlref/simd/stream.hpp"  // the streaming threshold; needs no xsimd

using namespace dmlref;

namespace {

/// Whether a fast element is another kind of answer than golden's, which no ULP budget
/// covers: NaN against a number, another NaN bit pattern (golden's NaNs are canonical), a zero
/// of the other sign, an infinity against a finite value.
template <class T>
bool other_kind(T golden_value, T fast_value) {
  if constexpr (is_float_element_v<T>) {
    const bool a = oracle::is_nan(golden_value), b = oracle::is_nan(fast_value);
    if (a || b) return !(a && b) || math::bits_of(golden_value) != math::bits_of(fast_value);
    return oracle::zeros_of_opposite_sign(golden_value, fast_value) ||
           oracle::infinite_against_finite(golden_value, fast_value);
  } else {
    (void)golden_value;  // integers: never
    (void)fast_value;
    return false;
  }
}

/// Worst distance between golden and fast outputs; kind_mismatches counts the elements of
/// another kind (other_kind), NaN included.
template <class T>
std::uint64_t worst_distance(const std::vector<T>& golden_out, const std::vector<T>& fast_out, std::size_t& kind_mismatches,
                             std::size_t& worst_at) {
  std::uint64_t worst = 0;
  for (std::size_t k = 0; k < golden_out.size(); ++k) {
    if (other_kind(golden_out[k], fast_out[k])) {
      if (kind_mismatches++ == 0) {
        MESSAGE("first element of another kind at " << k << ": golden " << oracle::bits_text(golden_out[k]) << ", fast "
                                                   << oracle::bits_text(fast_out[k]));
      }
      worst_at = k;
      continue;
    }
    if (oracle::is_nan(golden_out[k])) continue;
    const auto d = oracle::ulp_distance(golden_out[k], fast_out[k]);
    if (d > worst) {
      worst = d;
      worst_at = k;
    }
  }
  return worst;
}

template <class T>
T from_pattern(std::uint64_t r) {
  if constexpr (std::is_same_v<T, float16>) {
    return float16::from_bits(static_cast<std::uint16_t>(r));
  } else if constexpr (std::is_same_v<T, float>) {
    return detail::bit_cast<float>(static_cast<std::uint32_t>(r));
  } else {
    return static_cast<T>(r);
  }
}

template <class T>
std::vector<T> specials() {
  if constexpr (is_float_element_v<T>) {
    using F = typename math::format_of<T>::type;
    using bits = typename F::bits_type;
    const bits list[] = {0,
                         F::sign_mask,
                         F::infinity,
                         static_cast<bits>(F::sign_mask | F::infinity),
                         F::quiet_nan,
                         static_cast<bits>(F::sign_mask | F::quiet_nan | 1),
                         static_cast<bits>(F::infinity | 1),  // signalling NaN
                         1,                                   // smallest subnormal
                         static_cast<bits>(F::sign_mask | 1),
                         F::mantissa_mask,                    // largest subnormal
                         static_cast<bits>(F::mantissa_mask + 1),  // smallest normal
                         static_cast<bits>(F::infinity - 1),       // largest finite
                         static_cast<bits>(F::sign_mask | (F::infinity - 1))};
    std::vector<T> out;
    for (auto b : list) out.push_back(math::from_bits<T>(b));
    for (float v : {1.0f, -1.0f, 2.0f, -2.0f, 0.5f, -0.5f, 3.0f, -3.0f, 10.0f, -0.1f}) out.push_back(T(v));
    return out;
  } else {
    using L = std::numeric_limits<T>;
    return {L::min(), static_cast<T>(L::min() + 1), T(0), T(1), static_cast<T>(L::max() - 1), L::max(),
            static_cast<T>(L::is_signed ? -1 : 2)};
  }
}

std::string type_name(data_type t) { return std::string(name(t)); }

}  // namespace

// ---------------------------------------------------------------------------------------------
// SIGN: exact, every type, every FLOAT16 and 10^6 FLOAT32 patterns.

TYPE_TO_STRING(float16);
TEST_CASE_TEMPLATE("fast path: SIGN is exact", T, float, float16, std::int8_t, std::int16_t, std::int32_t,
                   std::int64_t, std::uint8_t, std::uint16_t, std::uint32_t, std::uint64_t) {
  std::vector<T> in = specials<T>();
  std::mt19937_64 rng(11);
  const std::size_t n = std::is_same_v<T, float16> ? 65536 : 200000;
  for (std::size_t k = 0; k < n; ++k) in.push_back(from_pattern<T>(std::is_same_v<T, float16> ? k : rng()));
  std::vector<T> g(in.size()), f(in.size());
  const std::uint32_t size[] = {static_cast<std::uint32_t>(in.size())};
  REQUIRE(sign(golden, make_packed_view(in.data(), size), make_packed_view(g.data(), size)).ok());
  REQUIRE(sign(fast, make_packed_view(in.data(), size), make_packed_view(f.data(), size)).ok());
  CHECK(std::memcmp(g.data(), f.data(), g.size() * sizeof(T)) == 0);
  MESSAGE("SIGN " << type_name(data_type_of_v<T>) << ": " << in.size() << " inputs, bit-identical to golden");
}

// ---------------------------------------------------------------------------------------------
// CONSTANT_POW: all FLOAT16 inputs and 10^6 FLOAT32 patterns per exponent class.

namespace {

template <class T>
void check_constant_pow(float exponent, std::optional<scale_bias> sb, std::size_t samples) {
  std::vector<T> in = specials<T>();
  std::mt19937_64 rng(17);
  if constexpr (std::is_same_v<T, float16>) {
    for (std::uint32_t k = 0; k < 65536; ++k) in.push_back(float16::from_bits(static_cast<std::uint16_t>(k)));
  } else {
    for (std::size_t k = 0; k < samples; ++k) in.push_back(from_pattern<T>(rng()));
  }
  std::vector<T> g(in.size()), f(in.size());
  const std::uint32_t size[] = {static_cast<std::uint32_t>(in.size())};
  REQUIRE(constant_pow(golden, make_packed_view(in.data(), size), make_packed_view(g.data(), size), exponent, sb).ok());
  REQUIRE(constant_pow(fast, make_packed_view(in.data(), size), make_packed_view(f.data(), size), exponent, sb).ok());
  std::size_t kind_mismatches = 0, at = 0;
  const auto worst = worst_distance(g, f, kind_mismatches, at);
  const auto budget = ops::constant_pow::fast_ulp_budget(data_type_of_v<T>);
  MESSAGE("CONSTANT_POW " << type_name(data_type_of_v<T>) << " exponent " << exponent << std::string(sb ? " with ScaleBias" : "")
                          << ": " << in.size() << " inputs, worst " << worst << " ULP (budget " << budget << ")");
  CHECK(kind_mismatches == 0);
  CHECK_MESSAGE(worst <= budget, "input " << static_cast<double>(static_cast<float>(in[at])) << " golden "
                                          << static_cast<double>(static_cast<float>(g[at])) << " fast "
                                          << static_cast<double>(static_cast<float>(f[at])));
}

}  // namespace

TEST_CASE("fast path: CONSTANT_POW FLOAT16, every input, within budget") {
  for (float e : {2.0f, 3.0f, 0.5f, -1.0f, 2.2f, 1.0f / 3.0f, 0.0f, 1.0f, 4.0f, -2.0f, -0.5f, -7.0f}) {
    check_constant_pow<float16>(e, std::nullopt, 0);
  }
  check_constant_pow<float16>(2.2f, scale_bias{1.5f, -0.25f}, 0);
  check_constant_pow<float16>(2.0f, scale_bias{-3.0f, 0.5f}, 0);
}

TEST_CASE("fast path: CONSTANT_POW FLOAT32, sampled bit patterns, within budget" * doctest::test_suite("exhaustive")) {
  for (float e : {2.0f, 3.0f, 0.5f, -1.0f, 2.2f, 1.0f / 3.0f, 4.0f, -2.0f, -0.5f}) {
    check_constant_pow<float>(e, std::nullopt, 1000000);
  }
  check_constant_pow<float>(2.2f, scale_bias{1.5f, -0.25f}, 200000);
}

TEST_CASE("fast path: CONSTANT_POW FLOAT32, a quick sample, within budget") {
  for (float e : {2.0f, 3.0f, 0.5f, -1.0f, 2.2f, 1.0f / 3.0f, -0.5f}) check_constant_pow<float>(e, std::nullopt, 20000);
  check_constant_pow<float>(3.0f, scale_bias{0.75f, 2.0f}, 20000);
}

// ---------------------------------------------------------------------------------------------
// POW: pairs sampled per binade, negative bases with integral exponents, every exponent type.

namespace {

/// POW of the pairs (base[k], exponent[k]) on both paths: NaN where golden has NaN, else
/// within the fast path's budget of golden.
template <class T, class E>
void expect_pow_within_budget(const std::vector<T>& base, const std::vector<E>& exponent, std::optional<scale_bias> sb,
                              const std::string& what) {
  std::vector<T> g(base.size()), f(base.size());
  const std::uint32_t size[] = {static_cast<std::uint32_t>(base.size())};
  const auto bv = make_packed_view(base.data(), size);
  const auto ev = make_packed_view(exponent.data(), size);
  REQUIRE(pow(golden, bv, ev, make_packed_view(g.data(), size), sb).ok());
  REQUIRE(pow(fast, bv, ev, make_packed_view(f.data(), size), sb).ok());
  std::size_t kind_mismatches = 0, at = 0;
  const auto worst = worst_distance(g, f, kind_mismatches, at);
  const auto budget = ops::pow::fast_ulp_budget(data_type_of_v<T>);
  MESSAGE("POW " << type_name(data_type_of_v<T>) << " ^ " << type_name(data_type_of_v<E>) << what << ": " << base.size()
                 << " pairs, worst " << worst << " ULP (budget " << budget << ")");
  CHECK(kind_mismatches == 0);
  CHECK_MESSAGE(worst <= budget, "base " << static_cast<double>(static_cast<float>(base[at])) << " exponent "
                                         << static_cast<double>(exponent[at]) << " golden "
                                         << static_cast<double>(static_cast<float>(g[at])) << " fast "
                                         << static_cast<double>(static_cast<float>(f[at])));
}

template <class T, class E>
void check_pow(std::size_t samples, std::optional<scale_bias> sb = std::nullopt) {
  std::mt19937_64 rng(23);
  std::vector<T> base;
  std::vector<E> exponent;
  for (auto x : specials<T>()) {
    for (auto e : specials<E>()) {
      base.push_back(x);
      exponent.push_back(e);
    }
  }
  std::uniform_int_distribution<int> binade(-20, 20);
  std::uniform_real_distribution<double> unit(1.0, 2.0);
  for (std::size_t k = 0; k < samples; ++k) {
    const double magnitude = std::ldexp(unit(rng), binade(rng));
    const bool negative = rng() % 4 == 0;
    if constexpr (std::is_integral_v<T>) {  // small bases half the time, any value otherwise
      base.push_back(rng() % 2 == 0 ? static_cast<T>(static_cast<std::int64_t>(rng() % 11) - 5) : static_cast<T>(rng()));
    } else {
      base.push_back(T(static_cast<float>(negative ? -magnitude : magnitude)));
    }
    if constexpr (std::is_integral_v<E>) {
      exponent.push_back(static_cast<E>(static_cast<std::int64_t>(rng() % 41) - (std::is_signed_v<E> ? 20 : 0)));
    } else {
      // Integral exponents for negative bases half the time, else any value in [-4, 4].
      const double e = (negative && rng() % 2 == 0) ? std::floor(unit(rng) * 8.0 - 12.0) : unit(rng) * 8.0 - 12.0 + 8.0;
      exponent.push_back(E(static_cast<float>(e)));
    }
  }
  expect_pow_within_budget(base, exponent, sb, "");
}

}  // namespace

TEST_CASE_TEMPLATE("fast path: POW FLOAT32 base, every exponent type, within budget", E, float, float16, std::int8_t,
                   std::int16_t, std::int32_t, std::uint8_t, std::uint16_t, std::uint32_t) {
  check_pow<float, E>(30000);
}
TEST_CASE_TEMPLATE("fast path: POW FLOAT16 base, every exponent type, within budget", E, float, float16, std::int8_t,
                   std::int32_t, std::uint16_t) {
  check_pow<float16, E>(30000);
}
// The hard regions of FLOAT32 pow's float-lane algorithm (simd/pow_float_lanes.hpp): t =
// e log2|g| near overflow (128), through the subnormal range (-126 to -150) and the switch
// to two-factor scaling (-124), bases near 1 (the interval with c = 1 and its neighbours,
// where |log2 g| is small and |e| large), subnormal bases, large integer exponents (beyond
// a float's 24 bits) with negative bases, odd float exponents with negative bases.
TEST_CASE("fast path: POW FLOAT32, hard regions of the float-lane algorithm, within budget") {
  std::mt19937_64 rng(29);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  const std::size_t n = 20000;
  // Bases from base_of(), exponents making t uniform in [t_low, t_high], signs random (the
  // exponents are rarely integral, so negative bases mostly check NaN agreement).
  auto region = [&](const char* what, auto base_of, double t_low, double t_high) {
    std::vector<float> base, exponent;
    for (std::size_t k = 0; k < n; ++k) {
      const float g = base_of();
      const double t = t_low + (t_high - t_low) * unit(rng);
      base.push_back(g);
      exponent.push_back(static_cast<float>(t / std::log2(static_cast<double>(g))));
    }
    expect_pow_within_budget(base, exponent, std::nullopt, what);
  };
  const auto any_base = [&] { return std::ldexp(1.0f + static_cast<float>(unit(rng)), static_cast<int>(rng() % 60) - 30); };
  const auto near_one = [&] {  // 1 + k ULP, k in [-2048, 2047] \ {0}
    const int k = static_cast<int>(rng() % 4095) - 2047;
    return k >= 0 ? 1.0f + static_cast<float>(k + 1) * 0x1p-23f : 1.0f + static_cast<float>(k) * 0x1p-24f;
  };
  const auto around_one = [&] { return static_cast<float>(0.98 + 0.05 * unit(rng)); };
  const auto below_one = [&] { return static_cast<float>(0.5 + 0.5 * unit(rng)); };
  const auto subnormal = [&] { return std::ldexp(static_cast<float>(rng() % 0x7FFFFF + 1), -149); };
  region(" near overflow", any_base, 120.0, 135.0);
  region(" subnormal results", any_base, -155.0, -120.0);
  region(" normal to subnormal", any_base, -127.0, -123.0);
  region(" 1 + k ULP, large |e|", near_one, -160.0, 160.0);
  region(" bases in [0.98, 1.03]", around_one, -160.0, 160.0);
  region(" bases in [0.5, 1]", below_one, -160.0, 160.0);
  region(" subnormal bases", subnormal, -160.0, 160.0);
  {  // int32 exponents up to 2^31 with bases +-(1 +- k ULP): t through the whole range
    std::vector<float> base;
    std::vector<std::int32_t> exponent;
    for (std::size_t k = 0; k < n; ++k) {
      const float step = static_cast<float>(rng() % 64 + 1);
      const float g = (rng() % 2 ? -1.0f : 1.0f) * (rng() % 2 ? 1.0f + step * 0x1p-23f : 1.0f - step * 0x1p-24f);
      double e = (-160.0 + 320.0 * unit(rng)) / std::log2(std::fabs(static_cast<double>(g)));
      if (std::fabs(e) > 2147483647.0) e = std::copysign(static_cast<double>(rng() % 2147483647), e);
      base.push_back(g);
      exponent.push_back(static_cast<std::int32_t>(e));
    }
    expect_pow_within_budget(base, exponent, std::nullopt, " bases +-(1 +- k ULP)");
  }
  {  // uint32 exponents: any, with bases just below +-1
    std::vector<float> base;
    std::vector<std::uint32_t> exponent;
    for (std::size_t k = 0; k < n; ++k) {
      base.push_back((rng() % 2 ? -1.0f : 1.0f) * (1.0f - static_cast<float>(rng() % 64 + 1) * 0x1p-24f));
      exponent.push_back(static_cast<std::uint32_t>(rng()));
    }
    expect_pow_within_budget(base, exponent, std::nullopt, " bases just below +-1");
  }
  {  // odd integral float exponents below 2^23 with negative bases near -1
    std::vector<float> base, exponent;
    for (std::size_t k = 0; k < n; ++k) {
      base.push_back(-(1.0f + static_cast<float>(rng() % 4096 + 1) * 0x1p-23f));
      exponent.push_back(static_cast<float>(2 * (rng() % (1u << 22)) + 1) * (rng() % 2 ? 1.0f : -1.0f));
    }
    expect_pow_within_budget(base, exponent, std::nullopt, " odd exponents, negative bases");
  }
}
TEST_CASE("fast path: POW with ScaleBias, within budget") {
  check_pow<float, float>(20000, scale_bias{0.5f, 1.0f});
  check_pow<float16, std::int32_t>(20000, scale_bias{-1.25f, 0.5f});
  check_pow<std::int16_t, std::int16_t>(2000, scale_bias{0.5f, 1.0f});
}
TEST_CASE_TEMPLATE("fast path: POW integer bases with integer exponents are exact", T, std::int8_t, std::int16_t,
                   std::int32_t, std::uint8_t, std::uint16_t, std::uint32_t) {
  check_pow<T, std::int32_t>(20000);
  check_pow<T, std::uint8_t>(20000);
  check_pow<T, std::int8_t>(20000);
}
TEST_CASE("fast path: POW integer bases with float exponents (mixed) match golden") {
  check_pow<std::uint16_t, float>(5000);
  check_pow<std::int32_t, float16>(5000);
}

// ---------------------------------------------------------------------------------------------
// DEQUANTIZE_LINEAR: every input type to FLOAT32 and FLOAT16, extremes and random values,
// per-channel scales.

namespace {

/// Worst distance between golden and fast DEQUANTIZE_LINEAR of x, [channels, length], with
/// one scale and zero point per channel.
template <class In, class S>
std::uint64_t dequantize_fast_vs_golden(const std::vector<In>& x, const std::vector<S>& scale,
                                        const std::vector<In>& zero, std::uint32_t channels,
                                        std::uint32_t length, std::size_t& kind_mismatches) {
  const std::uint32_t sizes[] = {channels, length};
  const std::uint32_t per_channel[] = {1, 0};
  std::vector<S> g(x.size()), f(x.size());
  const auto xv = make_packed_view(x.data(), sizes);
  const auto sv = make_strided_view(scale.data(), sizes, per_channel);
  const auto zv = make_strided_view(zero.data(), sizes, per_channel);
  REQUIRE(dequantize_linear(golden, xv, sv, zv, make_packed_view(g.data(), sizes)).ok());
  REQUIRE(dequantize_linear(fast, xv, sv, zv, make_packed_view(f.data(), sizes)).ok());
  std::size_t at = 0;
  return worst_distance(g, f, kind_mismatches, at);
}

}  // namespace

TEST_CASE_TEMPLATE("fast path: DEQUANTIZE_LINEAR within budget", In, std::int8_t, std::int16_t, std::int32_t,
                   std::uint8_t, std::uint16_t, std::uint32_t) {
  std::mt19937_64 rng(29);
  const std::uint32_t channels = 7, length = 3001;
  std::vector<In> x(channels * length), zero(channels);
  for (auto& v : x) v = static_cast<In>(rng());
  for (std::size_t k = 0; k < specials<In>().size() && k < x.size(); ++k) x[k] = specials<In>()[k];
  for (auto& v : zero) v = static_cast<In>(rng());
  std::vector<float> scale32(channels);
  for (auto& s : scale32) s = std::ldexp(static_cast<float>(rng() % 100000 + 1) / 99991.0f, static_cast<int>(rng() % 40) - 20);
  auto run = [&](auto scale_type) {
    using S = decltype(scale_type);
    std::vector<S> scale;
    for (float s : scale32) scale.push_back(S(s));
    std::size_t kind_mismatches = 0;
    const auto worst = dequantize_fast_vs_golden(x, scale, zero, channels, length, kind_mismatches);
    const auto budget = ops::dequantize_linear::fast_ulp_budget(data_type_of_v<S>);
    MESSAGE("DEQUANTIZE_LINEAR " << type_name(data_type_of_v<In>) << " -> " << type_name(data_type_of_v<S>) << ": worst "
                                 << worst << " ULP (budget " << budget << ")");
    CHECK(kind_mismatches == 0);
    CHECK(worst <= budget);
  };
  run(float{});
  run(float16{});
}

TEST_CASE_TEMPLATE("fast path: DEQUANTIZE_LINEAR 32-bit inputs within [-2^23, 2^23) are exact to FLOAT32", In,
                   std::int32_t, std::uint32_t) {
  // Blocks whose x and z all lie in [-2^23, 2^23) take float lanes (simd/dequantize_linear.hpp):
  // the result must still be golden's, bit for bit, up to the range's ends, beside blocks just
  // outside it (2^23 and -2^23 - 1), with scales that make subnormal and overflowing products.
  std::mt19937_64 rng(37);
  constexpr std::int64_t edge = std::int64_t{1} << 23;  // the first value outside
  const std::uint32_t channels = 9, length = 2053;
  std::vector<In> x(channels * length), zero(channels);
  const std::int64_t lowest = std::is_signed_v<In> ? -edge : 0;
  const auto draw = [&] { return static_cast<In>(lowest + static_cast<std::int64_t>(rng() % static_cast<std::uint64_t>(edge - lowest))); };
  for (auto& v : x) v = draw();
  for (std::size_t k = 0; k < 64; ++k) x[k] = static_cast<In>(k % 2 ? edge - 1 : lowest);  // the ends
  x[length + 5] = static_cast<In>(edge);                                                 // one block beyond
  if constexpr (std::is_signed_v<In>) x[2 * length + 7] = static_cast<In>(-edge - 1);
  for (auto& v : zero) v = draw();
  zero[3] = static_cast<In>(edge - 1);
  const float scales[channels] = {1.0f, 0x1.fffffep-1f, 0x1.8p-140f, 0x1p-149f, 0x1.234566p+100f,
                                  0x1.fffffep+127f, 3.0f / 7.0f, -0x1.4p-20f, 0x1.000002p+0f};
  std::vector<float> scale(scales, scales + channels);
  std::size_t kind_mismatches = 0;
  const auto worst = dequantize_fast_vs_golden(x, scale, zero, channels, length, kind_mismatches);
  CHECK(kind_mismatches == 0);
#if defined(__FMA__) || defined(__AVX512F__)
  CHECK(worst == 0);  // both routes round once (simd/dequantize_linear.hpp)
#else
  CHECK(worst <= ops::dequantize_linear::fast_ulp_budget(data_type::float32));  // double lanes round twice here
#endif
  // All blocks inside the range: exact on every target.
  x[length + 5] = static_cast<In>(edge - 1);
  if constexpr (std::is_signed_v<In>) x[2 * length + 7] = static_cast<In>(-edge);
  CHECK(dequantize_fast_vs_golden(x, scale, zero, channels, length, kind_mismatches) == 0);
  CHECK(kind_mismatches == 0);
}

// ---------------------------------------------------------------------------------------------
// Sizes around the vector width, tails, every row kind, in place.

TEST_CASE("fast path: sizes 1 to 3x the vector width, every row kind, in place") {
  std::mt19937_64 rng(31);
  for (std::uint32_t n = 1; n <= 3 * 64 + 1; ++n) {
    // Row kinds: contiguous, broadcast (stride 0), strided (stride 3); output contiguous or strided.
    std::vector<float> base(3 * n + 1), exponent(3 * n + 1);
    for (auto& v : base) v = static_cast<float>(rng() % 1000) / 100.0f - 5.0f;
    for (auto& v : exponent) v = static_cast<float>(rng() % 9) - 4.0f;
    for (std::uint32_t base_stride : {0u, 1u, 3u}) {
      for (std::uint32_t exponent_stride : {0u, 1u, 3u}) {
        for (std::uint32_t out_stride : {1u, 2u}) {
          std::vector<float> g(2 * n + 1, -7.0f), f(2 * n + 1, -7.0f);
          const std::uint32_t size[] = {n};
          const std::uint32_t bs[] = {base_stride}, es[] = {exponent_stride}, os[] = {out_stride};
          const auto bv = make_strided_view(base.data(), size, bs);
          const auto ev = make_strided_view(exponent.data(), size, es);
          REQUIRE(pow(golden, bv, ev, make_strided_view(g.data(), size, os)).ok());
          REQUIRE(pow(fast, bv, ev, make_strided_view(f.data(), size, os)).ok());
          std::size_t kind_mismatches = 0, at = 0;
          INFO("n " << n << " strides " << base_stride << "/" << exponent_stride << "/" << out_stride);
          CHECK(worst_distance(g, f, kind_mismatches, at) <= ops::pow::fast_ulp_budget(data_type::float32));
          CHECK(kind_mismatches == 0);
        }
      }
    }
    // In place: the output is the input buffer.
    std::vector<float16> h(n), h_golden(n);
    for (auto& v : h) v = float16(static_cast<float>(rng() % 2000) / 100.0f - 10.0f);
    h_golden = h;
    const std::uint32_t size[] = {n};
    REQUIRE(constant_pow(golden, make_packed_view(h_golden.data(), size), make_packed_view(h_golden.data(), size), 2.2f).ok());
    REQUIRE(constant_pow(fast, make_packed_view(h.data(), size), make_packed_view(h.data(), size), 2.2f).ok());
    std::size_t kind_mismatches = 0, at = 0;
    CHECK(worst_distance(h_golden, h, kind_mismatches, at) <= ops::constant_pow::fast_ulp_budget(data_type::float16));
    CHECK(kind_mismatches == 0);
  }
}

// ---------------------------------------------------------------------------------------------
// Outputs past the streaming threshold (simd/stream.hpp): chunks through a buffer, streaming
// stores from the first aligned element of each row, ordinary stores before it and after the
// last full vector.

TEST_CASE("fast path: outputs past the streaming threshold, misaligned rows, in place") {
  std::mt19937_64 rng(37);
  SUBCASE("SIGN INT8, one row starting 3 bytes past a 64-byte boundary, on 1 and 16 threads") {
    const std::size_t n = simd::streaming_threshold_bytes + 101, lead = 64 + 3, trail = 64;
    std::vector<std::int8_t> in(n);
    for (auto& v : in) v = static_cast<std::int8_t>(rng());
    std::vector<std::int8_t> g(n);
    const std::uint32_t size[] = {static_cast<std::uint32_t>(n)};
    REQUIRE(sign(golden, make_packed_view(in.data(), size), make_packed_view(g.data(), size)).ok());
    // 16 threads: every part streams, though each is far below the threshold (the whole
    // call's output decides).
    const auto check_on = [&](auto path) {
      std::vector<std::int8_t> f(lead + n + trail, 0x55);
      auto* out = f.data() + (64 - reinterpret_cast<std::uintptr_t>(f.data()) % 64) % 64 + 3;
      REQUIRE(sign(path, make_packed_view(in.data(), size), make_packed_view(out, size)).ok());
      CHECK(std::memcmp(g.data(), out, n) == 0);
      bool guards_intact = true;
      for (auto* p = f.data(); p < out; ++p) guards_intact &= *p == 0x55;
      for (auto* p = out + n; p < f.data() + f.size(); ++p) guards_intact &= *p == 0x55;
      CHECK(guards_intact);
    };
    check_on(fast);
    check_on(fast.threads(16));
  }
  SUBCASE("SIGN FLOAT32 in place, padded rows of varying alignment") {
    const std::uint32_t rows = 4099, width = 1027, pitch = 1029;  // 16.8 MB of output
    std::vector<float> data(std::size_t{rows} * pitch);
    for (auto& v : data) v = detail::bit_cast<float>(static_cast<std::uint32_t>(rng()));
    const std::vector<float> original = data;
    std::vector<float> g(std::size_t{rows} * width);
    const std::uint32_t sizes[] = {rows, width}, strides[] = {pitch, 1};
    REQUIRE(sign(golden, make_strided_view(static_cast<const float*>(original.data()), sizes, strides),
                 make_packed_view(g.data(), sizes))
                .ok());
    const auto view = make_strided_view(data.data(), sizes, strides);
    REQUIRE(sign(fast, view, view).ok());
    std::size_t wrong = 0, padding_changed = 0;
    for (std::size_t r = 0; r < rows; ++r) {
      wrong += std::memcmp(&data[r * pitch], &g[r * width], width * sizeof(float)) != 0;
      padding_changed += std::memcmp(&data[r * pitch + width], &original[r * pitch + width], (pitch - width) * sizeof(float)) != 0;
    }
    CHECK(wrong == 0);
    CHECK(padding_changed == 0);
  }
  SUBCASE("DEQUANTIZE_LINEAR UINT8 -> FLOAT32, per-channel scale") {
    const std::uint32_t channels = 2, length = (1u << 21) + 5;  // 16.8 MB of output
    std::vector<std::uint8_t> x(std::size_t{channels} * length), zero{3, 250};
    for (auto& v : x) v = static_cast<std::uint8_t>(rng());
    const std::vector<float> scale{0.25f, -7.5f};
    std::size_t kind_mismatches = 0;
    CHECK(dequantize_fast_vs_golden(x, scale, zero, channels, length, kind_mismatches) <=
          ops::dequantize_linear::fast_ulp_budget(data_type::float32));
    CHECK(kind_mismatches == 0);
  }
}

// ---------------------------------------------------------------------------------------------
// Zeros, NaNs and infinities: the fast path writes golden's kind of answer, on every
// instruction set (a test build per target runs these): the sign of every zero, golden's
// canonical NaN bits, and a finite value wherever golden's is finite. The comparator's
// strictest rules (zero_rule::same_sign, nan_rule::same_bits: `dmlref-eval check --zeros
// same-sign --nan same-bits`) judge them, within the operator's budget.

namespace {

template <class T>
void expect_same_kinds(const std::vector<T>& golden_out, const std::vector<T>& fast_out, std::uint32_t budget,
                       const std::string& what) {
  oracle::compare_options strict;
  strict.tol = tolerance::ulp(budget);
  strict.zeros = oracle::zero_rule::same_sign;
  strict.nans = oracle::nan_rule::same_bits;
  const std::uint32_t size[] = {static_cast<std::uint32_t>(golden_out.size())};
  const auto r = oracle::compare(golden_out.data(), nullptr, fast_out.data(), element_strides{1}, 1, size, strict);
  CHECK_MESSAGE(r.pass, what << ": " << r.text());
}

template <class T, class E>
void pow_same_kinds(const std::vector<T>& base, const std::vector<E>& exponent, std::optional<scale_bias> sb,
                    const std::string& what) {
  std::vector<T> g(base.size()), f(base.size());
  const std::uint32_t size[] = {static_cast<std::uint32_t>(base.size())};
  const auto bv = make_packed_view(base.data(), size);
  const auto ev = make_packed_view(exponent.data(), size);
  REQUIRE(pow(golden, bv, ev, make_packed_view(g.data(), size), sb).ok());
  REQUIRE(pow(fast, bv, ev, make_packed_view(f.data(), size), sb).ok());
  expect_same_kinds(g, f, ops::pow::fast_ulp_budget(data_type_of_v<T>), "POW " + what);
}

template <class T>
void constant_pow_same_kinds(const std::vector<T>& in, float exponent, std::optional<scale_bias> sb, const std::string& what) {
  std::vector<T> g(in.size()), f(in.size());
  const std::uint32_t size[] = {static_cast<std::uint32_t>(in.size())};
  REQUIRE(constant_pow(golden, make_packed_view(in.data(), size), make_packed_view(g.data(), size), exponent, sb).ok());
  REQUIRE(constant_pow(fast, make_packed_view(in.data(), size), make_packed_view(f.data(), size), exponent, sb).ok());
  expect_same_kinds(g, f, ops::constant_pow::fast_ulp_budget(data_type_of_v<T>),
                    "CONSTANT_POW " + what + " exponent " + std::to_string(exponent));
}

/// Negative bases with odd integral exponents whose power underflows to -0 or overflows to
/// -Inf, each base with each exponent.
template <class T, class E>
void odd_powers_of_negative_bases(const std::vector<float>& bases, const std::vector<E>& exponents) {
  std::vector<T> base;
  std::vector<E> exponent;
  for (float b : bases) {
    for (E e : exponents) {
      base.push_back(T(b));
      exponent.push_back(e);
    }
  }
  pow_same_kinds(base, exponent, std::nullopt,
                 type_name(data_type_of_v<T>) + " ^ " + type_name(data_type_of_v<E>) + ", odd exponents");
}

}  // namespace

TEST_CASE("fast path: POW and CONSTANT_POW give golden's -0 for odd powers of negative bases") {
  // The audit's cases: FLOAT32 (-0.5)^1001, (-2)^-1001, (-1e-20)^3, (-0.5)^2147483647 (INT32),
  // FLOAT16 (-0.5)^101, CONSTANT_POW (-0.5)^1001: all -0.
  {
    const std::vector<float> base{-0.5f, -2.0f, -1e-20f}, exponent{1001.0f, -1001.0f, 3.0f};
    std::vector<float> out(3, 1.0f);
    const std::uint32_t size[] = {3};
    REQUIRE(pow(fast, make_packed_view(base.data(), size), make_packed_view(exponent.data(), size),
                make_packed_view(out.data(), size))
                .ok());
    for (float y : out) CHECK(math::bits_of(y) == 0x80000000u);
    const float minus_half = -0.5f;
    const std::int32_t largest = 2147483647;
    float y = 1.0f;
    const std::uint32_t one[] = {1};
    REQUIRE(pow(fast, make_packed_view(&minus_half, one), make_packed_view(&largest, one), make_packed_view(&y, one)).ok());
    CHECK(math::bits_of(y) == 0x80000000u);
    REQUIRE(constant_pow(fast, make_packed_view(&minus_half, one), make_packed_view(&y, one), 1001.0f).ok());
    CHECK(math::bits_of(y) == 0x80000000u);
    const float16 h_base(-0.5f), h_exponent(101.0f);
    float16 h(1.0f);
    REQUIRE(pow(fast, make_packed_view(&h_base, one), make_packed_view(&h_exponent, one), make_packed_view(&h, one)).ok());
    CHECK(h.bits() == 0x8000u);
  }
  // Around them: bases of every binade, exponents that underflow, overflow, or stay in range.
  std::vector<float> bases;
  for (int k = -140; k <= 100; k += 3) bases.push_back(-std::ldexp(1.0f + static_cast<float>(k & 7) / 8.0f, k));
  const std::vector<float> float_exponents{1.0f, 3.0f, 5.0f, 101.0f, 1001.0f, -1001.0f, -3.0f, 16777215.0f, -16777215.0f};
  const std::vector<std::int32_t> int_exponents{3, 101, 1001, -1001, 2147483647, -2147483647, 16777217};
  const std::vector<std::uint32_t> uint_exponents{3u, 1001u, 4294967295u};
  odd_powers_of_negative_bases<float, float>(bases, float_exponents);
  odd_powers_of_negative_bases<float, std::int32_t>(bases, int_exponents);
  odd_powers_of_negative_bases<float, std::uint32_t>(bases, uint_exponents);
  odd_powers_of_negative_bases<float, std::int8_t>(bases, {3, 101, 127, -127});
  odd_powers_of_negative_bases<float, float16>(bases, {float16(3.0f), float16(101.0f), float16(2047.0f), float16(-2047.0f)});
  std::vector<float> half_bases;
  for (int k = -24; k <= 15; ++k) half_bases.push_back(-std::ldexp(1.0f + static_cast<float>(k & 3) / 4.0f, k));
  odd_powers_of_negative_bases<float16, float16>(half_bases, {float16(3.0f), float16(101.0f), float16(-101.0f), float16(2047.0f)});
  odd_powers_of_negative_bases<float16, float>(half_bases, {3.0f, 101.0f, 1001.0f, -1001.0f});
  odd_powers_of_negative_bases<float16, std::int32_t>(half_bases, {3, 101, 2147483647, -2147483647});
  // CONSTANT_POW: every form, the general one with odd exponents.
  std::vector<float> in = bases;
  std::vector<float16> h_in;
  for (float b : half_bases) h_in.push_back(float16(b));
  for (float e : {1001.0f, -1001.0f, 3.0f, -3.0f, 5.0f, 101.0f, 1.0f, -1.0f, 2.0f, 4.0f}) {
    constant_pow_same_kinds(in, e, std::nullopt, "FLOAT32 negative bases");
    constant_pow_same_kinds(h_in, e, std::nullopt, "FLOAT16 negative bases");
    constant_pow_same_kinds(in, e, scale_bias{0.5f, -0.0f}, "FLOAT32 negative bases with ScaleBias");
  }
}

TEST_CASE("fast path: NaNs are golden's canonical +qNaN, special values keep their kind") {
  // NaNs the operator produces (a non-integral power of a negative base, the square root of a
  // negative number, ScaleBias's Inf * 0, Inf * 0 in DEQUANTIZE) and NaN inputs with other
  // signs and payloads: golden writes 0x7FC00000 / 0x7E00 for all of them.
  const auto cross = [](const auto& xs, const auto& es, auto& base, auto& exponent) {
    for (const auto& x : xs) {
      for (const auto& e : es) {
        base.push_back(x);
        exponent.push_back(e);
      }
    }
  };
  const std::vector<scale_bias> scale_biases{{0.0f, 1.0f}, {0.0f, 0.0f}, {-0.0f, 0.0f}, {1.5f, -0.25f}};
  for (float e : {0.0f, 1.0f, 2.0f, 3.0f, 4.0f, -1.0f, -2.0f, 0.5f, -0.5f, 2.2f, -7.0f, 1001.0f}) {
    constant_pow_same_kinds(specials<float>(), e, std::nullopt, "FLOAT32 specials");
    constant_pow_same_kinds(specials<float16>(), e, std::nullopt, "FLOAT16 specials");
    for (const auto& sb : scale_biases) {
      constant_pow_same_kinds(specials<float>(), e, sb, "FLOAT32 specials with ScaleBias");
      constant_pow_same_kinds(specials<float16>(), e, sb, "FLOAT16 specials with ScaleBias");
    }
  }
  {
    std::vector<float> base, exponent;
    cross(specials<float>(), specials<float>(), base, exponent);
    for (const auto& sb : scale_biases) pow_same_kinds(base, exponent, sb, "FLOAT32 specials with ScaleBias");
    pow_same_kinds(base, exponent, std::nullopt, "FLOAT32 specials");
  }
  {
    std::vector<float16> base, exponent;
    cross(specials<float16>(), specials<float16>(), base, exponent);
    pow_same_kinds(base, exponent, std::nullopt, "FLOAT16 specials");
    pow_same_kinds(base, exponent, scale_bias{0.0f, 1.0f}, "FLOAT16 specials with ScaleBias");
  }
  {
    std::vector<float> base;
    std::vector<std::int32_t> exponent;
    cross(specials<float>(), specials<std::int32_t>(), base, exponent);
    pow_same_kinds(base, exponent, std::nullopt, "FLOAT32 ^ INT32 specials");
    pow_same_kinds(base, exponent, scale_bias{0.0f, -1.0f}, "FLOAT32 ^ INT32 specials with ScaleBias");
  }
}

namespace {

/// DEQUANTIZE_LINEAR of x with one scale and zero point per element, fast against golden
/// under the strictest rules.
template <class In, class S>
void dequantize_same_kinds(const std::vector<In>& x, const std::vector<S>& scale, const std::vector<In>& zero,
                           const std::string& what) {
  std::vector<S> g(x.size()), f(x.size());
  const std::uint32_t size[] = {static_cast<std::uint32_t>(x.size())};
  const auto xv = make_packed_view(x.data(), size);
  const auto sv = make_packed_view(scale.data(), size);
  const auto zv = make_packed_view(zero.data(), size);
  REQUIRE(dequantize_linear(golden, xv, sv, zv, make_packed_view(g.data(), size)).ok());
  REQUIRE(dequantize_linear(fast, xv, sv, zv, make_packed_view(f.data(), size)).ok());
  expect_same_kinds(g, f, ops::dequantize_linear::fast_ulp_budget(data_type_of_v<S>),
                    "DEQUANTIZE_LINEAR " + type_name(data_type_of_v<In>) + " -> " + type_name(data_type_of_v<S>) + " " + what);
}

}  // namespace

TEST_CASE_TEMPLATE("fast path: DEQUANTIZE_LINEAR special scales give golden's NaNs, infinities and zeros", In,
                   std::int8_t, std::int16_t, std::int32_t, std::uint8_t, std::uint16_t, std::uint32_t) {
  // Each scale with x - z = 0, 1 and -1 (where the type has it), for x in and (32-bit) out of
  // the float route's range.
  std::vector<In> values = specials<In>();
  if constexpr (sizeof(In) == 4) values.push_back(static_cast<In>(1 << 23));
  const auto run = [&](auto scale_type) {
    using S = decltype(scale_type);
    std::vector<In> x, zero;
    std::vector<S> scale;
    for (const S s : specials<S>()) {
      for (const In v : values) {
        const auto wide = static_cast<std::int64_t>(v);  // v - 1 and v + 1 wrap in In, without overflow
        for (const In z : {v, static_cast<In>(wide - 1), static_cast<In>(wide + 1)}) {
          x.push_back(v);
          zero.push_back(z);
          scale.push_back(s);
        }
      }
    }
    dequantize_same_kinds(x, scale, zero, "special scales");
  };
  run(float{});
  run(float16{});
}

TEST_CASE_TEMPLATE("fast path: DEQUANTIZE_LINEAR to FLOAT16 stays finite below 65520", In, std::int32_t, std::uint32_t) {
  // An exact product in [65520 - 2^-9, 65520) is FLOAT16 65504; rounded to FLOAT32 first it is
  // 65520, the midpoint to infinity, which ties to Inf. x = 33546239 with scale 2^-9
  // (0x1800) takes the double lanes, x = 8329619 with scale 0x2007 the float lanes.
  const std::vector<In> x{static_cast<In>(33546239), static_cast<In>(8329619), static_cast<In>(33546240), 1};
  const std::vector<float16> scale{float16::from_bits(0x1800), float16::from_bits(0x2007), float16::from_bits(0x1800),
                                   float16(1.0f)};
  const std::vector<In> zero(x.size(), 0);
  const std::vector<std::uint16_t> want{0x7BFF, 0x7BFF, 0x7C00, 0x3C00};  // 65504, 65504, Inf (65520 exactly), 1
  for (std::size_t copies : {std::size_t{1}, std::size_t{20}}) {  // alone, and in full vectors
    std::vector<In> xs, zs;
    std::vector<float16> ss;
    std::vector<std::uint16_t> wants;
    for (std::size_t c = 0; c < copies; ++c) {
      for (std::size_t k = 0; k < x.size(); ++k) {
        xs.push_back(x[k]);
        ss.push_back(scale[k]);
        zs.push_back(zero[k]);
        wants.push_back(want[k]);
        if constexpr (std::is_signed_v<In>) {  // and the negative side
          xs.push_back(static_cast<In>(-x[k]));
          ss.push_back(scale[k]);
          zs.push_back(0);
          wants.push_back(static_cast<std::uint16_t>(want[k] | 0x8000));
        }
      }
    }
    std::vector<float16> g(xs.size()), f(xs.size());
    const std::uint32_t size[] = {static_cast<std::uint32_t>(xs.size())};
    REQUIRE(dequantize_linear(golden, make_packed_view(xs.data(), size), make_packed_view(ss.data(), size),
                              make_packed_view(zs.data(), size), make_packed_view(g.data(), size))
                .ok());
    REQUIRE(dequantize_linear(fast, make_packed_view(xs.data(), size), make_packed_view(ss.data(), size),
                              make_packed_view(zs.data(), size), make_packed_view(f.data(), size))
                .ok());
    for (std::size_t k = 0; k < xs.size(); ++k) {
      CHECK_MESSAGE(g[k].bits() == wants[k], "golden, element " << k);
      CHECK_MESSAGE(f[k].bits() == wants[k], "fast, element " << k << ": " << oracle::bits_text(f[k]));
    }
    expect_same_kinds(g, f, ops::dequantize_linear::fast_ulp_budget(data_type::float16), "at the top of FLOAT16");
  }
}
