// Fuzzes the .npy header reader (io/npy.hpp) on arbitrary bytes.
// Findings (abort), besides any sanitizer report:
// - an accepted header whose data would start past the bytes given;
// - an accepted header that, written back by npy_header_bytes, reads back as another type or
//   shape, or whose data would not start on a 64-byte boundary;
// - a refusal without a message.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "dmlref/io/npy.hpp"
#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  auto& counts = dmlref_fuzz::counts().values;
  ++counts[0];
  dmlref::io::npy_header header;
  const auto s = dmlref::io::parse_npy_header(data, size, "fuzz.npy", header);
  if (!s.ok()) {
    if (s.rule().empty()) dmlref_fuzz::fail("a refused header without a message");
    return 0;
  }
  ++counts[1];
  if (header.data_offset > size) dmlref_fuzz::fail("data would start past the bytes given");
  const auto written = dmlref::io::npy_header_bytes(header.type, header.shape);
  if (written.size() % 64 != 0) dmlref_fuzz::fail("a written header does not end on a 64-byte boundary");
  dmlref::io::npy_header back;
  const auto again = dmlref::io::parse_npy_header(reinterpret_cast<const unsigned char*>(written.data()),
                                                  written.size(), "written.npy", back);
  if (!again.ok()) dmlref_fuzz::fail("a written header is refused: " + again.message());
  if (back.type != header.type || back.shape != header.shape || back.data_offset != written.size()) {
    dmlref_fuzz::fail("a written header reads back differently");
  }
  ++counts[2];
  return 0;
}

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  dmlref_fuzz::start_counts("fuzz_npy", "inputs", "accepted", "written back");
  // Seeds: headers as dmlref writes them for a few types and shapes, with data.
  std::vector<std::vector<std::uint8_t>> seeds;
  for (const auto type : {dmlref::data_type::float16, dmlref::data_type::float32, dmlref::data_type::uint8}) {
    for (const auto& shape : std::vector<std::vector<std::uint64_t>>{{}, {3}, {2, 3}, {1, 1, 4}}) {
      const auto header = dmlref::io::npy_header_bytes(type, shape);
      std::vector<std::uint8_t> seed(header.begin(), header.end());
      seed.resize(seed.size() + 24, 0x3c);
      seeds.push_back(std::move(seed));
    }
  }
  dmlref_fuzz::write_seeds_if_asked(seeds);
  return 0;
}
