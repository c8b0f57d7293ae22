#pragma once
// ELEMENT_WISE_ATAN in vector lanes (contract: ops/atan.hpp). Budget: 2 ULP FLOAT32, 1 ULP
// FLOAT16 from golden (docs/reliability.md has what the sweeps measured).
//
// How, in double lanes for both output types (g = x, or fma(x, Scale, Bias) with one
// rounding): u = |g| or 1/|g| (above 1: atan|g| = pi/2 - atan(1/|g|)), then twice
// u' = u / (1 + sqrt(1 + u^2)) (atan u = 2 atan u'), leaving |t| <= tan(pi/16) < 0.199, and
// atan t by its Taylor polynomial to t^17 (the omitted terms are below t^19/19 < 2^-48 of
// t). Each step rounds once in double: within 2^-48 relatively in all, rounded to FLOAT32
// within 0.5 + 2^-24 ULP, to FLOAT16 through FLOAT32 within 0.5 + 2^-12 ULP. Lanes whose g is
// Inf or NaN take the golden formula (C's special values, golden's canonical NaN).

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "dmlref/core/data_type.hpp"
#include "dmlref/core/isa.hpp"
#include "dmlref/ops/atan.hpp"
#include "dmlref/simd/kernel.hpp"
#include "dmlref/simd/lanes.hpp"
#include "dmlref/simd/pow.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

namespace detail_atan {

/// atan u for 0 <= u <= 1, in double lanes.
inline doubles atan_unit(doubles u) noexcept {
  const doubles one(1.0);
  const doubles u1 = u / (one + xsimd::sqrt(mul_add(u, u, one)));
  const doubles t = u1 / (one + xsimd::sqrt(mul_add(u1, u1, one)));
  const doubles z = t * t;
  doubles p(1.0 / 17);
  p = mul_add(p, z, doubles(-1.0 / 15));
  p = mul_add(p, z, doubles(1.0 / 13));
  p = mul_add(p, z, doubles(-1.0 / 11));
  p = mul_add(p, z, doubles(1.0 / 9));
  p = mul_add(p, z, doubles(-1.0 / 7));
  p = mul_add(p, z, doubles(1.0 / 5));
  p = mul_add(p, z, doubles(-1.0 / 3));
  return doubles(4.0) * mul_add(t * z, p, t);
}

/// atan a for a >= 0 (finite), in double lanes.
inline doubles atan_magnitude(doubles a) noexcept {
  const auto above = a > doubles(1.0);
  const doubles u = simd::select(above, doubles(1.0) / a, a);
  const doubles r = atan_unit(u);
  return simd::select(above, doubles(0x1.921fb54442d18p+0) - r, r);  // pi/2
}

}  // namespace detail_atan

template <class T>
struct kernel<ops::atan, T, T> {
  static constexpr bool available = is_float_element_v<T>;
  static constexpr std::size_t step = width;
  static constexpr bool paired = false;

  template <class Source>
  DMLREF_DETAIL_ALWAYS_INLINE static void block(const ops::atan& op, T* out, std::size_t i, Source in) {
    const floats g = detail_pow::scaled(load_floats(in, i), op.scale_and_bias);
    const auto special = detail_pow::magnitude_at_least(g, 0x7F800000u);  // Inf, NaN
    const floats x = simd::select(special, floats(0.0f), g);
    doubles low, high;
    widen(xsimd::abs(x), low, high);
    const floats magnitude = narrow(detail_atan::atan_magnitude(low), detail_atan::atan_magnitude(high));
    const uint32s sign = detail_pow::bits_of(x) & uint32s(0x80000000u);
    const floats y = xsimd::bitwise_cast<floats>(detail_pow::bits_of(magnitude) | sign);
    detail_pow::store_patched(out, i, y, special, [&](std::size_t k) { return op(detail_pow::element(in, i, k)); });
  }
};

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
