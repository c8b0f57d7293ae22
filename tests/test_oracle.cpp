// The comparator's edge rules: +-0, NaN, subnormals, ULPs counted in the output's own type
// (FLOAT16 as FLOAT16), integers in integer units, undefined elements skipped, strided actual tensors,
// the absolute floor, and the report's coordinates, values and histogram.

#include <doctest/doctest.h>

#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

#include "dmlref/oracle/compare.hpp"
#include "dmlref/oracle/tolerance_table.hpp"

#include "bit_helpers.hpp"

using dmlref::float16;
using dmlref::tolerance;
using dmlref::oracle::compare;
using dmlref::oracle::compare_options;

namespace {

template <class T>
dmlref::oracle::report compare_1d(const std::vector<T>& expected, const std::vector<T>& actual, tolerance tol,
                                  const bool* defined = nullptr) {
  compare_options options;
  options.tol = tol;
  const std::uint32_t sizes[] = {static_cast<std::uint32_t>(expected.size())};
  return compare(expected.data(), defined, actual.data(), dmlref::element_strides{1}, 1, sizes, options);
}

}  // namespace

TEST_CASE("oracle: +0 equals -0, at zero tolerance, for FLOAT32 and FLOAT16") {
  CHECK(compare_1d<float>({0.0f}, {-0.0f}, tolerance::exact()).pass);
  CHECK(compare_1d<float16>({float16::from_bits(0x8000)}, {float16::from_bits(0x0000)}, tolerance::exact()).pass);
  // The smallest subnormals on either side of zero are 2 ULP apart (via zero), not 2^31.
  const auto r = compare_1d<float>({f32(0x00000001)}, {f32(0x80000001)}, tolerance::ulp(1));
  CHECK_FALSE(r.pass);
  CHECK(r.max_ulps == 2);
  CHECK(compare_1d<float>({f32(0x00000001)}, {f32(0x80000001)}, tolerance::ulp(2)).pass);
}

TEST_CASE("oracle: zero_rule::same_sign fails +0 against -0 at any tolerance, and nothing else") {
  compare_options strict;
  strict.tol = tolerance::ulp(1000);
  strict.zeros = dmlref::oracle::zero_rule::same_sign;
  const std::uint32_t two[] = {2};
  const float expected[] = {0.0f, 1.0f}, wrong_zero[] = {-0.0f, 1.0f}, same[] = {0.0f, 1.0f};
  const auto r = compare(expected, nullptr, wrong_zero, dmlref::element_strides{1}, 1, two, strict);
  CHECK_FALSE(r.pass);
  CHECK(r.zero_sign_mismatches == 1);
  CHECK(r.first.zero_sign_mismatch);
  CHECK(r.text().find("1 zero of the wrong sign") != std::string::npos);
  CHECK(compare(expected, nullptr, same, dmlref::element_strides{1}, 1, two, strict).pass);
  // Nonzero values near zero are judged by distance as before.
  const float tiny[] = {f32(0x00000001), 1.0f};
  CHECK(compare(expected, nullptr, tiny, dmlref::element_strides{1}, 1, two, strict).pass);
  const float16 h_expected[] = {float16::from_bits(0x8000)}, h_actual[] = {float16::from_bits(0x0000)};
  const std::uint32_t one[] = {1};
  CHECK_FALSE(compare(h_expected, nullptr, h_actual, dmlref::element_strides{1}, 1, one, strict).pass);
  // Integers have one zero.
  const std::int32_t i_zero[] = {0};
  CHECK(compare(i_zero, nullptr, i_zero, dmlref::element_strides{1}, 1, one, strict).pass);
}

TEST_CASE("oracle: NaN matches any NaN by default, identical bits on demand, and nothing else") {
  const float qnan = f32(0x7FC00000), other_nan = f32(0xFFC00123);
  CHECK(compare_1d<float>({qnan}, {other_nan}, tolerance::exact()).pass);
  compare_options strict;
  strict.nans = dmlref::oracle::nan_rule::same_bits;
  const std::uint32_t one[] = {1};
  CHECK_FALSE(compare(&qnan, nullptr, &other_nan, dmlref::element_strides{1}, 1, one, strict).pass);
  CHECK(compare(&qnan, nullptr, &qnan, dmlref::element_strides{1}, 1, one, strict).pass);
  const auto r = compare_1d<float>({qnan}, {std::numeric_limits<float>::infinity()}, tolerance::ulp(1u << 30));
  CHECK_FALSE(r.pass);
  CHECK(r.first.nan_mismatch);
  CHECK(r.histogram.counts[dmlref::oracle::ulp_histogram::finite_buckets] == 1);
  CHECK_FALSE(compare_1d<float>({1.0f}, {qnan}, tolerance::ulp(1u << 30)).pass);
}

