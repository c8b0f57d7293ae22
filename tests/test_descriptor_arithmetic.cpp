// Descriptor arithmetic at its edges, through every entry point: sizes x strides x element
// size beyond 64 bits, TotalTensorSizeInBytes at 2^64 - 1, sizes of 0, and the 2^32 - 1
// element limit are reported, never wrapped into a small number that would pass a check.
// (The core functions themselves are tested in test_tensor_desc.cpp.)

#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <vector>

#include <dmlref/dml/execute_once.hpp>

#include <dmlref/dmlref.hpp>
#include <dmlref/io/evaluate.hpp>

using namespace dmlref::dml;
using dmlref::errc;

TEST_CASE("descriptor arithmetic: typed API views whose byte extent exceeds 64 bits are refused") {
  // One dimension of 2^32 - 1 elements with stride 2^32 - 1: the last index is
  // (2^32 - 2)(2^32 - 1) = 2^64 - 3 * 2^32 + 2, which fits; times 8 bytes it does not.
  std::int64_t in[4] = {1, 2, 3, 4}, out[4] = {};
  const std::uint32_t sizes[] = {0xFFFFFFFFu}, huge[] = {0xFFFFFFFFu}, packed[] = {1};
  const auto s = dmlref::sign(dmlref::golden, dmlref::make_strided_view(in, sizes, huge),
                              dmlref::make_strided_view(out, sizes, packed));
  CHECK(s.code() == errc::size_overflow);
  CHECK(s.tensor() == "InputTensor");
  CHECK(out[0] == 0);
  // The same on the output.
  const auto t = dmlref::sign(dmlref::fast, dmlref::make_strided_view(in, sizes, packed),
                              dmlref::make_strided_view(out, sizes, huge));
  CHECK(t.code() == errc::size_overflow);
  CHECK(t.tensor() == "OutputTensor");
  // 8 dimensions of 65536: 2^128 elements, which a 64-bit product would wrap to 0.
  const std::uint32_t wide[] = {65536, 65536, 65536, 65536, 65536, 65536, 65536, 65536};
  const auto u = dmlref::sign(dmlref::golden, dmlref::make_packed_view(in, wide), dmlref::make_packed_view(out, wide));
  CHECK(u.code() == errc::too_many_elements);
  CHECK(out[0] == 0);
}

namespace {

/// A SIGN over FLOAT32 [n] with the given TotalTensorSizeInBytes on one tensor.
struct sign_case {
  UINT sizes[1];
  DML_BUFFER_TENSOR_DESC in_b, out_b;
  DML_TENSOR_DESC in_d, out_d;
  DML_ELEMENT_WISE_SIGN_OPERATOR_DESC sign;
  DML_OPERATOR_DESC op;

  explicit sign_case(UINT n) : sizes{n} {
    in_b = {DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 1, sizes, nullptr, UINT64{n} * 4, 0};
    out_b = in_b;
    in_d = {DML_TENSOR_TYPE_BUFFER, &in_b};
    out_d = {DML_TENSOR_TYPE_BUFFER, &out_b};
    sign = {&in_d, &out_d};
    op = {DML_OPERATOR_ELEMENT_WISE_SIGN, &sign};
  }
  sign_case(const sign_case&) = delete;
  sign_case& operator=(const sign_case&) = delete;
};

}  // namespace

TEST_CASE("descriptor arithmetic: TotalTensorSizeInBytes of 2^64 - 1 needs a binding that large") {
  float in[4] = {1, -2, 3, -4}, out[4] = {};
  for (const bool on_output : {false, true}) {
    sign_case c(4);
    (on_output ? c.out_b : c.in_b).TotalTensorSizeInBytes = UINT64_MAX;  // a valid descriptor
    validated_operation v;
    CHECK(validate_descriptor(DML_FEATURE_LEVEL_6_4, c.op, v).ok());
    const auto s = execute(dmlref::golden, DML_FEATURE_LEVEL_6_4, c.op, {{in, 16}}, {{out, 16}});
    CHECK(s.code() == errc::binding_too_small);
    CHECK(s.tensor() == (on_output ? "OutputTensor" : "InputTensor"));
    CHECK(s.message().find("18446744073709551615") != std::string::npos);
    CHECK(out[0] == 0.0f);
  }
}

