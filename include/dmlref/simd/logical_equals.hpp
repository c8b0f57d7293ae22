#pragma once
// ELEMENT_WISE_LOGICAL_EQUALS in vector lanes (contract: ops/logical_equals.hpp):
// the relations' kernel (simd/relation.hpp) comparing with std::equal_to<>.

#include <functional>

#include "dmlref/core/isa.hpp"
#include "dmlref/ops/logical_equals.hpp"
#include "dmlref/simd/relation.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

template <class O, class T>
struct kernel<ops::logical_equals, O, T, T>
    : relation_kernel<ops::logical_equals, O, T, std::equal_to<>> {};

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
