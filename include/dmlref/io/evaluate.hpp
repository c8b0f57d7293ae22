#pragma once
// Evaluating a case through the DirectML-shaped runtime layer: the case's tensors become
// DML_BUFFER_TENSOR_DESCs and bindings, dml::execute-style validation applies every rule,
// and the output comes back in logical row-major order with the mask of defined elements.

#include <array>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "dmlref/dml/execute.hpp"
#include "dmlref/io/case_file.hpp"
#include "dmlref/dml/execute.hpp"
#include "dmlref/ops/registry.hpp"

namespace dmlref::io {

/// An evaluated output: values packed in logical row-major order, and which are defined.
struct evaluation {
  tensor_desc desc;        // the output's descriptor as the case gave it
  const char* output_name = "OutputTensor";  // the output's field name in the descriptor
  element_buffer values;   // packed, logical order
  std::unique_ptr<bool[]> defined;  // true where the contract defines the element (one per value)
  dml::DML_OPERATOR_TYPE op_type = dml::DML_OPERATOR_INVALID;
  ops::operation_types types;  // what the operator's default tolerance reads, with
  dml::attribute_values attributes;  // the operation's attributes
};

/// The DirectML structs of a case, kept alive together: its tensors' descriptors and the
/// operator's descriptor, written through the operator's schema.
class case_descriptors {
 public:
  explicit case_descriptors(const test_case& c) : desc_(schema_of(c), tensors_of(c).data(), c.attributes) {}
  case_descriptors(const case_descriptors&) = delete;
  case_descriptors& operator=(const case_descriptors&) = delete;

  const dml::DML_OPERATOR_DESC& op() const noexcept { return desc_.op(); }

 private:
  static constexpr std::size_t capacity = dml::max_descriptor_fields;

  static const dml::operator_schema& schema_of(const test_case& c) noexcept { return *c.attributes.schema(); }

  /// The tensor fields' descriptors in schema order; null where the case leaves one out.
  std::array<const dml::DML_TENSOR_DESC*, capacity> tensors_of(const test_case& c) {
    std::array<const dml::DML_TENSOR_DESC*, capacity> fields{};
    for (std::size_t k = 0; k < c.tensors.size() && k < capacity; ++k) {
      const auto& t = c.tensors[k];
      buffers_[k] = {static_cast<dml::DML_TENSOR_DATA_TYPE>(t.desc.type), dml::DML_TENSOR_FLAG_NONE, t.desc.rank,
                     t.desc.sizes.data(), t.desc.has_strides ? t.desc.strides.data() : nullptr,
                     t.desc.total_size_in_bytes, t.desc.base_offset_alignment};
      tensors_[k] = {dml::DML_TENSOR_TYPE_BUFFER, &buffers_[k]};
    }
    const auto& s = schema_of(c);
    std::size_t slot = 0;
    for (std::size_t f = 0; f < s.field_count; ++f) {
      if (s.fields[f].kind == dml::field_kind::attribute) continue;
      for (std::size_t k = 0; k < c.tensors.size() && k < capacity; ++k) {
        if (c.tensors[k].name == s.fields[f].name) fields[slot] = &tensors_[k];
      }
      ++slot;
    }
    return fields;
  }

  std::array<dml::DML_BUFFER_TENSOR_DESC, capacity> buffers_{};
  std::array<dml::DML_TENSOR_DESC, capacity> tensors_{};
  dml::descriptor_storage desc_;
};

/// Checks the case's own structure beyond what the runtime layer checks: every tensor name
/// belongs to the operator, inputs carry data, the output carries none. (The reader has
/// checked the attributes against the operator's schema.)
inline status check_case_structure(const test_case& c, const dml::operation& op) {
  if (c.tensors.size() > dml::max_descriptor_fields) {
    return status::error(errc::invalid_argument, "", "tensors", "more tensors than any operator has");
  }
  for (const auto& t : c.tensors) {
    std::size_t slot = op.tensor_count();
    for (std::size_t k = 0; k < op.tensor_count(); ++k) {
      if (t.name == op.tensor_names[k]) slot = k;
    }
    if (slot == op.tensor_count()) {
      return status::error(errc::invalid_argument, t.name, "", std::string("is not a tensor of ") + op.name);
    }
    if (slot == op.output_index() && t.has_data) {
      return status::error(errc::invalid_argument, t.name, "data", "an output tensor takes no data");
    }
    if (slot != op.output_index() && !t.has_data) {
      return status::error(errc::invalid_argument, t.name, "data", "an input tensor needs its data");
    }
  }
  return {};
}

/// Validates and evaluates a case on the chosen path.
template <class Path>
status evaluate(Path path, const test_case& c, evaluation& out) {
  const case_descriptors descriptors(c);
  dml::operation op;
  if (auto s = dml::read_operation(descriptors.op(), op); !s.ok()) return s;
  if (auto s = check_case_structure(c, op); !s.ok()) return s;
  dml::validated_operation v;
  if (auto s = dml::validate_descriptor(static_cast<dml::DML_FEATURE_LEVEL>(c.level), descriptors.op(), v); !s.ok()) {
    return s;
  }
  std::array<dml::input_binding, dml::max_operation_tensors> inputs{};
  for (std::size_t k = 0; k < v.op.input_count; ++k) {
    if (const auto* t = c.find(v.op.tensor_names[k])) inputs[k] = {t->buffer.data(), t->buffer.size_in_bytes()};
  }
  const case_tensor* output = c.find(v.op.tensor_names[v.op.output_index()]);
  element_buffer result;  // the output buffer as the operator writes it (strided)
  result.type = output->desc.type;
  result.resize_bytes(output->buffer_bytes);
  const dml::output_binding outputs[1] = {{result.data(), result.size_in_bytes()}};
  if (auto s = dml::validate_bindings(v, inputs.data(), v.op.input_count, outputs, 1); !s.ok()) return s;
  if (auto s = dml::run_validated(path, v, inputs.data(), outputs); !s.ok()) return s;

  // The output in logical order (the buffer itself when the output is packed), and the
  // defined mask: one byte of memory per element besides the tensors' own.
  const auto& d = v.output();
  const std::uint64_t count = d.element_count();
  out.desc = d;
  out.output_name = v.op.tensor_names[v.op.output_index()];
  out.op_type = v.op.type;
  out.types = v.types();
  out.attributes = v.op.attrs;
  const auto strides = d.effective_strides();
  if (strides == packed_strides(d.rank, d.sizes)) {
    out.values = std::move(result);
  } else {
    out.values.type = d.type;
    out.values.resize_bytes(count * element_size(d.type));
    const auto size = element_size(d.type);
    std::array<std::uint32_t, max_rank> index{};
    std::uint64_t offset = 0;
    auto* dst = reinterpret_cast<unsigned char*>(out.values.data());
    const auto* src = reinterpret_cast<const unsigned char*>(result.data());
    for (std::uint64_t k = 0; k < count; ++k) {
      std::memcpy(dst + k * size, src + offset * size, size);
      for (std::uint32_t dim = d.rank; dim-- > 0;) {
        if (++index[dim] < d.sizes[dim]) {
          offset += strides[dim];
          break;
        }
        offset -= (d.sizes[dim] - 1ull) * strides[dim];
        index[dim] = 0;
      }
    }
  }
  std::array<const void*, dml::max_operation_tensors> input_data{};
  for (std::size_t k = 0; k < v.op.input_count; ++k) input_data[k] = inputs[k].data;
  out.defined.reset(new bool[count]);
  if (auto s = dml::defined_mask(v, input_data.data(), out.defined.get()); !s.ok()) return s;
  return {};
}

}  // namespace dmlref::io
