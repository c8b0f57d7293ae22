// ELEMENT_WISE_DEQUANTIZE_LINEAR: (x - zero_point) * scale, exact, rounded once to the output
// type, for every input type and both output types, through ops::dequantize_linear, the typed
// API (with and without a zero point) and dml::execute. Every element the tests give the
// operator object also runs through the typed API and dml::execute on both paths
// (tests/op_variants.hpp).
//
// Expectations: hand-derived bits for the named cases; for the sweeps, an independent exact
// computation in this file: |x - zp| * (scale significand) as a 64-bit integer, rounded to the
// output format with integer arithmetic written here (round_exact below).

#include <dmlref/dml/execute_once.hpp>  // first: the runtime layer is compiled once, elsewhere

#include <doctest/doctest.h>

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

/// The shape of one binary format, for the independent rounding below.
template <class T>
struct format;
template <>
struct format<float> {
  using bits = std::uint32_t;
  static constexpr int precision = 24, emin = -126, bias = 127, exponent_bits = 8;
  static float make(bits b) { return f32(b); }
};
template <>
struct format<float16> {
  using bits = std::uint16_t;
  static constexpr int precision = 11, emin = -14, bias = 15, exponent_bits = 5;
  static float16 make(bits b) { return f16(b); }
};

/// Rounds (-1)^negative * n * 2^k to format T, to nearest with ties to even (exact integer
/// arithmetic, written independently of the library).
template <class T>
typename format<T>::bits round_exact(bool negative, std::uint64_t n, int k) {
  using F = format<T>;
  using B = typename F::bits;
  const int sign_shift = F::precision - 1 + F::exponent_bits;
  const std::uint64_t sign = negative ? (std::uint64_t{1} << sign_shift) : 0;
  if (n == 0) return static_cast<B>(sign);
  int length = 0;
  while (length < 64 && (n >> length) != 0) ++length;
  const int lead = length - 1 + k;                                   // exponent of the leading bit
  int q = (lead < F::emin ? F::emin : lead) - (F::precision - 1);    // exponent of one ulp
  const int shift = q - k;                                           // bits dropped
  std::uint64_t kept = 0;
  if (shift <= 0) {
    kept = n << -shift;  // exact (n < 2^precision here)
  } else if (shift > 64) {
    kept = 0;  // far below half an ulp
  } else {
    const std::uint64_t rest = shift == 64 ? n : (n & ((std::uint64_t{1} << shift) - 1));
    const std::uint64_t half = std::uint64_t{1} << (shift - 1);
    kept = shift == 64 ? 0 : (n >> shift);
    if (rest > half || (rest == half && (kept & 1) != 0)) ++kept;
  }
  if (kept == (std::uint64_t{1} << F::precision)) {  // carried into the next binade
    kept >>= 1;
    ++q;
  }
  const int max_biased = (1 << F::exponent_bits) - 1;
  if (kept < (std::uint64_t{1} << (F::precision - 1))) return static_cast<B>(sign | kept);  // subnormal or 0
  const int biased = q + (F::precision - 1) + F::bias;
  if (biased >= max_biased) return static_cast<B>(sign | (std::uint64_t(max_biased) << (F::precision - 1)));
  const std::uint64_t fraction = kept - (std::uint64_t{1} << (F::precision - 1));
  return static_cast<B>(sign | (std::uint64_t(biased) << (F::precision - 1)) | fraction);
}

/// The exact finite nonzero value of a float's bits: (negative, significand, exponent).
template <class T>
void decompose(typename format<T>::bits b, bool& negative, std::uint64_t& significand, int& exponent) {
  using F = format<T>;
  const int fraction_bits = F::precision - 1;
  negative = ((b >> (fraction_bits + F::exponent_bits)) & 1u) != 0;
  const auto biased = static_cast<int>((b >> fraction_bits) & ((1u << F::exponent_bits) - 1));
  significand = b & ((std::uint64_t{1} << fraction_bits) - 1);
  if (biased == 0) {
    exponent = F::emin - fraction_bits;
  } else {
    significand |= std::uint64_t{1} << fraction_bits;
    exponent = biased - F::bias - fraction_bits;
  }
}

