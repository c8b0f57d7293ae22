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

#include <cstdint>
#include <type_traits>

#include "dmlref/core/tolerance.hpp"
#include "dmlref/math/real.hpp"
#include "dmlref/ops/support.hpp"

namespace dmlref::ops {

struct sign {
  static constexpr const char* dml_name = "ELEMENT_WISE_SIGN";
  static constexpr feature_level introduced = feature_level::level_2_0;
  static constexpr bool allows_in_place = true;

  static constexpr type_set supported_types(feature_level level) noexcept {
    type_set types = float_types;
    if (at_least(level, feature_level::level_2_1)) types = types | int_types_8_to_32;
    if (at_least(level, feature_level::level_4_1)) types = types | int_types_64;
    return types;
  }
  static status check_support(feature_level level, data_type input, data_type output) {
    if (auto s = check_type(input, supported_types(level), "InputTensor", dml_name, level); !s.ok()) return s;
    return check_same_type(output, input, "OutputTensor", "InputTensor", dml_name);
  }

  static constexpr std::uint64_t fast_ulp_budget(data_type) noexcept { return 0; }
  static constexpr tolerance default_tolerance(data_type) noexcept { return tolerance::exact(); }

  /// Golden: the exact sign, read through the bits for floats.
  template <class T>
  T operator()(T x) const noexcept {
    if constexpr (is_float_element_v<T>) {
      const auto v = math::to_real(x);
      math::real r;  // zero for NaN and +-0
      if (v.cls != math::fp_class::nan && v.cls != math::fp_class::zero) {
        r.cls = math::fp_class::normal;
        r.negative = v.negative;
        r.magnitude = {false, 1, 0, false};
      }
      return math::round_real<T>(r);
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
