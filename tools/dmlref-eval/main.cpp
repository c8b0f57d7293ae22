// dmlref-eval: the golden oracle from the command line, for test harnesses in any language.
//
//   dmlref-eval run     CASES.json [--path golden|fast] [--threads N] [--out-dir DIR]
//   dmlref-eval export  CASES.json --out-dir DIR [--threads N]
//   dmlref-eval check   CASES.json [--path golden|fast] [--threads N] [comparison options]
//   dmlref-eval compare CASES.json ACTUAL.json [--threads N] [comparison options]
//   dmlref-eval generate --op POW --type FLOAT16 [--exponent-type INT32] [--layout ...] [--count N] [--seed S]
//                        [--out-dir DIR]
//   dmlref-eval describe [--op NAME] [--format text|json]
//
// Comparison options: --tolerance exact|ulp:N (instead of each case's own or the default),
// --nan same-bits (a NaN must match bit for bit), --zeros same-sign (+0 against -0 fails),
// --floor X (|actual - expected| <= X passes); --out-dir DIR of run, export and generate writes
// every tensor's logical values as dense .npy files and DIR/export.json (dense_export.hpp); --report json|junit FILE writes the results
// for CI as well (repeatable); --mismatches FILE lists every mismatch as JSON lines. --threads N computes each case on up to N threads (0: one per hardware
// thread; the same bits as one thread, see dmlref/core/path.hpp). Exit status: 0 all good; 1 a mismatch (check, compare); 2 an invalid case,
// file or usage (one line on stderr names the file, the case, the tensor and the rule; the
// other cases still run; describe: an unknown operator name).

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "dmlref/core/isa.hpp"
#include "dmlref/core/path.hpp"
#include "dmlref/dml/isa_variants.hpp"
#include "dmlref/io/check.hpp"
#include "dmlref/io/generate.hpp"
#include "dmlref/io/normal_values.hpp"
#include "dmlref/version.hpp"
#include "dense_export.hpp"
#include "describe.hpp"
#include "output_json.hpp"
#include "mismatches.hpp"
#include "out_dir.hpp"
#include "pairing.hpp"
#include "progress.hpp"
#include "results.hpp"

