#pragma once
// ELEMENT_WISE_IS_INFINITY
//
// Formula      y = 1 if x is an infinity that InfinityMode accepts, else 0, written as the
//              output type: EITHER accepts +Inf and -Inf, POSITIVE only +Inf, NEGATIVE only
//              -Inf.
// Specials     NaN, the largest finite values and zeros give 0. Decided on the bits (the
//              exponent all ones, the mantissa zero), so no compiler flag changes a result.
// Rounding     none: the result is exact.
// Undefined    nothing.
// Attributes   InfinityMode outside the three values is a validation error naming the field.
// Support      InputTensor: 2_1: FLOAT32, FLOAT16. OutputTensor: 2_1: UINT8.
//              Dimensions: 4 before 3_0, 1 to 8 from 3_0. Not in place (the page states no
//              aliasing; the output's type is a flag type).
// Budgets      golden: exact. fast: exact (fast_ulp_budget 0). Default comparison: exact.

#include <cstdint>
#include <vector>

#include "dmlref/core/tolerance.hpp"
#include "dmlref/math/real.hpp"
#include "dmlref/ops/families.hpp"
#include "dmlref/ops/support.hpp"

namespace dmlref::ops {

struct is_infinity
    : predicate<is_infinity, support_table<since<feature_level::level_2_1, float_elements>>,
                support_table<since<feature_level::level_2_1, type_list<std::uint8_t>>>> {
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ELEMENT_WISE_IS_INFINITY;

  dml::DML_IS_INFINITY_MODE infinity_mode = dml::DML_IS_INFINITY_MODE_EITHER;

  static is_infinity from_attributes(const dml::attribute_values& a) noexcept {
    return is_infinity{{}, static_cast<dml::DML_IS_INFINITY_MODE>(a["InfinityMode"].bits)};
  }
  dml::attribute_values attributes() const {
    dml::attribute_values a(schema_of<is_infinity>());
    a.set("InfinityMode", dml::attribute_value::of_bits(static_cast<std::uint32_t>(infinity_mode)));
    return a;
  }
  /// Every mode.
  static std::vector<dml::attribute_values> attribute_samples() {
    std::vector<dml::attribute_values> samples;
    for (const auto m : {dml::DML_IS_INFINITY_MODE_EITHER, dml::DML_IS_INFINITY_MODE_POSITIVE,
                         dml::DML_IS_INFINITY_MODE_NEGATIVE}) {
      samples.push_back(is_infinity{{}, m}.attributes());
    }
    return samples;
  }

  // Budgets.
  static constexpr std::uint64_t fast_ulp_budget(data_type) noexcept { return 0; }
  static constexpr tolerance default_tolerance(const operation_types&) noexcept { return tolerance::exact(); }

  /// The test as bits: x is accepted when (bits & mask) == pattern. EITHER ignores the sign
  /// bit; POSITIVE and NEGATIVE compare every bit (validation refuses any other mode; the
  /// typed API treats one as EITHER).
  template <class T>
  struct bit_test {
    typename math::format_of<T>::type::bits_type mask, pattern;
  };
  template <class T>
  bit_test<T> test_of() const noexcept {
    using F = typename math::format_of<T>::type;
    using B = typename F::bits_type;
    switch (infinity_mode) {
      case dml::DML_IS_INFINITY_MODE_POSITIVE: return {static_cast<B>(~B{0}), F::infinity};
      case dml::DML_IS_INFINITY_MODE_NEGATIVE: return {static_cast<B>(~B{0}), static_cast<B>(F::sign_mask | F::infinity)};
      default: return {static_cast<B>(~F::sign_mask), F::infinity};
    }
  }

  /// Golden: the flag, which the traversal writes as the output type (true -> 1).
  template <class T>
  bool operator()(T x) const noexcept {
    const auto t = test_of<T>();
    return (math::bits_of(x) & t.mask) == t.pattern;
  }
  template <class T>
  bool defined(T) const noexcept {
    return true;
  }
};

}  // namespace dmlref::ops
