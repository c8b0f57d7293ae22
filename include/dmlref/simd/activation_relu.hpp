#pragma once
// ACTIVATION_RELU in vector lanes (contract: ops/activation_relu.hpp): CLIP's kernel with
// Min 0 and no Max (simd/clip.hpp), exact for every type.

#include "dmlref/core/isa.hpp"
#include "dmlref/ops/activation_relu.hpp"
#include "dmlref/ops/clip.hpp"
#include "dmlref/simd/clip.hpp"
#include "dmlref/simd/kernel.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

template <class T>
struct kernel<ops::activation_relu, T, T> {
  static constexpr bool available = true;
  static constexpr std::size_t step = kernel<ops::clip, T, T>::step;
  static constexpr bool paired = true;
  static constexpr bool binds = true;

  template <class Run>
  static void bind(const ops::activation_relu&, Run&& run) {
    kernel<ops::clip, T, T>::bind(ops::activation_relu::as_clip(), run);
  }
};

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
