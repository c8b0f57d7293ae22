#pragma once
// ELEMENT_WISE_MEAN
//
// Formula      y = (a + b) / 2.
// Rounding     floats: the exact mean rounded once to the output type, to nearest with ties
//              to even (math::add, halved exactly, then round_real: integer arithmetic on the
//              bits), never the rounded sum halved: the mean of the largest finite value with
//              itself is that value, not +Inf, and a subnormal mean is rounded once.
// Specials     IEEE 754's for the sum: a NaN operand and Inf + (-Inf) give the positive quiet
//              NaN; Inf + x gives Inf; an exact zero mean of nonzero operands is +0, and the
//              mean of -0 and -0 is -0.
// Integers     the exact mean truncated toward zero, computed without overflow ((INT32 max +
//              INT32 max) / 2 = INT32 max; (-3 + 0) / 2 = -1) ([unverified]: DirectML does
//              not say how its integer mean rounds or whether the sum may overflow).
// Undefined    nothing.
// Support      ATensor, BTensor and OutputTensor share one data type.
//              1_0: FLOAT32, FLOAT16.  2_1: + INT32, UINT32. Dimensions: 4 before 3_0, 1 to 8
//              from 3_0. No attributes. OutputTensor may alias ATensor, BTensor or both (in
//              place; the page: "one of the input tensors").
// Budgets      golden: exact. fast: exact (fast_ulp_budget 0): FLOAT32 adds in double lanes
//              (53 >= 2 * 24 + 2 bits: rounding the sum to double, then the halved sum to
//              FLOAT32, is rounding once; a mean in FLOAT32's subnormal range comes from a sum
//              that is exact in double), halves exactly and rounds once; FLOAT16 does the same
//              in FLOAT32 lanes (24 >= 2 * 11 + 2). Integers run the golden kernel.
//              Default comparison: exact.

#include <cstdint>
#include <type_traits>

#include "dmlref/core/tolerance.hpp"
#include "dmlref/dml/directml_types.hpp"
#include "dmlref/math/exact_arith.hpp"
#include "dmlref/math/real.hpp"
#include "dmlref/ops/add.hpp"
#include "dmlref/ops/families.hpp"
#include "dmlref/ops/support.hpp"

namespace dmlref::ops {

struct mean : binary<mean, support_table<since<feature_level::level_1_0, float_elements>,
                                         since<feature_level::level_2_1, int_elements_32_pair>>> {
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ELEMENT_WISE_MEAN;
  static mean from_attributes(const dml::attribute_values&) noexcept { return {}; }

  // Budgets.
  static constexpr std::uint64_t fast_ulp_budget(data_type) noexcept { return 0; }
  static constexpr tolerance default_tolerance(const operation_types&) noexcept { return tolerance::exact(); }

  /// Golden: the exact mean rounded once (floats), or truncated toward zero (integers).
  template <class T>
  T operator()(T a, T b) const noexcept {
    if constexpr (is_float_element_v<T>) {
      math::real sum = math::add(math::to_real(a), math::to_real(b));
      if (sum.is_finite_nonzero()) sum.magnitude.exponent -= 1;  // exact: the halving
      return math::round_real<T>(sum);
    } else {
      static_assert(sizeof(T) <= 4, "INT32 and UINT32: the sum is exact in 64 bits");
      using W = std::conditional_t<std::is_signed_v<T>, std::int64_t, std::uint64_t>;
      return static_cast<T>((static_cast<W>(a) + static_cast<W>(b)) / 2);  // C's / truncates
    }
  }
  template <class T>
  bool defined(T, T) const noexcept {
    return true;
  }
};

}  // namespace dmlref::ops
