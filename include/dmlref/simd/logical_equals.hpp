#pragma once
// ELEMENT_WISE_LOGICAL_EQUALS in vector lanes (contract: ops/logical_equals.hpp):
// the relations' kernel (simd/relation.hpp) comparing with std::equal_to<>.

#include <functional>

#include "dmlref/ops/logical_equals.hpp"
#include "dmlref/simd/relation.hpp"

namespace dmlref::simd {

template <class O, class T>
struct kernel<ops::logical_equals, O, T, T>
    : relation_kernel<ops::logical_equals, O, T, std::equal_to<>> {};

}  // namespace dmlref::simd
