#pragma once
// ELEMENT_WISE_LOGICAL_XOR in vector lanes (contract: ops/logical_xor.hpp). Exact: the
// lanes' nonzero tests compared, stored as 1 or 0.

#include <cstddef>

#include "dmlref/core/isa.hpp"
#include "dmlref/ops/logical_xor.hpp"
#include "dmlref/simd/kernel.hpp"
#include "dmlref/simd/lanes.hpp"
#include "dmlref/simd/ordering.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

template <class T>
struct kernel<ops::logical_xor, T, T, T> {
  static constexpr bool available = true;
  static constexpr std::size_t step = batch<T>::size;
  static constexpr bool paired = true;

  template <class A, class B>
  static void block(const ops::logical_xor&, T* out, std::size_t i, A a, B b) noexcept {
    const auto x = load_bit_lanes(a, i);
    const auto y = load_bit_lanes(b, i);
    // Each side as 0 or 1 in its lanes, then compared: the exclusive or of two masks is not
    // taken directly (xsimd's ^ on AVX-512 mask registers gave wrong lanes).
    const batch<T> zero(0), one(1);
    store_flags(out + i, simd::select(x != zero, one, zero) != simd::select(y != zero, one, zero));
  }
};

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