namespace {

struct options {
  std::string command;
  std::string cases_file;
  std::string actual_file;
  bool fast = false;
  std::uint32_t threads = 1;  // dmlref::golden.threads(threads), or fast's
  std::string out_dir;
  std::optional<dmlref::tolerance> tol;
  dmlref::oracle::compare_options compare;
  std::vector<std::string> report;  // {format, file} of --report
  std::string mismatches_file;       // --mismatches: every mismatch, one JSON line each (or .npy rows)
  dmlref_eval::mismatch_npy* mismatches_npy = nullptr;  // --mismatches FILE.npy, open
  bool quiet = false;
};

/// Reads path whole into text; "" on success, else "cannot read PATH: the system's reason".
std::string read_file(const std::string& path, std::string& text) {
  errno = 0;
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (f == nullptr) return "cannot read " + path + ": " + std::strerror(errno);
  text.clear();
  char chunk[1 << 16];
  std::size_t n = 0;
  while ((n = std::fread(chunk, 1, sizeof chunk, f)) != 0) text.append(chunk, n);
  const int reason = std::ferror(f) ? errno : 0;  // a folder opens, then fails to read (EISDIR)
  std::fclose(f);
  if (reason == 0) return {};
  return "cannot read " + path + ": " + std::strerror(reason);
}

std::string folder_of(const std::string& path) {
  const auto slash = path.find_last_of('/');
  return slash == std::string::npos ? std::string() : path.substr(0, slash == 0 ? 1 : slash);
}

void report_invalid(const std::string& file, const std::string& case_name, const dmlref::status& s) {
  std::cerr << "dmlref-eval: invalid case \"" << case_name << "\" in " << file << ": " << s.message() << "\n";
}

dmlref::status evaluate(const options& o, const dmlref::io::test_case& c, dmlref::io::evaluation& out) {
  return o.fast ? dmlref::io::evaluate(dmlref::fast.threads(o.threads), c, out)
                : dmlref::io::evaluate(dmlref::golden.threads(o.threads), c, out);
}

dmlref::oracle::compare_options comparison_for(const options& o, const dmlref::io::test_case& c,
                                               const dmlref::io::evaluation& e) {
  auto opts = o.compare;
  opts.tol = o.tol ? *o.tol : dmlref::io::tolerance_for(c, e);
  if (!o.tol && c.absolute_tolerance > opts.absolute_floor) opts.absolute_floor = c.absolute_tolerance;
  return opts;
}

/// run: the outputs as JSON (or .npy files named by the JSON); a collection in, a collection out.
int run(const options& o, const std::vector<dmlref::io::read_result>& cases, bool collection) {
  int status = 0;
  dmlref_eval::outputs_writer out(std::cout, collection, o.out_dir);
  dmlref_eval::dense_export dense(o.out_dir);
  dmlref_eval::progress meter(o.quiet, "run");
  for (std::size_t k = 0; k < cases.size(); ++k) {
    const auto& entry = cases[k];
    dmlref::io::evaluation e;
    const dmlref::status s = entry.error.ok() ? evaluate(o, entry.value, e) : entry.error;
    if (!s.ok()) {
      report_invalid(o.cases_file, entry.name, s);
      out.add_error(entry.name, s.message());
      dense.add_error(entry.name, s.message());
      status = 2;
    } else if (const auto failure = out.add(k, entry.name, e); !failure.empty()) {  // the case is valid; I/O failed
      std::cerr << "dmlref-eval: case \"" << entry.name << "\": " << failure << "\n";
      out.add_error(entry.name, failure);
      dense.add_error(entry.name, failure);
      status = 2;
    } else if (!o.out_dir.empty()) {
      if (const auto failed = dense.add(k, entry.name, entry.value, e, true); !failed.empty()) {
        std::cerr << "dmlref-eval: case \"" << entry.name << "\": " << failed << "\n";
        status = 2;
      }
    }
    meter.step(e.desc.element_count());
  }
  if (const auto failure = out.finish(); !failure.empty()) {
    std::cerr << "dmlref-eval: " << failure << "\n";
    return 2;
  }
  if (const auto failure = o.out_dir.empty() ? std::string() : dense.finish(); !failure.empty()) {
    std::cerr << "dmlref-eval: " << failure << "\n";
    return 2;
  }
  return status;
}

/// export: each case's tensors as dense .npy files (the output golden's) and DIR/export.json;
/// the same document on stdout, naming the files by their absolute paths.
int export_cases(const options& o, const std::vector<dmlref::io::read_result>& cases) {
  int status = 0;
  dmlref_eval::dense_export dense(o.out_dir);
  dmlref_eval::progress meter(o.quiet, "export");
  for (std::size_t k = 0; k < cases.size(); ++k) {
    const auto& entry = cases[k];
    dmlref::io::evaluation e;
    const dmlref::status s =
        entry.error.ok() ? dmlref::io::evaluate(dmlref::golden.threads(o.threads), entry.value, e) : entry.error;
    if (!s.ok()) {
      report_invalid(o.cases_file, entry.name, s);
      dense.add_error(entry.name, s.message());
      status = 2;
      continue;
    }
    if (const auto failed = dense.add(k, entry.name, entry.value, e, false); !failed.empty()) {
      std::cerr << "dmlref-eval: case \"" << entry.name << "\": " << failed << "\n";
      status = 2;
    }
    meter.step(e.desc.element_count());
  }
  if (const auto failure = dense.finish(); !failure.empty()) {
    std::cerr << "dmlref-eval: " << failure << "\n";
    return 2;
  }
  std::cout << dense.absolute_document().dump(1) << "\n";
  return status;
}

/// A failing case's every mismatch: appended to --mismatches FILE, and its histogram with
/// indices given to the JSON report.
void list_mismatches(const options& o, std::size_t case_index, const dmlref::io::read_result& entry,
                     const dmlref::io::evaluation& golden,
                     const dmlref::io::element_buffer& other, const dmlref::oracle::report& r,
                     dmlref::io::expectation side, dmlref_eval::results& results) {
  if (r.pass) return;
  const auto all = dmlref_eval::every_mismatch(golden, other, comparison_for(o, entry.value, golden), side);
  results.histogram(dmlref_eval::histogram_json(r, all));
  if (o.mismatches_npy != nullptr) {
    for (const auto& m : all) {
      o.mismatches_npy->add(case_index, m, dmlref_eval::detail::input_numbers(entry.value, m.at), golden.desc.type);
    }
    return;
  }
  if (o.mismatches_file.empty()) return;
  std::ofstream f(o.mismatches_file, std::ios::binary | std::ios::app);
  for (const auto& m : all) {
    f << dmlref_eval::mismatch_json(entry.name, m, dmlref_eval::detail::input_values(entry.value, m.at), golden.desc.type,
                                    dmlref_eval::unverified_note_at(entry.value, golden.types, m.at))
             .dump()
      << "\n";
  }
}

/// check: each case's expected values (the expectation) against dmlref's evaluation.
int check(const options& o, const std::vector<dmlref::io::read_result>& cases, dmlref_eval::results& results) {
  dmlref_eval::progress meter(o.quiet, "check");
  for (std::size_t k = 0; k < cases.size(); ++k) {
    const auto& entry = cases[k];
    dmlref::io::evaluation e;
    dmlref::status s = entry.error.ok() ? evaluate(o, entry.value, e) : entry.error;
    if (s.ok() && !entry.value.expected) {
      s = dmlref::status::error(dmlref::errc::invalid_argument, "expected", "", "check needs expected values");
    }
    if (!s.ok()) {
      report_invalid(o.cases_file, entry.name, s);
      results.invalid(entry.name, s);
      continue;
    }
    const auto r = dmlref::io::compare_with(e, *entry.value.expected, comparison_for(o, entry.value, e),
                                            dmlref::io::expectation::given);
    list_mismatches(o, k, entry, e, *entry.value.expected, r, dmlref::io::expectation::given, results);
    results.judged(entry.name, r, dmlref_eval::contexts_at(entry.value, e.types, r));
    meter.step(e.desc.element_count());
  }
  return results.finish();
}

/// Reads the outputs a GPU produced, in the shape run prints (pair_outputs pairs them with cases).
bool read_actual(const std::string& text, std::vector<dmlref::io::json>& outputs, std::string& problem) {
  std::string why;
  const auto document = dmlref::io::parse_json(text, &why);
  if (document.is_discarded()) {
    problem = "is not valid JSON: " + why;
    return false;
  }
  if (document.is_object() && document.contains("cases")) {
    if (!document["cases"].is_array()) {
      problem = "\"cases\" must be an array";
      return false;
    }
    for (const auto& c : document["cases"]) outputs.push_back(c);
  } else {
    outputs.push_back(document);
  }
  return true;
}

/// The actual output of one case, checked against the golden output's type and sizes.
dmlref::status actual_values(const dmlref::io::json& item, const dmlref::io::evaluation& golden,
                             const std::string& base_dir, dmlref::io::element_buffer& out, std::string& warning) {
  using dmlref::errc;
  using dmlref::status;
  const std::string output = golden.output_name;
  if (!item.is_object() || !item.contains(output) || !item[output].is_object()) {
    return status::error(errc::invalid_argument, output, "", "no " + output + " object for this case");
  }
  const auto& t = item[output];
  const auto type_it = t.find("dataType");
  if (type_it == t.end() || !type_it->is_string() ||
      dmlref::data_type_from_name(type_it->get<std::string>()) != golden.desc.type) {
    return status::error(errc::invalid_argument, output, "dataType",
                         "must be " + std::string(dmlref::name(golden.desc.type)) + ", the case's output type");
  }
  const auto sizes_it = t.find("sizes");
  bool same_sizes = sizes_it != t.end() && sizes_it->is_array() && sizes_it->size() == golden.desc.rank;
  for (std::uint32_t i = 0; same_sizes && i < golden.desc.rank; ++i) {
    same_sizes = (*sizes_it)[i].is_number_unsigned() && (*sizes_it)[i].get<std::uint64_t>() == golden.desc.sizes[i];
  }
  if (!same_sizes) return status::error(errc::sizes_mismatch, output, "sizes", "must equal the case's sizes");
  const auto data_it = t.find("data");
  const auto count = golden.desc.element_count();
  if (data_it == t.end()) return status::error(errc::invalid_argument, output, "data", "is required");
  std::uint64_t given = 0;
  const auto bytes = count * dmlref::element_size(golden.desc.type);
  // {"bits": [15360, ...]}: each value given as its bit pattern, as an integer (what a
  // Uint16Array of FLOAT16 holds); read as the "0x3c00" strings of the case format.
  dmlref::io::json patterns;
  const dmlref::io::json* data = &*data_it;
  if (data_it->is_object() && !(data_it->size() == 1 && (data_it->contains("bits") || data_it->contains("npy")))) {
    return status::error(errc::invalid_argument, output, "data",
                         "must be an array of values, {\"npy\": \"file.npy\"} or {\"bits\": [...]} (bit patterns "
                         "as integers), and nothing else");
  }
  if (data_it->is_object() && data_it->contains("bits")) {
    const auto& bits = (*data_it)["bits"];
    const unsigned width = 8 * static_cast<unsigned>(dmlref::element_size(golden.desc.type));
    patterns = dmlref::io::json::array();
    for (std::size_t k = 0; bits.is_array() && k < bits.size(); ++k) {
      if (!bits[k].is_number_unsigned()) {
        return status::error(errc::invalid_argument, output, "data.bits[" + std::to_string(k) + "]",
                             "must be a non-negative integer: the value's bit pattern");
      }
      if (width < 64 && (bits[k].get<std::uint64_t>() >> width) != 0) {
        return status::error(errc::invalid_argument, output, "data.bits[" + std::to_string(k) + "]",
                             std::to_string(bits[k].get<std::uint64_t>()) + " is not a " + std::to_string(width) +
                                 "-bit pattern (" + std::string(dmlref::name(golden.desc.type)) + ")");
      }
      char text[24];
      std::snprintf(text, sizeof text, "0x%llx", static_cast<unsigned long long>(bits[k].get<std::uint64_t>()));
      patterns.push_back(text);
    }
    if (!bits.is_array()) return status::error(errc::invalid_argument, output, "data.bits", "must be an array");
    data = &patterns;
  } else if (auto w = dmlref::io::detail_case::bit_pattern_warning(*data_it, golden.desc.type)) {
    warning = output + ".data: " + *w + " (or {\"bits\": [...]})";
  }
  if (auto s = dmlref::io::load_values(*data, golden.desc.type, base_dir, output, "data", bytes,
                                       dmlref::io::default_max_buffer_bytes, out, given);
      !s.ok()) {
    return s;
  }
  if (given != count) {
    return status::error(errc::invalid_argument, output, "data",
                         "holds " + std::to_string(given) + " values; the " + std::to_string(count) +
                             " elements are needed in logical row-major order");
  }
  return {};
}

/// compare: a GPU's outputs against the golden evaluation of the same cases.
int compare(const options& o, const std::vector<dmlref::io::read_result>& cases, dmlref_eval::results& results) {
  std::string text, problem;
  if (const auto failure = read_file(o.actual_file, text); !failure.empty()) {
    std::cerr << "dmlref-eval: " << failure << "\n";
    return 2;
  }
  std::vector<dmlref::io::json> outputs;
  if (!read_actual(text, outputs, problem)) {
    std::cerr << "dmlref-eval: " << o.actual_file << " " << problem << "\n";
    return 2;
  }
  std::vector<std::string> names;
  for (const auto& entry : cases) names.push_back(entry.name);
  const auto paired = dmlref_eval::pair_outputs(names, outputs);
  for (const auto& why : paired.unpaired) {
    std::cerr << "dmlref-eval: " << o.actual_file << ": " << why << "\n";
    results.invalid(o.actual_file, dmlref::status::error(dmlref::errc::invalid_argument, "", "name", why));
  }
  dmlref_eval::progress meter(o.quiet, "compare");
  for (std::size_t k = 0; k < cases.size(); ++k) {
    const auto& entry = cases[k];
    if (!paired.output_of[k]) {
      const auto s = dmlref::status::error(dmlref::errc::invalid_argument, "", "name",
                                           "no output is named \"" + entry.name + "\" (nor nameless at position " +
                                               std::to_string(k) + ")");
      report_invalid(o.actual_file, entry.name, s);
      results.invalid(entry.name, s);
      continue;
    }
    const auto& output = outputs[*paired.output_of[k]];
    if (const auto why = dmlref_eval::skip_reason(output)) {
      results.skipped(entry.name, *why);
      continue;
    }
    dmlref::io::evaluation golden;
    dmlref::io::element_buffer actual;
    if (dmlref::status s =
            entry.error.ok() ? dmlref::io::evaluate(dmlref::golden.threads(o.threads), entry.value, golden) : entry.error;
        !s.ok()) {
      report_invalid(o.cases_file, entry.name, s);
      results.invalid(entry.name, s);
      continue;
    }
    std::string warning;
    const auto s = actual_values(output, golden, folder_of(o.actual_file), actual, warning);
    if (!warning.empty()) {
      std::cerr << "dmlref-eval: warning: case \"" << entry.name << "\" in " << o.actual_file << ": " << warning << "\n";
    }
    if (!s.ok()) {
      report_invalid(o.actual_file, entry.name, s);
      results.invalid(entry.name, s);
      continue;
    }
    const auto r = dmlref::io::compare_with(golden, actual, comparison_for(o, entry.value, golden));
    list_mismatches(o, k, entry, golden, actual, r, dmlref::io::expectation::evaluation, results);
    results.judged(entry.name, r, dmlref_eval::contexts_at(entry.value, golden.types, r));
    meter.step(golden.desc.element_count());
  }
  return results.finish();
}

/// generate: cases with golden's expected values, as one {"cases": [...]} document on stdout.
int generate(const dmlref::io::generate_options& g, bool list, const std::string& out_dir) {
  using dmlref::io::json;
  if (list) {  // every operator with every first-input type it supports at the newest level
    dmlref::ops::for_each_operator([](auto tag) {
      using Op = typename decltype(tag)::type;
      const auto op = dmlref::io::detail_generate::tensors_of<Op>();
      for (const auto t : dmlref::io::detail_generate::candidate_types) {
        dmlref::io::generate_options probe;
        probe.types[op.names[0]] = t;
        std::vector<std::pair<std::string, dmlref::data_type>> chosen;
        std::string problem;
        if (dmlref::io::detail_generate::choose_types(probe, op, chosen, problem)) {
          std::cout << dmlref::ops::name_of<Op> << " " << dmlref::name(t) << "\n";
        }
      }
    });
    return 0;
  }
  std::string problem;
  auto cases = dmlref::io::generate_cases(g, problem);
  if (cases.empty()) {
    std::cerr << "dmlref-eval: generate: " << problem << "\n";
    return 2;
  }
  json document;
  document["format"] = "dmlref-case/1";
  document["cases"] = json::array();
  dmlref_eval::dense_export dense(out_dir);
  std::mt19937_64 redraws(g.seed ^ 0x6e6f726d616cULL);  // "normal": its own stream, from the seed
  long long out_of_range = 0;
  for (auto& c : cases) {
    if (g.values == "normal") {
      const long long left = dmlref::io::redraw_until_normal(c, redraws, problem);
      if (left < 0) {
        std::cerr << "dmlref-eval: generate: case \"" << c["name"].get<std::string>() << "\": " << problem << "\n";
        return 2;
      }
      out_of_range += left;
    }
    dmlref::io::test_case parsed;
    dmlref::io::evaluation e;
    dmlref::status s = dmlref::io::read_case(c, parsed);
    if (s.ok()) s = dmlref::io::evaluate(dmlref::golden, parsed, e);
    if (!s.ok()) {  // a generated case is valid by construction: this is dmlref's own bug
      std::cerr << "dmlref-eval: generate: case \"" << c["name"].get<std::string>() << "\": " << s.message() << "\n";
      return 2;
    }
    dmlref::io::visit_element_type(e.desc.type, [&](auto* tag) {
      using T = std::remove_pointer_t<decltype(tag)>;
      const T* v = e.values.as<T>();
      c["expected"][e.output_name] =
          dmlref::io::detail_generate::values_json(std::vector<T>(v, v + e.desc.element_count()));
    });
    if (!out_dir.empty()) {
      if (const auto failed = dense.add(document["cases"].size(), parsed.name, parsed, e, false); !failed.empty()) {
        std::cerr << "dmlref-eval: generate: " << failed << "\n";
        return 2;
      }
    }
    document["cases"].push_back(std::move(c));
  }
  if (out_of_range != 0) {
    std::cerr << "dmlref-eval: generate: " << out_of_range
              << " elements still have a result that is not a finite normal number after 16 redraws\n";
  }
  if (out_dir.empty()) {
    std::cout << document.dump(1) << "\n";
    return 0;
  }
  // With --out-dir: the cases to DIR/cases.json, the dense export beside them, and the
  // export's document on stdout.
  const std::string path = out_dir + "/cases.json";
  std::ofstream f(path, std::ios::binary);
  f << document.dump(1) << "\n";
  f.close();
  if (!f) {
    std::cerr << "dmlref-eval: generate: cannot write " << path << ": " << std::strerror(errno) << "\n";
    return 2;
  }
  if (const auto failure = dense.finish(); !failure.empty()) {
    std::cerr << "dmlref-eval: generate: " << failure << "\n";
    return 2;
  }
  std::cout << dense.absolute_document().dump(1) << "\n";
  return 0;
}

/// --tolerance exact|ulp:N
std::string parse_tolerance(const std::string& v, std::optional<dmlref::tolerance>& out) {
  if (v == "exact") {
    out = dmlref::tolerance::exact();
    return {};
  }
  if (v.rfind("ulp:", 0) == 0 && v.size() > 4 && v.size() < 24 &&
      v.find_first_not_of("0123456789", 4) == std::string::npos) {
    out = dmlref::tolerance::ulp(std::stoull(v.substr(4)));
    return {};
  }
  return "--tolerance takes exact or ulp:N";
}

void add_comparison_options(CLI::App& command, options& o) {
  command
      .add_option_function<std::string>(
          "--tolerance",
          [&o](const std::string& v) {
            if (auto problem = parse_tolerance(v, o.tol); !problem.empty()) throw CLI::ValidationError(problem);
          },
          "exact or ulp:N, instead of each case's tolerance or the operator's default")
      ->type_name("exact|ulp:N");
  command
      .add_option_function<std::string>(
          "--nan",
          [&o](const std::string& v) {
            o.compare.nans = v == "same-bits" ? dmlref::oracle::nan_rule::same_bits : dmlref::oracle::nan_rule::any_nan;
          },
          "same-bits: a NaN must match bit for bit; any (default): NaN matches any NaN")
      ->check(CLI::IsMember({"same-bits", "any"}));
  command
      .add_option_function<std::string>(
          "--zeros",
          [&o](const std::string& v) {
            o.compare.zeros =
                v == "same-sign" ? dmlref::oracle::zero_rule::same_sign : dmlref::oracle::zero_rule::either_sign;
          },
          "same-sign: +0 against -0 fails; either-sign (default)")
      ->check(CLI::IsMember({"same-sign", "either-sign"}));
  command.add_option("--floor", o.compare.absolute_floor, "|actual - expected| <= X passes")
      ->check(CLI::NonNegativeNumber);
  command.add_option("--mismatches", o.mismatches_file,
                     "write every mismatch to FILE, one JSON object per line (case, index, inputs, expected, "
                     "actual, bits, distance, unit, kind, and note where the element rests on a choice marked "
                     "[unverified]); a FILE named *.npy gets one structured array instead")
      ->type_name("FILE");
  command
      .add_option("--report", o.report,
                  "also write the results for CI, one test case per case: json or junit, to FILE (repeatable)")
      ->type_size(2)
      ->expected(1, 16)
      ->type_name("json|junit FILE")
      ->each([](const std::string&) {})
      ->check([](const std::string& v) { return v.empty() ? std::string("--report takes a format and a file") : std::string(); });
}

/// The fast path's kernels this run takes, among the variants built in (dml/isa_variants.hpp):
/// "fast kernels: avx512 (built: baseline avx2 avx512; baseline: isa_sse2)".
std::string fast_kernels_line() {
  using dmlref::dml::isa_variant;
  std::string built;
  for (auto v : {isa_variant::baseline, isa_variant::avx2, isa_variant::avx512, isa_variant::avx512fp16}) {
    if (dmlref::dml::compiled_in(v)) built += std::string(built.empty() ? "" : " ") + dmlref::dml::name_of(v);
  }
  return std::string("fast kernels: ") + dmlref::dml::name_of(dmlref::dml::selected_isa_variant()) +
         " (built: " + built + "; baseline: " + DMLREF_ISA_NAME + ")";
}

}  // namespace

