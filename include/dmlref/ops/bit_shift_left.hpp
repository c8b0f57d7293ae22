#pragma once
// ELEMENT_WISE_BIT_SHIFT_LEFT
//
// Formula      y = a << b: a's bits moved left by b places, zeros shifted in (a logical
//              shift), the bits moved past the type's width dropped.
// Rounding     none: the result is exact.
// Undefined    elements whose b is at least the type's width (8, 16, 32 or 64): a C or
//              HLSL shift leaves them undefined or takes b modulo the width ([unverified]
//              what a GPU writes; DirectML does not say). Golden writes 0 there.
// Support      ATensor, BTensor and OutputTensor share one data type.
//              2_1 (where the operator appears): UINT32, UINT16, UINT8.  4_1: + UINT64.
//              Dimensions: 4 before 3_0, 1 to 8 from 3_0. No attributes.
//              OutputTensor may alias ATensor, BTensor or both (in place).
// Budgets      golden: exact. fast: exact (fast_ulp_budget 0). Default comparison: exact.

#include "dmlref/dml/directml_types.hpp"
#include "dmlref/ops/families.hpp"

namespace dmlref::ops {

struct bit_shift_left : bit_shift<bit_shift_left> {
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ELEMENT_WISE_BIT_SHIFT_LEFT;

  /// The formula, on one element or a batch of lanes (n below the width).
  template <class X, class N>
  static X shift(X a, N n) noexcept {
    return a << n;
  }
};

}  // namespace dmlref::ops
