#pragma once
// ELEMENT_WISE_MODULUS_TRUNCATE
//
// Formula      y = a - b * trunc(a / b): C's fmod for floats, C's % for integers; "the result
//              will have the same sign as the dividend" (DirectML's page).
// Rounding     none: the float remainder is always exact (a multiple of the smaller operand's
//              quantum, smaller than |b|), computed exactly in integers on the significands
//              (math::truncated_remainder), never through a / b.
// Specials     C's fmod (ISO C, Annex F): a zero remainder has a's sign (fmod(-4, 2) = -0);
//              b infinite and a finite give a; a infinite, b zero, or a NaN operand give the
//              positive quiet NaN. [unverified: DirectML's page states no special values]
// Integers     the sign of a; the most negative value modulo -1 is 0.
// Undefined    (not compared) an integer remainder by zero ([unverified]: DirectML does not
//              say); the golden path writes 0 there.
// Support      ATensor, BTensor and OutputTensor share one data type.
//              2_1: FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8 (the
//              operator's first level).  6_0: + INT64, UINT64. Dimensions: 4 before 3_0, 1 to
//              8 from 3_0. No attributes. OutputTensor may alias ATensor, BTensor or both (in
//              place; the page: "one of the input tensors").
// Budgets      golden: exact. fast: exact (fast_ulp_budget 0): no vector kernel, the fast
//              path runs the golden kernel. Default comparison: exact.

#include <cstdint>
#include <type_traits>

#include "dmlref/core/tolerance.hpp"
#include "dmlref/dml/directml_types.hpp"
#include "dmlref/math/exact_quotient.hpp"
#include "dmlref/math/real.hpp"
#include "dmlref/ops/families.hpp"
#include "dmlref/ops/support.hpp"

namespace dmlref::ops {

namespace detail_modulus {

/// The types of both modulus operators, by level.
using support = support_table<since<feature_level::level_2_1, float_elements, int_elements_8_to_32>,
                              since<feature_level::level_6_0, int_elements_64>>;

/// a % b with the sign of a, for b != 0 (the most negative value % -1 is 0, not a trap).
template <class T>
T truncated(T a, T b) noexcept {
  if constexpr (std::is_signed_v<T>) {
    if (b == -1) return T{0};
  }
  return static_cast<T>(a % b);
}

}  // namespace detail_modulus

struct modulus_truncate : division<modulus_truncate, detail_modulus::support> {
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ELEMENT_WISE_MODULUS_TRUNCATE;

  /// The remainder with a's sign.
  static math::real exact(const math::real& a, const math::real& b) noexcept { return math::truncated_remainder(a, b); }
  template <class T>
  static T integer(T a, T b) noexcept {
    return detail_modulus::truncated(a, b);
  }
};

}  // namespace dmlref::ops
