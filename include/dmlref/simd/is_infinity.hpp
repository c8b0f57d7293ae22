#pragma once
// ELEMENT_WISE_IS_INFINITY in vector lanes (contract: ops/is_infinity.hpp). Exact: one mask
// and one comparison of the bit patterns in integer lanes, under any compiler flags; the
// flags are stored as UINT8.

#include <cstddef>

#include "dmlref/core/isa.hpp"
#include "dmlref/ops/is_infinity.hpp"
#include "dmlref/simd/kernel.hpp"
#include "dmlref/simd/lanes.hpp"
#include "dmlref/simd/ordering.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

template <class O, class T>
struct kernel<ops::is_infinity, O, T> : bit_lanes_kernel<T, false> {
  using lane = bit_lane_t<T>;
  static constexpr bool binds = true;

  template <class Run>
  static void bind(const ops::is_infinity& op, Run&& run) {
    const auto t = op.test_of<T>();
    const lane mask = t.mask, pattern = t.pattern;
    run([=](O* out, std::size_t i, auto in) {
      store_flags(out + i, (load_bit_lanes(in, i) & batch<lane>(mask)) == batch<lane>(pattern));
    });
  }
};

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
