#pragma once
// A DML_OPERATOR_DESC read into one uniform shape: the operator, its tensors by DirectML's
// field names (inputs in descriptor order, then the output), and its attributes. Reading a
// descriptor touches only the fields its type defines (the operator's tensors_of and
// attributes_of, found in the registry by Type).

#include <array>
#include <cstddef>
#include <string>

#include "dmlref/core/status.hpp"
#include "dmlref/dml/directml_types.hpp"
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
  std::size_t input_count = 0;         // input slots, optional ones included
  std::array<const char*, max_operation_tensors> tensor_names{};  // inputs, then the output
  std::array<const DML_TENSOR_DESC*, max_operation_tensors> tensors{};
  std::array<bool, max_operation_tensors> optional{};
  ops::attributes attrs;

  std::size_t tensor_count() const noexcept { return input_count + 1; }
  std::size_t output_index() const noexcept { return input_count; }
};

/// Reads desc through the registry entry of its Type; fails for a null Desc or an operator
/// dmlref does not compute.
inline status read_operation(const DML_OPERATOR_DESC& desc, operation& out) {
  if (desc.Desc == nullptr) {
    return status::error(errc::invalid_argument, "", "Desc", "DML_OPERATOR_DESC::Desc is null");
  }
  operation op;
  const bool known = ops::with_operator(desc.Type, [&](auto tag) {
    using Op = typename decltype(tag)::type;
    const auto& d = *static_cast<const typename Op::dml_desc*>(desc.Desc);
    const auto tensors = Op::tensors_of(d);
    op.type = Op::dml_type;
    op.name = Op::dml_name;
    op.input_count = Op::tensors.size() - 1;
    for (std::size_t k = 0; k < Op::tensors.size(); ++k) {
      op.tensor_names[k] = Op::tensors[k].name;
      op.optional[k] = Op::tensors[k].optional;
      op.tensors[k] = tensors[k];
    }
    op.attrs = Op::attributes_of(d);
  });
  if (!known) {
    return status::error(errc::unsupported_operator, "", "Type",
                         "DML_OPERATOR_TYPE " + std::to_string(static_cast<int>(desc.Type)) +
                             " is not an operator dmlref computes (" + ops::operator_names() + ")");
  }
  out = op;
  return {};
}

}  // namespace dmlref::dml
