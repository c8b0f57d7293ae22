// The unary operators whose result is a value of the input's format (NEGATE, IDENTITY, CEIL,
// FLOOR, ROUND, IS_NAN, IS_INFINITY, BIT_NOT, BIT_COUNT, THRESHOLD, ACTIVATION_IDENTITY,
// ACTIVATION_RELU): every FLOAT16 pattern through both paths (the same bits), the rounding
// operators against the C library's rounding functions (an independent reference) on every
// FLOAT16 pattern and on sampled FLOAT32 patterns, and the enumeration attributes' validation.
// Their hand-derived vectors are tests/cases/<NAME>.json.

#include <dmlref/dml/execute_once.hpp>  // first: the runtime layer is compiled once, elsewhere

#include <doctest/doctest.h>

#include <cfenv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include <dmlref/dmlref.hpp>

#include "bit_helpers.hpp"
#include "op_variants.hpp"

namespace {

using dmlref::float16;
namespace ops = dmlref::ops;

std::vector<float16> every_float16() {
  std::vector<float16> xs;
  for (std::uint32_t b = 0; b <= 0xFFFF; ++b) xs.push_back(f16(static_cast<std::uint16_t>(b)));
  return xs;
}

/// Op on xs through dml::execute on both paths with each of its attribute samples; the two
/// outputs must hold the same bytes. Returns golden's outputs, one vector per sample.
template <class Op, class Out, class T>
std::vector<std::vector<Out>> both_paths(const std::vector<T>& xs) {
  std::vector<std::vector<Out>> results;
  const auto n = static_cast<std::uint32_t>(xs.size());
  for (const auto& attrs : ops::attribute_samples_of<Op>()) {
    std::vector<Out> golden(n), fast(n);
    REQUIRE(op_variants::execute_packed<Op>(dmlref::golden, dmlref::dml::DML_FEATURE_LEVEL_6_4, attrs, n,
                                            golden.data(), xs.data())
                .ok());
    REQUIRE(op_variants::execute_packed<Op>(dmlref::fast, dmlref::dml::DML_FEATURE_LEVEL_6_4, attrs, n, fast.data(),
                                            xs.data())
                .ok());
    CHECK(std::memcmp(golden.data(), fast.data(), n * sizeof(Out)) == 0);
    results.push_back(std::move(golden));
  }
  return results;
}

/// The positive quiet NaN for NaN inputs, the C library's rounding (in float, exact) otherwise.
template <class T, class F>
std::uint32_t reference_bits(T x, F&& round) {
  const float v = static_cast<float>(x);
  if (std::isnan(v)) return std::is_same_v<T, float16> ? 0x7E00u : 0x7FC00000u;
  const T r = T(round(v));
  if constexpr (std::is_same_v<T, float16>) {
    return r.bits();
  } else {
    return bits_of(r);
  }
}

template <class T>
std::uint32_t bits_of_element(T x) {
  if constexpr (std::is_same_v<T, float16>) {
    return x.bits();
  } else {
    return bits_of(x);
  }
}

/// std::round in double: x + 0.5 is exact there for every float, so this holds even with a C
/// library whose roundf adds 0.5 in float (MinGW-w64's rounds 0.49999997f to 1).
float half_away(float v) { return static_cast<float>(std::round(static_cast<double>(v))); }

/// CEIL, FLOOR and ROUND's three modes on xs, both paths, against std::ceil, std::floor,
/// std::nearbyint (to nearest even in the default mode), std::trunc and std::round.
template <class T>
void check_rounding(const std::vector<T>& xs) {
  REQUIRE(std::fegetround() == FE_TONEAREST);
  const auto ceil = both_paths<ops::ceil, T>(xs)[0];
  const auto floor = both_paths<ops::floor, T>(xs)[0];
  const auto round = both_paths<ops::round, T>(xs);  // halves to even, toward zero, halves away
  std::size_t mismatches = 0;
  for (std::size_t k = 0; k < xs.size(); ++k) {
    const T x = xs[k];
    const bool ok = bits_of_element(ceil[k]) == reference_bits(x, [](float v) { return std::ceil(v); }) &&
                    bits_of_element(floor[k]) == reference_bits(x, [](float v) { return std::floor(v); }) &&
                    bits_of_element(round[0][k]) == reference_bits(x, [](float v) { return std::nearbyint(v); }) &&
                    bits_of_element(round[1][k]) == reference_bits(x, [](float v) { return std::trunc(v); }) &&
                    bits_of_element(round[2][k]) == reference_bits(x, [](float v) { return half_away(v); });
    if (!ok && ++mismatches <= 5) {
      CAPTURE(hex(bits_of_element(x)));
      CHECK(ok);
    }
  }
  CHECK(mismatches == 0);
}

}  // namespace

TEST_CASE("CEIL, FLOOR, ROUND: every FLOAT16 pattern, both paths, against the C library") {
  check_rounding(every_float16());
}

