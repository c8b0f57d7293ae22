#pragma once
// A case's "attributes" object read and written by walking the operator's schema: each key is
// a DirectML field name, each value is read by the field's type.
//
//   FLOAT               a number, "NaN", "Infinity", "-Infinity" or "0x..." bits
//   UINT, INT           an integer in the type's range
//   an enumeration      its value's name ("DML_ROUNDING_MODE_TOWARD_ZERO" or "TOWARD_ZERO") or number
//   DML_TENSOR_DATA_TYPE  a data type's name ("FLOAT32")
//   DML_SCALE_BIAS*     {"Scale": FLOAT, "Bias": FLOAT}, or null (the pointer left null)
//   DML_SCALAR_UNION    a value of the data type its typing field names
//   DML_OPERATOR_DESC*  {"op": NAME, "attributes": {...}} (a fused operator), or null
//
// Every attribute that is not optional must be given; a key that names no attribute of the
// operator is an error naming it.

#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "dmlref/core/data_type.hpp"
#include "dmlref/core/status.hpp"
#include "dmlref/dml/attributes.hpp"
#include "dmlref/dml/schema.hpp"
#include "dmlref/io/element_json.hpp"

namespace dmlref::io {

namespace detail_attributes_json {

using json = nlohmann::json;

inline status fail(const std::string& field, const std::string& rule) {
  return status::error(errc::invalid_argument, "attributes", field, rule);
}

inline std::string enum_names(const dml::field_schema& f) {
  std::string names;
  for (std::size_t k = 0; k < f.value_count; ++k) names += (k == 0 ? "" : ", ") + std::string(f.values[k].name);
  return names;
}

/// The suffix of an enumeration value's name after its type's prefix ("TOWARD_ZERO").
inline std::string_view short_enum_name(const dml::field_schema& f, std::string_view full) {
  const std::string_view type = f.type_name;
  if (full.size() > type.size() + 1 && full.substr(0, type.size()) == type) return full.substr(type.size() + 1);
  return full;
}

template <class T>
status read_value(const json& v, const std::string& field, T& out) {
  T value{};
  if (auto s = detail_case::store_element<T>(v, &value, "attributes", field, 0); !s.ok()) {
    return fail(field, s.rule());
  }
  out = value;
  return {};
}

inline status read_attributes_of(const json& j, const dml::operator_schema& s, dml::attribute_values& out,
                                  const std::string& prefix, int depth);

inline status read_field(const json& v, const dml::operator_schema& s, const dml::field_schema& f,
                         dml::attribute_values& a, dml::attribute_value& out, const std::string& where, int depth) {
  dml::attribute_value r;
  r.present = true;
  switch (f.type) {
    case dml::field_type::float_value: {
      float x = 0.0f;
      if (auto st = read_value<float>(v, where, x); !st.ok()) return st;
      r = dml::attribute_value::of_float(x);
      break;
    }
    case dml::field_type::uint_value: {
      std::uint32_t x = 0;
      if (auto st = read_value<std::uint32_t>(v, where, x); !st.ok()) return st;
      r.bits = x;
      break;
    }
    case dml::field_type::int_value: {
      std::int32_t x = 0;
      if (auto st = read_value<std::int32_t>(v, where, x); !st.ok()) return st;
      std::memcpy(&r.bits, &x, sizeof x);
      break;
    }
    case dml::field_type::enumeration: {
      bool found = false;
      for (std::size_t k = 0; k < f.value_count && !found; ++k) {
        const auto& e = f.values[k];
        if ((v.is_string() && (v.get<std::string>() == e.name || v.get<std::string>() == short_enum_name(f, e.name))) ||
            (v.is_number_unsigned() && v.get<std::uint64_t>() == e.value)) {
          r.bits = e.value;
          found = true;
        }
      }
      if (!found) return fail(where, v.dump() + " is not a " + f.type_name + " (" + enum_names(f) + ")");
      break;
    }
    case dml::field_type::data_type: {
      const auto t = v.is_string() ? data_type_from_name(v.get<std::string>()) : data_type::unknown;
      if (t == data_type::unknown) return fail(where, v.dump() + " is not a data type name such as \"FLOAT32\"");
      r.bits = static_cast<std::uint32_t>(t);
      break;
    }
    case dml::field_type::scale_bias: {
      if (v.is_null()) {
        r.present = false;
        break;
      }
      if (!v.is_object() || !v.contains("Scale") || !v.contains("Bias") || v.size() != 2) {
        return fail(where, "must be {\"Scale\": number, \"Bias\": number} or null");
      }
      if (auto st = read_value<float>(v["Scale"], where + ".Scale", r.scale_bias.Scale); !st.ok()) return st;
      if (auto st = read_value<float>(v["Bias"], where + ".Bias", r.scale_bias.Bias); !st.ok()) return st;
      break;
    }
    case dml::field_type::scalar_union: {
      const std::size_t typing = a.index_of(f.typed_by == nullptr ? "" : f.typed_by);
      if (typing >= s.field_count || !a.at(typing).present) {
        return fail(where, std::string("needs ") + (f.typed_by == nullptr ? "its data type" : f.typed_by) + " beside it");
      }
      const auto t = static_cast<data_type>(a.at(typing).bits);
      status st;
      const bool known = detail_case::visit_element_type(t, [&](auto* tag) {
        using T = std::remove_pointer_t<decltype(tag)>;
        T x{};
        st = read_value<T>(v, where, x);
        std::memcpy(&r.scalar, static_cast<const void*>(&x), sizeof x);
      });
      if (!known) return fail(where, "has no value of data type " + std::string(name(t)));
      if (!st.ok()) return st;
      break;
    }
    case dml::field_type::operator_desc: {
      if (v.is_null()) {
        r.present = false;
        break;
      }
      const auto op = v.is_object() ? v.find("op") : v.end();
      if (depth > 0 || op == v.end() || !op->is_string()) {
        return fail(where, "must be {\"op\": NAME, \"attributes\": {...}} naming an operator that nests no other, or null");
      }
      const auto* ns = dml::find_schema(op->get<std::string>());
      if (ns == nullptr) return fail(where + ".op", "\"" + op->get<std::string>() + "\" is not an element-wise operator");
      auto nested = std::make_shared<dml::nested_operator>();
      nested->schema = ns;
      nested->attributes = dml::attribute_values(*ns);
      const auto attrs = v.find("attributes");
      if (auto st = read_attributes_of(attrs == v.end() ? json::object() : *attrs, *ns, nested->attributes,
                                       where + ".attributes.", depth + 1);
          !st.ok()) {
        return st;
      }
      r.nested = std::move(nested);
      break;
    }
    case dml::field_type::tensor_desc: return fail(where, "is a tensor, not an attribute");
  }
  out = r;
  return {};
}

inline status read_attributes_of(const json& j, const dml::operator_schema& s, dml::attribute_values& out,
                                  const std::string& prefix, int depth) {
  if (!j.is_null() && !j.is_object()) return fail(prefix, "must be an object keyed by DirectML's field names");
  dml::attribute_values a(s);
  std::string fields;
  for (std::size_t k = 0; k < s.field_count; ++k) {
    if (s.fields[k].kind == dml::field_kind::attribute) fields += (fields.empty() ? "" : ", ") + std::string(s.fields[k].name);
  }
  if (j.is_object()) {
    for (const auto& [key, value] : j.items()) {
      if (a.index_of(key) >= s.field_count) {
        return fail(prefix + key, "is not an attribute of " + std::string(s.name) +
                                      (fields.empty() ? " (it has none)" : " (it has " + fields + ")"));
      }
    }
  }
  // Scalar unions last: their data type is another field's value.
  for (const bool unions : {false, true}) {
    for (std::size_t k = 0; k < s.field_count; ++k) {
      const auto& f = s.fields[k];
      if (f.kind != dml::field_kind::attribute || (f.type == dml::field_type::scalar_union) != unions) continue;
      const auto it = j.is_object() ? j.find(f.name) : j.end();
      if (it == j.end()) {
        if (!f.optional) return fail(prefix + f.name, std::string(s.name) + " needs " + f.name);
        continue;
      }
      if (auto st = read_field(*it, s, f, a, a.at(k), prefix + f.name, depth); !st.ok()) return st;
    }
  }
  out = a;
  return {};
}

}  // namespace detail_attributes_json

/// Reads a case's "attributes" (null or absent: none given) for operator s.
inline status read_attributes(const nlohmann::json& j, const dml::operator_schema& s, dml::attribute_values& out) {
  return detail_attributes_json::read_attributes_of(j, s, out, "", 0);
}

/// The attributes as a case's "attributes" object (absent optional ones left out): what
/// read_attributes reads back to the same values.
inline nlohmann::json attributes_json(const dml::attribute_values& a) {
  nlohmann::json j = nlohmann::json::object();
  const auto* s = a.schema();
  if (s == nullptr) return j;
  for (std::size_t k = 0; k < s->field_count; ++k) {
    const auto& f = s->fields[k];
    const auto& v = a.at(k);
    if (f.kind != dml::field_kind::attribute || !v.present) continue;
    auto& out = j[f.name];
    switch (f.type) {
      case dml::field_type::float_value: out = detail_case::element_json(v.as_float()); break;
      case dml::field_type::uint_value: out = v.bits; break;
      case dml::field_type::int_value: out = static_cast<std::int32_t>(v.bits); break;
      case dml::field_type::enumeration: {
        out = v.bits;
        for (std::size_t e = 0; e < f.value_count; ++e) {
          if (f.values[e].value == v.bits) out = f.values[e].name;
        }
        break;
      }
      case dml::field_type::data_type: out = std::string(name(static_cast<data_type>(v.bits))); break;
      case dml::field_type::scale_bias:
        out = {{"Scale", detail_case::element_json(v.scale_bias.Scale)},
               {"Bias", detail_case::element_json(v.scale_bias.Bias)}};
        break;
      case dml::field_type::scalar_union: {
        const auto t = static_cast<data_type>(a[f.typed_by == nullptr ? "" : f.typed_by].bits);
        detail_case::visit_element_type(t, [&](auto* tag) {
          using T = std::remove_pointer_t<decltype(tag)>;
          T x{};
          std::memcpy(static_cast<void*>(&x), &v.scalar, sizeof x);
          out = detail_case::element_json(x);
        });
        break;
      }
      case dml::field_type::operator_desc:
        if (v.nested && v.nested->schema != nullptr) {
          out = {{"op", v.nested->schema->name}, {"attributes", attributes_json(v.nested->attributes)}};
        }
        break;
      case dml::field_type::tensor_desc: break;
    }
  }
  return j;
}

/// "Exponent 2.200000" for a case's name: each attribute given, in schema order.
inline std::string attributes_label(const dml::attribute_values& a) {
  std::string label;
  const nlohmann::json given = attributes_json(a);
  for (const auto& [key, value] : given.items()) {
    label += (label.empty() ? "" : " ") + key + " " + (value.is_number_float() ? std::to_string(value.get<float>()) : value.dump());
  }
  return label;
}

}  // namespace dmlref::io
