#pragma once
// dmlref::status: the result of validation. Errors are values: a failed status names the
// tensor (DirectML's field name, e.g. "ExponentTensor"), the field of that tensor or
// descriptor (e.g. "Strides"), and the rule that was broken, in words. Nothing in dmlref
// throws to report an invalid descriptor.

#include <string>
#include <utility>

namespace dmlref {

enum class errc {
  ok = 0,
  unsupported_operator,     // the operator does not exist at this feature level
  invalid_argument,         // a null descriptor, an unknown enum value, a bad attribute
  dimension_count,          // DimensionCount outside what the operator supports
  zero_size,                // a size of 0
  sizes_mismatch,           // Sizes differ between the tensors of one operator
  unsupported_data_type,    // a data type or combination outside the support table
  size_overflow,            // descriptor arithmetic exceeds 64 bits
  too_many_elements,        // more than 2^32 - 1 elements
  total_size_too_small,     // TotalTensorSizeInBytes below DMLCalcBufferTensorSize
  alignment,                // GuaranteedBaseOffsetAlignment neither 0 nor a power of two >= element size
  missing_binding,          // a required tensor has no buffer
  binding_too_small,        // a buffer shorter than TotalTensorSizeInBytes
  invalid_aliasing,         // the output overlaps an input other than by the allowed exact alias
  output_self_overlap,      // the output's strides map two logical elements to one address
};

class status {
 public:
  status() = default;  // success

  static status error(errc code, std::string tensor, std::string field, std::string rule) {
    status s;
    s.code_ = code;
    s.tensor_ = std::move(tensor);
    s.field_ = std::move(field);
    s.rule_ = std::move(rule);
    return s;
  }

  bool ok() const noexcept { return code_ == errc::ok; }
  errc code() const noexcept { return code_; }
  const std::string& tensor() const noexcept { return tensor_; }
  const std::string& field() const noexcept { return field_; }
  const std::string& rule() const noexcept { return rule_; }

  /// "ExponentTensor.DataType: INT64 is not supported by ELEMENT_WISE_POW at 6_4", or "ok".
  std::string message() const {
    if (ok()) return "ok";
    std::string text = tensor_;
    if (!field_.empty()) text += (text.empty() ? "" : ".") + field_;
    if (!text.empty()) text += ": ";
    return text + rule_;
  }

 private:
  errc code_ = errc::ok;
  std::string tensor_;
  std::string field_;
  std::string rule_;
};

}  // namespace dmlref
