#pragma once
// ELEMENT_WISE_MEAN in vector lanes (contract: ops/mean.hpp). Floats only, exact: FLOAT32
// lanes are widened to double, added (one rounding to 53 bits, harmless as the contract
// shows), halved exactly and rounded once to FLOAT32; FLOAT16 lanes are added and halved in
// FLOAT32 the same way. NaN lanes made canonical. Integers run the golden kernel.

#include "dmlref/core/float16.hpp"
#include "dmlref/core/isa.hpp"
#include "dmlref/ops/mean.hpp"
#include "dmlref/simd/float_lanes.hpp"
#include "dmlref/simd/kernel.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

namespace detail_mean {
struct in_double_lanes {
  static floats apply(const ops::mean&, floats a, floats b) noexcept {
    return detail_float_lanes::in_doubles(a, b, [](doubles x, doubles y) { return (x + y) * doubles(0.5); });
  }
};
struct in_float_lanes {
  static floats apply(const ops::mean&, floats a, floats b) noexcept { return (a + b) * floats(0.5f); }
};
}  // namespace detail_mean

template <>
struct kernel<ops::mean, float, float, float> : detail_float_lanes::binary_kernel<detail_mean::in_double_lanes, float> {};
template <>
struct kernel<ops::mean, float16, float16, float16>
    : detail_float_lanes::binary_kernel<detail_mean::in_float_lanes, float16> {};

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
