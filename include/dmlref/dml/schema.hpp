#pragma once
// DirectML's element-wise operators as data, in the manner of DirectML's own operator schema:
// each operator's enum value and name, the feature level it appeared in, and its
// descriptor's fields in order (kind, type, name). Descriptors are read and written by
// walking these fields (dml/attributes.hpp); nothing else needs an operator's field names.
//
// (Interim table: the operators dmlref computes. The full element-wise family replaces it.)

#include <cctype>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "dmlref/dml/directml_types.hpp"

namespace dmlref::dml {

enum class field_kind : std::uint8_t { input_tensor, output_tensor, attribute };

enum class field_type : std::uint8_t {
  tensor_desc,    // const DML_TENSOR_DESC*
  operator_desc,  // const DML_OPERATOR_DESC* (ADD1's FusedActivation)
  uint_value,     // UINT
  int_value,      // INT
  float_value,    // FLOAT
  scale_bias,     // const DML_SCALE_BIAS*
  data_type,      // DML_TENSOR_DATA_TYPE
  enumeration,    // a UINT-sized enum; field_schema::values lists it
  scalar_union,   // DML_SCALAR_UNION, typed by the field named field_schema::typed_by
};

struct enum_value {
  const char* name;  // "DML_ROUNDING_MODE_TOWARD_ZERO"
  std::uint32_t value;
};

struct field_schema {
  field_kind kind;
  field_type type;
  const char* name;       // DirectML's field name: "InputTensor", "Exponent"
  bool optional;          // may be null (tensors, ScaleBias, a nested operator)
  const char* type_name;  // as directml.h spells it: "DML_TENSOR_DESC*", "FLOAT"
  const enum_value* values = nullptr;
  std::size_t value_count = 0;
  const char* typed_by = nullptr;  // scalar_union: the data_type field that types it
};

struct operator_schema {
  DML_OPERATOR_TYPE type;
  const char* name;  // "ELEMENT_WISE_ABS"
  DML_FEATURE_LEVEL introduced;
  const field_schema* fields;
  std::size_t field_count;
  std::size_t desc_size;
  std::size_t desc_align;
};

/// The largest descriptor of the family, in bytes.
inline constexpr std::size_t max_descriptor_bytes = 256;
/// The most fields a descriptor of the family has.
inline constexpr std::size_t max_descriptor_fields = 16;

namespace detail_schema {

constexpr field_schema input(const char* name, bool optional = false) {
  return {field_kind::input_tensor, field_type::tensor_desc, name, optional, "DML_TENSOR_DESC*"};
}
constexpr field_schema output(const char* name) {
  return {field_kind::output_tensor, field_type::tensor_desc, name, false, "DML_TENSOR_DESC*"};
}
constexpr field_schema scale_bias_field() {
  return {field_kind::attribute, field_type::scale_bias, "ScaleBias", true, "DML_SCALE_BIAS*"};
}
constexpr field_schema float_attribute(const char* name) {
  return {field_kind::attribute, field_type::float_value, name, false, "FLOAT"};
}

template <class Desc, std::size_t N>
constexpr operator_schema describe(DML_OPERATOR_TYPE type, const char* name, DML_FEATURE_LEVEL introduced,
                                   const field_schema (&fields)[N]) {
  return {type, name, introduced, fields, N, sizeof(Desc), alignof(Desc)};
}

inline constexpr field_schema sign_fields[] = {input("InputTensor"), output("OutputTensor")};
inline constexpr field_schema pow_fields[] = {input("InputTensor"), input("ExponentTensor"), output("OutputTensor"),
                                              scale_bias_field()};
inline constexpr field_schema constant_pow_fields[] = {input("InputTensor"), output("OutputTensor"), scale_bias_field(),
                                                       float_attribute("Exponent")};
inline constexpr field_schema quantize_fields[] = {input("InputTensor"), input("ScaleTensor"),
                                                   input("ZeroPointTensor", true), output("OutputTensor")};

constexpr std::size_t size_of(field_type t) noexcept {
  switch (t) {
    case field_type::tensor_desc:
    case field_type::operator_desc:
    case field_type::scale_bias: return sizeof(void*);
    case field_type::scalar_union: return 8;
    default: return 4;
  }
}

}  // namespace detail_schema

inline constexpr operator_schema element_wise_operators[] = {
    detail_schema::describe<DML_ELEMENT_WISE_POW_OPERATOR_DESC>(
        DML_OPERATOR_ELEMENT_WISE_POW, "ELEMENT_WISE_POW", DML_FEATURE_LEVEL_1_0, detail_schema::pow_fields),
    detail_schema::describe<DML_ELEMENT_WISE_CONSTANT_POW_OPERATOR_DESC>(
        DML_OPERATOR_ELEMENT_WISE_CONSTANT_POW, "ELEMENT_WISE_CONSTANT_POW", DML_FEATURE_LEVEL_1_0,
        detail_schema::constant_pow_fields),
    detail_schema::describe<DML_ELEMENT_WISE_QUANTIZE_LINEAR_OPERATOR_DESC>(
        DML_OPERATOR_ELEMENT_WISE_QUANTIZE_LINEAR, "ELEMENT_WISE_QUANTIZE_LINEAR", DML_FEATURE_LEVEL_1_0,
        detail_schema::quantize_fields),
    detail_schema::describe<DML_ELEMENT_WISE_DEQUANTIZE_LINEAR_OPERATOR_DESC>(
        DML_OPERATOR_ELEMENT_WISE_DEQUANTIZE_LINEAR, "ELEMENT_WISE_DEQUANTIZE_LINEAR", DML_FEATURE_LEVEL_1_0,
        detail_schema::quantize_fields),
    detail_schema::describe<DML_ELEMENT_WISE_SIGN_OPERATOR_DESC>(
        DML_OPERATOR_ELEMENT_WISE_SIGN, "ELEMENT_WISE_SIGN", DML_FEATURE_LEVEL_2_0, detail_schema::sign_fields),
};

/// The schema of the operator whose value is type; nullptr when it is not an element-wise
/// operator.
constexpr const operator_schema* find_schema(DML_OPERATOR_TYPE type) noexcept {
  for (const auto& s : element_wise_operators) {
    if (s.type == type) return &s;
  }
  return nullptr;
}

/// The byte offset of field index in its descriptor (natural alignment, as C lays it out).
constexpr std::size_t field_offset(const operator_schema& s, std::size_t index) noexcept {
  std::size_t offset = 0;
  for (std::size_t k = 0;; ++k) {
    const std::size_t size = detail_schema::size_of(s.fields[k].type);
    offset = (offset + size - 1) / size * size;
    if (k == index) return offset;
    offset += size;
  }
}

namespace detail_schema {
inline bool same_name(std::string_view a, std::string_view b) noexcept {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (std::toupper(static_cast<unsigned char>(a[i])) != std::toupper(static_cast<unsigned char>(b[i]))) return false;
  }
  return true;
}
}  // namespace detail_schema

