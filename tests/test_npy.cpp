// The .npy reader and writer (io/npy.hpp): what dmlref writes reads back with the same type,
// shape and bytes; truncated files and foreign layouts are refused with a message.
// (Files numpy itself writes are read in tests/tools/test_dmlref_eval.py.)

#include <doctest/doctest.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "dmlref/io/npy.hpp"

namespace {

/// A file in the system's temporary folder ($TMPDIR or /tmp; %TMP% on Windows, where /tmp is not one).
std::string temp_path(const char* name) {
  return (std::filesystem::temp_directory_path() / (std::string("dmlref-test-") + name)).string();
}

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

TEST_CASE("npy: the header is checked against the file before anything is allocated") {
  const auto path = temp_path("hostile.npy");
  const auto write = [&](const std::string& bytes) {
    std::FILE* f = std::fopen(path.c_str(), "wb");
    REQUIRE(f != nullptr);
    std::fwrite(bytes.data(), 1, bytes.size(), f);
    std::fclose(f);
  };
  const auto refusal_at_open = [&]() {
    dmlref::io::npy_reader reader;
    const auto s = reader.open(path);
    REQUIRE_FALSE(s.ok());  // open() refuses: a caller never sizes a buffer from the header
    return s.message();
  };
  const auto version1 = [](const std::string& dict) {
    std::string out("\x93NUMPY\x01\x00", 8);
    out += static_cast<char>(dict.size() & 0xff);
    out += static_cast<char>(dict.size() >> 8);
    return out + dict;
  };
  // A 40-byte file whose header claims 1 GiB of FLOAT32 data.
  const auto gib = version1("{'descr':'<f4','fortran_order':False,'shape':(268435456,)}");
  write(gib.substr(0, 40));  // cut inside the header
  CHECK(refusal_at_open().find("ends inside its header") != std::string::npos);
  write(gib + std::string(30, '\0'));  // the header complete, 30 of 2^30 bytes of data
  CHECK(refusal_at_open().find("ends before the 1073741824 bytes of data its shape needs") != std::string::npos);
  // A header length of 16 MiB in a 40-byte file.
  std::string long_header("\x93NUMPY\x02\x00\x00\x00\x00\x01", 12);
  write(long_header + std::string(28, ' '));
  CHECK(refusal_at_open().find("ends inside its header") != std::string::npos);
  // A NUL inside the header, a 'fortran_order' that is neither True nor False.
  write(version1(std::string("{'descr':'<f4','fortran_order':False,'shape':(2,)}\0  \n", 54)) + std::string(8, '\0'));
  CHECK(refusal_at_open().find("has a NUL byte in its header") != std::string::npos);
  write(version1("{'descr':'<f4','fortran_order':Maybe,'shape':(2,)}\n") + std::string(8, '\0'));
  const auto maybe = refusal_at_open();
  CHECK(maybe.find("malformed header") != std::string::npos);
  CHECK(maybe.find("Fortran") == std::string::npos);
  std::remove(path.c_str());
}

TEST_CASE("npy: a header over 16 MiB is refused as too large") {
  const auto path = temp_path("long-header.npy");
  const std::uint64_t length = (std::uint64_t{1} << 24) + 64;  // valid, padded with spaces
  std::string dict = "{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }";
  dict.append(static_cast<std::size_t>(length) - dict.size() - 1, ' ');
  dict += '\n';
  std::string bytes("\x93NUMPY\x02\x00", 8);
  for (int i = 0; i < 4; ++i) bytes += static_cast<char>((length >> (8 * i)) & 0xff);
  bytes += dict + std::string(8, '\0');
  std::FILE* f = std::fopen(path.c_str(), "wb");
  REQUIRE(f != nullptr);
  std::fwrite(bytes.data(), 1, bytes.size(), f);
  std::fclose(f);
  dmlref::io::npy_reader reader;
  const auto s = reader.open(path);
  REQUIRE_FALSE(s.ok());
  CHECK(s.message().find("header of 16777280 bytes, above the limit of 16 MiB") != std::string::npos);
  CHECK(s.message().find("ends inside") == std::string::npos);
  std::remove(path.c_str());
}
