// ELEMENT_WISE_POW: float bases with every exponent type, integer bases with integer exponents
// (exact, modulo 2^bits), integer bases with float exponents (truncation toward zero), and
// integer bases with ScaleBias (the float route), through ops::pow, the typed API and
// dml::execute: every element the tests give ops::pow also runs through the typed API and
// dml::execute on both paths (tests/op_variants.hpp).
//
// Expectations: hand-derived bits (comments), or exact integer arithmetic done here
// independently (naive repeated multiplication modulo 2^bits).

#include <dmlref/dml/execute_once.hpp>  // first: the runtime layer is compiled once, elsewhere

#include <doctest/doctest.h>

#include <cstdint>
#include <cstring>
#include <limits>
#include <optional>
#include <type_traits>
#include <utility>
#include <vector>

#include <dmlref/dmlref.hpp>

#include "bit_helpers.hpp"
#include "op_variants.hpp"

namespace {

using dmlref::float16;
using dmlref::scale_bias;

bool is_nan32(std::uint32_t b) { return (b & 0x7F800000u) == 0x7F800000u && (b & 0x007FFFFFu) != 0; }
bool is_nan16(std::uint16_t b) { return (b & 0x7C00u) == 0x7C00u && (b & 0x03FFu) != 0; }

/// FLOAT16 bits of a small integer (|v| <= 2048, exact), built from the format's fields.
std::uint16_t half_bits_of_int(int v) {
  if (v == 0) return 0;
  const std::uint16_t sign = v < 0 ? 0x8000u : 0u;
  unsigned a = static_cast<unsigned>(v < 0 ? -v : v);
  int e = 0;
  while ((a >> (e + 1)) != 0) ++e;
  const unsigned fraction = ((a << (10 - e)) & 0x3FFu);
  return static_cast<std::uint16_t>(sign | static_cast<unsigned>((e + 15) << 10) | fraction);
}
/// FLOAT32 bits of a small integer (|v| < 2^24), from the fields.
std::uint32_t float_bits_of_int(long long v) {
  if (v == 0) return 0;
  const std::uint32_t sign = v < 0 ? 0x80000000u : 0u;
  const auto a = static_cast<unsigned long long>(v < 0 ? -v : v);
  int e = 0;
  while ((a >> (e + 1)) != 0) ++e;
  const auto fraction = static_cast<std::uint32_t>((a << (23 - e)) & 0x7FFFFFu);
  return sign | static_cast<std::uint32_t>((e + 127) << 23) | fraction;
}

/// An exponent element of type E holding the small integer v.
template <class E>
E exponent_value(int v) {
  if constexpr (std::is_same_v<E, float>) {
    return f32(float_bits_of_int(v));
  } else if constexpr (std::is_same_v<E, float16>) {
    return f16(half_bits_of_int(v));
  } else {
    return static_cast<E>(v);
  }
}

/// x^k modulo 2^bits of B by naive repeated multiplication (independent of the library's
/// square-and-multiply), read back as a two's complement B.
template <class B>
B naive_power(B x, std::uint64_t k) {
  constexpr int bits = 8 * static_cast<int>(sizeof(B));
  const std::uint64_t mask = bits == 64 ? ~std::uint64_t{0} : ((std::uint64_t{1} << bits) - 1);
  const auto base = static_cast<std::uint64_t>(static_cast<long long>(x)) & mask;
  std::uint64_t r = 1;
  for (std::uint64_t i = 0; i < k; ++i) r = (r * base) & mask;
  if constexpr (std::is_signed_v<B>) {
    const std::uint64_t top = std::uint64_t{1} << (bits - 1);
    if (r >= top) return static_cast<B>(static_cast<long long>(r) - static_cast<long long>(top) - static_cast<long long>(top));
    return static_cast<B>(r);
  } else {
    return static_cast<B>(r);
  }
}

template <class T>
dmlref::dml::DML_TENSOR_DATA_TYPE dml_type() {
  return static_cast<dmlref::dml::DML_TENSOR_DATA_TYPE>(dmlref::data_type_of_v<T>);
}

/// Runs POW through dml::execute on 1x1x1xn packed tensors.
template <class B, class E>
dmlref::status execute_pow(dmlref::dml::DML_FEATURE_LEVEL level, const B* x, const E* e, B* out, std::uint32_t n,
                           const dmlref::dml::DML_SCALE_BIAS* sb = nullptr) {
  using namespace dmlref::dml;
  const UINT sizes[4] = {1, 1, 1, n};
  const UINT64 xb = (UINT64{n} * sizeof(B) + 3) / 4 * 4;
  const UINT64 eb = (UINT64{n} * sizeof(E) + 3) / 4 * 4;
  DML_BUFFER_TENSOR_DESC bx{dml_type<B>(), DML_TENSOR_FLAG_NONE, 4, sizes, nullptr, xb, 0};
  DML_BUFFER_TENSOR_DESC be{dml_type<E>(), DML_TENSOR_FLAG_NONE, 4, sizes, nullptr, eb, 0};
  DML_TENSOR_DESC tx{DML_TENSOR_TYPE_BUFFER, &bx};
  DML_TENSOR_DESC te{DML_TENSOR_TYPE_BUFFER, &be};
  DML_ELEMENT_WISE_POW_OPERATOR_DESC d{&tx, &te, &tx, sb};
  DML_OPERATOR_DESC op{DML_OPERATOR_ELEMENT_WISE_POW, &d};
  return execute(dmlref::golden, level, op, {{x, xb}, {e, eb}}, {{out, xb}});
}

/// One float-base case: base bits (FLOAT32, FLOAT16), exponent as a small integer, expected bits.
struct float_base_case {
  std::uint32_t base32;
  std::uint16_t base16;
  int exponent;
  std::uint32_t want32;  // a NaN pattern means "NaN"
  std::uint16_t want16;
};

}  // namespace

