#pragma once
// dmlref-eval describe: every element-wise operator of DirectML's schema (dml/schema.hpp) by
// its DirectML name, with its DML_OPERATOR_TYPE value, the feature level it appeared in, its
// descriptor's fields, whether this build computes it (the registry, ops/registry.hpp) and,
// where it does, its support table (support_table.hpp). As text for people, or as JSON of the
// shape "dmlref-describe/1" (docs/case-format.md) for tools that generate tables from it
// (tools/write_generated.py).

#include <algorithm>
#include <cstdint>
#include <ostream>
#include <string>
#include <utility>

#include <nlohmann/json.hpp>

#include "dmlref/dml/schema.hpp"
#include "dmlref/ops/registry.hpp"
#include "support_table.hpp"

namespace dmlref_eval {

inline bool implemented(const dmlref::dml::operator_schema& op) {
  return dmlref::ops::with_operator(op.type, [](auto) {});
}

inline const char* kind_name(dmlref::dml::field_kind kind) {
  switch (kind) {
    case dmlref::dml::field_kind::input_tensor: return "input";
    case dmlref::dml::field_kind::output_tensor: return "output";
    case dmlref::dml::field_kind::attribute: return "attribute";
  }
  return "?";
}

inline const char* type_name(dmlref::dml::field_type type) {
  switch (type) {
    case dmlref::dml::field_type::tensor_desc: return "tensor";
    case dmlref::dml::field_type::operator_desc: return "operator";
    case dmlref::dml::field_type::uint_value: return "uint";
    case dmlref::dml::field_type::int_value: return "int";
    case dmlref::dml::field_type::float_value: return "float";
    case dmlref::dml::field_type::scale_bias: return "scale_bias";
    case dmlref::dml::field_type::data_type: return "data_type";
    case dmlref::dml::field_type::enumeration: return "enum";
    case dmlref::dml::field_type::scalar_union: return "scalar_union";
  }
  return "?";
}

/// "6_2" for DML_FEATURE_LEVEL_6_2 (0x6200).
inline std::string level_name(dmlref::dml::DML_FEATURE_LEVEL level) {
  const auto v = static_cast<std::uint32_t>(level);
  return std::to_string((v >> 12) & 0xF) + "_" + std::to_string((v >> 8) & 0xF);
}

inline nlohmann::ordered_json describe_json(const dmlref::dml::operator_schema& op) {
  nlohmann::ordered_json fields = nlohmann::ordered_json::array();
  for (std::size_t k = 0; k < op.field_count; ++k) {
    const auto& f = op.fields[k];
    nlohmann::ordered_json field = {{"name", f.name},
                                    {"kind", kind_name(f.kind)},
                                    {"type", type_name(f.type)},
                                    {"typeName", f.type_name},
                                    {"optional", f.optional}};
    if (f.type == dmlref::dml::field_type::enumeration) {
      field["values"] = nlohmann::ordered_json::array();
      for (std::size_t v = 0; v < f.value_count; ++v) {
        field["values"].push_back({{"name", f.values[v].name}, {"value", f.values[v].value}});
      }
    }
    if (f.typed_by != nullptr) field["typedBy"] = f.typed_by;
    if (f.type == dmlref::dml::field_type::operator_desc && implemented(op)) {
      field["accepts"] = dmlref::ops::fused_activations<void>::list();
    }
    fields.push_back(std::move(field));
  }
  nlohmann::ordered_json out = {{"name", op.name},
                                {"enum", std::string("DML_OPERATOR_") + op.name},
                                {"value", static_cast<int>(op.type)},
                                {"introduced", level_name(op.introduced)},
                                {"descriptor", std::string("DML_") + op.name + "_OPERATOR_DESC"},
                                {"implemented", implemented(op)},
                                {"fields", std::move(fields)}};
  dmlref::ops::with_operator(op.type, [&](auto tag) { out["support"] = support_json<typename decltype(tag)::type>(); });
  return out;
}

/// The support table's lines of the text form, read from its JSON (support_json).
inline void support_text(std::ostream& out, const nlohmann::ordered_json& support) {
  const auto joined = [](const nlohmann::ordered_json& names, const char* separator) {
    std::string s;
    for (const auto& name : names) s += (s.empty() ? "" : separator) + name.get<std::string>();
    return s;
  };
  std::string groups;
  for (const auto& g : support["groups"]) groups += (groups.empty() ? "" : " | ") + joined(g, " = ");
  out << "  support      " << groups << "\n";
  for (const auto& row : support["types"]) {  // what each level that changes it accepts
    std::string line = std::string("    ") + row["since"].get<std::string>();
    line.resize(15, ' ');
    std::string products;
    for (const auto& p : row["accepted"]) {
      std::string sets;
      for (const auto& set : p) sets += (sets.empty() ? "" : " | ") + joined(set, ", ");
      products += (products.empty() ? "" : "; ") + sets;
    }
    out << line << products << "\n";
  }
  std::string dimensions;
  for (const auto& row : support["dimensions"]) {
    const auto least = row["least"].get<unsigned>(), most = row["most"].get<unsigned>();
    dimensions += (dimensions.empty() ? "" : ", ") + std::to_string(least) +
                  (most == least ? "" : " to " + std::to_string(most)) + " from " + row["since"].get<std::string>();
  }
  out << "  dimensions   " << dimensions << "\n";
  for (const auto& o : support["optionalTensors"]) {
    out << "  may be null  " << o["name"].get<std::string>() << " from " << o["since"].get<std::string>() << "\n";
  }
  out << "  in place     " << (support["inPlace"].empty() ? "no" : joined(support["inPlace"], ", ")) << "\n";
  out << "  ScaleBias    " << support["scaleBias"].get<std::string>() << "\n";
}

inline void describe_text(std::ostream& out, const dmlref::dml::operator_schema& op) {
  out << op.name << " (DML_OPERATOR_" << op.name << " = " << static_cast<int>(op.type) << "), since "
      << level_name(op.introduced) << ", " << (implemented(op) ? "implemented" : "not implemented") << "\n";
  for (std::size_t k = 0; k < op.field_count; ++k) {
    const auto& f = op.fields[k];
    std::string line = std::string("  ") + kind_name(f.kind);
    line.resize(13, ' ');
    line += f.name;
    line.resize(std::max<std::size_t>(line.size() + 1, 38), ' ');
    line += f.type_name;
    if (f.optional) line += ", optional";
    if (f.typed_by != nullptr) line += std::string(", typed by ") + f.typed_by;
    if (f.type == dmlref::dml::field_type::operator_desc && implemented(op)) {
      line += ": " + dmlref::ops::fused_activations<void>::names();
    }
    for (std::size_t v = 0; v < f.value_count; ++v) {
      line += (v == 0 ? ": " : ", ") + std::string(f.values[v].name) + " = " + std::to_string(f.values[v].value);
    }
    out << line << "\n";
  }
  dmlref::ops::with_operator(op.type, [&](auto tag) { support_text(out, support_json<typename decltype(tag)::type>()); });
}

/// Why find_schema found nothing for name: an ambiguous short name, or no such operator.
inline std::string unknown_operator_message(const std::string& name) {
  std::string both;
  for (const auto& op : dmlref::dml::element_wise_operators) {
    if (dmlref::dml::detail::schema::same_name(dmlref::dml::detail::schema::short_name(op.name), name)) {
      both += both.empty() ? op.name : std::string(" or ") + op.name;
    }
  }
  if (!both.empty()) return "\"" + name + "\" is ambiguous: name " + both;
  return "\"" + name +
         "\" is not an element-wise operator of DirectML; give its DirectML name (ELEMENT_WISE_ABS, "
         "DML_OPERATOR_ELEMENT_WISE_ABS, or ABS where only one operator has it); dmlref-eval describe lists them";
}

/// describe [--op NAME] [--format text|json]: 0, or 2 with a message on err for an unknown
/// or ambiguous name.
inline int describe(const std::string& op_name, bool json, std::ostream& out, std::ostream& err) {
  const dmlref::dml::operator_schema* only = nullptr;
  if (!op_name.empty()) {
    only = dmlref::dml::find_schema(op_name);
    if (only == nullptr) {
      err << "dmlref-eval: describe: " << unknown_operator_message(op_name) << "\n";
      return 2;
    }
  }
  std::size_t listed = 0, computed = 0;
  nlohmann::ordered_json operators = nlohmann::ordered_json::array();
  for (const auto& op : dmlref::dml::element_wise_operators) {
    if (only != nullptr && &op != only) continue;
    ++listed;
    if (implemented(op)) ++computed;
    if (json) {
      operators.push_back(describe_json(op));
    } else {
      describe_text(out, op);
    }
  }
  if (json) {
    nlohmann::ordered_json levels = nlohmann::ordered_json::array();
    for (const auto level : dmlref::all_feature_levels) levels.push_back(std::string(dmlref::name(level)));
    const nlohmann::ordered_json document = {
        {"format", "dmlref-describe/1"}, {"featureLevels", std::move(levels)}, {"operators", std::move(operators)}};
    out << document.dump(1) << "\n";
  } else if (only == nullptr) {
    out << listed << " operators, " << computed << " implemented\n";
  }
  return 0;
}

}  // namespace dmlref_eval