int main(int argc, char** argv) {
  options o;
  CLI::App app{"dmlref-eval: DirectML element-wise operators evaluated exactly, for harnesses in any language.\n"
               "Cases are JSON files of the format dmlref-case/1 (docs/case-format.md).",
               "dmlref-eval"};
  app.set_version_flag("--version", std::string("dmlref-eval ") + dmlref::version_string + "\n" + fast_kernels_line());
  // Options are -x and --name on every system. On Windows CLI11 would also read /name as an
  // option, and so take a path such as /dir/case.json (as Wine and MSYS2 write them) for one.
  // The subcommands, added below, inherit this.
  app.allow_windows_style_options(false);
  app.require_subcommand(1, 1);
  app.add_flag("--quiet,-q", o.quiet, "no progress on stderr");
  const auto path_option = [&o](CLI::App& command) {
    command
        .add_option_function<std::string>(
            "--path", [&o](const std::string& v) { o.fast = v == "fast"; }, "golden (default) or fast")
        ->check(CLI::IsMember({"golden", "fast"}));
  };
  const auto threads_option = [&o](CLI::App& command) {
    command
        .add_option("--threads", o.threads,
                    "compute on up to N threads (default 1; 0: one per hardware thread; each thread takes at least " +
                        std::to_string(dmlref::min_elements_per_thread) + " elements; the same results)")
        ->type_name("N")
        ->check(CLI::Range(std::uint32_t{0}, dmlref::max_threads));
  };
  auto* run_command = app.add_subcommand("run", "evaluate each case; print the outputs as JSON");
  run_command->add_option("CASES", o.cases_file, "a case file")->required();
  path_option(*run_command);
  threads_option(*run_command);
  run_command->add_option("--out-dir", o.out_dir,
                          "write each output to DIR/<case index>.<tensor>.npy and the outputs file to DIR/outputs.json; "
                          "the inputs' logical values too, listed in DIR/export.json (the dense export)");
  auto* export_command = app.add_subcommand(
      "export", "write every tensor of each case (inputs, golden output) as its logical values in dense .npy files, "
                "with DIR/export.json naming them: a harness needs no DirectML strides");
  export_command->add_option("CASES", o.cases_file, "a case file")->required();
  export_command->add_option("--out-dir", o.out_dir, "the folder (created when missing)")->required();
  threads_option(*export_command);
  auto* check_command = app.add_subcommand("check", "compare each case's expected values with dmlref's evaluation");
  check_command->add_option("CASES", o.cases_file, "a case file with expected values")->required();
  path_option(*check_command);
  threads_option(*check_command);
  add_comparison_options(*check_command, o);
  auto* compare_command = app.add_subcommand("compare", "judge a backend's outputs (the shape run prints) by golden");
  compare_command->add_option("CASES", o.cases_file, "the case file the outputs were computed from")->required();
  compare_command->add_option("ACTUAL", o.actual_file, "the backend's outputs")->required();
  threads_option(*compare_command);
  add_comparison_options(*compare_command, o);
  dmlref::io::generate_options g;
  std::string input_type, exponent_type;
  std::vector<std::string> tensor_types;
  bool list = false;
  auto* generate_command =
      app.add_subcommand("generate", "write cases (special values, every binade, random bits, three layouts) with "
                                     "golden's expected values, for testing a backend without a GPU here");
  std::string op_name;
  generate_command->add_option("--op", op_name, "the operator (required): ELEMENT_WISE_POW, or POW");
  generate_command->add_option("--type", input_type, "the first input's data type (default FLOAT32)");
  generate_command->add_option("--exponent-type", exponent_type, "ExponentTensor's data type (POW)");
  generate_command->add_option("--tensor-type", tensor_types, "another tensor's data type: NAME=TYPE (repeatable)");
  generate_command->add_option("--layout", g.layouts, "contiguous, broadcast, padded (default: all three)")
      ->check(CLI::IsMember({"contiguous", "broadcast", "padded"}));
  generate_command->add_option("--count", g.count, "elements per case (default 1024)");
  generate_command->add_option("--seed", g.seed, "the random patterns' seed (default 1)");
  generate_command
      ->add_option("--values", g.values,
                   "special (default: special values, every binade, random bit patterns), normal (moderate "
                   "inputs, drawn again where golden's result is not a finite normal number) or hard (the "
                   "operator's hard-to-round corpus for the chosen types, where it states one: one contiguous case)")
      ->check(CLI::IsMember({"special", "normal", "hard"}));
  generate_command->add_flag("--list", list, "list every operator and first-input type that can be generated");
  std::string generate_dir;
  generate_command->add_option("--out-dir", generate_dir,
                               "write the cases to DIR/cases.json and their dense export (every tensor's logical "
                               "values as .npy, DIR/export.json) beside them; print the export's document");
  std::string describe_op, describe_format = "text";
  auto* describe_command = app.add_subcommand(
      "describe", "list every element-wise operator of DirectML's schema: value, feature level, fields, and "
                  "whether this build implements it");
  describe_command->add_option("--op", describe_op, "only this operator: ELEMENT_WISE_ABS, DML_OPERATOR_ELEMENT_WISE_ABS "
                                                    "or ABS");
  describe_command->add_option("--format", describe_format, "text (default) or json (dmlref-describe/1)")
      ->check(CLI::IsMember({"text", "json"}));
  for (auto* command : {run_command, export_command, check_command, compare_command, generate_command, describe_command}) {
    command->fallthrough();
  }
  if (argc > 1 && argv[1][0] != '-' && std::string(argv[1]) != "run" && std::string(argv[1]) != "export" &&
      std::string(argv[1]) != "check" &&
      std::string(argv[1]) != "compare" && std::string(argv[1]) != "generate" && std::string(argv[1]) != "describe") {
    std::cerr << "dmlref-eval: unknown command " << argv[1]
              << "; the commands are run, export, check, compare, generate and describe\n"
              << app.help();
    return 2;
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::cerr << "dmlref-eval: " << e.what() << "\n" << (app.get_subcommands().empty() ? app.help() : app.get_subcommands()[0]->help());
    return 2;
  }
  o.command = app.get_subcommands()[0]->get_name();  // --quiet may follow the command too (fallthrough)
  if (o.command == "describe") return dmlref_eval::describe(describe_op, describe_format == "json", std::cout, std::cerr);
  if (o.command == "generate") {
    if (!list && op_name.empty()) {
      std::cerr << "dmlref-eval: generate needs --op (one of " << dmlref::ops::operator_names() << ")\n"
                << generate_command->help();
      return 2;
    }
    g.op = op_name;  // generate_cases takes any spelling the schema knows, and names an unknown one
    const auto type_named = [](const std::string& text, dmlref::data_type& out) {
      out = dmlref::data_type_from_name(text);
      if (dmlref::element_size(out) != 0) return true;
      std::cerr << "dmlref-eval: \"" << text << "\" is not a data type; the names are "
                << dmlref::io::detail_case::data_type_names() << "\n";
      return false;
    };
    dmlref::data_type t{};
    if (!input_type.empty()) {
      if (!type_named(input_type, t)) return 2;
      g.first_input = t;
    }
    if (!exponent_type.empty()) {
      if (!type_named(exponent_type, t)) return 2;
      g.types["ExponentTensor"] = t;
    }
    for (const auto& pair : tensor_types) {
      const auto eq = pair.find('=');
      if (eq == std::string::npos || !type_named(pair.substr(eq + 1), t)) {
        if (eq == std::string::npos) std::cerr << "dmlref-eval: --tensor-type takes NAME=TYPE\n";
        return 2;
      }
      g.types[pair.substr(0, eq)] = t;
    }
    if (const auto problem = dmlref_eval::prepare_out_dir(generate_dir, "export.json"); !problem.empty()) {
      std::cerr << "dmlref-eval: " << problem << "\n";
      return 2;
    }
    try {
      return generate(g, list, generate_dir);
    } catch (const std::exception& e) {
      std::cerr << "dmlref-eval: " << e.what() << "\n";
      return 2;
    }
  }
  try {
    std::string text;
    if (const auto failure = read_file(o.cases_file, text); !failure.empty()) {
      std::cerr << "dmlref-eval: " << failure << "\n";
      return 2;
    }
    bool collection = false;
    const auto cases =
        dmlref::io::read_cases(text, dmlref::io::default_max_buffer_bytes, &collection, folder_of(o.cases_file));
    for (const auto& entry : cases) {
      for (const auto& t : entry.value.tensors) {
        for (const auto& w : t.warnings) {
          std::cerr << "dmlref-eval: warning: case \"" << entry.name << "\" in " << o.cases_file << ": " << w << "\n";
        }
      }
    }
    if (o.command == "run" || o.command == "export") {
      if (const auto problem = dmlref_eval::prepare_out_dir(o.out_dir, o.command == "run" ? "outputs.json" : "export.json");
          !problem.empty()) {
        std::cerr << "dmlref-eval: " << problem << "\n";
        return 2;
      }
      return o.command == "run" ? run(o, cases, collection) : export_cases(o, cases);
    }
    std::vector<dmlref_eval::report_file> reports;
    for (std::size_t k = 0; k + 1 < o.report.size(); k += 2) {
      if (o.report[k] != "json" && o.report[k] != "junit") {
        std::cerr << "dmlref-eval: --report \"" << o.report[k] << "\" is not a format: --report takes json or junit, "
                  << "then a file\n";
        return 2;
      }
      // Each report file is opened before any case runs: a path that cannot be written fails
      // now, with the system's reason, not after a long run.
      if (const auto problem = dmlref_eval::probe_writable(o.report[k + 1]); !problem.empty()) {
        std::cerr << "dmlref-eval: --report " << o.report[k] << ": " << problem << "\n";
        return 2;
      }
      reports.push_back({o.report[k], o.report[k + 1]});
    }
    dmlref_eval::mismatch_npy npy;
    const std::string& m = o.mismatches_file;
    if (m.size() > 4 && m.compare(m.size() - 4, 4, ".npy") == 0) {  // rows of a structured array
      if (const auto problem = npy.open(m); !problem.empty()) {
        std::cerr << "dmlref-eval: --mismatches: " << problem << "\n";
        return 2;
      }
      o.mismatches_npy = &npy;
    } else if (!m.empty()) {  // one run's mismatches: the file starts empty
      std::ofstream clear(m, std::ios::binary | std::ios::trunc);
      if (!clear) {
        std::cerr << "dmlref-eval: --mismatches: cannot write " << m << ": " << std::strerror(errno) << "\n";
        return 2;
      }
    }
    dmlref_eval::results results(std::cout, reports, o.command);
    const int status = o.command == "check" ? check(o, cases, results) : compare(o, cases, results);
    if (const auto problem = npy.finish(); !problem.empty()) {
      std::cerr << "dmlref-eval: --mismatches: " << problem << "\n";
      return 2;
    }
    return status;
  } catch (const std::exception& e) {  // allocation failure and the like: report, never crash
    std::cerr << "dmlref-eval: " << e.what() << "\n";
    return 2;
  }
}