TEST_CASE_TEMPLATE("POW: float bases with every exponent type (6_4)", E, float, float16, std::int8_t,
                   std::int16_t, std::int32_t, std::uint8_t, std::uint16_t, std::uint32_t) {
  constexpr bool signed_exponent = std::is_signed_v<E> || !std::is_integral_v<E>;
  std::vector<float_base_case> cases = {
      {0x40000000u, 0x4000u, 3, 0x41000000u, 0x4800u},    // 2^3 = 8
      {0xC0000000u, 0xC000u, 3, 0xC1000000u, 0xC800u},    // (-2)^3 = -8
      {0xC0400000u, 0xC200u, 2, 0x41100000u, 0x4880u},    // (-3)^2 = 9
      {0x7FC00000u, 0x7E00u, 0, 0x3F800000u, 0x3C00u},    // NaN^0 = 1
      {0x00000000u, 0x0000u, 0, 0x3F800000u, 0x3C00u},    // 0^0 = 1
      {0x80000000u, 0x8000u, 0, 0x3F800000u, 0x3C00u},    // (-0)^0 = 1
      {0x80000000u, 0x8000u, 1, 0x80000000u, 0x8000u},    // (-0)^1 = -0
      {0x80000000u, 0x8000u, 2, 0x00000000u, 0x0000u},    // (-0)^2 = +0
      {0x3F800000u, 0x3C00u, 100, 0x3F800000u, 0x3C00u},  // 1^100 = 1
      {0xBF800000u, 0xBC00u, 101, 0xBF800000u, 0xBC00u},  // (-1)^101 = -1
      {0x40000000u, 0x4000u, 100, 0x71800000u, 0x7C00u},  // 2^100: FLOAT32 2^100 (227 << 23), FLOAT16 Inf
      {0xFF800000u, 0xFC00u, 3, 0xFF800000u, 0xFC00u},    // (-Inf)^3 = -Inf
      {0x7FC00000u, 0x7E00u, 2, 0x7FC00000u, 0x7E00u},    // NaN^2 = NaN
  };
  if constexpr (signed_exponent) {
    cases.push_back({0x40000000u, 0x4000u, -1, 0x3F000000u, 0x3800u});   // 2^-1 = 0.5
    cases.push_back({0xC0000000u, 0xC000u, -1, 0xBF000000u, 0xB800u});   // (-2)^-1 = -0.5
    cases.push_back({0x80000000u, 0x8000u, -1, 0xFF800000u, 0xFC00u});   // (-0)^-1 = -Inf
    cases.push_back({0x00000000u, 0x0000u, -2, 0x7F800000u, 0x7C00u});   // (+0)^-2 = +Inf
    cases.push_back({0x80000000u, 0x8000u, -2, 0x7F800000u, 0x7C00u});   // (-0)^-2 = +Inf
    cases.push_back({0xC0000000u, 0xC000u, -2, 0x3E800000u, 0x3400u});   // (-2)^-2 = 0.25
    // 2^-100: FLOAT32 2^-100 = (27 << 23); FLOAT16 far below 2^-25 -> +0.
    cases.push_back({0x40000000u, 0x4000u, -100, 0x0D800000u, 0x0000u});
    cases.push_back({0xC0000000u, 0xC000u, -101, 0x8D000000u, 0x8000u});  // (-2)^-101: -2^-101, -0
  }
  const auto n = static_cast<std::uint32_t>(cases.size());
  std::vector<float> x32(n), out32(n, 12345.0f), out32b(n, 12345.0f);
  std::vector<float16> x16(n), out16(n, f16(0x1234u)), out16b(n, f16(0x1234u));
  std::vector<E> ev(n);
  for (std::uint32_t i = 0; i < n; ++i) {
    x32[i] = f32(cases[i].base32);
    x16[i] = f16(cases[i].base16);
    ev[i] = exponent_value<E>(cases[i].exponent);
  }
  const op_variants::every_variant<dmlref::ops::pow> op{dmlref::ops::pow{}};
  for (std::uint32_t i = 0; i < n; ++i) {
    CAPTURE(i);
    CAPTURE(cases[i].exponent);
    const auto r32 = bits_of(op(x32[i], ev[i]));
    const auto r16 = bits_of(op(x16[i], ev[i]));
    if (is_nan32(cases[i].want32)) CHECK(is_nan32(r32)); else CHECK(r32 == cases[i].want32);
    if (is_nan16(cases[i].want16)) CHECK(is_nan16(r16)); else CHECK(r16 == cases[i].want16);
    CHECK(op.defined(x32[i], ev[i]));
    CHECK(op.defined(x16[i], ev[i]));
  }
  // The typed API and the runtime layer over the same elements.
  const auto ev_view = dmlref::make_packed_view(static_cast<const E*>(ev.data()), {n});
  REQUIRE(dmlref::pow(dmlref::golden, dmlref::make_packed_view(static_cast<const float*>(x32.data()), {n}), ev_view,
                      dmlref::make_packed_view(out32.data(), {n}))
              .ok());
  REQUIRE(dmlref::pow(dmlref::golden, dmlref::make_packed_view(static_cast<const float16*>(x16.data()), {n}),
                      ev_view, dmlref::make_packed_view(out16.data(), {n}))
              .ok());
  REQUIRE(execute_pow(dmlref::dml::DML_FEATURE_LEVEL_6_4, x32.data(), ev.data(), out32b.data(), n).ok());
  REQUIRE(execute_pow(dmlref::dml::DML_FEATURE_LEVEL_6_4, x16.data(), ev.data(), out16b.data(), n).ok());
  for (std::uint32_t i = 0; i < n; ++i) {
    CAPTURE(i);
    if (is_nan32(cases[i].want32)) {
      CHECK(is_nan32(bits_of(out32[i])));
      CHECK(is_nan32(bits_of(out32b[i])));
    } else {
      CHECK(bits_of(out32[i]) == cases[i].want32);
      CHECK(bits_of(out32b[i]) == cases[i].want32);
    }
    if (is_nan16(cases[i].want16)) {
      CHECK(is_nan16(bits_of(out16[i])));
      CHECK(is_nan16(bits_of(out16b[i])));
    } else {
      CHECK(bits_of(out16[i]) == cases[i].want16);
      CHECK(bits_of(out16b[i]) == cases[i].want16);
    }
  }
}

