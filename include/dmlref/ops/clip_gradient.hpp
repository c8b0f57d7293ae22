#pragma once
// The family of CLIP_GRAD and CLIP_GRAD1: what they share, stated once.
//
//   clip_gradient<Op, Support>
//     a binary operator (InputTensor x, InputGradientTensor -> OutputGradientTensor) over
//     Support, in place over InputTensor only, exact, every element defined; golden: 0 where
//     x is at or below Min or at or above Max (compared on the bits, ops/ordering.hpp), the
//     gradient elsewhere. Op::bounds<T>() gives Min and Max as elements of T, an empty one
//     bounding nothing on its side. The operator states dml_type, its attributes and bounds.

#include <cstdint>
#include <optional>
#include <utility>

#include "dmlref/ops/budgets.hpp"
#include "dmlref/ops/families.hpp"
#include "dmlref/ops/ordering.hpp"

namespace dmlref::ops {

template <class Op, class Support>
struct clip_gradient : with_budgets<binary<Op, Support>, exact_budgets> {
  static constexpr std::uint32_t in_place_inputs = 1u << binary<Op, Support>::slot::a;  // InputTensor only

  /// Golden.
  template <class T>
  T operator()(T x, T gradient) const noexcept {
    const std::pair<std::optional<T>, std::optional<T>> b = static_cast<const Op&>(*this).template bounds<T>();
    const bool at_or_below = b.first && (less(x, *b.first) || equal(x, *b.first));
    const bool at_or_above = b.second && (less(*b.second, x) || equal(x, *b.second));
    return at_or_below || at_or_above ? T{} : gradient;
  }
  template <class T>
  bool defined(T, T) const noexcept {
    return true;
  }
};

}  // namespace dmlref::ops
