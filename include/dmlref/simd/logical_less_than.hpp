#pragma once
// ELEMENT_WISE_LOGICAL_LESS_THAN in vector lanes (contract: ops/logical_less_than.hpp):
// the relations' kernel (simd/relation.hpp) comparing with std::less<>.

#include <functional>

#include "dmlref/core/isa.hpp"
#include "dmlref/ops/logical_less_than.hpp"
#include "dmlref/simd/relation.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

template <class O, class T>
struct kernel<ops::logical_less_than, O, T, T>
    : relation_kernel<ops::logical_less_than, O, T, std::less<>> {};

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
