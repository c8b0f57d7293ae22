#pragma once
// A DML_OPERATOR_DESC read into one uniform shape: the operator, its tensors by DirectML's
// field names (inputs in descriptor order, then the output), and its attributes. Reading a
// descriptor touches only the fields its type's schema lists (dml/schema.hpp).

#include <array>
#include <cstddef>
#include <string>

#include "dmlref/core/status.hpp"
#include "dmlref/dml/attributes.hpp"
#include "dmlref/dml/directml_types.hpp"
#include "dmlref/dml/schema.hpp"
#include "dmlref/ops/registry.hpp"

namespace dmlref::dml {

/// One buffer bound to an input tensor: its address and size in bytes. An absent optional
/// tensor is bound to {nullptr, 0}.
struct input_binding {
  const void* data = nullptr;
  std::uint64_t size_in_bytes = 0;
};
/// The buffer bound to the output tensor.
struct output_binding {
  void* data = nullptr;
  std::uint64_t size_in_bytes = 0;
};

inline constexpr std::size_t max_operation_tensors = ops::max_operator_tensors;

struct operation {
  DML_OPERATOR_TYPE type = DML_OPERATOR_INVALID;
  const char* name = "";               // "ELEMENT_WISE_POW"
  const operator_schema* schema = nullptr;
  std::size_t input_count = 0;         // input slots, optional ones included
  std::array<const char*, max_operation_tensors> tensor_names{};  // inputs, then the output
  std::array<const DML_TENSOR_DESC*, max_operation_tensors> tensors{};
  std::array<bool, max_operation_tensors> optional{};
  attribute_values attrs;

  std::size_t tensor_count() const noexcept { return input_count + 1; }
  std::size_t output_index() const noexcept { return input_count; }
};

/// Reads desc through the schema of its Type; fails for a null Desc, a Type that is no
/// element-wise operator, or one this version does not implement.
inline status read_operation(const DML_OPERATOR_DESC& desc, operation& out) {
  if (desc.Desc == nullptr) {
    return status::error(errc::invalid_argument, "", "Desc", "DML_OPERATOR_DESC::Desc is null");
  }
  const operator_schema* s = find_schema(desc.Type);
  if (s == nullptr) {
    return status::error(errc::unsupported_operator, "", "Type",
                         "DML_OPERATOR_TYPE " + std::to_string(static_cast<int>(desc.Type)) +
                             " is not an element-wise operator of DirectML");
  }
  if (auto why = ops::not_implemented(*s); !why.empty()) return status::error(errc::unsupported_operator, "", "Type", why);
  descriptor_fields fields;
  if (auto e = read_descriptor(*s, desc.Desc, fields); !e.empty()) {
    return status::error(errc::invalid_argument, "", "Desc", std::string(s->name) + ": " + e);
  }
  operation op;
  op.type = s->type;
  op.name = s->name;
  op.schema = s;
  op.input_count = fields.tensor_count - 1;
  std::size_t t = 0;
  for (std::size_t k = 0; k < s->field_count; ++k) {
    const auto& f = s->fields[k];
    if (f.kind == field_kind::attribute) continue;
    op.tensor_names[t] = f.name;
    op.optional[t] = f.optional;
    op.tensors[t] = fields.tensors[t];
    ++t;
  }
  op.attrs = fields.attributes;
  out = op;
  return {};
}

}  // namespace dmlref::dml
