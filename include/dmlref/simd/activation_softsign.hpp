#pragma once
// ACTIVATION_SOFTSIGN in vector lanes (contract: ops/activation_softsign.hpp): x / (1 + |x|) in
// double lanes (two roundings to 53 bits), +-Inf giving +-1, then rounded to the output type;
// within 1 ULP. NaN lanes made canonical.

#include <limits>

#include "dmlref/core/float16.hpp"
#include "dmlref/core/isa.hpp"
#include "dmlref/ops/activation_softsign.hpp"
#include "dmlref/simd/float_lanes.hpp"
#include "dmlref/simd/kernel.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

namespace detail_activation_softsign {
struct in_double_lanes {
  static bool accepts(const ops::activation_softsign&) noexcept { return true; }
  static floats apply(const ops::activation_softsign&, floats x) noexcept {
    return detail_float_lanes::in_doubles(x, [](doubles v) {
      const doubles magnitude = xsimd::abs(v);
      const doubles q = v / (doubles(1.0) + magnitude);
      const doubles unit = simd::select(v > doubles(0.0), doubles(1.0), doubles(-1.0));
      return simd::select(magnitude == doubles(std::numeric_limits<double>::infinity()), unit, q);
    });
  }
};
}  // namespace detail_activation_softsign

template <>
struct kernel<ops::activation_softsign, float, float>
    : detail_float_lanes::unary_kernel<detail_activation_softsign::in_double_lanes, float> {};
template <>
struct kernel<ops::activation_softsign, float16, float16>
    : detail_float_lanes::unary_kernel<detail_activation_softsign::in_double_lanes, float16> {};

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
