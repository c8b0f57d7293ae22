#pragma once
// ACTIVATION_IDENTITY in vector lanes (contract: ops/activation_identity.hpp): the bit
// patterns copied through integer lanes, exact.

#include <cstddef>

#include "dmlref/core/isa.hpp"
#include "dmlref/ops/activation_identity.hpp"
#include "dmlref/simd/kernel.hpp"
#include "dmlref/simd/lanes.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

template <class T>
struct kernel<ops::activation_identity, T, T> : bit_lanes_kernel<T, true> {
  using lane = bit_lane_t<T>;

  template <class Source>
  static void block(const ops::activation_identity&, T* out, std::size_t i, Source in) noexcept {
    load_bit_lanes(in, i).store_unaligned(reinterpret_cast<lane*>(out) + i);
  }
};

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
