// Every layout class through the typed API and dml::execute: packed, padded strides,
// broadcast (zero-stride) inputs, permuted (transposed) inputs and outputs, rank 1 and rank 8,
// and in-place execution for SIGN, POW and CONSTANT_POW.
//
// Expectations are computed here with naive index arithmetic (offset = sum of index * stride,
// every multi-index visited in row-major order) and simple operations whose results are exact:
// the sign of a small integer, small integer powers (|x| <= 6, exponents 2 and 3), and
// (x - zp) * 2^-k. Output elements no logical index maps to must keep their sentinel.

#include <dmlref/dml/execute_once.hpp>  // first: the runtime layer is compiled once, elsewhere

#include <doctest/doctest.h>

#include <array>
#include <cstdint>
#include <cstring>
#include <vector>

#include <dmlref/dmlref.hpp>

#include "bit_helpers.hpp"

namespace {

using namespace dmlref::dml;

constexpr float sentinel = 1234.5f;

template <std::size_t R>
using dims = std::array<std::uint32_t, R>;

/// Every multi-index of sizes, in row-major order.
template <std::size_t R>
std::vector<dims<R>> all_indices(const dims<R>& sizes) {
  std::vector<dims<R>> out;
  dims<R> idx{};
  for (;;) {
    out.push_back(idx);
    std::size_t d = R;
    for (;;) {
      if (d == 0) return out;
      --d;
      if (++idx[d] < sizes[d]) break;
      idx[d] = 0;
    }
  }
}

template <std::size_t R>
std::size_t offset(const dims<R>& idx, const dims<R>& strides) {
  std::size_t o = 0;
  for (std::size_t i = 0; i < R; ++i) o += std::size_t{idx[i]} * strides[i];
  return o;
}

/// Elements a layout spans: last offset + 1.
template <std::size_t R>
std::size_t span(const dims<R>& sizes, const dims<R>& strides) {
  std::size_t last = 0;
  for (std::size_t i = 0; i < R; ++i) last += std::size_t{sizes[i] - 1} * strides[i];
  return last + 1;
}

template <std::size_t R>
dims<R> packed(const dims<R>& sizes) {
  dims<R> s{};
  std::uint32_t step = 1;
  for (std::size_t i = R; i-- > 0;) {
    s[i] = step;
    step *= sizes[i];
  }
  return s;
}

/// A small integer value for buffer offset o, in [-5, 5], zero included.
float value_at(std::size_t o) { return static_cast<float>(static_cast<int>((o * 7 + 3) % 11) - 5); }

float exact_sign(float v) { return v < 0 ? -1.0f : v > 0 ? 1.0f : 0.0f; }
float exact_power(float v, int n) {
  const int x = static_cast<int>(v);
  int r = 1;
  for (int i = 0; i < n; ++i) r *= x;
  return static_cast<float>(r);
}

/// A DML_BUFFER_TENSOR_DESC over sizes/strides of a given element type.
template <std::size_t R>
struct dml_tensor {
  dims<R> sizes, strides;
  DML_BUFFER_TENSOR_DESC b{};
  DML_TENSOR_DESC d{};
  dml_tensor(DML_TENSOR_DATA_TYPE type, std::uint64_t element_size, const dims<R>& s, const dims<R>& st)
      : sizes(s), strides(st) {
    const std::uint64_t bytes = (span<R>(sizes, strides) * element_size + 3) / 4 * 4;
    b = {type, DML_TENSOR_FLAG_NONE, static_cast<UINT>(R), sizes.data(), strides.data(), bytes, 0};
    d = {DML_TENSOR_TYPE_BUFFER, &b};
  }
  dml_tensor(const dml_tensor&) = delete;
  dml_tensor& operator=(const dml_tensor&) = delete;
  UINT64 bytes() const { return b.TotalTensorSizeInBytes; }
};

/// Checks out against f(index) at every logical index, and the sentinel elsewhere.
template <std::size_t R, class F>
void check_output(const std::vector<float>& out, const dims<R>& sizes, const dims<R>& out_strides, F&& want) {
  std::vector<bool> covered(out.size(), false);
  for (const auto& idx : all_indices<R>(sizes)) {
    const std::size_t o = offset<R>(idx, out_strides);
    covered[o] = true;
    CAPTURE(o);
    CHECK(bits_of(out[o]) == bits_of(want(idx)));
  }
  for (std::size_t o = 0; o < out.size(); ++o) {
    if (!covered[o]) {
      CAPTURE(o);
      CHECK(bits_of(out[o]) == bits_of(sentinel));
    }
  }
}

/// One layout case: common sizes, the input's, the second input's and the output's strides.
template <std::size_t R>
struct layout {
  const char* name;
  dims<R> sizes, in, second, out;
};

/// SIGN, CONSTANT_POW (exponent 3) and POW (exponent tensor of 2s and 3s) over one layout, each
/// through the typed API (golden; SIGN also fast) and dml::execute at 6_4.
template <std::size_t R>
void run_layout(const layout<R>& L) {
  CAPTURE(L.name);
  std::vector<float> in(span<R>(L.sizes, L.in));
  for (std::size_t o = 0; o < in.size(); ++o) in[o] = value_at(o);
  std::vector<float> ex(span<R>(L.sizes, L.second));
  for (std::size_t o = 0; o < ex.size(); ++o) ex[o] = static_cast<float>(2 + o % 2);
  const std::size_t out_elements = span<R>(L.sizes, L.out) + 3;  // + slack, must stay sentinel
  const float* cin = in.data();
  const float* cex = ex.data();
  auto x_at = [&](const dims<R>& idx) { return in[offset<R>(idx, L.in)]; };
  auto e_at = [&](const dims<R>& idx) { return static_cast<int>(ex[offset<R>(idx, L.second)]); };

  const auto in_view = dmlref::tensor_view<const float, R>(cin, L.sizes, L.in);
  const auto ex_view = dmlref::tensor_view<const float, R>(cex, L.sizes, L.second);

  dml_tensor<R> tin(DML_TENSOR_DATA_TYPE_FLOAT32, 4, L.sizes, L.in);
  dml_tensor<R> tex(DML_TENSOR_DATA_TYPE_FLOAT32, 4, L.sizes, L.second);
  dml_tensor<R> tout(DML_TENSOR_DATA_TYPE_FLOAT32, 4, L.sizes, L.out);
  // Buffers for the runtime layer, at least TotalTensorSizeInBytes each.
  std::vector<float> in_buf(in), ex_buf(ex);
  in_buf.resize(tin.bytes() / 4 + 1);
  ex_buf.resize(tex.bytes() / 4 + 1);
  REQUIRE(tout.bytes() <= out_elements * 4);

  SUBCASE("SIGN") {
    for (int k = 0; k < 3; ++k) {
      std::vector<float> out(out_elements, sentinel);
      const auto out_view = dmlref::tensor_view<float, R>(out.data(), L.sizes, L.out);
      if (k == 0) {
        REQUIRE(dmlref::sign(dmlref::golden, in_view, out_view).ok());
      } else if (k == 1) {
        REQUIRE(dmlref::sign(dmlref::fast, in_view, out_view).ok());
      } else {
        DML_ELEMENT_WISE_SIGN_OPERATOR_DESC s{&tin.d, &tout.d};
        DML_OPERATOR_DESC op{DML_OPERATOR_ELEMENT_WISE_SIGN, &s};
        REQUIRE(execute(dmlref::golden, DML_FEATURE_LEVEL_6_4, op, {{in_buf.data(), tin.bytes()}},
                        {{out.data(), tout.bytes()}})
                    .ok());
      }
      CAPTURE(k);
      check_output<R>(out, L.sizes, L.out, [&](const dims<R>& idx) { return exact_sign(x_at(idx)); });
    }
  }
  SUBCASE("CONSTANT_POW") {
    for (int k = 0; k < 2; ++k) {
      std::vector<float> out(out_elements, sentinel);
      const auto out_view = dmlref::tensor_view<float, R>(out.data(), L.sizes, L.out);
      if (k == 0) {
        REQUIRE(dmlref::constant_pow(dmlref::golden, in_view, out_view, 3.0f).ok());
      } else {
        DML_ELEMENT_WISE_CONSTANT_POW_OPERATOR_DESC s{&tin.d, &tout.d, nullptr, 3.0f};
        DML_OPERATOR_DESC op{DML_OPERATOR_ELEMENT_WISE_CONSTANT_POW, &s};
        REQUIRE(execute(dmlref::golden, DML_FEATURE_LEVEL_6_4, op, {{in_buf.data(), tin.bytes()}},
                        {{out.data(), tout.bytes()}})
                    .ok());
      }
      CAPTURE(k);
      check_output<R>(out, L.sizes, L.out, [&](const dims<R>& idx) { return exact_power(x_at(idx), 3); });
    }
  }
  SUBCASE("POW") {
    for (int k = 0; k < 2; ++k) {
      std::vector<float> out(out_elements, sentinel);
      const auto out_view = dmlref::tensor_view<float, R>(out.data(), L.sizes, L.out);
      if (k == 0) {
        REQUIRE(dmlref::pow(dmlref::golden, in_view, ex_view, out_view).ok());
      } else {
        DML_ELEMENT_WISE_POW_OPERATOR_DESC s{&tin.d, &tex.d, &tout.d, nullptr};
        DML_OPERATOR_DESC op{DML_OPERATOR_ELEMENT_WISE_POW, &s};
        REQUIRE(execute(dmlref::golden, DML_FEATURE_LEVEL_6_4, op,
                        {{in_buf.data(), tin.bytes()}, {ex_buf.data(), tex.bytes()}}, {{out.data(), tout.bytes()}})
                    .ok());
      }
      CAPTURE(k);
      check_output<R>(out, L.sizes, L.out, [&](const dims<R>& idx) { return exact_power(x_at(idx), e_at(idx)); });
    }
  }
}

/// In place: the output view / binding is the input's buffer with the input's layout.
template <std::size_t R>
void run_in_place(const dims<R>& sizes, const dims<R>& strides) {
  const std::size_t n = span<R>(sizes, strides) + 2;
  std::vector<float> original(n);
  for (std::size_t o = 0; o < n; ++o) original[o] = value_at(o);
  // Elements the layout does not cover must keep their original values.
  std::vector<bool> covered(n, false);
  for (const auto& idx : all_indices<R>(sizes)) covered[offset<R>(idx, strides)] = true;
  auto check = [&](const std::vector<float>& buf, auto f) {
    for (std::size_t o = 0; o < n; ++o) {
      CAPTURE(o);
      CHECK(bits_of(buf[o]) == bits_of(covered[o] ? f(original[o]) : original[o]));
    }
  };
  dml_tensor<R> t(DML_TENSOR_DATA_TYPE_FLOAT32, 4, sizes, strides);
  REQUIRE(t.bytes() <= n * 4);
  for (int k = 0; k < 2; ++k) {
    CAPTURE(k);
    {  // SIGN
      std::vector<float> buf(original);
      if (k == 0) {
        REQUIRE(dmlref::sign(dmlref::golden, dmlref::tensor_view<const float, R>(buf.data(), sizes, strides),
                             dmlref::tensor_view<float, R>(buf.data(), sizes, strides))
                    .ok());
      } else {
        DML_ELEMENT_WISE_SIGN_OPERATOR_DESC s{&t.d, &t.d};
        DML_OPERATOR_DESC op{DML_OPERATOR_ELEMENT_WISE_SIGN, &s};
        REQUIRE(execute(dmlref::golden, DML_FEATURE_LEVEL_6_4, op, {{buf.data(), t.bytes()}}, {{buf.data(), t.bytes()}})
                    .ok());
      }
      check(buf, [](float v) { return exact_sign(v); });
    }
    {  // CONSTANT_POW, exponent 2
      std::vector<float> buf(original);
      if (k == 0) {
        REQUIRE(dmlref::constant_pow(dmlref::golden, dmlref::tensor_view<const float, R>(buf.data(), sizes, strides),
                                     dmlref::tensor_view<float, R>(buf.data(), sizes, strides), 2.0f)
                    .ok());
      } else {
        DML_ELEMENT_WISE_CONSTANT_POW_OPERATOR_DESC s{&t.d, &t.d, nullptr, 2.0f};
        DML_OPERATOR_DESC op{DML_OPERATOR_ELEMENT_WISE_CONSTANT_POW, &s};
        REQUIRE(execute(dmlref::golden, DML_FEATURE_LEVEL_6_4, op, {{buf.data(), t.bytes()}}, {{buf.data(), t.bytes()}})
                    .ok());
      }
      check(buf, [](float v) { return exact_power(v, 2); });
    }
    {  // POW, a broadcast exponent 3 (all strides 0)
      std::vector<float> buf(original);
      const float three[1] = {3.0f};
      const dims<R> zero{};
      if (k == 0) {
        REQUIRE(dmlref::pow(dmlref::golden, dmlref::tensor_view<const float, R>(buf.data(), sizes, strides),
                            dmlref::tensor_view<const float, R>(three, sizes, zero),
                            dmlref::tensor_view<float, R>(buf.data(), sizes, strides))
                    .ok());
      } else {
        dml_tensor<R> te(DML_TENSOR_DATA_TYPE_FLOAT32, 4, sizes, zero);
        DML_ELEMENT_WISE_POW_OPERATOR_DESC s{&t.d, &te.d, &t.d, nullptr};
        DML_OPERATOR_DESC op{DML_OPERATOR_ELEMENT_WISE_POW, &s};
        REQUIRE(execute(dmlref::golden, DML_FEATURE_LEVEL_6_4, op, {{buf.data(), t.bytes()}, {three, 4}},
                        {{buf.data(), t.bytes()}})
                    .ok());
      }
      check(buf, [](float v) { return exact_power(v, 3); });
    }
  }
}

}  // namespace

