#pragma once
// Building blocks of the kernels that compute in float lanes one element-wise function of
// floats (RECIP, SQRT, the activations): the unary and binary kernel shapes, FLOAT32 and
// FLOAT16 alike (FLOAT16 widened exactly to FLOAT32 lanes and rounded once on the store),
// every NaN lane written as the positive quiet NaN.

#include <cstddef>

#include "dmlref/core/isa.hpp"
#include "dmlref/simd/add.hpp"
#include "dmlref/simd/kernel.hpp"
#include "dmlref/simd/lanes.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {
namespace detail_float_lanes {

/// out[i, i + width) = Apply::apply(op, x) over float lanes. Apply declines ScaleBias (or
/// anything else it does not vectorise) through Apply::accepts(op).
template <class Apply, class T>
struct unary_kernel {
  static constexpr bool available = true;
  static constexpr std::size_t step = width;
  static constexpr bool paired = true;

  template <class Op>
  static bool accepts(const Op& op) noexcept {
    return Apply::accepts(op);
  }
  template <class Op, class Source>
  static void block(const Op& op, T* out, std::size_t i, Source in) noexcept {
    store_floats(out + i, detail_arithmetic::canonical_nan(Apply::apply(op, load_floats(in, i))));
  }
};

/// The same for two float inputs.
template <class Apply, class T>
struct binary_kernel {
  static constexpr bool available = true;
  static constexpr std::size_t step = width;
  static constexpr bool paired = true;

  template <class Op, class A, class B>
  static void block(const Op& op, T* out, std::size_t i, A a, B b) noexcept {
    store_floats(out + i, detail_arithmetic::canonical_nan(Apply::apply(op, load_floats(a, i), load_floats(b, i))));
  }
};

/// f over double lanes, for float lanes x: each half widened exactly, f applied, the two
/// halves rounded once to float lanes.
template <class F>
floats in_doubles(floats x, F f) noexcept {
  doubles low, high;
  widen(x, low, high);
  return narrow(f(low), f(high));
}
template <class F>
floats in_doubles(floats x, floats y, F f) noexcept {
  doubles x_low, x_high, y_low, y_high;
  widen(x, x_low, x_high);
  widen(y, y_low, y_high);
  return narrow(f(x_low, y_low), f(x_high, y_high));
}

}  // namespace detail_float_lanes
}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