TEST_CASE_TEMPLATE("POW: float bases with the extremes of integer exponent types", E, std::int8_t, std::int16_t,
                   std::int32_t, std::uint8_t, std::uint16_t, std::uint32_t) {
  const op_variants::every_variant<dmlref::ops::pow> op{dmlref::ops::pow{}};
  const E emax = std::numeric_limits<E>::max();  // 127, 32767, 2^31 - 1, 255, 65535, 2^32 - 1: all odd
  // (-1)^odd = -1, 1^anything = 1; 2^emax overflows both formats except 2^127 in FLOAT32.
  CHECK(bits_of(op(-1.0f, emax)) == 0xBF800000u);
  CHECK(bits_of(op(f16(0xBC00u), emax)) == 0xBC00u);
  CHECK(bits_of(op(1.0f, emax)) == 0x3F800000u);
  const std::uint32_t two_to_max = sizeof(E) == 1 && std::is_signed_v<E> ? 0x7F000000u : 0x7F800000u;
  CHECK(bits_of(op(2.0f, emax)) == two_to_max);
  CHECK(bits_of(op(f16(0x4000u), emax)) == 0x7C00u);
  CHECK(bits_of(op(-2.0f, emax)) == (two_to_max | 0x80000000u));
  CHECK(bits_of(op(0.5f, emax)) == (sizeof(E) == 1 && std::is_signed_v<E> ? 0x00400000u : 0x00000000u));
  // 0.5^127 = 2^-127 = 2^22 * 2^-149 -> 0x00400000 (subnormal); larger exponents -> +0.
  if constexpr (std::is_signed_v<E>) {
    const E emin = std::numeric_limits<E>::min();  // even
    CHECK(bits_of(op(-1.0f, emin)) == 0x3F800000u);
    CHECK(bits_of(op(f16(0xBC00u), emin)) == 0x3C00u);
    // 2^-128 = 2^21 * 2^-149 = 0x00200000 for INT8; 2^-32768 and 2^-2^31 are +0.
    CHECK(bits_of(op(2.0f, emin)) == (sizeof(E) == 1 ? 0x00200000u : 0x00000000u));
    CHECK(bits_of(op(f16(0x4000u), emin)) == 0x0000u);
    // (-2)^(emin + 1): odd, negative: -2^-127 = 0x80400000 for INT8; -0 otherwise.
    const E odd_negative = static_cast<E>(emin + 1);
    CHECK(bits_of(op(-2.0f, odd_negative)) == (sizeof(E) == 1 ? 0x80400000u : 0x80000000u));
    CHECK(bits_of(op(f16(0xC000u), odd_negative)) == 0x8000u);
    CHECK(bits_of(op(-0.0f, odd_negative)) == 0xFF800000u);  // (-0)^odd negative = -Inf
    CHECK(bits_of(op(0.0f, emin)) == 0x7F800000u);           // (+0)^even negative = +Inf
  }
}

