#pragma once
// compare's pairing of a backend's outputs with the cases they were computed from: by name
// (an output's "name" is the case's), by position for an output without a name. An output may
// say the backend did not run its case: {"name": "...", "skipped": "why"}.
//
// Contract: every case gets at most one output and every output at most one case; a case
// named twice pairs its outputs in order. What cannot be paired is said, not guessed: an
// output whose name no case has (or whose cases are all paired), a nameless output at a
// position with no case left, and (by the caller) a case no output names.

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace dmlref_eval {

struct pairing {
  std::vector<std::optional<std::size_t>> output_of;  // per case: the index of its output
  std::vector<std::string> unpaired;                   // per output that pairs with no case: why
};

/// Pairs outputs with the cases named case_names (in the case file's order).
inline pairing pair_outputs(const std::vector<std::string>& case_names, const std::vector<nlohmann::json>& outputs) {
  pairing p;
  p.output_of.assign(case_names.size(), std::nullopt);
  std::vector<bool> named(outputs.size(), false);
  for (std::size_t k = 0; k < outputs.size(); ++k) {
    const auto& item = outputs[k];
    const auto it = item.is_object() ? item.find("name") : item.end();
    if (it == item.end() || !it->is_string()) continue;
    named[k] = true;
    const auto& name = it->get_ref<const std::string&>();
    bool known = false, paired = false;
    for (std::size_t c = 0; c < case_names.size() && !paired; ++c) {
      if (case_names[c] != name) continue;
      known = true;
      if (!p.output_of[c]) {
        p.output_of[c] = k;
        paired = true;
      }
    }
    if (!paired) {
      p.unpaired.push_back("output " + std::to_string(k) + " is named \"" + name + "\", " +
                           (known ? "a case that already has an output" : "which no case of the case file is"));
    }
  }
  for (std::size_t k = 0; k < outputs.size(); ++k) {
    if (named[k]) continue;
    if (k < case_names.size() && !p.output_of[k]) {
      p.output_of[k] = k;
    } else {
      p.unpaired.push_back("output " + std::to_string(k) + " has no name, and " +
                           (k < case_names.size() ? "case " + std::to_string(k) + " already has an output by name"
                                                  : "the case file has no case " + std::to_string(k)));
    }
  }
  return p;
}

/// Whether an output says its case was not run, and why ({"skipped": "why"} or {"skipped": true}).
inline std::optional<std::string> skip_reason(const nlohmann::json& item) {
  const auto it = item.is_object() ? item.find("skipped") : item.end();
  if (it == item.end() || it->is_null() || (it->is_boolean() && !it->get<bool>())) return std::nullopt;
  if (it->is_string() && !it->get_ref<const std::string&>().empty()) return it->get<std::string>();
  return std::string("not run by the backend (no reason given)");
}

}  // namespace dmlref_eval
