#pragma once
// ELEMENT_WISE_LOGICAL_GREATER_THAN_OR_EQUAL
//
// Formula      y = 1 if a >= b, else 0, written as the output type (UINT8 or UINT32).
// Specials     IEEE 754's ordering: any NaN operand gives 0 (so a >= b is not the
//              negation of a < b); -0 >= +0 is 1.
//              Decided on the bits, so compiler flags and denormal modes change nothing.
// Rounding     none: the result is exact.
// Undefined    nothing.
// Support      ATensor and BTensor share one data type; OutputTensor is UINT32 or UINT8.
//              3_0 (where the operator appears): FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32,
//              UINT16, UINT8 -> UINT32 or UINT8.  4_1: + INT64, UINT64.
//              Dimensions: 1 to 8. No attributes. Not in place.
// Budgets      golden: exact. fast: exact (fast_ulp_budget 0). Default comparison: exact.

#include "dmlref/ops/families.hpp"
#include "dmlref/ops/ordering.hpp"

namespace dmlref::ops {

struct logical_greater_than_or_equal
    : relation<logical_greater_than_or_equal, relation_inputs_3_0, relation_flags_3_0> {
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ELEMENT_WISE_LOGICAL_GREATER_THAN_OR_EQUAL;

  /// Golden: the flag, which the traversal writes as the output type (true -> 1).
  template <class T>
  bool operator()(T a, T b) const noexcept {
    return less(b, a) || equal(a, b);
  }
};

}  // namespace dmlref::ops
