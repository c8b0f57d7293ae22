#pragma once
// Every mismatch of a case, not only the first and the worst: check and compare --mismatches
// FILE write one JSON object per line for each mismatched element (the case, its index, the
// inputs there, expected and actual with their bits, the distance and its unit), and the JSON
// report gives each failing case's histogram with the indices of the elements in each bucket.
//
// A FILE named *.npy gets the same rows as one structured NumPy array instead (mismatch_npy).
//
// Contract: an element is a mismatch exactly when the comparator says so: each element is
// judged by oracle::compare itself (a one-element comparison with the case's options), so
// the rules (tolerance, NaN, zero sign, floor, undefined elements) are never restated here.

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "dmlref/io/check.hpp"
#include "dmlref/oracle/compare.hpp"
#include "dmlref/ops/registry.hpp"

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
/// distance, unit ("ulp" or "integer"), kind ("value", "nan" or "zero-sign"), and note where
/// the element rests on a choice marked [unverified] (ops/unverified.hpp).
inline nlohmann::ordered_json mismatch_json(const std::string& case_name, const element_mismatch& m,
                                            const std::vector<std::pair<std::string, std::string>>& inputs,
                                            dmlref::data_type type, const std::string& note = {}) {
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
  if (!note.empty()) j["note"] = note;  // a choice marked [unverified] that the element rests on
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

/// --mismatches FILE.npy: every mismatch as one row of a structured array (little-endian,
/// packed), written as the cases are judged and its length set by finish():
///   case           <u4       the case's position in the case file (0-based)
///   rank           u1        the output's DimensionCount
///   index          <u4 (8,)  the element's coordinates; the first `rank` count
///   kind           S9        b"value", b"nan" or b"zero-sign" (the JSON lines' kind)
///   expected       <f8       the values, exactly (every FLOAT16/FLOAT32 and integer up to 2^53)
///   actual         <f8
///   expected_bits  <u8       their bit patterns in the output's type (integers: two's complement)
///   actual_bits    <u8
///   distance       <u8       ULPs (floats) or |difference| (integers); 0 for a NaN mismatch
///   inputs         <f8 (8,)  the input tensors there, in the descriptor's order; NaN past the
///                            operator's inputs and for an absent optional one
class mismatch_npy {
 public:
  static constexpr std::size_t max_inputs = dmlref::ops::max_operator_tensors - 1;

  /// Opens (truncates) path; the reason it cannot, or empty.
  std::string open(const std::string& path) {
    path_ = path;
    errno = 0;
    file_ = std::fopen(path.c_str(), "wb");
    if (file_ == nullptr) return "cannot write " + path + ": " + std::strerror(errno);
    return write_header() ? std::string() : "cannot write " + path + ": " + std::strerror(errno);
  }
  ~mismatch_npy() {
    if (file_ != nullptr) std::fclose(file_);
  }
  mismatch_npy() = default;
  mismatch_npy(const mismatch_npy&) = delete;
  mismatch_npy& operator=(const mismatch_npy&) = delete;

  /// One row; inputs in the descriptor's order (NaN for an absent one).
  void add(std::size_t case_index, const element_mismatch& m, const std::vector<double>& inputs, dmlref::data_type type) {
    unsigned char row[row_bytes] = {};
    std::size_t at = 0;
    const auto put = [&](const void* p, std::size_t n) {
      std::memcpy(row + at, p, n);  // the host is little-endian, as the descr says (x86, Arm)
      at += n;
    };
    const auto index32 = static_cast<std::uint32_t>(case_index);
    put(&index32, 4);
    const auto rank8 = static_cast<std::uint8_t>(m.at.rank);
    put(&rank8, 1);
    for (std::size_t d = 0; d < dmlref::max_rank; ++d) put(&m.at.index[d], 4);
    char kind[9] = {};
    const char* name = m.at.nan_mismatch ? "nan" : m.at.zero_sign_mismatch ? "zero-sign" : "value";
    std::memcpy(kind, name, std::strlen(name));
    put(kind, 9);
    const std::uint64_t expected_bits = std::strtoull(m.at.expected_bits.c_str(), nullptr, 16);
    const std::uint64_t actual_bits = std::strtoull(m.at.actual_bits.c_str(), nullptr, 16);
    const double expected = value_of(expected_bits, type), actual = value_of(actual_bits, type);
    put(&expected, 8);
    put(&actual, 8);
    put(&expected_bits, 8);
    put(&actual_bits, 8);
    const std::uint64_t distance = m.at.nan_mismatch ? 0 : m.at.ulps;
    put(&distance, 8);
    for (std::size_t k = 0; k < max_inputs; ++k) {
      const double v = k < inputs.size() ? inputs[k] : std::numeric_limits<double>::quiet_NaN();
      put(&v, 8);
    }
    ok_ = ok_ && std::fwrite(row, 1, row_bytes, file_) == row_bytes;
    ++rows_;
  }

  /// Sets the array's length in the header and closes the file; the reason it failed, or empty.
  std::string finish() {
    if (file_ == nullptr) return {};
    ok_ = ok_ && std::fseek(file_, 0, SEEK_SET) == 0 && write_header();
    const int reason = errno;
    const bool closed = std::fclose(file_) == 0;
    file_ = nullptr;
    if (ok_ && closed) return {};
    return "cannot write " + path_ + ": " + (reason != 0 ? std::strerror(reason) : "write failed");
  }

 private:
  static constexpr std::size_t row_bytes = 4 + 1 + 4 * dmlref::max_rank + 9 + 5 * 8 + 8 * max_inputs;
  static constexpr std::size_t header_bytes = 512;  // the whole preamble: data 64-byte aligned

  /// A value given by its bits in type, as a double (exact for every type's value up to 2^53).
  static double value_of(std::uint64_t bits, dmlref::data_type type) {
    double v = 0;
    dmlref::io::visit_element_type(type, [&](auto* tag) {
      using T = std::remove_pointer_t<decltype(tag)>;
      T x{};
      std::memcpy(static_cast<void*>(&x), &bits, sizeof x);  // little-endian: the low bytes are the value's
      v = static_cast<double>(x);
    });
    return v;
  }

  bool write_header() {
    char dict[header_bytes];
    const int n = std::snprintf(
        dict, sizeof dict,
        "{'descr': [('case', '<u4'), ('rank', '|u1'), ('index', '<u4', (%u,)), ('kind', '|S9'), ('expected', '<f8'), "
        "('actual', '<f8'), ('expected_bits', '<u8'), ('actual_bits', '<u8'), ('distance', '<u8'), "
        "('inputs', '<f8', (%u,))], 'fortran_order': False, 'shape': (%20llu,), }",
        static_cast<unsigned>(dmlref::max_rank), static_cast<unsigned>(max_inputs),
        static_cast<unsigned long long>(rows_));
    if (n < 0 || static_cast<std::size_t>(n) + 11 > header_bytes) return false;
    std::string header = "\x93NUMPY";
    header += '\x01';
    header += '\x00';
    const std::size_t length = header_bytes - 10;
    header += static_cast<char>(length & 0xff);
    header += static_cast<char>(length >> 8);
    header.append(dict, static_cast<std::size_t>(n));
    header.append(header_bytes - 1 - header.size(), ' ');
    header += '\n';
    return std::fwrite(header.data(), 1, header.size(), file_) == header.size();
  }

  std::string path_;
  std::FILE* file_ = nullptr;
  std::uint64_t rows_ = 0;
  bool ok_ = true;
};

}  // namespace dmlref_eval
