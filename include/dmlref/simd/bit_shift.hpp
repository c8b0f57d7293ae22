#pragma once
// BIT_SHIFT_LEFT and _RIGHT in vector lanes (ops::bit_shift): one kernel, shifting with the
// operator's own Op::shift. Exact on every defined element: each lane shifted by its own
// count, a count of the width or more clamped first (so no lane shifts by more than the width,
// which C++ leaves undefined) and its lane written as 0, as golden writes.

#include <cstddef>
#include <limits>

#include "dmlref/core/isa.hpp"
#include "dmlref/simd/kernel.hpp"
#include "dmlref/simd/lanes.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

template <class Op, class T>
struct bit_shift_kernel {
  static constexpr bool available = true;
  static constexpr std::size_t step = batch<T>::size;
  static constexpr bool paired = true;

  template <class A, class B>
  static void block(const Op&, T* out, std::size_t i, A a, B b) noexcept {
    constexpr auto bits = static_cast<T>(std::numeric_limits<T>::digits);
    const auto x = load_bit_lanes(a, i);
    const auto n = load_bit_lanes(b, i);
    const auto in_range = n < batch<T>(bits);
    const auto shifted = Op::shift(x, xsimd::min(n, batch<T>(static_cast<T>(bits - 1))));
    simd::select(in_range, shifted, batch<T>(0)).store_unaligned(out + i);
  }
};

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
