#pragma once
// ELEMENT_WISE_ATANH in vector lanes (contract: ops/atanh.hpp). Budget: 2 ULP FLOAT32, 1 ULP
// FLOAT16 from golden (docs/reliability.md records what the sweeps measured).
//
// How, in double lanes (simd/hyperbolic_lanes.hpp), a = |g| < 1:
//   a < 1/8:  a (1 + z/3 + z^2/5 + z^3/7 + z^4/9), z = a^2; the omitted tail is below
//             z^5/(11 (1 - z)) < 2^-33 relatively.
//   a >= 1/8: ln 2 log2(r) / 2, r = (1 + a)/(1 - a) >= 1.28 (1 +- a exact in a double; the
//             quotient within 2^-53), log2 by simd/exp2_log2.hpp's log2_of_float (its
//             reduction reads any positive normal double): within 2^-37 relatively plus
//             2^-52 of the octave and table terms; atanh a >= 0.125, so the result is within
//             2^-35 relatively.
// Rounded once to FLOAT32: within 0.5 + 2^-9 ULP; to FLOAT16 through FLOAT32: within
// 0.5 + 2^-12 ULP. Lanes whose |g| is 1 or more (Inf included) or NaN take the golden
// formula.

#include <cstddef>
#include <type_traits>

#include "dmlref/core/data_type.hpp"
#include "dmlref/core/isa.hpp"
#include "dmlref/ops/atanh.hpp"
#include "dmlref/simd/exp2_log2.hpp"
#include "dmlref/simd/hyperbolic_lanes.hpp"
#include "dmlref/simd/kernel.hpp"
#include "dmlref/simd/pow.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

namespace detail_atanh {

inline doubles atanh_magnitude(doubles a) noexcept {
  const doubles z = a * a;
  doubles p(0x1.c71c71c71c71cp-4);                   // 1/9
  p = mul_add(p, z, doubles(0x1.2492492492492p-3));  // 1/7
  p = mul_add(p, z, doubles(0x1.999999999999ap-3));  // 1/5
  p = mul_add(p, z, doubles(0x1.5555555555555p-2));  // 1/3
  const doubles small = mul_add(a * z, p, a);
  const doubles r = (doubles(1.0) + a) / (doubles(1.0) - a);
  const doubles large = log2_of_float(r) * doubles(0x1.62e42fefa39efp-2);  // ln 2 / 2
  return simd::select(a < doubles(0.125), small, large);
}

}  // namespace detail_atanh

template <class T>
struct kernel<ops::atanh, T, T> {
  static constexpr bool available = is_float_element_v<T>;
  static constexpr std::size_t step = width;
  static constexpr bool paired = std::is_same_v<T, float16>;

  template <class Source>
  DMLREF_DETAIL_ALWAYS_INLINE static void block(const ops::atanh& op, T* out, std::size_t i, Source in) {
    detail_hyperbolic::block<true, T>(
        op, op.scale_and_bias, out, i, in, [](floats g) { return detail_pow::magnitude_at_least(g, 0x3F800000u); },
        detail_atanh::atanh_magnitude);
  }
};

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
