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
#include "dmlref/ops/operator_traits.hpp"
#include "dmlref/ops/support.hpp"

namespace dmlref::ops {

struct sign {
  // Identity.
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ELEMENT_WISE_SIGN;

  // Tensors, inputs in descriptor order then the output (the schema names them).
  struct slot {
    enum : std::size_t { input, output };
  };
  static sign from_attributes(const dml::attribute_values&) noexcept { return {}; }

  // Support table.
  using input_support = support_table<since<feature_level::level_2_0, float_elements>,
                                      since<feature_level::level_2_1, int_elements_8_to_32>,
                                      since<feature_level::level_4_1, int_elements_64>>;
  static constexpr type_set supported_types(feature_level level) noexcept { return input_support::at(level); }
  static status check_support(feature_level level, const operation_types& t) {
    if (auto s = check_type(t.type[slot::input], supported_types(level), "InputTensor", name_of<sign>, level); !s.ok()) return s;
    return check_same_type(t.type[slot::output], t.type[slot::input], "OutputTensor", "InputTensor", name_of<sign>);
  }
  static constexpr bool allows_in_place = true;

  // Dispatch: InputTensor's type T selects the instantiation; the operands (output first)
  // are then of types operand_types<T>.
  static constexpr std::array<std::size_t, 1> dispatch_slots{slot::input};
  using dispatch_lists = type_list<input_support::elements>;
  template <class T>
  using operand_types = type_list<T, T>;

  // Budgets.
  static constexpr std::uint64_t fast_ulp_budget(data_type) noexcept { return 0; }
  static constexpr tolerance default_tolerance(const operation_types&) noexcept { return tolerance::exact(); }

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
