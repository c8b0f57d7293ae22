// dmlref-eval: the golden oracle from the command line, for test harnesses in any language.
//
//   dmlref-eval run     CASES.json [--path golden|fast]
//   dmlref-eval check   CASES.json [--path golden|fast] [comparison options]
//   dmlref-eval compare CASES.json ACTUAL.json        [comparison options]
//
// Comparison options: --tolerance exact|ulp:N (instead of each case's own or the default),
// --nan same-bits (a NaN must match bit for bit), --zeros same-sign (+0 against -0 fails),
// --floor X (|actual - expected| <= X passes).
// Exit status: 0 all good; 1 a mismatch (check, compare); 2 an invalid case, file or usage
// (one line on stderr names the case, the tensor and the rule; the other cases still run).

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "dmlref/core/path.hpp"
#include "dmlref/io/check.hpp"
#include "output_json.hpp"

namespace {

using dmlref_eval::json;

constexpr const char* usage_text =
    "usage: dmlref-eval run CASES.json [--path golden|fast]\n"
    "       dmlref-eval check CASES.json [--path golden|fast] [--tolerance exact|ulp:N] [--nan same-bits] [--zeros same-sign] [--floor X]\n"
    "       dmlref-eval compare CASES.json ACTUAL.json [--tolerance exact|ulp:N] [--nan same-bits] [--zeros same-sign] [--floor X]\n"
    "CASES.json holds one case of the format dmlref-case/1 or {\"cases\": [...]}; ACTUAL.json holds\n"
    "outputs in the shape `run` prints.\n";

struct options {
  std::string command;
  std::vector<std::string> files;
  bool fast = false;
  std::optional<dmlref::tolerance> tol;
  dmlref::oracle::compare_options compare;
};

int usage(const std::string& problem) {
  std::cerr << "dmlref-eval: " << problem << "\n" << usage_text;
  return 2;
}

bool parse_options(int argc, char** argv, options& o, std::string& problem) {
  if (argc < 2) {
    problem = "no command";
    return false;
  }
  o.command = argv[1];
  for (int i = 2; i < argc; ++i) {
    const std::string arg = argv[i];
    auto value = [&](std::string& out) {
      if (i + 1 >= argc) return false;
      out = argv[++i];
      return true;
    };
    std::string v;
    if (arg == "--path") {
      if (!value(v) || (v != "golden" && v != "fast")) {
        problem = "--path takes golden or fast";
        return false;
      }
      o.fast = v == "fast";
    } else if (arg == "--tolerance") {
      if (!value(v)) {
        problem = "--tolerance takes exact or ulp:N";
        return false;
      }
      if (v == "exact") {
        o.tol = dmlref::tolerance::exact();
      } else if (v.rfind("ulp:", 0) == 0 && v.size() > 4 && v.find_first_not_of("0123456789", 4) == std::string::npos &&
                 v.size() < 24) {
        o.tol = dmlref::tolerance::ulp(std::stoull(v.substr(4)));
      } else {
        problem = "--tolerance takes exact or ulp:N";
        return false;
      }
    } else if (arg == "--nan") {
      if (!value(v) || (v != "same-bits" && v != "any")) {
        problem = "--nan takes same-bits or any";
        return false;
      }
      o.compare.nans = v == "same-bits" ? dmlref::oracle::nan_rule::same_bits : dmlref::oracle::nan_rule::any_nan;
    } else if (arg == "--zeros") {
      if (!value(v) || (v != "same-sign" && v != "either-sign")) {
        problem = "--zeros takes same-sign or either-sign";
        return false;
      }
      o.compare.zeros =
          v == "same-sign" ? dmlref::oracle::zero_rule::same_sign : dmlref::oracle::zero_rule::either_sign;
    } else if (arg == "--floor") {
      char* end = nullptr;
      if (!value(v) || (o.compare.absolute_floor = std::strtod(v.c_str(), &end), end == v.c_str() || *end != '\0') ||
          !(o.compare.absolute_floor >= 0.0)) {
        problem = "--floor takes a non-negative number";
        return false;
      }
    } else if (arg == "--help" || arg == "-h") {
      std::cout << usage_text;
      std::exit(0);
    } else if (!arg.empty() && arg[0] == '-') {
      problem = "unknown option " + arg;
      return false;
    } else {
      o.files.push_back(arg);
    }
  }
  const std::size_t wanted = o.command == "compare" ? 2 : 1;
  if (o.command != "run" && o.command != "check" && o.command != "compare") {
    problem = "unknown command " + o.command;
    return false;
  }
  if (o.files.size() != wanted) {
    problem = o.command + " takes " + std::to_string(wanted) + " file" + (wanted == 1 ? "" : "s");
    return false;
  }
  return true;
}

bool read_file(const std::string& path, std::string& text) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::stringstream buffer;
  buffer << in.rdbuf();
  text = buffer.str();
  return true;
}

