// ELEMENT_WISE_CLIP: hand-derived vectors from the contract in ops/clip.hpp (bounds converted
// to the tensor's type, Max applied before Min, IEEE comparisons, NaN kept, integer bounds
// truncated and saturated, ScaleBias first), every FLOAT16 pattern against comparisons in
// float, and the support table level by level. Golden is called directly; the runtime layer
// runs both paths (its instantiation is compiled once, elsewhere).

#include <dmlref/dml/execute_once.hpp>  // first: the runtime layer is compiled once, elsewhere

#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include <dmlref/dmlref.hpp>

#include "bit_helpers.hpp"
#include "op_variants.hpp"

namespace {

using dmlref::float16;
using dmlref::ops::clip;

clip bounds(float lo, float hi) { return clip{{}, lo, hi, std::nullopt}; }

/// golden and fast through dml::execute at 6_4 on xs; both must give golden's bits.
template <class T>
std::vector<T> run_both(const clip& op, const std::vector<T>& xs) {
  const auto n = static_cast<std::uint32_t>(xs.size());
  std::vector<T> golden(n), fast(n);
  const auto attrs = dmlref::ops::attributes_of(op);
  REQUIRE(op_variants::execute_packed<clip>(dmlref::golden, dmlref::dml::DML_FEATURE_LEVEL_6_4, attrs, n,
                                            golden.data(), xs.data())
              .ok());
  REQUIRE(op_variants::execute_packed<clip>(dmlref::fast, dmlref::dml::DML_FEATURE_LEVEL_6_4, attrs, n, fast.data(),
                                            xs.data())
              .ok());
  CHECK(std::memcmp(golden.data(), fast.data(), n * sizeof(T)) == 0);
  return golden;
}

}  // namespace

TEST_CASE("clip FLOAT32: bounds, signed zeros, infinities and NaN") {
  const clip op = bounds(-1.0f, 1.0f);
  const std::uint32_t nan_payload = 0xFFC01234u;
  const std::vector<float> xs{0.5f, 2.0f, -3.0f, -0.0f, 0.0f, -std::numeric_limits<float>::infinity(),
                              std::numeric_limits<float>::infinity(), f32(nan_payload), 1.0f, -1.0f, f32(1u)};
  const std::vector<std::uint32_t> want{bits_of(0.5f), bits_of(1.0f), bits_of(-1.0f), 0x80000000u, 0u,
                                        bits_of(-1.0f), bits_of(1.0f), nan_payload, bits_of(1.0f), bits_of(-1.0f), 1u};
  const auto got = run_both(op, xs);
  for (std::size_t k = 0; k < xs.size(); ++k) {
    CAPTURE(hex(bits_of(xs[k])));
    CHECK(bits_of(got[k]) == want[k]);
  }
}

TEST_CASE("clip: Max applies first, so Min > Max gives Min; a zero bound keeps an equal zero's sign") {
  const clip empty = bounds(3.0f, -3.0f);
  for (const float x : {-10.0f, 0.0f, 10.0f, 3.0f}) CHECK(empty(x) == 3.0f);
  CHECK(empty(std::int32_t{-10}) == 3);
  const clip zeros = bounds(0.0f, -0.0f);  // [+0, -0]: -0 <= x <= +0 numerically
  CHECK(bits_of(zeros(-0.0f)) == 0x80000000u);
  CHECK(bits_of(zeros(0.0f)) == 0u);
  CHECK(bits_of(zeros(-2.0f)) == 0u);           // below: Min, +0
  CHECK(bits_of(zeros(2.0f)) == 0x80000000u);   // above: Max, -0
}

TEST_CASE("clip: a NaN bound bounds nothing") {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const clip no_min = bounds(nan, 2.0f);
  CHECK(no_min(-1e30f) == -1e30f);
  CHECK(no_min(5.0f) == 2.0f);
  CHECK(no_min(std::int8_t{-128}) == std::int8_t{-128});
  const clip no_max = bounds(-2.0f, nan);
  CHECK(no_max(1e30f) == 1e30f);
  CHECK(no_max(std::uint16_t{65535}) == std::uint16_t{65535});
  run_both(no_min, std::vector<float>{-1e30f, 5.0f, nan});
  run_both(no_max, std::vector<std::int64_t>{std::numeric_limits<std::int64_t>::max(), -9});
}

