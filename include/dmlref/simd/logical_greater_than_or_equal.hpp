#pragma once
// ELEMENT_WISE_LOGICAL_GREATER_THAN_OR_EQUAL in vector lanes (contract: ops/logical_greater_than_or_equal.hpp).
// Exact: floats compare their ordered keys in integer lanes (NaN gives 0, -0 equals +0,
// under any compiler flags), integers compare their lanes; the flags are stored as UINT8 or
// UINT32.

#include <cstddef>

#include "dmlref/math/real.hpp"
#include "dmlref/ops/logical_greater_than_or_equal.hpp"
#include "dmlref/simd/kernel.hpp"
#include "dmlref/simd/lanes.hpp"
#include "dmlref/simd/ordering.hpp"

namespace dmlref::simd {

template <class O, class T>
struct kernel<ops::logical_greater_than_or_equal, O, T, T> {
  static constexpr bool available = true;
  using lane = bit_lane_t<T>;
  static constexpr std::size_t step = batch<lane>::size;

  template <class A, class B>
  static void block(const ops::logical_greater_than_or_equal&, O* out, std::size_t i, A a, B b) noexcept {
    const auto x = load_bit_lanes(a, i);
    const auto y = load_bit_lanes(b, i);
    if constexpr (is_float_element_v<T>) {
      using F = typename math::format_of<T>::type;
      store_flags(out + i, not_nan<F>(x) && not_nan<F>(y) && ordered_keys<F>(x) >= ordered_keys<F>(y));
    } else {
      store_flags(out + i, x >= y);
    }
  }
};

}  // namespace dmlref::simd
