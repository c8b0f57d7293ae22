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
#include "dmlref/ops/activation_sigmoid.hpp"
#include "dmlref/simd/exp2_log2.hpp"
#include "dmlref/simd/kernel.hpp"
#include "dmlref/simd/lanes.hpp"
#include "dmlref/simd/pow.hpp"

namespace dmlref::simd {

template <class T>
struct kernel<ops::activation_sigmoid, T, T> {
  static constexpr bool available = is_float_element_v<T>;
  static constexpr std::size_t step = width;
  static constexpr bool paired = std::is_same_v<T, float16>;

  template <class Source>
  DMLREF_DETAIL_ALWAYS_INLINE static void block(const ops::activation_sigmoid& op, T* out, std::size_t i, Source in) {
    const floats g = load_floats(in, i);
    const auto special = detail_pow::magnitude_at_least(g, 0x7F800000u);  // Inf, NaN
    const floats x = xsimd::select(special, floats(0.0f), g);
    doubles low, high;
    widen(x, low, high);
    const doubles minus_log2e(-0x1.71547652b82fep+0);
    const auto sigmoid = [&](doubles v) { return doubles(1.0) / (doubles(1.0) + exp2_for_float(v * minus_log2e)); };
    const floats y = narrow(sigmoid(low), sigmoid(high));
    detail_pow::store_patched(out, i, y, special, [&](std::size_t k) { return op(detail_pow::element(in, i, k)); });
  }
};

}  // namespace dmlref::simd
