#pragma once
// ELEMENT_WISE_SIGN in vector lanes (contract: ops/sign.hpp). Exact for every type.
// Floats are decided on their bit patterns (integer lanes), so NaN -> +0, -0 -> +0 and
// +-Inf -> +-1 hold under any compiler flags; FLOAT16 never leaves its 16-bit lanes.

#include <cstdint>
#include <type_traits>

#include "dmlref/core/isa.hpp"
#include "dmlref/ops/sign.hpp"
#include "dmlref/simd/kernel.hpp"
#include "dmlref/simd/lanes.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

namespace detail_sign {

/// The sign of IEEE bit patterns held in unsigned lanes U: 0 for +-0 and NaN, else +-1.0.
/// A magnitude m is nonzero and not NaN when 1 <= m <= Inf's pattern. Adding
/// 2^(n-1) - 1 modulo 2^n moves that range to the bottom of the signed range, [min,
/// min + Inf - 1], while 0 wraps to the signed maximum and NaNs land just above it: one
/// addition and one signed compare decide every lane.
template <class U, class F>
batch<U> sign_of_bits(batch<U> bits) noexcept {
  using S = std::make_signed_t<U>;
  constexpr U magnitude_mask = static_cast<U>(~F::sign_mask);
  constexpr U limit = static_cast<U>(F::sign_mask + F::exponent_mask);  // min + Inf's pattern
  const batch<U> magnitude = bits & batch<U>(magnitude_mask);
  const batch<S> shifted = xsimd::bitwise_cast<batch<S>>(magnitude + batch<U>(magnitude_mask));
  const auto nonzero_number = shifted < batch<S>(static_cast<S>(limit));
  const batch<U> one = batch<U>(static_cast<U>(F::exponent_mask & (F::exponent_mask >> 1)));  // 1.0
  const batch<U> result = (bits & batch<U>(F::sign_mask)) | one;
  return xsimd::bitwise_cast<batch<U>>(
      simd::select(nonzero_number, xsimd::bitwise_cast<batch<S>>(result), batch<S>(0)));
}

}  // namespace detail_sign

template <class T>
struct kernel<ops::sign, T, T> : bit_lanes_kernel<T, true> {
  using lane = bit_lane_t<T>;

  template <class Source>
  static void block(const ops::sign&, T* out, std::size_t i, Source in) noexcept {
    const auto x = load_bit_lanes(in, i);
    batch<lane> y;
    if constexpr (std::is_same_v<T, float16>) {
      y = detail_sign::sign_of_bits<std::uint16_t, detail::binary16>(x);
    } else if constexpr (std::is_same_v<T, float>) {
      y = detail_sign::sign_of_bits<std::uint32_t, detail::binary32>(x);
    } else if constexpr (std::is_signed_v<T>) {
      y = xsimd::min(xsimd::max(x, batch<T>(-1)), batch<T>(1));  // an integer's sign is x clamped to [-1, 1]
    } else {
      y = xsimd::min(x, batch<T>(1));
    }
    y.store_unaligned(reinterpret_cast<lane*>(out) + i);
  }
};

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
