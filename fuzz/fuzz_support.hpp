#pragma once
// Shared by dmlref's libFuzzer targets (fuzz/fuzz_*.cpp):
// - byte_source: the fuzzer's bytes read as a sequence of choices; past the end every read
//   gives 0, so any input is a complete recipe and a short seed selects its leading choices;
// - exact_buffer: heap memory of exactly the bound size, so AddressSanitizer reports the
//   first byte read or written past its end;
// - buffer_tensor: a DML_BUFFER_TENSOR_DESC whose Sizes and Strides arrays hold exactly
//   DimensionCount entries on the heap;
// - reference descriptor arithmetic in 128 bits (minimum buffer size, addressed offsets),
//   independent of dmlref's checked 64-bit arithmetic, to judge what validation accepted;
// - fail(): report a finding on stderr and abort, which libFuzzer records as a crash.
//
// The runtime layer's execution is compiled once, in fuzz/runtime_instances.cpp
// (dmlref/dml/execute_once.hpp), and linked into each fuzzer.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "dmlref/dml/execute_once.hpp"

namespace dmlref_fuzz {

__extension__ typedef unsigned __int128 u128;  // GCC and Clang; __extension__: no -Wpedantic

/// Reports a finding and aborts.
[[noreturn]] inline void fail(const std::string& what) {
  std::fprintf(stderr, "\n==== dmlref fuzz finding: %s\n", what.c_str());
  std::fflush(stderr);
  std::abort();
}

/// Counts kept by a fuzzer and printed to stderr at exit ("name: a label1, b label2"),
/// so that a run's log says how much of its input reached execution.
struct run_counts {
  const char* name = "";
  const char* labels[3] = {"", "", ""};
  std::uint64_t values[3] = {0, 0, 0};
};
inline run_counts& counts() {
  static run_counts c;
  return c;
}
inline void print_counts() {
  const auto& c = counts();
  std::fprintf(stderr, "%s:", c.name);
  for (int k = 0; k < 3; ++k) {
    if (*c.labels[k] != '\0') {
      std::fprintf(stderr, "%s %llu %s", k ? "," : "", static_cast<unsigned long long>(c.values[k]), c.labels[k]);
    }
  }
  std::fprintf(stderr, "\n");
}
/// Names the counts and prints them at exit.
inline void start_counts(const char* name, const char* a, const char* b, const char* c) {
  counts().name = name;
  counts().labels[0] = a;
  counts().labels[1] = b;
  counts().labels[2] = c;
  std::atexit(print_counts);
}

/// The fuzzer's input as choices. Every read past the end gives 0.
class byte_source {
 public:
  byte_source(const std::uint8_t* data, std::size_t size) noexcept : data_(data), size_(size) {}

  std::uint8_t u8() noexcept { return at_ < size_ ? data_[at_++] : std::uint8_t{0}; }
  std::uint16_t u16() noexcept { return static_cast<std::uint16_t>(u8() | (u8() << 8)); }
  std::uint32_t u32() noexcept {
    const std::uint32_t low = u16();
    return low | (std::uint32_t{u16()} << 16);
  }
  std::uint64_t u64() noexcept {
    const std::uint64_t low = u32();
    return low | (std::uint64_t{u32()} << 32);
  }
  /// One of n choices (n <= 256); the byte itself for the first n values, so a seed writes
  /// the index it wants.
  std::size_t pick(std::size_t n) noexcept { return n == 0 ? 0 : u8() % n; }
  bool one_in(std::size_t n) noexcept { return pick(n) == 0 && n != 0; }

  /// Fills n bytes from the input that is left, repeated (each round xor'ed with its
  /// number, so repeats differ); zeros when nothing is left.
  void fill(void* dst, std::size_t n) noexcept {
    auto* out = static_cast<unsigned char*>(dst);
    const std::size_t rest = size_ - at_;
    if (rest == 0) {
      if (n != 0) std::memset(out, 0, n);
      return;
    }
    for (std::size_t k = 0; k < n; ++k) {
      out[k] = static_cast<unsigned char>(data_[at_ + k % rest] ^ static_cast<unsigned char>(k / rest));
    }
  }
  std::size_t remaining() const noexcept { return size_ - at_; }