void report_invalid(const std::string& file, const std::string& case_name, const dmlref::status& s) {
  std::cerr << "dmlref-eval: invalid case \"" << case_name << "\" in " << file << ": " << s.message() << "\n";
}

dmlref::status evaluate(const options& o, const dmlref::io::test_case& c, dmlref::io::evaluation& out) {
  return o.fast ? dmlref::io::evaluate(dmlref::fast, c, out) : dmlref::io::evaluate(dmlref::golden, c, out);
}

/// run: the outputs as JSON; a collection in, a collection out.
int run(const options& o, const std::vector<dmlref::io::read_result>& cases, bool collection) {
  int status = 0;
  json results = json::array();
  for (const auto& entry : cases) {
    json item;
    item["name"] = entry.name;
    dmlref::io::evaluation e;
    dmlref::status s = entry.error.ok() ? evaluate(o, entry.value, e) : entry.error;
    if (!s.ok()) {
      report_invalid(o.files[0], entry.name, s);
      item["error"] = s.message();
      status = 2;
    } else {
      item["OutputTensor"] = dmlref_eval::tensor_json(e);
    }
    results.push_back(std::move(item));
  }
  json document;
  if (collection) {
    document["cases"] = std::move(results);
  } else {
    document = std::move(results[0]);
  }
  std::cout << document.dump(1) << "\n";
  return status;
}

dmlref::oracle::compare_options comparison_for(const options& o, const dmlref::io::test_case& c,
                                               const dmlref::io::evaluation& e) {
  auto opts = o.compare;
  opts.tol = o.tol ? *o.tol : dmlref::io::tolerance_for(c, e);
  return opts;
}

void print_result(const std::string& name, const dmlref::oracle::report& r) {
  std::cout << (r.pass ? "PASS " : "FAIL ") << name << " (" << r.compared << " compared, " << r.skipped
            << " undefined, worst " << r.max_ulps << " ULP";
  if (r.nan_mismatches != 0) std::cout << ", " << r.nan_mismatches << " NaN mismatched";
  if (r.zero_sign_mismatches != 0) std::cout << ", " << r.zero_sign_mismatches << " zeros of the wrong sign";
  std::cout << ")\n";
  if (!r.pass) std::cout << r.text();
}

/// check: each case's expected values against the evaluation.
int check(const options& o, const std::vector<dmlref::io::read_result>& cases) {
  int passed = 0, failed = 0;
  bool invalid = false;
  for (const auto& entry : cases) {
    dmlref::io::evaluation e;
    dmlref::status s = entry.error.ok() ? evaluate(o, entry.value, e) : entry.error;
    if (s.ok() && !entry.value.expected) {
      s = dmlref::status::error(dmlref::errc::invalid_argument, "expected", "", "check needs expected values");
    }
    if (!s.ok()) {
      report_invalid(o.files[0], entry.name, s);
      std::cout << "INVALID " << entry.name << ": " << s.message() << "\n";
      invalid = true;
      ++failed;
      continue;
    }
    const auto r = dmlref::io::compare_with(e, *entry.value.expected, comparison_for(o, entry.value, e));
    print_result(entry.name, r);
    (r.pass ? passed : failed)++;
  }
  std::cout << passed << " passed, " << failed << " failed\n";
  return invalid ? 2 : failed != 0 ? 1 : 0;
}

/// Reads the outputs a GPU produced, in the shape run prints, one per case.
bool read_actual(const std::string& text, std::size_t expected_count, std::vector<dmlref::io::json>& outputs,
                 std::string& problem) {
  const auto document = dmlref::io::parse_json(text);
  if (document.is_discarded()) {
    problem = "ACTUAL is not valid JSON";
    return false;
  }
  if (document.is_object() && document.contains("cases")) {
    if (!document["cases"].is_array()) {
      problem = "ACTUAL's \"cases\" must be an array";
      return false;
    }
    for (const auto& c : document["cases"]) outputs.push_back(c);
  } else {
    outputs.push_back(document);
  }
  if (outputs.size() != expected_count) {
    problem = "ACTUAL holds " + std::to_string(outputs.size()) + " outputs for " + std::to_string(expected_count) + " cases";
    return false;
  }
  return true;
}

