// Decimals in case files are rounded once, directly to their tensor's type (io/decimal.hpp,
// io/json_numbers.hpp), also where the nearest double is itself a rounding boundary of FLOAT32
// or FLOAT16.
//
// Oracle: exact decimal expansions of binary midpoints written by the test (a dyadic number
// m 2^-k is m 5^k 10^-k), then nudged above or below by digits far past a double's precision.

#include <doctest/doctest.h>

#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "dmlref/io/case_file.hpp"

namespace {

/// The exact decimal expansion of m * 2^-k (k >= 0).
std::string exact_decimal(std::uint64_t m, int k) {
  std::vector<int> digits;  // least significant first
  for (auto v = m; v != 0; v /= 10) digits.push_back(static_cast<int>(v % 10));
  if (digits.empty()) digits.push_back(0);
  for (int i = 0; i < k; ++i) {  // times 5
    int carry = 0;
    for (auto& d : digits) {
      const int t = d * 5 + carry;
      d = t % 10;
      carry = t / 10;
    }
    while (carry != 0) {
      digits.push_back(carry % 10);
      carry /= 10;
    }
  }
  while (static_cast<int>(digits.size()) <= k) digits.push_back(0);
  std::string text;
  for (auto i = digits.size(); i-- > 0;) {
    text += static_cast<char>('0' + digits[i]);
    if (i == static_cast<std::size_t>(k) && k > 0) text += '.';
  }
  return text;
}

/// Loads decimals into a tensor of the type and returns the bit patterns.
std::vector<std::uint32_t> load(const std::string& type, const std::vector<std::string>& decimals) {
  std::string data;
  for (const auto& d : decimals) data += (data.empty() ? "" : ", ") + d;
  const std::string n = std::to_string(decimals.size());
  const std::string text = R"({"format": "dmlref-case/1", "op": "ELEMENT_WISE_SIGN", "tensors": {
      "InputTensor": {"dataType": ")" + type + R"(", "sizes": [)" + n + R"(], "data": [)" + data + R"(]},
      "OutputTensor": {"dataType": ")" + type + R"(", "sizes": [)" + n + "]}}}";
  const auto cases = dmlref::io::read_cases(text);
  REQUIRE(cases.size() == 1);
  REQUIRE_MESSAGE(cases[0].error.ok(), cases[0].error.message());
  const auto& buffer = cases[0].value.find("InputTensor")->buffer;
  std::vector<std::uint32_t> bits;
  for (std::size_t i = 0; i < decimals.size(); ++i) {
    if (type == "FLOAT16") {
      std::uint16_t b = 0;
      std::memcpy(&b, static_cast<const char*>(buffer.data()) + 2 * i, 2);
      bits.push_back(b);
    } else {
      std::uint32_t b = 0;
      std::memcpy(&b, static_cast<const char*>(buffer.data()) + 4 * i, 4);
      bits.push_back(b);
    }
  }
  return bits;
}

/// The decimal just below an exact expansion: its last digit lowered, then many nines.
std::string just_below(std::string exact) {
  auto i = exact.size();
  while (exact[--i] == '0' || exact[i] == '.') {
    if (exact[i] == '0') exact[i] = '9';
  }
  exact[i] = static_cast<char>(exact[i] - 1);
  return exact + (exact.find('.') == std::string::npos ? "." : "") + "99999999999999999999";
}

}  // namespace