/// The expected DEQUANTIZE result for a finite nonzero scale: exact integer product, one rounding.
template <class T>
typename format<T>::bits expected_dequantize(long long difference, typename format<T>::bits scale) {
  bool s_negative = false;
  std::uint64_t m = 0;
  int e = 0;
  decompose<T>(scale, s_negative, m, e);
  const bool d_negative = difference < 0;
  const std::uint64_t magnitude =
      d_negative ? static_cast<std::uint64_t>(-(difference + 1)) + 1 : static_cast<std::uint64_t>(difference);
  return round_exact<T>(d_negative != s_negative, magnitude * m, e);  // |d| < 2^33, m < 2^24
}

bool is_nan32(std::uint32_t b) { return (b & 0x7F800000u) == 0x7F800000u && (b & 0x007FFFFFu) != 0; }
bool is_nan16(std::uint16_t b) { return (b & 0x7C00u) == 0x7C00u && (b & 0x03FFu) != 0; }
template <class T>
bool is_nan_bits(typename format<T>::bits b) {
  if constexpr (std::is_same_v<T, float>) return is_nan32(b); else return is_nan16(b);
}

template <class T>
dmlref::dml::DML_TENSOR_DATA_TYPE dml_type() {
  return static_cast<dmlref::dml::DML_TENSOR_DATA_TYPE>(dmlref::data_type_of_v<T>);
}

template <class In, class Out>
struct dq_pair {
  using input = In;
  using output = Out;
};

}  // namespace

TEST_CASE("DEQUANTIZE: the independent rounding helper itself (hand-checked values)") {
  CHECK(round_exact<float>(false, 1, 0) == 0x3F800000u);
  CHECK(round_exact<float>(true, 3, -1) == 0xBFC00000u);                  // -1.5
  CHECK(round_exact<float>(false, (1u << 24) + 1, 0) == 0x4B800000u);     // 2^24 + 1 -> tie -> 2^24
  CHECK(round_exact<float>(false, (1u << 24) + 3, 0) == 0x4B800002u);     // 2^24 + 3 -> tie -> 2^24 + 4
  CHECK(round_exact<float>(false, 1, -149) == 0x00000001u);
  CHECK(round_exact<float>(false, 1, -150) == 0x00000000u);               // tie with 0
  CHECK(round_exact<float>(false, 3, -151) == 0x00000001u);               // 0.75 ulp -> 1
  CHECK(round_exact<float>(false, 1, 128) == 0x7F800000u);
  CHECK(round_exact<float>(false, 0xFFFFFF, 104) == 0x7F7FFFFFu);         // largest finite
  CHECK(round_exact<float16>(false, 65504, 0) == 0x7BFFu);
  CHECK(round_exact<float16>(false, 65520, 0) == 0x7C00u);                // tie -> even = 2^16 -> Inf
  CHECK(round_exact<float16>(false, 65519, 0) == 0x7BFFu);
  CHECK(round_exact<float16>(false, 1, -24) == 0x0001u);
  CHECK(round_exact<float16>(true, 2049, 0) == 0xE800u);                  // -2049 -> tie -> -2048
}

