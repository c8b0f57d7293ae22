#pragma once
// ELEMENT_WISE_MIN
//
// Formula      y = min(a, b).
// Specials     IEEE 754-2019's minimumNumber: a NaN operand gives the other operand (as HLSL's
//              min and Direct3D's rules do), two NaNs give ATensor's NaN unchanged; -0 is
//              below +0, so min(-0, +0) = -0 ([unverified]: Direct3D lets min and max return
//              either zero). The result is always one of the operands' bit patterns. Decided
//              on the bits, under any compiler flag or denormal mode.
// Rounding     none: the result is exact.
// Integers     exact.
// Undefined    nothing.
// Support      ATensor, BTensor and OutputTensor share one data type.
//              1_0: FLOAT32, FLOAT16.  2_1: + INT32, INT16, INT8, UINT32, UINT16, UINT8.
//              5_0: + INT64, UINT64.  Dimensions: 4 before 3_0, 1 to 8 from 3_0.
//              No attributes. OutputTensor may alias ATensor, BTensor or both (in place).
// Budgets      golden: exact. fast: exact (fast_ulp_budget 0). Default comparison: exact.

#include <cstdint>

#include "dmlref/core/tolerance.hpp"
#include "dmlref/dml/directml_types.hpp"
#include "dmlref/ops/families.hpp"
#include "dmlref/ops/max.hpp"
#include "dmlref/ops/support.hpp"

namespace dmlref::ops {

struct min : binary<min, support_table<since<feature_level::level_1_0, float_elements>,
                                       since<feature_level::level_2_1, int_elements_8_to_32>,
                                       since<feature_level::level_5_0, int_elements_64>>> {
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ELEMENT_WISE_MIN;
  static min from_attributes(const dml::attribute_values&) noexcept { return {}; }

  // Budgets.
  static constexpr std::uint64_t fast_ulp_budget(data_type) noexcept { return 0; }
  static constexpr tolerance default_tolerance(const operation_types&) noexcept { return tolerance::exact(); }

  /// Golden: one of the operands, chosen on the bits.
  template <class T>
  T operator()(T a, T b) const noexcept {
    return detail_min_max::pick<false>(a, b);
  }
  template <class T>
  bool defined(T, T) const noexcept {
    return true;
  }
};

}  // namespace dmlref::ops
