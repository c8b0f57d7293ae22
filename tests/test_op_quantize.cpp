// ELEMENT_WISE_QUANTIZE_LINEAR: clamp(round(x / Scale) + ZeroPoint, Min, Max) from the exact
// quotient, ties to even, for FLOAT32, FLOAT16 and INT32 inputs to INT8 and UINT8, through
// ops::quantize_linear, the typed API (with and without a zero point) and dml::execute on
// both paths (every element the tests give the operator object runs on all four variants:
// tests/op_variants.hpp); the support table level by level; and the fast path bit for bit
// against golden on every FLOAT16 input and on 10^6 FLOAT32 bit patterns per scale class.
//
// Expectations are derived by hand in the comments.

#include <dmlref/dml/execute_once.hpp>  // first: the runtime layer is compiled once, elsewhere

#include <doctest/doctest.h>

#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <type_traits>
#include <vector>

#include <dmlref/dmlref.hpp>

#include "bit_helpers.hpp"
#include "op_variants.hpp"

namespace {

using dmlref::float16;
using quantize = op_variants::every_variant<dmlref::ops::quantize_linear>;

constexpr float inf = std::numeric_limits<float>::infinity();

/// An element's bit pattern, for messages.
template <class T>
std::uint64_t raw_bits(T v) {
  if constexpr (std::is_integral_v<T>) {
    return static_cast<std::uint64_t>(static_cast<std::make_unsigned_t<T>>(v));
  } else {
    return bits_of(v);
  }
}

/// The fast path against golden on every element of x with one broadcast scale and zero
/// point: equal bits wherever golden defines the element. Returns the number compared.
template <class In, class Out>
std::size_t fast_equals_golden(const std::vector<In>& x, dmlref::ops::quantize_linear::scale_element<In> scale,
                               Out zero_point) {
  const auto n = static_cast<std::uint32_t>(x.size());
  std::vector<Out> golden(n), fast(n);
  const auto xv = dmlref::make_packed_view(x.data(), {n});
  const auto sv = dmlref::make_strided_view(&scale, {n}, {0});
  const auto zv = dmlref::make_strided_view(&zero_point, {n}, {0});
  REQUIRE(dmlref::quantize_linear(dmlref::golden, xv, sv, zv, dmlref::make_packed_view(golden.data(), {n})).ok());
  REQUIRE(dmlref::quantize_linear(dmlref::fast, xv, sv, zv, dmlref::make_packed_view(fast.data(), {n})).ok());
  const dmlref::ops::quantize_linear op{};
  std::size_t compared = 0, mismatches = 0;
  for (std::uint32_t k = 0; k < n; ++k) {
    if (!op.defined(x[k], scale, zero_point)) continue;
    ++compared;
    if (golden[k] != fast[k] && mismatches++ < 5) {
      FAIL_CHECK("element " << k << ": x bits " << hex(raw_bits(x[k])) << ", scale bits " << hex(bits_of(scale))
                            << ": golden " << int{golden[k]} << ", fast " << int{fast[k]});
    }
  }
  CHECK(mismatches == 0);
  return compared;
}

}  // namespace

