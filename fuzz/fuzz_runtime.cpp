// Fuzzes the DirectML-shaped runtime layer (dml::validate, dml::execute) with hostile
// descriptors and bindings: any operator type, feature level, data type, DimensionCount 0 to
// 9, sizes from 0 to 2^32 - 1, strides absent, zero, padded, permuted or huge,
// TotalTensorSizeInBytes from 0 to 2^64 - 1, bad alignments and flags, wrong binding counts,
// buffers shorter or longer than TotalTensorSizeInBytes, misaligned addresses, and outputs
// that alias or overlap inputs.
//
// Every buffer, Sizes/Strides array, binding array and descriptor struct is a heap
// allocation of exactly its size, so AddressSanitizer reports any access outside it. Each
// input runs on the golden path and on the fast path, each from the same initial bytes.
// Findings (abort):
// - execute() disagrees with validate();
// - a refused execution changed any buffer;
// - an accepted descriptor breaks a rule checked here in 128-bit arithmetic (rank 1 to 8,
//   at most 2^32 - 1 elements, TotalTensorSizeInBytes at least DMLCalcBufferTensorSize and
//   within its binding), or an accepted output overlaps an input other than as the exact
//   alias of an input the operator's contract lets it overwrite (ops::in_place_inputs_of:
//   InputTensor, or ATensor and BTensor of the binary families);
// - an accepted execution changed an input buffer that is not the output's, or wrote output
//   bytes outside the output's addressed elements.
// Enum fields take only values of their enumeration's range (anything else is undefined
// behaviour in the caller's C++ before dmlref sees it).

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "dmlref/dml/dispatch.hpp"
#include "dmlref/ops/registry.hpp"
#include "fuzz_support.hpp"

