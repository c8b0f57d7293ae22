#pragma once
// ACTIVATION_SOFTPLUS in vector lanes (contract: ops/activation_softplus.hpp). Budget: 2 ULP
// FLOAT32, 1 ULP FLOAT16 from golden.
//
// How, in double lanes for both output types: t = Steepness x (exact in double), then
// ln(1 + e^t) = max(t, 0) + ln(1 + u), u = e^-|t| = 2^(-|t| log2 e) (simd/exp2_log2.hpp, within
// 2^-28 relatively; 0 beyond 177), and ln(1 + u) = 2 atanh(w), w = u / (2 + u) <= 1/3, by
// the odd series to w^19 (the omitted tail below w^20/21 < 2^-36 relatively). u's error
// moves ln(1 + u) by at most 2^-28 of it (u / ((1 + u) ln(1 + u)) <= 1), and the sum with
// t >= 0 by at most 2^-28 of the sum: within 2^-27.9 relatively, then times 1 / Steepness
// (2^-52). Rounded once to FLOAT32 within 0.5 + 2^-3.9 ULP; to FLOAT16 through FLOAT32 within
// 0.5 + 2^-12 + 2^-13 ULP. Lanes whose x is Inf or NaN take the golden formula; Steepness
// below 1 or not finite runs golden (accepts).

#include <cstddef>
#include <type_traits>

#include "dmlref/core/data_type.hpp"
#include "dmlref/core/isa.hpp"
#include "dmlref/ops/activation_softplus.hpp"
#include "dmlref/simd/activation_lanes.hpp"
#include "dmlref/simd/exp2_log2.hpp"
#include "dmlref/simd/kernel.hpp"
#include "dmlref/simd/lanes.hpp"
#include "dmlref/simd/pow.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

namespace detail_activation_softplus {

/// ln(1 + e^t) in double lanes, t finite (see the top of this file).
inline doubles softplus_lanes(doubles t) noexcept {
  const doubles u = exp2_for_float(xsimd::abs(t) * doubles(-0x1.71547652b82fep+0));
  const doubles w = u / (doubles(2.0) + u);
  const doubles z = w * w;
  doubles p(1.0 / 19.0);
  for (int k = 17; k >= 1; k -= 2) p = mul_add(p, z, doubles(1.0 / k));
  const doubles log1p = doubles(2.0) * w * p;
  return simd::select(t > doubles(0.0), t + log1p, log1p);
}

}  // namespace detail_activation_softplus

template <class T>
struct kernel<ops::activation_softplus, T, T>
    : activation_lanes<kernel<ops::activation_softplus, T, T>, ops::activation_softplus, T> {
  static bool accepts(const ops::activation_softplus& op) noexcept { return op.defined(0.0f); }

  /// The FLOAT32 lanes of the finite elements (simd/activation_lanes.hpp).
  DMLREF_DETAIL_ALWAYS_INLINE static floats lanes(const ops::activation_softplus& op, floats, doubles low,
                                                  doubles high) noexcept {
    const doubles steepness(static_cast<double>(op.steepness));
    const doubles inverse = doubles(1.0) / steepness;
    const auto softplus = [&](doubles v) {
      return detail_activation_softplus::softplus_lanes(v * steepness) * inverse;
    };
    return narrow(softplus(low), softplus(high));
  }
};

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
