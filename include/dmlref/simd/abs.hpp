#pragma once
// ELEMENT_WISE_ABS in vector lanes (contract: ops/abs.hpp). Exact for every type: floats
// clear their sign bit in integer lanes (NaN payloads kept, under any compiler flags),
// integers take the lanes' absolute value (the most negative value wraps to itself). With
// ScaleBias the call runs the golden traversal.

#include <cstdint>
#include <type_traits>

#include "dmlref/core/isa.hpp"
#include "dmlref/ops/abs.hpp"
#include "dmlref/simd/kernel.hpp"
#include "dmlref/simd/lanes.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

template <class T>
struct kernel<ops::abs, T, T> : bit_lanes_kernel<T, true> {
  using lane = bit_lane_t<T>;

  static bool accepts(const ops::abs& op) noexcept { return !op.scale_and_bias; }

  template <class Source>
  static void block(const ops::abs&, T* out, std::size_t i, Source in) noexcept {
    const auto x = load_bit_lanes(in, i);
    batch<lane> y;
    if constexpr (is_float_element_v<T>) {
      using F = typename math::format_of<T>::type;
      y = x & batch<lane>(static_cast<lane>(~F::sign_mask));
    } else {
      y = xsimd::abs(x);
    }
    y.store_unaligned(reinterpret_cast<lane*>(out) + i);
  }
};

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
