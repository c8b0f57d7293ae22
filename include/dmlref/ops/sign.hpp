#pragma once
// ELEMENT_WISE_SIGN
//
// Formula      y = -1 if x < 0, +1 if x > 0, else 0.
// Specials     NaN -> 0; -0 -> +0; +-Inf -> +-1. Unsigned types give 0 or 1.
// Rounding     none: the result is exact for every type.
// Undefined    nothing.
// Support      InputTensor and OutputTensor share one data type.
//              2_0: FLOAT32, FLOAT16.  2_1: + INT32, INT16, INT8, UINT32, UINT16, UINT8.
//              4_1: + INT64, UINT64.   Dimensions: 4 before 3_0, 1 to 8 from 3_0.
//              No ScaleBias. OutputTensor may alias InputTensor (in place).
// Budgets      golden: exact. fast: exact (fast_ulp_budget 0). Default comparison: exact.

#include <array>
#include <cstdint>
#include <type_traits>

#include "dmlref/core/tolerance.hpp"
#include "dmlref/dml/directml_types.hpp"
#include "dmlref/math/real.hpp"
#include "dmlref/ops/families.hpp"
#include "dmlref/ops/operator_traits.hpp"
#include "dmlref/ops/support.hpp"
#include "dmlref/ops/unverified.hpp"

namespace dmlref::ops {

struct sign : unary<sign, support_table<since<feature_level::level_2_0, float_elements>,
                                        since<feature_level::level_2_1, int_elements_8_to_32>,
                                        since<feature_level::level_4_1, int_elements_64>>> {
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ELEMENT_WISE_SIGN;
  static sign from_attributes(const dml::attribute_values&) noexcept { return {}; }

  // Budgets.
  static constexpr std::uint64_t fast_ulp_budget(data_type) noexcept { return 0; }
  static constexpr tolerance default_tolerance(const operation_types&) noexcept { return tolerance::exact(); }

  /// Report note: NaN's 0 reads the page's "otherwise" as covering NaN.
  const char* unverified_note(const operation_types&, const double* in) const noexcept {
    return unverified::is_nan(in[0]) ? "SIGN of NaN is 0: NaN read as falling under the page's \"otherwise\" [unverified]"
                                     : nullptr;
  }

  /// Golden: the exact sign, from the bits for floats: +-1 (x's sign bit on the bit pattern
  /// of 1) for every number but zero, NaN and +-0 give +0.
  template <class T>
  T operator()(T x) const noexcept {
    if constexpr (is_float_element_v<T>) {
      using F = typename math::format_of<T>::type;
      using bits_type = typename F::bits_type;
      constexpr auto one = static_cast<bits_type>(bits_type{F::bias} << F::mantissa_bits);
      const bits_type bits = math::bits_of(x);
      const auto magnitude = static_cast<bits_type>(bits & ~F::sign_mask);
      const bool nonzero_number = magnitude != 0 && magnitude <= F::infinity;
      return math::from_bits<T>(nonzero_number ? static_cast<bits_type>((bits & F::sign_mask) | one) : bits_type{0});
    } else if constexpr (std::is_signed_v<T>) {
      return static_cast<T>(x < 0 ? -1 : x > 0 ? 1 : 0);
    } else {
      return static_cast<T>(x > 0 ? 1 : 0);
    }
  }
  template <class T>
  bool defined(T) const noexcept {
    return true;
  }
};

}  // namespace dmlref::ops
