#pragma once
// ACTIVATION_SCALED_TANH in vector lanes (contract: ops/activation_scaled_tanh.hpp). Budget:
// 2 ULP FLOAT32, 1 ULP FLOAT16 from golden.
//
// How, in double lanes for both output types: t = Beta x (exact in double: 48 bits, and
// 2^-298 <= |t| < 2^256 unless zero), |Alpha| times ELEMENT_WISE_TANH's tanh_magnitude(t)
// (simd/tanh.hpp: within 2^-25 relatively below 2^-4 and above it, 2^256 clamping its
// exponential only where tanh|t| is 1 in double anyway), the product adding 2^-53: within
// 2^-24.9 relatively. Rounded once to FLOAT32: within 0.5 + 2^-0.9 ULP (below FLOAT32's
// normal range the relative error is smaller than a subnormal unit); to FLOAT16 through
// FLOAT32: within 0.5 + 2^-13.9 + 2^-13 ULP. The sign, Alpha's times Beta's times x's, is
// set on the FLOAT32 bits (a signed zero for x = +-0 or a zero product). Lanes whose x is Inf
// or NaN take the golden formula; Alpha or Beta not finite runs golden (accepts); FLOAT16
// results that round to 65504 or beyond take golden (store_patched).

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "dmlref/core/data_type.hpp"
#include "dmlref/core/isa.hpp"
#include "dmlref/ops/activation_scaled_tanh.hpp"
#include "dmlref/simd/activation_lanes.hpp"
#include "dmlref/simd/kernel.hpp"
#include "dmlref/simd/lanes.hpp"
#include "dmlref/simd/pow.hpp"
#include "dmlref/simd/tanh.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

template <class T>
struct kernel<ops::activation_scaled_tanh, T, T>
    : activation_lanes<kernel<ops::activation_scaled_tanh, T, T>, ops::activation_scaled_tanh, T> {
  static bool accepts(const ops::activation_scaled_tanh& op) noexcept {
    return finite_attribute(op.alpha) && finite_attribute(op.beta);
  }

  /// The FLOAT32 lanes of the finite elements (simd/activation_lanes.hpp).
  DMLREF_DETAIL_ALWAYS_INLINE static floats lanes(const ops::activation_scaled_tanh& op, floats x, doubles low,
                                                  doubles high) noexcept {
    std::uint32_t a, b;
    std::memcpy(&a, &op.alpha, 4);
    std::memcpy(&b, &op.beta, 4);
    const std::uint32_t magnitude_bits = a & 0x7FFFFFFFu;
    float alpha_magnitude;
    std::memcpy(&alpha_magnitude, &magnitude_bits, 4);
    const doubles alpha(static_cast<double>(alpha_magnitude));
    const doubles beta(static_cast<double>(op.beta));
    const auto scaled_tanh = [&](doubles v) { return alpha * detail_tanh::tanh_magnitude(v * beta); };
    const floats magnitude = narrow(scaled_tanh(low), scaled_tanh(high));
    const uint32s sign = (detail_pow::bits_of(x) ^ uint32s((a ^ b) & 0x80000000u)) & uint32s(0x80000000u);
    return xsimd::bitwise_cast<floats>(detail_pow::bits_of(magnitude) | sign);
  }
};

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
