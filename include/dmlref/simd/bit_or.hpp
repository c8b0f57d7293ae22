#pragma once
// ELEMENT_WISE_BIT_OR in vector lanes (contract: ops/bit_or.hpp): the bitwise kernel
// (simd/bitwise.hpp) with ops::bit_or::combine.

#include "dmlref/core/isa.hpp"
#include "dmlref/ops/bit_or.hpp"
#include "dmlref/simd/bitwise.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

template <class T>
struct kernel<ops::bit_or, T, T, T> : bitwise_kernel<ops::bit_or, T> {};

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