TEST_CASE("layouts: packed") {
  const dims<3> s = {2, 3, 4};
  run_layout<3>({"packed", s, packed<3>(s), packed<3>(s), packed<3>(s)});
}

TEST_CASE("layouts: packed views (packed_layout) through the typed API") {
  const float in[6] = {-3, 0, 2, -0.0f, 5, -1};
  const float e[6] = {2, 3, 2, 3, 2, 3};
  float out[6] = {};
  REQUIRE(dmlref::pow(dmlref::golden, dmlref::make_packed_view(in, {2, 3}), dmlref::make_packed_view(e, {2, 3}),
                      dmlref::make_packed_view(out, {2, 3}))
              .ok());
  // (-3)^2 = 9, 0^3 = 0, 2^2 = 4, (-0)^3 = -0, 5^2 = 25, (-1)^3 = -1.
  const std::uint32_t want[6] = {0x41100000u, 0x00000000u, 0x40800000u, 0x80000000u, 0x41C80000u, 0xBF800000u};
  for (int i = 0; i < 6; ++i) CHECK(bits_of(out[i]) == want[i]);
}

TEST_CASE("layouts: padded strides on inputs and output") {
  const dims<3> s = {2, 3, 4};
  // Input: rows of 6 with 2 padding elements, planes of 20; exponent: rows of 5;
  // output: rows of 5, planes of 16.
  run_layout<3>({"padded", s, {20, 6, 1}, {17, 5, 1}, {16, 5, 1}});
  // Padding in the innermost dimension too (every other element).
  run_layout<3>({"padded inner", s, {24, 8, 2}, {12, 4, 1}, {30, 10, 2}});
}

