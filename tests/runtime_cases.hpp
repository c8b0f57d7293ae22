#pragma once
// Operations through the DirectML-shaped runtime layer for the memory tests
// (test_bounds.cpp, test_inputs_untouched.cpp): every operator with a spread of its type
// combinations, over shapes and layout classes, with descriptors built here and buffers
// supplied by the test. TotalTensorSizeInBytes is always DMLCalcBufferTensorSize's minimum.

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include <dmlref/dml/execute_once.hpp>
#include <dmlref/ops/registry.hpp>

namespace runtime_cases {

using namespace dmlref::dml;

struct op_config {
  const char* name;
  DML_OPERATOR_TYPE type;
  std::size_t inputs;                          // input slots
  std::array<DML_TENSOR_DATA_TYPE, 4> types;   // per input slot, then the output
  bool zero_point = true;                      // the quantize pair: ZeroPointTensor present
  bool scale_bias = false;                     // POW, CONSTANT_POW
  float exponent = 2.0f;                       // CONSTANT_POW
};

constexpr auto F32 = DML_TENSOR_DATA_TYPE_FLOAT32, F16 = DML_TENSOR_DATA_TYPE_FLOAT16,
               I8 = DML_TENSOR_DATA_TYPE_INT8, I16 = DML_TENSOR_DATA_TYPE_INT16, I32 = DML_TENSOR_DATA_TYPE_INT32,
               I64 = DML_TENSOR_DATA_TYPE_INT64, U8 = DML_TENSOR_DATA_TYPE_UINT8, U16 = DML_TENSOR_DATA_TYPE_UINT16,
               U32 = DML_TENSOR_DATA_TYPE_UINT32, U64 = DML_TENSOR_DATA_TYPE_UINT64;
constexpr auto SIGN = DML_OPERATOR_ELEMENT_WISE_SIGN, CPOW = DML_OPERATOR_ELEMENT_WISE_CONSTANT_POW,
               POW = DML_OPERATOR_ELEMENT_WISE_POW, DEQ = DML_OPERATOR_ELEMENT_WISE_DEQUANTIZE_LINEAR,
               QUANT = DML_OPERATOR_ELEMENT_WISE_QUANTIZE_LINEAR;

/// Every operator; SIGN on every type; POW with float, integer and mixed pairs; DEQUANTIZE
/// from every input type to both outputs and QUANTIZE from every input type to both outputs,
/// with and without a zero point.
inline const std::vector<op_config>& configs() {
  static const std::vector<op_config> list = {
      {"SIGN FLOAT32", SIGN, 1, {F32, F32}},       {"SIGN FLOAT16", SIGN, 1, {F16, F16}},
      {"SIGN INT8", SIGN, 1, {I8, I8}},            {"SIGN INT16", SIGN, 1, {I16, I16}},
      {"SIGN INT32", SIGN, 1, {I32, I32}},         {"SIGN INT64", SIGN, 1, {I64, I64}},
      {"SIGN UINT8", SIGN, 1, {U8, U8}},           {"SIGN UINT16", SIGN, 1, {U16, U16}},
      {"SIGN UINT32", SIGN, 1, {U32, U32}},        {"SIGN UINT64", SIGN, 1, {U64, U64}},
      {"CONSTANT_POW FLOAT32 2.2", CPOW, 1, {F32, F32}, true, false, 2.2f},
      {"CONSTANT_POW FLOAT16 2", CPOW, 1, {F16, F16}, true, false, 2.0f},
      {"CONSTANT_POW FLOAT32 -0.5 ScaleBias", CPOW, 1, {F32, F32}, true, true, -0.5f},
      {"CONSTANT_POW FLOAT16 3 ScaleBias", CPOW, 1, {F16, F16}, true, true, 3.0f},
      {"POW FLOAT32^FLOAT32", POW, 2, {F32, F32, F32}},
      {"POW FLOAT16^FLOAT16", POW, 2, {F16, F16, F16}},
      {"POW FLOAT32^INT32", POW, 2, {F32, I32, F32}},
      {"POW FLOAT16^UINT8", POW, 2, {F16, U8, F16}},
      {"POW FLOAT32^FLOAT16 ScaleBias", POW, 2, {F32, F16, F32}, true, true},
      {"POW INT32^INT32", POW, 2, {I32, I32, I32}},
      {"POW UINT8^INT8", POW, 2, {U8, I8, U8}},
      {"POW UINT32^UINT16", POW, 2, {U32, U16, U32}},
      {"POW INT16^FLOAT32 (mixed)", POW, 2, {I16, F32, I16}},
      {"POW INT8^INT8 ScaleBias", POW, 2, {I8, I8, I8}, true, true},
      {"DEQUANTIZE UINT8->FLOAT32", DEQ, 3, {U8, F32, U8, F32}},
      {"DEQUANTIZE INT8->FLOAT16", DEQ, 3, {I8, F16, I8, F16}},
      {"DEQUANTIZE INT16->FLOAT32", DEQ, 3, {I16, F32, I16, F32}},
      {"DEQUANTIZE UINT16->FLOAT16 no zero point", DEQ, 3, {U16, F16, U16, F16}, false},
      {"DEQUANTIZE INT32->FLOAT32 no zero point", DEQ, 3, {I32, F32, I32, F32}, false},
      {"DEQUANTIZE UINT32->FLOAT16", DEQ, 3, {U32, F16, U32, F16}},
      {"QUANTIZE FLOAT32->UINT8", QUANT, 3, {F32, F32, U8, U8}},
      {"QUANTIZE FLOAT16->INT8", QUANT, 3, {F16, F16, I8, I8}},
      {"QUANTIZE INT32->INT8 no zero point", QUANT, 3, {I32, F32, I8, I8}, false},
      {"QUANTIZE INT32->UINT8", QUANT, 3, {I32, F32, U8, U8}},
  };
  return list;
}

/// Layout classes: every tensor packed; inputs broadcasting along zero strides; every tensor
/// with padded strides (gaps between rows and between elements); the output bound to the
/// InputTensor's buffer (in place, packed or padded).
enum class layout_class { contiguous, broadcast, padded, in_place, in_place_padded };
inline const char* name(layout_class l) {
  switch (l) {
    case layout_class::contiguous: return "contiguous";
    case layout_class::broadcast: return "broadcast";
    case layout_class::padded: return "padded";
    case layout_class::in_place: return "in place";
    case layout_class::in_place_padded: return "in place, padded";
  }
  return "?";
}
constexpr layout_class all_layouts[] = {layout_class::contiguous, layout_class::broadcast, layout_class::padded,
                                        layout_class::in_place, layout_class::in_place_padded};

/// Shapes: a small 2-d block (rows shorter than a vector and longer), and rows longer than
/// the fast path's 512-element chunk.
inline const std::vector<std::vector<UINT>>& shapes() {
  static const std::vector<std::vector<UINT>> list = {{3, 37}, {2, 1, 530}, {1, 1, 1, 5}};
  return list;
}

inline bool in_place(layout_class l) { return l == layout_class::in_place || l == layout_class::in_place_padded; }

/// Whether the operator may write over its InputTensor: its header's allows_in_place.
inline bool runs_in_place(const op_config& config) {
  bool allowed = false;
  dmlref::ops::with_operator(config.type, [&](auto tag) { allowed = decltype(tag)::type::allows_in_place; });
  return allowed;
}

inline UINT64 element_bytes(DML_TENSOR_DATA_TYPE t) {
  return dmlref::element_size(static_cast<dmlref::data_type>(t));
}

struct tensor {
  std::vector<UINT> sizes, strides;  // strides empty: packed (Strides null)
  DML_BUFFER_TENSOR_DESC b{};
  DML_TENSOR_DESC d{};
};

/// The descriptors of one case; buffers are the test's.
struct prepared {
  op_config config;
  layout_class layout = layout_class::contiguous;
  std::array<tensor, 4> tensors;  // input slots, then the output at [config.inputs]
  std::array<bool, 4> present{};
  std::unique_ptr<descriptor_storage> desc;  // written through the operator's schema
  DML_OPERATOR_DESC op{};

