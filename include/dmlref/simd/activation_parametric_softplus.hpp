#pragma once
// ACTIVATION_PARAMETRIC_SOFTPLUS in vector lanes (contract:
// ops/activation_parametric_softplus.hpp). Budget: 2 ULP FLOAT32, 1 ULP FLOAT16 from golden.
//
// How, in double lanes for both output types: t = Beta x (exact in double), then Alpha times
// ACTIVATION_SOFTPLUS's softplus_lanes(t) (within 2^-27.9 relatively) and 2^-53 for the
// product: rounded once to FLOAT32 within 0.5 + 2^-3.9 ULP, to FLOAT16 through FLOAT32 within
// 0.5 + 2^-12 + 2^-13 ULP. softplus_lanes gives 0 below t = -177 (2^-256), where the exact
// result is below |Alpha| 2^-256: that is below half the smallest subnormal for |Alpha| <= 2^64,
// so larger Alphas, and Alpha or Beta not finite, run golden (accepts). Lanes whose x is Inf or
// NaN take the golden formula.

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "dmlref/core/data_type.hpp"
#include "dmlref/core/isa.hpp"
#include "dmlref/ops/activation_parametric_softplus.hpp"
#include "dmlref/simd/activation_lanes.hpp"
#include "dmlref/simd/activation_softplus.hpp"
#include "dmlref/simd/kernel.hpp"
#include "dmlref/simd/lanes.hpp"
#include "dmlref/simd/pow.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

template <class T>
struct kernel<ops::activation_parametric_softplus, T, T>
    : activation_lanes<kernel<ops::activation_parametric_softplus, T, T>, ops::activation_parametric_softplus, T> {
  static bool accepts(const ops::activation_parametric_softplus& op) noexcept {
    std::uint32_t a;
    std::memcpy(&a, &op.alpha, 4);
    return (a & 0x7FFFFFFFu) <= 0x5F800000u && finite_attribute(op.beta);  // |Alpha| <= 2^64
  }

  /// The FLOAT32 lanes of the finite elements (simd/activation_lanes.hpp).
  DMLREF_DETAIL_ALWAYS_INLINE static floats lanes(const ops::activation_parametric_softplus& op, floats, doubles low,
                                                  doubles high) noexcept {
    const doubles alpha(static_cast<double>(op.alpha)), beta(static_cast<double>(op.beta));
    const auto softplus = [&](doubles v) { return alpha * detail_activation_softplus::softplus_lanes(v * beta); };
    return narrow(softplus(low), softplus(high));
  }
};

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
