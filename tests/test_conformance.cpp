// Every case of tests/conformance/dml/ through the DirectML-shaped runtime layer, on both
// paths: each must evaluate, and match its expected values under its tolerance. The golden
// path must also match them at 0 ULP: the vectors' expectations are the exactly rounded
// results (see tests/conformance/webnn/SOURCE.md), so any distance is a golden-path error.
// A case whose operator this build does not implement yet is skipped, visibly: the case reader
// refuses it as "not implemented in this version", the test lists it and goes on, so that an
// operator's vectors start running the day it is added, with no edit here.

#include <doctest/doctest.h>

#include <dmlref/dml/execute_once.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "dmlref/core/path.hpp"
#include "dmlref/io/check.hpp"

#ifndef DMLREF_SOURCE_DIR
#error "DMLREF_SOURCE_DIR (the source tree, which holds tests/conformance/) is set by CMake and Meson"
#endif

#define DMLREF_CONFORMANCE_DIR DMLREF_SOURCE_DIR "/tests/conformance/dml"

namespace {

/// The DirectML-shaped conformance files, sorted by name.
std::vector<std::filesystem::path> conformance_files() {
  std::vector<std::filesystem::path> files;
  const std::filesystem::path dir = DMLREF_CONFORMANCE_DIR;
  if (!std::filesystem::is_directory(dir)) return files;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() == ".json") files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

/// Whether a case was refused only because its operator is not in this build.
bool not_implemented(const dmlref::status& error) {
  return error.code() == dmlref::errc::unsupported_operator &&
         error.message().find("is not implemented in this version") != std::string::npos;
}

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

template <class Path>
void check_all(Path path, bool exact) {
  const auto files = conformance_files();
  REQUIRE_MESSAGE(files.size() >= 3, "the conformance vectors are expected under " DMLREF_CONFORMANCE_DIR);
  std::size_t cases = 0, not_in_this_build = 0;
  for (const auto& file : files) {
    std::size_t file_skipped = 0;
    for (const auto& entry : dmlref::io::read_cases(read_file(file))) {
      INFO(file.filename().string() << ": " << entry.name);
      if (not_implemented(entry.error)) {
        ++file_skipped;
        continue;
      }
      REQUIRE_MESSAGE(entry.error.ok(), entry.error.message());
      dmlref::oracle::compare_options options;
      const auto result = dmlref::io::check_case(path, entry.value, options);
      REQUIRE_MESSAGE(result.error.ok(), result.error.message());
      REQUIRE(result.has_expected);
      CHECK_MESSAGE(result.report.pass, result.report.text());
      if (exact) {
        dmlref::io::evaluation golden;
        REQUIRE(dmlref::io::evaluate(path, entry.value, golden).ok());
        options.tol = dmlref::tolerance::exact();
        const auto strict = dmlref::io::compare_with(golden, *entry.value.expected, options);
        CHECK_MESSAGE(strict.pass, strict.text());
      }
      ++cases;
    }
    if (file_skipped != 0) {
      MESSAGE("not implemented in this version: " << file.filename().string() << " (" << file_skipped << " cases skipped)");
      not_in_this_build += file_skipped;
    }
  }
  MESSAGE(cases << " conformance cases judged, " << not_in_this_build << " skipped (operator not implemented in this version)");
  CHECK(cases >= 45);
}

}  // namespace

TEST_CASE("conformance: every case of tests/conformance/dml/ passes on the golden path, at 0 ULP") {
  check_all(dmlref::golden, true);
}

TEST_CASE("conformance: every case of tests/conformance/dml/ passes on the fast path within its tolerance") {
  check_all(dmlref::fast, false);
}
