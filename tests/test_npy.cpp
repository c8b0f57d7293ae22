// The .npy reader and writer (io/npy.hpp): what dmlref writes reads back with the same type,
// shape and bytes; truncated files and foreign layouts are refused with a message.
// (Files numpy itself writes are read in tests/tools/test_dmlref_eval.py.)

#include <doctest/doctest.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "dmlref/io/npy.hpp"

namespace {

std::string temp_path(const char* name) { return std::string(std::getenv("TMPDIR") ? std::getenv("TMPDIR") : "/tmp") + "/dmlref-test-" + name; }

dmlref::status read_back(const std::string& path, dmlref::io::npy_header& header, std::vector<unsigned char>& data) {
  dmlref::io::npy_reader reader;
  if (auto s = reader.open(path); !s.ok()) return s;
  header = reader.header();
  data.assign(static_cast<std::size_t>(reader.data_bytes()), 0);
  return reader.read_data(data.data());
}

}  // namespace

TEST_CASE("npy: what dmlref writes reads back, for every type and rank 0 to 8") {
  using dmlref::data_type;
  const auto path = temp_path("round-trip.npy");
  for (const auto type : {data_type::float32, data_type::float16, data_type::float64, data_type::int8, data_type::uint8,
                          data_type::int16, data_type::uint16, data_type::int32, data_type::uint32, data_type::int64,
                          data_type::uint64}) {
    for (std::uint64_t rank = 0; rank <= 8; ++rank) {
      std::vector<std::uint64_t> shape(rank, 2);
      std::uint64_t bytes = dmlref::element_size(type);
      for (auto d : shape) bytes *= d;
      std::vector<unsigned char> data(bytes);
      for (std::size_t i = 0; i < data.size(); ++i) data[i] = static_cast<unsigned char>(i * 37 + 11);
      REQUIRE(dmlref::io::write_npy(path, type, shape, data.data(), bytes));
      dmlref::io::npy_header header;
      std::vector<unsigned char> back;
      const auto s = read_back(path, header, back);
      REQUIRE_MESSAGE(s.ok(), s.message());
      CHECK(header.type == type);
      CHECK(header.shape == shape);
      CHECK(header.data_offset % 64 == 0);
      CHECK(back == data);
    }
  }
  std::remove(path.c_str());
}

TEST_CASE("npy: truncated and foreign files are refused with a message") {
  const auto path = temp_path("bad.npy");
  const auto write = [&](const std::string& bytes) {
    std::FILE* f = std::fopen(path.c_str(), "wb");
    REQUIRE(f != nullptr);
    std::fwrite(bytes.data(), 1, bytes.size(), f);
    std::fclose(f);
  };
  const auto refusal = [&]() {
    dmlref::io::npy_header header;
    std::vector<unsigned char> data;
    const auto s = read_back(path, header, data);
    REQUIRE_FALSE(s.ok());
    return s.message();
  };
  const auto header = dmlref::io::npy_header_bytes(dmlref::data_type::float32, {4});
  write(header + std::string(15, '\0'));  // 16 bytes promised
  CHECK(refusal().find("ends before the 16 bytes") != std::string::npos);
  write(header.substr(0, 30));
  CHECK(refusal().find("ends inside its header") != std::string::npos);
  write("PK\x03\x04 a zip file");
  CHECK(refusal().find("not a .npy file") != std::string::npos);
  auto fortran = header;
  fortran.replace(fortran.find("False"), 5, "True ");
  write(fortran + std::string(16, '\0'));
  CHECK(refusal().find("Fortran order") != std::string::npos);
  auto big_endian = header;
  big_endian.replace(big_endian.find("<f4"), 3, ">f4");
  write(big_endian + std::string(16, '\0'));
  CHECK(refusal().find("big-endian") != std::string::npos);
  std::remove(path.c_str());
  CHECK(refusal().find("cannot be opened") != std::string::npos);
}
