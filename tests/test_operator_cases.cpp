// Every operator's hand-derived vectors, tests/cases/<DirectML name>.json (dmlref-case/1,
// docs/case-format.md): the operator's own test data, derived from its contract by hand and
// needing no compilation. Through the runtime layer on both paths:
//   golden  gives each expected value's exact bits (+0 and -0 apart, NaN payloads compared);
//   fast    passes the case's own tolerance, or else the operator's default comparison.
// Every operator of the registry must have such a file, and every file must name an operator
// of the registry.

#include <doctest/doctest.h>

#include <dmlref/dml/execute_once.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "dmlref/core/path.hpp"
#include "dmlref/io/check.hpp"
#include "dmlref/ops/registry.hpp"

#ifndef DMLREF_SOURCE_DIR
#error "DMLREF_SOURCE_DIR (the source tree, which holds tests/cases/) is set by CMake and Meson"
#endif

namespace {

const std::filesystem::path cases_dir = DMLREF_SOURCE_DIR "/tests/cases";

std::vector<std::filesystem::path> case_files() {
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(cases_dir)) {
    if (entry.path().extension() == ".json") files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

std::string read_text(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

template <class Path>
void check_every_file(Path path, bool golden) {
  std::size_t cases = 0;
  for (const auto& file : case_files()) {
    for (const auto& entry : dmlref::io::read_cases(read_text(file))) {
      INFO(file.filename().string() << ": " << entry.name);
      REQUIRE_MESSAGE(entry.error.ok(), entry.error.message());
      REQUIRE_MESSAGE(entry.value.expected, "a hand-derived case states its expected values");
      CHECK_MESSAGE(entry.value.op + ".json" == file.filename().string(), "a file holds its own operator's cases");
      dmlref::oracle::compare_options options;
      if (golden) {
        options.tol = dmlref::tolerance::exact();
        options.nans = dmlref::oracle::nan_rule::same_bits;
        options.zeros = dmlref::oracle::zero_rule::same_sign;
        dmlref::io::evaluation result;
        REQUIRE(dmlref::io::evaluate(path, entry.value, result).ok());
        const auto report = dmlref::io::compare_with(result, *entry.value.expected, options);
        CHECK_MESSAGE(report.pass, report.text());
      } else {
        const auto result = dmlref::io::check_case(path, entry.value, options);
        REQUIRE_MESSAGE(result.error.ok(), result.error.message());
        CHECK_MESSAGE(result.report.pass, result.report.text());
      }
      ++cases;
    }
  }
  CHECK(cases > 0);
}

}  // namespace

TEST_CASE("operator cases: every operator of the registry has its hand-derived vectors, and only those") {
  std::set<std::string> files;
  for (const auto& file : case_files()) files.insert(file.stem().string());
  std::set<std::string> operators;
  dmlref::ops::for_each_operator([&](auto tag) { operators.insert(dmlref::ops::name_of<typename decltype(tag)::type>); });
  for (const auto& name : operators) CHECK_MESSAGE(files.count(name) == 1, "tests/cases/" << name << ".json is missing");
  for (const auto& name : files) CHECK_MESSAGE(operators.count(name) == 1, "tests/cases/" << name << ".json names no operator of the registry");
}

TEST_CASE("operator cases: golden gives the expected bits") { check_every_file(dmlref::golden, true); }

TEST_CASE("operator cases: the fast path passes each case's tolerance") { check_every_file(dmlref::fast, false); }