TEST_CASE("oracle: ULPs are counted in the output's own type") {
  // 1.0 and the next FLOAT16 (1 + 2^-10) are 1 FLOAT16 ULP apart, 8192 FLOAT32 ULPs apart.
  const auto half = compare_1d<float16>({float16(1.0f)}, {float16::from_bits(0x3C01)}, tolerance::ulp(1));
  CHECK(half.pass);
  CHECK(half.max_ulps == 1);
  const auto single = compare_1d<float>({1.0f}, {1.0f + 1.0f / 1024}, tolerance::ulp(8191));
  CHECK_FALSE(single.pass);
  CHECK(single.max_ulps == 8192);
  // Across a binade: 2 - ulp and 2 are neighbours.
  CHECK(compare_1d<float16>({float16::from_bits(0x3FFF)}, {float16(2.0f)}, tolerance::ulp(1)).pass);
  // The largest finite value and infinity are neighbours, 1 ULP apart (yet a mismatch of its
  // own kind: see "an infinity against a finite value").
  const auto top = compare_1d<float16>({float16::from_bits(0x7BFF)}, {float16::from_bits(0x7C00)}, tolerance::ulp(1));
  CHECK(top.max_ulps == 1);
  CHECK(top.infinity_mismatches == 1);
  // Subnormals count like any other step.
  CHECK(compare_1d<float>({f32(0x00000003)}, {f32(0x00000000)}, tolerance::ulp(3)).pass);
  CHECK_FALSE(compare_1d<float>({f32(0x00000003)}, {f32(0x00000000)}, tolerance::ulp(2)).pass);
}

TEST_CASE("oracle: integer distances are integer units, which the tolerance counts") {
  CHECK_FALSE(compare_1d<std::int32_t>({5}, {6}, tolerance::exact()).pass);
  CHECK(compare_1d<std::int32_t>({5}, {6}, tolerance::ulp(1)).pass);
  CHECK(compare_1d<std::int8_t>({-128}, {-127}, tolerance::ulp(1)).pass);
  CHECK_FALSE(compare_1d<std::int32_t>({5}, {7}, tolerance::ulp(1)).pass);
  CHECK_FALSE(compare_1d<std::uint8_t>({0}, {255}, tolerance::ulp(1)).pass);
  CHECK(compare_1d<std::int32_t>({-3}, {7}, tolerance::ulp(32)).max_ulps == 10);
  CHECK(compare_1d<std::int64_t>({INT64_MIN}, {INT64_MIN}, tolerance::exact()).pass);
  const auto r = compare_1d<std::int64_t>({INT64_MIN}, {INT64_MAX}, tolerance::exact());
  CHECK(r.max_ulps == UINT64_MAX);
}

TEST_CASE("oracle: undefined elements are skipped and counted") {
  const bool defined[] = {true, false, true};
  const auto r = compare_1d<float>({1.0f, 2.0f, 3.0f}, {1.0f, 99.0f, 3.0f}, tolerance::exact(), defined);
  CHECK(r.pass);
  CHECK(r.skipped == 1);
  CHECK(r.compared == 2);
}

TEST_CASE("oracle: a strided actual tensor is read through its strides, coordinates are logical") {
  // Expected is packed 2x3; actual is the transpose's buffer (3x2 packed), read with strides {1, 2}.
  const float expected[] = {0, 1, 2, 10, 11, 12};
  float actual[] = {0, 10, 1, 11, 2, 12};
  compare_options options;
  const std::uint32_t sizes[] = {2, 3};
  CHECK(compare(expected, nullptr, actual, dmlref::element_strides{1, 2}, 2, sizes, options).pass);
  actual[3] = 11.5f;  // logical element [1, 1]
  const auto r = compare(expected, nullptr, actual, dmlref::element_strides{1, 2}, 2, sizes, options);
  REQUIRE_FALSE(r.pass);
  CHECK(r.mismatches == 1);
  CHECK(r.first.coordinates() == "[1, 1]");
  CHECK(r.first.expected == "11");
  CHECK(r.first.actual == "11.5");
  CHECK(r.first.expected_bits == "0x41300000");
  CHECK(r.first.actual_bits == "0x41380000");
  CHECK(r.text().find("first mismatch at [1, 1]") != std::string::npos);
}