TEST_CASE("descriptor arithmetic: the element limit through the runtime layer, broadcast inputs") {
  // 65535 x 65537 = 2^32 - 1 elements are allowed; 65536 x 65536 = 2^32 are not, even with
  // every stride 0 (a 4-byte buffer).
  UINT ok_sizes[] = {65535, 65537}, big_sizes[] = {65536, 65536}, zeros[] = {0, 0};
  for (auto* sizes : {ok_sizes, big_sizes}) {
    DML_BUFFER_TENSOR_DESC b{DML_TENSOR_DATA_TYPE_UINT8, DML_TENSOR_FLAG_NONE, 2, sizes, zeros, 4, 0};
    DML_TENSOR_DESC d{DML_TENSOR_TYPE_BUFFER, &b};
    DML_BUFFER_TENSOR_DESC ob{DML_TENSOR_DATA_TYPE_UINT8, DML_TENSOR_FLAG_NONE, 2, sizes, nullptr, 0xFFFFFFFFull + 1, 0};
    DML_TENSOR_DESC od{DML_TENSOR_TYPE_BUFFER, &ob};
    DML_ELEMENT_WISE_SIGN_OPERATOR_DESC sign{&d, &od};
    validated_operation v;
    const auto s = validate_descriptor(DML_FEATURE_LEVEL_6_4, {DML_OPERATOR_ELEMENT_WISE_SIGN, &sign}, v);
    if (sizes == ok_sizes) {
      CHECK(s.ok());
    } else {
      CHECK(s.code() == errc::too_many_elements);
    }
  }
}

TEST_CASE("descriptor arithmetic: the case reader with a size of 0 leaves the rule to validation") {
  // A size of 0 addresses no element (and gives a buffer of 0 bytes). The reader's
  // data-length check must not compute the last index as (0 - 1) * 1 + 2 * 5, which wraps
  // to 9 and asks for 10 values; the case reads, and evaluation refuses the size of 0.
  const char* text = R"({"op": "ELEMENT_WISE_SIGN", "tensors": {
      "InputTensor":  {"dataType": "FLOAT32", "sizes": [0, 3], "strides": [1, 5], "data": []},
      "OutputTensor": {"dataType": "FLOAT32", "sizes": [0, 3]}}})";
  const auto cases = dmlref::io::read_cases(text);
  REQUIRE(cases.size() == 1);
  CHECK_MESSAGE(cases[0].error.ok(), cases[0].error.message());
  if (cases[0].error.ok()) {
    dmlref::io::evaluation e;
    const auto s = dmlref::io::evaluate(dmlref::golden, cases[0].value, e);
    CHECK(s.code() == errc::zero_size);
    CHECK(s.field() == "Sizes");
  }
  // Sizes of at least 1 still need every addressed value: [2, 3] with strides [1, 5] address
  // up to index 11.
  const char* short_data = R"({"op": "ELEMENT_WISE_SIGN", "tensors": {
      "InputTensor":  {"dataType": "FLOAT32", "sizes": [2, 3], "strides": [1, 5], "data": [1, 2, 3]},
      "OutputTensor": {"dataType": "FLOAT32", "sizes": [2, 3]}}})";
  const auto refused = dmlref::io::read_cases(short_data);
  REQUIRE(refused.size() == 1);
  CHECK(refused[0].error.field() == "data");
  CHECK(refused[0].error.rule().find("address 12") != std::string::npos);
}

TEST_CASE("descriptor arithmetic: the case reader refuses a TotalTensorSizeInBytes of 2^64 - 1 without allocating") {
  const char* text = R"({"op": "ELEMENT_WISE_SIGN", "tensors": {
      "InputTensor":  {"dataType": "FLOAT32", "sizes": [2], "data": [1, 2],
                       "totalTensorSizeInBytes": 18446744073709551615},
      "OutputTensor": {"dataType": "FLOAT32", "sizes": [2]}}})";
  const auto cases = dmlref::io::read_cases(text);
  REQUIRE(cases.size() == 1);
  CHECK(cases[0].error.tensor() == "InputTensor");
  CHECK(cases[0].error.rule().find("above the limit") != std::string::npos);
}
