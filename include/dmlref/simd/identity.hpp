#pragma once
// ELEMENT_WISE_IDENTITY in vector lanes (contract: ops/identity.hpp): the bit patterns
// copied through integer lanes, exact for every type. With ScaleBias the call runs the
// golden traversal.

#include <cstddef>

#include "dmlref/core/isa.hpp"
#include "dmlref/ops/identity.hpp"
#include "dmlref/simd/kernel.hpp"
#include "dmlref/simd/lanes.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

template <class T>
struct kernel<ops::identity, T, T> : bit_lanes_kernel<T, true> {
  using lane = bit_lane_t<T>;

  static bool accepts(const ops::identity& op) noexcept { return !op.scale_and_bias; }

  template <class Source>
  static void block(const ops::identity&, T* out, std::size_t i, Source in) noexcept {
    load_bit_lanes(in, i).store_unaligned(reinterpret_cast<lane*>(out) + i);
  }
};

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