 private:
  const std::uint8_t* data_;
  std::size_t size_;
  std::size_t at_ = 0;
};

/// Heap memory of exactly size bytes, starting offset bytes into its allocation (a
/// misaligned address). An access at data()[size] or beyond is past the allocation.
class exact_buffer {
 public:
  exact_buffer() = default;
  exact_buffer(std::size_t size, std::size_t offset)
      : block_(new unsigned char[offset + size]), size_(size), offset_(offset) {}

  unsigned char* data() const noexcept { return block_ ? block_.get() + offset_ : nullptr; }
  std::size_t size() const noexcept { return size_; }
  bool allocated() const noexcept { return block_ != nullptr; }
  std::vector<unsigned char> snapshot() const {
    return allocated() ? std::vector<unsigned char>(data(), data() + size_) : std::vector<unsigned char>{};
  }
  bool equals(const std::vector<unsigned char>& bytes) const noexcept {
    return bytes.size() == size_ && (size_ == 0 || std::memcmp(bytes.data(), data(), size_) == 0);
  }
  void restore(const std::vector<unsigned char>& bytes) noexcept {
    if (size_ != 0 && bytes.size() == size_) std::memcpy(data(), bytes.data(), size_);
  }

 private:
  std::unique_ptr<unsigned char[]> block_;
  std::size_t size_ = 0;
  std::size_t offset_ = 0;
};

/// One DML_BUFFER_TENSOR_DESC with its Sizes and Strides on the heap, exactly
/// DimensionCount entries each (none: a zero-length allocation, never null).
struct buffer_tensor {
  std::unique_ptr<dmlref::dml::UINT[]> sizes;
  std::unique_ptr<dmlref::dml::UINT[]> strides;  // null: packed
  dmlref::dml::DML_BUFFER_TENSOR_DESC buffer{};
  dmlref::dml::DML_TENSOR_DESC desc{};

  buffer_tensor() = default;
  buffer_tensor(const buffer_tensor&) = delete;
  buffer_tensor& operator=(const buffer_tensor&) = delete;

