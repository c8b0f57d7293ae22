#pragma once
// ELEMENT_WISE_SQRT in vector lanes (contract: ops/sqrt.hpp): one IEEE square root in FLOAT32
// lanes, exact (FLOAT16 rounded once on the store, exact as the contract shows; -0 keeps its
// sign), NaN lanes (negative inputs included) made canonical. With ScaleBias the call runs
// the golden traversal.

#include "dmlref/core/float16.hpp"
#include "dmlref/core/isa.hpp"
#include "dmlref/ops/sqrt.hpp"
#include "dmlref/simd/float_lanes.hpp"
#include "dmlref/simd/kernel.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

namespace detail_sqrt {
struct root {
  static bool accepts(const ops::sqrt& op) noexcept { return !op.scale_and_bias; }
  static floats apply(const ops::sqrt&, floats x) noexcept { return xsimd::sqrt(x); }
};
}  // namespace detail_sqrt

template <>
struct kernel<ops::sqrt, float, float> : detail_float_lanes::unary_kernel<detail_sqrt::root, float> {};
template <>
struct kernel<ops::sqrt, float16, float16> : detail_float_lanes::unary_kernel<detail_sqrt::root, float16> {};

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
