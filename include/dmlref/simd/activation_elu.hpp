#pragma once
// ACTIVATION_ELU in vector lanes (contract: ops/activation_elu.hpp). Budget: 2 ULP FLOAT32,
// 1 ULP FLOAT16 from golden.
//
// How, in double lanes for both output types: x for x >= 0 (-0 kept), else Alpha (e^x - 1)
// with e^x - 1 from expm1_lanes:
//   |v| < 1/8:  v + v^2 (1/2 + v/6 + ... + v^5/7!), Taylor's polynomial: the omitted tail is
//               below |v|^8/8! < 2^-36 |v|, 2^-36 relatively;
//   |v| >= 1/8: 2^(v log2 e) - 1 (simd/exp2_log2.hpp, within 2^-28 relatively): the error,
//               at most 2^-28 e^v, is within 2^-28 e^v / |e^v - 1| <= 2^-24.9 of the result.
// Alpha's product adds 2^-53. Rounded once to FLOAT32: within 0.5 + 2^-0.9 ULP; to FLOAT16
// through FLOAT32: within 0.5 + 2^-12 + 2^-13 ULP. Lanes whose x is Inf or NaN take the golden
// formula; a non-finite Alpha runs golden (accepts).

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "dmlref/core/data_type.hpp"
#include "dmlref/core/isa.hpp"
#include "dmlref/ops/activation_elu.hpp"
#include "dmlref/simd/activation_lanes.hpp"
#include "dmlref/simd/exp2_log2.hpp"
#include "dmlref/simd/kernel.hpp"
#include "dmlref/simd/lanes.hpp"
#include "dmlref/simd/pow.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

namespace detail_activation_elu {

/// e^v - 1 in double lanes for v finite (see the top of this file; within 2^-24.9 relatively
/// for v < 177, where 2^(v log2 e) is not clamped).
inline doubles expm1_lanes(doubles v) noexcept {
  doubles p(0x1.a01a01a01a01ap-13);                  // 1/5040
  p = mul_add(p, v, doubles(0x1.6c16c16c16c17p-10));  // 1/720
  p = mul_add(p, v, doubles(0x1.1111111111111p-7));   // 1/120
  p = mul_add(p, v, doubles(0x1.5555555555555p-5));   // 1/24
  p = mul_add(p, v, doubles(0x1.5555555555555p-3));   // 1/6
  p = mul_add(p, v, doubles(0.5));
  const doubles small = mul_add(v * v, p, v);
  const doubles large = exp2_for_float(v * doubles(0x1.71547652b82fep+0)) - doubles(1.0);
  return simd::select(xsimd::abs(v) < doubles(0.125), small, large);
}

}  // namespace detail_activation_elu

template <class T>
struct kernel<ops::activation_elu, T, T> : activation_lanes<kernel<ops::activation_elu, T, T>, ops::activation_elu, T> {
  static bool accepts(const ops::activation_elu& op) noexcept { return finite_attribute(op.alpha); }

  /// The FLOAT32 lanes of the finite elements (simd/activation_lanes.hpp).
  DMLREF_DETAIL_ALWAYS_INLINE static floats lanes(const ops::activation_elu& op, floats, doubles low,
                                                  doubles high) noexcept {
    const doubles alpha(static_cast<double>(op.alpha));
    const auto elu = [&](doubles v) {
      return simd::select(v < doubles(0.0), alpha * detail_activation_elu::expm1_lanes(v), v);
    };
    return narrow(elu(low), elu(high));
  }
};

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
