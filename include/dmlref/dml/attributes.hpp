#pragma once
// A descriptor's fields as values, held by schema field, and the one generic reading and
// writing of DML_*_OPERATOR_DESC structs: every layer that needs an operator's attributes (the
// runtime layer, the case reader, Python's keyword arguments, the CLI, the fuzzers, the
// tests) walks the operator's schema (dml/schema.hpp) with these, and only the operator's own
// header names an attribute.
//
//   attribute_values   the attributes of one operation, indexed like its schema's fields;
//   read_descriptor    a DML_OPERATOR_DESC's tensors and attributes, touching only the fields
//                      its schema lists;
//   descriptor_storage a DML_OPERATOR_DESC written from tensors and attribute_values.

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "dmlref/dml/directml_types.hpp"
#include "dmlref/dml/schema.hpp"

namespace dmlref::dml {

class attribute_values;

/// A nested operator (ADD1's FusedActivation): its type and its own attributes.
struct nested_operator;

/// One attribute field's value as a descriptor carries it.
struct attribute_value {
  bool present = false;      // false: an optional pointer left null, or a field not yet set
  std::uint32_t bits = 0;    // UINT, INT, FLOAT, enumeration and data-type fields: their 32 bits
  DML_SCALE_BIAS scale_bias{1.0f, 0.0f};
  std::uint64_t scalar = 0;  // DML_SCALAR_UNION's 8 bytes
  std::shared_ptr<const nested_operator> nested;

  float as_float() const noexcept {
    float f;
    std::memcpy(&f, &bits, sizeof f);
    return f;
  }
  static attribute_value of_float(float f) noexcept {
    attribute_value v;
    v.present = true;
    std::memcpy(&v.bits, &f, sizeof f);
    return v;
  }
  static attribute_value of_bits(std::uint32_t b) noexcept {
    attribute_value v;
    v.present = true;
    v.bits = b;
    return v;
  }
  /// A DML_SCALAR_UNION's 8 bytes (the member its typing field names in the low bytes).
  static attribute_value of_scalar(std::uint64_t bytes) noexcept {
    attribute_value v;
    v.present = true;
    v.scalar = bytes;
    return v;
  }
  static attribute_value of_scale_bias(DML_SCALE_BIAS sb) noexcept {
    attribute_value v;
    v.present = true;
    v.scale_bias = sb;
    return v;
  }
};

/// The attribute values of one operation, indexed by its schema's field index (tensor fields
/// hold nothing).
class attribute_values {
 public:
  attribute_values() = default;
  explicit attribute_values(const operator_schema& s) : schema_(&s) {}

  const operator_schema* schema() const noexcept { return schema_; }

  /// The index of the attribute field named field; field_count when there is none.
  std::size_t index_of(std::string_view field) const noexcept {
    if (schema_ == nullptr) return 0;
    for (std::size_t k = 0; k < schema_->field_count; ++k) {
      if (schema_->fields[k].kind == field_kind::attribute && field == schema_->fields[k].name) return k;
    }
    return schema_->field_count;
  }
  bool has(std::string_view field) const noexcept { return schema_ != nullptr && index_of(field) < schema_->field_count; }

  const attribute_value& at(std::size_t index) const noexcept { return values_[index]; }
  attribute_value& at(std::size_t index) noexcept { return values_[index]; }

  /// The value of field (a default value when the operator has none: the operator's header
  /// names only fields its schema has, which the registry's tests check).
  const attribute_value& operator[](std::string_view field) const noexcept {
    static const attribute_value none{};
    const std::size_t k = index_of(field);
    return schema_ != nullptr && k < schema_->field_count ? values_[k] : none;
  }
  bool set(std::string_view field, const attribute_value& v) noexcept {
    const std::size_t k = index_of(field);
    if (schema_ == nullptr || k >= schema_->field_count) return false;
    values_[k] = v;
    return true;
  }

  /// The operator's ScaleBias when one is given (the operators that have one call it
  /// "ScaleBias").
  std::optional<DML_SCALE_BIAS> scale_bias() const noexcept {
    const auto& v = (*this)["ScaleBias"];
    if (!v.present) return std::nullopt;
    return v.scale_bias;
  }
  /// Whether the schema has a ScaleBias field.
  bool takes_scale_bias() const noexcept { return has("ScaleBias"); }

