#pragma once
// A typed operand of the traversal: its first element and its strides (in elements) over
// the common sizes of an operation. Views and runtime bindings both become operands; the
// kernels see only operands and a loop_shape (and the fast traversal the call_extent of the
// call it runs for).

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

/// The call a traversal runs for. A threaded call runs each of its parts through the
/// single-threaded traversal; what is decided for the call as a whole (the fast path's
/// streaming stores, simd/stream.hpp) reads the call here, not the part.
struct call_extent {
  std::uint64_t output_elements = 0;  // the whole call's output elements, every part's together
};

/// The extent of a call over sizes[0..rank), run whole (not split into parts).
inline call_extent whole_call(std::uint32_t rank, const std::uint32_t* sizes) noexcept {
  std::uint64_t elements = 1;
  for (std::uint32_t d = 0; d < rank; ++d) elements *= sizes[d];
  return {elements};
}

/// The simplified shape of operands over common sizes.
template <class... Ts>
loop_shape<sizeof...(Ts)> shape_of(std::uint32_t rank, const std::uint32_t* sizes,
                                   const operand<Ts>&... operands) noexcept {
  return make_loop_shape<sizeof...(Ts)>(rank, sizes, std::array<const element_strides*, sizeof...(Ts)>{&operands.strides...});
}

}  // namespace dmlref::loops
