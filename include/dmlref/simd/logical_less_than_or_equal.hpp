#pragma once
// ELEMENT_WISE_LOGICAL_LESS_THAN_OR_EQUAL in vector lanes (contract: ops/logical_less_than_or_equal.hpp):
// the relations' kernel (simd/relation.hpp) comparing with std::less_equal<>.

#include <functional>

#include "dmlref/core/isa.hpp"
#include "dmlref/ops/logical_less_than_or_equal.hpp"
#include "dmlref/simd/relation.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

template <class O, class T>
struct kernel<ops::logical_less_than_or_equal, O, T, T>
    : relation_kernel<ops::logical_less_than_or_equal, O, T, std::less_equal<>> {};

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
