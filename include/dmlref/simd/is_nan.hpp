#pragma once
// ELEMENT_WISE_IS_NAN in vector lanes (contract: ops/is_nan.hpp). Exact: the bit patterns
// are classified in integer lanes (simd/ordering.hpp's not_nan) under any compiler flags;
// the flags are stored as UINT8 or UINT32.

#include <cstddef>

#include "dmlref/core/isa.hpp"
#include "dmlref/math/real.hpp"
#include "dmlref/ops/is_nan.hpp"
#include "dmlref/simd/kernel.hpp"
#include "dmlref/simd/lanes.hpp"
#include "dmlref/simd/ordering.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

template <class O, class T>
struct kernel<ops::is_nan_flags, O, T> : bit_lanes_kernel<T, false> {
  template <class Source>
  static void block(const ops::is_nan_flags&, O* out, std::size_t i, Source in) noexcept {
    using F = typename math::format_of<T>::type;
    store_flags(out + i, !not_nan<F>(load_bit_lanes(in, i)));
  }
};

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
