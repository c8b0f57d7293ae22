#pragma once
// ELEMENT_WISE_BIT_NOT
//
// Formula      y = ~x on the element's encoding: every bit of its width flipped, whatever its
//              data type (DirectML: the type only gives the width). Floats are flipped as
//              bit patterns (~+0.0f = 0xFFFFFFFF, a NaN), integers as two's complement
//              (~x = -x - 1 for signed types).
// Rounding     none: the result is exact.
// Undefined    nothing (every result is a bit pattern; one that is a NaN is compared by
//              class unless the comparison asks for the same bits).
// Support      InputTensor and OutputTensor share one data type.
//              3_0: UINT32, UINT16, UINT8.  4_1: + FLOAT32, FLOAT16, INT64, INT32, INT16,
//              INT8, UINT64 (DirectML adds FLOAT64 there too, which dmlref does not compute
//              yet). Dimensions: 1 to 8. OutputTensor may alias InputTensor (in place).
// Budgets      golden: exact. fast: exact (fast_ulp_budget 0). Default comparison: exact.

#include <cstdint>

#include "dmlref/core/tolerance.hpp"
#include "dmlref/math/real.hpp"
#include "dmlref/ops/families.hpp"
#include "dmlref/ops/support.hpp"

namespace dmlref::ops {

struct bit_not
    : unary<bit_not, support_table<since<feature_level::level_3_0, type_list<std::uint32_t, std::uint16_t, std::uint8_t>>,
                                   since<feature_level::level_4_1, float_elements,
                                         type_list<std::int64_t, std::int32_t, std::int16_t, std::int8_t, std::uint64_t>>>> {
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ELEMENT_WISE_BIT_NOT;
  static bit_not from_attributes(const dml::attribute_values&) noexcept { return {}; }

  // Budgets.
  static constexpr std::uint64_t fast_ulp_budget(data_type) noexcept { return 0; }
  static constexpr tolerance default_tolerance(const operation_types&) noexcept { return tolerance::exact(); }

  /// Golden: the encoding's bits flipped.
  template <class T>
  T operator()(T x) const noexcept {
    if constexpr (is_float_element_v<T>) {
      using B = typename math::format_of<T>::type::bits_type;
      return math::from_bits<T>(static_cast<B>(~math::bits_of(x)));
    } else {
      return static_cast<T>(~x);
    }
  }
  template <class T>
  bool defined(T) const noexcept {
    return true;
  }
};

}  // namespace dmlref::ops
