#pragma once
// ELEMENT_WISE_BIT_SHIFT_RIGHT in vector lanes (contract: ops/bit_shift_right.hpp): the shifts' kernel
// (simd/bit_shift.hpp) with ops::bit_shift_right::shift.

#include "dmlref/core/isa.hpp"
#include "dmlref/ops/bit_shift_right.hpp"
#include "dmlref/simd/bit_shift.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

template <class T>
struct kernel<ops::bit_shift_right, T, T, T> : bit_shift_kernel<ops::bit_shift_right, T> {};

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
