#pragma once
// NumPy's .npy files for tensor data: read into an element buffer, written from one.
//
// Contract: versions 1, 2 and 3 of the format are read; little-endian (or byte-sized) numbers
// of the case format's types (<f4 <f2 <f8 |i1 |u1 <i2 <u2 <i4 <u4 <i8 <u8) in C order. Big-endian
// data, Fortran order, object arrays and other kinds are refused with a message that says
// how to save the array instead. A header is at most 16 MiB (max_npy_header_bytes) and holds
// no NUL byte. A file shorter than its header promises is refused when it is opened, before
// a caller sizes a buffer from the header: memory stays bounded by the bytes the file holds;
// nothing is read past the file's end. Writing uses version 1 (version 2 for headers over 64 KiB),
// with the header padded so the data starts on a 64-byte boundary, as NumPy does.

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "dmlref/core/data_type.hpp"
#include "dmlref/core/status.hpp"

namespace dmlref::io {

/// What a .npy header says: the element type, the shape (C order) and where the data starts.
struct npy_header {
  data_type type = data_type::unknown;
  std::vector<std::uint64_t> shape;
  std::uint64_t data_offset = 0;

  std::uint64_t element_count() const noexcept {
    std::uint64_t n = 1;
    for (auto d : shape) n *= d;
    return n;
  }
};

/// The longest header read (NumPy's own limit is far below it): a longer one is refused as
/// too large, whatever the file holds.
inline constexpr std::uint64_t max_npy_header_bytes = std::uint64_t{1} << 24;

namespace detail_npy {

struct descr_entry {
  const char* descr;
  data_type type;
};
inline constexpr descr_entry descr_table[] = {
    {"<f4", data_type::float32}, {"<f2", data_type::float16}, {"<f8", data_type::float64},
    {"|i1", data_type::int8},    {"|u1", data_type::uint8},   {"<i2", data_type::int16},
    {"<u2", data_type::uint16},  {"<i4", data_type::int32},   {"<u4", data_type::uint32},
    {"<i8", data_type::int64},   {"<u8", data_type::uint64},
};

inline status fail(const std::string& what, const std::string& rule) {
  return status::error(errc::invalid_argument, "", what, rule);  // "file.npy: rule"
}

/// The value of key in the header's dictionary text ("'descr': '<f4', ..."), up to the
/// next top-level comma or closing brace; empty when absent.
inline std::string_view value_of(std::string_view dict, std::string_view key) {
  const std::string quoted = "'" + std::string(key) + "'";
  const auto at = dict.find(quoted);
  if (at == std::string_view::npos) return {};
  auto i = dict.find(':', at + quoted.size());
  if (i == std::string_view::npos) return {};
  ++i;
  while (i < dict.size() && dict[i] == ' ') ++i;
  int depth = 0;
  auto end = i;
  for (; end < dict.size(); ++end) {
    const char c = dict[end];
    if (c == '(' || c == '[') ++depth;
    if (c == ')' || c == ']') --depth;
    if (depth == 0 && (c == ',' || c == '}')) break;
  }
  while (end > i && dict[end - 1] == ' ') --end;  // "True , ": a Python literal may have spaces
  return dict.substr(i, end - i);
}

inline bool parse_shape(std::string_view text, std::vector<std::uint64_t>& shape) {
  if (text.size() < 2 || text.front() != '(' || text.back() != ')') return false;
  text = text.substr(1, text.size() - 2);
  shape.clear();
  std::uint64_t value = 0;
  bool in_number = false;
  for (const char c : text) {
    if (c >= '0' && c <= '9') {
      if (value > (~std::uint64_t{0} - 9) / 10) return false;
      value = value * 10 + static_cast<std::uint64_t>(c - '0');
      in_number = true;
    } else if (c == ',' || c == ' ') {
      if (in_number) shape.push_back(value);
      value = 0;
      in_number = false;
    } else if (c != 'L') {  // Python 2 wrote long integers as 3L
      return false;
    }
  }
  if (in_number) shape.push_back(value);
  return shape.size() <= 32;
}

/// The position of f in bytes, -1 where it has none (a pipe): 64 bits everywhere, where
/// std::ftell's long has 32 on Windows (LLP64) and fails beyond 2 GiB.
inline std::int64_t tell(std::FILE* f) {
#if defined(_WIN32)
  return _ftelli64(f);
#else
  return std::ftell(f);
#endif
}

/// std::fseek with a 64-bit offset (see tell); true on success.
inline bool seek(std::FILE* f, std::int64_t offset, int origin) {
#if defined(_WIN32)
  return _fseeki64(f, offset, origin) == 0;
#else
  return std::fseek(f, static_cast<long>(offset), origin) == 0;
#endif
}

}  // namespace detail_npy

/// Parses the header at the start of bytes (size bytes available); `what` names the file in
/// messages.
inline status parse_npy_header(const unsigned char* bytes, std::size_t size, const std::string& what,
                               npy_header& out) {
  using detail_npy::fail;
  if (size < 10 || bytes[0] != 0x93 || std::string_view(reinterpret_cast<const char*>(bytes) + 1, 5) != "NUMPY") {
    return fail(what, "is not a .npy file (no \\x93NUMPY magic)");
  }
  const unsigned major = bytes[6];
  std::uint64_t header_length = 0;
  std::uint64_t start = 0;
  if (major == 1) {
    header_length = bytes[8] | (std::uint64_t{bytes[9]} << 8);
    start = 10;
  } else if (major == 2 || major == 3) {
    if (size < 12) return fail(what, "ends inside its header");
    header_length = bytes[8] | (std::uint64_t{bytes[9]} << 8) | (std::uint64_t{bytes[10]} << 16) |
                    (std::uint64_t{bytes[11]} << 24);
    start = 12;
  } else {
    return fail(what, "is .npy version " + std::to_string(major) + "; versions 1 to 3 are read");
  }
  if (header_length > max_npy_header_bytes) {
    return fail(what, "has a header of " + std::to_string(header_length) + " bytes, above the limit of 16 MiB");
  }
  if (header_length > size - start) return fail(what, "ends inside its header");
  const std::string_view dict(reinterpret_cast<const char*>(bytes) + start, static_cast<std::size_t>(header_length));
  if (dict.find('\0') != std::string_view::npos) return fail(what, "has a NUL byte in its header");
  const auto descr = detail_npy::value_of(dict, "descr");
  const auto fortran = detail_npy::value_of(dict, "fortran_order");
  const auto shape = detail_npy::value_of(dict, "shape");
  if (descr.size() < 2 || fortran.empty() || shape.empty()) {
    return fail(what, "has a header without 'descr', 'fortran_order' and 'shape'");
  }
  const std::string type_text(descr.substr(1, descr.size() - 2));
  out.type = data_type::unknown;
  for (const auto& e : detail_npy::descr_table) {
    if (type_text == e.descr) out.type = e.type;
  }
  if (out.type == data_type::unknown) {
    if (!type_text.empty() && type_text[0] == '>') {
      return fail(what, "holds big-endian data ('" + type_text + "'); save it little-endian: a.astype(a.dtype.newbyteorder('<'))");
    }
    return fail(what, "holds dtype '" + type_text + "'; the case format takes <f4 <f2 <f8 |i1 |u1 <i2 <u2 <i4 <u4 <i8 <u8");
  }
  if (fortran == "True") {
    return fail(what, "is in Fortran order; save it in C order: numpy.save(path, numpy.ascontiguousarray(a))");
  }
  if (fortran != "False") {
    return fail(what, "has a malformed header: 'fortran_order' is " + std::string(fortran) + ", neither True nor False");
  }
  if (!detail_npy::parse_shape(shape, out.shape)) return fail(what, "has a shape that is not a tuple of integers");
  out.data_offset = start + header_length;
  // The element count and byte size must fit 64 bits.
  std::uint64_t count = 1;
  for (auto d : out.shape) {
    if (d != 0 && count > ~std::uint64_t{0} / d) return fail(what, "has a shape whose element count exceeds 64 bits");
    count *= d;
  }
  if (count > ~std::uint64_t{0} / 8) return fail(what, "has a shape whose byte size exceeds 64 bits");
  return {};
}

/// The header bytes of a version 1 (or 2) file for the type and shape; data follows.
inline std::string npy_header_bytes(data_type type, const std::vector<std::uint64_t>& shape) {
  const char* descr = "";
  for (const auto& e : detail_npy::descr_table) {
    if (e.type == type) descr = e.descr;
  }
  std::string dict = "{'descr': '" + std::string(descr) + "', 'fortran_order': False, 'shape': (";
  for (std::size_t i = 0; i < shape.size(); ++i) dict += std::to_string(shape[i]) + (shape.size() == 1 ? "," : i + 1 < shape.size() ? ", " : "");
  dict += "), }";
  const bool version2 = dict.size() + 11 > 65535;
  const std::size_t preamble = version2 ? 12 : 10;
  const std::size_t total = (preamble + dict.size() + 1 + 63) / 64 * 64;  // + '\n', to 64 bytes
  dict.append(total - preamble - dict.size() - 1, ' ');
  dict += '\n';
  std::string out("\x93NUMPY", 6);
  out += static_cast<char>(version2 ? 2 : 1);
  out += '\0';
  const std::uint64_t length = dict.size();
  for (std::size_t i = 0; i < (version2 ? 4u : 2u); ++i) out += static_cast<char>((length >> (8 * i)) & 0xff);
  return out + dict;
}

/// Writes a .npy file; false when the file cannot be written, with errno the system's reason
/// (that of the first call that failed).
inline bool write_npy(const std::string& path, data_type type, const std::vector<std::uint64_t>& shape,
                      const void* data, std::uint64_t bytes) {
  errno = 0;
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (f == nullptr) return false;
  const auto header = npy_header_bytes(type, shape);
  bool ok = std::fwrite(header.data(), 1, header.size(), f) == header.size();
  ok = ok && (bytes == 0 || std::fwrite(data, 1, static_cast<std::size_t>(bytes), f) == bytes);
  const int reason = errno;
  const bool closed = std::fclose(f) == 0;
  if (!ok) errno = reason;
  return closed && ok;
}

/// A .npy file opened for reading: its header first, then its data into the caller's memory
/// (so a tensor's bytes are read once, into their final place).
class npy_reader {
 public:
  npy_reader() = default;
  npy_reader(const npy_reader&) = delete;
  npy_reader& operator=(const npy_reader&) = delete;
  ~npy_reader() {
    if (file_ != nullptr) std::fclose(file_);
  }