  /// Sets DimensionCount and allocates the arrays; has_strides false leaves Strides null.
  void shape(std::uint32_t rank, bool has_strides) {
    sizes.reset(new dmlref::dml::UINT[rank]());
    strides.reset(has_strides ? new dmlref::dml::UINT[rank]() : nullptr);
    buffer.DimensionCount = rank;
  }
  /// Points the descriptor at the arrays (call after shape and every field is set).
  const dmlref::dml::DML_TENSOR_DESC* finish() {
    buffer.Sizes = sizes.get();
    buffer.Strides = strides.get();
    desc = {dmlref::dml::DML_TENSOR_TYPE_BUFFER, &buffer};
    return &desc;
  }
  std::uint32_t rank() const noexcept { return buffer.DimensionCount; }
};

/// Bytes of one element of a DML_TENSOR_DATA_TYPE value (0 for none).
inline std::uint64_t element_bytes(std::uint32_t type) noexcept {
  return dmlref::element_size(static_cast<dmlref::data_type>(type <= 13 ? type : 0));
}

/// The element stride of dimension i: the descriptor's own, or packed row-major.
inline u128 stride_of(const dmlref::dml::DML_BUFFER_TENSOR_DESC& b, std::uint32_t i) noexcept {
  if (b.Strides != nullptr) return b.Strides[i];
  u128 step = 1;
  for (std::uint32_t k = b.DimensionCount; k-- > i + 1;) step *= b.Sizes[k];
  return step;
}

/// DMLCalcBufferTensorSize in 128 bits (exact for every descriptor of rank <= 8).
inline u128 reference_minimum_bytes(const dmlref::dml::DML_BUFFER_TENSOR_DESC& b) noexcept {
  u128 last = 0;
  for (std::uint32_t i = 0; i < b.DimensionCount; ++i) {
    if (b.Sizes[i] == 0) return 0;
    last += u128{b.Sizes[i] - 1u} * stride_of(b, i);
  }
  const u128 bytes = (last + 1) * element_bytes(static_cast<std::uint32_t>(b.DataType));
  return (bytes + 3) / 4 * 4;
}

/// The product of the sizes in 128 bits.
inline u128 reference_element_count(const dmlref::dml::DML_BUFFER_TENSOR_DESC& b) noexcept {
  u128 count = 1;
  for (std::uint32_t i = 0; i < b.DimensionCount; ++i) count *= b.Sizes[i];
  return count;
}

/// Calls f(byte_offset) for every logical element of an accepted descriptor, row-major.
template <class F>
void for_each_element_offset(const dmlref::dml::DML_BUFFER_TENSOR_DESC& b, F&& f) {
  const std::uint32_t rank = b.DimensionCount;
  const std::uint64_t size = element_bytes(static_cast<std::uint32_t>(b.DataType));
  std::vector<std::uint64_t> stride(rank), index(rank, 0);
  for (std::uint32_t i = 0; i < rank; ++i) stride[i] = static_cast<std::uint64_t>(stride_of(b, i));
  const auto count = static_cast<std::uint64_t>(reference_element_count(b));
  std::uint64_t offset = 0;
  for (std::uint64_t k = 0; k < count; ++k) {
    f(offset * size);
    for (std::uint32_t d = rank; d-- > 0;) {
      if (++index[d] < b.Sizes[d]) {
        offset += stride[d];
        break;
      }
      offset -= (b.Sizes[d] - 1ull) * stride[d];
      index[d] = 0;
    }
  }
}

/// Seed inputs: the leading choices given, then `tail` pseudo-random bytes from `seed`.
inline std::vector<std::uint8_t> seed_bytes(std::vector<std::uint8_t> lead, std::size_t tail, std::uint64_t seed) {
  std::vector<std::uint8_t> bytes(std::move(lead));
  for (std::size_t k = 0; k < tail; ++k) {
    seed += 0x9E3779B97F4A7C15ull;  // splitmix64
    std::uint64_t z = seed;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    bytes.push_back(static_cast<std::uint8_t>(z ^ (z >> 31)));
  }
  return bytes;
}

/// When the environment variable DMLREF_FUZZ_WRITE_SEEDS names a folder, writes each seed
/// there as seed-NNN and exits; called from LLVMFuzzerInitialize.
inline void write_seeds_if_asked(const std::vector<std::vector<std::uint8_t>>& seeds) {
  const char* dir = std::getenv("DMLREF_FUZZ_WRITE_SEEDS");
  if (dir == nullptr || *dir == '\0') return;
  for (std::size_t k = 0; k < seeds.size(); ++k) {
    char name[32];
    std::snprintf(name, sizeof name, "/seed-%03zu", k);
    std::FILE* f = std::fopen((std::string(dir) + name).c_str(), "wb");
    if (f == nullptr || std::fwrite(seeds[k].data(), 1, seeds[k].size(), f) != seeds[k].size()) {
      std::fprintf(stderr, "cannot write %s%s\n", dir, name);
      std::exit(1);
    }
    std::fclose(f);
  }
  std::printf("wrote %zu seeds to %s\n", seeds.size(), dir);
  std::exit(0);
}

/// "FLOAT32 [2,3] strides [0,1] total 24 align 0" for finding reports.
inline std::string describe(const dmlref::dml::DML_BUFFER_TENSOR_DESC& b) {
  const auto type = static_cast<std::uint32_t>(b.DataType);
  std::string s(dmlref::name(static_cast<dmlref::data_type>(type <= 13 ? type : 0)));
  s += " [";
  for (std::uint32_t i = 0; i < b.DimensionCount && i < 9; ++i) s += (i ? "," : "") + std::to_string(b.Sizes[i]);
  s += "]";
  if (b.Strides != nullptr) {
    s += " strides [";
    for (std::uint32_t i = 0; i < b.DimensionCount && i < 9; ++i) s += (i ? "," : "") + std::to_string(b.Strides[i]);
    s += "]";
  }
  s += " total " + std::to_string(b.TotalTensorSizeInBytes) + " align " + std::to_string(b.GuaranteedBaseOffsetAlignment);
  return s;
}

/// A FLOAT attribute: a value from a table of usual ones, any bit pattern, or a small
/// multiple of 1/4.
inline float read_float(byte_source& in) {
  constexpr float table[] = {2.0f, 3.0f, 4.0f, 0.5f, -0.5f, -1.0f, -2.0f, 0.0f, 1.0f, 2.2f, 1.0f / 3.0f, -7.0f,
                             10.5f, -0.0f, 1e-3f, 127.0f};
  switch (in.pick(3)) {
    case 0: return table[in.pick(16)];
    case 1: {
      float f = 0.0f;
      const std::uint32_t bits = in.u32();
      std::memcpy(&f, &bits, 4);
      return f;
    }
    default: return static_cast<float>(static_cast<std::int8_t>(in.u8())) / 4.0f;
  }
}

/// Attribute values for an operator, chosen by the input field by field from its schema: an
/// optional field left out one time in three; FLOATs by read_float; enumerations one of
/// their values (or, one time in eight, any bits); other scalars any bits.
inline dmlref::dml::attribute_values read_attributes(byte_source& in, const dmlref::dml::operator_schema& s) {
  using namespace dmlref::dml;
  attribute_values a(s);
  for (std::size_t k = 0; k < s.field_count; ++k) {
    const auto& f = s.fields[k];
    if (f.kind != field_kind::attribute || (f.optional && in.pick(3) == 0)) continue;
    attribute_value v;
    v.present = true;
    switch (f.type) {
      case field_type::float_value: v = attribute_value::of_float(read_float(in)); break;
      case field_type::scale_bias: {
        const float scale = read_float(in);
        v = attribute_value::of_scale_bias({scale, read_float(in)});
        break;
      }
      case field_type::enumeration:
        v.bits = f.value_count != 0 && in.pick(8) != 0 ? f.values[in.pick(f.value_count)].value : in.u32();
        break;
      case field_type::scalar_union: v.scalar = in.u64(); break;
      case field_type::operator_desc: v.present = false; break;  // a fused operator: none yet
      default: v.bits = in.u32(); break;
    }
    a.at(k) = v;
  }
  return a;
}

/// What a descriptor's attributes were, for a fuzzer's report: "Exponent 0x40000000".
inline std::string describe(const dmlref::dml::attribute_values& a) {
  std::string text;
  const auto* s = a.schema();
  for (std::size_t k = 0; s != nullptr && k < s->field_count; ++k) {
    const auto& v = a.at(k);
    if (s->fields[k].kind != dmlref::dml::field_kind::attribute || !v.present) continue;
    char hex[64];
    if (s->fields[k].type == dmlref::dml::field_type::scale_bias) {
      std::uint32_t scale = 0, bias = 0;
      std::memcpy(&scale, &v.scale_bias.Scale, 4);
      std::memcpy(&bias, &v.scale_bias.Bias, 4);
      std::snprintf(hex, sizeof hex, "0x%08x 0x%08x", static_cast<unsigned>(scale), static_cast<unsigned>(bias));
    } else {
      std::snprintf(hex, sizeof hex, "0x%08x", static_cast<unsigned>(v.bits));
    }
    text += "\n  " + std::string(s->fields[k].name) + " " + hex;
  }
  return text;
}

}  // namespace dmlref_fuzz