 private:
  const operator_schema* schema_ = nullptr;
  std::array<attribute_value, max_descriptor_fields> values_{};
};

struct nested_operator {
  const operator_schema* schema = nullptr;
  attribute_values attributes;
};

/// The first enumeration attribute of a (ROUND's RoundingMode, ...) that holds no value its
/// schema lists: its field, and the rule it breaks; {nullptr, ""} when every one is known.
inline std::pair<const char*, std::string> unknown_enumeration(const attribute_values& a) {
  const operator_schema* s = a.schema();
  if (s == nullptr) return {nullptr, {}};
  for (std::size_t k = 0; k < s->field_count; ++k) {
    const field_schema& f = s->fields[k];
    if (f.kind != field_kind::attribute || f.type != field_type::enumeration) continue;
    const std::uint32_t value = a.at(k).bits;
    bool known = false;
    std::string names;
    for (std::size_t e = 0; e < f.value_count; ++e) {
      known = known || f.values[e].value == value;
      names += (e == 0 ? "" : ", ") + std::string(f.values[e].name);
    }
    if (!known) return {f.name, std::to_string(value) + " is not a " + f.type_name + " (" + names + ")"};
  }
  return {nullptr, {}};
}

namespace detail_attributes {

template <class T>
T load(const unsigned char* base, std::size_t offset) noexcept {
  T value;
  std::memcpy(&value, base + offset, sizeof(T));
  return value;
}
template <class T>
void store(unsigned char* base, std::size_t offset, const T& value) noexcept {
  std::memcpy(base + offset, &value, sizeof(T));
}

}  // namespace detail_attributes

/// A descriptor read through its schema: tensors in schema order (the tensor fields only),
/// and the attributes.
struct descriptor_fields {
  std::array<const DML_TENSOR_DESC*, max_descriptor_fields> tensors{};
  std::size_t tensor_count = 0;
  attribute_values attributes;
};

/// Reads desc (of schema s) field by field. A nested operator (FusedActivation) is read
/// through its own schema; it fails, with a message naming the field, when the nested type is
/// no element-wise operator or nests again. Returns an empty string on success.
inline std::string read_descriptor(const operator_schema& s, const void* desc, descriptor_fields& out,
                                   int depth = 0) {
  using namespace detail_attributes;
  const auto* base = static_cast<const unsigned char*>(desc);
  descriptor_fields r;
  r.attributes = attribute_values(s);
  for (std::size_t k = 0; k < s.field_count; ++k) {
    const auto& f = s.fields[k];
    const std::size_t offset = field_offset(s, k);
    if (f.kind != field_kind::attribute) {
      r.tensors[r.tensor_count++] = load<const DML_TENSOR_DESC*>(base, offset);
      continue;
    }
    auto& v = r.attributes.at(k);
    switch (f.type) {
      case field_type::scale_bias: {
        const auto* sb = load<const DML_SCALE_BIAS*>(base, offset);
        v.present = sb != nullptr;
        if (sb != nullptr) v.scale_bias = *sb;
        break;
      }
      case field_type::scalar_union:
        v.present = true;
        v.scalar = load<std::uint64_t>(base, offset);
        break;
      case field_type::operator_desc: {
        const auto* nested = load<const DML_OPERATOR_DESC*>(base, offset);
        v.present = nested != nullptr;
        if (nested == nullptr) break;
        const operator_schema* ns = find_schema(nested->Type);
        if (ns == nullptr || depth > 0) {
          return std::string(f.name) + " must be an element-wise operator that nests no other (type " +
                 std::to_string(static_cast<int>(nested->Type)) + ")";
        }
        if (nested->Desc == nullptr) return std::string(f.name) + "'s Desc is null";
        descriptor_fields inner;
        if (auto e = read_descriptor(*ns, nested->Desc, inner, depth + 1); !e.empty()) return std::string(f.name) + ": " + e;
        for (std::size_t t = 0, i = 0; t < ns->field_count; ++t) {
          if (ns->fields[t].kind == field_kind::attribute) continue;
          if (inner.tensors[i++] != nullptr) {
            return std::string(f.name) + ": " + ns->fields[t].name +
                   " must be null (a fused operator's tensors are those of the operator it is fused into)";
          }
        }
        auto n = std::make_shared<nested_operator>();
        n->schema = ns;
        n->attributes = inner.attributes;
        v.nested = std::move(n);
        break;
      }
      case field_type::tensor_desc: break;
      default:
        v.present = true;
        v.bits = load<std::uint32_t>(base, offset);
        break;
    }
  }
  out = std::move(r);
  return {};
}

/// A DML_OPERATOR_DESC written from tensors (one per tensor field, in schema order; null for
/// an absent optional one) and attribute values, kept alive with what it points to.
class descriptor_storage {
 public:
  descriptor_storage(const operator_schema& s, const DML_TENSOR_DESC* const* tensors, const attribute_values& a) {
    using namespace detail_attributes;
    std::size_t t = 0;
    for (std::size_t k = 0; k < s.field_count; ++k) {
      const auto& f = s.fields[k];
      const std::size_t offset = field_offset(s, k);
      if (f.kind != field_kind::attribute) {
        store(bytes_, offset, tensors[t++]);
        continue;
      }
      const attribute_value& v = a.schema() == &s ? a.at(k) : a[f.name];
      switch (f.type) {
        case field_type::scale_bias:
          scale_bias_ = v.scale_bias;
          store(bytes_, offset, v.present ? &scale_bias_ : static_cast<const DML_SCALE_BIAS*>(nullptr));
          break;
        case field_type::scalar_union: store(bytes_, offset, v.scalar); break;
        case field_type::operator_desc:
          if (v.present && v.nested && v.nested->schema != nullptr) {
            const std::array<const DML_TENSOR_DESC*, max_descriptor_fields> none{};
            nested_ = std::make_unique<descriptor_storage>(*v.nested->schema, none.data(), v.nested->attributes);
            store(bytes_, offset, &nested_->op());
          } else {
            store(bytes_, offset, static_cast<const DML_OPERATOR_DESC*>(nullptr));
          }
          break;
        case field_type::tensor_desc: break;
        default: store(bytes_, offset, v.bits); break;
      }
    }
    op_ = {s.type, bytes_};
  }
  descriptor_storage(const descriptor_storage&) = delete;
  descriptor_storage& operator=(const descriptor_storage&) = delete;

  const DML_OPERATOR_DESC& op() const noexcept { return op_; }

 private:
  alignas(8) unsigned char bytes_[max_descriptor_bytes]{};
  DML_SCALE_BIAS scale_bias_{};
  std::unique_ptr<descriptor_storage> nested_;
  DML_OPERATOR_DESC op_{};
};

}  // namespace dmlref::dml