TEST_CASE("POW: float bases with float exponents (special values through the exponent tensor)") {
  const op_variants::every_variant<dmlref::ops::pow> op{dmlref::ops::pow{}};
  // 4^0.5 = 2, 4^-0.5 = 0.5, 2^0.5 = 0x3FB504F3 (correctly rounded sqrt 2).
  CHECK(bits_of(op(4.0f, 0.5f)) == 0x40000000u);
  CHECK(bits_of(op(4.0f, -0.5f)) == 0x3F000000u);
  CHECK(bits_of(op(2.0f, 0.5f)) == 0x3FB504F3u);
  CHECK(bits_of(op(2.0f, f16(0x3800u))) == 0x3FB504F3u);   // FLOAT16 exponent 0.5
  CHECK(bits_of(op(f16(0x4000u), 0.5f)) == 0x3DA8u);        // FLOAT16 sqrt 2
  CHECK(is_nan32(bits_of(op(-4.0f, 0.5f))));                // negative base, non-integral
  CHECK(is_nan32(bits_of(op(2.0f, f16(0x7E00u)))));         // NaN exponent
  CHECK(bits_of(op(1.0f, f16(0x7E00u))) == 0x3F800000u);    // pow(1, NaN) = 1
  CHECK(bits_of(op(f16(0x7E00u), f16(0x8000u))) == 0x3C00u);  // pow(NaN, -0) = 1
  CHECK(bits_of(op(0.5f, f16(0x7C00u))) == 0x00000000u);    // 0.5^+Inf = +0
  CHECK(bits_of(op(-1.0f, f16(0xFC00u))) == 0x3F800000u);   // (-1)^-Inf = 1
  CHECK(bits_of(op(f16(0x8000u), -1.0f)) == 0xFC00u);       // (-0)^-1 = -Inf
  // Exponent 0.5 read from FLOAT16 is exactly 0.5: (2^-149)^0.5 = 0x1A3504F3.
  CHECK(bits_of(op(f32(0x00000001u), f16(0x3800u))) == 0x1A3504F3u);
}

TEST_CASE("POW: float base with ScaleBias (fused, rounded once to FLOAT32)") {
  // As in CONSTANT_POW: x = Scale = 1 + 2^-12, Bias = -1 -> g = 2^-11 + 2^-24 exactly
  // (0x3A000400); exponent 1 gives g itself. Separate rounding would give 0x3A000000.
  const op_variants::every_variant<dmlref::ops::pow> op{dmlref::ops::pow{scale_bias{f32(0x3F800800u), -1.0f}}};
  CHECK(bits_of(op(f32(0x3F800800u), 1.0f)) == 0x3A000400u);
  CHECK(bits_of(op(f32(0x3F800800u), std::int32_t{1})) == 0x3A000400u);
  // FLOAT16 base: g = 1 + 2^-11 + 2^-30 -> FLOAT32 1 + 2^-11 -> FLOAT16 tie -> 1 (0x3C00).
  const op_variants::every_variant<dmlref::ops::pow> op16{dmlref::ops::pow{scale_bias{f32(0x3F800008u), f32(0xBA004000u)}}};
  CHECK(bits_of(op16(f16(0x3C01u), std::uint8_t{1})) == 0x3C00u);
}

namespace {
template <class B, class E>
struct pow_pair {
  using base = B;
  using exponent = E;
};
}  // namespace

#define DMLREF_POW_PAIRS_FOR(B)                                                                         \
  pow_pair<B, std::int8_t>, pow_pair<B, std::int16_t>, pow_pair<B, std::int32_t>, pow_pair<B, std::uint8_t>, \
      pow_pair<B, std::uint16_t>, pow_pair<B, std::uint32_t>

