#pragma once
// ACTIVATION_PARAMETERIZED_RELU in vector lanes (contract: ops/activation_parameterized_relu.hpp):
// x where x >= 0 (-0 included), else slope * x by one IEEE multiplication in FLOAT32 lanes,
// exact for FLOAT32 and FLOAT16 alike. NaN lanes made canonical. Integers run the golden kernel.

#include "dmlref/core/float16.hpp"
#include "dmlref/core/isa.hpp"
#include "dmlref/ops/activation_parameterized_relu.hpp"
#include "dmlref/simd/float_lanes.hpp"
#include "dmlref/simd/kernel.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

namespace detail_activation_parameterized_relu {
struct in_float_lanes {
  static floats apply(const ops::activation_parameterized_relu&, floats x, floats slope) noexcept {
    return simd::select(x >= floats(0.0f), x, x * slope);
  }
};
}  // namespace detail_activation_parameterized_relu

template <>
struct kernel<ops::activation_parameterized_relu, float, float, float>
    : detail_float_lanes::binary_kernel<detail_activation_parameterized_relu::in_float_lanes, float> {};
template <>
struct kernel<ops::activation_parameterized_relu, float16, float16, float16>
    : detail_float_lanes::binary_kernel<detail_activation_parameterized_relu::in_float_lanes, float16> {};

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
