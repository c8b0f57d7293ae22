#pragma once
// ELEMENT_WISE_FLOOR in vector lanes (contract: ops/floor.hpp): exact, in integer lanes on
// FLOAT32 bit patterns (simd/rounding.hpp). With ScaleBias the call runs the golden traversal.

#include "dmlref/ops/floor.hpp"
#include "dmlref/simd/kernel.hpp"
#include "dmlref/simd/rounding.hpp"

namespace dmlref::simd {

template <class T>
struct kernel<ops::floor, T, T> : to_integral_kernel<ops::floor, T> {};

}  // namespace dmlref::simd
