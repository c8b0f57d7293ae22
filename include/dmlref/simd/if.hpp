#pragma once
// ELEMENT_WISE_IF in vector lanes (contract: ops/if.hpp). Exact: the condition bytes
// widened to all-ones or all-zero masks of the values' width, and the values' bit patterns
// blended in integer lanes (floats are never loaded as floats, so every pattern is copied).

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "dmlref/core/isa.hpp"
#include "dmlref/ops/if.hpp"
#include "dmlref/simd/kernel.hpp"
#include "dmlref/simd/lanes.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

namespace detail_if {
inline std::uint8_t condition_at(contiguous<std::uint8_t> s, std::size_t i) noexcept { return s.data[i]; }
inline std::uint8_t condition_at(broadcast<std::uint8_t> s, std::size_t) noexcept { return s.value; }
}  // namespace detail_if

template <class T>
struct kernel<ops::if_, T, std::uint8_t, T, T> {
  static constexpr bool available = true;
  using lane = bit_lane_t<T>;
  using U = std::make_unsigned_t<lane>;
  static constexpr std::size_t step = batch<lane>::size;

  template <class C, class A, class B>
  static void block(const ops::if_&, T* out, std::size_t i, C condition, A a, B b) noexcept {
    alignas(64) U masks[step];
    for (std::size_t k = 0; k < step; ++k) {
      masks[k] = detail_if::condition_at(condition, i + k) != 0 ? static_cast<U>(~U{0}) : U{0};
    }
    const auto m = xsimd::bitwise_cast<batch<lane>>(batch<U>::load_aligned(masks));
    const auto x = load_bit_lanes(a, i);
    const auto y = load_bit_lanes(b, i);
    ((x & m) | (y & ~m)).store_unaligned(reinterpret_cast<lane*>(out) + i);
  }
};

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