  /// Reads and checks the header, and that the file holds the data it promises (so that
  /// data_bytes() is never more than the file's own bytes).
  status open(const std::string& path) {
    using detail_npy::fail;
    path_ = path;
    file_ = std::fopen(path.c_str(), "rb");
    if (file_ == nullptr) return fail(path, "cannot be opened");
    unsigned char start[12] = {};
    const auto got = std::fread(start, 1, sizeof start, file_);
    head_.assign(start, start + got);
    if (got >= 10 && start[6] >= 1 && start[6] <= 3) {
      const std::uint64_t length = start[6] == 1 ? (start[8] | (std::uint64_t{start[9]} << 8))
                                                 : (start[8] | (std::uint64_t{start[9]} << 8) |
                                                    (std::uint64_t{start[10]} << 16) | (std::uint64_t{start[11]} << 24));
      const std::uint64_t want = (start[6] == 1 ? 10u : 12u) + length;
      if (length <= max_npy_header_bytes) read_up_to(want);  // longer ones are refused as too large
    }
    if (auto s = parse_npy_header(head_.data(), head_.size(), path, header_); !s.ok()) return s;
    const std::uint64_t bytes = data_bytes(), in_head = head_.size() - header_.data_offset;
    if (bytes > in_head && !holds_at_least(bytes - in_head)) return short_of_data();
    return {};
  }

