#pragma once
// ELEMENT_WISE_DEQUANTIZE_LINEAR in vector lanes (contract: ops/dequantize_linear.hpp).
// Budget: 1 ULP from golden.
// - 8- and 16-bit inputs: x - z is exact in float lanes, and the product rounds once: the
//   FLOAT32 result is the golden one; FLOAT16 rounds a second time (within 1 ULP).
// - 32-bit inputs: x - z is exact in double lanes, the product rounds in double, then once
//   more to the output (within 1 ULP).

#include <cstdint>
#include <type_traits>

#include "dmlref/ops/dequantize_linear.hpp"
#include "dmlref/simd/kernel.hpp"
#include "dmlref/simd/lanes.hpp"

namespace dmlref::simd {

template <class S, class In>
struct kernel<ops::dequantize_linear, S, In, S, In> {
  static constexpr bool available = std::is_same_v<S, float> || std::is_same_v<S, float16>;
  static constexpr std::size_t step = width;

  template <class InputSource, class ScaleSource, class ZeroSource>
  static void block(const ops::dequantize_linear&, S* out, std::size_t i, InputSource x, ScaleSource scale,
                    ZeroSource zero_point) noexcept {
    if constexpr (sizeof(In) <= 2) {
      store_floats(out + i, (load_floats(x, i) - load_floats(zero_point, i)) * load_floats(scale, i));
    } else {
      doubles x0, x1, z0, z1, s0, s1;
      load_doubles(x, i, x0, x1);
      load_doubles(zero_point, i, z0, z1);
      load_doubles(scale, i, s0, s1);
      store_floats(out + i, narrow((x0 - z0) * s0, (x1 - z1) * s1));
    }
  }
};

}  // namespace dmlref::simd
