#pragma once
// BIT_AND, BIT_OR and BIT_XOR in vector lanes (ops::bitwise): one kernel, combining with the
// operator's own Op::combine. Exact: the encodings combined in integer lanes of the type's
// width, floats included.

#include <cstddef>

#include "dmlref/core/isa.hpp"
#include "dmlref/simd/kernel.hpp"
#include "dmlref/simd/lanes.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

template <class Op, class T>
struct bitwise_kernel : bit_lanes_kernel<T, true> {
  using lane = bit_lane_t<T>;

  template <class A, class B>
  static void block(const Op&, T* out, std::size_t i, A a, B b) noexcept {
    Op::combine(load_bit_lanes(a, i), load_bit_lanes(b, i)).store_unaligned(reinterpret_cast<lane*>(out) + i);
  }
};

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
