#pragma once
// ELEMENT_WISE_CLIP in vector lanes (contract: ops/clip.hpp). Exact for every type. Floats
// are compared on their bit patterns in integer lanes, as ops::ordered_key orders them (the
// magnitude, negated for a negative sign: -0 and +0 equal), so NaN and signed zeros follow
// the contract under any compiler flags and the result is one of the input's or the bounds'
// bit patterns. Integers clamp with the lanes' min and max. With ScaleBias the call runs the
// golden traversal.

#include <cstddef>
#include <limits>
#include <optional>
#include <type_traits>

#include "dmlref/core/isa.hpp"
#include "dmlref/math/real.hpp"
#include "dmlref/ops/clip.hpp"
#include "dmlref/simd/kernel.hpp"
#include "dmlref/simd/lanes.hpp"
#include "dmlref/simd/ordering.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

namespace detail_clip {

/// run(block) with a block clipping each lane to max(lo, min(x, hi)), Max first, an absent
/// bound bounding nothing (CLIP's and CLIP1's kernels).
template <class T, class Run>
void bind_bounds(const std::optional<T>& lo, const std::optional<T>& hi, Run&& run) {
  using lane = bit_lane_t<T>;
  if constexpr (is_float_element_v<T>) {
    using F = typename math::format_of<T>::type;
    using S = std::make_signed_t<lane>;
    // An absent (NaN) bound gets a key no number passes.
    const S lo_key = lo ? ops::ordered_key(*lo) : std::numeric_limits<S>::lowest();
    const S hi_key = hi ? ops::ordered_key(*hi) : std::numeric_limits<S>::max();
    const S lo_bits = lo ? static_cast<S>(math::bits_of(*lo)) : S{0};  // the bounds' patterns
    const S hi_bits = hi ? static_cast<S>(math::bits_of(*hi)) : S{0};
    run([=](T* out, std::size_t i, auto in) {
      const auto x = load_bit_lanes(in, i);
      const auto over = not_nan<F>(x) && ordered_keys<F>(x) > batch<S>(hi_key);
      const auto t = simd::select(over, batch<S>(hi_bits), xsimd::bitwise_cast<batch<S>>(x));
      const auto t_bits = xsimd::bitwise_cast<batch<lane>>(t);
      const auto under = not_nan<F>(t_bits) && ordered_keys<F>(t_bits) < batch<S>(lo_key);
      const auto y = xsimd::bitwise_cast<batch<lane>>(simd::select(under, batch<S>(lo_bits), t));
      y.store_unaligned(reinterpret_cast<lane*>(out) + i);
    });
  } else {
    const T lo_value = lo.value_or(std::numeric_limits<T>::lowest());
    const T hi_value = hi.value_or(std::numeric_limits<T>::max());
    run([=](T* out, std::size_t i, auto in) {
      const auto x = load_bit_lanes(in, i);
      const auto y = xsimd::max(xsimd::min(x, batch<T>(hi_value)), batch<T>(lo_value));
      y.store_unaligned(out + i);
    });
  }
}

}  // namespace detail_clip

template <class T>
struct kernel<ops::clip, T, T> : bit_lanes_kernel<T, true> {
  static constexpr bool binds = true;

  static bool accepts(const ops::clip& op) noexcept { return !op.scale_and_bias; }

  template <class Run>
  static void bind(const ops::clip& op, Run&& run) {
    detail_clip::bind_bounds<T>(ops::clip::bound_as<T>(op.min), ops::clip::bound_as<T>(op.max), run);
  }
};

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
