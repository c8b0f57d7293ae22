#pragma once
// ELEMENT_WISE_RECIP in vector lanes (contract: ops/recip.hpp): one IEEE division 1 / x in
// FLOAT32 lanes, exact (FLOAT16 rounded once on the store, exact as the contract shows), NaN
// lanes made canonical. With ScaleBias the call runs the golden traversal.

#include "dmlref/core/float16.hpp"
#include "dmlref/core/isa.hpp"
#include "dmlref/ops/recip.hpp"
#include "dmlref/simd/float_lanes.hpp"
#include "dmlref/simd/kernel.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

namespace detail_recip {
struct reciprocal {
  static bool accepts(const ops::recip& op) noexcept { return !op.scale_and_bias; }
  static floats apply(const ops::recip&, floats x) noexcept { return floats(1.0f) / x; }
};
}  // namespace detail_recip

template <>
struct kernel<ops::recip, float, float> : detail_float_lanes::unary_kernel<detail_recip::reciprocal, float> {};
template <>
struct kernel<ops::recip, float16, float16> : detail_float_lanes::unary_kernel<detail_recip::reciprocal, float16> {};

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
