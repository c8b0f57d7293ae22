#pragma once
// Reading the case format dmlref-case/1 (see docs/case-format.md): one JSON case, or many
// under "cases", each a DirectML operator with its tensors, data, attributes, expected
// values and tolerance. Needs nlohmann/json (Debian's nlohmann-json3-dev).
//
// Contract: a malformed case gives a status naming the tensor (or the case's field), the
// field and the rule; nothing is allocated beyond max_buffer_bytes per tensor; no value is
// accepted that does not fit its data type exactly (integers: in range, no fraction;
// floats: rounded once to the type, or given as the type's own bit pattern "0x7e01").

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>
#include <utility>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "dmlref/core/data_type.hpp"
#include "dmlref/core/feature_level.hpp"
#include "dmlref/core/status.hpp"
#include "dmlref/core/tensor_desc.hpp"
#include "dmlref/core/tolerance.hpp"
#include "dmlref/dml/directml_types.hpp"
#include "dmlref/io/attributes_json.hpp"
#include "dmlref/io/element_json.hpp"
#include "dmlref/io/json_numbers.hpp"
#include "dmlref/io/npy.hpp"
#include "dmlref/math/real.hpp"
#include "dmlref/ops/registry.hpp"

namespace dmlref::io {


inline constexpr std::uint64_t default_max_buffer_bytes = std::uint64_t{1} << 30;

/// An element buffer of some data type, 8-byte aligned.
struct element_buffer {
  data_type type = data_type::unknown;
  std::vector<std::uint64_t> words;

  void resize_bytes(std::uint64_t bytes) { words.assign(static_cast<std::size_t>((bytes + 7) / 8), 0); }
  void* data() noexcept { return words.data(); }
  const void* data() const noexcept { return words.data(); }
  std::uint64_t size_in_bytes() const noexcept { return words.size() * 8; }
  template <class T>
  const T* as() const noexcept { return static_cast<const T*>(data()); }
};

struct case_tensor {
  std::string name;  // DirectML's field name: "InputTensor"
  tensor_desc desc;
  bool has_data = false;
  element_buffer buffer;  // the data, from the start of the buffer (empty for an output)
  std::uint64_t buffer_bytes = 0;  // the bound buffer's size: TotalTensorSizeInBytes, or the data's
  std::vector<std::string> warnings;  // what reads as intended but probably is not
};

struct test_case {
  std::string name;
  std::string op;  // "ELEMENT_WISE_POW"
  dml::DML_OPERATOR_TYPE op_type = dml::DML_OPERATOR_INVALID;
  feature_level level = newest_feature_level;
  std::vector<case_tensor> tensors;
  dml::attribute_values attributes;  // by the operator's schema
  std::optional<element_buffer> expected;  // the output tensor's, packed logical row-major order
  std::optional<tolerance> tol;
  double absolute_tolerance = 0.0;  // "absolute" metric: |actual - expected| <= this passes (0: none)