TEST_CASE("QUANTIZE: rounding to nearest, ties to even, from the exact quotient") {
  const quantize op{};
  const std::int8_t z0 = 0;
  // Ties: 0.5 -> 0, 1.5 -> 2, 2.5 -> 2, -0.5 -> -0 = 0, -1.5 -> -2, -2.5 -> -2.
  CHECK(op(0.5f, 1.0f, z0) == 0);
  CHECK(op(1.5f, 1.0f, z0) == 2);
  CHECK(op(2.5f, 1.0f, z0) == 2);
  CHECK(op(-0.5f, 1.0f, z0) == 0);
  CHECK(op(-1.5f, 1.0f, z0) == -2);
  CHECK(op(-2.5f, 1.0f, z0) == -2);
  // Just off a tie: the next float above 2.5 (0x40200001) rounds up to 3; below (0x401FFFFF) to 2.
  CHECK(op(f32(0x40200001u), 1.0f, z0) == 3);
  CHECK(op(f32(0x401FFFFFu), 1.0f, z0) == 2);
  // 5 / 2 = 2.5 exactly: tie -> 2. 7 / 2 = 3.5 -> 4. 1 / 3 = 0.333 -> 0; 2 / 3 -> 1.
  CHECK(op(5.0f, 2.0f, z0) == 2);
  CHECK(op(7.0f, 2.0f, z0) == 4);
  CHECK(op(1.0f, 3.0f, z0) == 0);
  CHECK(op(2.0f, 3.0f, z0) == 1);
  // The exact quotient, not the float division. 0.1f = 13421773 2^-27 (0x3DCCCCCD);
  // x = 15099495 2^-25 (0x3EE66667): x / 0.1f = 60397980 / 13421773 = 4.5 + 1.5 / 13421773,
  // above the tie, so 5; FLOAT32 division rounds it to 4.5 exactly (the excess, 1.1e-7, is
  // under half an ULP of 4.5, 2^-22 = 2.4e-7) and ties to even would give 4.
  CHECK(op(f32(0x3EE66667u), f32(0x3DCCCCCDu), z0) == 5);
  // x = 11744051 2^-25 (0x3EB33333): 46976204 / 13421773 = 3.5 - 1.5 / 13421773, so 3; the
  // float quotient is 3.5, which ties to 4.
  CHECK(op(f32(0x3EB33333u), f32(0x3DCCCCCDu), z0) == 3);
  // A negative scale: 7 / -2 = -3.5 -> -4; -7 / -2 = 3.5 -> 4.
  CHECK(op(7.0f, -2.0f, z0) == -4);
  CHECK(op(-7.0f, -2.0f, z0) == 4);
}

TEST_CASE("QUANTIZE: zero point, clamping to the output type and saturation") {
  const quantize op{};
  // UINT8: 100 / 2 + 128 = 178; 1000 / 2 + 128 = 628 -> 255; -1000 / 2 + 128 -> 0.
  CHECK(op(100.0f, 2.0f, std::uint8_t{128}) == 178);
  CHECK(op(1000.0f, 2.0f, std::uint8_t{128}) == 255);
  CHECK(op(-1000.0f, 2.0f, std::uint8_t{128}) == 0);
  // INT8: 127.4 -> 127; 127.5 -> 128 (even) -> 127; -128.5 -> -128 (even); -129 -> -128.
  CHECK(op(127.4f, 1.0f, std::int8_t{0}) == 127);
  CHECK(op(127.5f, 1.0f, std::int8_t{0}) == 127);
  CHECK(op(-128.5f, 1.0f, std::int8_t{0}) == -128);
  CHECK(op(-129.0f, 1.0f, std::int8_t{0}) == -128);
  // The zero point is added exactly, then clamped: 3 + 127 = 130 -> 127; -3 + (-128) -> -128.
  CHECK(op(3.0f, 1.0f, std::int8_t{127}) == 127);
  CHECK(op(-3.0f, 1.0f, std::int8_t{-128}) == -128);
  CHECK(op(-3.0f, 1.0f, std::int8_t{127}) == 124);
  // Infinite inputs saturate by the quotient's sign; a huge finite quotient too.
  CHECK(op(inf, 1.0f, std::int8_t{0}) == 127);
  CHECK(op(-inf, 1.0f, std::int8_t{0}) == -128);
  CHECK(op(inf, -1.0f, std::uint8_t{0}) == 0);
  CHECK(op(-inf, -0.5f, std::uint8_t{0}) == 255);
  CHECK(op(f32(0x7F7FFFFFu), f32(0x00000001u), std::int8_t{0}) == 127);  // 2^128 / 2^-149
  CHECK(op(-1e30f, 1e-30f, std::uint8_t{200}) == 0);
  // A finite x over an infinite scale is 0: the zero point.
  CHECK(op(1e30f, inf, std::uint8_t{7}) == 7);
  CHECK(op(-5.0f, -inf, std::int8_t{-7}) == -7);
  // Subnormals are exact: 2^-149 / 2^-149 = 1; 3 * 2^-149 / (2 * 2^-149) = 1.5 -> 2.
  CHECK(op(f32(0x00000001u), f32(0x00000001u), std::int8_t{0}) == 1);
  CHECK(op(f32(0x00000003u), f32(0x00000002u), std::int8_t{0}) == 2);
  // A tiny quotient rounds to 0 (x = 1, Scale = 2^127: 2^-127).
  CHECK(op(1.0f, f32(0x7F000000u), std::int8_t{5}) == 5);
}

