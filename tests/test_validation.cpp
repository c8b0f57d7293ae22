// Validation through the DirectML-shaped runtime layer: one invalid descriptor (or binding) per
// rule of SEMANTICS.md, each checked for its status code, the DirectML tensor and field it
// names, and words of the rule in message(); and, through execute(), that nothing was written
// (every bound buffer is compared byte for byte with its state before the call). Positive
// controls show the same descriptor with the one defect removed is accepted.

#include <doctest/doctest.h>

#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <string>
#include <vector>

#include <dmlref/dmlref.hpp>

#include "bit_helpers.hpp"
#include "unimplemented_operator.hpp"

using namespace dmlref::dml;
using dmlref::errc;

namespace {

UINT64 element_bytes(DML_TENSOR_DATA_TYPE t) {
  switch (t) {
    case DML_TENSOR_DATA_TYPE_FLOAT32:
    case DML_TENSOR_DATA_TYPE_UINT32:
    case DML_TENSOR_DATA_TYPE_INT32: return 4;
    case DML_TENSOR_DATA_TYPE_FLOAT16:
    case DML_TENSOR_DATA_TYPE_UINT16:
    case DML_TENSOR_DATA_TYPE_INT16: return 2;
    case DML_TENSOR_DATA_TYPE_FLOAT64:
    case DML_TENSOR_DATA_TYPE_UINT64:
    case DML_TENSOR_DATA_TYPE_INT64: return 8;
    default: return 1;
  }
}

/// DMLCalcBufferTensorSize, written here from its definition (small tensors only).
UINT64 calc_bytes(DML_TENSOR_DATA_TYPE t, const std::vector<UINT>& sizes, const std::vector<UINT>& strides) {
  std::vector<UINT64> st(sizes.size());
  if (strides.empty()) {
    UINT64 step = 1;
    for (std::size_t i = sizes.size(); i-- > 0;) {
      st[i] = step;
      step *= sizes[i];
    }
  } else {
    for (std::size_t i = 0; i < sizes.size(); ++i) st[i] = strides[i];
  }
  UINT64 last = 0;
  for (std::size_t i = 0; i < sizes.size(); ++i) last += (UINT64{sizes[i]} - 1) * st[i];
  return ((last + 1) * element_bytes(t) + 3) / 4 * 4;
}

/// One tensor: its DML_BUFFER_TENSOR_DESC (fields free to edit), its DML_TENSOR_DESC, and a
/// bound buffer of TotalTensorSizeInBytes (plus slack for misalignment tests).
struct tensor {
  std::vector<UINT> sizes, strides;
  DML_BUFFER_TENSOR_DESC b{};
  DML_TENSOR_DESC d{};
  std::vector<std::uint64_t> storage;

  tensor(DML_TENSOR_DATA_TYPE type, std::vector<UINT> s, std::vector<UINT> st = {})
      : sizes(std::move(s)), strides(std::move(st)) {
    const UINT64 bytes = calc_bytes(type, sizes, strides);
    b = {type, DML_TENSOR_FLAG_NONE, static_cast<UINT>(sizes.size()), sizes.data(),
         strides.empty() ? nullptr : strides.data(), bytes, 0};
    d = {DML_TENSOR_TYPE_BUFFER, &b};
    storage.assign(static_cast<std::size_t>(bytes / 8 + 4), 0);
  }
  tensor(const tensor&) = delete;
  tensor& operator=(const tensor&) = delete;

