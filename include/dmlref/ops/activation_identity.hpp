#pragma once
// ACTIVATION_IDENTITY
//
// Formula      y = x: every bit pattern copied as it is (signed zeros, NaN payloads and
//              signs).
// Rounding     none: the result is exact.
// Undefined    nothing.
// Support      InputTensor and OutputTensor share one data type.
//              1_0: FLOAT32, FLOAT16. Dimensions: 4 before 3_0 (DirectML's 2_0 table says
//              4 to 5; dmlref keeps its shared rule of exactly 4), 1 to 8 from 3_0. No
//              attributes (ELEMENT_WISE_IDENTITY is the one with ScaleBias and integers).
//              OutputTensor may alias InputTensor (in place).
// Budgets      golden: exact. fast: exact (fast_ulp_budget 0). Default comparison: exact.

#include <cstdint>

#include "dmlref/core/tolerance.hpp"
#include "dmlref/ops/families.hpp"
#include "dmlref/ops/support.hpp"

namespace dmlref::ops {

struct activation_identity
    : unary<activation_identity, support_table<since<feature_level::level_1_0, float_elements>>> {
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ACTIVATION_IDENTITY;
  static activation_identity from_attributes(const dml::attribute_values&) noexcept { return {}; }

  // Budgets.
  static constexpr std::uint64_t fast_ulp_budget(data_type) noexcept { return 0; }
  static constexpr tolerance default_tolerance(const operation_types&) noexcept { return tolerance::exact(); }

  /// Golden.
  template <class T>
  T operator()(T x) const noexcept {
    return x;
  }
  template <class T>
  bool defined(T) const noexcept {
    return true;
  }
};

}  // namespace dmlref::ops
