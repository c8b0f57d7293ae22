#pragma once
// ELEMENT_WISE_LOGICAL_XOR
//
// Formula      y = 1 if exactly one of a and b is nonzero, else 0. Any nonzero element counts as true, not
//              only 1.
// Rounding     none: the result is exact.
// Undefined    nothing.
// Support      ATensor, BTensor and OutputTensor share one data type.
//              1_0: UINT32.  2_0: + UINT8.  Dimensions: 4 before 3_0, 1 to 8 from 3_0.
//              No attributes. OutputTensor may alias ATensor, BTensor or both (in place).
// Budgets      golden: exact. fast: exact (fast_ulp_budget 0). Default comparison: exact.

#include "dmlref/dml/directml_types.hpp"
#include "dmlref/ops/families.hpp"

namespace dmlref::ops {

struct logical_xor : logical_connective<logical_xor> {
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ELEMENT_WISE_LOGICAL_XOR;

  /// Golden: 1 or 0 in the tensors' type.
  template <class T>
  T operator()(T a, T b) const noexcept {
    return static_cast<T>((a != 0) != (b != 0) ? 1 : 0);
  }
};

}  // namespace dmlref::ops
