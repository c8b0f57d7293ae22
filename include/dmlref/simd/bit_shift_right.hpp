#pragma once
// ELEMENT_WISE_BIT_SHIFT_RIGHT in vector lanes (contract: ops/bit_shift_right.hpp): the shifts' kernel
// (simd/bit_shift.hpp) with ops::bit_shift_right::shift.

#include "dmlref/ops/bit_shift_right.hpp"
#include "dmlref/simd/bit_shift.hpp"

namespace dmlref::simd {

template <class T>
struct kernel<ops::bit_shift_right, T, T, T> : bit_shift_kernel<ops::bit_shift_right, T> {};

}  // namespace dmlref::simd
