#pragma once
// dmlref-eval's verdicts: a line per case on stdout (with the comparator's report, the inputs
// at the first and worst mismatch, the differences and the share mismatched when a case
// fails), the closing "N passed, N failed", and the same results as JSON or JUnit XML for CI.

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <ostream>
#include <string>
#include <type_traits>
#include <vector>

#include <nlohmann/json.hpp>

#include "dmlref/io/case_file.hpp"
#include "dmlref/oracle/compare.hpp"
#include "dmlref/oracle/format_value.hpp"
#include "dmlref/oracle/report_text.hpp"
#include "dmlref/ops/registry.hpp"
#include "dmlref/ops/unverified_note.hpp"

namespace dmlref_eval {

/// What the report shows beside its first and worst mismatch: the inputs there, and the note
/// of a choice marked [unverified] that the element's result rests on.
struct mismatch_contexts {
  dmlref::oracle::mismatch_context first, worst;
};

namespace detail {

/// The case's input tensors at the coordinates of an output element, in descriptor order:
/// {tensor name, value}.
inline std::vector<std::pair<std::string, std::string>> input_values(const dmlref::io::test_case& c,
                                                                     const dmlref::oracle::element_report& at) {
  std::vector<std::pair<std::string, std::string>> values;
  if (!at.present) return values;
  std::vector<const dmlref::io::case_tensor*> inputs;
  if (const auto* schema = c.attributes.schema(); schema != nullptr) {
    for (std::size_t k = 0; k < schema->field_count; ++k) {
      if (schema->fields[k].kind != dmlref::dml::field_kind::input_tensor) continue;
      if (const auto* t = c.find(schema->fields[k].name); t != nullptr && t->has_data) inputs.push_back(t);
    }
  }
  for (const auto* input : inputs) {
    const auto& t = *input;
    const auto strides = t.desc.effective_strides();
    std::uint64_t offset = 0;
    for (std::uint32_t d = 0; d < at.rank && d < t.desc.rank; ++d) offset += std::uint64_t{at.index[d]} * strides[d];
    dmlref::io::visit_element_type(t.desc.type, [&](auto* tag) {
      using T = std::remove_pointer_t<decltype(tag)>;
      if ((offset + 1) * sizeof(T) > t.buffer.size_in_bytes()) return;
      values.emplace_back(t.name, dmlref::oracle::value_text(t.buffer.as<T>()[offset]));
    });
  }
  return values;
}

/// The case's input tensors at an output element's coordinates as numbers, one per input slot
/// of the descriptor in its order (NaN for an absent optional one).
inline std::vector<double> input_numbers(const dmlref::io::test_case& c, const dmlref::oracle::element_report& at) {
  std::vector<double> values;
  const auto* schema = c.attributes.schema();
  if (!at.present || schema == nullptr) return values;
  for (std::size_t k = 0; k < schema->field_count; ++k) {
    if (schema->fields[k].kind != dmlref::dml::field_kind::input_tensor) continue;
    double value = std::numeric_limits<double>::quiet_NaN();
    if (const auto* t = c.find(schema->fields[k].name); t != nullptr && t->has_data) {
      const auto strides = t->desc.effective_strides();
      std::uint64_t offset = 0;
      for (std::uint32_t d = 0; d < at.rank && d < t->desc.rank; ++d) offset += std::uint64_t{at.index[d]} * strides[d];
      dmlref::io::visit_element_type(t->desc.type, [&](auto* tag) {
        using T = std::remove_pointer_t<decltype(tag)>;
        if ((offset + 1) * sizeof(T) <= t->buffer.size_in_bytes()) value = static_cast<double>(t->buffer.as<T>()[offset]);
      });
    }
    values.push_back(value);
  }
  return values;
}

/// The same as one text: "InputTensor 2.5, ExponentTensor 3".
inline std::string inputs_text(const dmlref::io::test_case& c, const dmlref::oracle::element_report& at) {
  std::string text;
  for (const auto& [tensor, value] : input_values(c, at)) text.append(text.empty() ? "" : ", ").append(tensor + " " + value);
  return text;
}

inline std::string xml_escaped(const std::string& s) {
  std::string out;
  for (const char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20 && c != '\n' && c != '\t') {
          out += ' ';  // XML 1.0 has no other control characters
        } else {
          out += c;
        }
    }
  }
  return out;
}

}  // namespace detail

/// The note of the [unverified] choice an element's result rests on (ops/unverified.hpp),
/// or "".
inline std::string unverified_note_at(const dmlref::io::test_case& c, const dmlref::ops::operation_types& types,
                                      const dmlref::oracle::element_report& at) {
  if (!at.present) return {};
  const auto numbers = detail::input_numbers(c, at);
  const char* note = dmlref::ops::unverified_note(c.attributes, types, numbers.data());
  return note != nullptr ? note : "";
}