TEST_CASE_TEMPLATE("POW: integer base and integer exponent, exact modulo 2^bits", P,
                   DMLREF_POW_PAIRS_FOR(std::int8_t), DMLREF_POW_PAIRS_FOR(std::int16_t),
                   DMLREF_POW_PAIRS_FOR(std::int32_t), DMLREF_POW_PAIRS_FOR(std::uint8_t),
                   DMLREF_POW_PAIRS_FOR(std::uint16_t), DMLREF_POW_PAIRS_FOR(std::uint32_t)) {
  using B = typename P::base;
  using E = typename P::exponent;
  using lb = std::numeric_limits<B>;
  using le = std::numeric_limits<E>;
  constexpr int bits = 8 * static_cast<int>(sizeof(B));
  const op_variants::every_variant<dmlref::ops::pow> op{dmlref::ops::pow{}};
  auto check = [&](B x, E e, B want) {
    CAPTURE(static_cast<long long>(x));
    CAPTURE(static_cast<long long>(e));
    CHECK(op.defined(x, e));
    CHECK(op(x, e) == want);
  };
  // x^0 = 1, 0^0 included.
  for (B x : {B(0), B(1), B(2), B(3), lb::max(), lb::min()}) check(x, E(0), B(1));
  // 0^e = 0 and 1^e = 1 for e > 0; x^1 = x.
  for (E e : {E(1), E(2), E(7), le::max()}) {
    check(B(0), e, B(0));
    check(B(1), e, B(1));
  }
  for (B x : {B(0), B(2), B(3), B(100), lb::max(), lb::min()}) check(x, E(1), x);
  // 3^k and 7^k modulo 2^bits against naive repeated multiplication.
  for (int k : {2, 5, 7, 19, 20, 21, 40, 100, 127}) {
    check(B(3), E(k), naive_power<B>(B(3), static_cast<std::uint64_t>(k)));
    check(B(7), E(k), naive_power<B>(B(7), static_cast<std::uint64_t>(k)));
    check(lb::max(), E(k), naive_power<B>(lb::max(), static_cast<std::uint64_t>(k)));
  }
  // 2^(bits - 1) is the top bit alone (INT_MIN for signed types); 2^bits wraps to 0.
  check(B(2), E(bits - 1), naive_power<B>(B(2), static_cast<std::uint64_t>(bits - 1)));
  if constexpr (std::is_signed_v<B>) {
    CHECK(op(B(2), E(bits - 1)) == lb::min());
  } else {
    CHECK(static_cast<std::uint64_t>(op(B(2), E(bits - 1))) == (std::uint64_t{1} << (bits - 1)));
  }
  check(B(2), E(bits), B(0));
  check(B(2), E(bits + 1), B(0));
  check(B(2), le::max(), B(0));  // le::max() >= 127 > bits
  if constexpr (std::is_signed_v<B>) {
    // (-1)^e by parity, (-2)^(bits-1) = INT_MIN, (-2)^bits = 0.
    check(B(-1), E(2), B(1));
    check(B(-1), E(3), B(-1));
    check(B(-1), le::max(), B(-1));  // every exponent type's max is odd
    check(B(-2), E(bits - 1), lb::min());
    check(B(-2), E(bits), B(0));
    check(B(-3), E(5), naive_power<B>(B(-3), 5));
  }
  if constexpr (std::is_signed_v<E>) {
    // Negative exponents: 1 -> 1; -1 -> +-1 by parity; |x| > 1 -> 0; 0 -> undefined.
    for (E e : {E(-1), E(-2), E(-7), le::min()}) {
      check(B(1), e, B(1));
      check(B(2), e, B(0));
      check(lb::max(), e, B(0));
      CAPTURE(static_cast<long long>(e));
      CHECK_FALSE(op.defined(B(0), e));
      if constexpr (std::is_signed_v<B>) {
        check(B(-2), e, B(0));
        check(lb::min(), e, B(0));
      }
    }
    if constexpr (std::is_signed_v<B>) {
      check(B(-1), E(-1), B(-1));
      check(B(-1), E(-2), B(1));
      check(B(-1), E(-7), B(-1));
      check(B(-1), le::min(), B(1));  // INT_MIN of the exponent type is even
    }
  }
}