  prepared() = default;
  prepared(const prepared&) = delete;
  prepared& operator=(const prepared&) = delete;

  std::size_t output() const { return config.inputs; }
  UINT64 total(std::size_t k) const { return tensors[k].b.TotalTensorSizeInBytes; }
  std::string label() const { return std::string(config.name) + ", " + name(layout); }
};

/// Padded strides: each row starts 3 elements after the previous row's end, and the
/// innermost dimension steps by 2.
inline std::vector<UINT> padded_strides(const std::vector<UINT>& sizes) {
  std::vector<UINT> strides(sizes.size());
  UINT64 step = 2;
  for (std::size_t i = sizes.size(); i-- > 0;) {
    strides[i] = static_cast<UINT>(step);
    step = step * sizes[i] + 3;
  }
  return strides;
}

/// Broadcast strides for input slot k: slot 0 repeats one row, slot 1 one column, slot 2 is
/// a single element.
inline std::vector<UINT> broadcast_strides(const std::vector<UINT>& sizes, std::size_t slot) {
  std::vector<UINT> strides(sizes.size(), 0);
  if (slot == 0) {
    UINT step = 1;  // packed over the innermost dimension only
    strides.back() = step;
  } else if (slot == 1) {
    UINT step = 1;  // packed over the outer dimensions, 0 on the innermost
    for (std::size_t i = sizes.size() - 1; i-- > 0;) {
      strides[i] = step;
      step *= sizes[i];
    }
  }
  return strides;
}

inline void prepare(prepared& p, const op_config& config, const std::vector<UINT>& sizes, layout_class layout) {
  p.config = config;
  p.layout = layout;
  const std::size_t out = config.inputs;
  for (std::size_t k = 0; k <= out; ++k) {
    const bool absent = (config.type == DEQ || config.type == QUANT) && k == 2 && !config.zero_point;
    p.present[k] = !absent;
    if (absent) continue;
    tensor& t = p.tensors[k];
    t.sizes = sizes;
    t.strides.clear();
    const bool padded = layout == layout_class::padded || layout == layout_class::in_place_padded;
    if (padded && (k == 0 || k == out || layout == layout_class::padded)) t.strides = padded_strides(sizes);
    if (layout == layout_class::broadcast && k != out) t.strides = broadcast_strides(sizes, k);
    if (in_place(layout) && k == out) t.strides = p.tensors[0].strides;
    const auto minimum = dmlref::calc_buffer_tensor_size(static_cast<dmlref::data_type>(config.types[k]),
                                                         static_cast<std::uint32_t>(sizes.size()), t.sizes.data(),
                                                         t.strides.empty() ? nullptr : t.strides.data());
    t.b = {config.types[k], DML_TENSOR_FLAG_NONE, static_cast<UINT>(sizes.size()), t.sizes.data(),
           t.strides.empty() ? nullptr : t.strides.data(), minimum.value_or(0), 0};
    t.d = {DML_TENSOR_TYPE_BUFFER, &t.b};
  }
  std::array<const DML_TENSOR_DESC*, max_descriptor_fields> descs{};
  for (std::size_t k = 0; k <= out; ++k) descs[k] = p.present[k] ? &p.tensors[k].d : nullptr;
  const operator_schema& schema = *find_schema(config.type);
  attribute_values attributes(schema);
  if (config.scale_bias) attributes.set("ScaleBias", attribute_value::of_scale_bias({1.5f, -0.25f}));
  attributes.set("Exponent", attribute_value::of_float(config.exponent));  // where the operator has one
  p.desc = std::make_unique<descriptor_storage>(schema, descs.data(), attributes);
  p.op = p.desc->op();
}

/// Deterministic element data for input slot `slot`: specials and ordinary values for
/// floats (small exponents for POW's ExponentTensor), the extremes and small values for
/// integers.
inline void fill(void* data, UINT64 bytes, DML_TENSOR_DATA_TYPE type, std::size_t slot, bool exponent) {
  static constexpr std::uint32_t f32[] = {0x3F800000, 0xC0000000, 0x00000000, 0x80000000, 0x7F800000, 0xFF800000,
                                          0x7FC00000, 0x00000001, 0x807FFFFF, 0x40490FDB, 0x3DCCCCCD, 0xC1200000,
                                          0x3F000000, 0x4B000001, 0x7F7FFFFF, 0x3EAAAAAB};
  static constexpr std::uint32_t f32_exponents[] = {0x40000000, 0x3F000000, 0xBF800000, 0x40400000, 0x00000000,
                                                    0x400CCCCD, 0xC0000000, 0x3F800000};
  static constexpr std::uint16_t f16[] = {0x3C00, 0xC000, 0x0000, 0x8000, 0x7C00, 0xFC00, 0x7E00, 0x0001,
                                          0x83FF, 0x4248, 0x2E66, 0xC900, 0x3800, 0x6401, 0x7BFF, 0x3555};
  static constexpr std::uint16_t f16_exponents[] = {0x4000, 0x3800, 0xBC00, 0x4200, 0x0000, 0x4066, 0xC000, 0x3C00};
  static constexpr std::int64_t ints[] = {0, 1, -1, 2, -2, 3, 7, -8, 100, -100, 127, -128, 5, -3, 4, 6};
  auto* p = static_cast<unsigned char*>(data);
  const UINT64 size = element_bytes(type);
  for (UINT64 k = 0; k * size + size <= bytes; ++k) {
    const std::size_t pick = static_cast<std::size_t>(k * 7 + slot * 3);
    unsigned char* at = p + k * size;
    if (type == F32) {
      const auto v = exponent ? f32_exponents[pick % 8] : f32[pick % 16];
      std::memcpy(at, &v, 4);
    } else if (type == F16) {
      const auto v = exponent ? f16_exponents[pick % 8] : f16[pick % 16];
      std::memcpy(at, &v, 2);
    } else {
      const auto v = static_cast<std::uint64_t>(exponent ? ints[pick % 8] : ints[pick % 16]);
      std::memcpy(at, &v, static_cast<std::size_t>(size));  // little-endian: the low bytes
    }
  }
}

/// Marks the bytes of every addressed element of tensor t within its buffer.
inline std::vector<char> addressed_bytes(const tensor& t, UINT64 buffer_bytes) {
  std::vector<char> mask(static_cast<std::size_t>(buffer_bytes), 0);
  const auto rank = static_cast<std::uint32_t>(t.sizes.size());
  dmlref::dimensions sizes{};
  for (std::uint32_t i = 0; i < rank; ++i) sizes[i] = t.sizes[i];
  dmlref::element_strides strides = dmlref::packed_strides(rank, sizes);
  if (!t.strides.empty()) {
    for (std::uint32_t i = 0; i < rank; ++i) strides[i] = t.strides[i];
  }
  const UINT64 size = element_bytes(t.b.DataType);
  std::vector<UINT64> index(rank, 0);
  UINT64 count = 1;
  for (auto s : t.sizes) count *= s;
  UINT64 offset = 0;
  for (UINT64 k = 0; k < count; ++k) {
    for (UINT64 j = 0; j < size; ++j) mask[static_cast<std::size_t>(offset * size + j)] = 1;
    for (std::uint32_t d = rank; d-- > 0;) {
      if (++index[d] < t.sizes[d]) {
        offset += strides[d];
        break;
      }
      offset -= (t.sizes[d] - 1ull) * strides[d];
      index[d] = 0;
    }
  }
  return mask;
}

}  // namespace runtime_cases
