#pragma once
// ACTIVATION_SCALED_ELU in vector lanes (contract: ops/activation_scaled_elu.hpp). Budget:
// 2 ULP FLOAT32, 1 ULP FLOAT16 from golden.
//
// How, in double lanes for both output types: Gamma x for x > 0 (the product exact in
// double), Gamma (+0) for x = +-0, and Gamma Alpha (e^x - 1) for x < 0, with Gamma Alpha exact
// in double and e^x - 1 from ACTIVATION_ELU's expm1_lanes (within 2^-24.9 relatively): rounded
// once to FLOAT32 within 0.5 + 2^-0.9 ULP, to FLOAT16 through FLOAT32 within 0.5 + 2^-12 +
// 2^-13 ULP. Lanes whose x is Inf or NaN take the golden formula; Alpha or Gamma not finite,
// or Alpha zero (whose zeros' signs golden takes from Gamma alone), run golden (accepts).

#include <cstddef>
#include <type_traits>

#include "dmlref/core/data_type.hpp"
#include "dmlref/core/isa.hpp"
#include "dmlref/ops/activation_scaled_elu.hpp"
#include "dmlref/simd/activation_elu.hpp"
#include "dmlref/simd/activation_lanes.hpp"
#include "dmlref/simd/kernel.hpp"
#include "dmlref/simd/lanes.hpp"
#include "dmlref/simd/pow.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

template <class T>
struct kernel<ops::activation_scaled_elu, T, T>
    : activation_lanes<kernel<ops::activation_scaled_elu, T, T>, ops::activation_scaled_elu, T> {
  static bool accepts(const ops::activation_scaled_elu& op) noexcept {
    return finite_attribute(op.alpha) && finite_attribute(op.gamma) && op.alpha != 0.0f;
  }

  /// The FLOAT32 lanes of the finite elements (simd/activation_lanes.hpp).
  DMLREF_DETAIL_ALWAYS_INLINE static floats lanes(const ops::activation_scaled_elu& op, floats, doubles low,
                                                  doubles high) noexcept {
    const doubles gamma(static_cast<double>(op.gamma));
    const doubles scale = gamma * doubles(static_cast<double>(op.alpha));
    const doubles zero = gamma * doubles(0.0);
    const auto selu = [&](doubles v) {
      const doubles negative = scale * detail_activation_elu::expm1_lanes(v);
      return simd::select(v > doubles(0.0), gamma * v, simd::select(v < doubles(0.0), negative, zero));
    };
    return narrow(selu(low), selu(high));
  }
};

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