TEST_CASE("POW: integer examples named in the contract") {
  const op_variants::every_variant<dmlref::ops::pow> op{dmlref::ops::pow{}};
  CHECK(op(std::int8_t{3}, std::int8_t{5}) == std::int8_t{-13});   // 243 - 256
  CHECK(op(std::uint8_t{3}, std::int8_t{5}) == std::uint8_t{243});
  CHECK(op(std::uint8_t{2}, std::uint8_t{8}) == std::uint8_t{0});   // 256 mod 256
  CHECK(op(std::int16_t{3}, std::int16_t{10}) == std::int16_t{-6487});  // 59049 - 65536
  CHECK(op(std::uint32_t{3}, std::uint32_t{20}) == std::uint32_t{3486784401u});  // < 2^32: exact
  CHECK(op(std::int32_t{-2}, std::int32_t{31}) == std::numeric_limits<std::int32_t>::min());
  CHECK(op(std::int32_t{2}, std::int32_t{31}) == std::numeric_limits<std::int32_t>::min());  // wraps
  // 3^40 mod 2^32 with uint64 modular arithmetic: 3^40 = 12157665459056928801, mod 2^32 =
  // 689956897 (< 2^31, so positive as INT32).
  std::uint64_t m = 1;
  for (int i = 0; i < 40; ++i) m = (m * 3u) % (std::uint64_t{1} << 32);
  CHECK(m == 689956897u);
  CHECK(op(std::int32_t{3}, std::int32_t{40}) == static_cast<std::int32_t>(m));
  CHECK(op(std::int32_t{3}, std::uint8_t{40}) == static_cast<std::int32_t>(m));
  // A large UINT32 exponent: 3^(2^32 - 1) mod 2^32, by square-and-multiply done here in
  // uint64 modulo 2^32 (exponent bits all ones: the product of 3^(2^i), i = 0..31).
  std::uint64_t acc = 1, sq = 3;
  for (int i = 0; i < 32; ++i) {
    acc = (acc * sq) & 0xFFFFFFFFu;
    sq = (sq * sq) & 0xFFFFFFFFu;
  }
  CHECK(op(std::uint32_t{3}, std::uint32_t{0xFFFFFFFFu}) == static_cast<std::uint32_t>(acc));
  CHECK(op(std::int32_t{-1}, std::uint32_t{0xFFFFFFFFu}) == -1);
  CHECK(op(std::int32_t{-1}, std::int32_t{std::numeric_limits<std::int32_t>::min()}) == 1);
  // 0^-1 undefined; 0^0 = 1; 1^-1 = 1; (-1)^-1 = -1; 2^-1 = 0; UINT8 255^-1 = 0.
  CHECK_FALSE(op.defined(std::int32_t{0}, std::int32_t{-1}));
  CHECK_FALSE(op.defined(std::uint8_t{0}, std::int8_t{-128}));
  CHECK(op.defined(std::int32_t{0}, std::int32_t{0}));
  CHECK(op(std::int32_t{0}, std::int32_t{0}) == 1);
  CHECK(op(std::int32_t{1}, std::int32_t{-1}) == 1);
  CHECK(op(std::int32_t{-1}, std::int32_t{-1}) == -1);
  CHECK(op(std::int32_t{2}, std::int32_t{-1}) == 0);
  CHECK(op(std::uint8_t{255}, std::int8_t{-1}) == 0);
}

TEST_CASE("POW: integer base, float exponent: truncation toward zero, undefined elements") {
  const op_variants::every_variant<dmlref::ops::pow> op{dmlref::ops::pow{}};
  auto check = [&](auto x, auto e, long long want) {
    CHECK(op.defined(x, e));
    CHECK(static_cast<long long>(op(x, e)) == want);
  };
  // 10^0.5 = 3.162... -> 3; 4^0.5 = 2 exactly; 16^0.25 = 2; 1000000^0.5 = 1000;
  // 9^0.5 = 3 (exact: no 2.999... truncated to 2).
  check(std::int32_t{10}, 0.5f, 3);
  check(std::int32_t{4}, 0.5f, 2);
  check(std::int32_t{16}, 0.25f, 2);
  check(std::int32_t{1000000}, 0.5f, 1000);
  check(std::int32_t{9}, 0.5f, 3);
  check(std::int32_t{10}, f16(0x3800u), 3);  // FLOAT16 exponent 0.5
  check(std::uint8_t{200}, 0.5f, 14);        // 14.14...
  check(std::int32_t{2}, -1.0f, 0);          // 0.5 -> 0
  check(std::int32_t{-2}, -1.0f, 0);         // -0.5 -> 0 (toward zero)
  check(std::int32_t{-3}, 3.0f, -27);
  check(std::int32_t{0}, 0.5f, 0);           // pow(+0, 0.5) = +0
  check(std::int32_t{0}, 0.0f, 1);
  check(std::int32_t{5}, 0.0f, 1);
  check(std::int32_t{1}, f32(0x7FC00000u), 1);  // pow(1, NaN) = 1
  check(std::int32_t{-1}, f16(0x7C00u), 1);     // pow(-1, Inf) = 1
  check(std::int32_t{2}, f16(0xFC00u), 0);      // pow(2, -Inf) = +0
  check(std::int32_t{0}, f16(0x7C00u), 0);      // pow(0, +Inf) = +0
  // Range limits are exact: INT8 (-2)^7 = -128 is in range, 2^7 = 128 is not.
  check(std::int8_t{-2}, 7.0f, -128);
  CHECK_FALSE(op.defined(std::int8_t{2}, 7.0f));
  check(std::int16_t{181}, 2.0f, 32761);
  CHECK_FALSE(op.defined(std::int16_t{182}, 2.0f));  // 33124 > 32767
  check(std::uint32_t{65535}, 2.0f, 4294836225LL);
  CHECK_FALSE(op.defined(std::uint32_t{65536}, 2.0f));  // 2^32
  check(std::int32_t{-2}, 31.0f, -2147483648LL);       // INT32_MIN, in range
  CHECK_FALSE(op.defined(std::int32_t{2}, 31.0f));     // 2^31 > INT32_MAX
  check(std::int32_t{-46340}, 2.0f, 2147395600LL);
  CHECK_FALSE(op.defined(std::int32_t{46341}, 2.0f));  // 2147488281 > INT32_MAX
  // UINT8 2^8.0 = 256: out of range -> undefined.
  CHECK_FALSE(op.defined(std::uint8_t{2}, 8.0f));
  check(std::uint8_t{2}, 7.0f, 128);
  // Negative results for unsigned types cannot occur; a negative base with a non-integral
  // exponent is NaN -> undefined: INT32 (-8)^(1/3 as float), INT8 (-2)^7.5.
  CHECK_FALSE(op.defined(std::int32_t{-8}, 1.0f / 3.0f));
  CHECK_FALSE(op.defined(std::int8_t{-2}, 7.5f));
  CHECK_FALSE(op.defined(std::int32_t{2}, f32(0x7FC00000u)));  // NaN
  CHECK_FALSE(op.defined(std::int32_t{0}, -1.0f));             // +Inf
  CHECK_FALSE(op.defined(std::int32_t{2}, f16(0x7C00u)));      // +Inf
  CHECK_FALSE(op.defined(std::int32_t{2}, 1e30f));             // huge
  CHECK_FALSE(op.defined(std::int32_t{-2}, 1e30f));            // +huge (even)
}