TEST_CASE("layouts: broadcast inputs (zero strides)") {
  const dims<3> s = {2, 3, 4};
  run_layout<3>({"broadcast outer", s, {0, 4, 1}, {0, 0, 1}, packed<3>(s)});
  run_layout<3>({"broadcast inner", s, {3, 1, 0}, {1, 0, 0}, packed<3>(s)});
  run_layout<3>({"scalar", s, {0, 0, 0}, {0, 0, 0}, packed<3>(s)});
  run_layout<3>({"broadcast middle", s, {4, 0, 1}, {12, 4, 1}, {1, 2, 6}});
}

TEST_CASE("layouts: permuted (transposed) inputs and outputs") {
  const dims<3> s = {2, 3, 4};
  // Column-major input {1, 2, 6}; exponent with dimension 1 outermost {4, 8, 1}; output with
  // dimension 2 outermost {3, 1, 6}.
  run_layout<3>({"transposed", s, {1, 2, 6}, {4, 8, 1}, {3, 1, 6}});
  const dims<2> m = {3, 5};
  run_layout<2>({"2-D transpose", m, {1, 3}, {5, 1}, {1, 3}});
}

TEST_CASE("layouts: rank 1") {
  run_layout<1>({"rank 1 packed", {7}, {1}, {1}, {1}});
  run_layout<1>({"rank 1 strided", {7}, {3}, {0}, {2}});
  run_layout<1>({"rank 1 single", {1}, {1}, {1}, {1}});
}

