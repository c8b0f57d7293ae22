#pragma once
// ACTIVATION_LINEAR in vector lanes (contract: ops/activation_linear.hpp): Alpha * x exact in
// double lanes, plus Beta rounded to 53 bits, then rounded to the output type; within 1 ULP.
// NaN lanes made canonical.

#include "dmlref/core/float16.hpp"
#include "dmlref/core/isa.hpp"
#include "dmlref/ops/activation_linear.hpp"
#include "dmlref/simd/float_lanes.hpp"
#include "dmlref/simd/kernel.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

namespace detail_activation_linear {
struct in_double_lanes {
  static bool accepts(const ops::activation_linear&) noexcept { return true; }
  static floats apply(const ops::activation_linear& op, floats x) noexcept {
    const doubles alpha(static_cast<double>(op.alpha)), beta(static_cast<double>(op.beta));
    return detail_float_lanes::in_doubles(x, [=](doubles v) { return v * alpha + beta; });
  }
};
}  // namespace detail_activation_linear

template <>
struct kernel<ops::activation_linear, float, float>
    : detail_float_lanes::unary_kernel<detail_activation_linear::in_double_lanes, float> {};
template <>
struct kernel<ops::activation_linear, float16, float16>
    : detail_float_lanes::unary_kernel<detail_activation_linear::in_double_lanes, float16> {};

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
