#pragma once
// ELEMENT_WISE_BIT_AND
//
// Formula      y = a & b, bit by bit on the elements' encodings: the data type gives only
//              the width (a float's sign, exponent and significand bits are bits like any
//              other; a NaN pattern is written as it comes out).
// Rounding     none: the result is exact.
// Undefined    nothing.
// Support      ATensor, BTensor and OutputTensor share one data type.
//              3_0 (where the operator appears): UINT32, UINT16, UINT8.
//              4_1: + FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64. DirectML's 4_1 row
//              lists FLOAT64 too: not in this version (dmlref's operators take no FLOAT64
//              yet). Dimensions: 1 to 8. No attributes. OutputTensor may alias ATensor,
//              BTensor or both (in place).
// Budgets      golden: exact. fast: exact (fast_ulp_budget 0). Default comparison: exact.

#include "dmlref/dml/directml_types.hpp"
#include "dmlref/ops/bitwise.hpp"

namespace dmlref::ops {

struct bit_and : bitwise<bit_and> {
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ELEMENT_WISE_BIT_AND;

  /// The formula, on two encodings or two batches of encoding lanes.
  template <class X>
  static auto combine(X a, X b) noexcept {
    return a & b;
  }
};

}  // namespace dmlref::ops
