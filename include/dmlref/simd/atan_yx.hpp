#pragma once
// ELEMENT_WISE_ATAN_YX in vector lanes (contract: ops/atan_yx.hpp). Budget: 2 ULP FLOAT32,
// 1 ULP FLOAT16 from golden (docs/reliability.md has what the sweeps measured).
//
// How, in double lanes for both output types: phi = atan(|a| / |b|) (the quotient of two
// floats within 2^-53 relatively and far inside double's range; simd/atan.hpp's atan within
// 2^-48, +Inf for b = +-0 giving pi/2, 0 for a = +-0), the angle phi for b >= 0 and pi - phi
// for b < 0, with a's sign bit. Within a few 2^-48 relatively: rounded to FLOAT32 within
// 0.5 + 2^-24 ULP, to FLOAT16 through FLOAT32 within 0.5 + 2^-12 ULP. Lanes with an infinite
// or NaN input, or both inputs zero, take the golden formula (C's special values, golden's
// canonical NaN).

#include <cstddef>
#include <cstdint>

#include "dmlref/core/data_type.hpp"
#include "dmlref/core/isa.hpp"
#include "dmlref/ops/atan_yx.hpp"
#include "dmlref/simd/atan.hpp"
#include "dmlref/simd/kernel.hpp"
#include "dmlref/simd/lanes.hpp"
#include "dmlref/simd/pow.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

template <class T>
struct kernel<ops::atan_yx, T, T, T> {
  static constexpr bool available = is_float_element_v<T>;
  static constexpr std::size_t step = width;
  static constexpr bool paired = false;

  template <class A, class B>
  DMLREF_DETAIL_ALWAYS_INLINE static void block(const ops::atan_yx& op, T* out, std::size_t i, A a, B b) {
    const floats ya = load_floats(a, i), xb = load_floats(b, i);
    const uint32s y_bits = detail_pow::bits_of(ya) & uint32s(0x7FFFFFFFu);
    const uint32s x_bits = detail_pow::bits_of(xb) & uint32s(0x7FFFFFFFu);
    const auto special = detail_pow::as_float_mask((y_bits >= uint32s(0x7F800000u)) |
                                                   (x_bits >= uint32s(0x7F800000u)) |
                                                   ((y_bits | x_bits) == uint32s(0u)));
    const floats y = simd::select(special, floats(1.0f), ya);
    const floats x = simd::select(special, floats(1.0f), xb);
    const auto angle = [](doubles vy, doubles vx) {
      const doubles phi = detail_atan::atan_magnitude(xsimd::abs(vy) / xsimd::abs(vx));
      // b = -0 (a != 0) gives pi/2 either way.
      return simd::select(vx < doubles(0.0), doubles(0x1.921fb54442d18p+1) - phi, phi);  // pi
    };
    doubles y_low, y_high, x_low, x_high;
    widen(y, y_low, y_high);
    widen(x, x_low, x_high);
    const floats magnitude = narrow(angle(y_low, x_low), angle(y_high, x_high));
    const uint32s sign = detail_pow::bits_of(y) & uint32s(0x80000000u);
    const floats result = xsimd::bitwise_cast<floats>(detail_pow::bits_of(magnitude) | sign);
    detail_pow::store_patched(out, i, result, special, [&](std::size_t k) {
      return op(detail_pow::element(a, i, k), detail_pow::element(b, i, k));
    });
  }
};

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
