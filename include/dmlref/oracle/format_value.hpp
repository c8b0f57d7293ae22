#pragma once
// Text for element values: a decimal that reads back to the same bits (shortest of the fixed
// digit counts that round-trip: 5 for FLOAT16, 9 for FLOAT32, 17 for FLOAT64), NaN and
// infinities as "NaN", "Infinity", "-Infinity", and the bit pattern as hex.

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <type_traits>

#include "dmlref/math/real.hpp"

namespace dmlref::oracle {

template <class T>
std::string value_text(T x) {
  if constexpr (is_float_element_v<T>) {
    using F = typename math::format_of<T>::type;
    const auto bits = math::bits_of(x);
    const auto cls = detail::classify_bits<F>(bits);
    if (cls == detail::fp_class::nan) return "NaN";
    if (cls == detail::fp_class::infinite) return detail::sign_bit<F>(bits) ? "-Infinity" : "Infinity";
    const int digits = std::is_same_v<T, float16> ? 5 : std::is_same_v<T, float> ? 9 : 17;
    const double value = static_cast<double>(x);
    char buffer[40];
    std::snprintf(buffer, sizeof buffer, "%.*g", digits, value);
    // Prefer fewer digits when they read back to the same value.
    for (int d = 1; d < digits; ++d) {
      char shorter[40];
      std::snprintf(shorter, sizeof shorter, "%.*g", d, value);
      const double back = std::strtod(shorter, nullptr);
      if (math::bits_of(T(back)) == bits) return shorter;
    }
    return buffer;
  } else if constexpr (std::is_signed_v<T>) {
    return std::to_string(static_cast<long long>(x));
  } else {
    return std::to_string(static_cast<unsigned long long>(x));
  }
}

template <class T>
std::uint64_t value_bits(T x) noexcept {
  if constexpr (is_float_element_v<T>) {
    return static_cast<std::uint64_t>(math::bits_of(x));
  } else {
    return static_cast<std::uint64_t>(static_cast<std::make_unsigned_t<T>>(x));
  }
}

template <class T>
std::string bits_text(T x) {
  char buffer[24];
  std::snprintf(buffer, sizeof buffer, "0x%0*llx", static_cast<int>(2 * sizeof(T)),
                static_cast<unsigned long long>(value_bits(x)));
  return buffer;
}

}  // namespace dmlref::oracle