  const npy_header& header() const noexcept { return header_; }
  std::uint64_t data_bytes() const noexcept { return header_.element_count() * element_size(header_.type); }

  /// Reads the data_bytes() bytes of data into dst.
  status read_data(void* dst) {
    const std::uint64_t bytes = data_bytes();
    const std::uint64_t in_head = head_.size() - header_.data_offset;  // read along with the header
    const std::uint64_t first = in_head < bytes ? in_head : bytes;
    auto* out = static_cast<unsigned char*>(dst);
    std::copy(head_.begin() + static_cast<std::ptrdiff_t>(header_.data_offset),
              head_.begin() + static_cast<std::ptrdiff_t>(header_.data_offset + first), out);
    const std::uint64_t rest = bytes - first;
    if (rest != 0 && std::fread(out + first, 1, static_cast<std::size_t>(rest), file_) != rest) return short_of_data();
    return {};
  }

 private:
  status short_of_data() const {
    return detail_npy::fail(path_, "ends before the " + std::to_string(data_bytes()) + " bytes of data its shape needs");
  }

  /// Reads on until head_ holds total bytes or the file ends, growing head_ with what arrives
  /// (at most doubling it), so that a header longer than the file costs only the file's bytes.
  void read_up_to(std::uint64_t total) {
    while (head_.size() < total) {
      const std::size_t have = head_.size();
      const auto step = static_cast<std::size_t>(std::min<std::uint64_t>(total - have, std::max<std::size_t>(have, 4096)));
      head_.resize(have + step);
      const std::size_t read = std::fread(head_.data() + have, 1, step, file_);
      head_.resize(have + read);
      if (read < step) return;
    }
  }

  /// Whether at least n more bytes follow the current position: from the file's size where
  /// it can be sought (without moving), else by reading on into head_ (a pipe), bounded by
  /// what arrives.
  bool holds_at_least(std::uint64_t n) {
    const std::int64_t here = detail_npy::tell(file_);
    if (here >= 0 && detail_npy::seek(file_, 0, SEEK_END)) {
      const std::int64_t end = detail_npy::tell(file_);
      const bool back = detail_npy::seek(file_, here, SEEK_SET);
      if (end >= here && back) return static_cast<std::uint64_t>(end - here) >= n;
    }
    const std::uint64_t want = head_.size() + n;
    read_up_to(want);
    return head_.size() == want;
  }

  std::string path_;
  std::FILE* file_ = nullptr;
  std::vector<unsigned char> head_;
  npy_header header_;
};

}  // namespace dmlref::io
