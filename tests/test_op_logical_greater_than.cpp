// ELEMENT_WISE_LOGICAL_GREATER_THAN: hand-derived vectors from the contract in
// ops/logical_greater_than.hpp (IEEE ordering: NaN gives 0, -0 equals +0; integers as their
// type orders them), every FLOAT16 pattern against a set of right-hand values compared in
// float, both output types, and the support table level by level. Golden is called
// directly; the runtime layer runs both paths (its instantiation is compiled once, elsewhere).

#include <dmlref/dml/execute_once.hpp>  // first: the runtime layer is compiled once, elsewhere

#include <doctest/doctest.h>

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
using greater = dmlref::ops::logical_greater_than;

/// a > b through dml::execute at 6_4, golden and fast, as O flags; both paths must agree.
template <class O, class T>
std::vector<O> run_both(const std::vector<T>& a, const std::vector<T>& b) {
  const auto n = static_cast<std::uint32_t>(a.size());
  std::vector<O> golden(n, O{7}), fast(n, O{7});
  const dmlref::dml::attribute_values none;
  REQUIRE(op_variants::execute_packed<greater>(dmlref::golden, dmlref::dml::DML_FEATURE_LEVEL_6_4, none, n,
                                               golden.data(), a.data(), b.data())
              .ok());
  REQUIRE(op_variants::execute_packed<greater>(dmlref::fast, dmlref::dml::DML_FEATURE_LEVEL_6_4, none, n,
                                               fast.data(), a.data(), b.data())
              .ok());
  CHECK(golden == fast);
  return golden;
}

}  // namespace

TEST_CASE("greater FLOAT32: IEEE ordering on the bits, to UINT8 and UINT32") {
  const float inf = std::numeric_limits<float>::infinity();
  const float nan = f32(0x7FC00001u);
  const std::vector<float> a{1.0f, 0.0f, -0.0f, 0.0f, nan, 1.0f, inf, f32(1u), -1.0f, -inf, nan, f32(0x80000001u)};
  const std::vector<float> b{0.0f, 1.0f, 0.0f, -0.0f, 1.0f, nan, 3.4e38f, 0.0f, -2.0f, -3.4e38f, nan, -0.0f};
  const std::vector<std::uint8_t> want{1, 0, 0, 0, 0, 0, 1, 1, 1, 0, 0, 0};
  CHECK(run_both<std::uint8_t>(a, b) == want);
  CHECK(run_both<std::uint32_t>(a, b) == std::vector<std::uint32_t>(want.begin(), want.end()));
  for (std::size_t k = 0; k < a.size(); ++k) CHECK(greater{}(a[k], b[k]) == (want[k] == 1));
}

TEST_CASE("greater FLOAT16: every pattern against signed zeros, infinities, NaN and ordinary values") {
  std::vector<float16> a;
  for (std::uint32_t x = 0; x <= 0xFFFF; ++x) a.push_back(f16(static_cast<std::uint16_t>(x)));
  const std::uint16_t rhs_patterns[] = {0x0000, 0x8000, 0x3C00, 0xBC00, 0x7C00, 0xFC00, 0x7E00, 0x0001, 0x7BFF};
  for (const std::uint16_t rhs : rhs_patterns) {
    CAPTURE(hex(rhs));
    const std::vector<float16> b(a.size(), f16(rhs));
    const auto got = run_both<std::uint8_t>(a, b);
    std::size_t wrong = 0;
    for (std::size_t k = 0; k < a.size(); ++k) {
      const bool want = static_cast<float>(a[k]) > static_cast<float>(b[k]);
      wrong += got[k] != (want ? 1 : 0);
    }
    CHECK(wrong == 0);
  }
}

TEST_CASE_TEMPLATE("greater of integers: as the type orders them", T, std::int8_t, std::int16_t, std::int32_t,
                   std::int64_t, std::uint8_t, std::uint16_t, std::uint32_t, std::uint64_t) {
  using limits = std::numeric_limits<T>;
  const std::vector<T> a{limits::max(), limits::min(), T{5}, T{5}, T{0}, static_cast<T>(limits::max() - 1)};
  const std::vector<T> b{limits::min(), limits::max(), T{5}, T{4}, T{1}, limits::max()};
  const std::vector<std::uint32_t> want{1, 0, 0, 1, 0, 0};
  CHECK(run_both<std::uint32_t>(a, b) == want);
  CHECK(run_both<std::uint8_t>(a, b) == std::vector<std::uint8_t>(want.begin(), want.end()));
}

TEST_CASE("greater: the support table, level by level, and no aliasing") {
  using namespace dmlref::dml;
  const attribute_values none;
  float a = 2.0f, b = 1.0f;
  std::uint8_t u8 = 9;
  std::uint32_t u32 = 9;
  REQUIRE(op_variants::execute_packed<greater>(dmlref::golden, DML_FEATURE_LEVEL_1_0, none, 1, &u32, &a, &b).ok());
  CHECK(u32 == 1u);
  const auto s = op_variants::execute_packed<greater>(dmlref::golden, DML_FEATURE_LEVEL_1_0, none, 1, &u8, &a, &b);
  CHECK_FALSE(s.ok());
  CHECK(s.message().find("UINT8 is not supported by ELEMENT_WISE_LOGICAL_GREATER_THAN") != std::string::npos);
  REQUIRE(op_variants::execute_packed<greater>(dmlref::golden, DML_FEATURE_LEVEL_2_0, none, 1, &u8, &a, &b).ok());
  CHECK(u8 == 1u);
  std::int32_t i = 3, j = 4;
  CHECK_FALSE(op_variants::execute_packed<greater>(dmlref::golden, DML_FEATURE_LEVEL_2_0, none, 1, &u8, &i, &j).ok());
  REQUIRE(op_variants::execute_packed<greater>(dmlref::golden, DML_FEATURE_LEVEL_2_1, none, 1, &u8, &i, &j).ok());
  CHECK(u8 == 0u);
  std::int64_t k = 3, l = 2;
  CHECK_FALSE(op_variants::execute_packed<greater>(dmlref::golden, DML_FEATURE_LEVEL_4_0, none, 1, &u8, &k, &l).ok());
  // A and B must share a type.
  std::uint32_t m = 3;
  CHECK_FALSE(op_variants::execute_packed<greater>(dmlref::golden, DML_FEATURE_LEVEL_6_4, none, 1, &u8, &i, &m).ok());
  // Output over ATensor (UINT32 inputs, UINT32 output, one buffer): refused.
  std::uint32_t buffer[4] = {5, 4, 3, 2};
  const UINT sizes[4] = {1, 1, 1, 4};
  const DML_BUFFER_TENSOR_DESC t{DML_TENSOR_DATA_TYPE_UINT32, DML_TENSOR_FLAG_NONE, 4, sizes, nullptr, 16, 0};
  const DML_TENSOR_DESC td{DML_TENSOR_TYPE_BUFFER, &t};
  const DML_TENSOR_DESC* tensors[3] = {&td, &td, &td};
  const descriptor_storage desc(dmlref::ops::schema_of<greater>(), tensors, none);
  const std::uint32_t other[4] = {1, 1, 1, 1};
  const auto r = execute(dmlref::golden, DML_FEATURE_LEVEL_6_4, desc.op(), {{buffer, 16}, {other, 16}}, {{buffer, 16}});
  CHECK_FALSE(r.ok());
  CHECK(r.message().find("cannot run in place") != std::string::npos);
}
