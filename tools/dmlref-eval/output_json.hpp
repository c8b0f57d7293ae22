#pragma once
// dmlref-eval's output: evaluated tensors as the JSON the case format's readers take back,
// every float printed so that it reads back to the same bits.

#include <string>
#include <type_traits>

#include <nlohmann/json.hpp>

#include "dmlref/io/evaluate.hpp"
#include "dmlref/oracle/format_value.hpp"

namespace dmlref_eval {

using json = nlohmann::ordered_json;

/// One element as JSON: integers as integers, floats as round-trip decimals, non-finite
/// values as "NaN", "Infinity", "-Infinity", negative zero as -0.0.
template <class T>
json element_json(T x) {
  if constexpr (dmlref::is_float_element_v<T>) {
    const std::string text = dmlref::oracle::value_text(x);
    if (text == "NaN" || text == "Infinity" || text == "-Infinity") return text;
    if (text == "-0") return json::parse("-0.0");
    return json::parse(text);  // a JSON number with exactly these digits
  } else if constexpr (std::is_signed_v<T>) {
    return static_cast<std::int64_t>(x);
  } else {
    return static_cast<std::uint64_t>(x);
  }
}

/// {"dataType", "sizes", "data"} of an evaluation (data in logical row-major order).
inline json tensor_json(const dmlref::io::evaluation& e) {
  json t;
  t["dataType"] = std::string(dmlref::name(e.desc.type));
  json sizes = json::array();
  for (std::uint32_t i = 0; i < e.desc.rank; ++i) sizes.push_back(e.desc.sizes[i]);
  t["sizes"] = sizes;
  json data = json::array();
  const std::uint64_t count = e.desc.element_count();
  dmlref::io::visit_element_type(e.desc.type, [&](auto* tag) {
    using T = std::remove_pointer_t<decltype(tag)>;
    const T* values = e.values.as<T>();
    for (std::uint64_t k = 0; k < count; ++k) data.push_back(element_json(values[k]));
  });
  t["data"] = std::move(data);
  return t;
}

}  // namespace dmlref_eval