TEST_CASE("layouts: rank 8 (2x1x3x1x2x1x1x2)") {
  const dims<8> s = {2, 1, 3, 1, 2, 1, 1, 2};
  run_layout<8>({"rank 8 packed", s, packed<8>(s), packed<8>(s), packed<8>(s)});
  // Input permuted (dimension 7 outermost), size-1 dimensions with arbitrary strides;
  // exponent broadcast over dimensions 0 and 4; output padded.
  run_layout<8>({"rank 8 strided", s, {1, 99, 2, 7, 6, 0, 5, 12}, {0, 0, 2, 0, 0, 0, 0, 1}, {40, 1, 10, 3, 4, 0, 0, 2}});
}

TEST_CASE("layouts: rank 8 through the runtime layer needs 3_0; 4-D works at 1_0") {
  const dims<4> s = {2, 1, 3, 2};
  const dims<4> st = packed<4>(s);
  std::vector<float> in(12), out(12, sentinel);
  for (std::size_t o = 0; o < 12; ++o) in[o] = value_at(o);
  dml_tensor<4> t(DML_TENSOR_DATA_TYPE_FLOAT32, 4, s, st);
  DML_ELEMENT_WISE_CONSTANT_POW_OPERATOR_DESC d{&t.d, &t.d, nullptr, 2.0f};
  DML_OPERATOR_DESC op{DML_OPERATOR_ELEMENT_WISE_CONSTANT_POW, &d};
  REQUIRE(execute(dmlref::golden, DML_FEATURE_LEVEL_1_0, op, {{in.data(), 48}}, {{out.data(), 48}}).ok());
  for (std::size_t o = 0; o < 12; ++o) CHECK(out[o] == exact_power(in[o], 2));
}

