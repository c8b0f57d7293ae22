#pragma once
// dmlref::data_type: DirectML's tensor data types, with DML_TENSOR_DATA_TYPE's values,
// their element sizes and names, and the traits between each and its C++ type.

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <type_traits>

#include "dmlref/core/float16.hpp"

namespace dmlref {

enum class data_type : std::uint32_t {
  unknown = 0,
  float32 = 1,
  float16 = 2,
  uint32 = 3,
  uint16 = 4,
  uint8 = 5,
  int32 = 6,
  int16 = 7,
  int8 = 8,
  float64 = 9,
  uint64 = 10,
  int64 = 11,
  uint4 = 12,
  int4 = 13,
};

/// Size of one element in bytes; 0 for unknown and for the packed 4-bit types, which have
/// no whole-byte element (no operator of dmlref takes them).
constexpr std::size_t element_size(data_type type) noexcept {
  switch (type) {
    case data_type::float64:
    case data_type::uint64:
    case data_type::int64: return 8;
    case data_type::float32:
    case data_type::uint32:
    case data_type::int32: return 4;
    case data_type::float16:
    case data_type::uint16:
    case data_type::int16: return 2;
    case data_type::uint8:
    case data_type::int8: return 1;
    case data_type::unknown:
    case data_type::uint4:
    case data_type::int4: return 0;
  }
  return 0;
}

/// DirectML's name without the DML_TENSOR_DATA_TYPE_ prefix, e.g. "FLOAT32".
constexpr std::string_view name(data_type type) noexcept {
  switch (type) {
    case data_type::unknown: return "UNKNOWN";
    case data_type::float32: return "FLOAT32";
    case data_type::float16: return "FLOAT16";
    case data_type::uint32: return "UINT32";
    case data_type::uint16: return "UINT16";
    case data_type::uint8: return "UINT8";
    case data_type::int32: return "INT32";
    case data_type::int16: return "INT16";
    case data_type::int8: return "INT8";
    case data_type::float64: return "FLOAT64";
    case data_type::uint64: return "UINT64";
    case data_type::int64: return "INT64";
    case data_type::uint4: return "UINT4";
    case data_type::int4: return "INT4";
  }
  return "INVALID";
}

/// The data type named by DirectML's name ("FLOAT32"); unknown when no type has that name.
constexpr data_type data_type_from_name(std::string_view text) noexcept {
  for (std::uint32_t v = 1; v <= static_cast<std::uint32_t>(data_type::int4); ++v) {
    if (name(static_cast<data_type>(v)) == text) return static_cast<data_type>(v);
  }
  return data_type::unknown;
}

constexpr bool is_float(data_type type) noexcept {
  return type == data_type::float32 || type == data_type::float16 || type == data_type::float64;
}

/// The data type of each C++ element type.
template <class T>
struct data_type_of;
template <> struct data_type_of<float> : std::integral_constant<data_type, data_type::float32> {};
template <> struct data_type_of<float16> : std::integral_constant<data_type, data_type::float16> {};
template <> struct data_type_of<double> : std::integral_constant<data_type, data_type::float64> {};
template <> struct data_type_of<std::uint8_t> : std::integral_constant<data_type, data_type::uint8> {};
template <> struct data_type_of<std::uint16_t> : std::integral_constant<data_type, data_type::uint16> {};
template <> struct data_type_of<std::uint32_t> : std::integral_constant<data_type, data_type::uint32> {};
template <> struct data_type_of<std::uint64_t> : std::integral_constant<data_type, data_type::uint64> {};
template <> struct data_type_of<std::int8_t> : std::integral_constant<data_type, data_type::int8> {};
template <> struct data_type_of<std::int16_t> : std::integral_constant<data_type, data_type::int16> {};
template <> struct data_type_of<std::int32_t> : std::integral_constant<data_type, data_type::int32> {};
template <> struct data_type_of<std::int64_t> : std::integral_constant<data_type, data_type::int64> {};
template <class T>
inline constexpr data_type data_type_of_v = data_type_of<T>::value;

/// True for the C++ types that stand for FLOAT16, FLOAT32 and FLOAT64 elements.
template <class T>
inline constexpr bool is_float_element_v =
    std::is_same_v<T, float> || std::is_same_v<T, double> || std::is_same_v<T, float16>;

}  // namespace dmlref
