#pragma once
// ELEMENT_WISE_BIT_COUNT
//
// Formula      y = the number of bits set in x's encoding (its population count), whatever
//              its data type (DirectML: the type only gives the width), written as the
//              output type: 0 to 64, which UINT8 holds too.
// Specials     floats are counted as bit patterns: -0.0f gives 1, a NaN its bits' count.
// Rounding     none: the result is exact.
// Undefined    nothing.
// Support      InputTensor: 3_0: UINT32, UINT16, UINT8.  4_1: + FLOAT32, FLOAT16, INT64,
//              INT32, INT16, INT8, UINT64 (DirectML adds FLOAT64 there too, which dmlref
//              does not compute yet). OutputTensor: 3_0: UINT32, UINT8. Dimensions: 1 to 8.
//              Not in place (the page states no aliasing; the types may differ).
// Budgets      golden: exact. fast: exact (fast_ulp_budget 0). Default comparison: exact.

#include <cstdint>
#include <type_traits>

#include "dmlref/core/tolerance.hpp"
#include "dmlref/math/real.hpp"
#include "dmlref/ops/families.hpp"
#include "dmlref/ops/support.hpp"

namespace dmlref::ops {

struct bit_count
    : predicate<bit_count,
                support_table<since<feature_level::level_3_0, type_list<std::uint32_t, std::uint16_t, std::uint8_t>>,
                              since<feature_level::level_4_1, float_elements,
                                    type_list<std::int64_t, std::int32_t, std::int16_t, std::int8_t, std::uint64_t>>>,
                support_table<since<feature_level::level_3_0, type_list<std::uint32_t, std::uint8_t>>>> {
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ELEMENT_WISE_BIT_COUNT;
  static bit_count from_attributes(const dml::attribute_values&) noexcept { return {}; }

  // Budgets.
  static constexpr std::uint64_t fast_ulp_budget(data_type) noexcept { return 0; }
  static constexpr tolerance default_tolerance(const operation_types&) noexcept { return tolerance::exact(); }

  /// The encoding of x as an unsigned integer of its width.
  template <class T>
  static auto encoding(T x) noexcept {
    if constexpr (is_float_element_v<T>) {
      return math::bits_of(x);
    } else {
      return static_cast<std::make_unsigned_t<T>>(x);
    }
  }

  /// Golden: the count, which the traversal writes as the output type.
  template <class T>
  std::uint8_t operator()(T x) const noexcept {
    auto bits = encoding(x);
    std::uint8_t count = 0;
    for (; bits != 0; bits = static_cast<decltype(bits)>(bits & (bits - 1))) ++count;
    return count;
  }
  template <class T>
  bool defined(T) const noexcept {
    return true;
  }
};

}  // namespace dmlref::ops
