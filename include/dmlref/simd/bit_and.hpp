#pragma once
// ELEMENT_WISE_BIT_AND in vector lanes (contract: ops/bit_and.hpp): the bitwise kernel
// (simd/bitwise.hpp) with ops::bit_and::combine.

#include "dmlref/core/isa.hpp"
#include "dmlref/ops/bit_and.hpp"
#include "dmlref/simd/bitwise.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

template <class T>
struct kernel<ops::bit_and, T, T, T> : bitwise_kernel<ops::bit_and, T> {};

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
