#pragma once
// ELEMENT_WISE_CLIP1 in vector lanes (contract: ops/clip1.hpp): CLIP's lanes (simd/clip.hpp)
// with the bounds as the union holds them. Exact for every type. With ScaleBias the call
// runs the golden traversal.

#include <cstddef>

#include "dmlref/core/isa.hpp"
#include "dmlref/ops/clip1.hpp"
#include "dmlref/simd/clip.hpp"
#include "dmlref/simd/kernel.hpp"
#include "dmlref/simd/lanes.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

template <class T>
struct kernel<ops::clip1, T, T> {
  static constexpr bool available = true;
  static constexpr std::size_t step = batch<bit_lane_t<T>>::size;
  static constexpr bool paired = true;
  static constexpr bool binds = true;

  static bool accepts(const ops::clip1& op) noexcept { return !op.scale_and_bias; }

  template <class Run>
  static void bind(const ops::clip1& op, Run&& run) {
    detail_clip::bind_bounds<T>(ops::detail::scalar_bound<T>(op.min), ops::detail::scalar_bound<T>(op.max), run);
  }
};

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
