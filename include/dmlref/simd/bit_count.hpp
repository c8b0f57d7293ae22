#pragma once
// ELEMENT_WISE_BIT_COUNT in vector lanes (contract: ops/bit_count.hpp). Exact: each lane's
// population count by the halving sums (pairs, nibbles, bytes, then the bytes added by
// shifts), in unsigned lanes of the element's width; the counts are stored as UINT8 or UINT32.

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "dmlref/core/isa.hpp"
#include "dmlref/ops/bit_count.hpp"
#include "dmlref/simd/kernel.hpp"
#include "dmlref/simd/lanes.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

/// The population count of each lane of unsigned lanes U.
template <class U>
batch<U> population_counts(batch<U> v) noexcept {
  constexpr U ones = static_cast<U>(~U{0});
  constexpr U fives = static_cast<U>(ones / 3), threes = static_cast<U>(ones / 5), low_nibbles = static_cast<U>(ones / 17);
  v = v - ((v >> 1) & batch<U>(fives));
  v = (v & batch<U>(threes)) + ((v >> 2) & batch<U>(threes));
  v = (v + (v >> 4)) & batch<U>(low_nibbles);  // each byte: its count
  for (std::size_t shift = 8; shift < sizeof(U) * 8; shift *= 2) v = v + (v >> static_cast<int>(shift));
  return v & batch<U>(U{0x7F});
}

template <class O, class T>
struct kernel<ops::bit_count, O, T> {
  static constexpr bool available = true;
  using lane = std::make_unsigned_t<bit_lane_t<T>>;
  static constexpr std::size_t step = batch<lane>::size;

  template <class Source>
  static void block(const ops::bit_count&, O* out, std::size_t i, Source in) noexcept {
    const auto counts = population_counts(xsimd::bitwise_cast<batch<lane>>(load_bit_lanes(in, i)));
    if constexpr (sizeof(O) == sizeof(lane)) {
      counts.store_unaligned(reinterpret_cast<lane*>(out + i));
    } else {
      alignas(64) lane lanes[step];
      counts.store_aligned(lanes);
      for (std::size_t k = 0; k < step; ++k) out[i + k] = static_cast<O>(lanes[k]);
    }
  }
};

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
