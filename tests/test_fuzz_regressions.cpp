// Inputs the fuzzers (fuzz/) found, replayed as tests: each once gave a fast result outside
// its budget of golden, or a sanitizer report. Every case compares the fast path with golden
// element by element, within the operator's fast_ulp_budget, NaN matching NaN.

#include <doctest/doctest.h>

#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

#include <dmlref/dmlref.hpp>
#include <dmlref/oracle/ulp.hpp>

namespace {

using dmlref::float16;

template <class T>
float as_float(T x) {
  return static_cast<float>(x);
}

/// Every element of fast within budget of golden; reports the first that is not.
template <class T>
void check_within_budget(const std::vector<T>& golden, const std::vector<T>& fast, std::uint64_t budget) {
  REQUIRE(golden.size() == fast.size());
  for (std::size_t k = 0; k < golden.size(); ++k) {
    const bool a = dmlref::oracle::is_nan(golden[k]), b = dmlref::oracle::is_nan(fast[k]);
    INFO("element " << k << ": golden " << as_float(golden[k]) << ", fast " << as_float(fast[k]));
    if (a || b) {
      CHECK(a == b);
    } else {
      CHECK(dmlref::oracle::ulp_distance(golden[k], fast[k]) <= budget);
    }
  }
}

/// POW over every (base, exponent) pair, both paths.
template <class T, class E>
void check_pow_pairs(const std::vector<float>& bases, const std::vector<E>& exponents,
                     std::optional<dmlref::scale_bias> sb = std::nullopt) {
  std::vector<T> x;
  std::vector<E> e;
  for (float b : bases) {
    for (E v : exponents) {
      x.push_back(T(b));
      e.push_back(v);
    }
  }
  std::vector<T> g(x.size()), f(x.size());
  const std::uint32_t n[] = {static_cast<std::uint32_t>(x.size())};
  REQUIRE(dmlref::pow(dmlref::golden, dmlref::make_packed_view(x.data(), n), dmlref::make_packed_view(e.data(), n),
                      dmlref::make_packed_view(g.data(), n), sb)
              .ok());
  REQUIRE(dmlref::pow(dmlref::fast, dmlref::make_packed_view(x.data(), n), dmlref::make_packed_view(e.data(), n),
                      dmlref::make_packed_view(f.data(), n), sb)
              .ok());
  check_within_budget(g, f, dmlref::ops::pow::fast_ulp_budget(dmlref::data_type_of_v<T>));
}

}  // namespace

TEST_CASE("fuzz regression: POW with UINT32 exponents of 2^31 and above") {
  // fuzz_fast_vs_golden: FLOAT16 [881,2,1,1,1] ^ UINT32 with ScaleBias {0.5, 1.4e32} gave 0
  // where golden gives +Inf: the exponent was converted as a signed 32-bit integer.
  const std::vector<std::uint32_t> exponents = {1u, 3u, 65537u, 0x7FFFFFFFu, 0x80000000u, 0x80000001u,
                                                3000000000u, 0xFFFFFFFEu, 0xFFFFFFFFu};
  const std::vector<float> bases = {2.0f, 0.5f, 1.0f, 1.5f, -2.0f, -0.75f, -1.0f, 0.0f};
  check_pow_pairs<float16>(bases, exponents);
  check_pow_pairs<float16>(bases, exponents, dmlref::scale_bias{0.5f, 1.4e32f});
  check_pow_pairs<float>(bases, exponents);
  check_pow_pairs<float>(bases, exponents, dmlref::scale_bias{0.5f, 1.4e32f});
}

TEST_CASE("fuzz regression: POW and CONSTANT_POW with exponents of magnitude 2^23 and above on negative bases") {
  // fuzz_runtime: a FLOAT16 CONSTANT_POW with such an exponent shifted a 32-bit lane by 32
  // while deciding the exponent's parity (undefined behaviour, reported by
  // UndefinedBehaviorSanitizer).
  const float inf = std::numeric_limits<float>::infinity();
  const std::vector<float> exponents = {8388608.0f, 8388609.0f, 16777216.0f, 16777218.0f, 3.0e38f, -1073741824.0f,
                                        inf, -inf, std::numeric_limits<float>::quiet_NaN(), 8388607.5f};
  const std::vector<float> bases = {-2.0f, -0.5f, -1.0f, -3.0f, 2.0f, -1.0e-3f};
  check_pow_pairs<float16>(bases, std::vector<float16>(exponents.begin(), exponents.end()));
  check_pow_pairs<float16>(bases, exponents);
  check_pow_pairs<float>(bases, exponents);
  for (float e : exponents) {
    INFO("CONSTANT_POW exponent " << e);
    std::vector<float16> x;
    std::vector<float> xf;
    for (float b : bases) {
      x.push_back(float16(b));
      xf.push_back(b);
    }
    const std::uint32_t n[] = {static_cast<std::uint32_t>(x.size())};
    std::vector<float16> g(x.size()), f(x.size());
    REQUIRE(dmlref::constant_pow(dmlref::golden, dmlref::make_packed_view(x.data(), n),
                                 dmlref::make_packed_view(g.data(), n), e)
                .ok());
    REQUIRE(dmlref::constant_pow(dmlref::fast, dmlref::make_packed_view(x.data(), n),
                                 dmlref::make_packed_view(f.data(), n), e)
                .ok());
    check_within_budget(g, f, dmlref::ops::constant_pow::fast_ulp_budget(dmlref::data_type::float16));
    std::vector<float> gf(xf.size()), ff(xf.size());
    REQUIRE(dmlref::constant_pow(dmlref::golden, dmlref::make_packed_view(xf.data(), n),
                                 dmlref::make_packed_view(gf.data(), n), e)
                .ok());
    REQUIRE(dmlref::constant_pow(dmlref::fast, dmlref::make_packed_view(xf.data(), n),
                                 dmlref::make_packed_view(ff.data(), n), e)
                .ok());
    check_within_budget(gf, ff, dmlref::ops::constant_pow::fast_ulp_budget(dmlref::data_type::float32));
  }
}
