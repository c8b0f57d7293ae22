#pragma once
// ELEMENT_WISE_LOGICAL_LESS_THAN
//
// Formula      y = 1 if a < b, else 0, written as the output type (UINT8 or UINT32).
// Specials     IEEE 754's ordering: any NaN operand gives 0; -0 < +0 is 0 (zeros are
//              equal); every finite number < +Inf.
//              Decided on the bits, so compiler flags and denormal modes change nothing.
// Rounding     none: the result is exact.
// Undefined    nothing.
// Support      ATensor and BTensor share one data type; OutputTensor is UINT32 or UINT8.
//              1_0: FLOAT32, FLOAT16 -> UINT32.  2_0: -> UINT8 too.
//              2_1: + INT32, INT16, INT8, UINT32, UINT16, UINT8.  4_1: + INT64, UINT64.
//              Dimensions: 4 before 3_0, 1 to 8 from 3_0. No attributes. Not in place.
// Budgets      golden: exact. fast: exact (fast_ulp_budget 0). Default comparison: exact.

#include <cstdint>

#include "dmlref/core/tolerance.hpp"
#include "dmlref/ops/families.hpp"
#include "dmlref/ops/ordering.hpp"
#include "dmlref/ops/support.hpp"

namespace dmlref::ops {

struct logical_less_than
    : comparison<logical_less_than,
                 support_table<since<feature_level::level_1_0, float_elements>,
                               since<feature_level::level_2_1, int_elements_8_to_32>,
                               since<feature_level::level_4_1, int_elements_64>>,
                 support_table<since<feature_level::level_1_0, type_list<std::uint32_t>>,
                               since<feature_level::level_2_0, type_list<std::uint8_t>>>> {
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ELEMENT_WISE_LOGICAL_LESS_THAN;
  static logical_less_than from_attributes(const dml::attribute_values&) noexcept { return {}; }

  // Budgets.
  static constexpr std::uint64_t fast_ulp_budget(data_type) noexcept { return 0; }
  static constexpr tolerance default_tolerance(const operation_types&) noexcept { return tolerance::exact(); }

  /// Golden: the flag, which the traversal writes as the output type (true -> 1).
  template <class T>
  bool operator()(T a, T b) const noexcept {
    return less(a, b);
  }
  template <class T>
  bool defined(T, T) const noexcept {
    return true;
  }
};

}  // namespace dmlref::ops
