#pragma once
// dmlref::math::real: the exact value of one element of any data type, read through its
// bits (never through the FPU, so no flag or FPU mode can change it), and the conversions
// of exact values back to element types with one rounding.

#include <cstdint>
#include <limits>
#include <type_traits>

#include "dmlref/core/bits.hpp"
#include "dmlref/core/data_type.hpp"
#include "dmlref/core/float16.hpp"

namespace dmlref::math {

using detail::exact_binary;
using detail::fp_class;

/// An extended real: a class, a sign and, for nonzero finite values, the exact magnitude.
struct real {
  fp_class cls = fp_class::zero;
  bool negative = false;
  exact_binary magnitude{};  // magnitude.negative is always false

  bool is_nan() const noexcept { return cls == fp_class::nan; }
  bool is_infinite() const noexcept { return cls == fp_class::infinite; }
  bool is_zero() const noexcept { return cls == fp_class::zero; }
  bool is_finite_nonzero() const noexcept {
    return cls == fp_class::normal || cls == fp_class::subnormal;
  }
};

template <class T>
struct format_of;
template <> struct format_of<float> { using type = detail::binary32; };
template <> struct format_of<double> { using type = detail::binary64; };
template <> struct format_of<float16> { using type = detail::binary16; };

template <class T>
typename format_of<T>::type::bits_type bits_of(T x) noexcept {
  if constexpr (std::is_same_v<T, float16>) {
    return x.bits();
  } else {
    return detail::bit_cast<typename format_of<T>::type::bits_type>(x);
  }
}

template <class T>
T from_bits(typename format_of<T>::type::bits_type bits) noexcept {
  if constexpr (std::is_same_v<T, float16>) {
    return float16::from_bits(bits);
  } else {
    return detail::bit_cast<T>(bits);
  }
}

/// from_bits for a golden result: the same T, with the bits hidden from the optimiser first.
/// Under -fno-signed-zeros (part of -ffast-math) GCC may treat a float constant -0 as +0: where
/// a branch makes a result's bits a known constant (the sign bit alone: -0), the float it
/// becomes can lose its sign (ACTIVATION_GELU's -0 for large negative x came out +0 at
/// g++ -O3 -march=native -ffast-math). The operators whose golden is a correctly rounded
/// function return through this; it also keeps such a loop from being vectorised, which their
/// big-integer code never is.
template <class T>
T from_result_bits(typename format_of<T>::type::bits_type bits) noexcept {
#if defined(__GNUC__) || defined(__clang__)
  __asm__("" : "+r"(bits));
#else
  volatile typename format_of<T>::type::bits_type opaque = bits;
  bits = opaque;
#endif
  return from_bits<T>(bits);
}

/// The exact value of x.
template <class T>
real to_real(T x) noexcept {
  real r;
  if constexpr (is_float_element_v<T>) {
    using F = typename format_of<T>::type;
    const auto bits = bits_of(x);
    r.cls = detail::classify_bits<F>(bits);
    r.negative = detail::sign_bit<F>(bits);
    if (r.is_finite_nonzero()) {
      r.magnitude = detail::decompose<F>(bits);
      r.magnitude.negative = false;
    }
  } else {
    static_assert(std::is_integral_v<T>, "an element is a float or an integer");
    r.negative = x < 0;
    // Two's complement magnitude without overflow, also for the most negative value.
    const auto u = static_cast<std::uint64_t>(static_cast<std::make_unsigned_t<T>>(x));
    const std::uint64_t mag = r.negative ? (~static_cast<std::uint64_t>(static_cast<std::int64_t>(x)) + 1) : u;
    r.cls = mag == 0 ? fp_class::zero : fp_class::normal;
    r.magnitude = exact_binary{false, mag, 0, false};
  }
  return r;
}

/// Rounds a real to a float element type once, to nearest with ties to even.
/// A NaN becomes the format's quiet NaN with the real's sign.
template <class T>
T round_real(const real& r) noexcept {
  using F = typename format_of<T>::type;
  using bits_type = typename F::bits_type;
  const auto sign = r.negative ? F::sign_mask : bits_type{0};
  switch (r.cls) {
    case fp_class::nan: return from_bits<T>(static_cast<bits_type>(sign | F::quiet_nan));
    case fp_class::infinite: return from_bits<T>(static_cast<bits_type>(sign | F::infinity));
    case fp_class::zero: return from_bits<T>(sign);
    default: break;
  }
  auto m = r.magnitude;
  m.negative = r.negative;
  return from_bits<T>(detail::round_to_format<F>(m));
}

/// The value of a finite real truncated toward zero, if it lies in T's range.
template <class T>
bool truncate_to_integer(const real& r, T& out) noexcept {
  static_assert(std::is_integral_v<T>);
  if (r.cls == fp_class::nan || r.cls == fp_class::infinite) return false;
  std::uint64_t mag = 0;
  if (r.is_finite_nonzero()) {
    const auto& m = r.magnitude;
    if (m.exponent >= 0) {
      if (detail::bit_width(m.mantissa) + m.exponent > 64) return false;
      mag = m.mantissa << m.exponent;
    } else {
      mag = m.exponent <= -64 ? 0 : m.mantissa >> -m.exponent;
    }
  }
  using limits = std::numeric_limits<T>;
  if (!r.negative || mag == 0) {
    if (mag > static_cast<std::uint64_t>(limits::max())) return false;
    out = static_cast<T>(mag);
    return true;
  }
  if constexpr (std::is_unsigned_v<T>) {
    return false;
  } else {
    // Largest magnitude of a negative T: 2^(bits-1).
    const std::uint64_t limit = static_cast<std::uint64_t>(limits::max()) + 1;
    if (mag > limit) return false;
    out = static_cast<T>(-static_cast<std::int64_t>(mag - 1) - 1);
    return true;
  }
}

}  // namespace dmlref::math