TEST_CASE("DEQUANTIZE FLOAT32: hand-derived exact products and single roundings") {
  const op_variants::every_variant<dmlref::ops::dequantize_linear> op{};
  const auto i32max = std::numeric_limits<std::int32_t>::max();
  const auto i32min = std::numeric_limits<std::int32_t>::min();
  // x = INT32_MAX, zp = INT32_MIN: difference 2^32 - 1 (beyond FLOAT32's 2^24). Scale 0x3FAAAAAB
  // = 0xAAAAAB * 2^-23. Exact product N * 2^-23 with N = (2^32 - 1) * 0xAAAAAB = 0xAAAAAAFF555555
  // (56 bits). Keep 24 bits: 0xAAAAAA, remainder 0xFF555555 > 2^31 -> round up -> 0xAAAAAB;
  // value 0xAAAAAB * 2^9 = 1.333 * 2^32 -> biased exponent 159 -> 0x4FAAAAAB.
  CHECK(bits_of(op(i32max, f32(0x3FAAAAABu), i32min)) == 0x4FAAAAABu);
  CHECK(bits_of(op(i32min, f32(0x3FAAAAABu), i32max)) == 0xCFAAAAABu);
  // Same difference, scale 1 + 2^-23: N = (2^32 - 1)(2^23 + 1) = 2^55 + 2^32 - 2^23 - 1; top 24
  // bits 0x800000, remainder 2^32 - 2^23 - 1 > 2^31 -> 0x800001 -> 2^32 (1 + 2^-23) = 0x4F800001.
  CHECK(bits_of(op(i32max, f32(0x3F800001u), i32min)) == 0x4F800001u);
  // Scale 1: 2^32 - 1 rounds to 2^32 (0x4F800000); scale -1 -> -2^32.
  CHECK(bits_of(op(i32max, 1.0f, i32min)) == 0x4F800000u);
  CHECK(bits_of(op(i32max, -1.0f, i32min)) == 0xCF800000u);

  // Double rounding through DOUBLE would differ: UINT32 x = 4294200423 (0xFFF44C67), zp = 0,
  // scale 0x3F800F57 (0x800F57 * 2^-23). N = 0xFFF44C67 * 0x800F57 = 0x80097C80000001: keep 24
  // bits 0x80097C, remainder 0x80000001 is just above half -> up -> 0x80097D -> 0x4F80097D.
  // Rounding N to 53 bits first drops the final 1 (the low 3 bits 001 < half of 8), leaving
  // an exact tie that goes to even, 0x80097C: the wrong 0x4F80097C.
  {
    const std::uint64_t n = std::uint64_t{0xFFF44C67u} * 0x800F57u;
    CHECK(n == 0x80097C80000001ull);
    const float via_double = static_cast<float>(4294200423.0 * static_cast<double>(f32(0x3F800F57u)));
    CHECK(bits_of(via_double) == 0x4F80097Cu);  // the double-rounded answer the oracle must not give
    CHECK(bits_of(op(std::uint32_t{4294200423u}, f32(0x3F800F57u), std::uint32_t{0})) == 0x4F80097Du);
    // The same difference as INT32: x = INT32_MIN + 4294200423 = 2146716775, zp = INT32_MIN.
    CHECK(bits_of(op(std::int32_t{2146716775}, f32(0x3F800F57u), i32min)) == 0x4F80097Du);
  }
  // Rounding the difference to FLOAT32 first would differ: UINT32 x = 4275361147 (0xFED4D57B),
  // scale 0x3FF311D8 (0xF311D8 * 2^-23). Exact: N = 0xFED4D57B * 0xF311D8 = 0xF1F5C9C9824AC8;
  // top 24 bits 0xF1F5C9, remainder 0xC9824AC8 > half -> 0xF1F5CA -> 0x4FF1F5CA. Through
  // FLOAT32: x -> 0xFED4D500 (dropped 0x7B < 0x80), 0xFED4D5 * 0xF311D8 = 0xF1F5C954B8B8:
  // top 24 bits 0xF1F5C9, remainder 0x54B8B8 below half -> 0xF1F5C9 -> 0x4FF1F5C9.
  {
    CHECK(std::uint64_t{0xFED4D57Bu} * 0xF311D8u == 0xF1F5C9C9824AC8ull);
    const float through_float = static_cast<float>(4275361147u) * f32(0x3FF311D8u);
    CHECK(bits_of(through_float) == 0x4FF1F5C9u);
    CHECK(bits_of(op(std::uint32_t{4275361147u}, f32(0x3FF311D8u), std::uint32_t{0})) == 0x4FF1F5CAu);
  }
  // Small exact values: (5 - 3) * 0.5 = 1; (3 - 5) * 0.5 = -1; (0 - 0) * -2 = -0 (the sign of
  // a zero product: +0 * -2 = -0); (0 - 0) * 2 = +0.
  CHECK(bits_of(op(std::uint8_t{5}, 0.5f, std::uint8_t{3})) == 0x3F800000u);
  CHECK(bits_of(op(std::uint8_t{3}, 0.5f, std::uint8_t{5})) == 0xBF800000u);
  CHECK(bits_of(op(std::int8_t{7}, -2.0f, std::int8_t{7})) == 0x80000000u);
  CHECK(bits_of(op(std::int8_t{7}, 2.0f, std::int8_t{7})) == 0x00000000u);
  // Tiny: 1 * 2^-149 (the smallest subnormal scale) stays 2^-149; 3 * 2^-149 = 0x00000003.
  CHECK(bits_of(op(std::int16_t{3}, f32(0x00000001u), std::int16_t{0})) == 0x00000003u);
  // Overflow: (2^32 - 1) * FLT_MAX -> +Inf; negative difference -> -Inf.
  CHECK(bits_of(op(i32max, f32(0x7F7FFFFFu), i32min)) == 0x7F800000u);
  CHECK(bits_of(op(i32min, f32(0x7F7FFFFFu), i32max)) == 0xFF800000u);
  // (2 - 0) * 2^127 = 2^128 -> +Inf; (1 - 0) * FLT_MAX stays finite.
  CHECK(bits_of(op(std::uint8_t{2}, f32(0x7F000000u), std::uint8_t{0})) == 0x7F800000u);
  CHECK(bits_of(op(std::uint8_t{1}, f32(0x7F7FFFFFu), std::uint8_t{0})) == 0x7F7FFFFFu);
}

