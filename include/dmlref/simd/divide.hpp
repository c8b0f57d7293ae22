#pragma once
// ELEMENT_WISE_DIVIDE in vector lanes (contract: ops/divide.hpp). Floats only, exact: one
// IEEE division in FLOAT32 lanes (FLOAT16 divided there and rounded once to FLOAT16, which
// the contract shows is exact), every NaN lane made the positive quiet NaN. Integer
// division has no vector instruction; integers run the golden kernel.

#include <cstddef>

#include "dmlref/core/float16.hpp"
#include "dmlref/core/isa.hpp"
#include "dmlref/ops/divide.hpp"
#include "dmlref/simd/float_lanes.hpp"
#include "dmlref/simd/kernel.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

namespace detail_arithmetic {
struct over {
  template <class Op>
  static floats apply(const Op&, floats x, floats y) noexcept {
    return x / y;
  }
};
}  // namespace detail_arithmetic

template <>
struct kernel<ops::divide, float, float, float> : detail_float_lanes::binary_kernel<detail_arithmetic::over, float> {};
template <>
struct kernel<ops::divide, float16, float16, float16>
    : detail_float_lanes::binary_kernel<detail_arithmetic::over, float16> {};

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
