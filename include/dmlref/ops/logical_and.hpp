#pragma once
// ELEMENT_WISE_LOGICAL_AND
//
// Formula      y = 1 if a != 0 and b != 0, else 0. Any nonzero element counts as true, not
//              only 1.
// Rounding     none: the result is exact.
// Undefined    nothing.
// Support      ATensor, BTensor and OutputTensor share one data type.
//              1_0: UINT32.  2_0: + UINT8.  Dimensions: 4 before 3_0, 1 to 8 from 3_0.
//              No attributes. OutputTensor may alias ATensor, BTensor or both (in place).
// Budgets      golden: exact. fast: exact (fast_ulp_budget 0). Default comparison: exact.

#include <cstdint>

#include "dmlref/core/tolerance.hpp"
#include "dmlref/dml/directml_types.hpp"
#include "dmlref/ops/families.hpp"
#include "dmlref/ops/support.hpp"

namespace dmlref::ops {

struct logical_and : binary<logical_and, support_table<since<feature_level::level_1_0, type_list<std::uint32_t>>,
                                               since<feature_level::level_2_0, type_list<std::uint8_t>>>> {
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ELEMENT_WISE_LOGICAL_AND;
  static logical_and from_attributes(const dml::attribute_values&) noexcept { return {}; }

  // Budgets.
  static constexpr std::uint64_t fast_ulp_budget(data_type) noexcept { return 0; }
  static constexpr tolerance default_tolerance(const operation_types&) noexcept { return tolerance::exact(); }

  /// Golden: 1 or 0 in the tensors' type.
  template <class T>
  T operator()(T a, T b) const noexcept {
    return static_cast<T>((a != 0) && (b != 0) ? 1 : 0);
  }
  template <class T>
  bool defined(T, T) const noexcept {
    return true;
  }
};

}  // namespace dmlref::ops
