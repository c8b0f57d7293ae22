#pragma once
// Decimal text to an exact binary number, so that a case file's decimal is rounded once,
// directly to its tensor's type.
//
// Contract: decimal_to_exact("d.ddde±x") returns the decimal's value as an exact_binary whose
// 64-bit mantissa holds the leading bits and whose sticky flag says whether any nonzero bit
// lies below them: enough for round_to_format to round it once, correctly, to FLOAT32 or
// FLOAT16 (or any format of at most 62 bits of precision). Values beyond 10^±400 are far
// outside those formats and come back as 2^±2000. Integer arithmetic only (math/bigint.hpp).

#include <cstdint>
#include <string_view>

#include "dmlref/core/bits.hpp"
#include "dmlref/math/bigint.hpp"

namespace dmlref::io {

namespace detail_decimal {

/// The top 64 bits of v * 2^shift as an exact_binary (sticky: anything nonzero below them).
inline detail::exact_binary leading_bits(const math::bigint& v, std::int64_t shift, bool sticky) {
  const auto length = static_cast<std::int64_t>(v.bit_length());
  const std::int64_t drop = length > 64 ? length - 64 : 0;
  const auto top = v.shifted_right(static_cast<std::uint64_t>(drop));
  std::uint64_t mantissa = 0;
  for (std::int64_t i = 63; i >= 0; --i) {
    mantissa = (mantissa << 1) | (top.bit(static_cast<std::uint64_t>(i)) ? 1u : 0u);
  }
  sticky = sticky || v.any_bit_below(static_cast<std::uint64_t>(drop));
  return {false, mantissa, static_cast<int>(drop + shift), sticky};
}

inline math::bigint power_of_ten(std::uint64_t n) {
  math::bigint r(1);
  const math::bigint ten(10);
  for (std::uint64_t i = 0; i < n; ++i) r = r * ten;
  return r;
}

}  // namespace detail_decimal

/// Parses JSON's number grammar (-?digits[.digits][(e|E)[+-]digits]); false on anything else.
inline bool decimal_to_exact(std::string_view text, detail::exact_binary& out) {
  std::size_t i = 0;
  const bool negative = i < text.size() && text[i] == '-';
  if (negative) ++i;
  // value = digits * 10^scale. Significant digits past the 800th are not kept: a boundary of
  // the formats above has under 200 significant decimal digits, so it never lies strictly
  // inside the span they can add, and a nonzero tail is kept as one more digit 1.
  constexpr std::size_t max_kept = 800;
  math::bigint digits;
  const math::bigint ten(10);
  std::int64_t scale = 0;
  std::size_t kept = 0;
  bool in_fraction = false;
  bool dropped_nonzero = false;
  for (; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '.' && !in_fraction) {
      in_fraction = true;
      continue;
    }
    if (c < '0' || c > '9') break;
    if (kept == 0 && c == '0') {  // a leading zero
      if (in_fraction) --scale;
    } else if (kept < max_kept) {
      digits = digits * ten + math::bigint(static_cast<std::uint64_t>(c - '0'));
      ++kept;
      if (in_fraction) --scale;
    } else {
      if (!in_fraction) ++scale;
      dropped_nonzero = dropped_nonzero || c != '0';
    }
  }
  if (dropped_nonzero) {
    digits = digits * ten + math::bigint(1);
    --scale;
  }
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    ++i;
    const bool exponent_negative = i < text.size() && text[i] == '-';
    if (i < text.size() && (text[i] == '-' || text[i] == '+')) ++i;
    std::int64_t exponent = 0;
    if (i == text.size()) return false;
    for (; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i) {
      if (exponent < 100000) exponent = exponent * 10 + (text[i] - '0');
    }
    scale += exponent_negative ? -exponent : exponent;
  }
  if (i != text.size()) return false;
  if (digits.is_zero()) {
    out = {negative, 0, 0, false};
    return true;
  }
  const auto magnitude = static_cast<std::int64_t>(kept) + scale;  // value < 10^magnitude
  if (magnitude > 400) {
    out = {negative, 1, 2000, false};
    return true;
  }
  if (magnitude < -400) {
    out = {negative, 1, -2000, false};
    return true;
  }
  if (scale >= 0) {
    out = detail_decimal::leading_bits(digits * detail_decimal::power_of_ten(static_cast<std::uint64_t>(scale)), 0, false);
  } else {
    // digits / 10^-scale: a quotient of at least 66 bits, and whether a remainder is left.
    const auto divisor = detail_decimal::power_of_ten(static_cast<std::uint64_t>(-scale));
    const auto gap = static_cast<std::int64_t>(divisor.bit_length()) - static_cast<std::int64_t>(digits.bit_length());
    const std::int64_t shift = gap + 66 > 0 ? gap + 66 : 0;
    const auto numerator = digits.shifted_left(static_cast<std::uint64_t>(shift));
    const auto quotient = numerator / divisor;
    const bool remainder = compare(quotient * divisor, numerator) != 0;
    out = detail_decimal::leading_bits(quotient, -shift, remainder);
  }
  out.negative = negative;
  return true;
}

}  // namespace dmlref::io
