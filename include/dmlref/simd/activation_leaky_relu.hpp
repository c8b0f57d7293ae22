#pragma once
// ACTIVATION_LEAKY_RELU in vector lanes (contract: ops/activation_leaky_relu.hpp): x where
// x >= 0 (-0 included), else Alpha * x: one IEEE multiplication in FLOAT32 lanes (exact), or
// for FLOAT16 the exact product in double lanes rounded to FLOAT32 and then FLOAT16 (within
// 1 ULP). NaN lanes made canonical.

#include "dmlref/core/float16.hpp"
#include "dmlref/core/isa.hpp"
#include "dmlref/ops/activation_leaky_relu.hpp"
#include "dmlref/simd/float_lanes.hpp"
#include "dmlref/simd/kernel.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

namespace detail_activation_leaky_relu {
struct in_float_lanes {
  static bool accepts(const ops::activation_leaky_relu&) noexcept { return true; }
  static floats apply(const ops::activation_leaky_relu& op, floats x) noexcept {
    return simd::select(x >= floats(0.0f), x, x * floats(op.alpha));
  }
};
struct in_double_lanes {
  static bool accepts(const ops::activation_leaky_relu&) noexcept { return true; }
  static floats apply(const ops::activation_leaky_relu& op, floats x) noexcept {
    const doubles alpha(static_cast<double>(op.alpha));
    return detail_float_lanes::in_doubles(x, [=](doubles v) { return simd::select(v >= doubles(0.0), v, v * alpha); });
  }
};
}  // namespace detail_activation_leaky_relu

template <>
struct kernel<ops::activation_leaky_relu, float, float>
    : detail_float_lanes::unary_kernel<detail_activation_leaky_relu::in_float_lanes, float> {};
template <>
struct kernel<ops::activation_leaky_relu, float16, float16>
    : detail_float_lanes::unary_kernel<detail_activation_leaky_relu::in_double_lanes, float16> {};

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
