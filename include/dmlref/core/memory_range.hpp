#pragma once
// Byte ranges of bound tensors and how two of them relate. An output may share memory with
// an input only as an exact alias (same start, same layout) and only where the operator
// allows it; any other overlap is refused before anything is read or written.

#include <cstdint>

namespace dmlref {

struct memory_range {
  const void* begin = nullptr;
  std::uint64_t size_in_bytes = 0;
};

enum class overlap { disjoint, same_start, partial };

inline overlap classify_overlap(memory_range a, memory_range b) noexcept {
  const auto a0 = reinterpret_cast<std::uintptr_t>(a.begin);
  const auto b0 = reinterpret_cast<std::uintptr_t>(b.begin);
  if (a.size_in_bytes == 0 || b.size_in_bytes == 0) return overlap::disjoint;
  if (a0 == b0) return overlap::same_start;
  const bool separate = (a0 < b0) ? (b0 - a0 >= a.size_in_bytes) : (a0 - b0 >= b.size_in_bytes);
  return separate ? overlap::disjoint : overlap::partial;
}

}  // namespace dmlref
