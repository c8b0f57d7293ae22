#pragma once
// ACTIVATION_RELU_GRAD in vector lanes (contract: ops/activation_relu_grad.hpp): X > 0 decided
// on the bits in signed integer lanes (a positive pattern no larger than +Inf's), the
// gradient's bits or +0 selected; exact for FLOAT32 and FLOAT16.

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "dmlref/core/float16.hpp"
#include "dmlref/core/isa.hpp"
#include "dmlref/math/real.hpp"
#include "dmlref/ops/activation_relu_grad.hpp"
#include "dmlref/simd/kernel.hpp"
#include "dmlref/simd/lanes.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

template <class T>
struct kernel<ops::activation_relu_grad, T, T, T> {
  static constexpr bool available = is_float_element_v<T>;
  using lane = bit_lane_t<T>;
  using signed_lane = std::make_signed_t<lane>;
  static constexpr std::size_t step = batch<lane>::size;
  static constexpr bool paired = true;

  template <class X, class G>
  static void block(const ops::activation_relu_grad&, T* out, std::size_t i, X x, G gradient) noexcept {
    using F = typename math::format_of<T>::type;
    const auto bits = xsimd::bitwise_cast<batch<signed_lane>>(load_bit_lanes(x, i));
    const auto positive = bits > batch<signed_lane>(0) && bits <= batch<signed_lane>(static_cast<signed_lane>(F::infinity));
    const auto g = xsimd::bitwise_cast<batch<signed_lane>>(load_bit_lanes(gradient, i));
    const auto y = simd::select(positive, g, batch<signed_lane>(0));
    xsimd::bitwise_cast<batch<lane>>(y).store_unaligned(reinterpret_cast<lane*>(out) + i);
  }
};

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