TEST_CASE("QUANTIZE: FLOAT16 and INT32 inputs") {
  const quantize op{};
  // FLOAT16: 2.5 (0x4100) / 1 (0x3C00) -> 2; 3.5 (0x4300) -> 4; 65504 (0x7BFF) / 0.5 (0x3800) -> saturated.
  CHECK(op(f16(0x4100u), f16(0x3C00u), std::int8_t{0}) == 2);
  CHECK(op(f16(0x4300u), f16(0x3C00u), std::int8_t{0}) == 4);
  CHECK(op(f16(0x7BFFu), f16(0x3800u), std::uint8_t{0}) == 255);
  // Smallest subnormal over itself (0x0001 / 0x0001) = 1; +-Inf (0x7C00, 0xFC00) saturate.
  CHECK(op(f16(0x0001u), f16(0x0001u), std::uint8_t{10}) == 11);
  CHECK(op(f16(0x7C00u), f16(0x3C00u), std::int8_t{0}) == 127);
  CHECK(op(f16(0xFC00u), f16(0x3C00u), std::int8_t{0}) == -128);
  // FLOAT16 1/3 (0x3555 = 1365/4096) over 2^-12 (0x0C00) = 1365: saturated; over 2^-4 (0x2C00): 5.33 -> 5.
  CHECK(op(f16(0x3555u), f16(0x2C00u), std::int8_t{0}) == 5);
  // INT32 with a FLOAT32 scale: exact where float would not be: 2^24 + 1 = 16777217 over
  // 2^17 = 131072 is 128 + 2^-17: rounds to 128 -> with zero point -128: 0 (INT8).
  CHECK(op(std::int32_t{16777217}, 131072.0f, std::int8_t{-128}) == 0);
  // 2^31 - 1 over 2^24 = 128 - 2^-24: 128 (above the tie at 127.5) -> -128 + 128 = 0.
  CHECK(op(std::int32_t{2147483647}, 16777216.0f, std::int8_t{-128}) == 0);
  // 5 / 2 = 2.5 -> 2 (even); -5 / 2 -> -2; INT32 minimum over 1 saturates.
  CHECK(op(std::int32_t{5}, 2.0f, std::uint8_t{0}) == 2);
  CHECK(op(std::int32_t{-5}, 2.0f, std::int8_t{0}) == -2);
  CHECK(op(std::numeric_limits<std::int32_t>::min(), 1.0f, std::int8_t{0}) == -128);
  // 3 / 0.1f (0x3DCCCCCD = 0.100000001490116...) = 29.9999995... -> 30.
  CHECK(op(std::int32_t{3}, f32(0x3DCCCCCDu), std::uint8_t{0}) == 30);
}

TEST_CASE("QUANTIZE: scale 0, NaN and Inf / Inf are undefined") {
  const dmlref::ops::quantize_linear op{};
  CHECK_FALSE(op.defined(1.0f, 0.0f, std::int8_t{0}));
  CHECK_FALSE(op.defined(1.0f, -0.0f, std::int8_t{0}));
  CHECK_FALSE(op.defined(f32(0x7FC00000u), 1.0f, std::int8_t{0}));
  CHECK_FALSE(op.defined(1.0f, f32(0x7FC00000u), std::uint8_t{0}));
  CHECK_FALSE(op.defined(inf, inf, std::uint8_t{0}));
  CHECK_FALSE(op.defined(f16(0x7E00u), f16(0x3C00u), std::int8_t{0}));
  CHECK_FALSE(op.defined(std::int32_t{1}, 0.0f, std::int8_t{0}));
  CHECK(op.defined(inf, 1.0f, std::int8_t{0}));
  CHECK(op.defined(1.0f, inf, std::int8_t{0}));
  CHECK(op.defined(0.0f, f32(0x00000001u), std::int8_t{0}));
  // Golden writes the zero point there.
  CHECK(op(1.0f, 0.0f, std::int8_t{-9}) == -9);
}

