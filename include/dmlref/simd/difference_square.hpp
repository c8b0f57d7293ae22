#pragma once
// ELEMENT_WISE_DIFFERENCE_SQUARE in vector lanes (contract: ops/difference_square.hpp).
// Floats only: the difference and its square in double lanes, then one rounding to the
// output type; within 1 ULP of golden. NaN lanes made canonical. Integers run the golden
// kernel.

#include "dmlref/core/float16.hpp"
#include "dmlref/core/isa.hpp"
#include "dmlref/ops/difference_square.hpp"
#include "dmlref/simd/float_lanes.hpp"
#include "dmlref/simd/kernel.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

namespace detail_difference_square {
struct in_double_lanes {
  static floats apply(const ops::difference_square&, floats a, floats b) noexcept {
    return detail_float_lanes::in_doubles(a, b, [](doubles x, doubles y) {
      const doubles d = x - y;
      return d * d;
    });
  }
};
}  // namespace detail_difference_square

template <>
struct kernel<ops::difference_square, float, float, float>
    : detail_float_lanes::binary_kernel<detail_difference_square::in_double_lanes, float> {};
template <>
struct kernel<ops::difference_square, float16, float16, float16>
    : detail_float_lanes::binary_kernel<detail_difference_square::in_double_lanes, float16> {};

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
