#pragma once
// The LOGICAL_ relations in vector lanes (ops::relation): one kernel, which each relation's
// header specialises with its comparison of lanes (std::greater<>, std::less_equal<>, ...).
// Exact: floats compare their ordered keys in integer lanes (NaN gives 0, -0 equals +0, under
// any compiler flags), integers compare their lanes; the flags are stored as UINT8 or UINT32.

#include <cstddef>

#include "dmlref/core/data_type.hpp"
#include "dmlref/core/isa.hpp"
#include "dmlref/math/real.hpp"
#include "dmlref/simd/kernel.hpp"
#include "dmlref/simd/lanes.hpp"
#include "dmlref/simd/ordering.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

/// The kernel of relation Op on inputs T, flags O, comparing lanes with Compare.
template <class Op, class O, class T, class Compare>
struct relation_kernel : bit_lanes_kernel<T, false> {
  template <class A, class B>
  static void block(const Op&, O* out, std::size_t i, A a, B b) noexcept {
    const Compare holds{};
    const auto x = load_bit_lanes(a, i);
    const auto y = load_bit_lanes(b, i);
    if constexpr (is_float_element_v<T>) {
      using F = typename math::format_of<T>::type;
      store_flags(out + i, not_nan<F>(x) && not_nan<F>(y) && holds(ordered_keys<F>(x), ordered_keys<F>(y)));
    } else {
      store_flags(out + i, holds(x, y));
    }
  }
};

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