TEST_CASE("QUANTIZE: no zero point, broadcast scale, and the runtime layer from 6_2") {
  // x / 0.5 with no zero point: [-64.25, -0.2, 0, 63.75] -> [-128.5 -> -128, -0.4 -> 0, 0, 127.5 -> 128 -> 127].
  const float x[4] = {-64.25f, -0.2f, 0.0f, 63.75f};
  const float half = 0.5f;
  const std::int8_t want[4] = {-128, 0, 0, 127};
  for (const auto v : op_variants::all) {
    CAPTURE(op_variants::name(v));
    std::int8_t out[4] = {9, 9, 9, 9};
    const auto s = op_variants::with_path(v, [&](auto path) {
      if (op_variants::is_runtime(v)) {
        const float scale[4] = {half, half, half, half};
        const std::int8_t* no_zero_point = nullptr;
        return op_variants::execute_packed<dmlref::ops::quantize_linear>(path, dmlref::dml::DML_FEATURE_LEVEL_6_2, {}, 4,
                                                                         out, x, scale, no_zero_point);
      }
      return dmlref::quantize_linear(path, dmlref::make_packed_view(x, {4}), dmlref::make_strided_view(&half, {4}, {0}),
                                     dmlref::make_packed_view(out, {4}));
    });
    REQUIRE(s.ok());
    for (int k = 0; k < 4; ++k) CHECK(out[k] == want[k]);
  }
  // Before 6_2 the zero point is required.
  const float scale[4] = {half, half, half, half};
  std::int8_t out[4] = {};
  const std::int8_t* no_zero_point = nullptr;
  const auto refused = op_variants::execute_packed<dmlref::ops::quantize_linear>(
      dmlref::golden, dmlref::dml::DML_FEATURE_LEVEL_6_1, {}, 4, out, x, scale, no_zero_point);
  CHECK(refused.code() == dmlref::errc::missing_binding);
}

TEST_CASE("QUANTIZE: the support table, level by level") {
  using dmlref::data_type;
  using dmlref::feature_level;
  using q = dmlref::ops::quantize_linear;
  auto ok = [](feature_level level, data_type in, data_type scale, data_type zero, data_type out, bool zero_present = true) {
    dmlref::ops::operation_types t;
    t.type = {in, scale, zero, out};
    t.present = {true, true, zero_present, true};
    return q::check_support(level, t).ok();
  };
  constexpr auto f32 = data_type::float32, f16t = data_type::float16, i32 = data_type::int32,
                 u8 = data_type::uint8, i8 = data_type::int8;
  // 1_0: FLOAT32 -> UINT8 only.
  CHECK(ok(feature_level::level_1_0, f32, f32, u8, u8));
  CHECK_FALSE(ok(feature_level::level_1_0, f32, f32, i8, i8));
  CHECK_FALSE(ok(feature_level::level_1_0, i32, f32, u8, u8));
  // 2_1: INT32 input (FLOAT32 scale) and INT8 output.
  CHECK(ok(feature_level::level_2_1, i32, f32, i8, i8));
  CHECK(ok(feature_level::level_2_1, f32, f32, i8, i8));
  CHECK_FALSE(ok(feature_level::level_2_1, i32, i32, i8, i8));  // the scale of INT32 is FLOAT32
  CHECK_FALSE(ok(feature_level::level_2_1, f16t, f16t, i8, i8));
  // 6_0: FLOAT16 input with a FLOAT16 scale; not a FLOAT32 scale.
  CHECK(ok(feature_level::level_6_0, f16t, f16t, u8, u8));
  CHECK_FALSE(ok(feature_level::level_6_0, f16t, f32, u8, u8));
  CHECK_FALSE(ok(feature_level::level_6_0, f32, f16t, u8, u8));
  // The zero point has the output's type; optional from 6_2.
  CHECK_FALSE(ok(feature_level::level_6_4, f32, f32, i8, u8));
  CHECK_FALSE(ok(feature_level::level_6_1, f32, f32, u8, u8, false));
  CHECK(ok(feature_level::level_6_2, f32, f32, u8, u8, false));
  // Never 16-bit, 32-bit or 64-bit outputs.
  CHECK_FALSE(ok(feature_level::level_6_4, f32, f32, data_type::int16, data_type::int16));
  CHECK_FALSE(ok(feature_level::level_6_4, f32, f32, data_type::int32, data_type::int32));
  // Through the runtime layer: 4 dimensions before 3_0 (execute_packed's are 4-D), and the
  // in-place alias is refused (the types differ anyway).
  const float x[2] = {1.0f, 2.0f}, s[2] = {1.0f, 1.0f};
  const std::uint8_t z[2] = {0, 0};
  std::uint8_t out[2] = {};
  CHECK(op_variants::execute_packed<q>(dmlref::golden, dmlref::dml::DML_FEATURE_LEVEL_1_0, {}, 2, out, x, s, z).ok());
  CHECK(out[0] == 1);
  CHECK(out[1] == 2);
  CHECK_FALSE(q::allows_in_place);
}