TEST_CASE("CEIL, FLOOR, ROUND: FLOAT32 boundaries and sampled patterns against the C library") {
  std::vector<float> xs;
  for (const std::uint32_t e : {0u, 1u, 100u, 125u, 126u, 127u, 128u, 149u, 150u, 151u, 254u, 255u}) {
    for (const std::uint32_t m : {0u, 1u, 0x200000u, 0x400000u, 0x400001u, 0x3FFFFFu, 0x7FFFFFu, 0x600000u}) {
      for (const std::uint32_t s : {0u, 0x80000000u}) xs.push_back(f32(s | (e << 23) | m));
    }
  }
  std::mt19937 rng(25);
  for (int k = 0; k < 200000; ++k) {
    const auto bits = static_cast<std::uint32_t>(rng());
    const std::uint32_t e = 118u + (bits >> 24) % 40u;  // mostly around the integers
    xs.push_back(f32((bits & 0x807FFFFFu) | (e << 23)));
    xs.push_back(f32(static_cast<std::uint32_t>(rng())));
  }
  check_rounding(xs);
}

TEST_CASE("unary exact operators: every FLOAT16 pattern gives the same bits on both paths") {
  const auto xs = every_float16();
  both_paths<ops::negate, float16>(xs);
  both_paths<ops::identity, float16>(xs);
  both_paths<ops::bit_not, float16>(xs);
  both_paths<ops::threshold, float16>(xs);
  both_paths<ops::activation_identity, float16>(xs);
  const auto relu = both_paths<ops::activation_relu, float16>(xs)[0];
  const auto is_nan = both_paths<ops::is_nan_flags, std::uint8_t>(xs)[0];
  const auto is_nan32 = both_paths<ops::is_nan_flags, std::uint32_t>(xs)[0];
  const auto is_inf = both_paths<ops::is_infinity, std::uint8_t>(xs);  // either, positive, negative
  const auto counts = both_paths<ops::bit_count, std::uint8_t>(xs)[0];
  const auto counts32 = both_paths<ops::bit_count, std::uint32_t>(xs)[0];
  for (std::uint32_t b = 0; b <= 0xFFFF; ++b) {
    const float x = static_cast<float>(xs[b]);
    const bool nan = std::isnan(x);
    const bool ok = is_nan[b] == (nan ? 1 : 0) && is_nan32[b] == (nan ? 1u : 0u) &&
                    is_inf[0][b] == (std::isinf(x) ? 1 : 0) && is_inf[1][b] == (x == INFINITY ? 1 : 0) &&
                    is_inf[2][b] == (x == -INFINITY ? 1 : 0) &&
                    counts[b] == static_cast<std::uint8_t>(__builtin_popcount(b)) && counts32[b] == std::uint32_t{counts[b]} &&
                    (nan ? std::uint32_t{relu[b].bits()} == b : static_cast<float>(relu[b]) == (x < 0.0f ? 0.0f : x));
    if (!ok) {
      CAPTURE(hex(b));
      CHECK(ok);
    }
  }
}

TEST_CASE("ROUND's RoundingMode and IS_INFINITY's InfinityMode: a value outside the enumeration fails validation") {
  using namespace dmlref::dml;
  float x = 1.5f, y = 0.0f;
  auto round_attrs = ops::attributes_of(ops::round{});
  round_attrs.set("RoundingMode", attribute_value::of_bits(3));
  auto s = op_variants::execute_packed<ops::round>(dmlref::golden, DML_FEATURE_LEVEL_6_4, round_attrs, 1, &y, &x);
  CHECK_FALSE(s.ok());
  CHECK(std::string(s.field()) == "RoundingMode");
  CHECK(s.message().find("3 is not a DML_ROUNDING_MODE") != std::string::npos);
  std::uint8_t flag = 0;
  auto inf_attrs = ops::attributes_of(ops::is_infinity{});
  inf_attrs.set("InfinityMode", attribute_value::of_bits(7));
  s = op_variants::execute_packed<ops::is_infinity>(dmlref::golden, DML_FEATURE_LEVEL_6_4, inf_attrs, 1, &flag, &x);
  CHECK_FALSE(s.ok());
  CHECK(std::string(s.field()) == "InfinityMode");
  for (const auto m : {DML_ROUNDING_MODE_HALVES_TO_NEAREST_EVEN, DML_ROUNDING_MODE_TOWARD_ZERO,
                       DML_ROUNDING_MODE_TOWARD_INFINITY}) {
    REQUIRE(op_variants::execute_packed<ops::round>(dmlref::fast, DML_FEATURE_LEVEL_6_4,
                                                    ops::attributes_of(ops::round{{}, m}), 1, &y, &x)
                .ok());
  }
  CHECK(y == 2.0f);  // 1.5, halves away from zero
}
