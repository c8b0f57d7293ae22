#pragma once
// ELEMENT_WISE_IS_NAN (ops::is_nan_flags; ops::is_nan is the bit classifier of
// ops/ordering.hpp that it applies)
//
// Formula      y = 1 if x is a NaN (IEEE 754: exponent all ones, mantissa nonzero, either
//              sign, quiet or signaling), else 0, written as the output type.
// Specials     +-Inf, +-0 and subnormals give 0. Decided on the bits, so no compiler flag
//              (-ffast-math may assume no NaN) changes a result.
// Rounding     none: the result is exact.
// Undefined    nothing.
// Support      InputTensor: 2_0: FLOAT32, FLOAT16. OutputTensor: 2_0: UINT32, UINT8.
//              Dimensions: 4 before 3_0, 1 to 8 from 3_0. No attributes. Not in place (the
//              page states no aliasing; the output's type is a flag type).
// Budgets      golden: exact. fast: exact (fast_ulp_budget 0). Default comparison: exact.

#include <cstdint>

#include "dmlref/core/tolerance.hpp"
#include "dmlref/ops/families.hpp"
#include "dmlref/ops/ordering.hpp"
#include "dmlref/ops/support.hpp"

namespace dmlref::ops {

struct is_nan_flags
    : predicate<is_nan_flags, support_table<since<feature_level::level_2_0, float_elements>>,
                support_table<since<feature_level::level_2_0, type_list<std::uint32_t, std::uint8_t>>>> {
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ELEMENT_WISE_IS_NAN;
  static is_nan_flags from_attributes(const dml::attribute_values&) noexcept { return {}; }

  // Budgets.
  static constexpr std::uint64_t fast_ulp_budget(data_type) noexcept { return 0; }
  static constexpr tolerance default_tolerance(const operation_types&) noexcept { return tolerance::exact(); }

  /// Golden: the flag, which the traversal writes as the output type (true -> 1).
  template <class T>
  bool operator()(T x) const noexcept {
    return is_nan(x);
  }
  template <class T>
  bool defined(T) const noexcept {
    return true;
  }
};

}  // namespace dmlref::ops
