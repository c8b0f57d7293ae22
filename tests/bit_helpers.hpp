#pragma once
// Bit-pattern helpers shared by the tests: expectations are written as IEEE bit patterns,
// so that -0, NaN payloads and subnormals are stated exactly.

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>

#include <dmlref/core/float16.hpp>

template <class To, class From>
To bits_as(From from) {
  static_assert(sizeof(To) == sizeof(From), "bits_as needs equal sizes");
  To to;
  std::memcpy(static_cast<void*>(&to), &from, sizeof(To));
  return to;
}

inline std::uint32_t bits_of(float f) { return bits_as<std::uint32_t>(f); }
inline std::uint64_t bits_of(double d) { return bits_as<std::uint64_t>(d); }
inline std::uint16_t bits_of(dmlref::float16 h) { return h.bits(); }
inline float f32(std::uint32_t u) { return bits_as<float>(u); }
inline double f64(std::uint64_t u) { return bits_as<double>(u); }
inline dmlref::float16 f16(std::uint16_t u) { return dmlref::float16::from_bits(u); }

inline std::string hex(std::uint64_t v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
  return buf;
}
