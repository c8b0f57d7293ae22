// ELEMENT_WISE_SIGN: every data type, through ops::sign, the typed API and dml::execute; every
// element the tests give the operator object also runs through the typed API and dml::execute
// on both paths (tests/op_variants.hpp).
//
// Expectations come from SEMANTICS.md: -1 if x < 0, +1 if x > 0, else 0; NaN -> +0, -0 -> +0,
// +-Inf -> +-1, subnormals -> +-1, unsigned types give 0 or 1. Floats are compared by bits.

#include <dmlref/dml/execute_once.hpp>  // first: the runtime layer is compiled once, elsewhere

#include <doctest/doctest.h>

#include <array>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>
#include <utility>
#include <vector>

#include <dmlref/dmlref.hpp>

#include "bit_helpers.hpp"
#include "op_variants.hpp"

namespace {

using dmlref::float16;

/// The bit patterns of one float format: (input, expected SIGN) pairs, derived by hand.
template <class T>
struct sign_float_format;

template <>
struct sign_float_format<float> {
  using bits = std::uint32_t;
  static float make(bits b) {
    float f = 0;
    std::memcpy(&f, &b, sizeof f);
    return f;
  }
  static constexpr bits plus_one = 0x3F800000u;
  static constexpr bits minus_one = 0xBF800000u;
  static std::vector<std::pair<bits, bits>> cases() {
    return {
        {0x00000000u, 0x00000000u},  // +0 -> +0
        {0x80000000u, 0x00000000u},  // -0 -> +0 (bits 0)
        {0x3F800000u, plus_one},     // 1
        {0xBF800000u, minus_one},    // -1
        {0x40200000u, plus_one},     // 2.5
        {0xC0200000u, minus_one},    // -2.5
        {0x3E800000u, plus_one},     // 0.25
        {0xBE800000u, minus_one},    // -0.25
        {0x7F7FFFFFu, plus_one},     // largest finite
        {0xFF7FFFFFu, minus_one},    // most negative finite
        {0x00800000u, plus_one},     // smallest normal
        {0x80800000u, minus_one},
        {0x00000001u, plus_one},     // smallest subnormal
        {0x80000001u, minus_one},
        {0x007FFFFFu, plus_one},     // largest subnormal
        {0x807FFFFFu, minus_one},
        {0x7F800000u, plus_one},     // +Inf
        {0xFF800000u, minus_one},    // -Inf
        {0x7FC00000u, 0x00000000u},  // quiet NaN -> +0
        {0xFFC00000u, 0x00000000u},  // negative quiet NaN -> +0
        {0x7F800001u, 0x00000000u},  // signalling NaN -> +0
        {0xFFFFFFFFu, 0x00000000u},  // NaN, all payload bits, sign set -> +0
    };
  }
};

template <>
struct sign_float_format<float16> {
  using bits = std::uint16_t;
  static float16 make(bits b) { return float16::from_bits(b); }
  static constexpr bits plus_one = 0x3C00u;
  static constexpr bits minus_one = 0xBC00u;
  static std::vector<std::pair<bits, bits>> cases() {
    return {
        {0x0000u, 0x0000u},      // +0
        {0x8000u, 0x0000u},      // -0 -> +0
        {0x3C00u, plus_one},     // 1
        {0xBC00u, minus_one},    // -1
        {0x4100u, plus_one},     // 2.5
        {0xC100u, minus_one},    // -2.5
        {0x7BFFu, plus_one},     // 65504
        {0xFBFFu, minus_one},    // -65504
        {0x0400u, plus_one},     // smallest normal 2^-14
        {0x8400u, minus_one},
        {0x0001u, plus_one},     // smallest subnormal 2^-24
        {0x8001u, minus_one},
        {0x03FFu, plus_one},     // largest subnormal
        {0x83FFu, minus_one},
        {0x7C00u, plus_one},     // +Inf
        {0xFC00u, minus_one},    // -Inf
        {0x7E00u, 0x0000u},      // quiet NaN
        {0xFE00u, 0x0000u},      // negative quiet NaN
        {0x7C01u, 0x0000u},      // signalling NaN
        {0xFFFFu, 0x0000u},      // NaN with every payload bit and the sign
    };
  }
};

/// (input, expected) for an integer type, written from the rule: negatives -1, 0 -> 0,
/// positives +1, extremes included.
template <class T>
std::vector<std::pair<T, T>> integer_cases() {
  using lim = std::numeric_limits<T>;
  std::vector<std::pair<T, T>> c = {
      {T(0), T(0)}, {T(1), T(1)}, {T(2), T(1)}, {T(100), T(1)}, {lim::max(), T(1)},
      {static_cast<T>(lim::max() - 1), T(1)},
  };
  if constexpr (std::is_signed_v<T>) {
    c.push_back({T(-1), T(-1)});
    c.push_back({T(-2), T(-1)});
    c.push_back({T(-100), T(-1)});
    c.push_back({lim::min(), T(-1)});  // INT_MIN -> -1 (no overflow of a negation)
    c.push_back({static_cast<T>(lim::min() + 1), T(-1)});
  } else {
    // The bit patterns of negative signed numbers are large positives here: all -> 1.
    c.push_back({static_cast<T>(lim::max() / 2 + 1), T(1)});  // top bit only
    c.push_back({static_cast<T>(lim::max() - 0x7F), T(1)});
  }
  return c;
}

template <class T>
dmlref::dml::DML_TENSOR_DATA_TYPE dml_type() {
  return static_cast<dmlref::dml::DML_TENSOR_DATA_TYPE>(dmlref::data_type_of_v<T>);
}

/// Runs SIGN through dml::execute on a packed 1x1x1xn tensor (4-D: valid at every level).
template <class T>
dmlref::status execute_sign(const T* in, T* out, std::uint32_t n, dmlref::dml::DML_FEATURE_LEVEL level) {
  using namespace dmlref::dml;
  const UINT sizes[4] = {1, 1, 1, n};
  const UINT64 bytes = ((UINT64{n} * sizeof(T)) + 3) / 4 * 4;
  DML_BUFFER_TENSOR_DESC b{dml_type<T>(), DML_TENSOR_FLAG_NONE, 4, sizes, nullptr, bytes, 0};
  DML_TENSOR_DESC t{DML_TENSOR_TYPE_BUFFER, &b};
  DML_ELEMENT_WISE_SIGN_OPERATOR_DESC s{&t, &t};
  DML_OPERATOR_DESC op{DML_OPERATOR_ELEMENT_WISE_SIGN, &s};
  return execute(dmlref::golden, level, op, {{in, bytes}}, {{out, bytes}});
}

}  // namespace

