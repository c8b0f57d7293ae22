#pragma once
// ACTIVATION_THRESHOLDED_RELU in vector lanes (contract: ops/activation_thresholded_relu.hpp):
// x > Alpha compared in FLOAT32 lanes (FLOAT16 widened exactly), x kept or +0 written; exact.

#include "dmlref/core/float16.hpp"
#include "dmlref/core/isa.hpp"
#include "dmlref/ops/activation_thresholded_relu.hpp"
#include "dmlref/simd/float_lanes.hpp"
#include "dmlref/simd/kernel.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

namespace detail_activation_thresholded_relu {
struct in_float_lanes {
  static bool accepts(const ops::activation_thresholded_relu&) noexcept { return true; }
  static floats apply(const ops::activation_thresholded_relu& op, floats x) noexcept {
    return simd::select(x > floats(op.alpha), x, floats(0.0f));
  }
};
}  // namespace detail_activation_thresholded_relu

template <>
struct kernel<ops::activation_thresholded_relu, float, float>
    : detail_float_lanes::unary_kernel<detail_activation_thresholded_relu::in_float_lanes, float> {};
template <>
struct kernel<ops::activation_thresholded_relu, float16, float16>
    : detail_float_lanes::unary_kernel<detail_activation_thresholded_relu::in_float_lanes, float16> {};

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
