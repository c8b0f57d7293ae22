#pragma once
// The golden traversal: out = op(in...) element by element, over the shared row walk.
// One instantiation per (operator, element types); a row is a plain loop, over unit strides
// when every operand's row is packed (so the compiler may vectorise the operator's integer
// code), else over the row strides. Either loop calls the same functor on the same elements:
// the result does not depend on which one runs. Each element's inputs are read before its
// output is written, so an output that exactly aliases an input is safe.

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

/// Calls element(out_element, in_elements...) for every logical element, in row-major order.
template <class Element, class Out, class... Ins, std::size_t... I>
void for_each_element(std::uint32_t rank, const std::uint32_t* sizes,
                      const loops::operand<Out>& out, std::index_sequence<I...>,
                      Element&& element, const loops::operand<const Ins>&... ins) {
  const auto shape = loops::shape_of(rank, sizes, out, ins...);
  const std::uint64_t n = shape.row_length();
  const std::array<std::uint64_t, 1 + sizeof...(Ins)> step{shape.row_stride(0),
                                                           shape.row_stride(1 + I)...};
  bool packed = true;
  for (const auto s : step) packed = packed && s == 1;
  loops::for_each_row(shape, [&](const loops::row_offsets<1 + sizeof...(Ins)>& at) {
    Out* o = out.data + at[0];
    const std::tuple<const Ins*...> in{(ins.data + at[1 + I])...};
    if (packed) {
      packed_row(element, n, o, std::get<I>(in)...);
      return;
    }
    for (std::uint64_t i = 0; i < n; ++i) {
      element(o[i * step[0]], std::get<I>(in)[i * step[1 + I]]...);
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