TEST_CASE_TEMPLATE("SIGN: float formats, every special class, by bits", T, float, float16) {
  using fmt = sign_float_format<T>;
  const auto cases = fmt::cases();
  const op_variants::every_variant<dmlref::ops::sign> op{};
  for (const auto& c : cases) {
    CAPTURE(c.first);
    CHECK(bits_of(op(fmt::make(c.first))) == c.second);
    CHECK(op.defined(fmt::make(c.first)));
  }

  // The typed API over the whole list, and dml::execute.
  const auto n = static_cast<std::uint32_t>(cases.size());
  std::vector<T> in(n), out(n, fmt::make(0x1234u)), out2(n, fmt::make(0x1234u));
  for (std::uint32_t i = 0; i < n; ++i) in[i] = fmt::make(cases[i].first);
  const auto iv = dmlref::tensor_view<const T, 1, dmlref::packed_layout>(in.data(), {n});
  const auto ov = dmlref::tensor_view<T, 1, dmlref::packed_layout>(out.data(), {n});
  REQUIRE(dmlref::sign(dmlref::golden, iv, ov).ok());
  REQUIRE(execute_sign(in.data(), out2.data(), n, dmlref::dml::DML_FEATURE_LEVEL_6_4).ok());
  for (std::uint32_t i = 0; i < n; ++i) {
    CAPTURE(i);
    CHECK(bits_of(out[i]) == cases[i].second);
    CHECK(bits_of(out2[i]) == cases[i].second);
  }
}

