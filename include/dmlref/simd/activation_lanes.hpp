#pragma once
// The kernel of a FLOAT activation computed in double lanes (CELU, ELU, GELU,
// PARAMETRIC_SOFTPLUS, SCALED_ELU, SCALED_TANH, SIGMOID, SOFTPLUS), stated once.
//
//   activation_lanes<Derived, Op, T>
//     for T = float or float16 (one element per float lane, FLOAT16 paired): the elements
//     whose x is Inf or NaN take golden; the others, x (Inf and NaN lanes read as +0) widened
//     to double lanes low and high, give Derived::lanes(op, x, low, high), the FLOAT32 lanes
//     that are stored (rounded once more to FLOAT16 for a FLOAT16 output). The kernel states
//     lanes and, where some attribute values run golden, accepts(op).

#include <cstddef>
#include <type_traits>

#include "dmlref/core/data_type.hpp"
#include "dmlref/core/isa.hpp"
#include "dmlref/simd/kernel.hpp"
#include "dmlref/simd/lanes.hpp"
#include "dmlref/simd/pow.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

template <class Derived, class Op, class T>
struct activation_lanes {
  static constexpr bool available = is_float_element_v<T>;
  static constexpr std::size_t step = width;
  static constexpr bool paired = std::is_same_v<T, float16>;

  template <class Source>
  DMLREF_DETAIL_ALWAYS_INLINE static void block(const Op& op, T* out, std::size_t i, Source in) {
    const floats g = load_floats(in, i);
    const auto special = detail_pow::magnitude_at_least(g, 0x7F800000u);  // Inf, NaN
    const floats x = simd::select(special, floats(0.0f), g);
    doubles low, high;
    widen(x, low, high);
    const floats y = Derived::lanes(op, x, low, high);
    detail_pow::store_patched(out, i, y, special, [&](std::size_t k) { return op(detail_pow::element(in, i, k)); });
  }
};

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
