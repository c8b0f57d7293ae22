#pragma once
// The golden traversal: out = op(in...) element by element, over the shared row walk.
// One instantiation per (operator, element types). Every row runs through one plain loop
// over packed operands (packed_row), so the compiler may vectorise the operator's integer
// code whatever the layout:
// - when every operand's row is packed (row stride 1), over the operands themselves;
// - otherwise in blocks of at most block_elements: a packed operand is read in place, a
//   broadcast one (row stride 0) from a block filled with its value once per row, a strided
//   one from a block gathered from it; a packed output is written in place, any other output
//   into a block then scattered to it.
// Either way the same functor sees the same elements: the result does not depend on which
// loop runs. Each element's inputs are read before its output is written (a block's inputs
// are all read before any of its outputs is written), so an output that exactly aliases an
// input is safe.

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <tuple>
#include <utility>

#include "dmlref/core/bits.hpp"
#include "dmlref/loops/for_each_row.hpp"
#include "dmlref/loops/operand.hpp"

namespace dmlref {

namespace detail {

/// One row of packed operands: element(o[i], in[i]...) for i in [0, n). Out of line: both
/// row loops call this one copy, so the operator's code is compiled once per instantiation
/// (inlined into both, it made every translation unit using the golden path about half as
/// slow again to compile).
template <class Element, class Out, class... Ins>
DMLREF_DETAIL_NOINLINE void packed_row(Element& element, std::uint64_t n, Out* o, const Ins*... in) {
  for (std::uint64_t i = 0; i < n; ++i) element(o[i], in[i]...);
}

/// Elements per block of a row that is not packed (the scratch blocks live on the stack).
inline constexpr std::uint64_t block_elements = 256;

/// A block of one input's row as packed elements: [first, first + count) of the row that
/// starts at row and steps by stride. Packed rows are read in place; a broadcast row's block
/// already holds its value (fill_broadcast); a strided row is gathered into scratch.
template <class T>
DMLREF_DETAIL_NOINLINE const T* input_block(const T* row, std::uint64_t stride, std::uint64_t first,
                                            std::uint64_t count, T* scratch) {
  if (stride == 1) return row + first;
  if (stride != 0) {
    for (std::uint64_t i = 0; i < count; ++i) scratch[i] = row[(first + i) * stride];
  }
  return scratch;
}

/// Fills scratch[0, count) with a broadcast row's value, once per row.
template <class T>
DMLREF_DETAIL_NOINLINE void fill_broadcast(const T* row, std::uint64_t stride, std::uint64_t count, T* scratch) {
  if (stride != 0) return;
  const T value = *row;
  std::fill(scratch, scratch + count, value);
}

/// Writes a block to a strided output row: row[(first + i) * stride] = block[i].
template <class T>
DMLREF_DETAIL_NOINLINE void scatter_block(const T* block, std::uint64_t count, T* row, std::uint64_t stride,
                                          std::uint64_t first) {
  for (std::uint64_t i = 0; i < count; ++i) row[(first + i) * stride] = block[i];
}

/// Uninitialised scratch for one block of T (a std::array in a tuple would be zeroed on every
/// row, which costs as much as a short row).
template <class T>
struct scratch_block {
  scratch_block() noexcept {}  // NOLINT: deliberately no member initialisation
  T values[block_elements];
};

/// One row with some row stride other than 1, block by block. (The per-type helpers above are
/// out of line: compiled once per element type, not once per operator.)
template <class Element, class Out, class... Ins, std::size_t... I>
DMLREF_DETAIL_NOINLINE void blocked_row(Element& element, std::uint64_t n, Out* o, std::uint64_t out_stride,
                                        std::index_sequence<I...>, const std::array<std::uint64_t, sizeof...(Ins)>& in_stride,
                                        const Ins*... in) {
  std::tuple<scratch_block<Ins>...> in_scratch;
  scratch_block<Out> out_scratch;
  (fill_broadcast(in, in_stride[I], std::min(n, block_elements), std::get<I>(in_scratch).values), ...);
  for (std::uint64_t first = 0; first < n; first += block_elements) {
    const std::uint64_t count = std::min(n - first, block_elements);
    Out* const target = out_stride == 1 ? o + first : out_scratch.values;
    packed_row(element, count, target, input_block(in, in_stride[I], first, count, std::get<I>(in_scratch).values)...);
    if (out_stride != 1) scatter_block(out_scratch.values, count, o, out_stride, first);
  }
}

/// Calls element(out_element, in_elements...) for every logical element, in row-major order.
template <class Element, class Out, class... Ins, std::size_t... I>
void for_each_element(std::uint32_t rank, const std::uint32_t* sizes,
                      const loops::operand<Out>& out, std::index_sequence<I...> inputs,
                      Element&& element, const loops::operand<const Ins>&... ins) {
  const auto shape = loops::shape_of(rank, sizes, out, ins...);
  const std::uint64_t n = shape.row_length();
  const std::uint64_t out_stride = shape.row_stride(0);
  const std::array<std::uint64_t, sizeof...(Ins)> in_stride{shape.row_stride(1 + I)...};
  const bool packed = out_stride == 1 && ((in_stride[I] == 1) && ...);
  loops::for_each_row(shape, [&](const loops::row_offsets<1 + sizeof...(Ins)>& at) {
    if (packed) {
      packed_row(element, n, out.data + at[0], (ins.data + at[1 + I])...);
    } else {
      blocked_row(element, n, out.data + at[0], out_stride, inputs, in_stride, (ins.data + at[1 + I])...);
    }
  });
}

}  // namespace detail

/// out = op(ins...) over sizes[0..rank), the golden path.
template <class Op, class Out, class... Ins>
void apply_golden(const Op& op, std::uint32_t rank, const std::uint32_t* sizes, const loops::operand<Out>& out,
                  const loops::operand<const Ins>&... ins) {
  detail::for_each_element(
      rank, sizes, out, std::index_sequence_for<Ins...>{},
      [&op](Out& o, const Ins&... x) { o = op(x...); }, ins...);
}

/// mask = op.defined(ins...): false where the operator's contract leaves an element
/// undefined (so comparisons skip it).
template <class Op, class... Ins>
void golden_defined_mask(const Op& op, std::uint32_t rank, const std::uint32_t* sizes,
                         const loops::operand<bool>& mask, const loops::operand<const Ins>&... ins) {
  detail::for_each_element(
      rank, sizes, mask, std::index_sequence_for<Ins...>{},
      [&op](bool& m, const Ins&... x) { m = op.defined(x...); }, ins...);
}

}  // namespace dmlref
