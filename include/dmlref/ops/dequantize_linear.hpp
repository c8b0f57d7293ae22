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

#include <array>
#include <cstdint>

#include "dmlref/core/tolerance.hpp"
#include "dmlref/dml/directml_types.hpp"
#include "dmlref/math/exact_arith.hpp"
#include "dmlref/ops/operator_traits.hpp"
#include "dmlref/ops/support.hpp"

namespace dmlref::ops {

struct dequantize_linear {
  // Identity.
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ELEMENT_WISE_DEQUANTIZE_LINEAR;

  // Tensors, inputs in descriptor order then the output (the schema names them).
  struct slot {
    enum : std::size_t { input, scale, zero_point, output };
  };
  static dequantize_linear from_attributes(const dml::attribute_values&) noexcept { return {}; }

  // Support table.
  using input_support = support_table<since<feature_level::level_1_0, type_list<std::uint8_t>>,
                                      since<feature_level::level_2_1, int_elements_8_to_32>>;
  using output_support = support_table<since<feature_level::level_1_0, type_list<float>>,
                                       since<feature_level::level_6_0, type_list<float16>>>;
  static constexpr type_set input_types(feature_level level) noexcept { return input_support::at(level); }
  static constexpr type_set output_types(feature_level level) noexcept { return output_support::at(level); }
  static constexpr bool zero_point_optional(feature_level level) noexcept {
    return at_least(level, feature_level::level_6_2);
  }
  static status check_support(feature_level level, const operation_types& t) {
    if (auto s = check_type(t.type[slot::input], input_types(level), "InputTensor", name_of<dequantize_linear>, level); !s.ok()) return s;
    if (auto s = check_type(t.type[slot::scale], output_types(level), "ScaleTensor", name_of<dequantize_linear>, level); !s.ok()) return s;
    if (!t.present[slot::zero_point] && !zero_point_optional(level)) {
      return status::error(errc::missing_binding, "ZeroPointTensor", "",
                           std::string(name_of<dequantize_linear>) + " requires a ZeroPointTensor before feature level 6_2");
    }
    if (t.present[slot::zero_point]) {
      if (auto s = check_same_type(t.type[slot::zero_point], t.type[slot::input], "ZeroPointTensor", "InputTensor", name_of<dequantize_linear>);
          !s.ok()) {
        return s;
      }
    }
    return check_same_type(t.type[slot::output], t.type[slot::scale], "OutputTensor", "ScaleTensor", name_of<dequantize_linear>);
  }
  static constexpr bool allows_in_place = false;

  // Dispatch: InputTensor's type In and ScaleTensor's type S; operands (output first) of
  // types operand_types<In, S>. An absent ZeroPointTensor reads as a broadcast 0.
  static constexpr std::array<std::size_t, 2> dispatch_slots{slot::input, slot::scale};
  using dispatch_lists = type_list<input_support::elements, output_support::elements>;
  template <class In, class S>
  using operand_types = type_list<S, In, S, In>;

  // Budgets.
  static constexpr std::uint64_t fast_ulp_budget(data_type) noexcept { return 1; }
  static constexpr tolerance default_tolerance(const operation_types&) noexcept { return tolerance::ulp(1); }

  /// Golden, for In an integer type and Out (the scale's type) float or float16.
  template <class In, class Out>
  Out operator()(In x, Out scale, In zero_point) const noexcept {
    // |x - zero_point| < 2^32: within multiply_rounded's reach.
    return math::multiply_rounded(static_cast<std::int64_t>(x) - static_cast<std::int64_t>(zero_point), scale);
  }
  template <class In, class Out>
  bool defined(In, Out scale, In) const noexcept {
    using F = typename math::format_of<Out>::type;
    return (math::bits_of(scale) & ~F::sign_mask) != 0;
  }
};

}  // namespace dmlref::ops
