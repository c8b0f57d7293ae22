#pragma once
// The shape shared by the hyperbolic kernels (simd/sinh_cosh.hpp, simd/asinh.hpp,
// simd/acosh.hpp, simd/atanh.hpp): g = x, or fma(x, Scale, Bias) with one rounding
// (simd/pow.hpp's scaled); f computed in double lanes for both output types (no float
// division, which -ffast-math may turn into an approximate reciprocal) on |g| (odd functions,
// then g's sign bit) or on g; the result rounded once to FLOAT32, and from there once to
// FLOAT16 (a FLOAT32 result within 0.5 + e ULP of the exact value is within 0.5 + 2^-13 + e
// 2^-13 ULP of it in FLOAT16). Lanes outside the kernel's domain (a mask the caller gives:
// Inf, NaN, out-of-range arguments) take the golden formula, so C's special values hold
// exactly and NaN is golden's canonical one.

#include <cstddef>
#include <cstdint>
#include <optional>

#include "dmlref/core/isa.hpp"
#include "dmlref/ops/scale_bias.hpp"
#include "dmlref/simd/kernel.hpp"
#include "dmlref/simd/lanes.hpp"
#include "dmlref/simd/pow.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {
namespace detail_hyperbolic {

/// One block of f(g) for a T output. Special(g) gives the lanes golden computes; Magnitude
/// maps double lanes (|g| for odd functions, g otherwise) to f's value.
template <bool Odd, class T, class Op, class Source, class Special, class Magnitude>
DMLREF_DETAIL_ALWAYS_INLINE void block(const Op& op, const std::optional<scale_bias>& sb, T* out, std::size_t i,
                                       Source in, Special special_of, Magnitude f) {
  const floats g = detail_pow::scaled(load_floats(in, i), sb);
  const auto special = special_of(g);
  const floats x = simd::select(special, floats(Odd ? 0.0f : 1.0f), g);
  floats y;
  if constexpr (Odd) {
    const floats a = xsimd::bitwise_cast<floats>(detail_pow::bits_of(x) & uint32s(0x7FFFFFFFu));
    doubles low, high;
    widen(a, low, high);
    const floats magnitude = narrow(f(low), f(high));
    const uint32s sign = detail_pow::bits_of(x) & uint32s(0x80000000u);
    y = xsimd::bitwise_cast<floats>(detail_pow::bits_of(magnitude) | sign);
  } else {
    doubles low, high;
    widen(x, low, high);
    y = narrow(f(low), f(high));
  }
  detail_pow::store_patched(out, i, y, special, [&](std::size_t k) { return op(detail_pow::element(in, i, k)); });
}

}  // namespace detail_hyperbolic
}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
