// DEQUANTIZE_LINEAR with 32-bit inputs on the fast path: FLOAT32 results equal golden's (the
// exact product rounded once) where the target has FMA, also where rounding the product to a
// double first would land on a FLOAT32 midpoint (simd/dequantize_linear.hpp).
//
// Oracle: the golden path, and inputs built so that the double product is exactly a FLOAT32
// midpoint while the exact product is not: with the scale's mantissa m odd, x = (2^31 + t) /
// m modulo 2^32 makes x * m end in the bits 1, 28 zeros, t (t in 1..7), and a 56-bit x * m
// drops exactly t when rounded to a double.

#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

#include "bit_helpers.hpp"
#include "dmlref/dmlref.hpp"

namespace {

/// Runs both paths over x with per-element scales (no zero point): the largest distance in
/// ULP between them (both finite or both the same special value).
template <class In>
std::uint32_t fast_distance_from_golden(const std::vector<In>& x, const std::vector<float>& scale) {
  const auto n = static_cast<std::uint32_t>(x.size());
  std::vector<float> golden(n), fast(n);
  REQUIRE(dmlref::dequantize_linear(dmlref::golden, dmlref::make_packed_view(x.data(), {n}),
                                    dmlref::make_packed_view(scale.data(), {n}), dmlref::make_packed_view(golden.data(), {n}))
              .ok());
  REQUIRE(dmlref::dequantize_linear(dmlref::fast, dmlref::make_packed_view(x.data(), {n}),
                                    dmlref::make_packed_view(scale.data(), {n}), dmlref::make_packed_view(fast.data(), {n}))
              .ok());
  std::uint32_t worst = 0;
  for (std::uint32_t i = 0; i < n; ++i) {
    const auto g = bits_of(golden[i]), f = bits_of(fast[i]);
    const std::uint32_t distance = (g >> 31) != (f >> 31) ? ~0u : (g > f ? g - f : f - g);
    worst = distance > worst ? distance : worst;
  }
  return worst;
}

}  // namespace

#if defined(DMLREF_HAVE_XSIMD) && (defined(__AVX512F__) || (defined(__FMA__) && defined(__AVX2__)))
namespace {
/// The inverse of an odd m modulo 2^32 (Newton's iteration).
std::uint32_t inverse_mod_2_32(std::uint32_t m) {
  std::uint32_t inv = m;
  for (int i = 0; i < 5; ++i) inv *= 2u - m * inv;
  return inv;
}

}  // namespace

TEST_CASE("fast path: 32-bit DEQUANTIZE to FLOAT32 equals golden where the double product is a midpoint") {
  std::mt19937 rng(5);
  std::vector<std::uint32_t> x;
  std::vector<float> scale;
  std::uint32_t double_rounding_wrong = 0;
  while (x.size() < 4000) {
    const std::uint32_t m = (1u << 23) | (static_cast<std::uint32_t>(rng()) & 0x7fffffu) | 1u;  // odd, 24 bits
    const std::uint32_t t = 1 + static_cast<std::uint32_t>(rng() % 7);
    const std::uint32_t v = ((1u << 31) + t) * inverse_mod_2_32(m);
    const std::uint64_t product = std::uint64_t{v} * m;
    if ((product >> 55) != 1) continue;  // 56 bits: the double drops exactly t
    const int k = static_cast<int>(rng() % 80);
    const float s = std::ldexp(static_cast<float>(m), -23 - k);
    x.push_back(v);
    scale.push_back(s);
    const float naive = static_cast<float>(static_cast<double>(v) * static_cast<double>(s));
    float golden = 0;
    REQUIRE(dmlref::dequantize_linear(dmlref::golden, dmlref::make_packed_view(&v, {1}),
                                      dmlref::make_packed_view(&s, {1}), dmlref::make_packed_view(&golden, {1}))
                .ok());
    double_rounding_wrong += bits_of(naive) != bits_of(golden) ? 1u : 0u;
  }
  CHECK(double_rounding_wrong > 1000);  // the inputs do trip a product rounded to double first
  CHECK(fast_distance_from_golden(x, scale) == 0);
  // The same products as INT32 differences: x - z with z = -2^31 + 1 keeps x - z = v.
  std::vector<std::int32_t> shifted(x.size());
  for (std::size_t i = 0; i < x.size(); ++i) shifted[i] = static_cast<std::int32_t>(x[i] - 2147483648u);
  const auto n = static_cast<std::uint32_t>(x.size());
  const std::int32_t zero = -2147483647 - 1;
  std::vector<float> golden(n), fast(n);
  for (auto* out : {&golden, &fast}) {
    const auto s = out == &golden
                       ? dmlref::dequantize_linear(dmlref::golden, dmlref::make_packed_view(shifted.data(), {n}),
                                                   dmlref::make_packed_view(scale.data(), {n}),
                                                   dmlref::make_strided_view(&zero, {n}, {0}),
                                                   dmlref::make_packed_view(out->data(), {n}))
                       : dmlref::dequantize_linear(dmlref::fast, dmlref::make_packed_view(shifted.data(), {n}),
                                                   dmlref::make_packed_view(scale.data(), {n}),
                                                   dmlref::make_strided_view(&zero, {n}, {0}),
                                                   dmlref::make_packed_view(out->data(), {n}));
    REQUIRE(s.ok());
  }
  for (std::uint32_t i = 0; i < n; ++i) CHECK(bits_of(golden[i]) == bits_of(fast[i]));
}
#endif

TEST_CASE("fast path: 32-bit DEQUANTIZE to FLOAT32 at the edges of the range") {
  // Random 32-bit inputs with scales across FLOAT32's range, subnormal results and overflow
  // included: exact on FMA targets, within 1 ULP elsewhere (the documented budget).
  std::mt19937 rng(9);
  std::vector<std::int32_t> xs;
  std::vector<std::uint32_t> xu;
  std::vector<float> scale;
  for (int i = 0; i < 20000; ++i) {
    xs.push_back(static_cast<std::int32_t>(rng()));
    xu.push_back(static_cast<std::uint32_t>(rng()));
    const int e = -160 + static_cast<int>(rng() % 260);  // tiny (subnormal products) to huge (overflow)
    scale.push_back(std::ldexp(1.0f + static_cast<float>(rng() % (1u << 23)) / 8388608.0f, e));
  }
#if defined(DMLREF_HAVE_XSIMD) && (defined(__AVX512F__) || (defined(__FMA__) && defined(__AVX2__)))
  const std::uint32_t budget = 0;
#else
  const std::uint32_t budget = 1;
#endif
  CHECK(fast_distance_from_golden(xs, scale) <= budget);
  CHECK(fast_distance_from_golden(xu, scale) <= budget);
}
