#pragma once
// What an operator's report note reads: where an element's result rests on a choice its
// contract marks [unverified], a mismatch there may be the choice rather than the backend.
//
// An operator that has such choices states them as a const member
//
//   const char* unverified_note(const operation_types& t, const double* inputs) const noexcept;
//
// given the element's inputs in descriptor order as doubles (NaN for an absent optional
// one; 64-bit integers rounded): the note when the element meets one of the choices, else
// nullptr. The helpers below are what those notes test; ops/unverified_note.hpp asks the
// registry's operator for a case.

#include <cstddef>

#include "dmlref/core/data_type.hpp"

namespace dmlref::ops::unverified {

constexpr bool is_integer(data_type t) noexcept { return t != data_type::unknown && !is_float(t); }

constexpr bool is_signed_integer(data_type t) noexcept {
  return t == data_type::int8 || t == data_type::int16 || t == data_type::int32 || t == data_type::int64;
}

/// The least value of an integer type (0 for the unsigned ones).
constexpr double lowest(data_type t) noexcept {
  if (!is_signed_integer(t)) return 0.0;
  double v = -1.0;
  for (std::size_t b = 1; b < element_size(t) * 8; ++b) v *= 2.0;
  return v;
}

/// Whether v, an integer operation's exact result, lies outside the type's range.
constexpr bool outside_range(data_type t, double v) noexcept {
  double span = 1.0;  // 2^bits
  for (std::size_t b = 0; b < element_size(t) * 8; ++b) span *= 2.0;
  const double low = lowest(t);
  return v < low || v > low + span - 1.0;
}

constexpr bool is_nan(double v) noexcept { return !(v == v); }

/// Whether x^e, x and e integers and e >= 0, lies outside the type's range (|x| >= 2
/// leaves every 64-bit range within 64 factors).
constexpr bool power_outside_range(data_type t, double x, double e) noexcept {
  if (!(e >= 0.0)) return false;
  double p = 1.0;
  for (double k = 0.0; k < e && k < 66.0; k += 1.0) p *= x;
  return outside_range(t, p);
}

inline constexpr const char* integer_wrap = "an integer result beyond the output type wraps around modulo 2^bits [unverified: DirectML does not say]";
inline constexpr const char* integer_scale_bias = "integer elements with ScaleBias: the scaled value truncated toward zero [unverified]";
inline constexpr const char* mixed_pow = "integer POW with a float exponent or ScaleBias: the real power truncated toward zero [unverified]";
inline constexpr const char* nan_kept = "a NaN element is kept [unverified: a GPU's min/max may return the other operand]";

}  // namespace dmlref::ops::unverified
