#pragma once
// ELEMENT_WISE_ADD1 in vector lanes (contract: ops/add1.hpp): without a FusedActivation,
// ADD's lanes (simd/add.hpp), exact; with one, the call runs the golden traversal (ADD's
// rounded sum, then the activation's golden).

#include <cstddef>

#include "dmlref/core/isa.hpp"
#include "dmlref/ops/add1.hpp"
#include "dmlref/simd/add.hpp"
#include "dmlref/simd/kernel.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

template <class T>
struct kernel<ops::add1, T, T, T> {
  static constexpr bool available = true;
  static constexpr std::size_t step = detail_arithmetic::step_of<T>;
  static constexpr bool paired = true;

  static bool accepts(const ops::add1& op) noexcept { return !op.activation; }

  template <class A, class B>
  static void block(const ops::add1&, T* out, std::size_t i, A a, B b) noexcept {
    detail_arithmetic::block<detail_arithmetic::plus>(out, i, a, b);
  }
};

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
