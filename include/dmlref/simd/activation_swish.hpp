#pragma once
// ACTIVATION_SWISH in vector lanes (contract: ops/activation_swish.hpp). Budget: 2 ULP
// FLOAT32, 1 ULP FLOAT16 from golden.
//
// How, in double lanes for both output types (no float division, which -ffast-math may turn
// into an approximate reciprocal): t = s x (exact in double: 48 bits), then x / (1 + E) with
// E = 2^(-t log2 e) (simd/exp2_log2.hpp: within 2^-28 relatively, and 2^-43 more from the
// products v (-s log2 e), while |t log2 e| <= 256). The relative error of 1 + E is below that of E
// and the quotient adds 2^-53: within 2^-27.9 relatively. Rounded once to FLOAT32: within
// 0.5 + 2^-3.9 ULP (below FLOAT32's normal range the error is smaller than a subnormal unit);
// to FLOAT16 through FLOAT32: within 0.5 + 2^-16.9 + 2^-13 ULP. Beyond |t log2 e| = 256,
// E is clamped to 2^256 or 0: the result x 2^-256 (with |x| < 2^64: below 2^-192, a zero of
// x's sign, as the exact one) or x (the exact one, x (1 - 2^-256), rounds to x). Lanes with
// |x| >= 2^64, Inf or NaN take the golden formula; s not finite runs golden (accepts).

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "dmlref/core/data_type.hpp"
#include "dmlref/core/isa.hpp"
#include "dmlref/ops/activation_swish.hpp"
#include "dmlref/simd/exp2_log2.hpp"
#include "dmlref/simd/kernel.hpp"
#include "dmlref/simd/lanes.hpp"
#include "dmlref/simd/pow.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

template <class T>
struct kernel<ops::activation_swish, T, T> {
  static constexpr bool available = is_float_element_v<T>;
  static constexpr std::size_t step = width;
  static constexpr bool paired = std::is_same_v<T, float16>;

  static bool accepts(const ops::activation_swish& op) noexcept {
    return finite_attribute(op.sigmoid_input_scale);
  }

  template <class Source>
  DMLREF_DETAIL_ALWAYS_INLINE static void block(const ops::activation_swish& op, T* out, std::size_t i, Source in) {
    const floats g = load_floats(in, i);
    const auto special = detail_pow::magnitude_at_least(g, 0x5F800000u);  // |x| >= 2^64, Inf, NaN
    const floats x = simd::select(special, floats(0.0f), g);
    doubles low, high;
    widen(x, low, high);
    const doubles minus_scale_log2e(-static_cast<double>(op.sigmoid_input_scale) * 0x1.71547652b82fep+0);
    const auto swish = [&](doubles v) {
      return v / (doubles(1.0) + exp2_for_float(v * minus_scale_log2e));
    };
    const floats y = narrow(swish(low), swish(high));
    detail_pow::store_patched(out, i, y, special, [&](std::size_t k) { return op(detail_pow::element(in, i, k)); });
  }
};

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
