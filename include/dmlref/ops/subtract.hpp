#pragma once
// ELEMENT_WISE_SUBTRACT
//
// Formula      y = a - b.
// Rounding     floats: the exact difference rounded once to the output type, to nearest with
//              ties to even (a + (-b) in math::add, round_real: integer arithmetic on the
//              bits, the same result under any compiler flag or denormal mode). Subnormals
//              are kept.
// Specials     IEEE 754: a NaN operand gives NaN, Inf - Inf gives NaN (every NaN written as
//              the positive quiet NaN); an exact zero difference of nonzero operands is +0,
//              (-0) - (+0) = -0 and (+0) - (-0) = +0.
// Integers     two's complement wrap-around: the exact difference modulo 2^bits
//              ([unverified]: DirectML does not say).
// Undefined    nothing.
// Support      ATensor, BTensor and OutputTensor share one data type.
//              1_0: FLOAT32, FLOAT16.  2_1: + INT32, UINT32.  4_1: + INT64, UINT64.
//              5_1: + INT16, INT8, UINT16, UINT8.
//              Dimensions: 4 before 3_0, 1 to 8 from 3_0. No attributes.
//              OutputTensor may alias ATensor, BTensor or both (in place).
// Budgets      golden: exact. fast: exact (fast_ulp_budget 0): FLOAT32 is one IEEE
//              subtraction; FLOAT16 subtracts in FLOAT32 (rounding to FLOAT32 then FLOAT16 is
//              rounding once: 24 >= 2 * 11 + 2 bits). Default comparison: exact.

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

struct subtract : binary<subtract, arithmetic_support> {
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ELEMENT_WISE_SUBTRACT;
  static subtract from_attributes(const dml::attribute_values&) noexcept { return {}; }

  // Budgets.
  static constexpr std::uint64_t fast_ulp_budget(data_type) noexcept { return 0; }
  static constexpr tolerance default_tolerance(const operation_types&) noexcept { return tolerance::exact(); }

  /// Report note: integer wrap-around.
  const char* unverified_note(const operation_types& t, const double* in) const noexcept {
    return unverified::is_integer(t.type[2]) && unverified::outside_range(t.type[2], in[0] - in[1]) ? unverified::integer_wrap
                                                                                                     : nullptr;
  }

  /// Golden: the exact difference rounded once (floats), or wrapped (integers).
  template <class T>
  T operator()(T a, T b) const noexcept {
    if constexpr (is_float_element_v<T>) {
      auto negated = math::to_real(b);
      negated.negative = !negated.negative;
      return math::round_real<T>(math::add(math::to_real(a), negated));
    } else {
      return detail_wrap::low_bits<T>(detail_wrap::unsigned_of(a) - detail_wrap::unsigned_of(b));
    }
  }
  template <class T>
  bool defined(T, T) const noexcept {
    return true;
  }
};

}  // namespace dmlref::ops
