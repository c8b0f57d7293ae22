#pragma once
// ELEMENT_WISE_CEIL in vector lanes (contract: ops/ceil.hpp): exact, in integer lanes on
// FLOAT32 bit patterns (simd/rounding.hpp). With ScaleBias the call runs the golden traversal.

#include "dmlref/core/isa.hpp"
#include "dmlref/ops/ceil.hpp"
#include "dmlref/simd/kernel.hpp"
#include "dmlref/simd/rounding.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

template <class T>
struct kernel<ops::ceil, T, T> : to_integral_kernel<ops::ceil, T> {};

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
