#pragma once
// ELEMENT_WISE_BIT_SHIFT_LEFT in vector lanes (contract: ops/bit_shift_left.hpp): the shifts' kernel
// (simd/bit_shift.hpp) with ops::bit_shift_left::shift.

#include "dmlref/ops/bit_shift_left.hpp"
#include "dmlref/simd/bit_shift.hpp"

namespace dmlref::simd {

template <class T>
struct kernel<ops::bit_shift_left, T, T, T> : bit_shift_kernel<ops::bit_shift_left, T> {};

}  // namespace dmlref::simd