TEST_CASE("QUANTIZE fast path: every FLOAT16 input, bit for bit with golden, per scale class") {
  std::vector<float16> x(65536);
  for (std::uint32_t b = 0; b < 65536; ++b) x[b] = f16(static_cast<std::uint16_t>(b));
  // Scale classes: 1, a power of two, non-dyadic, negative, tiny (subnormal), large, infinite.
  const std::uint16_t scales[] = {0x3C00u, 0x3400u, 0x3555u, 0x4248u, 0xB666u, 0x0001u, 0x03FFu, 0x7BFFu, 0x7C00u};
  for (const auto s : scales) {
    CAPTURE(hex(s));
    CHECK(fast_equals_golden<float16, std::int8_t>(x, f16(s), std::int8_t{3}) > 60000);
    CHECK(fast_equals_golden<float16, std::uint8_t>(x, f16(s), std::uint8_t{128}) > 60000);
  }
}

TEST_CASE("QUANTIZE fast path: 10^6 FLOAT32 bit patterns per scale class, bit for bit with golden") {
  // Per scale, a million inputs: random bit patterns (every class, subnormals included), and
  // quotients near half-integers (x = (k + 1/2 +- a few ULPs) * Scale), where float division
  // may land on a tie the exact quotient misses.
  const std::uint32_t scales[] = {0x3F800000u, 0x3E800000u, 0x3DCCCCCDu, 0x40400000u, 0xC0490FDBu,
                                  0x00000001u, 0x00400000u, 0x7F7FFFFFu, 0x7F800000u, 0x3F800001u};
  std::mt19937_64 rng(20261122);
  for (const auto sb : scales) {
    CAPTURE(hex(sb));
    const float s = f32(sb);
    std::vector<float> x(1000000);
    for (std::size_t k = 0; k < x.size(); ++k) {
      if (k % 2 == 0) {
        x[k] = f32(static_cast<std::uint32_t>(rng()));
      } else {
        const auto half_integer = static_cast<float>(static_cast<std::int64_t>(rng() % 600) - 300) + 0.5f;
        const float near = half_integer * s;
        const auto nudge = static_cast<std::int32_t>(rng() % 7) - 3;
        x[k] = f32(bits_of(near) + static_cast<std::uint32_t>(nudge));
      }
    }
    CHECK(fast_equals_golden<float, std::int8_t>(x, s, std::int8_t{-5}) > 400000);
    CHECK(fast_equals_golden<float, std::uint8_t>(x, s, std::uint8_t{100}) > 400000);
  }
}

TEST_CASE("QUANTIZE fast path: INT32 inputs, bit for bit with golden") {
  std::mt19937_64 rng(7);
  std::vector<std::int32_t> x(200000);
  for (std::size_t k = 0; k < x.size(); ++k) {
    x[k] = k % 2 == 0 ? static_cast<std::int32_t>(static_cast<std::uint32_t>(rng()))
                      : static_cast<std::int32_t>(rng() % 2001) - 1000;
  }
  for (const auto sb : {0x3F800000u, 0x40000000u, 0x3DCCCCCDu, 0x4B800000u, 0xC2C80000u, 0x00000001u}) {
    CAPTURE(hex(sb));
    CHECK(fast_equals_golden<std::int32_t, std::int8_t>(x, f32(sb), std::int8_t{0}) > 0);
    CHECK(fast_equals_golden<std::int32_t, std::uint8_t>(x, f32(sb), std::uint8_t{128}) > 0);
  }
}
