// ELEMENT_WISE_ABS: hand-derived vectors for every data type its support table lists, with and
// without ScaleBias; every element also runs through the typed API and dml::execute on both
// paths (tests/op_variants.hpp).
//
// Expectations come from the contract in ops/abs.hpp: floats lose their sign bit (NaN payloads
// kept), integers are exact with the most negative value wrapping to itself, and ScaleBias
// applies g = fma(x, Scale, Bias) in FLOAT32 first (integers then truncate toward zero).

#include <dmlref/dml/execute_once.hpp>  // first: the runtime layer is compiled once, elsewhere

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <limits>
#include <optional>
#include <string>
#include <utility>

#include <dmlref/dmlref.hpp>

#include "bit_helpers.hpp"
#include "op_variants.hpp"

namespace {

using dmlref::float16;
using abs_op = op_variants::every_variant<dmlref::ops::abs>;

}  // namespace

TEST_CASE("abs FLOAT32: the sign bit cleared, NaN payloads and infinities kept") {
  const abs_op abs{};
  const std::pair<std::uint32_t, std::uint32_t> cases[] = {
      {0x00000000u, 0x00000000u}, {0x80000000u, 0x00000000u},  // +-0 -> +0
      {0xBFC00000u, 0x3FC00000u}, {0x3FC00000u, 0x3FC00000u},  // -1.5, 1.5
      {0xFF800000u, 0x7F800000u}, {0x7F800000u, 0x7F800000u},  // -Inf, Inf -> Inf
      {0x80000001u, 0x00000001u}, {0xFF7FFFFFu, 0x7F7FFFFFu},  // subnormal, most negative finite
      {0xFFC00001u, 0x7FC00001u}, {0xFF800001u, 0x7F800001u},  // NaNs: sign cleared, payload kept
  };
  for (const auto& c : cases) {
    CAPTURE(hex(c.first));
    CHECK(bits_of(abs(f32(c.first))) == c.second);
  }
}

TEST_CASE("abs FLOAT16: every bit pattern loses its sign bit") {
  const dmlref::ops::abs op{};
  for (std::uint32_t b = 0; b <= 0xFFFF; ++b) {
    const auto x = static_cast<std::uint16_t>(b);
    REQUIRE(bits_of(op(f16(x))) == (x & 0x7FFFu));
  }
  const abs_op abs{};
  const std::uint16_t samples[] = {0x8000, 0xBC00, 0xFC00, 0xFE01, 0x8001, 0x3555};
  for (const std::uint16_t x : samples) {
    CAPTURE(hex(x));
    CHECK(bits_of(abs(f16(x))) == (x & 0x7FFFu));
  }
}

TEST_CASE_TEMPLATE("abs of signed integers: exact; the most negative value wraps to itself", T, std::int8_t,
                   std::int16_t, std::int32_t, std::int64_t) {
  using limits = std::numeric_limits<T>;
  const abs_op abs{};
  CHECK(abs(T{0}) == T{0});
  CHECK(abs(T{-5}) == T{5});
  CHECK(abs(T{7}) == T{7});
  CHECK(abs(static_cast<T>(limits::min() + 1)) == limits::max());
  CHECK(abs(limits::max()) == limits::max());
  CHECK(abs(limits::min()) == limits::min());
}

TEST_CASE("abs with ScaleBias: |fma(x, Scale, Bias)| in FLOAT32, then the output type") {
  const abs_op f32_abs{{{}, dmlref::scale_bias{2.0f, -3.0f}}};
  CHECK(f32_abs(1.0f) == 1.0f);    // |2 - 3|
  CHECK(f32_abs(-1.0f) == 5.0f);   // |-2 - 3|
  CHECK(f32_abs(1.5f) == 0.0f);    // 2 * 1.5 - 3 = +0
  CHECK(bits_of(f32_abs(1.5f)) == 0u);
  // FLOAT16: g = 2049 * 1 + 0 is exact in FLOAT32 and rounds to 2048 (ties to even) in FLOAT16.
  const abs_op f16_abs{{{}, dmlref::scale_bias{2049.0f, 0.0f}}};
  CHECK(bits_of(f16_abs(f16(0xBC00))) == bits_of(float16(2048.0f)));
  // Integers truncate toward zero: |-7 * 0.5| = 3.5 -> 3; 100 * 2 = 200 does not fit INT8.
  const abs_op half{{{}, dmlref::scale_bias{0.5f, 0.0f}}};
  CHECK(half(std::int8_t{-7}) == std::int8_t{3});
  const dmlref::ops::abs twice{{}, dmlref::scale_bias{2.0f, 0.0f}};
  CHECK_FALSE(twice.defined(std::int8_t{100}));
  CHECK(twice.defined(std::int8_t{60}));
  CHECK(twice(std::int8_t{-60}) == std::int8_t{120});
}

TEST_CASE("abs: the support table, level by level") {
  using dmlref::dml::DML_FEATURE_LEVEL_2_0;
  using dmlref::dml::DML_FEATURE_LEVEL_2_1;
  using dmlref::dml::DML_FEATURE_LEVEL_4_0;
  using dmlref::dml::DML_FEATURE_LEVEL_4_1;
  const dmlref::dml::attribute_values none;
  std::int32_t i32 = -3, i32_out = 0;
  CHECK_FALSE(op_variants::execute_packed<dmlref::ops::abs>(dmlref::golden, DML_FEATURE_LEVEL_2_0, none, 1, &i32_out, &i32).ok());
  REQUIRE(op_variants::execute_packed<dmlref::ops::abs>(dmlref::golden, DML_FEATURE_LEVEL_2_1, none, 1, &i32_out, &i32).ok());
  CHECK(i32_out == 3);
  std::int64_t i64 = -4, i64_out = 0;
  CHECK_FALSE(op_variants::execute_packed<dmlref::ops::abs>(dmlref::golden, DML_FEATURE_LEVEL_4_0, none, 1, &i64_out, &i64).ok());
  CHECK(op_variants::execute_packed<dmlref::ops::abs>(dmlref::golden, DML_FEATURE_LEVEL_4_1, none, 1, &i64_out, &i64).ok());
  std::uint8_t u8 = 3, u8_out = 0;  // unsigned types: never
  const auto s = op_variants::execute_packed<dmlref::ops::abs>(dmlref::golden, DML_FEATURE_LEVEL_4_1, none, 1, &u8_out, &u8);
  CHECK_FALSE(s.ok());
  CHECK(s.message().find("UINT8 is not supported by ELEMENT_WISE_ABS") != std::string::npos);
}

TEST_CASE("abs in place, through the typed API, on both paths") {
  float data[37];
  for (int i = 0; i < 37; ++i) data[i] = static_cast<float>(i - 18) * 0.75f;
  for (const bool fast : {false, true}) {
    float x[37];
    std::copy(std::begin(data), std::end(data), x);
    const auto view = dmlref::make_packed_view(x, {37});
    const auto s = fast ? dmlref::compute(dmlref::fast, dmlref::ops::abs{}, view, view)
                        : dmlref::compute(dmlref::golden, dmlref::ops::abs{}, view, view);
    REQUIRE(s.ok());
    for (int i = 0; i < 37; ++i) CHECK(x[i] == (data[i] < 0 ? -data[i] : data[i]));
  }
}