TEST_CASE("layouts: in place for SIGN, POW and CONSTANT_POW") {
  run_in_place<1>({9}, {1});
  run_in_place<3>({2, 3, 4}, {12, 4, 1});
  run_in_place<3>({2, 3, 4}, {20, 6, 1});   // padded
  run_in_place<3>({2, 3, 4}, {1, 2, 6});    // transposed
  run_in_place<8>({2, 1, 3, 1, 2, 1, 1, 2}, {1, 5, 2, 0, 6, 3, 9, 12});
}

TEST_CASE("layouts: DEQUANTIZE over strided, broadcast and permuted tensors") {
  // x: INT8 2x3x4 transposed; scale: one per dimension-1 channel (strides {0,1,0}), powers of two;
  // zero point: one per dimension-0 slice (strides {1,0,0}); output padded.
  const dims<3> s = {2, 3, 4};
  const dims<3> xs = {1, 2, 6}, ss = {0, 1, 0}, zs = {1, 0, 0}, os = {15, 5, 1};
  std::vector<std::int8_t> x(span<3>(s, xs) + 3);  // (+3: TotalTensorSizeInBytes rounds up to 4)
  for (std::size_t o = 0; o < x.size(); ++o) x[o] = static_cast<std::int8_t>(static_cast<int>(o * 37 % 256) - 128);
  const float scale[4] = {0.5f, 0.25f, -2.0f, 0.0f};
  const std::int8_t zp[4] = {-128, 127, 0, 0};
  auto want = [&](const dims<3>& idx) {
    // (x - zp) is an integer of magnitude < 256, times 2^k: exact in FLOAT32.
    const int d = static_cast<int>(x[offset<3>(idx, xs)]) - static_cast<int>(zp[offset<3>(idx, zs)]);
    return static_cast<float>(d) * scale[offset<3>(idx, ss)];
  };
  const std::size_t out_elements = span<3>(s, os) + 2;
  std::vector<float> out(out_elements, sentinel), out2(out_elements, sentinel);
  REQUIRE(dmlref::dequantize_linear(dmlref::golden, dmlref::tensor_view<const std::int8_t, 3>(x.data(), s, xs),
                                    dmlref::tensor_view<const float, 3>(scale, s, ss),
                                    dmlref::tensor_view<const std::int8_t, 3>(zp, s, zs),
                                    dmlref::tensor_view<float, 3>(out.data(), s, os))
              .ok());
  dml_tensor<3> tx(DML_TENSOR_DATA_TYPE_INT8, 1, s, xs);
  dml_tensor<3> ts(DML_TENSOR_DATA_TYPE_FLOAT32, 4, s, ss);
  dml_tensor<3> tz(DML_TENSOR_DATA_TYPE_INT8, 1, s, zs);
  dml_tensor<3> to(DML_TENSOR_DATA_TYPE_FLOAT32, 4, s, os);
  REQUIRE(tx.bytes() <= x.size());
  DML_ELEMENT_WISE_DEQUANTIZE_LINEAR_OPERATOR_DESC d{&tx.d, &ts.d, &tz.d, &to.d};
  DML_OPERATOR_DESC op{DML_OPERATOR_ELEMENT_WISE_DEQUANTIZE_LINEAR, &d};
  REQUIRE(execute(dmlref::golden, DML_FEATURE_LEVEL_6_4, op,
                  {{x.data(), tx.bytes()}, {scale, ts.bytes()}, {zp, tz.bytes()}}, {{out2.data(), to.bytes()}})
              .ok());
  check_output<3>(out, s, os, want);
  check_output<3>(out2, s, os, want);
}

