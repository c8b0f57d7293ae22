#pragma once
// A comparison report in full, as dmlref-eval prints it under a failing case's verdict line
// and as Python's str(report) gives it: one text, built here for both.
//
// Contract: report::text() (counts, tolerance, worst distance, first and worst mismatch with
// bits, the histogram), then the share of compared elements that mismatched, the greatest
// absolute and relative differences with the coordinates where each first occurs (what
// torch.testing.assert_close shows), then for the first and the worst mismatch the inputs
// there, |actual - expected| and the relative difference, and a note where the caller has one
// (a semantic choice the documentation marks unverified).

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "dmlref/oracle/compare.hpp"

namespace dmlref::oracle {

/// What the caller knows about one mismatched element beyond the report: the inputs there
/// ("InputTensor 2.5, ExponentTensor 3") and a note; either may be empty.
struct mismatch_context {
  std::string inputs;
  std::string note;
};

namespace detail_report {

/// "|actual - expected| 0.5, relative 0.25" for a mismatch that is not a NaN mismatch.
inline std::string difference_text(const element_report& e) {
  if (!e.present || e.nan_mismatch) return {};
  const double expected = std::strtod(e.expected.c_str(), nullptr);
  const double actual = std::strtod(e.actual.c_str(), nullptr);
  const double absolute = std::fabs(actual - expected);
  if (e.infinity_mismatch || !(absolute <= 1.79769313486231570e308)) return {};
  char buffer[96];
  if (expected != 0.0) {
    std::snprintf(buffer, sizeof buffer, "|actual - expected| %.6g, relative %.3g", absolute, absolute / std::fabs(expected));
  } else {
    std::snprintf(buffer, sizeof buffer, "|actual - expected| %.6g", absolute);
  }
  return buffer;
}

}  // namespace detail_report

/// The report's full text (see the contract above); first and worst describe r.first and
/// r.worst.
inline std::string detailed_text(const report& r, const mismatch_context& first = {}, const mismatch_context& worst = {}) {
  std::string details = r.text();
  char share[96];
  std::snprintf(share, sizeof share, "  mismatched: %llu of %llu compared (%.3g%%)\n",
                static_cast<unsigned long long>(r.mismatches), static_cast<unsigned long long>(r.compared),
                100.0 * r.mismatched_share());
  details += share;
  if (r.max_absolute.present) {
    details += "  greatest absolute difference: " + r.max_absolute.value_text() + " at " + r.max_absolute.coordinates() + "\n";
    details += "  greatest relative difference: " + r.max_relative.value_text() + " at " + r.max_relative.coordinates() + "\n";
  }
  const auto explain = [&](const char* which, const element_report& e, const mismatch_context& c) {
    if (!e.present) return;
    details += std::string("  ") + which + " " + e.coordinates() + ":";
    if (!c.inputs.empty()) details += " inputs " + c.inputs + ";";
    const auto difference = detail_report::difference_text(e);
    if (!difference.empty()) details += " " + difference;
    details += "\n";
    if (!c.note.empty()) details += "    note: " + c.note + "\n";
  };
  explain("first", r.first, first);
  explain("worst", r.worst, worst);
  return details;
}

}  // namespace dmlref::oracle
