#pragma once
// Every mismatch of a case, not only the first and the worst: check and compare --mismatches
// FILE write one JSON object per line for each mismatched element (the case, its index, the
// inputs there, expected and actual with their bits, the distance and its unit), and the JSON
// report gives each failing case's histogram with the indices of the elements in each bucket.
//
// Contract: an element is a mismatch exactly when the comparator says so: each element is
// judged by oracle::compare itself (a one-element comparison with the case's options), so
// the rules (tolerance, NaN, zero sign, floor, undefined elements) are never restated here.

#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "dmlref/io/check.hpp"
#include "dmlref/oracle/compare.hpp"

namespace dmlref_eval {

/// One mismatched element as the comparator reports it, and its histogram bucket.
struct element_mismatch {
  dmlref::oracle::element_report at;
  std::size_t bucket = 0;
};

/// Every mismatch of golden against actual (both packed, logical order), in row-major order.
inline std::vector<element_mismatch> every_mismatch(const dmlref::io::evaluation& golden,
                                                    const dmlref::io::element_buffer& actual,
                                                    const dmlref::oracle::compare_options& options,
                                                    dmlref::io::expectation side) {
  std::vector<element_mismatch> out;
  const auto& d = golden.desc;
  const auto count = d.element_count();
  const dmlref::element_strides one{};
  const std::uint32_t size_one = 1;
  dmlref::io::visit_element_type(d.type, [&](auto* tag) {
    using T = std::remove_pointer_t<decltype(tag)>;
    const T* evaluated = golden.values.as<T>();
    const T* given = actual.as<T>();
    const bool given_expected = side == dmlref::io::expectation::given;
    for (std::uint64_t k = 0; k < count; ++k) {
      const bool* defined = golden.defined ? &golden.defined[k] : nullptr;
      const auto r = dmlref::oracle::compare<T>(given_expected ? &given[k] : &evaluated[k], defined,
                                                given_expected ? &evaluated[k] : &given[k], one, 1, &size_one, options);
      if (r.pass) continue;
      element_mismatch m;
      m.at = r.first;
      m.at.rank = d.rank;  // the element's own coordinates, row-major over the sizes
      std::uint64_t rest = k;
      for (std::uint32_t i = d.rank; i-- > 0;) {
        m.at.index[i] = static_cast<std::uint32_t>(rest % d.sizes[i]);
        rest /= d.sizes[i];
      }
      m.bucket = m.at.nan_mismatch ? dmlref::oracle::ulp_histogram::finite_buckets
                                   : dmlref::oracle::ulp_histogram::bucket_of(m.at.ulps);
      out.push_back(std::move(m));
    }
  });
  return out;
}

/// The mismatch as one JSON object: index, inputs ({tensor: value}), expected, actual, bits,
/// distance, unit ("ulp" or "integer"), kind ("value", "nan" or "zero-sign").
inline nlohmann::ordered_json mismatch_json(const std::string& case_name, const element_mismatch& m,
                                            const std::vector<std::pair<std::string, std::string>>& inputs,
                                            dmlref::data_type type) {
  nlohmann::ordered_json j;
  j["case"] = case_name;
  j["index"] = std::vector<std::uint32_t>(m.at.index.begin(), m.at.index.begin() + m.at.rank);
  auto& in = j["inputs"] = nlohmann::ordered_json::object();
  for (const auto& [tensor, value] : inputs) in[tensor] = value;
  j["expected"] = m.at.expected;
  j["actual"] = m.at.actual;
  j["expected_bits"] = m.at.expected_bits;
  j["actual_bits"] = m.at.actual_bits;
  j["kind"] = m.at.nan_mismatch ? "nan" : m.at.zero_sign_mismatch ? "zero-sign" : "value";
  if (m.at.nan_mismatch) {
    j["distance"] = nullptr;
  } else {
    j["distance"] = m.at.ulps;
  }
  j["unit"] = dmlref::is_float(type) ? "ulp" : "integer";
  return j;
}

/// The JSON report's histogram of a failing case: per bucket its count, and the indices of
/// its mismatched elements (at most max_indices each).
inline nlohmann::ordered_json histogram_json(const dmlref::oracle::report& r, const std::vector<element_mismatch>& all,
                                             std::size_t max_indices = 100) {
  nlohmann::ordered_json h = nlohmann::ordered_json::object();
  for (std::size_t b = 0; b < r.histogram.counts.size(); ++b) {
    if (r.histogram.counts[b] == 0) continue;
    auto& bucket = h[dmlref::oracle::ulp_histogram::label(b)];
    bucket["count"] = r.histogram.counts[b];
    auto indices = nlohmann::ordered_json::array();
    for (const auto& m : all) {
      if (m.bucket == b && indices.size() < max_indices) {
        indices.push_back(std::vector<std::uint32_t>(m.at.index.begin(), m.at.index.begin() + m.at.rank));
      }
    }
    if (!indices.empty()) bucket["mismatched_indices"] = std::move(indices);
  }
  return h;
}

}  // namespace dmlref_eval
