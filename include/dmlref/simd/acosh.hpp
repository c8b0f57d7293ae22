#pragma once
// ELEMENT_WISE_ACOSH in vector lanes (contract: ops/acosh.hpp). Budget: 2 ULP FLOAT32, 1 ULP
// FLOAT16 from golden (docs/reliability.md records what the sweeps measured).
//
// How, in double lanes (simd/hyperbolic_lanes.hpp), for 1 <= g < Inf: ln 2 log2(w),
// w = g + sqrt(g^2 - 1): g^2 is exact in a double (48 bits), g^2 - 1 exact below g = 8 and
// rounded once above (no cancellation there), so w is within 2^-51.9 relatively, an error of
// at most 2^-51.4 in ln w. log2_of_float (simd/exp2_log2.hpp; its reduction reads any positive
// normal double) is relative on the interval holding 1 (w < 1.09: within 2^-37 of log2 w) and
// within 2^-37 relatively plus 2^-52 absolutely of the octave and table terms above; acosh g
// >= acosh(1 + 2^-23) > 2^-11.5, so the result is within 2^-36 relatively. acosh 1 = +0
// exactly (w = 1, log2 1 = +0). Rounded once to FLOAT32: within 0.5 + 2^-12 ULP; to FLOAT16
// through FLOAT32: within 0.5 + 2^-12 ULP. Lanes whose g is below 1 (negative and -0
// included), Inf or NaN take the golden formula.

#include <cstddef>
#include <type_traits>

#include "dmlref/core/data_type.hpp"
#include "dmlref/core/isa.hpp"
#include "dmlref/ops/acosh.hpp"
#include "dmlref/simd/exp2_log2.hpp"
#include "dmlref/simd/hyperbolic_lanes.hpp"
#include "dmlref/simd/kernel.hpp"
#include "dmlref/simd/pow.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

namespace detail_acosh {

inline doubles acosh_value(doubles g) noexcept {
  const doubles w = g + xsimd::sqrt(g * g - doubles(1.0));
  return log2_of_float(w) * doubles(0x1.62e42fefa39efp-1);
}

/// Lanes whose g is not in [1, Inf): the bits minus those of 1, unsigned, at least those of
/// Inf minus those of 1 (negative lanes wrap to large values).
inline detail_pow::float_mask outside_domain(floats g) noexcept {
  return detail_pow::as_float_mask(detail_pow::bits_of(g) - uint32s(0x3F800000u) >= uint32s(0x40000000u));
}

}  // namespace detail_acosh

template <class T>
struct kernel<ops::acosh, T, T> {
  static constexpr bool available = is_float_element_v<T>;
  static constexpr std::size_t step = width;
  static constexpr bool paired = std::is_same_v<T, float16>;

  template <class Source>
  DMLREF_DETAIL_ALWAYS_INLINE static void block(const ops::acosh& op, T* out, std::size_t i, Source in) {
    detail_hyperbolic::block<false, T>(op, op.scale_and_bias, out, i, in, detail_acosh::outside_domain,
                                       detail_acosh::acosh_value);
  }
};

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
