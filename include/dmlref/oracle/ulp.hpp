#pragma once
// ULP distance counted in an element's own type: FLOAT16 as FLOAT16, FLOAT32 as FLOAT32.
//
// Contract: the distance between two non-NaN values is the number of representable values
// of the type between them (so 0 for equal values, 1 for neighbours); +0 and -0 are the same
// point; +-Inf are the neighbours of the largest finite values. NaN has no distance: the
// comparator decides NaN by class. Integers: the absolute difference (tolerances for
// integer outputs are always exact).

#include <cstdint>
#include <type_traits>

#include "dmlref/math/real.hpp"

namespace dmlref::oracle {

/// Position of a non-NaN float on the line of representable values (+0 and -0 both at 0).
template <class T>
std::int64_t ordinal(T x) noexcept {
  using F = typename math::format_of<T>::type;
  const auto bits = math::bits_of(x);
  const auto magnitude = static_cast<std::int64_t>(bits & static_cast<typename F::bits_type>(~F::sign_mask));
  return detail::sign_bit<F>(bits) ? -magnitude : magnitude;
}

template <class T>
bool is_nan(T x) noexcept {
  if constexpr (is_float_element_v<T>) {
    using F = typename math::format_of<T>::type;
    return detail::classify_bits<F>(math::bits_of(x)) == detail::fp_class::nan;
  } else {
    return false;
  }
}

/// Whether x is +Inf or -Inf (by its bits, whatever the floating-point flags): false for
/// integers.
template <class T>
bool is_infinite(T x) noexcept {
  if constexpr (is_float_element_v<T>) {
    using F = typename math::format_of<T>::type;
    return static_cast<typename F::bits_type>(math::bits_of(x) & static_cast<typename F::bits_type>(~F::sign_mask)) ==
           F::infinity;
  } else {
    (void)x;
    return false;
  }
}

/// Whether a and b are zeros of opposite signs (+0 and -0): false for integers.
template <class T>
bool zeros_of_opposite_sign(T a, T b) noexcept {
  if constexpr (is_float_element_v<T>) {
    using F = typename math::format_of<T>::type;
    const auto ba = math::bits_of(a), bb = math::bits_of(b);
    const auto magnitude = static_cast<typename F::bits_type>(~F::sign_mask);
    return (ba & magnitude) == 0 && (bb & magnitude) == 0 && ba != bb;
  } else {
    (void)a;
    (void)b;
    return false;
  }
}

/// Whether exactly one of a and b is an infinity and the other a finite value (neither NaN):
/// false for integers.
template <class T>
bool infinite_against_finite(T a, T b) noexcept {
  if constexpr (is_float_element_v<T>) {
    using F = typename math::format_of<T>::type;
    const auto magnitude = static_cast<typename F::bits_type>(~F::sign_mask);
    const auto ma = static_cast<typename F::bits_type>(math::bits_of(a) & magnitude);
    const auto mb = static_cast<typename F::bits_type>(math::bits_of(b) & magnitude);
    return (ma == F::infinity && mb < F::infinity) || (mb == F::infinity && ma < F::infinity);
  } else {
    (void)a;
    (void)b;
    return false;
  }
}

/// Distance between two non-NaN values of T.
template <class T>
std::uint64_t ulp_distance(T a, T b) noexcept {
  if constexpr (is_float_element_v<T>) {
    const auto d = ordinal(a) - ordinal(b);
    return static_cast<std::uint64_t>(d < 0 ? -d : d);
  } else {
    return a < b ? static_cast<std::uint64_t>(b) - static_cast<std::uint64_t>(a)
                 : static_cast<std::uint64_t>(a) - static_cast<std::uint64_t>(b);
  }
}

}  // namespace dmlref::oracle
