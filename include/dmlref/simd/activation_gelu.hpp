#pragma once
// ACTIVATION_GELU in vector lanes (contract: ops/activation_gelu.hpp). Budget: 2 ULP FLOAT32,
// 1 ULP FLOAT16 from golden.
//
// How, in double lanes for both output types: y = x V with V = Phi(x), from a = |x| (clamped
// to 16, where Phi(-a) < 2^-190 and every result is x or -0 in either format) and t = a^2/2
// (exact in double):
//   a < 2:   Phi(+-a) = 1/2 +- c a E(t), c = 1/sqrt(2 pi), E = simd/erf.hpp's alternating
//            series (n <= 17): its omitted tail is below 2^18 / (18! 37) < 2^-39.7 and Horner's
//            roundings below 2^-48.8, so c a E is within 2^-39 absolutely; V >= 1/2 for x > 0
//            (2^-38 relatively) and V >= Phi(-2) > 2^-5.5 for x < 0 (2^-33.5 relatively).
//   a >= 2:  Phi(-a) = c e^-t R(a), R(a) = 1/(a + 1/(a + 2/(a + ... 40/a))), Laplace's continued
//            fraction for Mills' ratio cut after 40 levels and evaluated from the bottom:
//            consecutive convergents enclose R, and the cut one lies within 2^-31.8 of R
//            relatively at a = 2 (measured at high precision on a grid of [2, 16]; the fraction
//            converges faster as a grows); the bottom-up evaluation damps each division's
//            rounding (< 40 2^-52 in all). e^-t = 2^(-t log2 e) (simd/exp2_log2.hpp, 2^-28
//            relatively; t log2 e below 185, its rounding adds 2^-45). So Phi(-a) is within
//            2^-27.9 relatively; V = Phi(-a) for x < 0, V = 1 - Phi(-a) for x > 0 (Phi(-a) <=
//            Phi(-2) < 2^-5.4, so within 2^-33.2).
// y = x V (x < 0: -(a V), so a clamped a gives a result that rounds to -0) adds 2^-53: within
// 2^-27.8 relatively. Rounded once to FLOAT32 that is within 0.5 + 2^-3.8 ULP (subnormal results
// included: their unit is larger); to FLOAT16 through FLOAT32 within 0.5 + 2^-13 + 2^-16.8 ULP.
// Lanes whose x is Inf or NaN take the golden formula.

#include <cstddef>
#include <type_traits>

#include "dmlref/core/data_type.hpp"
#include "dmlref/core/isa.hpp"
#include "dmlref/ops/activation_gelu.hpp"
#include "dmlref/simd/activation_lanes.hpp"
#include "dmlref/simd/erf.hpp"
#include "dmlref/simd/exp2_log2.hpp"
#include "dmlref/simd/kernel.hpp"
#include "dmlref/simd/lanes.hpp"
#include "dmlref/simd/pow.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

namespace detail_activation_gelu {

/// x Phi(x) in double lanes, x finite (see the top of this file).
inline doubles gelu_lanes(doubles x) noexcept {
  const doubles c(0x1.9884533d43651p-2);  // 1/sqrt(2 pi)
  const doubles a = xsimd::min(xsimd::abs(x), doubles(16.0));
  const doubles t = a * a * doubles(0.5);
  const doubles u = c * a * detail_erf::alternating_series(t);
  // The continued fraction on b = max(a, 2), so that no lane divides by 0.
  const doubles b = xsimd::max(a, doubles(2.0));
  doubles r = b;
  for (int k = 40; k >= 1; --k) r = b + doubles(static_cast<double>(k)) / r;
  const doubles tail = c * exp2_for_float(b * b * doubles(-0x1.71547652b82fep-1)) / r;  // -log2(e)/2
  const auto negative = x < doubles(0.0);
  const doubles small = simd::select(negative, doubles(0.5) - u, doubles(0.5) + u);
  const doubles large = simd::select(negative, tail, doubles(1.0) - tail);
  const doubles v = simd::select(a < doubles(2.0), small, large);
  return simd::select(negative, -(a * v), x * v);
}

}  // namespace detail_activation_gelu

template <class T>
struct kernel<ops::activation_gelu, T, T>
    : activation_lanes<kernel<ops::activation_gelu, T, T>, ops::activation_gelu, T> {
  /// The FLOAT32 lanes of the finite elements (simd/activation_lanes.hpp).
  DMLREF_DETAIL_ALWAYS_INLINE static floats lanes(const ops::activation_gelu&, floats, doubles low,
                                                  doubles high) noexcept {
    return narrow(detail_activation_gelu::gelu_lanes(low), detail_activation_gelu::gelu_lanes(high));
  }
};

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