TEST_CASE("oracle: the first and the worst mismatch, and the histogram") {
  const auto r = compare_1d<float>({1.0f, 1.0f, 1.0f, 1.0f}, {1.0f, f32(0x3F800003), f32(0x3F800040), 1.0f},
                                   tolerance::ulp(2));
  REQUIRE_FALSE(r.pass);
  CHECK(r.mismatches == 2);
  CHECK(r.first.ulps == 3);
  CHECK(r.worst.ulps == 64);
  CHECK(r.histogram.counts[0] == 2);
  CHECK(r.histogram.counts[dmlref::oracle::ulp_histogram::bucket_of(3)] == 1);
  CHECK(dmlref::oracle::ulp_histogram::label(dmlref::oracle::ulp_histogram::bucket_of(64)) == "33-64");
  CHECK(dmlref::oracle::ulp_histogram::label(dmlref::oracle::ulp_histogram::bucket_of(100000)) == ">512");
}

TEST_CASE("oracle: an absolute floor passes small differences near zero") {
  compare_options options;
  options.absolute_floor = 1e-6;
  const float expected = 1e-30f, actual = 0.0f;
  const std::uint32_t one[] = {1};
  CHECK(compare(&expected, nullptr, &actual, dmlref::element_strides{1}, 1, one, options).pass);
  options.absolute_floor = 0.0;
  CHECK_FALSE(compare(&expected, nullptr, &actual, dmlref::element_strides{1}, 1, one, options).pass);
}

TEST_CASE("oracle: the tolerance table holds the documented figures") {
  using dmlref::data_type;
  using dmlref::oracle::default_tolerance;
  namespace dml = dmlref::dml;
  /// The types of an operation: inputs in descriptor order, then the output.
  auto types = [](std::initializer_list<data_type> list, bool scale_bias = false) {
    dmlref::ops::operation_types t;
    std::size_t k = 0;
    for (auto type : list) {
      t.type[k] = type;
      t.present[k++] = true;
    }
    t.scale_bias = scale_bias;
    return t;
  };
  constexpr auto f32 = data_type::float32, f16 = data_type::float16, i32 = data_type::int32,
                 u8 = data_type::uint8, i8 = data_type::int8;
  const auto pow = dml::DML_OPERATOR_ELEMENT_WISE_POW, constant_pow = dml::DML_OPERATOR_ELEMENT_WISE_CONSTANT_POW;
  CHECK(default_tolerance(pow, types({f32, f32, f32})).max_ulps() == 32);
  CHECK(default_tolerance(pow, types({f16, i32, f16})).max_ulps() == 2);
  CHECK(default_tolerance(constant_pow, types({f32, f32})).max_ulps() == 32);
  CHECK(default_tolerance(constant_pow, types({f16, f16}, true)).max_ulps() == 2);
  // POW with an integer output: exact with an integer exponent and no ScaleBias, 1 when mixed.
  CHECK(default_tolerance(pow, types({i32, i32, i32})).kind == tolerance::metric::exact);
  CHECK(default_tolerance(pow, types({u8, i8, u8})).kind == tolerance::metric::exact);
  CHECK(default_tolerance(pow, types({i32, f32, i32})).max_ulps() == 1);
  CHECK(default_tolerance(pow, types({u8, f16, u8})).max_ulps() == 1);
  CHECK(default_tolerance(pow, types({i32, i32, i32}, true)).max_ulps() == 1);
  CHECK(default_tolerance(dml::DML_OPERATOR_ELEMENT_WISE_SIGN, types({f32, f32})).kind == tolerance::metric::exact);
  CHECK(default_tolerance(dml::DML_OPERATOR_ELEMENT_WISE_SIGN, types({i8, i8})).kind == tolerance::metric::exact);
  const auto dequantize = dml::DML_OPERATOR_ELEMENT_WISE_DEQUANTIZE_LINEAR;
  CHECK(default_tolerance(dequantize, types({u8, f32, u8, f32})).max_ulps() == 1);
  CHECK(default_tolerance(dequantize, types({i32, f16, i32, f16})).max_ulps() == 1);
}

