#pragma once
// ELEMENT_WISE_BIT_AND in vector lanes (contract: ops/bit_and.hpp). Exact: the
// encodings combined in integer lanes of the type's width, floats included.

#include <cstddef>

#include "dmlref/ops/bit_and.hpp"
#include "dmlref/simd/kernel.hpp"
#include "dmlref/simd/lanes.hpp"

namespace dmlref::simd {

template <class T>
struct kernel<ops::bit_and, T, T, T> {
  static constexpr bool available = true;
  using lane = bit_lane_t<T>;
  static constexpr std::size_t step = batch<lane>::size;
  static constexpr bool paired = true;

  template <class A, class B>
  static void block(const ops::bit_and&, T* out, std::size_t i, A a, B b) noexcept {
    (load_bit_lanes(a, i) & load_bit_lanes(b, i)).store_unaligned(reinterpret_cast<lane*>(out) + i);
  }
};

}  // namespace dmlref::simd
