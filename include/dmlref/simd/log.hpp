#pragma once
// ELEMENT_WISE_LOG in vector lanes (contract: ops/log.hpp). Budget: 2 ULP FLOAT32, 1 ULP
// FLOAT16 from golden; the sweeps of every input measured 1 (docs/reliability.md).
//
// How: g = x, or fma(x, Scale, Bias) with one rounding (simd/pow.hpp's scaled); then
// ln g = ln 2 log2 g (simd/exp2_log2.hpp). FLOAT32 results in double lanes: log2_of_float is
// within 2^-37 of log2 g relatively (relatively also near g = 1, where its reduction is the
// identity), the product with ln 2 adds 2^-52: rounded once to FLOAT32, within 0.5 + 2^-12
// ULP of the exact ln g. FLOAT16 results in float lanes: log2_of_normal within 2^-21, the
// product 2^-23: within 0.5 + 2^-8 ULP of FLOAT16.
// Lanes whose g is not a positive normal float (zero, subnormal, negative, Inf, NaN) take
// the golden formula: C's special values hold exactly, NaN is golden's canonical one, and a
// subnormal g is not flushed by a denormals-are-zero mode.

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "dmlref/core/data_type.hpp"
#include "dmlref/core/isa.hpp"
#include "dmlref/ops/log.hpp"
#include "dmlref/simd/exp2_log2.hpp"
#include "dmlref/simd/kernel.hpp"
#include "dmlref/simd/lanes.hpp"
#include "dmlref/simd/pow.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

template <class T>
struct kernel<ops::log, T, T> {
  static constexpr bool available = is_float_element_v<T>;
  static constexpr std::size_t step = width;
  static constexpr bool paired = std::is_same_v<T, float16>;

  template <class Source>
  DMLREF_DETAIL_ALWAYS_INLINE static void block(const ops::log& op, T* out, std::size_t i, Source in) {
    const floats g = detail_pow::scaled(load_floats(in, i), op.scale_and_bias);
    // Not a positive normal: the bits, sign included, outside [0x00800000, 0x7F7FFFFF].
    const auto special = detail_pow::as_float_mask(detail_pow::bits_of(g) - uint32s(0x00800000u) >= uint32s(0x7F000000u));
    const floats x = simd::select(special, floats(1.0f), g);
    floats y;
    if constexpr (std::is_same_v<T, float>) {
      doubles low, high;
      widen(x, low, high);
      const doubles ln2(0x1.62e42fefa39efp-1);
      y = narrow(log2_of_float(low) * ln2, log2_of_float(high) * ln2);
    } else {
      y = log2_of_normal(x) * floats(0x1.62e430p-1f);
    }
    detail_pow::store_patched(out, i, y, special, [&](std::size_t k) { return op(detail_pow::element(in, i, k)); });
  }
};

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