TEST_CASE("DEQUANTIZE FLOAT16: rounded once, straight from the exact product") {
  const op_variants::every_variant<dmlref::ops::dequantize_linear> op{};
  // INT32 x = 400000000, zp = -56064968: difference 456064968 (0x1B2EFFC8). Scale 0x079E =
  // 1950 * 2^-24 (normal: biased exponent 1, fraction 926). Exact product P * 2^-24 with
  // P = 456064968 * 1950 = 0xCF10005570 (40 bits): keep 11 bits 0x678 (bits 39..29),
  // remainder 0x10005570 of 2^29, above half (0x10000000) -> 0x679 -> 0x679 * 2^29 * 2^-24 =
  // 1657 * 32 = 53024 -> biased exponent 30, fraction 0x279 -> 0x7A79. Rounding to FLOAT32 first
  // gives 0xCF10000000 exactly (the low bits 0x5570 are dropped: FLOAT32 keeps 24 bits), a tie,
  // then to even 0x678 -> 52992 = 0x7A78.
  CHECK(std::uint64_t{456064968u} * 1950u == 0xCF10005570ull);
  CHECK(bits_of(op(std::int32_t{400000000}, f16(0x079Eu), std::int32_t{-56064968})) == 0x7A79u);
  // Exact small values: (127 - (-128)) * 1 = 255 = 0x5BF8; (0 - 255) * 0.5 = -127.5 = 0xD7F8.
  CHECK(bits_of(op(std::int8_t{127}, f16(0x3C00u), std::int8_t{-128})) == 0x5BF8u);
  CHECK(bits_of(op(std::uint8_t{0}, f16(0x3800u), std::uint8_t{255})) == 0xD7F8u);
  // Subnormal results: 3 * 2^-24 = 0x0003.
  CHECK(bits_of(op(std::uint8_t{3}, f16(0x0001u), std::uint8_t{0})) == 0x0003u);
  // 2049 * 1 -> tie between 2048 and 2050 -> 2048 (even) = 0x6800; 2051 -> 2052 = 0x6802.
  CHECK(bits_of(op(std::int16_t{2049}, f16(0x3C00u), std::int16_t{0})) == 0x6800u);
  CHECK(bits_of(op(std::int16_t{2051}, f16(0x3C00u), std::int16_t{0})) == 0x6802u);
  // Overflow: 65535 * 1 > 65520 -> +Inf; 65519 * 1 -> 65504 (0x7BFF).
  CHECK(bits_of(op(std::int16_t{32767}, f16(0x3C00u), std::int16_t{-32768})) == 0x7C00u);
  CHECK(bits_of(op(std::uint16_t{65519}, f16(0x3C00u), std::uint16_t{0})) == 0x7BFFu);
  // INT32 extremes with the smallest subnormal scale: (2^32 - 1) * 2^-24 = 256 - 2^-24 -> 256.
  CHECK(bits_of(op(std::numeric_limits<std::int32_t>::max(), f16(0x0001u),
                   std::numeric_limits<std::int32_t>::min())) == 0x5C00u);
}

