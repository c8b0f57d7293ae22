#pragma once
// ELEMENT_WISE_MAX in vector lanes (contract: ops/max.hpp). Exact for every type. Floats are
// decided on their bit patterns in integer lanes (keys with -0 below +0, NaN lanes taking
// the other operand), so the result is one of the operands' patterns under any compiler
// flag; integers take the lanes' max.

#include <cstddef>
#include <limits>
#include <type_traits>

#include "dmlref/core/isa.hpp"
#include "dmlref/math/real.hpp"
#include "dmlref/ops/max.hpp"
#include "dmlref/simd/kernel.hpp"
#include "dmlref/simd/lanes.hpp"
#include "dmlref/simd/ordering.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

namespace detail_min_max {

/// ops::detail_min_max::pick in lanes: max (Greatest) or min of sources a and b at i.
template <bool Greatest, class T, class A, class B>
void pick_block(T* out, std::size_t i, A a, B b) noexcept {
  using U = bit_lane_t<T>;
  const auto x = load_bit_lanes(a, i);
  const auto y = load_bit_lanes(b, i);
  if constexpr (is_float_element_v<T>) {
    using F = typename math::format_of<T>::type;
    using S = std::make_signed_t<U>;
    constexpr int sign_shift = static_cast<int>(sizeof(U)) * 8 - 1;
    const auto xs = xsimd::bitwise_cast<batch<S>>(x);
    const auto ys = xsimd::bitwise_cast<batch<S>>(y);
    const batch<S> magnitude_bits(std::numeric_limits<S>::max());
    const auto kx = xs ^ ((xs >> sign_shift) & magnitude_bits);  // -0 -> -1, +0 -> 0
    const auto ky = ys ^ ((ys >> sign_shift) & magnitude_bits);
    auto r = simd::select(Greatest ? ky > kx : ky < kx, ys, xs);
    r = simd::select(not_nan<F>(x), r, ys);  // a NaN: b
    r = simd::select(not_nan<F>(y), r, xs);  // b NaN: a (both NaN: a)
    xsimd::bitwise_cast<batch<U>>(r).store_unaligned(reinterpret_cast<U*>(out) + i);
  } else {
    (Greatest ? xsimd::max(x, y) : xsimd::min(x, y)).store_unaligned(out + i);
  }
}

}  // namespace detail_min_max

template <class T>
struct kernel<ops::max, T, T, T> {
  static constexpr bool available = true;
  static constexpr std::size_t step = batch<bit_lane_t<T>>::size;
  static constexpr bool paired = true;

  template <class A, class B>
  static void block(const ops::max&, T* out, std::size_t i, A a, B b) noexcept {
    detail_min_max::pick_block<true>(out, i, a, b);
  }
};

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
