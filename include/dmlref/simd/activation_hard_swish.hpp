#pragma once
// ACTIVATION_HARD_SWISH in vector lanes (contract: ops/activation_hard_swish.hpp): h = HARD_SIGMOID's
// clamped Alpha * x + Beta in double lanes (simd/activation_hard_sigmoid.hpp), then x * h,
// rounded once more to the output type; within 1 ULP. NaN lanes made canonical.

#include "dmlref/core/float16.hpp"
#include "dmlref/core/isa.hpp"
#include "dmlref/ops/activation_hard_swish.hpp"
#include "dmlref/simd/activation_hard_sigmoid.hpp"
#include "dmlref/simd/float_lanes.hpp"
#include "dmlref/simd/kernel.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

namespace detail_activation_hard_swish {
struct in_double_lanes {
  static bool accepts(const ops::activation_hard_swish&) noexcept { return true; }
  static floats apply(const ops::activation_hard_swish& op, floats x) noexcept {
    const doubles alpha(static_cast<double>(op.alpha)), beta(static_cast<double>(op.beta));
    return detail_float_lanes::in_doubles(
        x, [=](doubles v) { return v * detail_activation_hard_sigmoid::clamped(v * alpha + beta); });
  }
};
}  // namespace detail_activation_hard_swish

template <>
struct kernel<ops::activation_hard_swish, float, float>
    : detail_float_lanes::unary_kernel<detail_activation_hard_swish::in_double_lanes, float> {};
template <>
struct kernel<ops::activation_hard_swish, float16, float16>
    : detail_float_lanes::unary_kernel<detail_activation_hard_swish::in_double_lanes, float16> {};

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
