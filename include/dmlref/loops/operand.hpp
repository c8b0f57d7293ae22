#pragma once
// A typed operand of the traversal: its first element and its strides (in elements) over
// the common sizes of an operation. Views and runtime bindings both become operands; the
// kernels see only operands and a loop_shape.

#include <array>
#include <cstddef>
#include <cstdint>

#include "dmlref/core/tensor_desc.hpp"
#include "dmlref/loops/loop_shape.hpp"

namespace dmlref::loops {

template <class T>
struct operand {
  T* data = nullptr;
  element_strides strides{};
};

/// The simplified shape of operands over common sizes.
template <class... Ts>
loop_shape<sizeof...(Ts)> shape_of(std::uint32_t rank, const std::uint32_t* sizes,
                                   const operand<Ts>&... operands) noexcept {
  return make_loop_shape<sizeof...(Ts)>(rank, sizes, std::array<const element_strides*, sizeof...(Ts)>{&operands.strides...});
}

}  // namespace dmlref::loops
