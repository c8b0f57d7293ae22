#pragma once
// ELEMENT_WISE_BIT_AND in vector lanes (contract: ops/bit_and.hpp): the bitwise kernel
// (simd/bitwise.hpp) with ops::bit_and::combine.

#include "dmlref/ops/bit_and.hpp"
#include "dmlref/simd/bitwise.hpp"

namespace dmlref::simd {

template <class T>
struct kernel<ops::bit_and, T, T, T> : bitwise_kernel<ops::bit_and, T> {};

}  // namespace dmlref::simd