TEST_CASE("POW: integer base with ScaleBias goes through the float route") {
  // g = fma(x, Scale, Bias) in FLOAT32, pow in reals, truncation toward zero.
  auto run = [](auto x, auto e, scale_bias sb) {
    const op_variants::every_variant<dmlref::ops::pow> op{dmlref::ops::pow{sb}};
    return std::make_pair(op.defined(x, e), static_cast<long long>(op(x, e)));
  };
  using R = std::pair<bool, long long>;
  CHECK(run(std::int32_t{3}, std::int32_t{2}, {0.5f, 0.0f}) == R{true, 2});    // 1.5^2 = 2.25
  CHECK(run(std::int32_t{-3}, std::int32_t{2}, {1.0f, 0.5f}) == R{true, 6});   // (-2.5)^2 = 6.25
  CHECK(run(std::int32_t{3}, std::int32_t{2}, {2.0f, 1.0f}) == R{true, 49});   // 7^2
  CHECK(run(std::int32_t{-3}, std::int32_t{3}, {0.5f, 0.0f}) == R{true, -3});  // -3.375 -> -3
  CHECK(run(std::int32_t{-3}, std::int32_t{3}, {1.0f, 0.0f}) == R{true, -27});
  // Out of range instead of wrapping: INT8 3^5 = 243 with Scale 1 is undefined (without
  // ScaleBias it wraps to -13); INT8 100 * 2 = 200 > 127; UINT8 2^8 = 256.
  CHECK_FALSE(run(std::int8_t{3}, std::int8_t{5}, {1.0f, 0.0f}).first);
  CHECK_FALSE(run(std::int8_t{100}, std::int8_t{1}, {2.0f, 0.0f}).first);
  CHECK_FALSE(run(std::uint8_t{2}, std::uint8_t{8}, {1.0f, 0.0f}).first);
  CHECK(run(std::uint8_t{2}, std::uint8_t{7}, {1.0f, 0.0f}) == R{true, 128});
  // g is rounded to FLOAT32 once: x = 2^24 + 1 is not a FLOAT32; fma(x, 1, 0) = 2^24.
  CHECK(run(std::int32_t{16777217}, std::int32_t{1}, {1.0f, 0.0f}) == R{true, 16777216});
  // fused: fma(2^24 + 1, 1, 1) = 2^24 + 2 exactly (representable). Rounding x * 1 first
  // would give 2^24, then 2^24 + 1 -> tie -> 2^24.
  CHECK(run(std::int32_t{16777217}, std::int32_t{1}, {1.0f, 1.0f}) == R{true, 16777218});
  // Negative g with a non-integral exponent: NaN -> undefined.
  CHECK_FALSE(run(std::int32_t{-3}, 0.5f, {1.0f, 0.0f}).first);
  // Zero exponent: 1 for any g, also an integer exponent through the float route.
  CHECK(run(std::int32_t{0}, std::int32_t{0}, {1.0f, 0.0f}) == R{true, 1});
  // g = 0 with a negative exponent: +Inf -> undefined.
  CHECK_FALSE(run(std::int32_t{1}, std::int32_t{-1}, {1.0f, -1.0f}).first);
}

