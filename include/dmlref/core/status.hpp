#pragma once
// dmlref::status: the result of validation. Errors are values: a failed status names the
// tensor (DirectML's field name, e.g. "ExponentTensor"), the field of that tensor or
// descriptor (e.g. "Strides"), and the rule that was broken, in words. Nothing in dmlref
// throws to report an invalid descriptor.

#include <memory>
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

/// A success is one null pointer (cheap to make, return and destroy on every call); an
/// error owns its words.
class status {
 public:
  status() = default;  // success

  static status error(errc code, std::string tensor, std::string field, std::string rule) {
    status s;
    s.error_ = std::make_shared<const details>(details{code, std::move(tensor), std::move(field), std::move(rule)});
    return s;
  }

  bool ok() const noexcept { return error_ == nullptr; }
  errc code() const noexcept { return ok() ? errc::ok : error_->code; }
  const std::string& tensor() const noexcept { return ok() ? none() : error_->tensor; }
  const std::string& field() const noexcept { return ok() ? none() : error_->field; }
  const std::string& rule() const noexcept { return ok() ? none() : error_->rule; }

  /// "ExponentTensor.DataType: INT64 is not supported by ELEMENT_WISE_POW at 6_4", or "ok".
  std::string message() const {
    if (ok()) return "ok";
    std::string text = tensor();
    if (!field().empty()) text += (text.empty() ? "" : ".") + field();
    if (!text.empty()) text += ": ";
    return text + rule();
  }

 private:
  struct details {
    errc code;
    std::string tensor;
    std::string field;
    std::string rule;
  };
  static const std::string& none() noexcept {
    static const std::string empty;
    return empty;
  }
  std::shared_ptr<const details> error_;
};

}  // namespace dmlref