TEST_CASE_TEMPLATE("DEQUANTIZE: every input type to every output type (sweep)", P,
                   dq_pair<std::int8_t, float>, dq_pair<std::int16_t, float>, dq_pair<std::int32_t, float>,
                   dq_pair<std::uint8_t, float>, dq_pair<std::uint16_t, float>, dq_pair<std::uint32_t, float>,
                   dq_pair<std::int8_t, float16>, dq_pair<std::int16_t, float16>, dq_pair<std::int32_t, float16>,
                   dq_pair<std::uint8_t, float16>, dq_pair<std::uint16_t, float16>,
                   dq_pair<std::uint32_t, float16>) {
  using In = typename P::input;
  using Out = typename P::output;
  using B = typename format<Out>::bits;
  using lim = std::numeric_limits<In>;
  const std::vector<In> xs = {lim::min(), static_cast<In>(lim::min() + 1), In(0), In(1), In(3), In(100),
                              static_cast<In>(lim::max() - 1), lim::max()};
  const std::vector<In> zps = {lim::min(), In(0), In(3), lim::max()};
  // Scales: 1, 0.5, -0.25, 3, 0.1 (inexact), 1/3 (inexact), -7.75, the smallest subnormal,
  // the largest finite.
  const std::vector<B> scales = std::is_same_v<Out, float>
                                    ? std::vector<B>{B(0x3F800000u), B(0x3F000000u), B(0xBE800000u), B(0x40400000u),
                                                     B(0x3DCCCCCDu), B(0x3EAAAAABu), B(0xC0F80000u), B(0x00000001u),
                                                     B(0x7F7FFFFFu)}
                                    : std::vector<B>{B(0x3C00u), B(0x3800u), B(0xB400u), B(0x4200u), B(0x2E66u),
                                                     B(0x3555u), B(0xC7C0u), B(0x0001u), B(0x7BFFu)};
  const op_variants::every_variant<dmlref::ops::dequantize_linear> op{};
  std::vector<In> vx, vz;
  std::vector<Out> vs;
  std::vector<B> want;
  for (In x : xs) {
    for (In zp : zps) {
      for (B s : scales) {
        const long long d = static_cast<long long>(x) - static_cast<long long>(zp);
        const B w = expected_dequantize<Out>(d, s);
        CAPTURE(static_cast<long long>(x));
        CAPTURE(static_cast<long long>(zp));
        CAPTURE(s);
        CHECK(op.defined(x, format<Out>::make(s), zp));
        CHECK(bits_of(op(x, format<Out>::make(s), zp)) == w);
        vx.push_back(x);
        vz.push_back(zp);
        vs.push_back(format<Out>::make(s));
        want.push_back(w);
      }
    }
  }
  // The same elements through the typed API and through dml::execute at 6_4.
  const auto n = static_cast<std::uint32_t>(vx.size());
  std::vector<Out> out(n, format<Out>::make(B(0x1234u))), out2(n, format<Out>::make(B(0x1234u)));
  REQUIRE(dmlref::dequantize_linear(dmlref::golden, dmlref::make_packed_view(static_cast<const In*>(vx.data()), {n}),
                                    dmlref::make_packed_view(static_cast<const Out*>(vs.data()), {n}),
                                    dmlref::make_packed_view(static_cast<const In*>(vz.data()), {n}),
                                    dmlref::make_packed_view(out.data(), {n}))
              .ok());
  using namespace dmlref::dml;
  const UINT sizes[2] = {1, n};
  const UINT64 in_bytes = (UINT64{n} * sizeof(In) + 3) / 4 * 4;
  const UINT64 out_bytes = (UINT64{n} * sizeof(Out) + 3) / 4 * 4;
  DML_BUFFER_TENSOR_DESC bi{dml_type<In>(), DML_TENSOR_FLAG_NONE, 2, sizes, nullptr, in_bytes, 0};
  DML_BUFFER_TENSOR_DESC bo{dml_type<Out>(), DML_TENSOR_FLAG_NONE, 2, sizes, nullptr, out_bytes, 0};
  DML_TENSOR_DESC ti{DML_TENSOR_TYPE_BUFFER, &bi};
  DML_TENSOR_DESC to{DML_TENSOR_TYPE_BUFFER, &bo};
  DML_ELEMENT_WISE_DEQUANTIZE_LINEAR_OPERATOR_DESC d{&ti, &to, &ti, &to};
  DML_OPERATOR_DESC opd{DML_OPERATOR_ELEMENT_WISE_DEQUANTIZE_LINEAR, &d};
  // vx and vz are std::vector storage: allocations of at least in_bytes each.
  std::vector<In> vx_padded(vx), vz_padded(vz);
  vx_padded.resize(in_bytes / sizeof(In) + 1);
  vz_padded.resize(in_bytes / sizeof(In) + 1);
  std::vector<Out> vs_padded(vs);
  vs_padded.resize(out_bytes / sizeof(Out) + 1);
  out2.resize(out_bytes / sizeof(Out) + 1, format<Out>::make(B(0x1234u)));
  REQUIRE(execute(dmlref::golden, DML_FEATURE_LEVEL_6_4, opd,
                  {{vx_padded.data(), in_bytes}, {vs_padded.data(), out_bytes}, {vz_padded.data(), in_bytes}},
                  {{out2.data(), out_bytes}})
              .ok());
  for (std::uint32_t i = 0; i < n; ++i) {
    CAPTURE(i);
    CHECK(bits_of(out[i]) == want[i]);
    CHECK(bits_of(out2[i]) == want[i]);
  }
}