/// The inputs and notes at the report's first and worst mismatch; types are the operation's
/// (the golden evaluation's).
inline mismatch_contexts contexts_at(const dmlref::io::test_case& c, const dmlref::ops::operation_types& types,
                                     const dmlref::oracle::report& r) {
  return {{detail::inputs_text(c, r.first), unverified_note_at(c, types, r.first)},
          {detail::inputs_text(c, r.worst), unverified_note_at(c, types, r.worst)}};
}

/// One --report: its format ("json" or "junit") and the file finish() writes it to.
struct report_file {
  std::string format, file;
};

class results {
 public:
  /// reports: the files to write besides stdout (none, or any number of json and junit).
  results(std::ostream& out, std::vector<report_file> reports, std::string command)
      : out_(out), reports_(std::move(reports)), command_(std::move(command)) {}

  void invalid(const std::string& name, const dmlref::status& s) {
    out_ << "INVALID " << name << ": " << s.message() << "\n";
    ++failed_;
    invalid_ = true;
    entries_.push_back({name, "invalid", s.message(), {}});
  }

  /// A case the backend did not run (its output says so, and why): neither passed nor failed.
  void skipped(const std::string& name, const std::string& reason) {
    out_ << "SKIP " << name << ": " << reason << "\n";
    ++skipped_;
    entries_.push_back({name, "skipped", reason, {}});
  }

  /// A failing case's histogram with the indices in each bucket, for the JSON report (given
  /// before judged() for the same case).
  void histogram(nlohmann::ordered_json h) { histogram_ = std::move(h); }

  void judged(const std::string& name, const dmlref::oracle::report& r, const mismatch_contexts& at) {
    const std::string units = dmlref::oracle::distance_units(r.type, r.max_ulps);
    std::string line = (r.pass ? "PASS " : "FAIL ") + name + " (" + std::to_string(r.compared) + " compared, " +
                       std::to_string(r.skipped) + " undefined, ";
    if (r.nan_mismatches != 0) {  // a NaN has no distance: never "worst 0 ULP" alone
      line += std::to_string(r.nan_mismatches) + " NaN mismatched, worst elsewhere " + std::to_string(r.max_ulps) + " " + units;
    } else {
      line += "worst " + std::to_string(r.max_ulps) + " " + units;
    }
    if (r.zero_sign_mismatches != 0) line += ", " + std::to_string(r.zero_sign_mismatches) + " zeros of the wrong sign";
    if (r.infinity_mismatches != 0) {
      line += ", " + std::to_string(r.infinity_mismatches) + " infinities against finite values";
    }
    line += ")\n";
    std::string details;
    if (!r.pass) details = dmlref::oracle::detailed_text(r, at.first, at.worst);
    out_ << line << details;
    (r.pass ? passed_ : failed_)++;
    entries_.push_back({name, r.pass ? "pass" : "fail", details, r, std::move(histogram_)});
    histogram_ = nullptr;
  }

  /// Prints the closing line, writes the report file; the exit status: 2 if any case was
  /// invalid (or the report could not be written), else 1 on a mismatch, else 0.
  int finish() {
    out_ << passed_ << " passed, " << failed_ << " failed";
    if (skipped_ != 0) out_ << ", " << skipped_ << " skipped";
    out_ << "\n";
    out_.flush();
    bool written = true;
    for (const auto& r : reports_) {
      if (const auto problem = write(r.file, r.format == "json" ? json_text() : junit_text()); !problem.empty()) {
        std::fprintf(stderr, "dmlref-eval: --report %s: %s\n", r.format.c_str(), problem.c_str());
        written = false;
      }
    }
    if (!written) return 2;
    return invalid_ ? 2 : failed_ != 0 ? 1 : 0;
  }

 private:
  struct entry {
    std::string name, result, details;
    dmlref::oracle::report report;
    nlohmann::ordered_json histogram = nullptr;  // with the mismatched indices; null: counts only
  };

  /// Writes text to file; "" on success, else "cannot write FILE: the system's reason".
  static std::string write(const std::string& file, const std::string& text) {
    errno = 0;
    std::FILE* f = std::fopen(file.c_str(), "wb");
    if (f == nullptr) return "cannot write " + file + ": " + std::strerror(errno);
    const bool ok = std::fwrite(text.data(), 1, text.size(), f) == text.size();
    const int reason = errno;
    const bool closed = std::fclose(f) == 0;
    if (ok && closed) return {};
    return "cannot write " + file + ": " + (reason != 0 ? std::strerror(reason) : "write failed");
  }

