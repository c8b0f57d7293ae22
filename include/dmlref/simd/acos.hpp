#pragma once
// ELEMENT_WISE_ACOS in vector lanes (contract: ops/acos.hpp). Budget: 2 ULP FLOAT32, 1 ULP
// FLOAT16 from golden (docs/reliability.md has what the sweeps measured).
//
// How, in double lanes for both output types (g = x, or fma(x, Scale, Bias) with one
// rounding): phi = atan(sqrt(1 - g^2) / |g|) (simd/atan.hpp's atan, within 2^-48; at g = +-0
// the quotient is +Inf and phi = pi/2), acos g = phi for g >= 0, pi - phi (>= pi/2) for
// g < 0. Within a few 2^-48 relatively: rounded to FLOAT32 within 0.5 + 2^-24 ULP, to
// FLOAT16 through FLOAT32 within 0.5 + 2^-12 ULP. Lanes with |g| > 1 (Inf included) or NaN
// take the golden formula.

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "dmlref/core/data_type.hpp"
#include "dmlref/core/isa.hpp"
#include "dmlref/ops/acos.hpp"
#include "dmlref/simd/asin.hpp"
#include "dmlref/simd/atan.hpp"
#include "dmlref/simd/kernel.hpp"
#include "dmlref/simd/lanes.hpp"
#include "dmlref/simd/pow.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

template <class T>
struct kernel<ops::acos, T, T> {
  static constexpr bool available = is_float_element_v<T>;
  static constexpr std::size_t step = width;
  static constexpr bool paired = false;

  template <class Source>
  DMLREF_DETAIL_ALWAYS_INLINE static void block(const ops::acos& op, T* out, std::size_t i, Source in) {
    const floats g = detail_pow::scaled(load_floats(in, i), op.scale_and_bias);
    const auto special = detail_pow::magnitude_at_least(g, 0x3F800001u);  // |g| > 1, Inf, NaN
    const floats x = simd::select(special, floats(0.0f), g);
    const auto angle = [](doubles v) {
      const doubles a = xsimd::abs(v);
      const doubles phi = detail_atan::atan_magnitude(detail_asin::cosine_of_arcsine(a) / a);
      // g = -0 gives pi/2 either way.
      return simd::select(v < doubles(0.0), doubles(0x1.921fb54442d18p+1) - phi, phi);  // pi
    };
    doubles low, high;
    widen(x, low, high);
    const floats y = narrow(angle(low), angle(high));
    detail_pow::store_patched(out, i, y, special, [&](std::size_t k) { return op(detail_pow::element(in, i, k)); });
  }
};

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