TEST_CASE_TEMPLATE("DEQUANTIZE: scale 0 is undefined; NaN and Inf scales propagate", Out, float, float16) {
  using F = format<Out>;
  using B = typename F::bits;
  const bool f32_out = std::is_same_v<Out, float>;
  const B pzero = 0, nzero = f32_out ? B(0x80000000u) : B(0x8000u);
  const B pinf = f32_out ? B(0x7F800000u) : B(0x7C00u), ninf = f32_out ? B(0xFF800000u) : B(0xFC00u);
  const B qnan = f32_out ? B(0x7FC00000u) : B(0x7E00u);
  const op_variants::every_variant<dmlref::ops::dequantize_linear> op{};
  // Scale +-0: undefined whatever x and zp.
  for (B s : {pzero, nzero}) {
    CHECK_FALSE(op.defined(std::int32_t{5}, F::make(s), std::int32_t{2}));
    CHECK_FALSE(op.defined(std::uint8_t{0}, F::make(s), std::uint8_t{0}));
  }
  // Finite nonzero, Inf and NaN scales are defined.
  for (B s : {pinf, ninf, qnan}) CHECK(op.defined(std::int32_t{5}, F::make(s), std::int32_t{2}));
  // NaN scale -> NaN; +Inf scale: positive difference +Inf, negative -Inf, zero difference
  // NaN (0 * Inf); -Inf scale mirrored.
  CHECK(is_nan_bits<Out>(bits_of(op(std::int32_t{5}, F::make(qnan), std::int32_t{2}))));
  CHECK(is_nan_bits<Out>(bits_of(op(std::int32_t{5}, F::make(qnan), std::int32_t{5}))));
  CHECK(bits_of(op(std::int32_t{5}, F::make(pinf), std::int32_t{2})) == pinf);
  CHECK(bits_of(op(std::int32_t{2}, F::make(pinf), std::int32_t{5})) == ninf);
  CHECK(is_nan_bits<Out>(bits_of(op(std::int32_t{5}, F::make(pinf), std::int32_t{5}))));
  CHECK(bits_of(op(std::uint8_t{200}, F::make(ninf), std::uint8_t{0})) == ninf);
  CHECK(bits_of(op(std::int8_t{-128}, F::make(ninf), std::int8_t{127})) == pinf);
  CHECK(is_nan_bits<Out>(bits_of(op(std::uint32_t{0}, F::make(ninf), std::uint32_t{0}))));
}

