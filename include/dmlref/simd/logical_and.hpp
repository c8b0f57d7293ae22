#pragma once
// ELEMENT_WISE_LOGICAL_AND in vector lanes (contract: ops/logical_and.hpp). Exact: the
// lanes' nonzero tests combined, stored as 1 or 0.

#include <cstddef>

#include "dmlref/core/isa.hpp"
#include "dmlref/ops/logical_and.hpp"
#include "dmlref/simd/kernel.hpp"
#include "dmlref/simd/lanes.hpp"
#include "dmlref/simd/ordering.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

template <class T>
struct kernel<ops::logical_and, T, T, T> {
  static constexpr bool available = true;
  static constexpr std::size_t step = batch<T>::size;
  static constexpr bool paired = true;

  template <class A, class B>
  static void block(const ops::logical_and&, T* out, std::size_t i, A a, B b) noexcept {
    const auto x = load_bit_lanes(a, i);
    const auto y = load_bit_lanes(b, i);
    const batch<T> zero(0);
    store_flags(out + i, (x != zero) && (y != zero));
  }
};

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