TEST_CASE("oracle: NaN mismatches are counted apart from ULP distances and named in the report") {
  // A comparison that fails on NaNs alone: no finite distance, yet the text must not read as a
  // clean "worst distance 0 ULP".
  const float qnan = f32(0x7FC00000);
  const auto only_nans = compare_1d<float>({1.0f, qnan, 2.0f}, {1.0f, 1.0f, qnan}, tolerance::ulp(32));
  REQUIRE_FALSE(only_nans.pass);
  CHECK(only_nans.max_ulps == 0);
  CHECK(only_nans.mismatches == 2);
  CHECK(only_nans.text().find("; 2 NaN mismatches, worst distance elsewhere 0 ULP\n") != std::string::npos);
  CHECK(only_nans.text().find("; worst distance 0 ULP") == std::string::npos);
  // Among finite mismatches the count follows the largest distance; without NaNs nothing is added.
  const auto mixed = compare_1d<float>({1.0f, 1.0f}, {f32(0x3F800040), qnan}, tolerance::ulp(2));
  CHECK(mixed.text().find("; 1 NaN mismatch, worst distance elsewhere 64 ULP\n") != std::string::npos);
  const auto finite = compare_1d<float>({1.0f}, {f32(0x3F800040)}, tolerance::ulp(2));
  CHECK(finite.text().find("worst distance 64 ULP\n") != std::string::npos);
}

TEST_CASE("oracle: integer distances are named integer units, not ULP") {
  const auto ints = compare_1d<std::int32_t>({5, 7}, {5, 10}, tolerance::ulp(1));
  REQUIRE_FALSE(ints.pass);
  CHECK(ints.text().find("INT32 tolerance 1 integer unit; worst distance 3 integer units\n") != std::string::npos);
  CHECK(ints.text().find("first mismatch at [1]: expected 7 (0x00000007), actual 10 (0x0000000a), 3 integer units\n") !=
        std::string::npos);
  CHECK(ints.text().find("histogram of integer differences: 0:1 3-4:1") != std::string::npos);
  CHECK(ints.text().find("ULP") == std::string::npos);
}

TEST_CASE("oracle: an infinity against a finite value is its own mismatch, whatever the distance") {
  // The largest finite value and infinity are 1 ULP apart, yet a backend that overflows where
  // the reference is finite (or the reverse) gives another kind of answer.
  const float16 largest = float16::from_bits(0x7BFF), infinity = float16::from_bits(0x7C00);
  const auto r = compare_1d<float16>({float16(1.0f), largest, float16::from_bits(0xFBFF)},
                                     {float16(1.0f), infinity, float16::from_bits(0xFBFF)}, tolerance::ulp(1000));
  REQUIRE_FALSE(r.pass);
  CHECK(r.mismatches == 1);
  CHECK(r.infinity_mismatches == 1);
  CHECK(r.nan_mismatches == 0);
  CHECK(r.max_ulps == 1);
  CHECK(r.first.infinity_mismatch);
  CHECK(r.first.coordinates() == "[1]");
  CHECK(r.text().find("worst distance 1 ULP, 1 infinity against a finite value\n") != std::string::npos);
  CHECK(r.text().find("actual Infinity (0x7c00), infinity against a finite value\n") != std::string::npos);
  // The reverse (finite where the reference is infinite), FLOAT32, and the absolute floor: still a mismatch.
  compare_options lenient;
  lenient.tol = tolerance::ulp(1u << 30);
  lenient.absolute_floor = 1e300;
  const float expected[] = {-std::numeric_limits<float>::infinity(), 2.0f};
  const float actual[] = {-std::numeric_limits<float>::max(), 2.0f};
  const std::uint32_t two[] = {2};
  const auto reverse = compare(expected, nullptr, actual, dmlref::element_strides{1}, 1, two, lenient);
  CHECK_FALSE(reverse.pass);
  CHECK(reverse.infinity_mismatches == 1);
  CHECK(reverse.worst.infinity_mismatch);
  // Infinities that agree, and finite values, are judged as before; a NaN stays a NaN mismatch.
  CHECK(compare_1d<float>({std::numeric_limits<float>::infinity()}, {std::numeric_limits<float>::infinity()},
                          tolerance::exact())
            .pass);
  const auto nan = compare_1d<float>({std::numeric_limits<float>::infinity()}, {f32(0x7FC00000)}, tolerance::ulp(1));
  CHECK(nan.nan_mismatches == 1);
  CHECK(nan.infinity_mismatches == 0);
  // Among mismatches, the worst is a NaN mismatch, then an infinity, then the largest distance.
  const auto ranked = compare_1d<float>({1.0f, std::numeric_limits<float>::max()},
                                        {f32(0x3F800040), std::numeric_limits<float>::infinity()}, tolerance::ulp(2));
  CHECK(ranked.worst.infinity_mismatch);
  CHECK(ranked.first.ulps == 64);
  CHECK(ranked.max_ulps == 64);
}
