#pragma once
// ELEMENT_WISE_ADD
//
// Formula      y = a + b.
// Rounding     floats: the exact sum rounded once to the output type, to nearest with ties
//              to even (math::add, round_real: integer arithmetic on the bits, the same
//              result under any compiler flag or denormal mode). Subnormals are kept.
// Specials     IEEE 754: a NaN operand gives NaN, Inf + (-Inf) gives NaN (every NaN written
//              as the positive quiet NaN); an exact zero sum of nonzero operands is +0, and
//              (-0) + (-0) = -0.
// Integers     two's complement wrap-around: the exact sum modulo 2^bits ([unverified]: what
//              a GPU's integer adder does; DirectML does not say).
// Undefined    nothing.
// Support      ATensor, BTensor and OutputTensor share one data type.
//              1_0: FLOAT32, FLOAT16.  2_1: + INT32, UINT32.  4_1: + INT64, UINT64.
//              5_1: + INT16, INT8, UINT16, UINT8.
//              Dimensions: 4 to 5 before 3_0, 1 to 8 from 3_0. No attributes.
//              OutputTensor may alias ATensor, BTensor or both (in place).
// Budgets      golden: exact. fast: exact (fast_ulp_budget 0): FLOAT32 is one IEEE addition;
//              FLOAT16 is added in FLOAT32 (exact: both operands and the sum's rounding fit,
//              24 >= 2 * 11 + 2 bits, so rounding to FLOAT32 then FLOAT16 is rounding once).
//              Default comparison: exact.

#include <cstdint>
#include <type_traits>

#include "dmlref/core/tolerance.hpp"
#include "dmlref/dml/directml_types.hpp"
#include "dmlref/math/exact_arith.hpp"
#include "dmlref/math/real.hpp"
#include "dmlref/ops/families.hpp"
#include "dmlref/ops/support.hpp"
#include "dmlref/ops/unverified.hpp"

namespace dmlref::ops {

namespace detail_wrap {

/// The unsigned type integer arithmetic on T wraps in: at least 32 bits, so that no operand
/// is promoted to a signed int (whose overflow is undefined in C++).
template <class T>
using wide_unsigned_t = std::conditional_t<(sizeof(T) <= 4), std::uint32_t, std::uint64_t>;

template <class T>
wide_unsigned_t<T> unsigned_of(T x) noexcept {
  return static_cast<wide_unsigned_t<T>>(static_cast<std::make_unsigned_t<T>>(x));
}

/// The low bits of an unsigned result as T (two's complement).
template <class T, class U>
T low_bits(U x) noexcept {
  return static_cast<T>(static_cast<std::make_unsigned_t<T>>(x));
}

}  // namespace detail_wrap

/// The integer types ADD, SUBTRACT and MULTIPLY take, by the level they arrive at.
using int_elements_32_pair = type_list<std::int32_t, std::uint32_t>;
using int_elements_8_16 = type_list<std::int16_t, std::int8_t, std::uint16_t, std::uint8_t>;
using arithmetic_support = support_table<since<feature_level::level_1_0, float_elements>,
                                         since<feature_level::level_2_1, int_elements_32_pair>,
                                         since<feature_level::level_4_1, int_elements_64>,
                                         since<feature_level::level_5_1, int_elements_8_16>>;

struct add : binary<add, arithmetic_support> {
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ELEMENT_WISE_ADD;
  static constexpr std::uint32_t most_dimensions_before_3_0 = 5;
  static add from_attributes(const dml::attribute_values&) noexcept { return {}; }

  // Budgets.
  static constexpr std::uint64_t fast_ulp_budget(data_type) noexcept { return 0; }
  static constexpr tolerance default_tolerance(const operation_types&) noexcept { return tolerance::exact(); }

  /// Report note: integer wrap-around.
  const char* unverified_note(const operation_types& t, const double* in) const noexcept {
    return unverified::is_integer(t.type[2]) && unverified::outside_range(t.type[2], in[0] + in[1]) ? unverified::integer_wrap
                                                                                                     : nullptr;
  }

  /// Golden: the exact sum rounded once (floats), or wrapped (integers).
  template <class T>
  T operator()(T a, T b) const noexcept {
    if constexpr (is_float_element_v<T>) {
      return math::round_real<T>(math::add(math::to_real(a), math::to_real(b)));
    } else {
      return detail_wrap::low_bits<T>(detail_wrap::unsigned_of(a) + detail_wrap::unsigned_of(b));
    }
  }
  template <class T>
  bool defined(T, T) const noexcept {
    return true;
  }
};

}  // namespace dmlref::ops
