#pragma once
// Case generation without a GPU: cases of the format dmlref-case/1 for any operator of the
// registry and any supported data types, whose inputs cover the types' special values, every
// binade of the float types, the extremes of the integer types and random bit patterns, in
// three layouts; or ("normal") moderate inputs, for accuracy where results are ordinary
// numbers; or ("hard") the operator's hard-to-round corpus, where it states one
// (ops::hard_inputs_of). Expected values are golden's, added by the caller
// (dmlref-eval generate).
//
// Contract: generate_cases(o) returns cases that validate at the newest feature level; a
// tensor whose type o does not fix takes the first type (the first input's type, then
// FLOAT32, FLOAT16, the integers) that the operator's support table admits, so every
// operator is generated the same way. The same options and seed give the same cases.

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "dmlref/core/float16.hpp"
#include "dmlref/io/case_file.hpp"
#include "dmlref/ops/instantiations.hpp"
#include "dmlref/ops/registry.hpp"

namespace dmlref::io {

struct generate_options {
  std::string op = "ELEMENT_WISE_POW";
  std::map<std::string, data_type> types;  // by tensor name; absent ones are chosen
  data_type first_input = data_type::unknown;  // the first input's, whatever its name (--type)
  std::vector<std::string> layouts = {"contiguous", "broadcast", "padded"};
  std::uint32_t count = 1024;  // elements per case
  std::uint64_t seed = 1;
  // "special": special values, every binade, the integer extremes and random bit patterns;
  // "normal": moderate values (moderate_value below), which dmlref-eval generate then redraws
  // where golden's result is not a finite normal number; "hard": the rows of the operator's
  // hard-to-round corpus for the chosen types, in one contiguous case per attribute sample
  // (count, seed and the layouts do not apply).
  std::string values = "special";
};

namespace detail_generate {

/// Values of T worth testing: special values, a value in every binade (floats) or the
/// extremes (integers), then random bit patterns, count in all.
template <class T>
std::vector<T> interesting_values(std::uint32_t count, std::mt19937_64& rng) {
  std::vector<T> v;
  if constexpr (is_float_element_v<T>) {
    using F = typename math::format_of<T>::type;
    using bits_type = typename F::bits_type;
    const auto from = [](std::uint64_t b) { return math::from_bits<T>(static_cast<bits_type>(b)); };
    for (const std::uint64_t b : {std::uint64_t{0}, std::uint64_t{F::sign_mask}, std::uint64_t{F::infinity},
                                  std::uint64_t{F::sign_mask | F::infinity}, std::uint64_t{F::quiet_nan}, std::uint64_t{1},
                                  std::uint64_t{F::sign_mask | 1u}, std::uint64_t{F::exponent_mask - 1}}) {
      v.push_back(from(b));
    }
    for (const double d : {1.0, -1.0, 2.0, -2.0, 0.5, -0.5, 3.0, -3.0, 10.0}) v.push_back(T(static_cast<float>(d)));
    const std::uint64_t biased_max = (std::uint64_t{1} << F::exponent_bits) - 2;
    for (std::uint64_t e = 0; e <= biased_max; ++e) {  // one value of each binade, both signs
      const std::uint64_t mantissa = rng() & F::mantissa_mask;
      const std::uint64_t b = (e << F::mantissa_bits) | mantissa | ((rng() & 1) != 0 ? F::sign_mask : 0u);
      v.push_back(from(b));
    }
  } else {
    using limits = std::numeric_limits<T>;
    for (const long long x : {0LL, 1LL, 2LL, 3LL, 7LL, -1LL, -2LL, -3LL}) {
      if (x >= static_cast<long long>(limits::min())) v.push_back(static_cast<T>(x));
    }
    v.push_back(limits::min());
    v.push_back(limits::max());
    v.push_back(static_cast<T>(limits::max() - 1));
  }
  while (v.size() < count) {
    T x{};
    const std::uint64_t bits = rng();
    if constexpr (std::is_same_v<T, float16>) {
      x = float16::from_bits(static_cast<std::uint16_t>(bits));
    } else {
      std::memcpy(&x, &bits, sizeof x);
    }
    v.push_back(x);
  }
  v.resize(count);
  return v;
}

/// A JSON array of the values (bit patterns as "0x..." strings for floats, so NaN payloads
/// and every bit survive; numbers for integers).
template <class T>
json values_json(const std::vector<T>& values) {
  json a = json::array();
  for (const auto x : values) {
    if constexpr (is_float_element_v<T>) {
      char text[24];
      std::snprintf(text, sizeof text, "0x%0*llx", static_cast<int>(2 * sizeof(T)),
                    static_cast<unsigned long long>(math::bits_of(x)));
      a.push_back(text);
    } else if constexpr (std::is_signed_v<T>) {
      a.push_back(static_cast<std::int64_t>(x));
    } else {
      a.push_back(static_cast<std::uint64_t>(x));
    }
  }
  return a;
}

/// One value of T of moderate size: a float of either sign with an exponent from -6 to 6
/// (FLOAT16: -3 to 3) and a random significand; an integer from -16 to 16 (0 to 32 unsigned).
template <class T>
T moderate_value(std::mt19937_64& rng) {
  if constexpr (is_float_element_v<T>) {
    using F = typename math::format_of<T>::type;
    using bits_type = typename F::bits_type;
    const std::uint64_t bias = (std::uint64_t{1} << (F::exponent_bits - 1)) - 1;
    const std::uint64_t reach = F::exponent_bits > 5 ? 6 : 3;
    const std::uint64_t exponent = bias - reach + rng() % (2 * reach + 1);
    const std::uint64_t b = (exponent << F::mantissa_bits) | (rng() & F::mantissa_mask) | ((rng() & 1) != 0 ? F::sign_mask : 0u);
    return math::from_bits<T>(static_cast<bits_type>(b));
  } else if constexpr (std::is_signed_v<T>) {
    return static_cast<T>(static_cast<int>(rng() % 33) - 16);
  } else {
    return static_cast<T>(rng() % 33);
  }
}

/// count moderate values of the type, as a JSON array (values_json).
inline json moderate_values(data_type type, std::uint32_t count, std::mt19937_64& rng) {
  json out;
  visit_element_type(type, [&](auto* tag) {
    using T = std::remove_pointer_t<decltype(tag)>;
    std::vector<T> v(count);
    for (auto& x : v) x = moderate_value<T>(rng);
    out = values_json(v);
  });
  return out;
}

inline json generated_values(data_type type, std::uint32_t count, std::mt19937_64& rng) {
  json out;
  visit_element_type(type, [&](auto* tag) {
    using T = std::remove_pointer_t<decltype(tag)>;
    out = values_json(interesting_values<T>(count, rng));
  });
  return out;
}

inline constexpr data_type candidate_types[] = {data_type::float32, data_type::float16, data_type::int32,
                                                data_type::int16,   data_type::int8,    data_type::uint32,
                                                data_type::uint16,  data_type::uint8,   data_type::int64,
                                                data_type::uint64};

/// What generation needs of an operator: its tensors' names (inputs, then the output) and
/// its support rule. Everything else is the same code for every operator.
struct operator_tensors {
  std::vector<const char*> names;
  std::vector<std::vector<data_type>> slot_types;  // per tensor: the types the dispatch gives it
  status (*check_support)(feature_level, const ops::operation_types&) = nullptr;
  std::vector<dml::attribute_values> (*attribute_samples)(const ops::operation_types&) = nullptr;
  std::vector<std::vector<std::uint64_t>> (*hard_inputs)(const ops::operation_types&) = nullptr;  // null: none
};

template <class Op>
operator_tensors tensors_of() {
  operator_tensors t;
  for (std::size_t k = 0; k < ops::tensor_count_of<Op>; ++k) t.names.push_back(ops::tensor_field_of<Op>(k).name);
  // The dispatch's operands are the output, then the inputs; the tensors are in schema order,
  // the output last. An operator whose operands are not its tensors one for one restricts none.
  const auto operands = ops::operand_type_sets<Op>();
  if (operands.size() == t.names.size()) {
    for (std::size_t k = 0; k + 1 < t.names.size(); ++k) t.slot_types.push_back(operands[k + 1]);
    t.slot_types.push_back(operands[0]);
  }
  t.check_support = [](feature_level level, const ops::operation_types& types) { return Op::check_support(level, types); };
  t.attribute_samples = [](const ops::operation_types& types) { return ops::attribute_samples_of<Op>(types); };
  if constexpr (ops::has_hard_inputs_v<Op>) {
    t.hard_inputs = [](const ops::operation_types& types) { return ops::hard_inputs_of<Op>(types); };
  }
  return t;
}

/// Bit patterns as a JSON array of values of the type (values_json).
inline json values_of_bits(data_type type, const std::vector<std::uint64_t>& bits) {
  json out;
  visit_element_type(type, [&](auto* tag) {
    using T = std::remove_pointer_t<decltype(tag)>;
    std::vector<T> v;
    for (const auto b : bits) {
      if constexpr (is_float_element_v<T>) {
        v.push_back(math::from_bits<T>(static_cast<typename math::format_of<T>::type::bits_type>(b)));
      } else {
        v.push_back(static_cast<T>(b));
      }
    }
    out = values_json(v);
  });
  return out;
}

/// The operators that state a hard-to-round corpus, comma-separated (the registry's fold).
inline std::string operators_with_hard_inputs() {
  std::string names;
  ops::for_each_operator([&](auto tag) {
    using Op = typename decltype(tag)::type;
    if constexpr (ops::has_hard_inputs_v<Op>) names += (names.empty() ? "" : ", ") + std::string(ops::name_of<Op>);
  });
  return names;
}

/// The operator's tensors with their types: fixed ones from o; for the others the first
/// combination, in the order of the first input's type and then candidate_types, that the
/// support table admits at the newest level. Each free tensor tries only the types some
/// instantiation of the dispatch gives it (nine tensors of ten types would be 10^8 tries).
inline bool choose_types(const generate_options& o, const operator_tensors& op,
                         std::vector<std::pair<std::string, data_type>>& chosen, std::string& problem) {
  const std::size_t n = op.names.size();
  ops::operation_types t;
  std::vector<std::size_t> free_slots;
  const auto fixed = [&](std::size_t k) -> data_type {  // unknown where o leaves it free
    if (const auto it = o.types.find(op.names[k]); it != o.types.end()) return it->second;
    return k == 0 ? o.first_input : data_type::unknown;
  };
  const data_type first = fixed(0) != data_type::unknown ? fixed(0) : data_type::float32;
  std::vector<data_type> order = {first};
  for (const auto c : candidate_types) {
    if (c != first) order.push_back(c);
  }
  for (std::size_t k = 0; k < n; ++k) {
    t.present[k] = true;
    if (fixed(k) != data_type::unknown) {
      t.type[k] = fixed(k);
    } else {
      free_slots.push_back(k);
    }
  }
  // Each free slot's candidates: order, less the types its dispatch never gives it.
  std::vector<std::vector<data_type>> choices;
  for (const std::size_t k : free_slots) {
    std::vector<data_type> c;
    for (const auto type : order) {
      const bool possible = op.slot_types.empty() ||
                            std::find(op.slot_types[k].begin(), op.slot_types[k].end(), type) != op.slot_types[k].end();
      if (possible) c.push_back(type);
    }
    choices.push_back(std::move(c));
  }
  // Every combination of the free slots, the first slot changing slowest.
  std::vector<std::size_t> pick(free_slots.size(), 0);
  bool found = std::all_of(choices.begin(), choices.end(), [](const auto& c) { return !c.empty(); });
  for (bool more = found; more;) {
    found = false;
    for (std::size_t f = 0; f < free_slots.size(); ++f) t.type[free_slots[f]] = choices[f][pick[f]];
    if (op.check_support(newest_feature_level, t).ok()) {
      found = true;
      break;
    }
    std::size_t f = free_slots.size();
    while (f > 0 && ++pick[f - 1] == choices[f - 1].size()) pick[--f] = 0;
    more = f > 0;
  }
  if (!found) {
    for (std::size_t f = 0; f < free_slots.size(); ++f) t.type[free_slots[f]] = first;
    problem = op.check_support(newest_feature_level, t).message();
    return false;
  }
  for (std::size_t k = 0; k < n; ++k) chosen.emplace_back(op.names[k], t.type[k]);
  return true;
}

/// A case without its tensors' data: format, name (the operator, what, each tensor's type,
/// the attributes), op, feature level, attributes.
inline json case_head(const dml::operator_schema& schema, const std::string& what,
                      const std::vector<std::pair<std::string, data_type>>& tensors,
                      const dml::attribute_values& attributes) {
  json c;
  c["format"] = "dmlref-case/1";
  std::string name = std::string(schema.name) + " " + what;
  for (const auto& [tensor, t] : tensors) name += " " + tensor + ":" + std::string(dmlref::name(t));
  if (const auto label = attributes_label(attributes); !label.empty()) name += " " + label;
  c["name"] = name;
  c["op"] = schema.name;
  c["featureLevel"] = "6_4";
  c["tensors"] = json::object();
  if (auto a = attributes_json(attributes); !a.empty()) c["attributes"] = std::move(a);
  return c;
}

/// --values hard: one contiguous case per attribute sample holding every row of the
/// operator's corpus for these types; none and *problem where it has no corpus or no row.
inline std::vector<json> hard_cases(const dml::operator_schema& schema, const operator_tensors& op,
                                    const std::vector<std::pair<std::string, data_type>>& tensors,
                                    const ops::operation_types& types, const std::vector<dml::attribute_values>& samples,
                                    std::string& problem) {
  std::vector<json> cases;
  if (op.hard_inputs == nullptr) {
    problem = std::string(schema.name) + " has no hard-to-round corpus (--values hard); the operators with one: " +
              operators_with_hard_inputs();
    return cases;
  }
  for (const auto& attributes : samples) {
    ops::operation_types bound = types;  // ScaleBias moves the inputs off the corpus's
    bound.scale_bias = attributes.scale_bias().has_value();
    const auto columns = op.hard_inputs(bound);
    if (columns.empty() || columns[0].empty()) continue;
    const auto count = static_cast<std::uint32_t>(columns[0].size());
    json c = case_head(schema, "contiguous hard", tensors, attributes);
    for (std::size_t k = 0; k < tensors.size(); ++k) {
      const auto& [tensor, t] = tensors[k];
      json desc;
      desc["dataType"] = std::string(dmlref::name(t));
      desc["sizes"] = {count};
      if (k < columns.size()) desc["data"] = values_of_bits(t, columns[k]);
      c["tensors"][tensor] = std::move(desc);
    }
    cases.push_back(std::move(c));
  }
  if (cases.empty()) {
    std::string bound;
    for (const auto& [tensor, t] : tensors) bound += (bound.empty() ? "" : ", ") + tensor + " " + std::string(dmlref::name(t));
    problem = std::string(schema.name) + "'s hard-to-round corpus has no row for " + bound +
              " (choose the types with --type and --tensor-type)";
  }
  return cases;
}

}  // namespace detail_generate

/// The cases, or an empty list and *problem saying why (an unknown operator, unsupported
/// types, an unknown layout).
inline std::vector<json> generate_cases(const generate_options& o, std::string& problem) {
  std::vector<json> cases;
  const dml::operator_schema* schema = dml::find_schema(o.op);
  if (schema == nullptr || !ops::implemented(schema->type)) {
    problem = "\"" + o.op + "\" is not " + (schema == nullptr ? "an element-wise operator" : "implemented in this version") +
              "; the operators are " + ops::operator_names();
    return cases;
  }
  const dml::DML_OPERATOR_TYPE type = schema->type;
  for (const auto& layout : o.layouts) {
    if (layout != "contiguous" && layout != "broadcast" && layout != "padded") {
      problem = "the layouts are contiguous, broadcast and padded, not \"" + layout + "\"";
      return cases;
    }
  }
  if (o.count < 2) {
    problem = "--count takes at least 2 elements";
    return cases;
  }
  if (o.values != "special" && o.values != "normal" && o.values != "hard") {
    problem = "the values are special, normal and hard, not \"" + o.values + "\"";
    return cases;
  }
  const bool normal = o.values == "normal";
  const bool hard = o.values == "hard";
  const auto values = [&](data_type t, std::uint32_t n, std::mt19937_64& r) {
    return normal ? detail_generate::moderate_values(t, n, r) : detail_generate::generated_values(t, n, r);
  };
  // The operator's own part; the cases are made by the same code for every operator.
  detail_generate::operator_tensors op;
  ops::with_operator(type, [&](auto tag) { op = detail_generate::tensors_of<typename decltype(tag)::type>(); });
  std::vector<std::pair<std::string, data_type>> tensors;
  if (!detail_generate::choose_types(o, op, tensors, problem)) return cases;
  ops::operation_types types;  // the chosen ones: attributes typed by a tensor's data type need them
  for (std::size_t k = 0; k < tensors.size(); ++k) {
    types.type[k] = tensors[k].second;
    types.present[k] = true;
  }
  const auto samples = op.attribute_samples(types);
  if (hard) return detail_generate::hard_cases(*schema, op, tensors, types, samples, problem);
  std::mt19937_64 rng(o.seed);
  const std::uint32_t columns = o.count / 2, rows = 2;  // broadcast and padded: 2 x columns
  for (const auto& layout : o.layouts) {
    for (const auto& attributes : samples) {
      json c = detail_generate::case_head(*schema, layout + (normal ? " normal" : ""), tensors, attributes);
      json& ts = c["tensors"];
      for (std::size_t k = 0; k < tensors.size(); ++k) {
        const auto& [tensor, t] = tensors[k];
        const bool is_output = k + 1 == tensors.size();
        json desc;
        desc["dataType"] = std::string(dmlref::name(t));
        if (layout == "contiguous") {
          desc["sizes"] = {o.count};
          if (!is_output) desc["data"] = values(t, o.count, rng);
        } else if (layout == "broadcast") {
          desc["sizes"] = {rows, columns};
          if (k == 0 || is_output) {
            if (!is_output) desc["data"] = values(t, rows * columns, rng);
          } else {  // later inputs: one row, broadcast down the rows
            desc["strides"] = {0u, 1u};
            desc["data"] = values(t, columns, rng);
          }
        } else {  // padded: rows of columns + 3 elements
          desc["sizes"] = {rows, columns};
          desc["strides"] = {columns + 3, 1u};
          if (!is_output) desc["data"] = values(t, rows * (columns + 3), rng);
        }
        ts[tensor] = std::move(desc);
      }
      cases.push_back(std::move(c));
    }
  }
  return cases;
}

}  // namespace dmlref::io
