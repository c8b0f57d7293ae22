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
// Where no kernel exists for a combination, the fast path runs the golden kernels.

#include <cstddef>

namespace dmlref::simd {

template <class Op, class Out, class... Ins>
struct kernel {
  static constexpr bool available = false;
};

}  // namespace dmlref::simd