TEST_CASE("DEQUANTIZE: no zero point (typed API overload, and the runtime layer at 6_2)") {
  // x - 0 times scale: [-128, -1, 0, 127] * 0.5 = [-64, -0.5, 0, 63.5].
  const std::int8_t x[4] = {-128, -1, 0, 127};
  const float scale[4] = {0.5f, 0.5f, 0.5f, 0.5f};
  const std::uint32_t want[4] = {0xC2800000u, 0xBF000000u, 0x00000000u, 0x427E0000u};
  std::vector<float> out(4, 9.0f), out2(4, 9.0f);
  REQUIRE(dmlref::dequantize_linear(dmlref::golden, dmlref::make_packed_view(x, {4}), dmlref::make_packed_view(scale, {4}),
                                    dmlref::make_packed_view(out.data(), {4}))
              .ok());
  using namespace dmlref::dml;
  const UINT sizes[4] = {1, 1, 2, 2};
  DML_BUFFER_TENSOR_DESC bi{DML_TENSOR_DATA_TYPE_INT8, DML_TENSOR_FLAG_NONE, 4, sizes, nullptr, 4, 0};
  DML_BUFFER_TENSOR_DESC bs{DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 4, sizes, nullptr, 16, 0};
  DML_TENSOR_DESC ti{DML_TENSOR_TYPE_BUFFER, &bi};
  DML_TENSOR_DESC ts{DML_TENSOR_TYPE_BUFFER, &bs};
  DML_ELEMENT_WISE_DEQUANTIZE_LINEAR_OPERATOR_DESC d{&ti, &ts, nullptr, &ts};
  DML_OPERATOR_DESC op{DML_OPERATOR_ELEMENT_WISE_DEQUANTIZE_LINEAR, &d};
  REQUIRE(execute(dmlref::golden, DML_FEATURE_LEVEL_6_2, op, {{x, 4}, {scale, 16}, {nullptr, 0}},
                  {{out2.data(), 16}})
              .ok());
  for (int i = 0; i < 4; ++i) {
    CAPTURE(i);
    CHECK(bits_of(out[static_cast<std::size_t>(i)]) == want[i]);
    CHECK(bits_of(out2[static_cast<std::size_t>(i)]) == want[i]);
  }
  // FLOAT16 output without a zero point: UINT32 70000 * 2^-4 (0x2C00) = 4375; the FLOAT16
  // ulp in [4096, 8192) is 4 and 4375 = 4372 + 3 is above the midpoint -> 4376: biased
  // exponent 27, fraction (4376 - 4096) / 4 = 70 -> 0x6C46.
  const std::uint32_t xu[2] = {70000u, 0u};
  const float16 su[2] = {f16(0x2C00u), f16(0x2C00u)};
  std::vector<float16> ou(2, f16(0x1234u));
  REQUIRE(dmlref::dequantize_linear(dmlref::golden, dmlref::make_packed_view(xu, {2}), dmlref::make_packed_view(su, {2}),
                                    dmlref::make_packed_view(ou.data(), {2}))
              .ok());
  CHECK(bits_of(ou[0]) == 0x6C46u);
  CHECK(bits_of(ou[1]) == 0x0000u);
}

