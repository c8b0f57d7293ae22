#pragma once
// ELEMENT_WISE_BIT_SHIFT_RIGHT
//
// Formula      y = a >> b: a's bits moved right by b places, zeros shifted in (a logical
//              shift), the bits moved past the type's width dropped.
// Rounding     none: the result is exact.
// Undefined    elements whose b is at least the type's width (8, 16, 32 or 64): a C or
//              HLSL shift leaves them undefined or takes b modulo the width ([unverified]
//              what a GPU writes; DirectML does not say). Golden writes 0 there.
// Support      ATensor, BTensor and OutputTensor share one data type.
//              2_1 (where the operator appears): UINT32, UINT16, UINT8.  4_1: + UINT64.
//              Dimensions: 4 before 3_0, 1 to 8 from 3_0. No attributes.
//              OutputTensor may alias ATensor, BTensor or both (in place).
// Budgets      golden: exact. fast: exact (fast_ulp_budget 0). Default comparison: exact.

#include <cstdint>
#include <limits>
#include <type_traits>

#include "dmlref/core/tolerance.hpp"
#include "dmlref/dml/directml_types.hpp"
#include "dmlref/ops/families.hpp"
#include "dmlref/ops/support.hpp"

namespace dmlref::ops {

struct bit_shift_right
    : binary<bit_shift_right, support_table<since<feature_level::level_2_1, type_list<std::uint32_t, std::uint16_t, std::uint8_t>>,
                                    since<feature_level::level_4_1, type_list<std::uint64_t>>>> {
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ELEMENT_WISE_BIT_SHIFT_RIGHT;
  static bit_shift_right from_attributes(const dml::attribute_values&) noexcept { return {}; }

  // Budgets.
  static constexpr std::uint64_t fast_ulp_budget(data_type) noexcept { return 0; }
  static constexpr tolerance default_tolerance(const operation_types&) noexcept { return tolerance::exact(); }

  /// Golden: the shifted bits (0 where b is at least the width: undefined).
  template <class T>
  T operator()(T a, T b) const noexcept {
    if (!defined(a, b)) return 0;
    using W = std::conditional_t<(sizeof(T) <= 4), std::uint32_t, std::uint64_t>;  // no signed promotion
    return static_cast<T>(static_cast<W>(a) >> b);
  }
  template <class T>
  bool defined(T, T b) const noexcept {
    return b < static_cast<T>(std::numeric_limits<T>::digits);
  }
};

}  // namespace dmlref::ops
