// Every case of tests/conformance/dml/ through the DirectML-shaped runtime layer, on both
// paths: each must evaluate, and match its expected values under its tolerance. The golden
// path must also match them at 0 ULP: the vectors' expectations are the exactly rounded
// results (see tests/conformance/webnn/SOURCE.md), so any distance is a golden-path error,
// except at the elements tests/conformance/rounding_errors.json lists, whose value was
// recomputed in exact arithmetic and found not to be the exactly rounded one: there golden
// must give the recomputed value instead, and the file must still hold the listed one.
// A case whose operator this build does not implement yet is skipped, visibly: the case reader
// refuses it as "not implemented in this version", the test lists it and goes on, so that an
// operator's vectors start running the day it is added, with no edit here.

#include <doctest/doctest.h>

#include <dmlref/dml/execute_once.hpp>

#include <algorithm>
#include <cstdint>
#include <cstring>
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

/// The case's expected values with the elements tests/conformance/rounding_errors.json lists
/// replaced by their exactly rounded values; checks that the file still holds the listed ones.
dmlref::io::element_buffer exactly_rounded_expected(const std::string& file, const dmlref::io::test_case& c) {
  static const auto listed = dmlref::io::json::parse(read_file(DMLREF_SOURCE_DIR "/tests/conformance/rounding_errors.json"));
  auto expected = *c.expected;
  for (const auto& e : listed.at("errors")) {
    if (e.at("file") != file || e.at("case") != c.name) continue;
    const auto element = e.at("element").get<std::size_t>();
    const auto size = dmlref::element_size(expected.type);
    REQUIRE((element + 1) * size <= expected.size_in_bytes());
    std::uint64_t webnn = std::stoull(e.at("webnn").get<std::string>(), nullptr, 16);
    std::uint64_t rounded = std::stoull(e.at("rounded").get<std::string>(), nullptr, 16);
    auto* bytes = static_cast<unsigned char*>(expected.data()) + element * size;
    std::uint64_t held = 0;
    std::memcpy(&held, bytes, size);  // little-endian: the low bytes are the element's bits
    CHECK_MESSAGE(held == webnn, "rounding_errors.json: element " << element << " of the file no longer holds " << e.at("webnn"));
    std::memcpy(bytes, &rounded, size);
  }
  return expected;
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
        const auto strict =
            dmlref::io::compare_with(golden, exactly_rounded_expected(file.filename().string(), entry.value), options);
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