TEST_CASE("POW: integer tensors through the typed API and dml::execute") {
  // INT32 base, INT32 exponent at 3_0; values with their independent expectations.
  const std::vector<std::int32_t> x = {3, -2, 2, 0, -1, 7, 1, 0};
  const std::vector<std::int32_t> e = {40, 31, 32, 0, -3, 3, -9, 5};
  std::uint64_t m = 1;
  for (int i = 0; i < 40; ++i) m = (m * 3u) & 0xFFFFFFFFu;
  const std::vector<std::int32_t> want = {static_cast<std::int32_t>(m), std::numeric_limits<std::int32_t>::min(),
                                          0, 1, -1, 343, 1, 0};
  std::vector<std::int32_t> out(8, 99), out2(8, 99);
  REQUIRE(dmlref::pow(dmlref::golden, dmlref::make_packed_view(x.data(), {8}), dmlref::make_packed_view(e.data(), {8}),
                      dmlref::make_packed_view(out.data(), {8}))
              .ok());
  REQUIRE(execute_pow(dmlref::dml::DML_FEATURE_LEVEL_3_0, x.data(), e.data(), out2.data(), 8).ok());
  CHECK(out == want);
  CHECK(out2 == want);

  // INT8 base, FLOAT16 exponent (mixed, 6_4): 10^0.5 -> 3, (-2)^7 -> -128, 1^NaN -> 1.
  const std::vector<std::int8_t> x8 = {10, -2, 1, 4};
  const std::vector<float16> e16 = {f16(0x3800u), f16(0x4700u), f16(0x7E00u), f16(0x3800u)};  // 0.5, 7, NaN, 0.5
  std::vector<std::int8_t> o8(4, 99), o8b(4, 99);
  REQUIRE(dmlref::pow(dmlref::golden, dmlref::make_packed_view(x8.data(), {4}), dmlref::make_packed_view(e16.data(), {4}),
                      dmlref::make_packed_view(o8.data(), {4}))
              .ok());
  REQUIRE(execute_pow(dmlref::dml::DML_FEATURE_LEVEL_6_4, x8.data(), e16.data(), o8b.data(), 4).ok());
  const std::vector<std::int8_t> want8 = {3, -128, 1, 2};
  CHECK(o8 == want8);
  CHECK(o8b == want8);

  // UINT16 base, INT8 exponent: 2^15 = 32768, 2^16 wraps to 0, 65535^-1 = 0, 1^-128 = 1.
  const std::vector<std::uint16_t> x16 = {2, 2, 65535, 1};
  const std::vector<std::int8_t> e8 = {15, 16, -1, -128};
  std::vector<std::uint16_t> o16(4, 99), o16b(4, 99);
  REQUIRE(dmlref::pow(dmlref::golden, dmlref::make_packed_view(x16.data(), {4}), dmlref::make_packed_view(e8.data(), {4}),
                      dmlref::make_packed_view(o16.data(), {4}))
              .ok());
  REQUIRE(execute_pow(dmlref::dml::DML_FEATURE_LEVEL_3_0, x16.data(), e8.data(), o16b.data(), 4).ok());
  const std::vector<std::uint16_t> want16 = {32768, 0, 0, 1};
  CHECK(o16 == want16);
  CHECK(o16b == want16);

  // INT32 base with ScaleBias through both layers: g = 0.5 x + 0: x = 3, e = 2 -> 2.25 -> 2;
  // x = 4, e = 3 -> 8; x = -5, e = 1 -> -2.5 -> -2.
  const std::vector<std::int32_t> xs = {3, 4, -5, 0};
  const std::vector<std::int32_t> es = {2, 3, 1, 4};
  std::vector<std::int32_t> os(4, 99), os2(4, 99);
  REQUIRE(dmlref::pow(dmlref::golden, dmlref::make_packed_view(xs.data(), {4}), dmlref::make_packed_view(es.data(), {4}),
                      dmlref::make_packed_view(os.data(), {4}), scale_bias{0.5f, 0.0f})
              .ok());
  const dmlref::dml::DML_SCALE_BIAS sb{0.5f, 0.0f};
  REQUIRE(execute_pow(dmlref::dml::DML_FEATURE_LEVEL_6_4, xs.data(), es.data(), os2.data(), 4, &sb).ok());
  const std::vector<std::int32_t> wants = {2, 8, -2, 0};
  CHECK(os == wants);
  CHECK(os2 == wants);
}