TEST_CASE("clip FLOAT16: every bit pattern, bounds rounded to FLOAT16") {
  const clip op = bounds(-2.75f, 100.3f);
  CHECK(clip::bound_as<float16>(100.3f).value().bits() == float16(100.3125f).bits());  // nearest FLOAT16
  const float lo = -2.75f, hi = 100.3125f;
  std::vector<float16> xs;
  for (std::uint32_t b = 0; b <= 0xFFFF; ++b) xs.push_back(f16(static_cast<std::uint16_t>(b)));
  const auto got = run_both(op, xs);
  for (std::uint32_t b = 0; b <= 0xFFFF; ++b) {
    const float x = static_cast<float>(xs[b]);
    float16 want = xs[b];
    if (!std::isnan(x)) {
      if (x > hi) want = float16(hi);
      if (x < lo) want = float16(lo);
    }
    if (got[b].bits() != want.bits()) {
      CAPTURE(hex(b));
      CHECK(got[b].bits() == want.bits());
    }
  }
  // Bounds beyond FLOAT16's range round to infinity: nothing is clipped.
  CHECK(bounds(-1e6f, 1e6f)(f16(0xFBFF)).bits() == 0xFBFF);
}

TEST_CASE_TEMPLATE("clip of integers: bounds truncated toward zero and saturated to the type", T, std::int8_t,
                   std::int16_t, std::int32_t, std::int64_t, std::uint8_t, std::uint16_t, std::uint32_t,
                   std::uint64_t) {
  using limits = std::numeric_limits<T>;
  const clip op = bounds(-2.75f, 100.9f);  // [-2, 100], or [0, 100] unsigned
  const T lo = std::is_signed_v<T> ? static_cast<T>(-2) : T{0};
  const std::vector<T> xs{limits::min(), limits::max(), T{0}, T{1}, T{100}, T{101}, static_cast<T>(lo)};
  const std::vector<T> want{lo, T{100}, T{0}, T{1}, T{100}, T{100}, lo};
  CHECK(run_both(op, xs) == want);
  const clip wide = bounds(-1e30f, 1e30f);  // saturated: no bound on either side
  CHECK(run_both(wide, xs) == xs);
}

TEST_CASE("clip with ScaleBias: fma(x, Scale, Bias) in FLOAT32 first") {
  clip op = bounds(-2.0f, 100.0f);
  op.scale_and_bias = dmlref::scale_bias{2.0f, -3.0f};
  CHECK(op(1.0f) == -1.0f);   // 2 - 3
  CHECK(op(60.0f) == 100.0f);  // 117 clipped
  CHECK(op(-5.0f) == -2.0f);   // -13 clipped
  // FLOAT16: g = 2049 rounds to 2048 and is then clipped to 100 (the same either way round).
  clip f16_op = bounds(-1.0f, 3000.0f);
  f16_op.scale_and_bias = dmlref::scale_bias{2049.0f, 0.0f};
  CHECK(f16_op(f16(0x3C00)).bits() == float16(2048.0f).bits());
  // Integers: g truncated and saturated, then clipped; defined unless g is NaN.
  CHECK(op(std::int8_t{100}) == std::int8_t{100});  // 197 -> 127 -> 100
  CHECK(op(std::int8_t{-100}) == std::int8_t{-2});  // -203 -> -128 -> -2
  CHECK(op(std::int8_t{2}) == std::int8_t{1});      // 1
  clip nan_op = bounds(0.0f, 1.0f);
  nan_op.scale_and_bias = dmlref::scale_bias{std::numeric_limits<float>::infinity(), 0.0f};
  CHECK_FALSE(nan_op.defined(std::int32_t{0}));  // Inf * 0 = NaN
  CHECK(nan_op.defined(std::int32_t{1}));
  CHECK(nan_op(std::int32_t{1}) == 1);
}

TEST_CASE("clip: the support table, level by level") {
  using namespace dmlref::dml;
  const auto attrs = dmlref::ops::attributes_of(bounds(-1.0f, 1.0f));
  std::int32_t i32 = -3, i32_out = 0;
  CHECK_FALSE(op_variants::execute_packed<clip>(dmlref::golden, DML_FEATURE_LEVEL_2_1, attrs, 1, &i32_out, &i32).ok());
  REQUIRE(op_variants::execute_packed<clip>(dmlref::golden, DML_FEATURE_LEVEL_3_0, attrs, 1, &i32_out, &i32).ok());
  CHECK(i32_out == -1);
  std::uint64_t u64 = 7, u64_out = 0;
  const auto s = op_variants::execute_packed<clip>(dmlref::golden, DML_FEATURE_LEVEL_4_1, attrs, 1, &u64_out, &u64);
  CHECK_FALSE(s.ok());
  CHECK(s.message().find("UINT64 is not supported by ELEMENT_WISE_CLIP") != std::string::npos);
  REQUIRE(op_variants::execute_packed<clip>(dmlref::golden, DML_FEATURE_LEVEL_5_0, attrs, 1, &u64_out, &u64).ok());
  CHECK(u64_out == 1u);
  float16 h = float16(5.0f), h_out{};
  CHECK(op_variants::execute_packed<clip>(dmlref::golden, DML_FEATURE_LEVEL_1_0, attrs, 1, &h_out, &h).ok());
  CHECK(static_cast<float>(h_out) == 1.0f);
}