TEST_CASE("layouts: disjoint views in one array are not an overlap (typed API)") {
  // Input and output are the two halves of one array: the elements touched are disjoint, so
  // the operation is valid (only an overlap of the output with an input is refused). With
  // 2-byte and 1-byte elements the halves are not multiples of 4 bytes.
  {
    dmlref::float16 buf[6] = {dmlref::float16::from_bits(0xC000u), dmlref::float16::from_bits(0x0000u),
                              dmlref::float16::from_bits(0x3C00u), dmlref::float16::from_bits(0x1234u),
                              dmlref::float16::from_bits(0x1234u), dmlref::float16::from_bits(0x1234u)};
    const auto s = dmlref::sign(dmlref::golden, dmlref::make_packed_view(static_cast<const dmlref::float16*>(buf), {3}),
                                dmlref::make_packed_view(buf + 3, {3}));
    INFO(s.message());
    CHECK(s.ok());
    CHECK(buf[3].bits() == 0xBC00u);
    CHECK(buf[4].bits() == 0x0000u);
    CHECK(buf[5].bits() == 0x3C00u);
  }
  {
    std::int8_t buf[2] = {-7, 99};
    const auto s = dmlref::sign(dmlref::golden, dmlref::make_packed_view(static_cast<const std::int8_t*>(buf), {1}),
                                dmlref::make_packed_view(buf + 1, {1}));
    INFO(s.message());
    CHECK(s.ok());
    CHECK(buf[1] == -1);
  }
  {
    // FLOAT32 halves (whole multiples of 4 bytes) are accepted.
    float buf[6] = {-2, 0, 3, 9, 9, 9};
    const auto s = dmlref::sign(dmlref::golden, dmlref::make_packed_view(static_cast<const float*>(buf), {3}),
                                dmlref::make_packed_view(buf + 3, {3}));
    CHECK(s.ok());
    CHECK(buf[3] == -1.0f);
  }
}
