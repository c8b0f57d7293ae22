#pragma once
// ELEMENT_WISE_LOGICAL_NOT in vector lanes (contract: ops/logical_not.hpp): one comparison
// with zero per lane, exact.

#include <cstddef>

#include "dmlref/core/isa.hpp"
#include "dmlref/ops/logical_not.hpp"
#include "dmlref/simd/kernel.hpp"
#include "dmlref/simd/lanes.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

template <class T>
struct kernel<ops::logical_not, T, T> {
  static constexpr bool available = true;
  static constexpr std::size_t step = batch<T>::size;
  static constexpr bool paired = true;

  template <class Source>
  static void block(const ops::logical_not&, T* out, std::size_t i, Source in) noexcept {
    const auto x = load_bit_lanes(in, i);
    simd::select(x == batch<T>(T{0}), batch<T>(T{1}), batch<T>(T{0})).store_unaligned(out + i);
  }
};

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
