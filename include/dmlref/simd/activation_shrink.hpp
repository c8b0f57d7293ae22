#pragma once
// ACTIVATION_SHRINK in vector lanes (contract: ops/activation_shrink.hpp). Floats only: the
// comparisons in FLOAT32 lanes (FLOAT16 widened exactly), x -+ Bias by one IEEE addition in
// FLOAT32 lanes (exact for FLOAT32) or in double lanes for FLOAT16 (within 1 ULP); +0
// otherwise. NaN lanes made canonical. Integers run the golden kernel.

#include "dmlref/core/float16.hpp"
#include "dmlref/core/isa.hpp"
#include "dmlref/ops/activation_shrink.hpp"
#include "dmlref/simd/float_lanes.hpp"
#include "dmlref/simd/kernel.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

namespace detail_activation_shrink {
struct in_float_lanes {
  static bool accepts(const ops::activation_shrink&) noexcept { return true; }
  static floats apply(const ops::activation_shrink& op, floats x) noexcept {
    const floats t(op.threshold), b(op.bias);
    return simd::select(x > t, x - b, simd::select(x < -t, x + b, floats(0.0f)));
  }
};
struct in_double_lanes {
  static bool accepts(const ops::activation_shrink&) noexcept { return true; }
  static floats apply(const ops::activation_shrink& op, floats x) noexcept {
    const doubles t(static_cast<double>(op.threshold)), b(static_cast<double>(op.bias));
    return detail_float_lanes::in_doubles(
        x, [=](doubles v) { return simd::select(v > t, v - b, simd::select(v < -t, v + b, doubles(0.0))); });
  }
};
}  // namespace detail_activation_shrink

template <>
struct kernel<ops::activation_shrink, float, float>
    : detail_float_lanes::unary_kernel<detail_activation_shrink::in_float_lanes, float> {};
template <>
struct kernel<ops::activation_shrink, float16, float16>
    : detail_float_lanes::unary_kernel<detail_activation_shrink::in_double_lanes, float16> {};

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