  std::string json_text() const {
    nlohmann::ordered_json cases = nlohmann::ordered_json::array();
    for (const auto& e : entries_) {
      nlohmann::ordered_json c;
      c["name"] = e.name;
      c["result"] = e.result;
      if (e.result == "skipped") {
        c["reason"] = e.details;
      } else if (e.result != "invalid") {
        c["compared"] = e.report.compared;
        c["mismatched"] = e.report.mismatches;
        c["undefined"] = e.report.skipped;
        // worst_distance counts distance_unit: "ulp" (floats) or "integer" (|difference|);
        // worst_ulp stays for float outputs, which older readers know.
        const bool floats = dmlref::is_float(e.report.type);
        c["worst_distance"] = e.report.max_ulps;
        c["distance_unit"] = floats ? "ulp" : "integer";
        if (floats) c["worst_ulp"] = e.report.max_ulps;
        c["nan_mismatches"] = e.report.nan_mismatches;
        c["zero_sign_mismatches"] = e.report.zero_sign_mismatches;
        if (!e.histogram.is_null()) {
          c["histogram"] = e.histogram;
        } else {
          auto& h = c["histogram"] = nlohmann::ordered_json::object();
          for (std::size_t b = 0; b < e.report.histogram.counts.size(); ++b) {
            if (e.report.histogram.counts[b] != 0) h[dmlref::oracle::ulp_histogram::label(b)]["count"] = e.report.histogram.counts[b];
          }
        }
        c["infinity_mismatches"] = e.report.infinity_mismatches;
        c["mismatched_share"] = e.report.mismatched_share();
        // What torch.testing.assert_close reports: the greatest differences and where ("Infinity"
        // as the case format writes it; absent when no compared element differs).
        const auto greatest = [](const dmlref::oracle::greatest_difference& g) {
          nlohmann::ordered_json j;
          if (g.infinite) {
            j["value"] = "Infinity";
          } else {
            j["value"] = g.value;
          }
          j["index"] = std::vector<std::uint32_t>(g.index.begin(), g.index.begin() + g.rank);
          return j;
        };
        if (e.report.max_absolute.present) {
          c["greatest_absolute_difference"] = greatest(e.report.max_absolute);
          c["greatest_relative_difference"] = greatest(e.report.max_relative);
        }
      }
      if (!e.details.empty() && e.result != "skipped") c["details"] = e.details;
      cases.push_back(std::move(c));
    }
    nlohmann::ordered_json doc;
    doc["tool"] = "dmlref-eval";
    doc["command"] = command_;
    doc["passed"] = passed_;
    doc["failed"] = failed_;
    doc["skipped"] = skipped_;
    doc["cases"] = std::move(cases);
    return doc.dump(1) + "\n";
  }

  std::string junit_text() const {
    std::size_t failures = 0, errors = 0;
    for (const auto& e : entries_) {
      if (e.result == "fail") ++failures;
      if (e.result == "invalid") ++errors;
    }
    const std::string counts = " tests=\"" + std::to_string(entries_.size()) + "\" failures=\"" + std::to_string(failures) +
                               "\" errors=\"" + std::to_string(errors) + "\" skipped=\"" + std::to_string(skipped_) + "\"";
    std::string x = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites" + counts + ">\n";
    x += " <testsuite name=\"dmlref-eval " + command_ + "\"" + counts + ">\n";
    for (const auto& e : entries_) {
      x += "  <testcase classname=\"dmlref-eval." + command_ + "\" name=\"" + detail::xml_escaped(e.name) + "\"";
      if (e.result == "pass") {
        x += "/>\n";
        continue;
      }
      if (e.result == "skipped") {
        x += ">\n   <skipped message=\"" + detail::xml_escaped(e.details) + "\"/>\n  </testcase>\n";
        continue;
      }
      const char* tag = e.result == "fail" ? "failure" : "error";
      const std::string first_line = e.details.substr(0, e.details.find('\n'));
      x += ">\n   <" + std::string(tag) + " message=\"" + detail::xml_escaped(first_line) + "\">" +
           detail::xml_escaped(e.details) + "</" + tag + ">\n  </testcase>\n";
    }
    return x + " </testsuite>\n</testsuites>\n";
  }

  std::ostream& out_;
  std::vector<report_file> reports_;
  std::string command_;
  std::uint64_t passed_ = 0, failed_ = 0, skipped_ = 0;
  bool invalid_ = false;
  std::vector<entry> entries_;
  nlohmann::ordered_json histogram_ = nullptr;
};

}  // namespace dmlref_eval
