#pragma once
// ELEMENT_WISE_BIT_XOR in vector lanes (contract: ops/bit_xor.hpp): the bitwise kernel
// (simd/bitwise.hpp) with ops::bit_xor::combine.

#include "dmlref/core/isa.hpp"
#include "dmlref/ops/bit_xor.hpp"
#include "dmlref/simd/bitwise.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

template <class T>
struct kernel<ops::bit_xor, T, T, T> : bitwise_kernel<ops::bit_xor, T> {};

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
