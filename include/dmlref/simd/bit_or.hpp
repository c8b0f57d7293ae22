#pragma once
// ELEMENT_WISE_BIT_OR in vector lanes (contract: ops/bit_or.hpp): the bitwise kernel
// (simd/bitwise.hpp) with ops::bit_or::combine.

#include "dmlref/ops/bit_or.hpp"
#include "dmlref/simd/bitwise.hpp"

namespace dmlref::simd {

template <class T>
struct kernel<ops::bit_or, T, T, T> : bitwise_kernel<ops::bit_or, T> {};

}  // namespace dmlref::simd
