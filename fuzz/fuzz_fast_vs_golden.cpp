// Fuzzes the fast path against the golden path: valid DirectML descriptors only (every
// operator, every supported type combination, ranks 1 to 8, packed, broadcast, padded and
// permuted inputs, padded and permuted outputs, in place, ScaleBias, CONSTANT_POW
// exponents), with arbitrary element data biased towards special values. Both paths run
// through dml::execute; the fast output must be within the operator's fast_ulp_budget of
// golden (ops/*.hpp), judged by oracle::compare as the tests judge it: ULPs in the output's
// own type, NaN matching any NaN, integers exact, every element the contract defines compared
// (dml::defined_mask skips the others, as every comparison does).
// Findings (abort): a descriptor built valid is refused; a fast output outside the budget.

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

#include "dmlref/dml/dispatch.hpp"
#include "dmlref/oracle/compare.hpp"
#include "dmlref/dml/execute.hpp"
#include "dmlref/ops/registry.hpp"
#include "fuzz_support.hpp"

namespace {

using namespace dmlref::dml;
using dmlref::data_type;
using dmlref_fuzz::byte_source;
using dmlref_fuzz::exact_buffer;

constexpr std::uint64_t max_elements = 2048;

/// Sizes with a product of at most max_elements; one dimension may be a long row (over the
/// fast path's 512-element chunk).
std::vector<std::uint32_t> read_sizes(byte_source& in, std::uint32_t rank) {
  std::vector<std::uint32_t> sizes(rank, 1);
  std::uint64_t product = 1;
  for (auto& s : sizes) {
    std::uint64_t v = 1;
    switch (in.pick(8)) {
      case 0: v = 3; break;
      case 1: v = 1; break;
      case 2: v = 2; break;
      case 3: v = 1 + in.pick(8); break;
      case 4: v = 1 + in.pick(40); break;
      case 5: v = 15 + in.pick(4); break;  // around a 16-lane vector
      case 6: v = 500 + in.u16() % 600; break;
      default: v = 1 + in.pick(4); break;
    }
    if (product * v > max_elements) v = max_elements / product;
    if (v == 0) v = 1;
    s = static_cast<std::uint32_t>(v);
    product *= v;
  }
  return sizes;
}

/// Strides that give every logical element its own address: dimensions taken innermost
/// first in an order from the input, each stride beyond the extent of those before it,
/// plus optional padding.
std::vector<std::uint32_t> injective_strides(byte_source& in, const std::vector<std::uint32_t>& sizes, bool permute) {
  const auto rank = static_cast<std::uint32_t>(sizes.size());
  std::vector<std::uint32_t> order(rank);
  for (std::uint32_t i = 0; i < rank; ++i) order[i] = rank - 1 - i;  // innermost first: packed
  if (permute) {
    for (std::uint32_t i = rank; i > 1; --i) std::swap(order[i - 1], order[in.pick(i)]);
  }
  std::vector<std::uint32_t> strides(rank, 0);
  std::uint64_t extent = 0;
  for (std::uint32_t k = 0; k < rank; ++k) {
    const std::uint32_t d = order[k];
    const std::uint64_t pad = in.pick(4) == 3 ? 1 + in.pick(3) : 0;
    const std::uint64_t stride = extent + 1 + pad;
    strides[d] = static_cast<std::uint32_t>(stride);
    extent += (sizes[d] - 1ull) * stride;
  }
  return strides;
}

enum class layout { packed, explicit_packed, broadcast, injective, anything };

struct tensor {
  dmlref_fuzz::buffer_tensor t;
  std::uint64_t total = 0;
};

/// A tensor of the given type, sizes and layout kind; TotalTensorSizeInBytes the minimum
/// plus 0 to 8 bytes.
const DML_TENSOR_DESC* make_tensor(byte_source& in, tensor& out, data_type type, const std::vector<std::uint32_t>& sizes,
                                   layout kind) {
  const auto rank = static_cast<std::uint32_t>(sizes.size());
  out.t.shape(rank, kind != layout::packed);
  for (std::uint32_t i = 0; i < rank; ++i) out.t.sizes[i] = sizes[i];
  if (kind != layout::packed) {
    std::vector<std::uint32_t> strides;
    if (kind == layout::broadcast) {
      strides = injective_strides(in, sizes, false);
      const std::uint32_t mask = in.u8() | 1u;
      for (std::uint32_t i = 0; i < rank; ++i) {
        if (((mask >> (i % 8)) & 1) != 0) strides[i] = 0;
      }
    } else if (kind == layout::anything) {
      strides.resize(rank);
      for (auto& s : strides) s = static_cast<std::uint32_t>(in.pick(6));
    } else {
      strides = injective_strides(in, sizes, kind == layout::injective);
    }
    for (std::uint32_t i = 0; i < rank; ++i) out.t.strides[i] = strides[i];
  }
  out.t.buffer.DataType = static_cast<DML_TENSOR_DATA_TYPE>(type);
  out.t.buffer.Flags = DML_TENSOR_FLAG_NONE;
  out.t.buffer.GuaranteedBaseOffsetAlignment = 0;
  const auto* desc = out.t.finish();
  out.total = static_cast<std::uint64_t>(dmlref_fuzz::reference_minimum_bytes(out.t.buffer)) + 4 * in.pick(3);
  out.t.buffer.TotalTensorSizeInBytes = out.total;
  return desc;
}

layout read_input_layout(byte_source& in) {
  switch (in.pick(6)) {
    case 1: return layout::explicit_packed;
    case 2: return layout::broadcast;
    case 3: return layout::injective;
    case 4: return layout::anything;
    default: return layout::packed;
  }
}

layout read_output_layout(byte_source& in) {
  switch (in.pick(4)) {
    case 1: return layout::explicit_packed;
    case 2: return layout::injective;
    default: return layout::packed;
  }
}

/// Special bit patterns and small values, chosen per element by the data's own bytes.
constexpr std::uint32_t float32_specials[] = {
    0x00000000, 0x80000000, 0x7F800000, 0xFF800000, 0x7FC00000, 0xFFC00001, 0x7F800001, 0x00000001,
    0x80000001, 0x007FFFFF, 0x00800000, 0x7F7FFFFF, 0xFF7FFFFF, 0x3F800000, 0xBF800000, 0x40000000,
    0xC0000000, 0x3F000000, 0xBF000000, 0x40400000, 0xC0400000, 0x41200000, 0x3DCCCCCD, 0x3F7FFFFF,
    0x3F800001, 0x4B000000, 0x4B000001, 0x42FE0000, 0xC3000000, 0x4F000000, 0x3EAAAAAB, 0x400CCCCD};
constexpr std::uint16_t float16_specials[] = {
    0x0000, 0x8000, 0x7C00, 0xFC00, 0x7E00, 0xFE01, 0x7C01, 0x0001, 0x8001, 0x03FF, 0x0400, 0x7BFF,
    0xFBFF, 0x3C00, 0xBC00, 0x4000, 0xC000, 0x3800, 0xB800, 0x4200, 0xC200, 0x4900, 0x2E66, 0x3BFF,
    0x3C01, 0x6400, 0x6401, 0x57F0, 0xD800, 0x7800, 0x3555, 0x4066};

/// Element data: raw bytes, or per element a special value or a small integer.
void fill_data(byte_source& in, exact_buffer& buffer, data_type type) {
  in.fill(buffer.data(), buffer.size());
  const std::size_t mode = in.pick(4);
  if (mode == 0) return;
  const std::size_t size = dmlref::element_size(type);
  for (std::size_t at = 0; at + size <= buffer.size(); at += size) {
    unsigned char* p = buffer.data() + at;
    const unsigned char selector = p[0];
    if (mode == 3 && (selector & 1) != 0) continue;  // mixed: half raw
    if (type == data_type::float32) {
      const std::uint32_t v = mode == 2 ? 0x3F800000u + ((selector & 0x3Fu) << 17)  // [1, 2) coarse
                                        : float32_specials[selector % 32];
      std::memcpy(p, &v, 4);
    } else if (type == data_type::float16) {
      const std::uint16_t v = mode == 2 ? static_cast<std::uint16_t>(0x3C00u + ((selector & 0x3Fu) << 4))
                                        : float16_specials[selector % 32];
      std::memcpy(p, &v, 2);
    } else {
      // A small integer (-8 to 7, two's complement over the element's width).
      const auto small = static_cast<std::int64_t>(selector % 16) - 8;
      const auto bits = static_cast<std::uint64_t>(small);
      std::memcpy(p, &bits, size);  // little-endian: the low bytes
    }
  }
}

/// Calls f(T*) with a null pointer of the C++ type of an output data type.
template <class F>
void visit_output_type(data_type t, F&& f) {
  switch (t) {
    case data_type::float32: f(static_cast<float*>(nullptr)); break;
    case data_type::float16: f(static_cast<dmlref::float16*>(nullptr)); break;
    case data_type::int8: f(static_cast<std::int8_t*>(nullptr)); break;
    case data_type::int16: f(static_cast<std::int16_t*>(nullptr)); break;
    case data_type::int32: f(static_cast<std::int32_t*>(nullptr)); break;
    case data_type::int64: f(static_cast<std::int64_t*>(nullptr)); break;
    case data_type::uint8: f(static_cast<std::uint8_t*>(nullptr)); break;
    case data_type::uint16: f(static_cast<std::uint16_t*>(nullptr)); break;
    case data_type::uint32: f(static_cast<std::uint32_t*>(nullptr)); break;
    case data_type::uint64: f(static_cast<std::uint64_t*>(nullptr)); break;
    default: dmlref_fuzz::fail("no output type " + std::string(dmlref::name(t)));
  }
}

struct generated {
  DML_OPERATOR_TYPE type = DML_OPERATOR_INVALID;
  std::size_t input_count = 1;
  std::array<tensor, dmlref::dml::max_operation_tensors> tensors;  // inputs, then the output at [input_count]
  std::array<bool, dmlref::dml::max_operation_tensors> present{};
  std::array<data_type, dmlref::dml::max_operation_tensors> types{};
  bool in_place = false;
  dmlref::dml::attribute_values attributes;
  std::uint64_t budget = 0;  // the operator's fast_ulp_budget for the output type
  std::unique_ptr<dmlref::dml::descriptor_storage> storage;
  DML_OPERATOR_DESC desc{};

