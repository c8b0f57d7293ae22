#pragma once
// ACTIVATION_SIGMOID in vector lanes (contract: ops/activation_sigmoid.hpp). Budget: 2 ULP
// FLOAT32, 1 ULP FLOAT16 from golden; the sweeps measured 1 (docs/reliability.md).
//
// How, in double lanes for both output types (no float division, which -ffast-math may turn
// into an approximate reciprocal): 1 / (1 + E), E = 2^(-x log2 e) (simd/exp2_log2.hpp, within
// 2^-44 + 2^-28 relatively; 2^256 or 0 beyond +-256, where the result is 0 or 1 in FLOAT32
// either way). The relative error of 1 + E is below that of E, so the result is within
// 2^-27.9 relatively: rounded once to FLOAT32, within 0.5 + 2^-4 ULP; to FLOAT16 through
// FLOAT32, within 0.5 + 2^-12 + 2^-13 ULP. Lanes whose x is Inf or NaN take the golden formula.

#include <cstddef>
#include <type_traits>

#include "dmlref/core/data_type.hpp"
#include "dmlref/core/isa.hpp"
#include "dmlref/ops/activation_sigmoid.hpp"
#include "dmlref/simd/activation_lanes.hpp"
#include "dmlref/simd/exp2_log2.hpp"
#include "dmlref/simd/kernel.hpp"
#include "dmlref/simd/lanes.hpp"
#include "dmlref/simd/pow.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

template <class T>
struct kernel<ops::activation_sigmoid, T, T>
    : activation_lanes<kernel<ops::activation_sigmoid, T, T>, ops::activation_sigmoid, T> {
  /// The FLOAT32 lanes of the finite elements (simd/activation_lanes.hpp).
  DMLREF_DETAIL_ALWAYS_INLINE static floats lanes(const ops::activation_sigmoid&, floats, doubles low,
                                                  doubles high) noexcept {
    const doubles minus_log2e(-0x1.71547652b82fep+0);
    const auto sigmoid = [&](doubles v) { return doubles(1.0) / (doubles(1.0) + exp2_for_float(v * minus_log2e)); };
    return narrow(sigmoid(low), sigmoid(high));
  }
};

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
