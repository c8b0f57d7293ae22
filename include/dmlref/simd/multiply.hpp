#pragma once
// ELEMENT_WISE_MULTIPLY in vector lanes (contract: ops/multiply.hpp). Exact for every type,
// as ADD's kernel (simd/add.hpp): one IEEE multiplication in FLOAT32 lanes (FLOAT16's
// product exact there, then rounded once), NaN lanes made canonical, integers wrapping
// (the low bits of the product).

#include <cstddef>

#include "dmlref/core/isa.hpp"
#include "dmlref/ops/multiply.hpp"
#include "dmlref/simd/add.hpp"
#include "dmlref/simd/kernel.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

namespace detail_arithmetic {
struct times {
  template <class V>
  static V apply(V x, V y) noexcept {
    return x * y;
  }
};
}  // namespace detail_arithmetic

template <class T>
struct kernel<ops::multiply, T, T, T> {
  static constexpr bool available = true;
  static constexpr std::size_t step = detail_arithmetic::step_of<T>;
  static constexpr bool paired = true;

  template <class A, class B>
  static void block(const ops::multiply&, T* out, std::size_t i, A a, B b) noexcept {
    detail_arithmetic::block<detail_arithmetic::times>(out, i, a, b);
  }
};

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