  const case_tensor* find(std::string_view tensor) const noexcept {
    for (const auto& t : tensors) {
      if (t.name == tensor) return &t;
    }
    return nullptr;
  }
};

namespace detail_case {

/// Fills buffer (already sized) with the values of array `values` as `type`.
inline status store_values(const json& values, data_type type, element_buffer& buffer, const std::string& tensor,
                           const std::string& field) {
  status result;
  visit_element_type(type, [&](auto* tag) {
    using T = std::remove_pointer_t<decltype(tag)>;
    T* dst = static_cast<T*>(buffer.data());
    for (std::size_t i = 0; i < values.size() && result.ok(); ++i) {
      result = store_element<T>(values[i], dst, tensor, field, i);
    }
  });
  return result;
}

/// A path named in a case file, relative to the file's folder (base_dir; empty: as given).
inline std::string resolve_path(std::string_view base_dir, const std::string& path) {
  if (base_dir.empty() || (!path.empty() && path[0] == '/')) return path;
  return std::string(base_dir) + "/" + path;
}

/// Values of one data field: a JSON array, or {"npy": "file.npy"} (a NumPy file of exactly the
/// field's data type, its elements in C order). Fills buffer, sized to at least min_bytes and
/// to every value given; count is the number of values. Refuses more than max_bytes.
inline status load_values(const json& data, data_type type, std::string_view base_dir, const std::string& tensor,
                          const std::string& field, std::uint64_t min_bytes, std::uint64_t max_bytes,
                          element_buffer& buffer, std::uint64_t& count) {
  const std::uint64_t size = element_size(type);
  buffer.type = type;
  if (data.is_array()) {
    count = data.size();
    buffer.resize_bytes(std::max(min_bytes, count * size));
    return store_values(data, type, buffer, tensor, field);
  }
  const auto it = data.is_object() ? data.find("npy") : data.end();
  if (it == data.end() || !it->is_string() || data.size() != 1) {
    return fail(tensor, field, "must be an array of values or {\"npy\": \"file.npy\"}");
  }
  npy_reader npy;
  const auto path = resolve_path(base_dir, it->get<std::string>());
  if (auto s = npy.open(path); !s.ok()) return fail(tensor, field, s.message());
  if (npy.header().type != type) {
    return fail(tensor, field, path + " holds " + std::string(name(npy.header().type)) + " data; the tensor is " +
                                   std::string(name(type)));
  }
  count = npy.header().element_count();
  if (npy.data_bytes() > max_bytes) {
    return fail(tensor, field, path + " holds " + std::to_string(npy.data_bytes()) + " bytes, above the limit of " +
                                   std::to_string(max_bytes));
  }
  buffer.resize_bytes(std::max(min_bytes, npy.data_bytes()));
  if (auto s = npy.read_data(buffer.data()); !s.ok()) return fail(tensor, field, s.message());
  return {};
}

inline status read_u32_array(const json& j, const std::string& tensor, const char* field, dimensions& out,
                             std::uint32_t& count) {
  if (!j.is_array()) return fail(tensor, field, "must be an array of integers");
  if (j.empty() || j.size() > max_rank) return fail(tensor, field, "must hold 1 to 8 integers, has " + std::to_string(j.size()));
  for (std::size_t i = 0; i < j.size(); ++i) {
    if (!j[i].is_number_unsigned() && !(j[i].is_number_integer() && j[i].get<std::int64_t>() >= 0)) {
      return fail(tensor, std::string(field) + "[" + std::to_string(i) + "]", "must be a non-negative integer");
    }
    const auto v = j[i].get<std::uint64_t>();
    if (v > 0xFFFFFFFFull) return fail(tensor, std::string(field) + "[" + std::to_string(i) + "]", "exceeds 2^32 - 1");
    out[i] = static_cast<std::uint32_t>(v);
  }
  count = static_cast<std::uint32_t>(j.size());
  return {};
}

/// "FLOAT32, FLOAT16, ..." : the data types a tensor of the case format may have.
inline std::string data_type_names() {
  std::string names;
  for (std::uint32_t v = 1; v <= static_cast<std::uint32_t>(data_type::int4); ++v) {
    const auto t = static_cast<data_type>(v);
    if (element_size(t) != 0) names.append(names.empty() ? "" : ", ").append(name(t));
  }
  return names;
}

/// A warning when FLOAT16 data look like bit patterns written as numbers: every value a
/// non-negative JSON integer, some of them 0x3c00 (the pattern of 1.0) or more.
inline std::optional<std::string> bit_pattern_warning(const json& data, data_type type) {
  if (type != data_type::float16 || !data.is_array() || data.empty()) return std::nullopt;
  std::uint64_t largest = 0;
  for (const auto& v : data) {
    if (!v.is_number_unsigned()) return std::nullopt;
    largest = std::max<std::uint64_t>(largest, v.get<std::uint64_t>());
  }
  if (largest < 0x3c00) return std::nullopt;
  return "FLOAT16 data are all integers, up to " + std::to_string(largest) +
         ": they are read as values; bit patterns are written as strings, \"0x3c00\" for 1.0";
}

inline status read_tensor(const std::string& tensor, const json& j, case_tensor& out, std::uint64_t max_bytes,
                          std::string_view base_dir) {
  if (!j.is_object()) return fail(tensor, "", "must be an object");
  case_tensor t;
  t.name = tensor;
  const auto type_it = j.find("dataType");
  if (type_it == j.end() || !type_it->is_string()) return fail(tensor, "dataType", "is required: a DirectML data type name such as \"FLOAT32\"");
  t.desc.type = data_type_from_name(type_it->get<std::string>());
  if (element_size(t.desc.type) == 0) {
    return fail(tensor, "dataType", "\"" + type_it->get<std::string>() + "\" is not a data type of the case format; the names are " +
                                        data_type_names());
  }
  const auto sizes_it = j.find("sizes");
  if (sizes_it == j.end()) return fail(tensor, "sizes", "is required");
  if (auto s = read_u32_array(*sizes_it, tensor, "sizes", t.desc.sizes, t.desc.rank); !s.ok()) return s;
  if (const auto it = j.find("strides"); it != j.end() && !it->is_null()) {
    std::uint32_t count = 0;
    if (auto s = read_u32_array(*it, tensor, "strides", t.desc.strides, count); !s.ok()) return s;
    if (count != t.desc.rank) return fail(tensor, "strides", "must have as many entries as sizes");
    t.desc.has_strides = true;
  }
  const auto minimum = t.desc.minimum_size_in_bytes();
  if (!minimum) return fail(tensor, "strides", "the buffer size DMLCalcBufferTensorSize computes exceeds 64 bits");
  t.desc.total_size_in_bytes = *minimum;
  if (const auto it = j.find("totalTensorSizeInBytes"); it != j.end()) {
    if (!it->is_number_unsigned()) return fail(tensor, "totalTensorSizeInBytes", "must be a non-negative integer");
    t.desc.total_size_in_bytes = it->get<std::uint64_t>();
  }
  if (const auto it = j.find("guaranteedBaseOffsetAlignment"); it != j.end()) {
    if (!it->is_number_unsigned() || it->get<std::uint64_t>() > 0xFFFFFFFFull) {
      return fail(tensor, "guaranteedBaseOffsetAlignment", "must be an integer from 0 to 2^32 - 1");
    }
    t.desc.base_offset_alignment = it->get<std::uint32_t>();
  }
  const std::uint64_t bytes = t.desc.total_size_in_bytes > *minimum ? t.desc.total_size_in_bytes : *minimum;
  if (bytes > max_bytes) {
    return fail(tensor, "sizes", "the buffer would take " + std::to_string(bytes) + " bytes, above the limit of " +
                                     std::to_string(max_bytes));
  }
  t.buffer.type = t.desc.type;
  if (const auto it = j.find("data"); it != j.end()) {
    // Elements up to the last one the strides address: none when a size is 0 (which
    // validation refuses later); otherwise the sum fits, as the checked minimum above did.
    std::uint64_t addressed = 0;
    if (*minimum != 0) {
      const auto strides = t.desc.effective_strides();
      for (std::uint32_t i = 0; i < t.desc.rank; ++i) addressed += (t.desc.sizes[i] - 1ull) * strides[i];
      ++addressed;
    }
    std::uint64_t count = 0;
    if (auto s = load_values(*it, t.desc.type, base_dir, tensor, "data", bytes, max_bytes, t.buffer, count); !s.ok()) {
      return s;
    }
    if (auto w = bit_pattern_warning(*it, t.desc.type)) t.warnings.push_back(tensor + ".data: " + *w);
    if (count < addressed) {
      std::string hint;
      const auto size = element_size(t.desc.type);
      bool byte_like = t.desc.has_strides && size > 1;
      for (std::uint32_t i = 0; byte_like && i < t.desc.rank; ++i) byte_like = t.desc.strides[i] % size == 0;
      if (byte_like) hint = " (strides count elements, not bytes: these look like byte offsets)";
      return fail(tensor, "data", "holds " + std::to_string(count) + " values; the strides address " +
                                      std::to_string(addressed) + hint);
    }
    // (A total below the minimum is validation's to report, with DirectML's rule.)
    if (j.contains("totalTensorSizeInBytes") && t.desc.total_size_in_bytes >= *minimum &&
        count * element_size(t.desc.type) > t.desc.total_size_in_bytes) {
      return fail(tensor, "data", "holds " + std::to_string(count) + " values, more than totalTensorSizeInBytes (" +
                                      std::to_string(t.desc.total_size_in_bytes) + ") holds");
    }
    t.has_data = true;
    t.buffer_bytes = t.buffer.size_in_bytes();
  } else {
    t.buffer_bytes = bytes;  // an output: its memory is the evaluation's, not the reader's
  }
  out = std::move(t);
  return {};
}

}  // namespace detail_case

// The case reader's element conversions, public for tools that write or read values of a
// data type: visit_element_type(t, f) calls f(T*) (a null pointer of t's C++ type);
// store_values fills a sized buffer from a JSON array.
using detail_case::load_values;
using detail_case::store_values;
using detail_case::visit_element_type;

/// Reads one case object.
/// base_dir: the folder that paths in the case ({"npy": "file.npy"}) are relative to.
inline status read_case(const json& j, test_case& out, std::uint64_t max_buffer_bytes = default_max_buffer_bytes,
                        std::string_view base_dir = {}) {
  using detail_case::fail;
  if (!j.is_object()) return fail("", "case", "must be a JSON object");
  test_case c;
  if (const auto it = j.find("format"); it != j.end() && (!it->is_string() || it->get<std::string>() != "dmlref-case/1")) {
    return fail("", "format", "must be \"dmlref-case/1\"");
  }
  if (const auto it = j.find("name"); it != j.end() && it->is_string()) c.name = it->get<std::string>();
  const auto op_it = j.find("op");
  if (op_it == j.end() || !op_it->is_string()) return fail("", "op", "is required: a DirectML operator name such as \"ELEMENT_WISE_POW\"");
  c.op = op_it->get<std::string>();
  const dml::operator_schema* schema = dml::find_schema(c.op);
  if (schema == nullptr) {
    return status::error(errc::unsupported_operator, "", "op",
                         "\"" + c.op + "\" is not an element-wise operator of DirectML; dmlref computes " +
                             ops::operator_names() + " (or their names without ELEMENT_WISE_)");
  }
  if (auto why = ops::not_implemented(*schema); !why.empty()) return status::error(errc::unsupported_operator, "", "op", why);
  c.op = schema->name;
  c.op_type = schema->type;
  if (const auto it = j.find("featureLevel"); it != j.end()) {
    if (!it->is_string() || !feature_level_from_name(it->get<std::string>(), c.level)) {
      return fail("", "featureLevel", it->dump() + " is not a feature level \"1_0\" ... \"6_4\"");
    }
  }
  const auto tensors_it = j.find("tensors");
  if (tensors_it == j.end() || !tensors_it->is_object()) return fail("", "tensors", "is required: an object keyed by tensor name");
  for (const auto& [key, value] : tensors_it->items()) {
    case_tensor t;
    if (auto s = detail_case::read_tensor(key, value, t, max_buffer_bytes, base_dir); !s.ok()) return s;
    c.tensors.push_back(std::move(t));
  }
  const auto attributes = j.find("attributes");
  if (auto s = read_attributes(attributes == j.end() ? json() : *attributes, *schema, c.attributes); !s.ok()) return s;
  if (const auto it = j.find("tolerance"); it != j.end() && !it->is_null()) {
    std::string metric;
    if (it->is_object()) {
      if (const auto m = it->find("metric"); m != it->end() && m->is_string()) metric = m->get<std::string>();
    }
    if (metric == "exact") {
      c.tol = tolerance::exact();
    } else if (metric == "ulp" || metric == "ULP") {
      const auto v = it->find("value");
      if (v == it->end() || !v->is_number_unsigned()) return fail("tolerance", "value", "must be a non-negative integer");
      c.tol = tolerance::ulp(v->get<std::uint64_t>());
    } else if (metric == "absolute") {
      // WebNN's ATOL: an element passes when it is within this absolute distance, else only
      // when it is equal (0 ULP).
      const auto v = it->find("value");
      if (v == it->end() || !v->is_number() || !(v->get<double>() > 0.0) || !std::isfinite(v->get<double>())) {
        return fail("tolerance", "value", "must be a positive finite number for the \"absolute\" metric");
      }
      c.tol = tolerance::exact();
      c.absolute_tolerance = v->get<double>();
    } else {
      return fail("tolerance", "metric", "must be \"ulp\", \"exact\" or \"absolute\"");
    }
  }
  if (const auto it = j.find("expected"); it != j.end() && !it->is_null()) {
    if (!it->is_object()) return fail("expected", "", "must be an object keyed by output tensor name");
    for (const auto& [key, values] : it->items()) {
      const auto* output_schema = dml::output_field(*schema);
      const auto* output = c.find(key);
      if (output_schema == nullptr || key != output_schema->name || output == nullptr) {
        return fail("expected", key, "names no output tensor of the case");
      }
      const auto count = output->desc.element_count();
      element_buffer expected;
      std::uint64_t given = 0;
      if (auto s = detail_case::load_values(values, output->desc.type, base_dir, key, "expected",
                                            count * element_size(output->desc.type), max_buffer_bytes, expected, given);
          !s.ok()) {
        return s;
      }
      if (given != count) {
        return fail(key, "expected", "holds " + std::to_string(given) + " values; the sizes hold " + std::to_string(count) +
                                         " (expected values are in logical row-major order)");
      }
      c.expected = std::move(expected);
    }
  }
  out = std::move(c);
  return {};
}

/// One entry of a case file: the case, or why it could not be read.
struct read_result {
  std::string name;  // the case's name, or "case N" when it has none
  status error;
  test_case value;
};

/// Reads a whole document: one case, or {"cases": [...]}. A malformed document gives a
/// single failed entry; a malformed case in a collection fails alone.
/// *collection (when given) tells whether the document was {"cases": [...]}; base_dir is the
/// folder of the file the text came from (paths in it are relative to it).
inline std::vector<read_result> read_cases(std::string_view text,
                                           std::uint64_t max_buffer_bytes = default_max_buffer_bytes,
                                           bool* collection = nullptr, std::string_view base_dir = {}) {
  std::vector<read_result> results;
  if (collection != nullptr) *collection = false;
  std::string problem;
  json document = parse_json(text, &problem);
  if (document.is_discarded()) {
    results.push_back({"document", status::error(errc::invalid_argument, "", "JSON", "the document is not valid JSON: " + problem), {}});
    return results;
  }
  auto read_one = [&](const json& j, std::size_t index) {
    read_result r;
    r.name = "case " + std::to_string(index);
    if (j.is_object()) {
      if (const auto it = j.find("name"); it != j.end() && it->is_string()) r.name = it->get<std::string>();
    }
    r.error = read_case(j, r.value, max_buffer_bytes, base_dir);
    results.push_back(std::move(r));
  };
  if (document.is_object() && document.contains("cases")) {
    if (collection != nullptr) *collection = true;
    const auto& cases = document["cases"];
    if (!cases.is_array()) {
      results.push_back({"document", status::error(errc::invalid_argument, "", "cases", "must be an array of cases"), {}});
      return results;
    }
    for (std::size_t i = 0; i < cases.size(); ++i) read_one(cases[i], i);
  } else {
    read_one(document, 0);
  }
  return results;
}

}  // namespace dmlref::io
