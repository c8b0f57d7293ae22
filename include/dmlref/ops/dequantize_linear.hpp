#pragma once
// ELEMENT_WISE_DEQUANTIZE_LINEAR
//
// Formula      y = (x - ZeroPoint) * Scale. The difference is exact (64-bit integers), the
//              product exact, then one rounding to the output type, to nearest with ties
//              to even. Without a ZeroPointTensor (allowed from 6_2) ZeroPoint is 0.
// Specials     NaN and +-Inf scales propagate by IEEE rules ((x - z) * Inf is NaN when
//              x = z). The sign of a zero result is the product's sign.
// Undefined    (not compared) elements whose Scale is +-0; the golden path writes the
//              signed zero the product gives.
// Support      InputTensor and ZeroPointTensor share a data type; ScaleTensor and
//              OutputTensor share a data type.
//              1_0: UINT8 -> FLOAT32.  2_1: INT32, INT16, INT8, UINT32, UINT16, UINT8 ->
//              FLOAT32.  6_0: -> FLOAT16 too.  6_2: ZeroPointTensor optional.
//              Never 4-bit or 64-bit types. Dimensions: 4 before 3_0, 1 to 8 from 3_0.
//              No ScaleBias. The output may not alias any input.
// Budgets      golden: 0 ULP from the exact result. fast: 1 ULP from golden.
//              Default comparison: 1 ULP.

#include <cstdint>

#include "dmlref/core/tolerance.hpp"
#include "dmlref/math/exact_arith.hpp"
#include "dmlref/ops/support.hpp"

namespace dmlref::ops {

struct dequantize_linear {
  static constexpr const char* dml_name = "ELEMENT_WISE_DEQUANTIZE_LINEAR";
  static constexpr feature_level introduced = feature_level::level_1_0;
  static constexpr bool allows_in_place = false;

  static constexpr type_set input_types(feature_level level) noexcept {
    return at_least(level, feature_level::level_2_1) ? int_types_8_to_32 : type_set{data_type::uint8};
  }
  static constexpr type_set output_types(feature_level level) noexcept {
    return at_least(level, feature_level::level_6_0) ? float_types : type_set{data_type::float32};
  }
  static constexpr bool zero_point_optional(feature_level level) noexcept {
    return at_least(level, feature_level::level_6_2);
  }
  /// has_zero_point false means no ZeroPointTensor; zero_point is then ignored.
  static status check_support(feature_level level, data_type input, data_type scale,
                              bool has_zero_point, data_type zero_point, data_type output) {
    if (auto s = check_type(input, input_types(level), "InputTensor", dml_name, level); !s.ok()) return s;
    if (auto s = check_type(scale, output_types(level), "ScaleTensor", dml_name, level); !s.ok()) return s;
    if (!has_zero_point && !zero_point_optional(level)) {
      return status::error(errc::missing_binding, "ZeroPointTensor", "",
                           std::string(dml_name) + " requires a ZeroPointTensor before feature level 6_2");
    }
    if (has_zero_point) {
      if (auto s = check_same_type(zero_point, input, "ZeroPointTensor", "InputTensor", dml_name); !s.ok()) {
        return s;
      }
    }
    return check_same_type(output, scale, "OutputTensor", "ScaleTensor", dml_name);
  }
  static constexpr std::uint64_t fast_ulp_budget(data_type) noexcept { return 1; }
  static constexpr tolerance default_tolerance(data_type) noexcept { return tolerance::ulp(1); }

  /// Golden, for In an integer type and Out (the scale's type) float or float16.
  template <class In, class Out>
  Out operator()(In x, Out scale, In zero_point) const noexcept {
    const auto difference = static_cast<std::int64_t>(x) - static_cast<std::int64_t>(zero_point);
    return math::round_real<Out>(math::multiply(math::to_real(difference), math::to_real(scale)));
  }
  template <class In, class Out>
  bool defined(In, Out scale, In) const noexcept {
    return !math::to_real(scale).is_zero();
  }
};

}  // namespace dmlref::ops
