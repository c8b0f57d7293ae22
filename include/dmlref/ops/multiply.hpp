#pragma once
// ELEMENT_WISE_MULTIPLY
//
// Formula      y = a * b.
// Rounding     floats: the exact product rounded once to the output type, to nearest with
//              ties to even (math::multiply, round_real: integer arithmetic on the bits, the
//              same result under any compiler flag or denormal mode). Subnormals are kept.
// Specials     IEEE 754: a NaN operand gives NaN, 0 * Inf gives NaN (every NaN written as
//              the positive quiet NaN); a zero or infinite product takes the sign a's and b's
//              signs give (-0 * 5 = -0).
// Integers     two's complement wrap-around: the exact product modulo 2^bits
//              ([unverified]: DirectML does not say).
// Undefined    nothing.
// Support      ATensor, BTensor and OutputTensor share one data type.
//              1_0: FLOAT32, FLOAT16.  2_1: + INT32, UINT32.  4_1: + INT64, UINT64.
//              5_1: + INT16, INT8, UINT16, UINT8.
//              Dimensions: 4 to 5 before 3_0, 1 to 8 from 3_0. No attributes.
//              OutputTensor may alias ATensor, BTensor or both (in place).
// Budgets      golden: exact. fast: exact (fast_ulp_budget 0): FLOAT32 is one IEEE
//              multiplication; FLOAT16 multiplies in FLOAT32, where the product of two 11-bit
//              significands is exact (22 bits, and far inside FLOAT32's normal range), then
//              rounds once. Default comparison: exact.

#include <cstdint>

#include "dmlref/core/tolerance.hpp"
#include "dmlref/dml/directml_types.hpp"
#include "dmlref/math/exact_arith.hpp"
#include "dmlref/math/real.hpp"
#include "dmlref/ops/add.hpp"
#include "dmlref/ops/families.hpp"
#include "dmlref/ops/support.hpp"
#include "dmlref/ops/unverified.hpp"

namespace dmlref::ops {

struct multiply : binary<multiply, arithmetic_support> {
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ELEMENT_WISE_MULTIPLY;
  static constexpr std::uint32_t most_dimensions_before_3_0 = 5;
  static multiply from_attributes(const dml::attribute_values&) noexcept { return {}; }

  // Budgets.
  static constexpr std::uint64_t fast_ulp_budget(data_type) noexcept { return 0; }
  static constexpr tolerance default_tolerance(const operation_types&) noexcept { return tolerance::exact(); }

  /// Report note: integer wrap-around.
  const char* unverified_note(const operation_types& t, const double* in) const noexcept {
    return unverified::is_integer(t.type[2]) && unverified::outside_range(t.type[2], in[0] * in[1]) ? unverified::integer_wrap
                                                                                                     : nullptr;
  }

  /// Golden: the exact product rounded once (floats), or wrapped (integers).
  template <class T>
  T operator()(T a, T b) const noexcept {
    if constexpr (is_float_element_v<T>) {
      return math::round_real<T>(math::multiply(math::to_real(a), math::to_real(b)));
    } else {
      return detail_wrap::low_bits<T>(detail_wrap::unsigned_of(a) * detail_wrap::unsigned_of(b));
    }
  }
  template <class T>
  bool defined(T, T) const noexcept {
    return true;
  }
};

}  // namespace dmlref::ops
