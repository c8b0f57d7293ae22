#pragma once
// ELEMENT_WISE_NEGATE in vector lanes (contract: ops/negate.hpp). Exact for every type:
// floats flip their sign bit in integer lanes (NaN payloads kept, under any compiler flags),
// integers subtract from zero in their lanes (wrapping as two's complement does).

#include <cstddef>
#include <type_traits>

#include "dmlref/core/isa.hpp"
#include "dmlref/ops/negate.hpp"
#include "dmlref/simd/kernel.hpp"
#include "dmlref/simd/lanes.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

template <class T>
struct kernel<ops::negate, T, T> : bit_lanes_kernel<T, true> {
  using lane = bit_lane_t<T>;

  template <class Source>
  static void block(const ops::negate&, T* out, std::size_t i, Source in) noexcept {
    const auto x = load_bit_lanes(in, i);
    batch<lane> y;
    if constexpr (is_float_element_v<T>) {
      using F = typename math::format_of<T>::type;
      y = x ^ batch<lane>(static_cast<lane>(F::sign_mask));
    } else {
      using U = std::make_unsigned_t<lane>;  // unsigned lanes: wrapping is defined
      y = xsimd::bitwise_cast<batch<lane>>(batch<U>(U{0}) - xsimd::bitwise_cast<batch<U>>(x));
    }
    y.store_unaligned(reinterpret_cast<lane*>(out) + i);
  }
};

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
