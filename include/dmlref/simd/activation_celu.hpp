#pragma once
// ACTIVATION_CELU in vector lanes (contract: ops/activation_celu.hpp). Budget: 2 ULP FLOAT32,
// 1 ULP FLOAT16 from golden.
//
// How, in double lanes for both output types: x for x > 0, +0 for x = +-0, and for x < 0
// Alpha (e^z - 1) with z = x / Alpha (a double division, within 2^-53 relatively; |z| < 2^278)
// and e^z - 1 from ACTIVATION_ELU's expm1_lanes (within 2^-24.9 relatively for z < 177).
// z's error moves e^z - 1 by at most 2^-53 (1 + |z|) of it where the result is finite (|z| <
// 177): rounded once to FLOAT32 within 0.5 + 2^-0.8 ULP, to FLOAT16 through FLOAT32 within
// 0.5 + 2^-12 + 2^-13 ULP. Lanes whose x is Inf or NaN take the golden formula. Alpha must be
// finite and either positive (z < 0, where expm1_lanes's clamp at -177 gives -1, as it
// should) or at most -2^-126 (z > 177 then overflows either way); others run golden.

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "dmlref/core/data_type.hpp"
#include "dmlref/core/isa.hpp"
#include "dmlref/ops/activation_celu.hpp"
#include "dmlref/simd/activation_elu.hpp"
#include "dmlref/simd/activation_lanes.hpp"
#include "dmlref/simd/kernel.hpp"
#include "dmlref/simd/lanes.hpp"
#include "dmlref/simd/pow.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

template <class T>
struct kernel<ops::activation_celu, T, T>
    : activation_lanes<kernel<ops::activation_celu, T, T>, ops::activation_celu, T> {
  static bool accepts(const ops::activation_celu& op) noexcept {
    std::uint32_t bits;
    std::memcpy(&bits, &op.alpha, 4);
    const std::uint32_t magnitude = bits & 0x7FFFFFFFu;
    if (magnitude == 0 || magnitude >= 0x7F800000u) return false;
    return (bits >> 31) == 0 || magnitude >= 0x00800000u;
  }

  /// The FLOAT32 lanes of the finite elements (simd/activation_lanes.hpp).
  DMLREF_DETAIL_ALWAYS_INLINE static floats lanes(const ops::activation_celu& op, floats, doubles low,
                                                  doubles high) noexcept {
    const doubles alpha(static_cast<double>(op.alpha));
    const auto celu = [&](doubles v) {
      const doubles negative = alpha * detail_activation_elu::expm1_lanes(v / alpha);
      return simd::select(v > doubles(0.0), v, simd::select(v < doubles(0.0), negative, doubles(0.0)));
    };
    return narrow(celu(low), celu(high));
  }
};

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
