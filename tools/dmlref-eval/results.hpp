#pragma once
// dmlref-eval's verdicts: a line per case on stdout (with the comparator's report, the inputs
// at the first and worst mismatch, the differences and the share mismatched when a case
// fails), the closing "N passed, N failed", and the same results as JSON or JUnit XML for CI.

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <ostream>
#include <string>
#include <type_traits>
#include <vector>

#include <nlohmann/json.hpp>

#include "dmlref/io/case_file.hpp"
#include "dmlref/oracle/compare.hpp"
#include "dmlref/oracle/format_value.hpp"
#include "dmlref/ops/registry.hpp"

namespace dmlref_eval {

/// The input elements that produced one output element: "InputTensor 2.5, ExponentTensor 3".
struct mismatch_inputs {
  std::string first, worst;
};

namespace detail {

/// The case's input tensors at the coordinates of an output element, in descriptor order.
inline std::string inputs_text(const dmlref::io::test_case& c, const dmlref::oracle::element_report& at) {
  std::string text;
  if (!at.present) return text;
  std::vector<const dmlref::io::case_tensor*> inputs;
  dmlref::ops::with_operator(c.op_type, [&](auto tag) {
    for (const auto& slot : decltype(tag)::type::tensors) {
      if (const auto* t = c.find(slot.name); t != nullptr && t->has_data) inputs.push_back(t);
    }
  });
  for (const auto* input : inputs) {
    const auto& t = *input;
    const auto strides = t.desc.effective_strides();
    std::uint64_t offset = 0;
    for (std::uint32_t d = 0; d < at.rank && d < t.desc.rank; ++d) offset += std::uint64_t{at.index[d]} * strides[d];
    dmlref::io::visit_element_type(t.desc.type, [&](auto* tag) {
      using T = std::remove_pointer_t<decltype(tag)>;
      if ((offset + 1) * sizeof(T) > t.buffer.size_in_bytes()) return;
      text.append(text.empty() ? "" : ", ").append(t.name).append(" ").append(
          dmlref::oracle::value_text(t.buffer.as<T>()[offset]));
    });
  }
  return text;
}

inline std::string difference_text(const dmlref::oracle::element_report& e) {
  if (!e.present || e.nan_mismatch) return {};
  const double expected = std::strtod(e.expected.c_str(), nullptr);
  const double actual = std::strtod(e.actual.c_str(), nullptr);
  const double absolute = std::fabs(actual - expected);
  if (!std::isfinite(absolute)) return {};
  char buffer[96];
  if (expected != 0.0) {
    std::snprintf(buffer, sizeof buffer, "|actual - expected| %.6g, relative %.3g", absolute, absolute / std::fabs(expected));
  } else {
    std::snprintf(buffer, sizeof buffer, "|actual - expected| %.6g", absolute);
  }
  return buffer;
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

/// The inputs at the report's first and worst mismatch.
inline mismatch_inputs inputs_at(const dmlref::io::test_case& c, const dmlref::oracle::report& r) {
  return {detail::inputs_text(c, r.first), detail::inputs_text(c, r.worst)};
}

class results {
 public:
  /// format: "" (stdout only), "json" or "junit", written to file by finish().
  results(std::ostream& out, std::string format, std::string file, std::string command)
      : out_(out), format_(std::move(format)), file_(std::move(file)), command_(std::move(command)) {}

  void invalid(const std::string& name, const dmlref::status& s) {
    out_ << "INVALID " << name << ": " << s.message() << "\n";
    ++failed_;
    invalid_ = true;
    entries_.push_back({name, "invalid", s.message(), {}});
  }

  void judged(const std::string& name, const dmlref::oracle::report& r, const mismatch_inputs& inputs) {
    std::string line = (r.pass ? "PASS " : "FAIL ") + name + " (" + std::to_string(r.compared) + " compared, " +
                       std::to_string(r.skipped) + " undefined, worst " + std::to_string(r.max_ulps) + " ULP";
    if (r.nan_mismatches != 0) line += ", " + std::to_string(r.nan_mismatches) + " NaN mismatched";
    if (r.zero_sign_mismatches != 0) line += ", " + std::to_string(r.zero_sign_mismatches) + " zeros of the wrong sign";
    if (r.infinity_mismatches != 0) {
      line += ", " + std::to_string(r.infinity_mismatches) + " infinities against finite values";
    }
    line += ")\n";
    std::string details;
    if (!r.pass) {
      details = r.text();
      char share[96];
      std::snprintf(share, sizeof share, "  mismatched: %llu of %llu compared (%.3g%%)\n",
                    static_cast<unsigned long long>(r.mismatches), static_cast<unsigned long long>(r.compared),
                    r.compared == 0 ? 0.0 : 100.0 * static_cast<double>(r.mismatches) / static_cast<double>(r.compared));
      details += share;
      const auto explain = [&](const char* which, const dmlref::oracle::element_report& e, const std::string& in) {
        if (!e.present) return;
        details += std::string("  ") + which + " " + e.coordinates() + ":";
        if (!in.empty()) details += " inputs " + in + ";";
        const auto difference = detail::difference_text(e);
        if (!difference.empty()) details += " " + difference;
        details += "\n";
      };
      explain("first", r.first, inputs.first);
      explain("worst", r.worst, inputs.worst);
    }
    out_ << line << details;
    (r.pass ? passed_ : failed_)++;
    entries_.push_back({name, r.pass ? "pass" : "fail", details, r});
  }

  /// Prints the closing line, writes the report file; the exit status: 2 if any case was
  /// invalid (or the report could not be written), else 1 on a mismatch, else 0.
  int finish() {
    out_ << passed_ << " passed, " << failed_ << " failed\n";
    out_.flush();
    bool written = true;
    if (format_ == "json") written = write(json_text());
    if (format_ == "junit") written = write(junit_text());
    if (!written) {
      std::fprintf(stderr, "dmlref-eval: cannot write %s\n", file_.c_str());
      return 2;
    }
    return invalid_ ? 2 : failed_ != 0 ? 1 : 0;
  }

 private:
  struct entry {
    std::string name, result, details;
    dmlref::oracle::report report;
  };

  bool write(const std::string& text) const {
    std::ofstream f(file_, std::ios::binary);
    f << text;
    return static_cast<bool>(f);
  }

  std::string json_text() const {
    nlohmann::ordered_json cases = nlohmann::ordered_json::array();
    for (const auto& e : entries_) {
      nlohmann::ordered_json c;
      c["name"] = e.name;
      c["result"] = e.result;
      if (e.result != "invalid") {
        c["compared"] = e.report.compared;
        c["mismatched"] = e.report.mismatches;
        c["undefined"] = e.report.skipped;
        c["worst_ulp"] = e.report.max_ulps;
        c["nan_mismatches"] = e.report.nan_mismatches;
        c["zero_sign_mismatches"] = e.report.zero_sign_mismatches;
        c["infinity_mismatches"] = e.report.infinity_mismatches;
      }
      if (!e.details.empty()) c["details"] = e.details;
      cases.push_back(std::move(c));
    }
    nlohmann::ordered_json doc;
    doc["tool"] = "dmlref-eval";
    doc["command"] = command_;
    doc["passed"] = passed_;
    doc["failed"] = failed_;
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
                               "\" errors=\"" + std::to_string(errors) + "\"";
    std::string x = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites" + counts + ">\n";
    x += " <testsuite name=\"dmlref-eval " + command_ + "\"" + counts + ">\n";
    for (const auto& e : entries_) {
      x += "  <testcase classname=\"dmlref-eval." + command_ + "\" name=\"" + detail::xml_escaped(e.name) + "\"";
      if (e.result == "pass") {
        x += "/>\n";
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
  std::string format_, file_, command_;
  std::uint64_t passed_ = 0, failed_ = 0;
  bool invalid_ = false;
  std::vector<entry> entries_;
};

}  // namespace dmlref_eval
