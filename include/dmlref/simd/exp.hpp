#pragma once
// ELEMENT_WISE_EXP in vector lanes (contract: ops/exp.hpp). Budget: 2 ULP FLOAT32, 1 ULP
// FLOAT16 from golden; the sweeps of every input measured 1 (docs/reliability.md).
//
// How: g = x, or fma(x, Scale, Bias) with one rounding (simd/pow.hpp's scaled); then
// e^g = 2^(g log2 e) (simd/exp2_log2.hpp). FLOAT32 results in double lanes: t = g log2 e is
// within 2^-52 |t| of the exact product (|t| <= 256 where the result is finite), so 2^t is
// within 2^-44 relatively, and exp2_for_float adds 2^-28: rounded once to FLOAT32, within
// 0.5 + 2^-4 ULP of the exact e^g. FLOAT16 results in float lanes: t within 2^-23 |t|
// (|t| <= 64), 2^t within 2^-17, exp2_for_half adds 2^-21: within 0.5 + 2^-6 ULP of FLOAT16.
// Lanes whose g is Inf or NaN take the golden formula, so C's special values hold exactly
// and NaN is golden's canonical one.

#include <cstddef>
#include <type_traits>

#include "dmlref/core/data_type.hpp"
#include "dmlref/core/isa.hpp"
#include "dmlref/ops/exp.hpp"
#include "dmlref/simd/exp2_log2.hpp"
#include "dmlref/simd/kernel.hpp"
#include "dmlref/simd/lanes.hpp"
#include "dmlref/simd/pow.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

template <class T>
struct kernel<ops::exp, T, T> {
  static constexpr bool available = is_float_element_v<T>;
  static constexpr std::size_t step = width;
  static constexpr bool paired = std::is_same_v<T, float16>;

  template <class Source>
  DMLREF_DETAIL_ALWAYS_INLINE static void block(const ops::exp& op, T* out, std::size_t i, Source in) {
    const floats g = detail_pow::scaled(load_floats(in, i), op.scale_and_bias);
    const auto special = detail_pow::magnitude_at_least(g, 0x7F800000u);  // Inf, NaN
    const floats x = simd::select(special, floats(0.0f), g);
    floats y;
    if constexpr (std::is_same_v<T, float>) {
      doubles low, high;
      widen(x, low, high);
      const doubles log2e(0x1.71547652b82fep+0);
      y = narrow(exp2_for_float(low * log2e), exp2_for_float(high * log2e));
    } else {
      y = exp2_for_half(x * floats(0x1.715476p+0f));
    }
    detail_pow::store_patched(out, i, y, special, [&](std::size_t k) { return op(detail_pow::element(in, i, k)); });
  }
};

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
