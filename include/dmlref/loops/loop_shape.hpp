#pragma once
// The shape the traversal walks: the operands' common sizes and per-operand element strides,
// simplified once before any element is touched.
//
// Simplification keeps the set of (logical index -> address) pairs of every operand:
// - dimensions of size 1 are dropped;
// - dimension d is merged into d + 1 when, for every operand, stride[d] == stride[d + 1] *
//   size[d + 1] (this also merges runs of broadcast dimensions, where both strides are 0).
// The result has rank >= 1; its last dimension is the row the inner kernel runs along.

#include <array>
#include <cstddef>
#include <cstdint>

#include "dmlref/core/tensor_desc.hpp"

namespace dmlref::loops {

template <std::size_t N>
struct loop_shape {
  static constexpr std::size_t operand_count = N;
  std::uint32_t rank = 1;
  std::array<std::uint64_t, max_rank> sizes{};                 // sizes[rank - 1] is the row
  std::array<std::array<std::uint64_t, max_rank>, N> strides{};  // per operand, in elements

  std::uint64_t row_length() const noexcept { return sizes[rank - 1]; }
  std::uint64_t row_stride(std::size_t operand) const noexcept { return strides[operand][rank - 1]; }
  std::uint64_t element_count() const noexcept {
    std::uint64_t count = 1;
    for (std::uint32_t d = 0; d < rank; ++d) count *= sizes[d];
    return count;
  }
};

/// Builds the simplified shape of N operands that share rank and sizes; strides[k] points at
/// operand k's strides, of which the first rank are read (element by element: a caller has
/// usually just stored them so, and a whole-array vector load of fresh scalar stores stalls).
template <std::size_t N>
loop_shape<N> make_loop_shape(std::uint32_t rank, const std::uint32_t* sizes,
                              const std::array<const element_strides*, N>& operand_strides) noexcept {
  const auto strides = [&](std::size_t k) -> const element_strides& { return *operand_strides[k]; };
  loop_shape<N> shape;
  std::uint32_t out = 0;
  for (std::uint32_t d = 0; d < rank; ++d) {
    if (sizes[d] == 1) continue;
    bool merges = out > 0;
    for (std::size_t k = 0; k < N && merges; ++k) {
      merges = shape.strides[k][out - 1] == strides(k)[d] * sizes[d];
    }
    if (merges) {
      shape.sizes[out - 1] *= sizes[d];
      for (std::size_t k = 0; k < N; ++k) shape.strides[k][out - 1] = strides(k)[d];
      continue;
    }
    shape.sizes[out] = sizes[d];
    for (std::size_t k = 0; k < N; ++k) shape.strides[k][out] = strides(k)[d];
    ++out;
  }
  if (out == 0) {  // every size was 1: one element
    shape.sizes[0] = 1;
    for (std::size_t k = 0; k < N; ++k) shape.strides[k][0] = 0;
    out = 1;
  }
  shape.rank = out;
  return shape;
}

/// The same, from the operands' strides held by value.
template <std::size_t N>
loop_shape<N> make_loop_shape(std::uint32_t rank, const std::uint32_t* sizes,
                              const std::array<element_strides, N>& strides) noexcept {
  std::array<const element_strides*, N> pointers{};
  for (std::size_t k = 0; k < N; ++k) pointers[k] = &strides[k];
  return make_loop_shape<N>(rank, sizes, pointers);
}

}  // namespace dmlref::loops
