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

#include "dmlref/loops/for_each_row.hpp"
#include "dmlref/loops/operand.hpp"

namespace dmlref {

namespace detail {

/// One row of packed operands: element(o[i], in[i]...) for i in [0, n).
template <class Element, class Out, class... Ins>
void packed_row(Element& element, std::uint64_t n, Out* o, const Ins*... in) {
  for (std::uint64_t i = 0; i < n; ++i) element(o[i], in[i]...);
}

/// Elements per block of a row that is not packed (the scratch blocks live on the stack).
inline constexpr std::uint64_t block_elements = 256;

/// A block of one input's row as packed elements: [first, first + count) of the row that
/// starts at row and steps by stride. Packed rows are read in place; a broadcast row's block
/// already holds its value (fill_broadcast); a strided row is gathered into scratch.
template <class T>
const T* input_block(const T* row, std::uint64_t stride, std::uint64_t first, std::uint64_t count, T* scratch) {
  if (stride == 1) return row + first;
  if (stride != 0) {
    for (std::uint64_t i = 0; i < count; ++i) scratch[i] = row[(first + i) * stride];
  }
  return scratch;
}

/// Fills scratch[0, count) with a broadcast row's value, once per row.
template <class T>
void fill_broadcast(const T* row, std::uint64_t stride, std::uint64_t count, T* scratch) {
  if (stride != 0) return;
  const T value = *row;
  std::fill(scratch, scratch + count, value);
}

/// The rows of a shape with some row stride other than 1, block by block.
template <class Element, class Out, class... Ins, std::size_t... I>
void blocked_rows(const loops::loop_shape<1 + sizeof...(Ins)>& shape, const loops::operand<Out>& out,
                  std::index_sequence<I...>, Element& element, const loops::operand<const Ins>&... ins) {
  const std::uint64_t n = shape.row_length();
  const std::uint64_t out_stride = shape.row_stride(0);
  const std::array<std::uint64_t, sizeof...(Ins)> in_stride{shape.row_stride(1 + I)...};
  std::tuple<std::array<Ins, block_elements>...> in_scratch;
  std::array<Out, block_elements> out_scratch;
  loops::for_each_row(shape, [&](const loops::row_offsets<1 + sizeof...(Ins)>& at) {
    Out* const o = out.data + at[0];
    const std::tuple<const Ins*...> in{(ins.data + at[1 + I])...};
    (fill_broadcast(std::get<I>(in), in_stride[I], std::min(n, block_elements), std::get<I>(in_scratch).data()), ...);
    for (std::uint64_t first = 0; first < n; first += block_elements) {
      const std::uint64_t count = std::min(n - first, block_elements);
      Out* const target = out_stride == 1 ? o + first : out_scratch.data();
      packed_row(element, count, target,
                 input_block(std::get<I>(in), in_stride[I], first, count, std::get<I>(in_scratch).data())...);
      if (out_stride != 1) {
        for (std::uint64_t i = 0; i < count; ++i) o[(first + i) * out_stride] = out_scratch[i];
      }
    }
  });
}

/// Calls element(out_element, in_elements...) for every logical element, in row-major order.
template <class Element, class Out, class... Ins, std::size_t... I>
void for_each_element(std::uint32_t rank, const std::uint32_t* sizes,
                      const loops::operand<Out>& out, std::index_sequence<I...> inputs,
                      Element&& element, const loops::operand<const Ins>&... ins) {
  const auto shape = loops::shape_of(rank, sizes, out, ins...);
  bool packed = true;
  for (std::size_t k = 0; k < 1 + sizeof...(Ins); ++k) packed = packed && shape.row_stride(k) == 1;
  if (!packed) {
    blocked_rows(shape, out, inputs, element, ins...);
    return;
  }
  const std::uint64_t n = shape.row_length();
  loops::for_each_row(shape, [&](const loops::row_offsets<1 + sizeof...(Ins)>& at) {
    packed_row(element, n, out.data + at[0], (ins.data + at[1 + I])...);
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
