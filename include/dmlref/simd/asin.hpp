#pragma once
// ELEMENT_WISE_ASIN in vector lanes (contract: ops/asin.hpp). Budget: 2 ULP FLOAT32, 1 ULP
// FLOAT16 from golden (docs/reliability.md has what the sweeps measured).
//
// How, in double lanes for both output types (g = x, or fma(x, Scale, Bias) with one
// rounding): asin|g| = atan(|g| / sqrt(1 - g^2)) (simd/atan.hpp's atan in double lanes, within
// 2^-48; at |g| = 1 the quotient is +Inf and atan gives pi/2). 1 - g^2 (g^2 exact), the root
// and the quotient round once each: within a few 2^-53 more, which atan passes on at most
// relatively. Rounded to FLOAT32 within 0.5 + 2^-24 ULP, to FLOAT16 through FLOAT32 within
// 0.5 + 2^-12 ULP. Lanes with |g| > 1 (Inf included) or NaN take the golden formula.

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "dmlref/core/data_type.hpp"
#include "dmlref/core/isa.hpp"
#include "dmlref/ops/asin.hpp"
#include "dmlref/simd/atan.hpp"
#include "dmlref/simd/kernel.hpp"
#include "dmlref/simd/lanes.hpp"
#include "dmlref/simd/pow.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

namespace detail_asin {

/// sqrt(1 - a^2) for 0 <= a <= 1 in double lanes.
inline doubles cosine_of_arcsine(doubles a) noexcept { return xsimd::sqrt(doubles(1.0) - a * a); }

inline doubles asin_magnitude(doubles a) noexcept {
  return detail_atan::atan_magnitude(a / cosine_of_arcsine(a));
}

}  // namespace detail_asin

template <class T>
struct kernel<ops::asin, T, T> {
  static constexpr bool available = is_float_element_v<T>;
  static constexpr std::size_t step = width;
  static constexpr bool paired = false;

  template <class Source>
  DMLREF_DETAIL_ALWAYS_INLINE static void block(const ops::asin& op, T* out, std::size_t i, Source in) {
    const floats g = detail_pow::scaled(load_floats(in, i), op.scale_and_bias);
    const auto special = detail_pow::magnitude_at_least(g, 0x3F800001u);  // |g| > 1, Inf, NaN
    const floats x = simd::select(special, floats(0.0f), g);
    doubles low, high;
    widen(xsimd::abs(x), low, high);
    const floats magnitude = narrow(detail_asin::asin_magnitude(low), detail_asin::asin_magnitude(high));
    const uint32s sign = detail_pow::bits_of(x) & uint32s(0x80000000u);
    const floats y = xsimd::bitwise_cast<floats>(detail_pow::bits_of(magnitude) | sign);
    detail_pow::store_patched(out, i, y, special, [&](std::size_t k) { return op(detail_pow::element(in, i, k)); });
  }
};

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
