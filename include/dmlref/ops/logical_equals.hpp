#pragma once
// ELEMENT_WISE_LOGICAL_EQUALS
//
// Formula      y = 1 if a == b, else 0, written as the output type (UINT8 or UINT32).
// Specials     IEEE 754's equality: any NaN operand gives 0 (NaN is unequal even to
//              itself); -0 == +0 is 1; a subnormal is unequal to 0.
//              Decided on the bits, so compiler flags and denormal modes change nothing.
// Rounding     none: the result is exact.
// Undefined    nothing.
// Support      ATensor and BTensor share one data type; OutputTensor is UINT32 or UINT8.
//              1_0: FLOAT32, FLOAT16 -> UINT32.  2_0: -> UINT8 too.
//              2_1: + INT32, INT16, INT8, UINT32, UINT16, UINT8.  4_1: + INT64, UINT64.
//              Dimensions: 4 before 3_0, 1 to 8 from 3_0. No attributes. Not in place.
// Budgets      golden: exact. fast: exact (fast_ulp_budget 0). Default comparison: exact.

#include "dmlref/ops/families.hpp"
#include "dmlref/ops/ordering.hpp"

namespace dmlref::ops {

struct logical_equals : relation<logical_equals, relation_inputs_1_0, relation_flags_1_0> {
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ELEMENT_WISE_LOGICAL_EQUALS;

  /// Golden: the flag, which the traversal writes as the output type (true -> 1).
  template <class T>
  bool operator()(T a, T b) const noexcept {
    return equal(a, b);
  }
};

}  // namespace dmlref::ops
