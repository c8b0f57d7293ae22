#pragma once
// ops/ordering.hpp in vector lanes: float bit patterns held in unsigned lanes U compared as
// numbers, on integers only (the same answers under any compiler flags).
//   ordered_keys(bits)  the magnitude, negated for a negative sign, as signed lanes (-0 and
//                       +0 share the key 0);
//   not_nan(bits)       lanes whose pattern is a number;
//   store_flags(out, m) the lanes of m as 1 (true) or 0 in out's element type (the LOGICAL_
//                       operators' UINT8 or UINT32 outputs).

#include <cstddef>
#include <type_traits>

#include "dmlref/core/isa.hpp"
#include "dmlref/simd/arch.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

template <class F, class U>
batch<std::make_signed_t<U>> ordered_keys(batch<U> bits) noexcept {
  using S = std::make_signed_t<U>;
  const auto magnitude = xsimd::bitwise_cast<batch<S>>(bits & batch<U>(static_cast<U>(~F::sign_mask)));
  const auto sign = xsimd::bitwise_cast<batch<S>>(bits) >> (static_cast<int>(sizeof(U)) * 8 - 1);  // 0 or -1
  return (magnitude ^ sign) - sign;
}

template <class F, class U>
batch_bool<std::make_signed_t<U>> not_nan(batch<U> bits) noexcept {
  using S = std::make_signed_t<U>;
  const auto magnitude = xsimd::bitwise_cast<batch<S>>(bits & batch<U>(static_cast<U>(~F::sign_mask)));
  return magnitude <= batch<S>(static_cast<S>(F::infinity));
}

template <class O, class L>
void store_flags(O* out, batch_bool<L> m) noexcept {
  const auto flags = simd::select(m, batch<L>(1), batch<L>(0));
  if constexpr (sizeof(O) == sizeof(L)) {
    flags.store_unaligned(reinterpret_cast<L*>(out));  // 0 and 1 have one pattern in either
  } else {
    alignas(64) L lanes[batch<L>::size];
    flags.store_aligned(lanes);
    for (std::size_t k = 0; k < batch<L>::size; ++k) out[k] = static_cast<O>(lanes[k]);
  }
}

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