TEST_CASE_TEMPLATE("SIGN: integer types, negatives, zero, positives and extremes", T, std::int8_t,
                   std::int16_t, std::int32_t, std::int64_t, std::uint8_t, std::uint16_t, std::uint32_t,
                   std::uint64_t) {
  const auto cases = integer_cases<T>();
  const op_variants::every_variant<dmlref::ops::sign> op{};
  for (const auto& c : cases) {
    CAPTURE(static_cast<long long>(c.first));
    CHECK(op(c.first) == c.second);
  }
  const auto n = static_cast<std::uint32_t>(cases.size());
  std::vector<T> in(n), out(n, T(42)), out2(n, T(42));
  for (std::uint32_t i = 0; i < n; ++i) in[i] = cases[i].first;
  const auto iv = dmlref::make_packed_view(static_cast<const T*>(in.data()), {n});
  const auto ov = dmlref::make_packed_view(out.data(), {n});
  REQUIRE(dmlref::sign(dmlref::golden, iv, ov).ok());
  // The runtime layer dispatches on the DML data type: 64-bit types need 4_1.
  REQUIRE(execute_sign(in.data(), out2.data(), n, dmlref::dml::DML_FEATURE_LEVEL_4_1).ok());
  for (std::uint32_t i = 0; i < n; ++i) {
    CAPTURE(i);
    CHECK(out[i] == cases[i].second);
    CHECK(out2[i] == cases[i].second);
  }
}

TEST_CASE("SIGN: one byte pattern read as each 8-bit type (dispatch on the data type)") {
  // 0xFF is -1 as INT8 and 255 as UINT8: -1 -> 0xFF (-1), 255 -> 1.
  const std::uint8_t raw[4] = {0xFF, 0x80, 0x00, 0x7F};
  std::int8_t s_in[4];
  std::memcpy(s_in, raw, 4);
  std::int8_t s_out[4] = {9, 9, 9, 9};
  std::uint8_t u_out[4] = {9, 9, 9, 9};
  REQUIRE(execute_sign(s_in, s_out, 4, dmlref::dml::DML_FEATURE_LEVEL_2_1).ok());
  REQUIRE(execute_sign(raw, u_out, 4, dmlref::dml::DML_FEATURE_LEVEL_2_1).ok());
  CHECK(s_out[0] == -1);
  CHECK(s_out[1] == -1);
  CHECK(s_out[2] == 0);
  CHECK(s_out[3] == 1);
  CHECK(u_out[0] == 1);
  CHECK(u_out[1] == 1);
  CHECK(u_out[2] == 0);
  CHECK(u_out[3] == 1);
}

TEST_CASE("SIGN: FLOAT16 and FLOAT32 at 2_0 (first level) on a 4-D tensor") {
  using namespace dmlref::dml;
  const UINT sizes[4] = {1, 1, 2, 2};
  const float in[4] = {-0.0f, 3.0f, -5.0f, 0.0f};
  float out[4] = {7, 7, 7, 7};
  DML_BUFFER_TENSOR_DESC b{DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 4, sizes, nullptr, 16, 0};
  DML_TENSOR_DESC t{DML_TENSOR_TYPE_BUFFER, &b};
  DML_ELEMENT_WISE_SIGN_OPERATOR_DESC s{&t, &t};
  DML_OPERATOR_DESC op{DML_OPERATOR_ELEMENT_WISE_SIGN, &s};
  REQUIRE(execute(dmlref::golden, DML_FEATURE_LEVEL_2_0, op, {{in, 16}}, {{out, 16}}).ok());
  CHECK(bits_of(out[0]) == 0x00000000u);
  CHECK(bits_of(out[1]) == 0x3F800000u);
  CHECK(bits_of(out[2]) == 0xBF800000u);
  CHECK(bits_of(out[3]) == 0x00000000u);
}

TEST_CASE("SIGN: the fast path gives the golden bits (budget 0)") {
  const float in[6] = {-0.0f, 1e-45f, -std::numeric_limits<float>::infinity(),
                       std::numeric_limits<float>::quiet_NaN(), -7.0f, 0.0f};
  float out[6] = {};
  REQUIRE(dmlref::sign(dmlref::fast, dmlref::make_packed_view(in, {6}), dmlref::make_packed_view(out, {6})).ok());
  const std::uint32_t expected[6] = {0x00000000u, 0x3F800000u, 0xBF800000u, 0x00000000u, 0xBF800000u, 0x00000000u};
  for (int i = 0; i < 6; ++i) {
    CAPTURE(i);
    CHECK(bits_of(out[i]) == expected[i]);
  }
}
