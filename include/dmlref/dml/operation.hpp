#pragma once
// A DML_OPERATOR_DESC read into one uniform shape: the operator, its tensors by DirectML's
// field names (inputs in descriptor order, then the output), and its attributes. Reading a
// descriptor touches only the fields its type defines.

#include <array>
#include <cstddef>

#include "dmlref/core/status.hpp"
#include "dmlref/dml/directml_types.hpp"

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

enum class operator_kind { sign, constant_pow, pow, dequantize_linear };

inline constexpr std::size_t max_operation_tensors = 4;

struct operation {
  operator_kind kind = operator_kind::sign;
  const char* name = "";               // "ELEMENT_WISE_POW"
  std::size_t input_count = 0;         // input slots, optional ones included
  std::array<const char*, max_operation_tensors> tensor_names{};  // inputs, then the output
  std::array<const DML_TENSOR_DESC*, max_operation_tensors> tensors{};
  std::array<bool, max_operation_tensors> optional{};
  const DML_SCALE_BIAS* scale_bias = nullptr;
  float exponent = 0.0f;  // CONSTANT_POW's attribute

  std::size_t tensor_count() const noexcept { return input_count + 1; }
  std::size_t output_index() const noexcept { return input_count; }
};

/// Reads desc; fails for a null Desc or an operator dmlref does not compute.
inline status read_operation(const DML_OPERATOR_DESC& desc, operation& out) {
  if (desc.Desc == nullptr) {
    return status::error(errc::invalid_argument, "", "Desc", "DML_OPERATOR_DESC::Desc is null");
  }
  operation op;
  switch (static_cast<int>(desc.Type)) {
    case DML_OPERATOR_ELEMENT_WISE_SIGN: {
      const auto& d = *static_cast<const DML_ELEMENT_WISE_SIGN_OPERATOR_DESC*>(desc.Desc);
      op = {operator_kind::sign, "ELEMENT_WISE_SIGN", 1, {"InputTensor", "OutputTensor"},
            {d.InputTensor, d.OutputTensor}, {}, nullptr, 0.0f};
      break;
    }
    case DML_OPERATOR_ELEMENT_WISE_CONSTANT_POW: {
      const auto& d = *static_cast<const DML_ELEMENT_WISE_CONSTANT_POW_OPERATOR_DESC*>(desc.Desc);
      op = {operator_kind::constant_pow, "ELEMENT_WISE_CONSTANT_POW", 1, {"InputTensor", "OutputTensor"},
            {d.InputTensor, d.OutputTensor}, {}, d.ScaleBias, d.Exponent};
      break;
    }
    case DML_OPERATOR_ELEMENT_WISE_POW: {
      const auto& d = *static_cast<const DML_ELEMENT_WISE_POW_OPERATOR_DESC*>(desc.Desc);
      op = {operator_kind::pow, "ELEMENT_WISE_POW", 2, {"InputTensor", "ExponentTensor", "OutputTensor"},
            {d.InputTensor, d.ExponentTensor, d.OutputTensor}, {}, d.ScaleBias, 0.0f};
      break;
    }
    case DML_OPERATOR_ELEMENT_WISE_DEQUANTIZE_LINEAR: {
      const auto& d = *static_cast<const DML_ELEMENT_WISE_DEQUANTIZE_LINEAR_OPERATOR_DESC*>(desc.Desc);
      op = {operator_kind::dequantize_linear, "ELEMENT_WISE_DEQUANTIZE_LINEAR", 3,
            {"InputTensor", "ScaleTensor", "ZeroPointTensor", "OutputTensor"},
            {d.InputTensor, d.ScaleTensor, d.ZeroPointTensor, d.OutputTensor},
            {false, false, true, false}, nullptr, 0.0f};
      break;
    }
    default:
      return status::error(errc::unsupported_operator, "", "Type",
                           "DML_OPERATOR_TYPE " + std::to_string(static_cast<int>(desc.Type)) +
                               " is not an operator dmlref computes (ELEMENT_WISE_POW, "
                               "ELEMENT_WISE_CONSTANT_POW, ELEMENT_WISE_SIGN, "
                               "ELEMENT_WISE_DEQUANTIZE_LINEAR)");
  }
  out = op;
  return {};
}

}  // namespace dmlref::dml