  std::string text() const {
    std::string s;
    for (std::size_t k = 0; k <= input_count; ++k) {
      if (present[k]) s += "\n  tensor " + std::to_string(k) + ": " + dmlref_fuzz::describe(tensors[k].t.buffer);
    }
    if (in_place) s += "\n  in place";
    return s + dmlref_fuzz::describe(attributes);
  }
};

/// The data types of Op's tensors: one type of each dispatch list, chosen by the input.
template <class Op>
void read_types(byte_source& in, generated& op) {
  std::array<data_type, Op::dispatch_slots.size()> chosen{};
  std::size_t k = 0;
  dmlref::for_each_type(typename Op::dispatch_lists{}, [&](auto list_tag) {
    using list = typename decltype(list_tag)::type;
    const std::size_t pick = in.pick(list::size);
    std::size_t i = 0;
    dmlref::for_each_type(list{}, [&](auto tag) {
      if (i++ == pick) chosen[k] = dmlref::data_type_of_v<typename decltype(tag)::type>;
    });
    ++k;
  });
  std::array<data_type, dmlref::ops::tensor_count_of<Op>> types{};
  if (!dmlref::dml::tensor_types_for<Op>(chosen.data(), types)) dmlref_fuzz::fail("no kernel for a listed type");
  for (std::size_t t = 0; t < types.size(); ++t) op.types[t] = types[t];
}

/// The operator (an index into the registry), its types, tensors and attributes.
template <class Op>
void read_operation_of(byte_source& in, generated& op) {
  op.type = Op::dml_type;
  op.input_count = dmlref::ops::tensor_count_of<Op> - 1;
  read_types<Op>(in, op);
  const auto rank = static_cast<std::uint32_t>(1 + in.pick(8));
  const auto sizes = read_sizes(in, rank);
  op.in_place = Op::allows_in_place && in.pick(4) == 3;
  std::array<const DML_TENSOR_DESC*, dmlref::dml::max_descriptor_fields> descs{};
  const std::size_t out = op.input_count;
  for (std::size_t k = 0; k < op.input_count; ++k) {
    if (dmlref::ops::tensor_field_of<Op>(k).optional && in.pick(3) == 2) continue;  // left out
    layout kind = read_input_layout(in);
    if (k == 0 && op.in_place) kind = read_output_layout(in);
    descs[k] = make_tensor(in, op.tensors[k], op.types[k], sizes, kind);
    op.present[k] = true;
  }
  if (op.in_place) {  // the output's descriptor is InputTensor's
    auto& o = op.tensors[out];
    const auto& i = op.tensors[0];
    o.t.shape(rank, i.t.strides != nullptr);
    for (std::uint32_t d = 0; d < rank; ++d) {
      o.t.sizes[d] = i.t.sizes[d];
      if (i.t.strides) o.t.strides[d] = i.t.strides[d];
    }
    o.t.buffer = i.t.buffer;
    descs[out] = o.t.finish();
    o.total = i.total;
  } else {
    descs[out] = make_tensor(in, op.tensors[out], op.types[out], sizes, read_output_layout(in));
  }
  op.present[out] = true;

  op.attributes = dmlref_fuzz::read_attributes(in, dmlref::ops::schema_of<Op>());
  // The descriptor must stay one that validation accepts: an enumeration takes one of its
  // values (read_attributes gives any bits one time in eight), and a typed scalar (CLIP1's Min
  // and Max) has its typing field name the output's data type.
  const auto& schema = dmlref::ops::schema_of<Op>();
  for (std::size_t k = 0; k < schema.field_count; ++k) {
    const auto& f = schema.fields[k];
    auto& v = op.attributes.at(k);
    if (f.kind == dmlref::dml::field_kind::attribute && f.type == dmlref::dml::field_type::enumeration &&
        v.present && f.value_count != 0 &&
        std::none_of(f.values, f.values + f.value_count, [&](const auto& e) { return e.value == v.bits; })) {
      v.bits = f.values[v.bits % f.value_count].value;
    }
  }
  for (std::size_t k = 0; k < schema.field_count; ++k) {
    if (schema.fields[k].type != dmlref::dml::field_type::scalar_union || !op.attributes.at(k).present) continue;
    dmlref::dml::attribute_value typing;
    typing.present = true;
    typing.bits = static_cast<std::uint32_t>(op.types[out]);
    op.attributes.set(schema.fields[k].typed_by, typing);
  }
  op.storage = std::make_unique<dmlref::dml::descriptor_storage>(dmlref::ops::schema_of<Op>(), descs.data(), op.attributes);
  op.desc = op.storage->op();
  op.budget = Op::fast_ulp_budget(op.types[out]);
}

void read_operation(byte_source& in, generated& op) {
  dmlref::ops::with_operator_at(in.pick(dmlref::ops::operators::size),
                                [&](auto tag) { read_operation_of<typename decltype(tag)::type>(in, op); });
}

/// Runs one path on its own copies of the inputs; returns the output buffer.
template <class Path>
std::unique_ptr<exact_buffer> run(Path path, const generated& op, const std::vector<std::unique_ptr<exact_buffer>>& data,
                                  std::size_t misalign) {
  std::vector<std::unique_ptr<exact_buffer>> copies;
  std::array<input_binding, dmlref::dml::max_operation_tensors> inputs{};
  for (std::size_t k = 0; k < op.input_count; ++k) {
    if (!op.present[k]) continue;
    copies.push_back(std::make_unique<exact_buffer>(data[k]->size(), misalign * dmlref::element_size(op.types[k])));
    std::memcpy(copies.back()->data(), data[k]->data(), data[k]->size());
    inputs[k] = {copies.back()->data(), copies.back()->size()};
  }
  std::unique_ptr<exact_buffer> output;
  if (op.in_place) {
    output = std::move(copies.front());
  } else {
    const auto& o = op.tensors[op.input_count];
    output = std::make_unique<exact_buffer>(static_cast<std::size_t>(o.total), 0);
    std::memset(output->data(), 0xA5, output->size());
  }
  const output_binding outputs[1] = {{output->data(), output->size()}};
  const auto s = execute(path, DML_FEATURE_LEVEL_6_4, op.desc, inputs.data(), op.input_count, outputs, 1);
  if (!s.ok()) dmlref_fuzz::fail("a valid descriptor was refused: " + s.message() + op.text());
  return output;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* bytes, std::size_t size) {
  byte_source in(bytes, size);
  generated op;
  read_operation(in, op);
  const std::size_t misalign = in.pick(4);
  std::vector<std::unique_ptr<exact_buffer>> data(op.input_count);
  for (std::size_t k = 0; k < op.input_count; ++k) {
    if (!op.present[k]) continue;
    data[k] = std::make_unique<exact_buffer>(static_cast<std::size_t>(op.tensors[k].total), 0);
    fill_data(in, *data[k], op.types[k]);
  }
  const auto golden = run(dmlref::golden, op, data, misalign);
  const auto fast = run(dmlref::fast, op, data, misalign);

  const auto& out = op.tensors[op.input_count].t.buffer;
  std::vector<std::uint64_t> offsets;
  dmlref_fuzz::for_each_element_offset(out, [&](std::uint64_t offset) { offsets.push_back(offset); });
  const auto strides_of = [&] {
    dmlref::element_strides s{};
    for (std::uint32_t i = 0; i < out.DimensionCount; ++i) s[i] = static_cast<std::uint64_t>(dmlref_fuzz::stride_of(out, i));
    return s;
  }();
  // The elements the operator's contract defines (dml::defined_mask): the others (a zero
  // scale, a NaN quotient, integer 0 to a negative power, ...) hold whatever each path writes.
  validated_operation v;
  if (auto s = validate_descriptor(DML_FEATURE_LEVEL_6_4, op.desc, v); !s.ok()) {
    dmlref_fuzz::fail("a valid descriptor was refused: " + s.message() + op.text());
  }
  std::array<const void*, dmlref::dml::max_operation_tensors> input_data{};
  for (std::size_t k = 0; k < op.input_count; ++k) input_data[k] = op.present[k] ? data[k]->data() : nullptr;
  std::unique_ptr<bool[]> defined(new bool[offsets.size()]);
  if (auto s = dmlref::dml::defined_mask(v, input_data.data(), defined.get()); !s.ok()) {
    dmlref_fuzz::fail("no defined mask: " + s.message() + op.text());
  }
  visit_output_type(op.types[op.input_count], [&](auto* tag) {
    using T = std::remove_pointer_t<decltype(tag)>;
    std::vector<T> expected(offsets.size());
    for (std::size_t k = 0; k < offsets.size(); ++k) std::memcpy(&expected[k], golden->data() + offsets[k], sizeof(T));
    dmlref::oracle::compare_options options;
    options.tol = dmlref::tolerance::ulp(op.budget);
    const auto report = dmlref::oracle::compare<T>(expected.data(), defined.get(), reinterpret_cast<const T*>(fast->data()),
                                                   strides_of, out.DimensionCount, out.Sizes, options);
    if (!report.pass) dmlref_fuzz::fail("fast path outside its budget of golden:" + op.text() + "\n" + report.text());
    auto& counts = dmlref_fuzz::counts().values;
    ++counts[0];
    counts[1] += report.compared;
    if (report.max_ulps > counts[2]) counts[2] = report.max_ulps;
  });
  return 0;
}

// Seeds: one per operator and type combination (the leading choices: the operator's index
// in the registry, then an index into each of its dispatch lists), each followed by
// pseudo-random choices and data.
extern "C" int LLVMFuzzerInitialize(int*, char***) {
  std::vector<std::vector<std::uint8_t>> seeds;
  std::uint64_t n = 1;
  std::uint8_t index = 0;
  dmlref::ops::for_each_operator([&](auto tag) {
    using Op = typename decltype(tag)::type;
    std::vector<std::uint8_t> prefix{index++};
    // every combination of one index per dispatch list
    std::vector<std::vector<std::uint8_t>> prefixes{prefix};
    dmlref::for_each_type(typename Op::dispatch_lists{}, [&](auto list_tag) {
      std::vector<std::vector<std::uint8_t>> longer;
      for (const auto& p : prefixes) {
        for (std::uint8_t t = 0; t < decltype(list_tag)::type::size; ++t) {
          longer.push_back(p);
          longer.back().push_back(t);
        }
      }
      prefixes = std::move(longer);
    });
    for (const auto& p : prefixes) seeds.push_back(dmlref_fuzz::seed_bytes(p, 96, n++));
  });
  dmlref_fuzz::write_seeds_if_asked(seeds);
  dmlref_fuzz::start_counts("fuzz_fast_vs_golden", "operations", "elements compared", "ULP worst distance");
  return 0;
}
