#pragma once
// Unsigned 64-bit arithmetic that reports overflow instead of wrapping. Descriptor math
// (sizes x strides x element size) goes through these.

#include <cstdint>
#include <limits>

namespace dmlref::detail {

/// out = a * b; false (out untouched) when the product does not fit in 64 bits.
constexpr bool checked_mul(std::uint64_t a, std::uint64_t b, std::uint64_t& out) noexcept {
#if defined(__GNUC__) || defined(__clang__)
  std::uint64_t product = 0;  // the overflow flag of one multiplication, not a division
  if (__builtin_mul_overflow(a, b, &product)) return false;
  out = product;
  return true;
#else
  if (a != 0 && b > std::numeric_limits<std::uint64_t>::max() / a) return false;
  out = a * b;
  return true;
#endif
}

/// out = a + b; false (out untouched) when the sum does not fit in 64 bits.
constexpr bool checked_add(std::uint64_t a, std::uint64_t b, std::uint64_t& out) noexcept {
  if (b > std::numeric_limits<std::uint64_t>::max() - a) return false;
  out = a + b;
  return true;
}

}  // namespace dmlref::detail
