#pragma once
// ELEMENT_WISE_LOGICAL_GREATER_THAN_OR_EQUAL in vector lanes (contract: ops/logical_greater_than_or_equal.hpp):
// the relations' kernel (simd/relation.hpp) comparing with std::greater_equal<>.

#include <functional>

#include "dmlref/core/isa.hpp"
#include "dmlref/ops/logical_greater_than_or_equal.hpp"
#include "dmlref/simd/relation.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

template <class O, class T>
struct kernel<ops::logical_greater_than_or_equal, O, T, T>
    : relation_kernel<ops::logical_greater_than_or_equal, O, T, std::greater_equal<>> {};

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
