#pragma once
// ELEMENT_WISE_ROUND in vector lanes (contract: ops/round.hpp): exact, in integer lanes on
// FLOAT32 bit patterns (simd/rounding.hpp), the rounding chosen once per span.

#include <cstddef>
#include <type_traits>

#include "dmlref/core/isa.hpp"
#include "dmlref/ops/round.hpp"
#include "dmlref/simd/kernel.hpp"
#include "dmlref/simd/rounding.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

template <class T>
struct kernel<ops::round, T, T> {
  static constexpr bool available = true;
  static constexpr std::size_t step = floats::size;
  static constexpr bool paired = true;
  static constexpr bool binds = true;

  template <class Run>
  static void bind(const ops::round& op, Run&& run) {
    using ops::integral_rounding;
    const auto with = [&](auto mode) {
      run([](T* out, std::size_t i, auto in) { rounding_kernel<decltype(mode)::value, T>::apply(out, i, in); });
    };
    switch (ops::round::rounding_of(op.rounding_mode)) {
      case integral_rounding::toward_zero:
        with(std::integral_constant<integral_rounding, integral_rounding::toward_zero>{});
        break;
      case integral_rounding::nearest_away:
        with(std::integral_constant<integral_rounding, integral_rounding::nearest_away>{});
        break;
      default: with(std::integral_constant<integral_rounding, integral_rounding::nearest_even>{}); break;
    }
  }
};

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
