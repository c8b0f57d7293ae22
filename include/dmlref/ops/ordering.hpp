#pragma once
// Comparisons of element values as numbers, decided on the bits for floats, so that every
// operator that compares (CLIP, MAX, MIN, the LOGICAL_ comparisons) gives the same answers
// under any compiler flag (-ffast-math may assume no NaN) and any floating-point mode
// (denormals-are-zero would make a subnormal equal to zero).
//
//   ordered_key(x)   floats: the magnitude's bits, negated for a negative sign, so keys
//                    compare as the numbers do and -0 and +0 share the key 0; integers: x.
//   is_nan(x)        floats: the exponent all ones and a nonzero mantissa; integers: false.
//   less(a, b), equal(a, b)  IEEE 754's: false whenever a NaN takes part; -0 == +0.

#include <cstdint>
#include <type_traits>

#include "dmlref/core/data_type.hpp"
#include "dmlref/math/real.hpp"

namespace dmlref::ops {

template <class T>
bool is_nan(T x) noexcept {
  if constexpr (is_float_element_v<T>) {
    using F = typename math::format_of<T>::type;
    return static_cast<typename F::bits_type>(math::bits_of(x) & ~F::sign_mask) > F::infinity;
  } else {
    return false;
  }
}

template <class T>
auto ordered_key(T x) noexcept {
  if constexpr (is_float_element_v<T>) {
    using F = typename math::format_of<T>::type;
    using key_type = std::make_signed_t<typename F::bits_type>;
    const auto bits = math::bits_of(x);
    const auto magnitude = static_cast<key_type>(bits & ~F::sign_mask);  // below 2^(width-1)
    return (bits & F::sign_mask) != 0 ? static_cast<key_type>(-magnitude) : magnitude;
  } else {
    return x;
  }
}

template <class T>
bool less(T a, T b) noexcept {
  return !is_nan(a) && !is_nan(b) && ordered_key(a) < ordered_key(b);
}

template <class T>
bool equal(T a, T b) noexcept {
  return !is_nan(a) && !is_nan(b) && ordered_key(a) == ordered_key(b);
}

}  // namespace dmlref::ops