TEST_CASE("decimals: a midpoint's neighbours round away from it, the midpoint to even") {
  // For random FLOAT32 and FLOAT16 values v (normal and subnormal) with a next value w, the
  // midpoint (v + w) / 2 written exactly, then 10^-40 above it, then 10^-40 below it.
  std::mt19937 rng(11);
  for (int i = 0; i < 300; ++i) {
    const bool half = i % 2 == 1;
    const auto v = static_cast<std::uint32_t>(half ? rng() % 0x7bff : rng() % 0x7f7fffff);
    const int mantissa_bits = half ? 10 : 23;
    const int bias = half ? 15 : 127;
    const std::uint32_t field = v >> mantissa_bits;
    const std::uint64_t m = (v & ((1u << mantissa_bits) - 1)) | (field != 0 ? 1u << mantissa_bits : 0u);
    const int e = (field != 0 ? static_cast<int>(field) : 1) - bias - mantissa_bits;  // v = m 2^e
    // midpoint = (2m + 1) 2^(e-1); written exactly when e - 1 <= 0 (always, below 2^24).
    if (e - 1 > 0) continue;
    const std::string mid = exact_decimal(2 * m + 1, 1 - e);
    const std::string above = mid.find('.') == std::string::npos ? mid + ".0000000000000000000000000000000000000001"
                                                                  : mid + "0000000000000000000000000000000000000001";
    const auto bits = load(half ? "FLOAT16" : "FLOAT32", {mid, above, just_below(mid)});
    INFO(mid);
    CHECK(bits[0] == ((v & 1) == 0 ? v : v + 1));  // a tie: to even
    CHECK(bits[1] == v + 1);
    CHECK(bits[2] == v);
  }
}

TEST_CASE("decimals: far past the digits a double holds, and past 800 digits") {
  // 1 + 2^-24 is FLOAT32's midpoint above 1; a digit 1 at the 900th decimal place still lifts
  // the value above it.
  const std::string mid = exact_decimal((1u << 24) + 1, 24);  // 1.000000059604644775390625
  const std::string zeros(900, '0');
  const auto bits = load("FLOAT32", {mid, mid + zeros, mid + zeros + "1", just_below(mid) + zeros + "9"});
  CHECK(bits[0] == 0x3f800000u);
  CHECK(bits[1] == 0x3f800000u);
  CHECK(bits[2] == 0x3f800001u);
  CHECK(bits[3] == 0x3f800000u);
  // The same value written with an exponent and leading zeros.
  CHECK(load("FLOAT32", {"0.0001000000059604644775390625000000000000001e4"})[0] == 0x3f800001u);
}

TEST_CASE("decimals: overflow thresholds and the edges of the range") {
  // FLOAT16's largest value is 65504; 65520 is the midpoint to 2^16 and rounds to Inf (even).
  const auto half = load("FLOAT16", {"65520", "65519.99999999999999999999", "65520.00000000000000000001",
                                     "-65519.999999999999999999"});
  CHECK(half[0] == 0x7c00u);
  CHECK(half[1] == 0x7bffu);
  CHECK(half[2] == 0x7c00u);
  CHECK(half[3] == 0xfbffu);
  // 2^-25 is the midpoint between FLOAT16's 0 and its smallest subnormal 2^-24.
  const std::string tiny = exact_decimal(1, 25);
  const auto sub = load("FLOAT16", {tiny, tiny + "00000000000000000001", just_below(tiny), "1e-500", "-1e-500"});
  CHECK(sub[0] == 0x0000u);
  CHECK(sub[1] == 0x0001u);
  CHECK(sub[2] == 0x0000u);
  CHECK(sub[3] == 0x0000u);
  CHECK(sub[4] == 0x8000u);
  // FLOAT32's overflow threshold 2^128 - 2^103.
  const auto big = load("FLOAT32", {"340282356779733661637539395458142568448",
                                    "340282356779733661637539395458142568447.999999999999999",
                                    "1e39"});
  CHECK(big[0] == 0x7f800000u);
  CHECK(big[1] == 0x7f7fffffu);
  CHECK(big[2] == 0x7f800000u);
}

TEST_CASE("decimals: integer tensors still refuse fractions, also on a boundary") {
  const std::string text = R"({"format": "dmlref-case/1", "op": "ELEMENT_WISE_SIGN", "tensors": {
      "InputTensor": {"dataType": "INT32", "sizes": [1], "data": [1.000000059604644775390625]},
      "OutputTensor": {"dataType": "INT32", "sizes": [1]}}})";
  const auto cases = dmlref::io::read_cases(text);
  REQUIRE(cases.size() == 1);
  REQUIRE_FALSE(cases[0].error.ok());
  CHECK(cases[0].error.message().find("1.000000059604644775390625 is not an integer") != std::string::npos);
}
