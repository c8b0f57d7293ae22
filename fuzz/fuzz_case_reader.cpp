// Fuzzes dmlref-eval's input and output: the case-file reader (io::read_cases) on arbitrary
// bytes, every case it accepts checked on both paths (io::check_case: validation, execution,
// comparison with its expected values), and the golden output written as dmlref-eval writes
// it (tools/dmlref-eval/output_json.hpp) and read back.
// Buffers are limited to 16 KiB per tensor so each input stays fast.
// Findings (abort), besides any sanitizer report:
// - a refused case whose status has no message;
// - the golden and fast paths disagree on whether (or why) a case is refused;
// - dmlref-eval's JSON output of an evaluation does not read back to the same bits (any NaN
//   reads back as a NaN).

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <sstream>
#include <string>
#include <string_view>
#include <type_traits>

#include "dmlref/io/check.hpp"
#include "fuzz_support.hpp"
#include "output_json.hpp"

namespace {

constexpr std::uint64_t max_buffer_bytes = std::uint64_t{1} << 14;

/// The output as dmlref-eval prints it, read back through the case reader's value parser.
void check_round_trip(const dmlref::io::evaluation& e) {
  std::ostringstream printed;
  dmlref_eval::outputs_writer writer(printed, false, "");
  if (!writer.add(0, "fuzz", e).empty() || !writer.finish().empty()) dmlref_fuzz::fail("dmlref-eval could not print");
  const std::string text = printed.str();
  const auto document = dmlref::io::parse_json(text);
  if (document.is_discarded() || !document.contains("OutputTensor") || !document["OutputTensor"].contains("data")) {
    dmlref_fuzz::fail("dmlref-eval wrote invalid JSON: " + text);
  }
  const auto& parsed = document["OutputTensor"];
  const std::uint64_t count = e.desc.element_count();
  dmlref::io::element_buffer back;
  back.type = e.desc.type;
  back.resize_bytes(count * dmlref::element_size(e.desc.type));
  const auto s = dmlref::io::store_values(parsed["data"], e.desc.type, back, "OutputTensor", "data");
  if (!s.ok()) dmlref_fuzz::fail("dmlref-eval output does not read back: " + s.message());
  dmlref::io::visit_element_type(e.desc.type, [&](auto* tag) {
    using T = std::remove_pointer_t<decltype(tag)>;
    const T* a = e.values.as<T>();
    const T* b = back.as<T>();
    for (std::uint64_t k = 0; k < count; ++k) {
      if (dmlref::oracle::is_nan(a[k]) && dmlref::oracle::is_nan(b[k])) continue;
      if (std::memcmp(&a[k], &b[k], sizeof(T)) != 0) {
        dmlref_fuzz::fail("dmlref-eval output element " + std::to_string(k) + " reads back as other bits: " + text);
      }
    }
  });
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto cases = dmlref::io::read_cases(text, max_buffer_bytes);
  auto& counts = dmlref_fuzz::counts().values;
  ++counts[0];
  for (const auto& entry : cases) {
    if (!entry.error.ok()) {
      if (entry.error.rule().empty()) dmlref_fuzz::fail("a refused case without a rule: " + entry.name);
      continue;
    }
    const auto golden = dmlref::io::check_case(dmlref::golden, entry.value);
    const auto fast = dmlref::io::check_case(dmlref::fast, entry.value);
    ++counts[1];
    if (golden.error.code() != fast.error.code() || golden.error.message() != fast.error.message()) {
      dmlref_fuzz::fail("golden says \"" + golden.error.message() + "\", fast says \"" + fast.error.message() + "\"");
    }
    if (!golden.error.ok()) {
      if (golden.error.rule().empty()) dmlref_fuzz::fail("a refused evaluation without a rule: " + entry.name);
      continue;
    }
    if (golden.has_expected) (void)golden.report.text();
    dmlref::io::evaluation e;
    if (!dmlref::io::evaluate(dmlref::golden, entry.value, e).ok()) dmlref_fuzz::fail("a second evaluation failed");
    check_round_trip(e);
    ++counts[2];
  }
  return 0;
}

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  dmlref_fuzz::start_counts("fuzz_case_reader", "documents", "cases read", "cases evaluated on both paths");
  return 0;
}
