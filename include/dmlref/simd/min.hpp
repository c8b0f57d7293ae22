#pragma once
// ELEMENT_WISE_MIN in vector lanes (contract: ops/min.hpp). Exact for every type, decided as
// MAX's kernel decides (simd/max.hpp).

#include <cstddef>

#include "dmlref/core/isa.hpp"
#include "dmlref/ops/min.hpp"
#include "dmlref/simd/kernel.hpp"
#include "dmlref/simd/lanes.hpp"
#include "dmlref/simd/max.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

template <class T>
struct kernel<ops::min, T, T, T> {
  static constexpr bool available = true;
  static constexpr std::size_t step = batch<bit_lane_t<T>>::size;
  static constexpr bool paired = true;

  template <class A, class B>
  static void block(const ops::min&, T* out, std::size_t i, A a, B b) noexcept {
    detail_min_max::pick_block<false>(out, i, a, b);
  }
};

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
