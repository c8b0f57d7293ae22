#pragma once
// The fast path's kernels, one specialisation of kernel<Op, Out, Ins...> per operator and
// type family. A kernel that exists says `available = true`, its step, and
//   static void block(const Op&, Out* out, std::size_t i, Sources... in)
// computing out[i, i + step) from contiguous<T> / broadcast<T> sources (simd/lanes.hpp).
// A kernel whose code depends on an operator attribute may instead say `binds = true` and
//   template <class Run> static void bind(const Op&, Run&& run)
// calling run(block) once with a callable block(out, i, sources...) chosen for that
// attribute, so the choice is made once per span rather than per block. `paired = true` asks
// the traversal for two blocks per loop iteration (simd/apply.hpp).
// A kernel that vectorises only some attribute values says
//   static bool accepts(const Op&)
// and the fast path runs the golden traversal for the others. Where no kernel exists for a
// combination, the fast path runs the golden kernels.

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <utility>

#include "dmlref/core/isa.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

template <class Op, class Out, class... Ins>
struct kernel {
  static constexpr bool available = false;
};

namespace detail_kernel {
template <class Kernel, class Op, class = void>
struct has_accepts : std::false_type {};
template <class Kernel, class Op>
struct has_accepts<Kernel, Op, std::void_t<decltype(Kernel::accepts(std::declval<const Op&>()))>> : std::true_type {};
}  // namespace detail_kernel

/// Whether Kernel computes op (its accepts(op), or always where it has none).
template <class Kernel, class Op>
bool accepts(const Op& op) noexcept {
  if constexpr (detail_kernel::has_accepts<Kernel, Op>::value) {
    return Kernel::accepts(op);
  } else {
    return true;
  }
}

/// Whether a FLOAT32 attribute is finite, read on its bits (a kernel's accepts: an operator
/// whose attribute is Inf or NaN runs golden).
inline bool finite_attribute(float a) noexcept {
  std::uint32_t bits;
  std::memcpy(&bits, &a, 4);
  return (bits & 0x7F800000u) != 0x7F800000u;
}

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
