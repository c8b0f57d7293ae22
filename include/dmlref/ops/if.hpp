#pragma once
// ELEMENT_WISE_IF
//
// Formula      y = a where the condition is nonzero, else b (any nonzero UINT8 selects a).
// Specials     the chosen element is copied bit for bit: a NaN keeps its sign and payload,
//              a zero its sign.
// Rounding     none: the result is exact.
// Undefined    nothing.
// Support      ConditionTensor is UINT8 at every level; ATensor, BTensor and OutputTensor
//              share one data type.
//              2_0 (where the operator appears): FLOAT16 only, as DirectML's 2_0 row reads
//              ([unverified]: FLOAT32 may have come with FLOAT16; dmlref follows the table).
//              3_0: FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8.
//              5_0: + INT64, UINT64. DirectML's 5_0 row lists FLOAT64 too: not in this
//              version (dmlref's operators take no FLOAT64 yet).
//              Dimensions: 4 before 3_0, 1 to 8 from 3_0. No attributes. Not in place
//              (DirectML's page states no aliasing).
// Budgets      golden: exact. fast: exact (fast_ulp_budget 0). Default comparison: exact.

#include <array>
#include <cstddef>
#include <cstdint>

#include "dmlref/core/tolerance.hpp"
#include "dmlref/dml/directml_types.hpp"
#include "dmlref/ops/families.hpp"
#include "dmlref/ops/operator_traits.hpp"
#include "dmlref/ops/support.hpp"

namespace dmlref::ops {

struct if_ {
  struct slot {
    enum : std::size_t { condition, a, b, output };
  };
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ELEMENT_WISE_IF;
  static if_ from_attributes(const dml::attribute_values&) noexcept { return {}; }

  // Support table: ATensor, BTensor and OutputTensor take these; ConditionTensor is UINT8.
  using value_support = support_table<since<feature_level::level_2_0, type_list<float16>>,
                                      since<feature_level::level_3_0, type_list<float>, int_elements_8_to_32>,
                                      since<feature_level::level_5_0, int_elements_64>>;
  using input_support = value_support;
  static constexpr type_set supported_types(feature_level level) noexcept { return value_support::at(level); }
  static status check_support(feature_level level, const operation_types& t) {
    if (auto s = check_type(t.type[slot::condition], type_set{data_type::uint8},
                            tensor_field_of<if_>(slot::condition).name, name_of<if_>, level);
        !s.ok()) {
      return s;
    }
    return detail::check_one_type<if_, value_support>(level, t, slot::a, slot::output);
  }
  static constexpr bool allows_in_place = false;

  // Dispatch: ATensor's type T; the operands (output first) are of types T, UINT8, T, T.
  static constexpr std::array<std::size_t, 1> dispatch_slots{slot::a};
  using dispatch_lists = type_list<value_support::elements>;
  template <class T>
  using operand_types = type_list<T, std::uint8_t, T, T>;

  // Budgets.
  static constexpr std::uint64_t fast_ulp_budget(data_type) noexcept { return 0; }
  static constexpr tolerance default_tolerance(const operation_types&) noexcept { return tolerance::exact(); }

  /// Golden: the chosen element, copied.
  template <class T>
  T operator()(std::uint8_t condition, T a, T b) const noexcept {
    return condition != 0 ? a : b;
  }
  template <class T>
  bool defined(std::uint8_t, T, T) const noexcept {
    return true;
  }
};

}  // namespace dmlref::ops
