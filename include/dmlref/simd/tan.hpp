#pragma once
// ELEMENT_WISE_TAN in vector lanes (contract: ops/tan.hpp). Budget: 2 ULP FLOAT32, 1 ULP
// FLOAT16 from golden (docs/reliability.md has what the sweeps measured).
//
// How: SIN's and COS's reduction and polynomials in double lanes (simd/sin_cos.hpp):
// g = k pi/2 + t, |t| <= 0.87, t within 2^-52 |t| + 2^-97 of the exact g - k pi/2; sin t and
// cos t within 2^-51 relatively; tan g = sin t / cos t for even k, -cos t / sin t for odd k.
// For odd k, |t| >= 2^-27.8: no FLOAT32 value below 2^20 lies nearer an odd multiple of pi/2
// (the nearest, to 161 pi/2, found by a search over every such multiple rounded to FLOAT32 at
// its binade's spacing), so t and sin t are within 2^-52 + 2^-97/2^-27.8 relatively and the
// quotient within a few 2^-51: rounded to FLOAT32 within 0.5 + 2^-20 ULP, to
// FLOAT16 through FLOAT32 within 0.5 + 2^-12 ULP. Lanes with |g| >= 2^20, Inf or NaN take
// the golden formula (the exact reduction, C's special values, golden's canonical NaN), and
// so do FLOAT16 results near FLOAT16's overflow threshold (store_patched).

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "dmlref/core/data_type.hpp"
#include "dmlref/core/isa.hpp"
#include "dmlref/ops/tan.hpp"
#include "dmlref/simd/kernel.hpp"
#include "dmlref/simd/lanes.hpp"
#include "dmlref/simd/pow.hpp"
#include "dmlref/simd/sin_cos.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

template <class T>
struct kernel<ops::tan, T, T> {
  static constexpr bool available = is_float_element_v<T>;
  static constexpr std::size_t step = width;
  static constexpr bool paired = std::is_same_v<T, float16>;

  template <class Source>
  DMLREF_DETAIL_ALWAYS_INLINE static void block(const ops::tan& op, T* out, std::size_t i, Source in) {
    const floats g = detail_pow::scaled(load_floats(in, i), op.scale_and_bias);
    const auto special = detail_pow::magnitude_at_least(g, 0x49800000u);  // |g| >= 2^20, Inf, NaN
    const floats x = simd::select(special, floats(0.0f), g);
    const detail_sin_cos::reduced r = detail_sin_cos::reduce_lanes(x);
    const doubles s_low = detail_sin_cos::sin_poly(r.t_low), s_high = detail_sin_cos::sin_poly(r.t_high);
    const doubles c_low = detail_sin_cos::cos_poly(r.t_low), c_high = detail_sin_cos::cos_poly(r.t_high);
    // Both quotients; the even lanes take sin/cos, the odd -cos/sin (sin t = 0 only for t = 0,
    // an even lane: its other quotient is discarded).
    const floats even = narrow(s_low / c_low, s_high / c_high);
    const floats odd = negated(narrow(c_low / s_low, c_high / s_high));
    const auto is_odd =
        detail_pow::as_float_mask((xsimd::bitwise_cast<uint32s>(r.k) & uint32s(1)) != uint32s(0));
    const floats y = simd::select(is_odd, odd, even);
    detail_pow::store_patched(out, i, y, special, [&](std::size_t n) { return op(detail_pow::element(in, i, n)); });
  }
};

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