/// The actual output of one case, checked against the golden output's type and sizes.
dmlref::status actual_values(const dmlref::io::json& item, const dmlref::io::evaluation& golden, dmlref::io::element_buffer& out) {
  using dmlref::status;
  using dmlref::errc;
  if (!item.is_object() || !item.contains("OutputTensor") || !item["OutputTensor"].is_object()) {
    return status::error(errc::invalid_argument, "OutputTensor", "", "ACTUAL has no OutputTensor object for this case");
  }
  const auto& t = item["OutputTensor"];
  const auto type_it = t.find("dataType");
  if (type_it == t.end() || !type_it->is_string() || dmlref::data_type_from_name(type_it->get<std::string>()) != golden.desc.type) {
    return status::error(errc::invalid_argument, "OutputTensor", "dataType",
                         "ACTUAL's dataType must be " + std::string(dmlref::name(golden.desc.type)));
  }
  const auto sizes_it = t.find("sizes");
  bool same_sizes = sizes_it != t.end() && sizes_it->is_array() && sizes_it->size() == golden.desc.rank;
  for (std::uint32_t i = 0; same_sizes && i < golden.desc.rank; ++i) {
    same_sizes = (*sizes_it)[i].is_number_unsigned() && (*sizes_it)[i].get<std::uint64_t>() == golden.desc.sizes[i];
  }
  if (!same_sizes) return status::error(errc::sizes_mismatch, "OutputTensor", "sizes", "ACTUAL's sizes must equal the case's");
  const auto data_it = t.find("data");
  const auto count = golden.desc.element_count();
  if (data_it == t.end() || !data_it->is_array() || data_it->size() != count) {
    return status::error(errc::invalid_argument, "OutputTensor", "data",
                         "ACTUAL's data must hold the " + std::to_string(count) + " elements in logical row-major order");
  }
  out.type = golden.desc.type;
  out.resize_bytes(count * dmlref::element_size(out.type));
  return dmlref::io::store_values(*data_it, out.type, out, "OutputTensor", "data");
}

/// compare: a GPU's outputs against the golden evaluation of the same cases.
int compare(const options& o, const std::vector<dmlref::io::read_result>& cases) {
  std::string text, problem;
  if (!read_file(o.files[1], text)) return usage("cannot read " + o.files[1]);
  std::vector<dmlref::io::json> outputs;
  if (!read_actual(text, cases.size(), outputs, problem)) {
    std::cerr << "dmlref-eval: " << o.files[1] << ": " << problem << "\n";
    return 2;
  }
  int passed = 0, failed = 0;
  bool invalid = false;
  for (std::size_t k = 0; k < cases.size(); ++k) {
    const auto& entry = cases[k];
    dmlref::io::evaluation golden;
    dmlref::io::element_buffer actual;
    dmlref::status s = entry.error.ok() ? dmlref::io::evaluate(dmlref::golden, entry.value, golden) : entry.error;
    if (s.ok()) s = actual_values(outputs[k], golden, actual);
    if (!s.ok()) {
      report_invalid(k < cases.size() ? o.files[0] : o.files[1], entry.name, s);
      std::cout << "INVALID " << entry.name << ": " << s.message() << "\n";
      invalid = true;
      ++failed;
      continue;
    }
    const auto r = dmlref::io::compare_with(golden, actual, comparison_for(o, entry.value, golden));
    print_result(entry.name, r);
    (r.pass ? passed : failed)++;
  }
  std::cout << passed << " passed, " << failed << " failed\n";
  return invalid ? 2 : failed != 0 ? 1 : 0;
}

}  // namespace

int main(int argc, char** argv) {
  options o;
  std::string problem;
  if (!parse_options(argc, argv, o, problem)) return usage(problem);
  std::string text;
  if (!read_file(o.files[0], text)) return usage("cannot read " + o.files[0]);
  bool collection = false;
  const auto cases = dmlref::io::read_cases(text, dmlref::io::default_max_buffer_bytes, &collection);
  try {
    if (o.command == "run") return run(o, cases, collection);
    if (o.command == "check") return check(o, cases);
    return compare(o, cases);
  } catch (const std::exception& e) {  // allocation failure and the like: report, never crash
    std::cerr << "dmlref-eval: " << e.what() << "\n";
    return 2;
  }
}
