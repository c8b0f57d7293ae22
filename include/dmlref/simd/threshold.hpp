#pragma once
// ELEMENT_WISE_THRESHOLD in vector lanes (contract: ops/threshold.hpp): CLIP's kernel with
// no Max (simd/clip.hpp), exact for every type. With ScaleBias the call runs the golden
// traversal.

#include "dmlref/core/isa.hpp"
#include "dmlref/ops/clip.hpp"
#include "dmlref/ops/threshold.hpp"
#include "dmlref/simd/clip.hpp"
#include "dmlref/simd/kernel.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

template <class T>
struct kernel<ops::threshold, T, T> {
  static constexpr bool available = true;
  static constexpr std::size_t step = kernel<ops::clip, T, T>::step;
  static constexpr bool paired = true;
  static constexpr bool binds = true;

  static bool accepts(const ops::threshold& op) noexcept { return !op.scale_and_bias; }

  template <class Run>
  static void bind(const ops::threshold& op, Run&& run) {
    kernel<ops::clip, T, T>::bind(op.as_clip(), run);
  }
};

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
