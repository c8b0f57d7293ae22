#pragma once
// ELEMENT_WISE_ASINH in vector lanes (contract: ops/asinh.hpp). Budget: 2 ULP FLOAT32, 1 ULP
// FLOAT16 from golden (docs/reliability.md records what the sweeps measured).
//
// How, in double lanes (simd/hyperbolic_lanes.hpp), a = |g|:
//   a < 1/8:  a (1 - z/6 + 3z^2/40 - 5z^3/112 + 35z^4/1152), z = a^2; the omitted tail is
//             below 63/2816 z^5 < 2^-35 relatively.
//   a >= 1/8: ln 2 log2(w), w = a + sqrt(a^2 + 1) within 2^-51.9 relatively (a^2 never
//             overflows a double), log2 by simd/exp2_log2.hpp's log2_of_float, whose reduction
//             reads any positive normal double's exponent and top bits: within 2^-37 of
//             log2(1 + r) plus 2^-52 of the octave and table terms. asinh a >= 0.124, so the
//             result is within 2^-34 relatively.
// Rounded once to FLOAT32: within 0.5 + 2^-10 ULP; to FLOAT16 through FLOAT32: within
// 0.5 + 2^-12 ULP. Lanes whose g is Inf or NaN take the golden formula.

#include <cstddef>
#include <type_traits>

#include "dmlref/core/data_type.hpp"
#include "dmlref/core/isa.hpp"
#include "dmlref/ops/asinh.hpp"
#include "dmlref/simd/exp2_log2.hpp"
#include "dmlref/simd/hyperbolic_lanes.hpp"
#include "dmlref/simd/kernel.hpp"
#include "dmlref/simd/pow.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

namespace detail_asinh {

inline doubles asinh_magnitude(doubles a) noexcept {
  const doubles z = a * a;
  doubles p(0x1.f1c71c71c71c7p-6);                    // 35/1152
  p = mul_add(p, z, doubles(-0x1.6db6db6db6db7p-5));  // -5/112
  p = mul_add(p, z, doubles(0x1.3333333333333p-4));   // 3/40
  p = mul_add(p, z, doubles(-0x1.5555555555555p-3));  // -1/6
  const doubles small = mul_add(a * z, p, a);
  const doubles w = a + xsimd::sqrt(mul_add(a, a, doubles(1.0)));
  const doubles large = log2_of_float(w) * doubles(0x1.62e42fefa39efp-1);
  return simd::select(a < doubles(0.125), small, large);
}

}  // namespace detail_asinh

template <class T>
struct kernel<ops::asinh, T, T> {
  static constexpr bool available = is_float_element_v<T>;
  static constexpr std::size_t step = width;
  static constexpr bool paired = std::is_same_v<T, float16>;

  template <class Source>
  DMLREF_DETAIL_ALWAYS_INLINE static void block(const ops::asinh& op, T* out, std::size_t i, Source in) {
    detail_hyperbolic::block<true, T>(
        op, op.scale_and_bias, out, i, in, [](floats g) { return detail_pow::magnitude_at_least(g, 0x7F800000u); },
        detail_asinh::asinh_magnitude);
  }
};

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
