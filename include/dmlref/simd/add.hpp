#pragma once
// ELEMENT_WISE_ADD in vector lanes (contract: ops/add.hpp). Exact for every type: FLOAT32 by
// one IEEE addition, FLOAT16 added in FLOAT32 lanes and rounded once to FLOAT16 (exact, as
// the contract shows), every NaN lane replaced by the positive quiet NaN (tested on the
// bits); integers wrap in their lanes. The fast traversal clears flush-to-zero and
// denormals-are-zero for the call, so subnormals are kept.

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "dmlref/core/isa.hpp"
#include "dmlref/ops/add.hpp"
#include "dmlref/simd/kernel.hpp"
#include "dmlref/simd/lanes.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

namespace detail_arithmetic {

/// Float lanes with every NaN replaced by the positive quiet NaN (0x7FC00000, which FLOAT16
/// stores as 0x7E00), decided on the bits.
inline floats canonical_nan(floats r) noexcept {
  const auto bits = xsimd::bitwise_cast<int32s>(r);
  const auto nan = (bits & int32s(0x7FFFFFFF)) > int32s(0x7F800000);
  return xsimd::bitwise_cast<floats>(simd::select(nan, int32s(0x7FC00000), bits));
}

/// The lanes integer arithmetic on T runs in: T's width, of a type whose element-wise
/// fallback (where an instruction set has no vector instruction) cannot overflow a signed
/// int: the low bits of every sum, difference and product are T's.
template <class T>
using wrap_lane_t = std::conditional_t<sizeof(T) == 1, T,
                                       std::conditional_t<sizeof(T) == 2, std::int16_t,
                                                          std::conditional_t<sizeof(T) == 4, std::uint32_t,
                                                                             std::uint64_t>>>;

/// out[i, i + step) = Apply(a, b): float lanes for floats (NaN made canonical), wrapping
/// integer lanes for integers.
template <class Apply, class T, class A, class B>
void block(T* out, std::size_t i, A a, B b) noexcept {
  if constexpr (is_float_element_v<T>) {
    store_floats(out + i, canonical_nan(Apply::apply(load_floats(a, i), load_floats(b, i))));
  } else {
    using M = wrap_lane_t<T>;
    const auto x = xsimd::bitwise_cast<batch<M>>(load_bit_lanes(a, i));
    const auto y = xsimd::bitwise_cast<batch<M>>(load_bit_lanes(b, i));
    xsimd::bitwise_cast<batch<T>>(Apply::apply(x, y)).store_unaligned(out + i);
  }
}

template <class T>
inline constexpr std::size_t step_of = batch<std::conditional_t<is_float_element_v<T>, float, T>>::size;  // floats: width

struct plus {
  template <class V>
  static V apply(V x, V y) noexcept {
    return x + y;
  }
};

}  // namespace detail_arithmetic

template <class T>
struct kernel<ops::add, T, T, T> {
  static constexpr bool available = true;
  static constexpr std::size_t step = detail_arithmetic::step_of<T>;
  static constexpr bool paired = true;

  template <class A, class B>
  static void block(const ops::add&, T* out, std::size_t i, A a, B b) noexcept {
    detail_arithmetic::block<detail_arithmetic::plus>(out, i, a, b);
  }
};

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
