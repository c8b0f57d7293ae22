#pragma once
// ACTIVATION_HARD_SIGMOID in vector lanes (contract: ops/activation_hard_sigmoid.hpp): Alpha *
// x + Beta in double lanes (the product exact, the sum rounded to 53 bits), clamped to
// [+0, 1] with comparisons that let NaN through, then rounded to the output type; within
// 1 ULP. NaN lanes made canonical.

#include "dmlref/core/float16.hpp"
#include "dmlref/core/isa.hpp"
#include "dmlref/ops/activation_hard_sigmoid.hpp"
#include "dmlref/simd/float_lanes.hpp"
#include "dmlref/simd/kernel.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

namespace detail_activation_hard_sigmoid {
/// max(0, min(v, 1)) with NaN kept and every result at or below 0 written as +0.
inline doubles clamped(doubles v) noexcept {
  return simd::select(v <= doubles(0.0), doubles(0.0), simd::select(v > doubles(1.0), doubles(1.0), v));
}
struct in_double_lanes {
  static bool accepts(const ops::activation_hard_sigmoid&) noexcept { return true; }
  static floats apply(const ops::activation_hard_sigmoid& op, floats x) noexcept {
    const doubles alpha(static_cast<double>(op.alpha)), beta(static_cast<double>(op.beta));
    return detail_float_lanes::in_doubles(x, [=](doubles v) { return clamped(v * alpha + beta); });
  }
};
}  // namespace detail_activation_hard_sigmoid

template <>
struct kernel<ops::activation_hard_sigmoid, float, float>
    : detail_float_lanes::unary_kernel<detail_activation_hard_sigmoid::in_double_lanes, float> {};
template <>
struct kernel<ops::activation_hard_sigmoid, float16, float16>
    : detail_float_lanes::unary_kernel<detail_activation_hard_sigmoid::in_double_lanes, float16> {};

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