  const DML_TENSOR_DESC* desc() { return &d; }
  void* data() { return storage.data(); }
  UINT64 bytes() const { return b.TotalTensorSizeInBytes; }
  input_binding in() { return {data(), bytes()}; }
  output_binding out() { return {data(), bytes()}; }
  template <class T>
  T* as() {
    return reinterpret_cast<T*>(storage.data());
  }
};

const std::vector<UINT> shape4 = {1, 1, 2, 3};

struct sign_case {
  tensor in, out;
  DML_ELEMENT_WISE_SIGN_OPERATOR_DESC s{};
  DML_OPERATOR_DESC op{};
  explicit sign_case(DML_TENSOR_DATA_TYPE t = DML_TENSOR_DATA_TYPE_FLOAT32, std::vector<UINT> sizes = shape4)
      : in(t, sizes), out(t, sizes) {
    build();
  }
  void build() {
    s = {in.desc(), out.desc()};
    op = {DML_OPERATOR_ELEMENT_WISE_SIGN, &s};
  }
  std::vector<input_binding> inputs() { return {in.in()}; }
  std::vector<output_binding> outputs() { return {out.out()}; }
  std::vector<tensor*> all() { return {&in, &out}; }
};

struct constant_pow_case {
  tensor in, out;
  DML_ELEMENT_WISE_CONSTANT_POW_OPERATOR_DESC s{};
  DML_OPERATOR_DESC op{};
  explicit constant_pow_case(DML_TENSOR_DATA_TYPE t = DML_TENSOR_DATA_TYPE_FLOAT32,
                             std::vector<UINT> sizes = shape4)
      : in(t, sizes), out(t, sizes) {
    build();
  }
  void build() {
    s = {in.desc(), out.desc(), nullptr, 2.0f};
    op = {DML_OPERATOR_ELEMENT_WISE_CONSTANT_POW, &s};
  }
  std::vector<input_binding> inputs() { return {in.in()}; }
  std::vector<output_binding> outputs() { return {out.out()}; }
  std::vector<tensor*> all() { return {&in, &out}; }
};

struct pow_case {
  tensor in, exponent, out;
  DML_ELEMENT_WISE_POW_OPERATOR_DESC s{};
  DML_OPERATOR_DESC op{};
  explicit pow_case(DML_TENSOR_DATA_TYPE base = DML_TENSOR_DATA_TYPE_FLOAT32,
                    DML_TENSOR_DATA_TYPE exp = DML_TENSOR_DATA_TYPE_FLOAT32,
                    DML_TENSOR_DATA_TYPE output = DML_TENSOR_DATA_TYPE_FLOAT32, std::vector<UINT> sizes = shape4)
      : in(base, sizes), exponent(exp, sizes), out(output, sizes) {
    build();
  }
  void build() {
    s = {in.desc(), exponent.desc(), out.desc(), nullptr};
    op = {DML_OPERATOR_ELEMENT_WISE_POW, &s};
  }
  std::vector<input_binding> inputs() { return {in.in(), exponent.in()}; }
  std::vector<output_binding> outputs() { return {out.out()}; }
  std::vector<tensor*> all() { return {&in, &exponent, &out}; }
};

struct dequantize_case {
  tensor in, scale, zero_point, out;
  bool with_zero_point = true;
  DML_ELEMENT_WISE_DEQUANTIZE_LINEAR_OPERATOR_DESC s{};
  DML_OPERATOR_DESC op{};
  explicit dequantize_case(DML_TENSOR_DATA_TYPE input = DML_TENSOR_DATA_TYPE_UINT8,
                           DML_TENSOR_DATA_TYPE scale_type = DML_TENSOR_DATA_TYPE_FLOAT32,
                           DML_TENSOR_DATA_TYPE zp = DML_TENSOR_DATA_TYPE_UINT8,
                           DML_TENSOR_DATA_TYPE output = DML_TENSOR_DATA_TYPE_FLOAT32,
                           std::vector<UINT> sizes = shape4)
      : in(input, sizes), scale(scale_type, sizes), zero_point(zp, sizes), out(output, sizes) {
    build();
  }
  void build() {
    s = {in.desc(), scale.desc(), with_zero_point ? zero_point.desc() : nullptr, out.desc()};
    op = {DML_OPERATOR_ELEMENT_WISE_DEQUANTIZE_LINEAR, &s};
  }
  std::vector<input_binding> inputs() {
    return {in.in(), scale.in(), with_zero_point ? zero_point.in() : input_binding{nullptr, 0}};
  }
  std::vector<output_binding> outputs() { return {out.out()}; }
  std::vector<tensor*> all() { return {&in, &scale, &zero_point, &out}; }
};

struct verdict {
  errc code;
  std::string tensor;
  std::string field;
  std::string words;  // words of the rule that message() must contain
};

bool contains(const std::string& text, const std::string& words) { return text.find(words) != std::string::npos; }

/// Fills every buffer with a byte pattern (distinct per tensor) and returns a snapshot.
std::vector<std::vector<std::uint64_t>> fill_and_snapshot(const std::vector<tensor*>& tensors) {
  std::vector<std::vector<std::uint64_t>> snap;
  std::uint8_t pattern = 0xA5;
  for (tensor* t : tensors) {
    std::memset(t->storage.data(), pattern, t->storage.size() * sizeof(std::uint64_t));
    pattern = static_cast<std::uint8_t>(pattern + 0x11);
    snap.push_back(t->storage);
  }
  return snap;
}

/// validate() and execute() both refuse with v; execute() writes nothing.
template <class C>
void expect_invalid_with(C& c, DML_FEATURE_LEVEL level, const verdict& v, const std::vector<input_binding>& ins,
                         const std::vector<output_binding>& outs) {
  const auto s = validate(level, c.op, ins.data(), ins.size(), outs.data(), outs.size());
  INFO("message: " << s.message());
  CHECK_FALSE(s.ok());
  CHECK(s.code() == v.code);
  CHECK(s.tensor() == v.tensor);
  CHECK(s.field() == v.field);
  CHECK(contains(s.message(), v.words));
  if (!v.tensor.empty()) CHECK(contains(s.message(), v.tensor));

  const auto all = c.all();
  const auto before = fill_and_snapshot(all);
  const auto e = execute(dmlref::golden, level, c.op, ins.data(), ins.size(), outs.data(), outs.size());
  CHECK(e.code() == v.code);
  CHECK(e.message() == s.message());
  for (std::size_t k = 0; k < all.size(); ++k) {
    CAPTURE(k);
    CHECK(all[k]->storage == before[k]);  // nothing read into, nothing written
  }
}
template <class C>
void expect_invalid(C& c, DML_FEATURE_LEVEL level, const verdict& v) {
  expect_invalid_with(c, level, v, c.inputs(), c.outputs());
}

/// validate() and execute() accept.
template <class C>
void expect_valid_with(C& c, DML_FEATURE_LEVEL level, const std::vector<input_binding>& ins,
                       const std::vector<output_binding>& outs) {
  const auto s = validate(level, c.op, ins.data(), ins.size(), outs.data(), outs.size());
  INFO("message: " << s.message());
  CHECK(s.ok());
  CHECK(s.message() == "ok");
  const auto e = execute(dmlref::golden, level, c.op, ins.data(), ins.size(), outs.data(), outs.size());
  CHECK(e.ok());
}
template <class C>
void expect_valid(C& c, DML_FEATURE_LEVEL level) {
  expect_valid_with(c, level, c.inputs(), c.outputs());
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// The operator descriptor and the feature level

TEST_CASE("validate: a null DML_OPERATOR_DESC::Desc") {
  sign_case c;
  c.op.Desc = nullptr;
  expect_invalid(c, DML_FEATURE_LEVEL_6_4, {errc::invalid_argument, "", "Desc", "Desc is null"});
}

TEST_CASE("validate: an operator type dmlref does not compute") {
  sign_case c;
  c.op.Type = static_cast<DML_OPERATOR_TYPE>(120);  // no element-wise operator of DirectML
  expect_invalid(c, DML_FEATURE_LEVEL_6_4, {errc::unsupported_operator, "", "Type", "DML_OPERATOR_TYPE 120"});
  expect_invalid(c, DML_FEATURE_LEVEL_6_4, {errc::unsupported_operator, "", "Type", "not an element-wise operator"});
  if (const auto* missing = unimplemented_operator()) {  // in the schema, not computed by this version
    c.op.Type = missing->type;
    expect_invalid(c, DML_FEATURE_LEVEL_6_4,
                   {errc::unsupported_operator, "", "Type", std::string(missing->name) + " is not implemented in this version"});
  }
}

TEST_CASE("validate: a feature level that is not a DML_FEATURE_LEVEL") {
  sign_case c;
  expect_invalid(c, static_cast<DML_FEATURE_LEVEL>(0x1234),
                 {errc::invalid_argument, "", "FeatureLevel", "is not a DML_FEATURE_LEVEL"});
  expect_invalid(c, static_cast<DML_FEATURE_LEVEL>(0x6500),
                 {errc::invalid_argument, "", "FeatureLevel", "is not a DML_FEATURE_LEVEL"});
  expect_invalid(c, static_cast<DML_FEATURE_LEVEL>(0), {errc::invalid_argument, "", "FeatureLevel", "not a"});
}

TEST_CASE("validate: an operator before the level that introduced it (SIGN at 1_0)") {
  sign_case c;
  expect_invalid(c, DML_FEATURE_LEVEL_1_0,
                 {errc::unsupported_operator, "", "Type", "ELEMENT_WISE_SIGN needs feature level 2_0"});
  expect_valid(c, DML_FEATURE_LEVEL_2_0);
  // POW, CONSTANT_POW and DEQUANTIZE_LINEAR exist from 1_0.
  pow_case p;
  expect_valid(p, DML_FEATURE_LEVEL_1_0);
  constant_pow_case cp;
  expect_valid(cp, DML_FEATURE_LEVEL_1_0);
  dequantize_case dq;
  expect_valid(dq, DML_FEATURE_LEVEL_1_0);
}

TEST_CASE("validate: a required tensor pointer is null") {
  pow_case c;
  c.s.ExponentTensor = nullptr;
  expect_invalid(c, DML_FEATURE_LEVEL_6_4, {errc::missing_binding, "ExponentTensor", "", "is required by ELEMENT_WISE_POW"});
  sign_case s;
  s.s.OutputTensor = nullptr;
  expect_invalid(s, DML_FEATURE_LEVEL_6_4, {errc::missing_binding, "OutputTensor", "", "is required"});
}

// ---------------------------------------------------------------------------------------------
// One tensor's own fields

TEST_CASE("validate: DML_TENSOR_DESC::Type is not DML_TENSOR_TYPE_BUFFER") {
  sign_case c;
  c.in.d.Type = DML_TENSOR_TYPE_INVALID;
  expect_invalid(c, DML_FEATURE_LEVEL_6_4, {errc::invalid_argument, "InputTensor", "Type", "DML_TENSOR_TYPE_BUFFER"});
}

TEST_CASE("validate: a null DML_BUFFER_TENSOR_DESC") {
  pow_case c;
  c.out.d.Desc = nullptr;
  expect_invalid(c, DML_FEATURE_LEVEL_6_4, {errc::invalid_argument, "OutputTensor", "Desc", "is null"});
}

TEST_CASE("validate: Flags with bits that are not DML_TENSOR_FLAGS") {
  sign_case c;
  c.out.b.Flags = static_cast<DML_TENSOR_FLAGS>(2);
  expect_invalid(c, DML_FEATURE_LEVEL_6_4, {errc::invalid_argument, "OutputTensor", "Flags", "DML_TENSOR_FLAGS"});
  c.out.b.Flags = static_cast<DML_TENSOR_FLAGS>(0x80000000u);
  expect_invalid(c, DML_FEATURE_LEVEL_6_4, {errc::invalid_argument, "OutputTensor", "Flags", "DML_TENSOR_FLAGS"});
}

TEST_CASE("validate: a DataType that is not a DML_TENSOR_DATA_TYPE") {
  sign_case c;
  c.in.b.DataType = DML_TENSOR_DATA_TYPE_UNKNOWN;
  expect_invalid(c, DML_FEATURE_LEVEL_6_4,
                 {errc::unsupported_data_type, "InputTensor", "DataType", "is not a DML_TENSOR_DATA_TYPE"});
  c.in.b.DataType = static_cast<DML_TENSOR_DATA_TYPE>(14);
  expect_invalid(c, DML_FEATURE_LEVEL_6_4,
                 {errc::unsupported_data_type, "InputTensor", "DataType", "14 is not a DML_TENSOR_DATA_TYPE"});
}

TEST_CASE("validate: DimensionCount 0 and 9") {
  sign_case c;
  c.in.b.DimensionCount = 0;
  expect_invalid(c, DML_FEATURE_LEVEL_6_4, {errc::dimension_count, "InputTensor", "DimensionCount", "1 to 8, got 0"});
  std::vector<UINT> nine(9, 1);
  c.in.b.DimensionCount = 9;
  c.in.b.Sizes = nine.data();
  expect_invalid(c, DML_FEATURE_LEVEL_6_4, {errc::dimension_count, "InputTensor", "DimensionCount", "1 to 8, got 9"});
}

TEST_CASE("validate: DimensionCount 5 needs feature level 3_0 (exactly 4 before)") {
  const std::vector<UINT> five = {1, 2, 1, 3, 1};
  sign_case c(DML_TENSOR_DATA_TYPE_FLOAT32, five);
  expect_invalid(c, DML_FEATURE_LEVEL_2_1,
                 {errc::dimension_count, "InputTensor", "DimensionCount", "exactly 4 dimensions at feature level 2_1"});
  // Accepted at 3_0, and computed: SIGN of [-2, 0, 3, -0, 5, -7].
  const float values[6] = {-2.0f, 0.0f, 3.0f, -0.0f, 5.0f, -7.0f};
  expect_valid(c, DML_FEATURE_LEVEL_3_0);
  std::memcpy(c.in.data(), values, sizeof values);
  REQUIRE(execute(dmlref::golden, DML_FEATURE_LEVEL_3_0, c.op, {c.in.in()}, {c.out.out()}).ok());
  const std::uint32_t want[6] = {0xBF800000u, 0u, 0x3F800000u, 0u, 0x3F800000u, 0xBF800000u};
  for (int i = 0; i < 6; ++i) CHECK(bits_of(c.out.as<float>()[i]) == want[i]);
  // Rank 1 and rank 8 likewise.
  sign_case r1(DML_TENSOR_DATA_TYPE_FLOAT32, {6});
  expect_invalid(r1, DML_FEATURE_LEVEL_2_0, {errc::dimension_count, "InputTensor", "DimensionCount", "exactly 4"});
  expect_valid(r1, DML_FEATURE_LEVEL_3_0);
  sign_case r8(DML_TENSOR_DATA_TYPE_FLOAT32, {1, 2, 1, 1, 3, 1, 1, 1});
  expect_invalid(r8, DML_FEATURE_LEVEL_2_1, {errc::dimension_count, "InputTensor", "DimensionCount", "exactly 4"});
  expect_valid(r8, DML_FEATURE_LEVEL_3_0);
  // Every operator applies the rule, DEQUANTIZE included.
  dequantize_case dq(DML_TENSOR_DATA_TYPE_UINT8, DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_UINT8,
                     DML_TENSOR_DATA_TYPE_FLOAT32, five);
  expect_invalid(dq, DML_FEATURE_LEVEL_2_1, {errc::dimension_count, "InputTensor", "DimensionCount", "exactly 4"});
  expect_valid(dq, DML_FEATURE_LEVEL_3_0);
}

TEST_CASE("validate: null Sizes") {
  sign_case c;
  c.in.b.Sizes = nullptr;
  expect_invalid(c, DML_FEATURE_LEVEL_6_4, {errc::invalid_argument, "InputTensor", "Sizes", "is null"});
}

TEST_CASE("validate: a size of 0") {
  pow_case c;
  c.exponent.sizes[2] = 0;
  expect_invalid(c, DML_FEATURE_LEVEL_6_4, {errc::zero_size, "ExponentTensor", "Sizes", "size 2 is 0"});
}

TEST_CASE("validate: more than 2^32 - 1 elements") {
  // 65536 * 65536 = 2^32 elements. TotalTensorSizeInBytes is set large enough; the
  // buffers are never reached (the descriptor is refused first).
  sign_case c;
  for (tensor* t : {&c.in, &c.out}) {
    t->sizes = {1, 1, 65536, 65536};
    t->b.Sizes = t->sizes.data();
    t->b.TotalTensorSizeInBytes = UINT64{4} << 32;
  }
  expect_invalid(c, DML_FEATURE_LEVEL_6_4, {errc::too_many_elements, "InputTensor", "Sizes", "exceeds 2^32 - 1"});
  // Exactly 2^32 - 1 = 65535 * 65537 elements is within the rule (descriptor only).
  for (tensor* t : {&c.in, &c.out}) {
    t->sizes = {1, 1, 65535, 65537};
    t->b.Sizes = t->sizes.data();
    t->b.TotalTensorSizeInBytes = (UINT64{0xFFFFFFFFu} * 4 + 3) / 4 * 4;
  }
  validated_operation v;
  CHECK(validate_descriptor(DML_FEATURE_LEVEL_6_4, c.op, v).ok());
}

TEST_CASE("validate: DMLCalcBufferTensorSize overflows 64 bits") {
  // Sizes {1,1,1,2^32-1} with stride 2^32-1: last index (2^32-2)(2^32-1) ~ 2^64 - 3*2^32 fits,
  // but (last + 1) * 4 bytes does not.
  sign_case c;
  c.in.sizes = {1, 1, 1, 0xFFFFFFFFu};
  c.in.strides = {1, 1, 1, 0xFFFFFFFFu};
  c.in.b.Sizes = c.in.sizes.data();
  c.in.b.Strides = c.in.strides.data();
  c.in.b.TotalTensorSizeInBytes = ~UINT64{0};
  expect_invalid(c, DML_FEATURE_LEVEL_6_4, {errc::size_overflow, "InputTensor", "Strides", "exceeds 64 bits"});
}

TEST_CASE("validate: TotalTensorSizeInBytes below DMLCalcBufferTensorSize") {
  // Padded FLOAT32 {1,1,2,3} with strides {0,0,4,1}: last index 4 + 2 = 6, 7 elements = 28 bytes.
  sign_case c;
  c.in.strides = {0, 0, 4, 1};
  c.in.b.Strides = c.in.strides.data();
  c.in.b.TotalTensorSizeInBytes = 24;
  expect_invalid(c, DML_FEATURE_LEVEL_6_4,
                 {errc::total_size_too_small, "InputTensor", "TotalTensorSizeInBytes", "24 is below DMLCalcBufferTensorSize = 28"});
  c.in.b.TotalTensorSizeInBytes = 28;
  expect_valid(c, DML_FEATURE_LEVEL_6_4);
  // FLOAT16 3 elements: 6 bytes, rounded up to a multiple of 4 = 8.
  sign_case h(DML_TENSOR_DATA_TYPE_FLOAT16, {1, 1, 1, 3});
  h.out.b.TotalTensorSizeInBytes = 6;
  expect_invalid(h, DML_FEATURE_LEVEL_6_4,
                 {errc::total_size_too_small, "OutputTensor", "TotalTensorSizeInBytes", "below DMLCalcBufferTensorSize = 8"});
  h.out.b.TotalTensorSizeInBytes = 8;
  expect_valid(h, DML_FEATURE_LEVEL_6_4);
}

TEST_CASE("validate: GuaranteedBaseOffsetAlignment neither 0 nor a power of two >= the element size") {
  sign_case c;
  c.in.b.GuaranteedBaseOffsetAlignment = 3;
  expect_invalid(c, DML_FEATURE_LEVEL_6_4,
                 {errc::alignment, "InputTensor", "GuaranteedBaseOffsetAlignment", "power of two at least the element size"});
  c.in.b.GuaranteedBaseOffsetAlignment = 2;  // a power of two, but below 4 bytes
  expect_invalid(c, DML_FEATURE_LEVEL_6_4,
                 {errc::alignment, "InputTensor", "GuaranteedBaseOffsetAlignment", "power of two"});
  c.in.b.GuaranteedBaseOffsetAlignment = 12;
  expect_invalid(c, DML_FEATURE_LEVEL_6_4, {errc::alignment, "InputTensor", "GuaranteedBaseOffsetAlignment", "12"});
  for (UINT ok : {0u, 4u, 8u, 16u, 256u}) {
    c.in.b.GuaranteedBaseOffsetAlignment = ok;
    expect_valid(c, DML_FEATURE_LEVEL_6_4);
  }
  sign_case h(DML_TENSOR_DATA_TYPE_FLOAT16);
  h.out.b.GuaranteedBaseOffsetAlignment = 2;  // enough for 2-byte elements
  expect_valid(h, DML_FEATURE_LEVEL_6_4);
  h.out.b.GuaranteedBaseOffsetAlignment = 1;
  expect_invalid(h, DML_FEATURE_LEVEL_6_4, {errc::alignment, "OutputTensor", "GuaranteedBaseOffsetAlignment", "power of two"});
}

// ---------------------------------------------------------------------------------------------
// Rules between tensors

TEST_CASE("validate: Sizes differ between the tensors of one operator") {
  pow_case c;
  c.exponent.sizes = {1, 1, 3, 2};  // same element count, other shape
  expect_invalid(c, DML_FEATURE_LEVEL_6_4,
                 {errc::sizes_mismatch, "ExponentTensor", "Sizes", "must equal the Sizes of OutputTensor"});
  sign_case s;
  s.in.sizes = {1, 1, 2, 1};  // a broadcast must be a zero stride, not a smaller size
  s.in.b.TotalTensorSizeInBytes = 8;
  expect_invalid(s, DML_FEATURE_LEVEL_6_4, {errc::sizes_mismatch, "InputTensor", "Sizes", "zero stride"});
  // DimensionCount differs (3 and 4 at 3_0).
  sign_case r(DML_TENSOR_DATA_TYPE_FLOAT32, {1, 2, 3});
  std::vector<UINT> four = {1, 1, 2, 3};
  r.out.b.DimensionCount = 4;
  r.out.b.Sizes = four.data();
  expect_invalid(r, DML_FEATURE_LEVEL_6_4, {errc::sizes_mismatch, "InputTensor", "Sizes", "OutputTensor"});
  dequantize_case dq;
  dq.zero_point.sizes = {1, 1, 1, 3};
  expect_invalid(dq, DML_FEATURE_LEVEL_6_4, {errc::sizes_mismatch, "ZeroPointTensor", "Sizes", "OutputTensor"});
}

// ---------------------------------------------------------------------------------------------
// Support tables per operator and feature level

TEST_CASE("validate: POW data types by feature level") {
  const auto F32 = DML_TENSOR_DATA_TYPE_FLOAT32, F16 = DML_TENSOR_DATA_TYPE_FLOAT16;
  const auto I32 = DML_TENSOR_DATA_TYPE_INT32, I64 = DML_TENSOR_DATA_TYPE_INT64, U64 = DML_TENSOR_DATA_TYPE_UINT64;
  {
    pow_case c(I32, I32, I32);
    expect_invalid(c, DML_FEATURE_LEVEL_2_1,
                   {errc::unsupported_data_type, "InputTensor", "DataType",
                    "INT32 is not supported by ELEMENT_WISE_POW at feature level 2_1"});
    expect_valid(c, DML_FEATURE_LEVEL_3_0);
    // And computed at 3_0: 3^2 = 9, (-2)^3 = -8.
    c.in.as<std::int32_t>()[0] = 3;
    c.exponent.as<std::int32_t>()[0] = 2;
    c.in.as<std::int32_t>()[1] = -2;
    c.exponent.as<std::int32_t>()[1] = 3;
    REQUIRE(execute(dmlref::golden, DML_FEATURE_LEVEL_3_0, c.op, {c.in.in(), c.exponent.in()}, {c.out.out()}).ok());
    CHECK(c.out.as<std::int32_t>()[0] == 9);
    CHECK(c.out.as<std::int32_t>()[1] == -8);
  }
  for (auto wide : {I64, U64}) {
    pow_case c(wide, wide, wide);
    expect_invalid(c, DML_FEATURE_LEVEL_6_4, {errc::unsupported_data_type, "InputTensor", "DataType", "64"});
    pow_case e(F32, wide, F32);
    expect_invalid(e, DML_FEATURE_LEVEL_6_4,
                   {errc::unsupported_data_type, "ExponentTensor", "DataType", "is not supported by ELEMENT_WISE_POW"});
  }
  {
    pow_case d(DML_TENSOR_DATA_TYPE_FLOAT64, F32, DML_TENSOR_DATA_TYPE_FLOAT64);
    expect_invalid(d, DML_FEATURE_LEVEL_6_4, {errc::unsupported_data_type, "InputTensor", "DataType", "FLOAT64"});
  }
  {
    pow_case c(F32, F16, F32);
    expect_invalid(c, DML_FEATURE_LEVEL_2_1,
                   {errc::unsupported_data_type, "ExponentTensor", "DataType", "requires the data type of InputTensor"});
    expect_valid(c, DML_FEATURE_LEVEL_3_0);
  }
  {
    pow_case c(F32, F32, F16);
    expect_invalid(c, DML_FEATURE_LEVEL_6_4,
                   {errc::unsupported_data_type, "OutputTensor", "DataType", "requires the data type of InputTensor"});
    pow_case i(I32, F32, F32);  // integer base: the output is the base's type
    expect_invalid(i, DML_FEATURE_LEVEL_6_4, {errc::unsupported_data_type, "OutputTensor", "DataType", "INT32"});
  }
  {
    pow_case c(F16, F16, F16);
    expect_valid(c, DML_FEATURE_LEVEL_1_0);
  }
}

TEST_CASE("validate: SIGN data types by feature level") {
  {
    sign_case c(DML_TENSOR_DATA_TYPE_INT8);
    expect_invalid(c, DML_FEATURE_LEVEL_2_0,
                   {errc::unsupported_data_type, "InputTensor", "DataType",
                    "INT8 is not supported by ELEMENT_WISE_SIGN at feature level 2_0"});
    expect_valid(c, DML_FEATURE_LEVEL_2_1);
  }
  for (auto wide : {DML_TENSOR_DATA_TYPE_INT64, DML_TENSOR_DATA_TYPE_UINT64}) {
    sign_case c(wide);
    expect_invalid(c, DML_FEATURE_LEVEL_4_0, {errc::unsupported_data_type, "InputTensor", "DataType", "at feature level 4_0"});
    expect_valid(c, DML_FEATURE_LEVEL_4_1);
  }
  {
    sign_case c(DML_TENSOR_DATA_TYPE_INT16);
    c.out.b.DataType = DML_TENSOR_DATA_TYPE_UINT16;
    expect_invalid(c, DML_FEATURE_LEVEL_6_4,
                   {errc::unsupported_data_type, "OutputTensor", "DataType", "requires the data type of InputTensor"});
  }
  {
    sign_case c(DML_TENSOR_DATA_TYPE_FLOAT64);
    expect_invalid(c, DML_FEATURE_LEVEL_6_4, {errc::unsupported_data_type, "InputTensor", "DataType", "FLOAT64"});
  }
}

TEST_CASE("validate: CONSTANT_POW takes FLOAT32 and FLOAT16 only") {
  for (auto t : {DML_TENSOR_DATA_TYPE_INT32, DML_TENSOR_DATA_TYPE_UINT8, DML_TENSOR_DATA_TYPE_INT64}) {
    constant_pow_case c(t);
    expect_invalid(c, DML_FEATURE_LEVEL_6_4,
                   {errc::unsupported_data_type, "InputTensor", "DataType", "is not supported by ELEMENT_WISE_CONSTANT_POW"});
  }
  constant_pow_case h(DML_TENSOR_DATA_TYPE_FLOAT16);
  expect_valid(h, DML_FEATURE_LEVEL_1_0);
  h.out.b.DataType = DML_TENSOR_DATA_TYPE_FLOAT32;
  h.out.b.TotalTensorSizeInBytes = 24;
  expect_invalid(h, DML_FEATURE_LEVEL_6_4,
                 {errc::unsupported_data_type, "OutputTensor", "DataType", "requires the data type of InputTensor"});
}

TEST_CASE("validate: DEQUANTIZE_LINEAR data types by feature level") {
  const auto F32 = DML_TENSOR_DATA_TYPE_FLOAT32, F16 = DML_TENSOR_DATA_TYPE_FLOAT16;
  const auto I8 = DML_TENSOR_DATA_TYPE_INT8, U8 = DML_TENSOR_DATA_TYPE_UINT8;
  {
    dequantize_case c(I8, F32, I8, F32);
    expect_invalid(c, DML_FEATURE_LEVEL_1_0,
                   {errc::unsupported_data_type, "InputTensor", "DataType",
                    "INT8 is not supported by ELEMENT_WISE_DEQUANTIZE_LINEAR at feature level 1_0"});
    expect_valid(c, DML_FEATURE_LEVEL_2_1);
  }
  {
    dequantize_case c(U8, F16, U8, F16);
    expect_invalid(c, DML_FEATURE_LEVEL_5_2,
                   {errc::unsupported_data_type, "ScaleTensor", "DataType", "FLOAT16 is not supported"});
    expect_valid(c, DML_FEATURE_LEVEL_6_0);
  }
  {
    dequantize_case c(U8, F32, I8, F32);
    expect_invalid(c, DML_FEATURE_LEVEL_6_4,
                   {errc::unsupported_data_type, "ZeroPointTensor", "DataType", "requires the data type of InputTensor"});
  }
  {
    dequantize_case c(U8, F32, U8, F16);
    expect_invalid(c, DML_FEATURE_LEVEL_6_4,
                   {errc::unsupported_data_type, "OutputTensor", "DataType", "requires the data type of ScaleTensor"});
  }
  {
    dequantize_case c(U8, F32, U8, F32);
    c.with_zero_point = false;
    c.build();
    expect_invalid(c, DML_FEATURE_LEVEL_6_1,
                   {errc::missing_binding, "ZeroPointTensor", "", "requires a ZeroPointTensor before feature level 6_2"});
    expect_valid(c, DML_FEATURE_LEVEL_6_2);
  }
  for (auto wide : {DML_TENSOR_DATA_TYPE_INT64, DML_TENSOR_DATA_TYPE_UINT64}) {
    dequantize_case c(wide, F32, wide, F32);
    expect_invalid(c, DML_FEATURE_LEVEL_6_4, {errc::unsupported_data_type, "InputTensor", "DataType", "64"});
  }
  {
    dequantize_case c(F32, F32, F32, F32);  // a float input
    expect_invalid(c, DML_FEATURE_LEVEL_6_4, {errc::unsupported_data_type, "InputTensor", "DataType", "FLOAT32"});
  }
  {
    dequantize_case c(U8, DML_TENSOR_DATA_TYPE_INT32, U8, DML_TENSOR_DATA_TYPE_INT32);  // an integer scale
    expect_invalid(c, DML_FEATURE_LEVEL_6_4, {errc::unsupported_data_type, "ScaleTensor", "DataType", "INT32"});
  }
  {
    dequantize_case c(DML_TENSOR_DATA_TYPE_UINT4, F32, DML_TENSOR_DATA_TYPE_UINT4, F32);  // never 4-bit
    expect_invalid(c, DML_FEATURE_LEVEL_6_4, {errc::unsupported_data_type, "InputTensor", "DataType", "UINT4"});
  }
}

// ---------------------------------------------------------------------------------------------
// The output's layout

TEST_CASE("validate: an output with a zero stride (broadcast output)") {
  sign_case c;
  c.out.strides = {0, 0, 0, 1};
  c.out.b.Strides = c.out.strides.data();
  c.out.b.TotalTensorSizeInBytes = 12;
  expect_invalid(c, DML_FEATURE_LEVEL_6_4, {errc::output_self_overlap, "OutputTensor", "Strides", "cannot broadcast"});
  // A zero stride on a dimension of size 1 is harmless.
  c.out.strides = {0, 0, 3, 1};
  c.out.b.TotalTensorSizeInBytes = 24;
  expect_valid(c, DML_FEATURE_LEVEL_6_4);
  // A zero stride on an input is a broadcast: fine.
  c.in.strides = {0, 0, 0, 1};
  c.in.b.Strides = c.in.strides.data();
  c.in.b.TotalTensorSizeInBytes = 12;
  expect_valid(c, DML_FEATURE_LEVEL_6_4);
}

TEST_CASE("validate: an output whose dimensions interleave") {
  // Sizes {1,1,2,3}, strides {0,0,2,1}: element (1,0) and (0,2) share offset 2.
  sign_case c;
  c.out.strides = {0, 0, 2, 1};
  c.out.b.Strides = c.out.strides.data();
  c.out.b.TotalTensorSizeInBytes = 20;
  expect_invalid(c, DML_FEATURE_LEVEL_6_4, {errc::output_self_overlap, "OutputTensor", "Strides", "interleave"});
  // Strides {0,0,1,1}: the two dimensions walk the same addresses.
  c.out.strides = {0, 0, 1, 1};
  expect_invalid(c, DML_FEATURE_LEVEL_6_4, {errc::output_self_overlap, "OutputTensor", "Strides", "interleave"});
  // Transposed {0,0,1,2} and padded {0,0,4,1} outputs are fine.
  c.out.strides = {0, 0, 1, 2};
  c.out.b.TotalTensorSizeInBytes = 24;
  expect_valid(c, DML_FEATURE_LEVEL_6_4);
  c.out.strides = {0, 0, 4, 1};
  c.out.b.TotalTensorSizeInBytes = 28;
  expect_valid(c, DML_FEATURE_LEVEL_6_4);
}

// ---------------------------------------------------------------------------------------------
// Bindings

TEST_CASE("validate: a missing binding") {
  pow_case c;
  auto ins = c.inputs();
  ins[1].data = nullptr;
  expect_invalid_with(c, DML_FEATURE_LEVEL_6_4, {errc::missing_binding, "ExponentTensor", "binding", "no buffer is bound"},
                      ins, c.outputs());
  auto outs = c.outputs();
  outs[0].data = nullptr;
  expect_invalid_with(c, DML_FEATURE_LEVEL_6_4, {errc::missing_binding, "OutputTensor", "binding", "no buffer"},
                      c.inputs(), outs);
}

TEST_CASE("validate: a binding shorter than TotalTensorSizeInBytes") {
  sign_case c;
  auto ins = c.inputs();
  ins[0].size_in_bytes = c.in.bytes() - 1;
  expect_invalid_with(c, DML_FEATURE_LEVEL_6_4,
                      {errc::binding_too_small, "InputTensor", "binding", "holds 23 bytes, TotalTensorSizeInBytes is 24"},
                      ins, c.outputs());
  auto outs = c.outputs();
  outs[0].size_in_bytes = 0;
  expect_invalid_with(c, DML_FEATURE_LEVEL_6_4, {errc::binding_too_small, "OutputTensor", "binding", "holds 0 bytes"},
                      c.inputs(), outs);
  // A larger buffer is fine.
  auto big = c.inputs();
  big[0].size_in_bytes = c.in.bytes() + 8;
  expect_valid_with(c, DML_FEATURE_LEVEL_6_4, big, c.outputs());
}

TEST_CASE("validate: wrong binding counts") {
  sign_case c;
  expect_invalid_with(c, DML_FEATURE_LEVEL_6_4, {errc::missing_binding, "", "inputs", "takes 1 input bindings"
                                                                                      " (absent optional tensors bound to null), got 0"},
                      {}, c.outputs());
  expect_invalid_with(c, DML_FEATURE_LEVEL_6_4, {errc::missing_binding, "", "inputs", "got 2"},
                      {c.in.in(), c.in.in()}, c.outputs());
  expect_invalid_with(c, DML_FEATURE_LEVEL_6_4, {errc::missing_binding, "", "outputs", "takes 1 output binding, got 0"},
                      c.inputs(), {});
  expect_invalid_with(c, DML_FEATURE_LEVEL_6_4, {errc::missing_binding, "", "outputs", "got 2"}, c.inputs(),
                      {c.out.out(), c.out.out()});
  // DEQUANTIZE has three input slots, the optional ZeroPointTensor included.
  dequantize_case dq;
  dq.with_zero_point = false;
  dq.build();
  expect_invalid_with(dq, DML_FEATURE_LEVEL_6_4, {errc::missing_binding, "", "inputs", "takes 3 input bindings"},
                      {dq.in.in(), dq.scale.in()}, dq.outputs());
  pow_case p;
  expect_invalid_with(p, DML_FEATURE_LEVEL_6_4, {errc::missing_binding, "", "inputs", "takes 2 input bindings"},
                      {p.in.in()}, p.outputs());
}

TEST_CASE("validate: a buffer bound to an absent optional tensor") {
  dequantize_case dq;
  dq.with_zero_point = false;
  dq.build();
  expect_invalid_with(dq, DML_FEATURE_LEVEL_6_4,
                      {errc::invalid_argument, "ZeroPointTensor", "binding", "a buffer is bound to a tensor the descriptor leaves out"},
                      {dq.in.in(), dq.scale.in(), dq.zero_point.in()}, dq.outputs());
}

TEST_CASE("validate: a buffer address that is not a multiple of the element size") {
  sign_case c;
  auto ins = c.inputs();
  ins[0].data = static_cast<const char*>(ins[0].data) + 2;  // FLOAT32 at a 2-byte offset
  expect_invalid_with(c, DML_FEATURE_LEVEL_6_4,
                      {errc::alignment, "InputTensor", "binding", "not a multiple of the element size"}, ins, c.outputs());
  sign_case h(DML_TENSOR_DATA_TYPE_FLOAT16);
  auto outs = h.outputs();
  outs[0].data = static_cast<char*>(outs[0].data) + 1;
  expect_invalid_with(h, DML_FEATURE_LEVEL_6_4, {errc::alignment, "OutputTensor", "binding", "element size"},
                      h.inputs(), outs);
  // INT8 at any address.
  sign_case b(DML_TENSOR_DATA_TYPE_INT8);
  auto bins = b.inputs();
  bins[0].data = static_cast<const char*>(bins[0].data) + 1;
  expect_valid_with(b, DML_FEATURE_LEVEL_6_4, bins, b.outputs());
}

// ---------------------------------------------------------------------------------------------
// Aliasing

TEST_CASE("validate: the output partially overlapping an input") {
  sign_case c;  // FLOAT32 6 elements: 24 bytes
  auto outs = c.outputs();
  outs[0].data = static_cast<char*>(c.in.data()) + 4;  // one element in
  expect_invalid_with(c, DML_FEATURE_LEVEL_6_4,
                      {errc::invalid_aliasing, "OutputTensor", "", "overlaps InputTensor"}, c.inputs(), outs);
  // The output's last bytes over the input's first.
  auto ins = c.inputs();
  ins[0].data = static_cast<char*>(c.out.data()) + 20;
  expect_invalid_with(c, DML_FEATURE_LEVEL_6_4, {errc::invalid_aliasing, "OutputTensor", "", "overlaps"}, ins,
                      c.outputs());
  // Touching but not overlapping: input right after the output's 24 bytes.
  auto touching = c.inputs();
  touching[0].data = static_cast<char*>(c.out.data()) + 24;
  expect_valid_with(c, DML_FEATURE_LEVEL_6_4, touching, c.outputs());
  // POW: the output over the ExponentTensor, partially.
  pow_case p;
  auto pouts = p.outputs();
  pouts[0].data = static_cast<char*>(p.exponent.data()) + 8;
  expect_invalid_with(p, DML_FEATURE_LEVEL_6_4, {errc::invalid_aliasing, "OutputTensor", "", "overlaps ExponentTensor"},
                      p.inputs(), pouts);
}

TEST_CASE("validate: in place (exact alias of InputTensor) for SIGN, POW and CONSTANT_POW") {
  // SIGN: output buffer = input buffer, same descriptor; computed correctly in place.
  {
    sign_case c;
    const float v[6] = {-1.5f, 2.0f, -0.0f, 0.0f, 7.0f, -3.0f};
    std::memcpy(c.in.data(), v, sizeof v);
    c.s.OutputTensor = c.s.InputTensor;
    const auto s = execute(dmlref::golden, DML_FEATURE_LEVEL_6_4, c.op, {c.in.in()}, {c.in.out()});
    REQUIRE(s.ok());
    const std::uint32_t want[6] = {0xBF800000u, 0x3F800000u, 0u, 0u, 0x3F800000u, 0xBF800000u};
    for (int i = 0; i < 6; ++i) CHECK(bits_of(c.in.as<float>()[i]) == want[i]);
  }
  // POW: 1..6 squared in place.
  {
    pow_case c;
    for (int i = 0; i < 6; ++i) {
      c.in.as<float>()[i] = static_cast<float>(i + 1);
      c.exponent.as<float>()[i] = 2.0f;
    }
    REQUIRE(execute(dmlref::golden, DML_FEATURE_LEVEL_6_4, c.op, {c.in.in(), c.exponent.in()}, {c.in.out()}).ok());
    for (int i = 0; i < 6; ++i) CHECK(c.in.as<float>()[i] == static_cast<float>((i + 1) * (i + 1)));
  }
  // CONSTANT_POW (exponent 2) in place, with distinct but identical descriptors.
  {
    constant_pow_case c;
    for (int i = 0; i < 6; ++i) c.in.as<float>()[i] = static_cast<float>(-i);
    REQUIRE(execute(dmlref::golden, DML_FEATURE_LEVEL_6_4, c.op, {c.in.in()}, {c.in.out()}).ok());
    for (int i = 0; i < 6; ++i) CHECK(c.in.as<float>()[i] == static_cast<float>(i * i));
  }
  // Padded in-place layout, identical on both sides.
  {
    sign_case c;
    c.in.strides = {0, 0, 4, 1};
    c.in.b.Strides = c.in.strides.data();
    c.in.b.TotalTensorSizeInBytes = 28;
    c.s.OutputTensor = c.s.InputTensor;
    expect_valid_with(c, DML_FEATURE_LEVEL_6_4, {c.in.in()}, {c.in.out()});
  }
}

TEST_CASE("validate: DEQUANTIZE_LINEAR never runs in place") {
  // Output over the ScaleTensor: same data type, sizes and strides, same address.
  dequantize_case c;
  auto outs = c.outputs();
  outs[0].data = c.scale.data();
  expect_invalid_with(c, DML_FEATURE_LEVEL_6_4,
                      {errc::invalid_aliasing, "OutputTensor", "", "ELEMENT_WISE_DEQUANTIZE_LINEAR cannot run in place"},
                      c.inputs(), outs);
  // Output over an INT32 InputTensor (both 4-byte elements).
  dequantize_case i(DML_TENSOR_DATA_TYPE_INT32, DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_INT32,
                    DML_TENSOR_DATA_TYPE_FLOAT32);
  auto iouts = i.outputs();
  iouts[0].data = i.in.data();
  expect_invalid_with(i, DML_FEATURE_LEVEL_6_4, {errc::invalid_aliasing, "OutputTensor", "", "overlaps InputTensor"},
                      i.inputs(), iouts);
}

TEST_CASE("validate: same start address but different strides is not an exact alias") {
  sign_case c;
  c.out.strides = {0, 0, 1, 2};  // transposed output over a packed input
  c.out.b.Strides = c.out.strides.data();
  auto outs = c.outputs();
  outs[0].data = c.in.data();
  expect_invalid_with(c, DML_FEATURE_LEVEL_6_4,
                      {errc::invalid_aliasing, "OutputTensor", "", "allows only the exact alias"}, c.inputs(), outs);
  // Same strides but another data type of the same size (INT32 output over FLOAT32 input)
  // cannot even pass the support table; with matching types but different sizes it is a
  // sizes mismatch. Different TotalTensorSizeInBytes with another layout: refused.
  sign_case p;
  p.out.strides = {0, 0, 4, 1};
  p.out.b.Strides = p.out.strides.data();
  p.out.b.TotalTensorSizeInBytes = 28;
  auto pouts = p.outputs();
  pouts[0].data = p.in.data();
  expect_invalid_with(p, DML_FEATURE_LEVEL_6_4, {errc::invalid_aliasing, "OutputTensor", "", "exact alias"},
                      p.inputs(), pouts);
}

TEST_CASE("validate: POW allows aliasing InputTensor only, not ExponentTensor") {
  // SEMANTICS.md: "POW, CONSTANT_POW and SIGN allow OutputTensor to alias InputTensor"; any
  // other overlap of the output with an input is invalid. The ExponentTensor has the same
  // type and layout here, so only the rule itself can refuse it.
  pow_case c;
  auto outs = c.outputs();
  outs[0].data = c.exponent.data();
  expect_invalid_with(c, DML_FEATURE_LEVEL_6_4, {errc::invalid_aliasing, "OutputTensor", "", "overlaps ExponentTensor"},
                      c.inputs(), outs);
}

TEST_CASE("validate: an exact alias is same address, data type, sizes and strides") {
  // SEMANTICS.md defines the allowed alias by address, data type, sizes and strides; a
  // larger TotalTensorSizeInBytes on the input (slack after the last element) does not
  // change which elements are read or written.
  sign_case c;
  c.in.b.TotalTensorSizeInBytes = 32;  // 24 needed
  c.s.OutputTensor = c.s.InputTensor;  // (same descriptor: trivially fine)
  expect_valid_with(c, DML_FEATURE_LEVEL_6_4, {c.in.in()}, {c.in.out()});
  sign_case d;
  d.in.b.TotalTensorSizeInBytes = 32;  // output keeps 24
  auto outs = d.outputs();
  outs[0].data = d.in.data();
  expect_valid_with(d, DML_FEATURE_LEVEL_6_4, d.inputs(), outs);
}

TEST_CASE("validate: the first broken rule is reported; a valid descriptor reports ok") {
  dequantize_case c;
  const auto s = validate(DML_FEATURE_LEVEL_6_4, c.op, {c.in.in(), c.scale.in(), c.zero_point.in()}, {c.out.out()});
  CHECK(s.ok());
  CHECK(s.code() == errc::ok);
  CHECK(s.message() == "ok");
  // Two defects: InputTensor is checked before OutputTensor.
  c.in.b.DimensionCount = 0;
  c.out.b.Flags = static_cast<DML_TENSOR_FLAGS>(4);
  expect_invalid(c, DML_FEATURE_LEVEL_6_4, {errc::dimension_count, "InputTensor", "DimensionCount", "got 0"});
}

// ---------------------------------------------------------------------------------------------
// The typed API applies the same common rules to its views.

TEST_CASE("typed API: sizes, output layout and aliasing are validated before anything is written") {
  float in[8] = {-1, 2, -3, 4, -5, 6, -7, 8};
  float out[8] = {9, 9, 9, 9, 9, 9, 9, 9};
  // Sizes differ.
  auto s = dmlref::sign(dmlref::golden, dmlref::make_packed_view(static_cast<const float*>(in), {2, 3}),
                        dmlref::make_packed_view(out, {3, 2}));
  CHECK(s.code() == errc::sizes_mismatch);
  CHECK(s.tensor() == "InputTensor");
  // An output with a zero stride.
  s = dmlref::sign(dmlref::golden, dmlref::make_packed_view(static_cast<const float*>(in), {2, 3}),
                   dmlref::make_strided_view(out, {2, 3}, {0, 1}));
  CHECK(s.code() == errc::output_self_overlap);
  CHECK(s.tensor() == "OutputTensor");
  // Partial overlap.
  s = dmlref::sign(dmlref::golden, dmlref::make_packed_view(static_cast<const float*>(in), {4}),
                   dmlref::make_packed_view(in + 1, {4}));
  CHECK(s.code() == errc::invalid_aliasing);
  // DEQUANTIZE in place over its scale.
  float scale[4] = {1, 1, 1, 1};
  const std::int32_t q[4] = {1, 2, 3, 4};
  s = dmlref::dequantize_linear(dmlref::golden, dmlref::make_packed_view(q, {4}),
                                dmlref::make_packed_view(static_cast<const float*>(scale), {4}),
                                dmlref::make_packed_view(scale, {4}));
  CHECK(s.code() == errc::invalid_aliasing);
  for (float v : out) CHECK(v == 9.0f);
  CHECK(in[1] == 2.0f);
  CHECK(scale[0] == 1.0f);
}

TEST_CASE_TEMPLATE("typed API: all-packed views (the short checks) keep every rule", Path, dmlref::golden_path,
                   dmlref::fast_path) {
  // Packed views are first checked by a few comparisons (api/run.hpp); each call below is one
  // those comparisons must not accept, and the full rules must still name what fails.
  const Path path{};
  float buffer[12] = {-1, 2, -3, 4, -5, 6, -7, 8, 9, 9, 9, 9};
  const float* in = buffer;
  // Output one element into the input (and the input one into the output): refused.
  auto s = dmlref::sign(path, dmlref::make_packed_view(in, {2, 2}), dmlref::make_packed_view(buffer + 1, {2, 2}));
  CHECK(s.code() == errc::invalid_aliasing);
  s = dmlref::sign(path, dmlref::make_packed_view(in + 3, {4}), dmlref::make_packed_view(buffer, {4}));
  CHECK(s.code() == errc::invalid_aliasing);
  // Touching but disjoint, both ways: accepted and computed.
  s = dmlref::sign(path, dmlref::make_packed_view(in, {4}), dmlref::make_packed_view(buffer + 4, {4}));
  REQUIRE(s.ok());
  CHECK(buffer[4] == -1.0f);
  CHECK(buffer[7] == 1.0f);
  s = dmlref::sign(path, dmlref::make_packed_view(in + 8, {2, 2}), dmlref::make_packed_view(buffer + 4, {2, 2}));
  REQUIRE(s.ok());
  CHECK(buffer[4] == 1.0f);
  // The exact alias of InputTensor: accepted for SIGN, and computed in place.
  s = dmlref::sign(path, dmlref::make_packed_view(in, {2, 2}), dmlref::make_packed_view(buffer, {2, 2}));
  REQUIRE(s.ok());
  CHECK(buffer[0] == -1.0f);
  CHECK(buffer[1] == 1.0f);
  // POW: in place over InputTensor only.
  float base[4] = {2, 2, 2, 2}, exponent[4] = {3, 3, 3, 3};
  s = dmlref::pow(path, dmlref::make_packed_view(static_cast<const float*>(base), {4}),
                  dmlref::make_packed_view(static_cast<const float*>(exponent), {4}),
                  dmlref::make_packed_view(exponent, {4}));
  CHECK(s.code() == errc::invalid_aliasing);
  CHECK(exponent[0] == 3.0f);
  s = dmlref::pow(path, dmlref::make_packed_view(static_cast<const float*>(base), {4}),
                  dmlref::make_packed_view(static_cast<const float*>(exponent), {4}),
                  dmlref::make_packed_view(base, {4}));
  REQUIRE(s.ok());
  CHECK(base[3] == 8.0f);
  // DEQUANTIZE never runs in place, even over InputTensor of the output's width.
  std::int32_t words[4] = {1, 2, 3, 4};
  const float scale[4] = {1, 1, 1, 1};
  s = dmlref::dequantize_linear(path, dmlref::make_packed_view(static_cast<const std::int32_t*>(words), {4}),
                                dmlref::make_packed_view(scale, {4}),
                                dmlref::make_packed_view(reinterpret_cast<float*>(words), {4}));
  CHECK(s.code() == errc::invalid_aliasing);
  CHECK(words[0] == 1);
  // Sizes: a 0, a mismatch, and more than 2^32 - 1 elements (2^32 exactly, then a product
  // beyond 64 bits); nothing is read, so the views may point anywhere.
  s = dmlref::sign(path, dmlref::make_packed_view(in, {2, 0}), dmlref::make_packed_view(buffer + 4, {2, 0}));
  CHECK(s.code() == errc::zero_size);
  s = dmlref::sign(path, dmlref::make_packed_view(in, {4, 1}), dmlref::make_packed_view(buffer + 4, {1, 4}));
  CHECK(s.code() == errc::sizes_mismatch);
  s = dmlref::sign(path, dmlref::make_packed_view(in, {65536, 65536}),
                   dmlref::make_packed_view(buffer + 4, {65536, 65536}));
  CHECK(s.code() == errc::too_many_elements);
  constexpr std::uint32_t most = 0xFFFFFFFFu;
  s = dmlref::sign(path, dmlref::make_packed_view(in, {most, most, most, most, most, most, most, most}),
                   dmlref::make_packed_view(buffer + 4, {most, most, most, most, most, most, most, most}));
  CHECK(s.code() == errc::too_many_elements);
}

TEST_CASE("typed API: a size of 0 is refused and nothing is written") {
  // SEMANTICS.md: a descriptor is invalid when a size is 0 (nothing is read or written).
  // Sizes {0, 3} with strides {10, 1}: no logical element exists.
  float in[16] = {-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1};
  float out[16] = {42, 42, 42, 42, 42, 42, 42, 42, 42, 42, 42, 42, 42, 42, 42, 42};
  const auto s = dmlref::sign(dmlref::golden, dmlref::make_strided_view(static_cast<const float*>(in), {0, 3}, {10, 1}),
                              dmlref::make_strided_view(out, {0, 3}, {10, 1}));
  CHECK(s.code() == errc::zero_size);
  for (float v : out) CHECK(v == 42.0f);
}

// ---------------------------------------------------------------------------------------------
// Attribute rules that depend on the operation's types (ops::check_attributes_of)

TEST_CASE("validate: CLIP1's MinMaxDataType must be OutputTensor's data type") {
  tensor in(DML_TENSOR_DATA_TYPE_INT64, shape4), out(DML_TENSOR_DATA_TYPE_INT64, shape4);
  struct clip1_case {
    tensor *in, *out;
    DML_ELEMENT_WISE_CLIP1_OPERATOR_DESC s{};
    DML_OPERATOR_DESC op{};
    std::vector<input_binding> inputs() { return {in->in()}; }
    std::vector<output_binding> outputs() { return {out->out()}; }
    std::vector<tensor*> all() { return {in, out}; }
  } c{&in, &out};
  c.s.InputTensor = in.desc();
  c.s.OutputTensor = out.desc();
  c.s.MinMaxDataType = DML_TENSOR_DATA_TYPE_INT64;
  c.s.Min.Int64 = -5;
  c.s.Max.Int64 = 9007199254740993;
  c.op = {DML_OPERATOR_ELEMENT_WISE_CLIP1, &c.s};
  expect_valid(c, DML_FEATURE_LEVEL_5_0);
  expect_invalid(c, DML_FEATURE_LEVEL_4_1, {errc::unsupported_operator, "", "Type", "needs feature level 5_0"});
  c.s.MinMaxDataType = DML_TENSOR_DATA_TYPE_INT32;
  expect_invalid(c, DML_FEATURE_LEVEL_6_4,
                 {errc::invalid_argument, "", "MinMaxDataType", "INT32 must be the data type of OutputTensor (INT64)"});
}

namespace {

/// ADD1 of two FLOAT32 tensors with a fused ACTIVATION_LINEAR (or another activation, whose
/// descriptor the caller points FusedActivation at).
struct add1_case {
  tensor a, b, out;
  DML_ACTIVATION_LINEAR_OPERATOR_DESC linear{nullptr, nullptr, 2.0f, 1.0f};
  DML_OPERATOR_DESC fused{DML_OPERATOR_ACTIVATION_LINEAR, &linear};
  DML_ELEMENT_WISE_ADD1_OPERATOR_DESC s{};
  DML_OPERATOR_DESC op{};
  explicit add1_case(DML_TENSOR_DATA_TYPE t = DML_TENSOR_DATA_TYPE_FLOAT32) : a(t, shape4), b(t, shape4), out(t, shape4) {
    s = {a.desc(), b.desc(), out.desc(), &fused};
    op = {DML_OPERATOR_ELEMENT_WISE_ADD1, &s};
  }
  std::vector<input_binding> inputs() { return {a.in(), b.in()}; }
  std::vector<output_binding> outputs() { return {out.out()}; }
  std::vector<tensor*> all() { return {&a, &b, &out}; }
};

}  // namespace

TEST_CASE("validate: ADD1's FusedActivation") {
  add1_case c;
  expect_valid(c, DML_FEATURE_LEVEL_2_0);
  c.s.FusedActivation = nullptr;
  expect_valid(c, DML_FEATURE_LEVEL_2_0);

  SUBCASE("the activation's tensors must be null") {
    c.s.FusedActivation = &c.fused;
    c.linear.InputTensor = c.a.desc();
    expect_invalid(c, DML_FEATURE_LEVEL_6_4, {errc::invalid_argument, "", "Desc", "FusedActivation: InputTensor must be null"});
  }
  SUBCASE("an element-wise operator that is no activation") {
    DML_ELEMENT_WISE_SIGN_OPERATOR_DESC sign{nullptr, nullptr};
    DML_OPERATOR_DESC other{DML_OPERATOR_ELEMENT_WISE_SIGN, &sign};
    c.s.FusedActivation = &other;
    expect_invalid(c, DML_FEATURE_LEVEL_6_4,
                   {errc::invalid_argument, "", "FusedActivation", "ELEMENT_WISE_SIGN cannot be fused"});
  }
  SUBCASE("an activation of a second tensor") {
    DML_ACTIVATION_PARAMETERIZED_RELU_OPERATOR_DESC prelu{nullptr, nullptr, nullptr};
    DML_OPERATOR_DESC other{DML_OPERATOR_ACTIVATION_PARAMETERIZED_RELU, &prelu};
    c.s.FusedActivation = &other;
    expect_invalid(c, DML_FEATURE_LEVEL_6_4,
                   {errc::invalid_argument, "", "FusedActivation", "ACTIVATION_PARAMETERIZED_RELU cannot be fused"});
  }
  SUBCASE("an activation of a later level") {
    DML_ACTIVATION_HARD_SWISH_OPERATOR_DESC hard_swish{nullptr, nullptr, 0.5f, 0.5f};
    DML_OPERATOR_DESC other{DML_OPERATOR_ACTIVATION_HARD_SWISH, &hard_swish};
    c.s.FusedActivation = &other;
    expect_invalid(c, DML_FEATURE_LEVEL_6_1,
                   {errc::unsupported_operator, "", "FusedActivation", "ACTIVATION_HARD_SWISH needs feature level 6_2"});
    expect_valid(c, DML_FEATURE_LEVEL_6_2);
  }
  SUBCASE("an operator type that is no element-wise operator (DML_OPERATOR_INVALID)") {
    DML_OPERATOR_DESC other{DML_OPERATOR_INVALID, &c.linear};
    c.s.FusedActivation = &other;
    expect_invalid(c, DML_FEATURE_LEVEL_6_4, {errc::invalid_argument, "", "Desc", "FusedActivation must be an element-wise operator"});
  }
}

TEST_CASE("validate: QUANTIZED_LINEAR_ADD's types: zero points their tensor's, scales FLOAT32") {
  tensor a(DML_TENSOR_DATA_TYPE_INT8, shape4), as(DML_TENSOR_DATA_TYPE_FLOAT32, shape4), azp(DML_TENSOR_DATA_TYPE_INT8, shape4);
  tensor b(DML_TENSOR_DATA_TYPE_UINT8, shape4), bs(DML_TENSOR_DATA_TYPE_FLOAT32, shape4);
  tensor os(DML_TENSOR_DATA_TYPE_FLOAT32, shape4), out(DML_TENSOR_DATA_TYPE_UINT8, shape4);
  struct qladd_case {
    std::vector<tensor*> t;  // A, AScale, AZeroPoint, B, BScale, OutputScale, Output
    DML_ELEMENT_WISE_QUANTIZED_LINEAR_ADD_OPERATOR_DESC s{};
    DML_OPERATOR_DESC op{};
    std::vector<input_binding> inputs() {
      return {t[0]->in(), t[1]->in(), t[2]->in(), t[3]->in(), t[4]->in(), {nullptr, 0}, t[5]->in(), {nullptr, 0}};
    }
    std::vector<output_binding> outputs() { return {t[6]->out()}; }
    std::vector<tensor*> all() { return t; }
  } c{{&a, &as, &azp, &b, &bs, &os, &out}};
  c.s = {a.desc(), as.desc(), azp.desc(), b.desc(), bs.desc(), nullptr, os.desc(), nullptr, out.desc()};
  c.op = {DML_OPERATOR_ELEMENT_WISE_QUANTIZED_LINEAR_ADD, &c.s};
  expect_valid(c, DML_FEATURE_LEVEL_4_0);
  expect_invalid(c, DML_FEATURE_LEVEL_3_1, {errc::unsupported_operator, "", "Type", "needs feature level 4_0"});
  azp.b.DataType = DML_TENSOR_DATA_TYPE_UINT8;
  expect_invalid(c, DML_FEATURE_LEVEL_6_4,
                 {errc::unsupported_data_type, "AZeroPointTensor", "DataType", "requires the data type of ATensor (INT8)"});
  azp.b.DataType = DML_TENSOR_DATA_TYPE_INT8;
  bs.b.DataType = DML_TENSOR_DATA_TYPE_FLOAT16;
  bs.b.TotalTensorSizeInBytes = 12;
  expect_invalid(c, DML_FEATURE_LEVEL_6_4, {errc::unsupported_data_type, "BScaleTensor", "DataType", "FLOAT16 is not supported"});
}