/// The schema named name: "ELEMENT_WISE_ABS", "DML_OPERATOR_ELEMENT_WISE_ABS", or the short
/// name "ABS" (any case) where only one operator has it; nullptr otherwise.
inline const operator_schema* find_schema(std::string_view name) noexcept {
  constexpr std::string_view prefix = "DML_OPERATOR_";
  if (name.substr(0, prefix.size()) == prefix) name.remove_prefix(prefix.size());
  const operator_schema* short_match = nullptr;
  std::size_t short_matches = 0;
  for (const auto& s : element_wise_operators) {
    const std::string_view full = s.name;
    if (detail_schema::same_name(full, name)) return &s;
    for (const std::string_view family : {std::string_view("ELEMENT_WISE_"), std::string_view("ACTIVATION_")}) {
      if (full.substr(0, family.size()) == family && detail_schema::same_name(full.substr(family.size()), name)) {
        short_match = &s;
        ++short_matches;
      }
    }
  }
  return short_matches == 1 ? short_match : nullptr;
}

namespace detail_schema {
constexpr bool layout_matches(const operator_schema& s) noexcept {
  if (s.field_count == 0 || s.field_count > max_descriptor_fields || s.desc_size > max_descriptor_bytes) return false;
  const std::size_t last = s.field_count - 1;
  const std::size_t end = field_offset(s, last) + size_of(s.fields[last].type);
  return (end + s.desc_align - 1) / s.desc_align * s.desc_align == s.desc_size;
}
constexpr bool every_layout_matches() noexcept {
  for (const auto& s : element_wise_operators) {
    if (!layout_matches(s)) return false;
  }
  return true;
}
}  // namespace detail_schema
static_assert(detail_schema::every_layout_matches(),
              "a schema's fields do not lay out to its DML_*_OPERATOR_DESC's size");

}  // namespace dmlref::dml
