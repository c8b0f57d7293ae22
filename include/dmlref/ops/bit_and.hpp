#pragma once
// ELEMENT_WISE_BIT_AND
//
// Formula      y = a & b, bit by bit on the elements' encodings: the data type gives only
//              the width (a float's sign, exponent and significand bits are bits like any
//              other; a NaN pattern is written as it comes out).
// Rounding     none: the result is exact.
// Undefined    nothing.
// Support      ATensor, BTensor and OutputTensor share one data type.
//              3_0 (where the operator appears): UINT32, UINT16, UINT8.
//              4_1: + FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64. DirectML's 4_1 row
//              lists FLOAT64 too: not in this version (dmlref's operators take no FLOAT64
//              yet). Dimensions: 1 to 8. No attributes. OutputTensor may alias ATensor,
//              BTensor or both (in place).
// Budgets      golden: exact. fast: exact (fast_ulp_budget 0). Default comparison: exact.

#include <cstdint>
#include <type_traits>

#include "dmlref/core/tolerance.hpp"
#include "dmlref/dml/directml_types.hpp"
#include "dmlref/math/real.hpp"
#include "dmlref/ops/families.hpp"
#include "dmlref/ops/support.hpp"

namespace dmlref::ops {

namespace detail_bitwise {

/// f applied to a's and b's encodings (unsigned integers of T's width), as T.
template <class T, class F>
T on_bits(T a, T b, F f) noexcept {
  if constexpr (is_float_element_v<T>) {
    using bits_type = typename math::format_of<T>::type::bits_type;
    return math::from_bits<T>(static_cast<bits_type>(f(math::bits_of(a), math::bits_of(b))));
  } else {
    using U = std::make_unsigned_t<T>;
    return static_cast<T>(static_cast<U>(f(static_cast<U>(a), static_cast<U>(b))));
  }
}

}  // namespace detail_bitwise

/// The types BIT_AND, BIT_OR and BIT_XOR take.
using bitwise_support =
    support_table<since<feature_level::level_3_0, type_list<std::uint32_t, std::uint16_t, std::uint8_t>>,
                  since<feature_level::level_4_1, float_elements,
                        type_list<std::int64_t, std::int32_t, std::int16_t, std::int8_t, std::uint64_t>>>;

struct bit_and : binary<bit_and, bitwise_support> {
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ELEMENT_WISE_BIT_AND;
  static bit_and from_attributes(const dml::attribute_values&) noexcept { return {}; }

  // Budgets.
  static constexpr std::uint64_t fast_ulp_budget(data_type) noexcept { return 0; }
  static constexpr tolerance default_tolerance(const operation_types&) noexcept { return tolerance::exact(); }

  /// Golden: on the encodings.
  template <class T>
  T operator()(T a, T b) const noexcept {
    return detail_bitwise::on_bits(a, b, [](auto x, auto y) { return x & y; });
  }
  template <class T>
  bool defined(T, T) const noexcept {
    return true;
  }
};

}  // namespace dmlref::ops
