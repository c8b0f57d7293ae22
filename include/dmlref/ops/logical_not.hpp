#pragma once
// ELEMENT_WISE_LOGICAL_NOT
//
// Formula      y = 1 if x is 0, else 0 (any nonzero value is true), in x's own type.
// Rounding     none: the result is exact.
// Undefined    nothing.
// Support      InputTensor and OutputTensor share one data type.
//              1_0: UINT32.  2_0: + UINT8. Dimensions: 4 before 3_0, 1 to 8 from 3_0.
//              No attributes. OutputTensor may alias InputTensor (in place).
// Budgets      golden: exact. fast: exact (fast_ulp_budget 0). Default comparison: exact.

#include <cstdint>

#include "dmlref/core/tolerance.hpp"
#include "dmlref/ops/families.hpp"
#include "dmlref/ops/support.hpp"

namespace dmlref::ops {

struct logical_not : unary<logical_not, support_table<since<feature_level::level_1_0, type_list<std::uint32_t>>,
                                                      since<feature_level::level_2_0, type_list<std::uint8_t>>>> {
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ELEMENT_WISE_LOGICAL_NOT;
  static logical_not from_attributes(const dml::attribute_values&) noexcept { return {}; }

  // Budgets.
  static constexpr std::uint64_t fast_ulp_budget(data_type) noexcept { return 0; }
  static constexpr tolerance default_tolerance(const operation_types&) noexcept { return tolerance::exact(); }

  /// Golden.
  template <class T>
  T operator()(T x) const noexcept {
    return static_cast<T>(x == 0 ? 1 : 0);
  }
  template <class T>
  bool defined(T) const noexcept {
    return true;
  }
};

}  // namespace dmlref::ops