namespace {

using namespace dmlref::dml;
using dmlref_fuzz::byte_source;
using dmlref_fuzz::exact_buffer;
using dmlref_fuzz::u128;

/// The largest binding allocated: larger TotalTensorSizeInBytes values get a shorter buffer
/// (which validation must refuse), so an accepted execution stays small and fast.
constexpr std::uint64_t max_buffer_bytes = std::uint64_t{1} << 14;

constexpr DML_FEATURE_LEVEL known_levels[] = {
    DML_FEATURE_LEVEL_1_0, DML_FEATURE_LEVEL_2_0, DML_FEATURE_LEVEL_2_1, DML_FEATURE_LEVEL_3_0,
    DML_FEATURE_LEVEL_3_1, DML_FEATURE_LEVEL_4_0, DML_FEATURE_LEVEL_4_1, DML_FEATURE_LEVEL_5_0,
    DML_FEATURE_LEVEL_5_1, DML_FEATURE_LEVEL_5_2, DML_FEATURE_LEVEL_6_0, DML_FEATURE_LEVEL_6_1,
    DML_FEATURE_LEVEL_6_2, DML_FEATURE_LEVEL_6_3, DML_FEATURE_LEVEL_6_4};

/// Index 0 is the newest level, 1 to 15 each known level, 16 any value of the enum's range.
DML_FEATURE_LEVEL read_level(byte_source& in) {
  const std::size_t k = in.pick(17);
  if (k == 0) return DML_FEATURE_LEVEL_6_4;
  if (k <= 15) return known_levels[k - 1];
  return static_cast<DML_FEATURE_LEVEL>(in.u16() & 0x7FFFu);
}

/// Index 0 to 12 are FLOAT32 (1) to INT4 (13), 13 is UNKNOWN, 14 and 15 are unnamed values
/// of the enum's range.
std::uint32_t read_type(byte_source& in) {
  const std::size_t k = in.pick(16);
  if (k <= 12) return static_cast<std::uint32_t>(k + 1);
  if (k == 13) return 0;
  return static_cast<std::uint32_t>(k);
}

/// Index 0 is 4 (the only count before 3_0), then 5 to 9, 0, 1, 2, 3.
std::uint32_t read_rank(byte_source& in) { return static_cast<std::uint32_t>((in.pick(10) + 4) % 10); }

std::uint32_t read_size(byte_source& in) {
  switch (in.pick(16)) {
    case 0: return 2;
    case 1: return 1;
    case 2: return 3;
    case 3: return 1 + static_cast<std::uint32_t>(in.pick(8));
    case 4: return 1 + static_cast<std::uint32_t>(in.pick(64));
    case 5: return 1 + (in.u16() % 2000u);
    case 6: return 0;
    case 7: return 0xFFFFFFFFu;
    case 8: return 65536;
    case 9: return 65535;
    case 10: return 65537;
    case 11: return 0x80000000u;
    case 12: return in.u32();
    default: return 1 + static_cast<std::uint32_t>(in.pick(5));
  }
}


struct operation_under_test {
  std::size_t input_count = 0;  // the operator's input slots
  std::array<dmlref_fuzz::buffer_tensor, dmlref::dml::max_operation_tensors> tensors;  // inputs, then the output at [input_count]
  std::array<bool, dmlref::dml::max_operation_tensors> present{};
  std::unique_ptr<descriptor_storage> storage;  // the descriptor and what it points to
  // The descriptor copied to the heap, exactly its size (for AddressSanitizer).
  std::unique_ptr<unsigned char[]> desc_bytes;
  std::array<std::unique_ptr<DML_TENSOR_DESC>, dmlref::dml::max_operation_tensors> invalid_tensors;  // DML_TENSOR_DESCs of type INVALID
  DML_OPERATOR_DESC desc{};
  std::uint32_t in_place_inputs = 0;  // bit k: the output may be input k's exact alias
};

/// One tensor from the choices: presence, type, rank, sizes, strides, total size, alignment,
/// flags. Returns the DML_TENSOR_DESC pointer to put in the operator descriptor.
const DML_TENSOR_DESC* read_tensor(byte_source& in, operation_under_test& op, std::size_t slot,
                                   std::uint32_t natural_type, std::uint32_t rank,
                                   const std::vector<std::uint32_t>& sizes) {
  switch (in.pick(16)) {
    case 1: return nullptr;  // absent
    case 2:
      op.invalid_tensors[slot] = std::make_unique<DML_TENSOR_DESC>(DML_TENSOR_DESC{DML_TENSOR_TYPE_INVALID, nullptr});
      return op.invalid_tensors[slot].get();
    case 3: {
      auto& t = op.tensors[slot];
      t.desc = {DML_TENSOR_TYPE_BUFFER, nullptr};  // a null DML_BUFFER_TENSOR_DESC
      return &t.desc;
    }
    default: break;
  }
  auto& t = op.tensors[slot];
  std::uint32_t type = natural_type;
  if (in.pick(8) == 7) type = read_type(in);
  std::vector<std::uint32_t> own_sizes = sizes;
  if (in.pick(16) == 15) {
    rank = read_rank(in);
    own_sizes.resize(rank, 1);
  }
  if (in.pick(16) == 15 && rank != 0) own_sizes[in.pick(rank)] = read_size(in);

  const std::size_t layout = in.pick(10);
  t.shape(rank, layout != 0);
  for (std::uint32_t i = 0; i < rank; ++i) t.sizes[i] = own_sizes[i];
  if (layout != 0) {
    // Packed strides in 64 bits, truncated to UINT like a careless caller would.
    std::vector<std::uint64_t> packed(rank, 1);
    for (std::uint32_t i = rank; i-- > 1;) packed[i - 1] = packed[i] * own_sizes[i];
    const std::uint32_t mask = in.u8();
    const std::uint32_t pad = static_cast<std::uint32_t>(in.pick(4));
    for (std::uint32_t i = 0; i < rank; ++i) {
      std::uint64_t s = packed[i];
      switch (layout) {
        case 1: break;                                              // explicit packed
        case 2: s = ((mask >> (i % 8)) & 1) != 0 ? 0 : s; break;    // broadcast some dimensions
        case 3: s = s * (1 + pad) + pad; break;                     // padded
        case 4: s = packed[rank - 1 - i]; break;                    // another dimension's stride
        case 5: s = 0; break;                                       // all broadcast
        case 6: s = in.u8(); break;                                 // small, arbitrary
        case 7: s = ((mask >> (i % 8)) & 1) != 0 ? 0xFFFFFFFFu : s; break;  // huge
        case 8: s = in.u32(); break;                                // anything
        default: s = i + 1 == rank ? 1 : s + (mask & 7u); break;    // gaps between rows
      }
      t.strides[i] = static_cast<std::uint32_t>(s);
    }
  }
  t.buffer.DataType = static_cast<DML_TENSOR_DATA_TYPE>(type);
  t.buffer.Flags = DML_TENSOR_FLAG_NONE;
  t.buffer.GuaranteedBaseOffsetAlignment = 0;
  const DML_TENSOR_DESC* result = t.finish();

  // TotalTensorSizeInBytes around the minimum, or anywhere.
  const u128 minimum = dmlref_fuzz::reference_minimum_bytes(t.buffer);
  const std::uint64_t min64 = minimum > UINT64_MAX ? UINT64_MAX : static_cast<std::uint64_t>(minimum);
  std::uint64_t total = min64;
  switch (in.pick(8)) {
    case 1: total = min64 + 4 * in.pick(8); break;
    case 2: total = min64 >= 4 ? min64 - 1 - in.pick(4) : 0; break;
    case 3: total = 0; break;
    case 4: total = in.u64(); break;
    case 5: total = UINT64_MAX; break;
    case 6: total = min64 + in.u16(); break;
    default: break;
  }
  t.buffer.TotalTensorSizeInBytes = total;
  switch (in.pick(8)) {
    case 1: t.buffer.GuaranteedBaseOffsetAlignment = static_cast<std::uint32_t>(dmlref_fuzz::element_bytes(type)); break;
    case 2: t.buffer.GuaranteedBaseOffsetAlignment = 16; break;
    case 3: t.buffer.GuaranteedBaseOffsetAlignment = 1u << in.pick(32); break;
    case 4: t.buffer.GuaranteedBaseOffsetAlignment = in.u32(); break;
    case 5: t.buffer.GuaranteedBaseOffsetAlignment = 3; break;
    default: break;
  }
  switch (in.pick(16)) {
    case 14: t.buffer.Flags = DML_TENSOR_FLAG_OWNED_BY_DML; break;
    case 15: t.buffer.Flags = static_cast<DML_TENSOR_FLAGS>(in.u32()); break;
    default: break;
  }
  op.present[slot] = true;
  return result;
}

/// The data types Op's tensors take naturally when its dispatch slots hold the raw types
/// `dispatched` (its operand_types; where those are no instantiation, the first raw type).
template <class Op>
std::array<std::uint32_t, dmlref::ops::tensor_count_of<Op>> natural_types(const std::array<std::uint32_t, 3>& dispatched) {
  std::array<dmlref::data_type, Op::dispatch_slots.size()> chosen{};
  for (std::size_t k = 0; k < chosen.size(); ++k) chosen[k] = static_cast<dmlref::data_type>(dispatched[k]);
  std::array<dmlref::data_type, dmlref::ops::tensor_count_of<Op>> types{};
  std::array<std::uint32_t, dmlref::ops::tensor_count_of<Op>> out{};
  const bool listed = dmlref::dml::tensor_types_for<Op>(chosen.data(), types);
  for (std::size_t k = 0; k < out.size(); ++k) out[k] = listed ? static_cast<std::uint32_t>(types[k]) : dispatched[0];
  return out;
}

/// A DML_OPERATOR_TYPE refused before its descriptor is read: the first operator of
/// DirectML's schema this build does not compute, or, once it computes them all, a value that
/// is no element-wise operator.
DML_OPERATOR_TYPE refused_type() {
  for (const auto& s : dmlref::dml::element_wise_operators) {
    if (!dmlref::ops::implemented(s.type)) return s.type;
  }
  return static_cast<DML_OPERATOR_TYPE>(120);
}

/// The operator and its descriptor from the choices: an operator of the registry by index,
/// or (the last index) any other value of the enum's range.
void read_operation(byte_source& in, operation_under_test& op) {
  constexpr std::size_t operator_count = dmlref::ops::operators::size;
  const std::size_t kind = in.pick(operator_count + 1);
  std::array<std::uint32_t, 3> raw_types{read_type(in), read_type(in), 0};  // the dispatch slots' types
  const std::uint32_t rank = read_rank(in);
  std::vector<std::uint32_t> sizes(rank);
  for (auto& s : sizes) s = read_size(in);

  auto tensor = [&](std::size_t slot, std::uint32_t type) { return read_tensor(in, op, slot, type, rank, sizes); };
  auto build = [&](auto tag) {
    using Op = typename decltype(tag)::type;
    const auto& schema = dmlref::ops::schema_of<Op>();
    op.input_count = dmlref::ops::tensor_count_of<Op> - 1;
    op.in_place_inputs = dmlref::ops::in_place_inputs_of<Op>();
    if constexpr (Op::dispatch_slots.size() > 2) raw_types[2] = read_type(in);  // a third slot's (QUANTIZED_LINEAR_ADD)
    const auto natural = natural_types<Op>(raw_types);
    std::array<const DML_TENSOR_DESC*, max_descriptor_fields> tensors{};
    for (std::size_t k = 0; k < natural.size(); ++k) tensors[k] = tensor(k, natural[k]);
    op.storage = std::make_unique<descriptor_storage>(schema, tensors.data(), dmlref_fuzz::read_attributes(in, schema));
    op.desc_bytes = std::make_unique<unsigned char[]>(schema.desc_size);
    std::memcpy(op.desc_bytes.get(), op.storage->op().Desc, schema.desc_size);
    op.desc = {Op::dml_type, op.desc_bytes.get()};
  };
  if (dmlref::ops::with_operator_at(kind, build)) return;
  // Any other value of the enum's range, with the first operator's descriptor; a value of
  // dmlref's operators would read that descriptor as its own, larger struct (the caller's
  // error), so those become refused_type().
  dmlref::ops::with_operator_at(0, build);
  auto type = static_cast<DML_OPERATOR_TYPE>(in.u8() & 0x7Fu);
  if (dmlref::ops::implemented(type)) type = refused_type();
  op.desc.Type = type;
  if (in.pick(32) == 31) op.desc.Desc = nullptr;
}

/// The bound buffers: each binding's memory, shared when the output aliases an input.
struct bindings {
  std::vector<std::shared_ptr<exact_buffer>> buffers;  // distinct allocations
  std::vector<std::vector<unsigned char>> before;      // their bytes before each run
  std::unique_ptr<input_binding[]> inputs;
  std::size_t input_count = 0;
  std::unique_ptr<output_binding[]> outputs;
  std::size_t output_count = 0;
  std::vector<const exact_buffer*> input_buffer;  // per input binding, null for none
  const exact_buffer* output_buffer = nullptr;
};

std::shared_ptr<exact_buffer> make_buffer(byte_source& in, std::uint64_t total) {
  std::uint64_t size = total;
  switch (in.pick(8)) {
    case 1: size = total + in.pick(16); break;
    case 2: size = total > 0 ? total - 1 - (total > 4 ? in.pick(4) : 0) : 0; break;
    case 3: size = 0; break;
    default: break;
  }
  if (size > max_buffer_bytes) size = max_buffer_bytes - in.pick(8);
  const std::size_t offset = in.pick(2) == 1 ? in.pick(16) : 0;
  return std::make_shared<exact_buffer>(static_cast<std::size_t>(size), offset);
}

void read_bindings(byte_source& in, const operation_under_test& op, bindings& b) {
  b.input_count = op.input_count;
  switch (in.pick(16)) {
    case 14: b.input_count = op.input_count + 1; break;
    case 15: b.input_count = op.input_count - 1; break;
    default: break;
  }
  b.inputs.reset(new input_binding[b.input_count]);
  b.input_buffer.assign(b.input_count, nullptr);
  for (std::size_t k = 0; k < b.input_count; ++k) {
    const bool present = k < op.input_count && op.present[k] && op.tensors[k].desc.Desc != nullptr;
    const std::size_t mode = in.pick(8);
    if (!present) {
      b.inputs[k] = {};
      if (mode == 7) {  // a buffer bound to a tensor the descriptor leaves out
        b.buffers.push_back(make_buffer(in, 16));
        b.inputs[k] = {b.buffers.back()->data(), b.buffers.back()->size()};
        b.input_buffer[k] = b.buffers.back().get();
      }
      continue;
    }
    const auto total = op.tensors[k].buffer.TotalTensorSizeInBytes;
    if (mode == 7) {  // no buffer
      b.inputs[k] = {nullptr, total};
      continue;
    }
    b.buffers.push_back(make_buffer(in, total));
    b.inputs[k] = {b.buffers.back()->data(), b.buffers.back()->size()};
    b.input_buffer[k] = b.buffers.back().get();
  }

  b.output_count = 1;
  if (in.pick(32) == 31) b.output_count = in.pick(2) * 2;  // 0 or 2 outputs
  b.outputs.reset(new output_binding[b.output_count]);
  for (std::size_t k = 0; k < b.output_count; ++k) b.outputs[k] = {};
  if (b.output_count == 0) return;
  const std::size_t out = op.input_count;
  const bool present = op.present[out] && op.tensors[out].desc.Desc != nullptr;
  const std::uint64_t total = present ? op.tensors[out].buffer.TotalTensorSizeInBytes : 16;
  const std::size_t alias = in.pick(8);
  const std::size_t source = alias == 2 ? in.pick(b.input_count == 0 ? 1 : b.input_count) : 0;
  const exact_buffer* shared = source < b.input_count ? b.input_buffer[source] : nullptr;
  if ((alias == 1 || alias == 2) && shared != nullptr) {  // the same memory as an input
    b.outputs[0] = {shared->data(), shared->size()};
    b.output_buffer = shared;
  } else if (alias == 3 && shared != nullptr && shared->size() > 1) {  // inside an input
    const std::size_t delta = 1 + in.pick(shared->size() - 1 < 255 ? shared->size() - 1 : 255);
    b.outputs[0] = {shared->data() + delta, shared->size() - delta};
    b.output_buffer = shared;
  } else if (alias == 4) {  // no buffer
    b.outputs[0] = {nullptr, total};
  } else {
    b.buffers.push_back(make_buffer(in, total));
    b.outputs[0] = {b.buffers.back()->data(), b.buffers.back()->size()};
    b.output_buffer = b.buffers.back().get();
  }
  if (b.output_count == 2) b.outputs[1] = b.outputs[0];
}

bool same_status(const dmlref::status& a, const dmlref::status& b) {
  return a.code() == b.code() && a.message() == b.message();
}

bool overlaps(const void* a, std::uint64_t a_size, const void* b, std::uint64_t b_size) {
  const auto a0 = reinterpret_cast<std::uintptr_t>(a), b0 = reinterpret_cast<std::uintptr_t>(b);
  if (a_size == 0 || b_size == 0) return false;
  return a0 < b0 ? b0 - a0 < a_size : a0 - b0 < b_size;
}

/// The facts an accepted operation must have, checked independently of dmlref.
void check_accepted(const operation_under_test& op, const bindings& b) {
  for (std::size_t k = 0; k <= op.input_count; ++k) {
    if (!op.present[k]) continue;
    const auto& t = op.tensors[k].buffer;
    const std::string name = "tensor " + std::to_string(k) + " (" + dmlref_fuzz::describe(t) + ")";
    if (t.DimensionCount < 1 || t.DimensionCount > 8) dmlref_fuzz::fail("accepted DimensionCount: " + name);
    if (dmlref_fuzz::reference_element_count(t) > 0xFFFFFFFFu) dmlref_fuzz::fail("accepted > 2^32 - 1 elements: " + name);
    if (dmlref_fuzz::reference_minimum_bytes(t) > t.TotalTensorSizeInBytes) {
      dmlref_fuzz::fail("accepted TotalTensorSizeInBytes below DMLCalcBufferTensorSize: " + name);
    }
    const std::uint64_t bound = k < op.input_count ? b.inputs[k].size_in_bytes : b.outputs[0].size_in_bytes;
    if (bound < t.TotalTensorSizeInBytes) dmlref_fuzz::fail("accepted a binding shorter than its tensor: " + name);
  }
  const auto& out = b.outputs[0];
  const auto out_total = op.tensors[op.input_count].buffer.TotalTensorSizeInBytes;
  for (std::size_t k = 0; k < op.input_count; ++k) {
    if (!op.present[k] || b.inputs[k].data == nullptr) continue;
    const auto in_total = op.tensors[k].buffer.TotalTensorSizeInBytes;
    if (!overlaps(out.data, out_total, b.inputs[k].data, in_total)) continue;
    if ((op.in_place_inputs >> k & 1u) == 0 || out.data != b.inputs[k].data) {
      dmlref_fuzz::fail("accepted an output overlapping input " + std::to_string(k));
    }
  }
}

/// Checks one accepted run: inputs untouched, output written only at addressed elements.
void check_memory_after(const operation_under_test& op, const bindings& b, const char* path) {
  const std::string where = std::string(path) + " path: ";
  for (std::size_t i = 0; i < b.buffers.size(); ++i) {
    const exact_buffer* buffer = b.buffers[i].get();
    if (buffer == b.output_buffer) continue;
    if (!buffer->equals(b.before[i])) dmlref_fuzz::fail(where + "an input buffer changed");
  }
  const auto& d = op.tensors[op.input_count].buffer;
  if (dmlref_fuzz::reference_element_count(d) > max_buffer_bytes) {
    dmlref_fuzz::fail(where + "accepted an output with more elements than its buffer has bytes: " +
                      dmlref_fuzz::describe(d));
  }
  const exact_buffer* out = b.output_buffer;
  std::size_t index = 0;
  while (b.buffers[index].get() != out) ++index;
  const auto* start = static_cast<const unsigned char*>(b.outputs[0].data);
  const auto first = static_cast<std::size_t>(start - out->data());
  std::vector<char> written(out->size(), 0);
  const std::uint64_t size = dmlref_fuzz::element_bytes(static_cast<std::uint32_t>(d.DataType));
  dmlref_fuzz::for_each_element_offset(d, [&](std::uint64_t offset) {
    for (std::uint64_t j = 0; j < size; ++j) written[first + static_cast<std::size_t>(offset + j)] = 1;
  });
  for (std::size_t j = 0; j < out->size(); ++j) {
    if (written[j] == 0 && out->data()[j] != b.before[index][j]) {
      dmlref_fuzz::fail(where + "byte " + std::to_string(j) + " of the output buffer is outside every addressed "
                        "element and changed: " + dmlref_fuzz::describe(d));
    }
  }
}

template <class Path>
void run(Path path, const char* name, DML_FEATURE_LEVEL level, const operation_under_test& op, bindings& b,
         const dmlref::status& expected) {
  for (std::size_t i = 0; i < b.buffers.size(); ++i) b.buffers[i]->restore(b.before[i]);
  const auto s = execute(path, level, op.desc, b.inputs.get(), b.input_count, b.outputs.get(), b.output_count);
  if (!same_status(s, expected)) {
    dmlref_fuzz::fail(std::string(name) + " path: execute says \"" + s.message() + "\", validate says \"" +
                      expected.message() + "\"");
  }
  if (!s.ok()) {
    for (std::size_t i = 0; i < b.buffers.size(); ++i) {
      if (!b.buffers[i]->equals(b.before[i])) dmlref_fuzz::fail(std::string(name) + " path: a refused execution wrote");
    }
    return;
  }
  check_memory_after(op, b, name);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  byte_source in(data, size);
  const DML_FEATURE_LEVEL level = read_level(in);
  operation_under_test op;
  read_operation(in, op);
  bindings b;
  read_bindings(in, op, b);
  for (auto& buffer : b.buffers) in.fill(buffer->data(), buffer->size());
  for (auto& buffer : b.buffers) b.before.push_back(buffer->snapshot());

  const auto verdict = validate(level, op.desc, b.inputs.get(), b.input_count, b.outputs.get(), b.output_count);
  auto& counts = dmlref_fuzz::counts().values;
  ++counts[0];
  if (verdict.ok()) {
    ++counts[1];
    check_accepted(op, b);
    if (b.outputs[0].data == b.inputs[0].data) ++counts[2];
  }
  run(dmlref::golden, "golden", level, op, b, verdict);
  run(dmlref::fast, "fast", level, op, b, verdict);
  return 0;
}

// Seeds: the input of all zero bytes is a valid SIGN on FLOAT32 [2,2,2,2] (every choice's
// index 0). The structured seeds set the leading choices (level, operator, the dispatch
// slots' data types) to each type combination of each operator's dispatch lists; the rest
// are pseudo-random.
extern "C" int LLVMFuzzerInitialize(int*, char***) {
  std::vector<std::vector<std::uint8_t>> seeds;
  seeds.push_back(std::vector<std::uint8_t>(64, 0));
  std::uint64_t n = 1;
  std::uint8_t index = 0;
  dmlref::ops::for_each_operator([&](auto tag) {
    using Op = typename decltype(tag)::type;
    // read_type's index of a data type is its value - 1.
    std::vector<std::vector<std::uint8_t>> leads{{0, index++}};
    dmlref::for_each_type(typename Op::dispatch_lists{}, [&](auto list_tag) {
      std::vector<std::vector<std::uint8_t>> longer;
      for (const auto& lead : leads) {
        dmlref::for_each_type(typename decltype(list_tag)::type{}, [&](auto type_tag) {
          longer.push_back(lead);
          longer.back().push_back(
              static_cast<std::uint8_t>(static_cast<std::uint32_t>(dmlref::data_type_of_v<typename decltype(type_tag)::type>) - 1));
        });
      }
      leads = std::move(longer);
    });
    for (auto& lead : leads) {
      if (lead.size() < 4) lead.push_back(0);
      seeds.push_back(dmlref_fuzz::seed_bytes(lead, 48, n++));
    }
  });
  for (int k = 0; k < 24; ++k) seeds.push_back(dmlref_fuzz::seed_bytes({}, 160, n++));
  dmlref_fuzz::write_seeds_if_asked(seeds);
  dmlref_fuzz::start_counts("fuzz_runtime", "inputs", "accepted and executed on both paths", "of them in place");
  return 0;
}
