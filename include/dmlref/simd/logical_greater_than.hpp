#pragma once
// ELEMENT_WISE_LOGICAL_GREATER_THAN in vector lanes (contract: ops/logical_greater_than.hpp):
// the relations' kernel (simd/relation.hpp) comparing with std::greater<>.

#include <functional>

#include "dmlref/core/isa.hpp"
#include "dmlref/ops/logical_greater_than.hpp"
#include "dmlref/simd/relation.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

template <class O, class T>
struct kernel<ops::logical_greater_than, O, T, T>
    : relation_kernel<ops::logical_greater_than, O, T, std::greater<>> {};

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