TEST_CASE("DEQUANTIZE: per-channel scale and zero point broadcast with zero strides") {
  // Input 2 x 3 (channels x elements), packed; scale and zero point one per channel, read
  // with strides {1, 0}. Expected (x - zp[c]) * s[c], all exact.
  const std::uint8_t x[6] = {10, 20, 30, 0, 128, 255};
  const float scale[2] = {0.5f, -2.0f};
  const std::uint8_t zp[2] = {10, 128};
  const float want[6] = {0.0f, 5.0f, 10.0f, 256.0f, -0.0f, -254.0f};
  std::vector<float> out(6, 9.0f), out2(6, 9.0f);
  REQUIRE(dmlref::dequantize_linear(dmlref::golden, dmlref::make_packed_view(x, {2, 3}),
                                    dmlref::make_strided_view(scale, {2, 3}, {1, 0}),
                                    dmlref::make_strided_view(zp, {2, 3}, {1, 0}),
                                    dmlref::make_packed_view(out.data(), {2, 3}))
              .ok());
  using namespace dmlref::dml;
  const UINT sizes[4] = {1, 1, 2, 3};
  const UINT channel_strides[4] = {0, 0, 1, 0};
  DML_BUFFER_TENSOR_DESC bi{DML_TENSOR_DATA_TYPE_UINT8, DML_TENSOR_FLAG_NONE, 4, sizes, nullptr, 8, 0};
  DML_BUFFER_TENSOR_DESC bs{DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 4, sizes, channel_strides, 8, 0};
  DML_BUFFER_TENSOR_DESC bz{DML_TENSOR_DATA_TYPE_UINT8, DML_TENSOR_FLAG_NONE, 4, sizes, channel_strides, 4, 0};
  DML_BUFFER_TENSOR_DESC bo{DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 4, sizes, nullptr, 24, 0};
  DML_TENSOR_DESC ti{DML_TENSOR_TYPE_BUFFER, &bi}, ts{DML_TENSOR_TYPE_BUFFER, &bs};
  DML_TENSOR_DESC tz{DML_TENSOR_TYPE_BUFFER, &bz}, to{DML_TENSOR_TYPE_BUFFER, &bo};
  DML_ELEMENT_WISE_DEQUANTIZE_LINEAR_OPERATOR_DESC d{&ti, &ts, &tz, &to};
  DML_OPERATOR_DESC op{DML_OPERATOR_ELEMENT_WISE_DEQUANTIZE_LINEAR, &d};
  // Buffers at least TotalTensorSizeInBytes: x 8 bytes, zp 4 bytes.
  std::uint8_t x8[8] = {10, 20, 30, 0, 128, 255, 0, 0};
  std::uint8_t zp4[4] = {10, 128, 0, 0};
  REQUIRE(execute(dmlref::golden, DML_FEATURE_LEVEL_1_0, op, {{x8, 8}, {scale, 8}, {zp4, 4}}, {{out2.data(), 24}})
              .ok());
  for (int i = 0; i < 6; ++i) {
    CAPTURE(i);
    CHECK(bits_of(out[static_cast<std::size_t>(i)]) == bits_of(want[i]));
    CHECK(bits_of(out2[static_cast<std::size_t>(i)]) == bits_of(want[i]));
  }
  // A single broadcast scale for every element (all strides 0), FLOAT16 at 6_0.
  const std::int32_t xi[4] = {-3, 0, 3, 2047};
  const float16 s1 = f16(0x4000u);  // 2
  std::vector<float16> o16(4, f16(0x1234u));
  REQUIRE(dmlref::dequantize_linear(dmlref::golden, dmlref::make_packed_view(xi, {4}),
                                    dmlref::make_strided_view(&s1, {4}, {0}), dmlref::make_packed_view(o16.data(), {4}))
              .ok());
  // -6 = 0xC600, 0, 6 = 0x4600, 4094 = 2^11 * 1.999 -> fraction 1023 (4094 = 2047 * 2) = 0x6BFF.
  CHECK(bits_of(o16[0]) == 0xC600u);
  CHECK(bits_of(o16[1]) == 0x0000u);
  CHECK(bits_of(o16[2]) == 0x4600u);
  CHECK(bits_of(o16[3]) == 0x6BFFu);
}
