#pragma once
// ELEMENT_WISE_BIT_NOT in vector lanes (contract: ops/bit_not.hpp): the encoding's bits
// flipped in integer lanes, exact for every type.

#include <cstddef>

#include "dmlref/core/isa.hpp"
#include "dmlref/ops/bit_not.hpp"
#include "dmlref/simd/kernel.hpp"
#include "dmlref/simd/lanes.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

template <class T>
struct kernel<ops::bit_not, T, T> : bit_lanes_kernel<T, true> {
  using lane = bit_lane_t<T>;

  template <class Source>
  static void block(const ops::bit_not&, T* out, std::size_t i, Source in) noexcept {
    const auto y = ~load_bit_lanes(in, i);
    y.store_unaligned(reinterpret_cast<lane*>(out) + i);
  }
};

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
