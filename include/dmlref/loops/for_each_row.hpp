#pragma once
// The outer walk: visits every row of a loop_shape once, in row-major order, and hands the
// row kernel each operand's element offset of the row's first element. The row kernel
// reads the row length and strides from the shape; it never sees the rank.

#include <array>
#include <cstddef>
#include <cstdint>

#include "dmlref/loops/loop_shape.hpp"

namespace dmlref::loops {

template <std::size_t N>
using row_offsets = std::array<std::uint64_t, N>;

/// Calls row(offsets) for each row of shape; offsets are in elements, per operand.
template <std::size_t N, class Row>
void for_each_row(const loop_shape<N>& shape, Row&& row) {
  row_offsets<N> offsets{};
  const std::uint32_t outer = shape.rank - 1;  // dimensions walked here
  std::array<std::uint64_t, max_rank> index{};
  for (;;) {
    row(static_cast<const row_offsets<N>&>(offsets));
    // Odometer over the outer dimensions, innermost first.
    std::uint32_t d = outer;
    for (;;) {
      if (d == 0) return;
      --d;
      if (++index[d] < shape.sizes[d]) {
        for (std::size_t k = 0; k < N; ++k) offsets[k] += shape.strides[k][d];
        break;
      }
      for (std::size_t k = 0; k < N; ++k) offsets[k] -= (shape.sizes[d] - 1) * shape.strides[k][d];
      index[d] = 0;
    }
  }
}

}  // namespace dmlref::loops
