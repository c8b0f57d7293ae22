#pragma once
// ELEMENT_WISE_DIVIDE
//
// Formula      y = a / b; "for integer divisions, the result is truncated" (DirectML's page).
// Rounding     floats: the exact quotient rounded once to the output type, to nearest with
//              ties to even (math::divide: a 128-by-64-bit integer division of the
//              significands with the remainder as sticky, then round_real; the same result
//              under any compiler flag or denormal mode). Subnormals are kept.
// Specials     IEEE 754: a NaN operand, 0 / 0 and Inf / Inf give NaN (every NaN written as
//              the positive quiet NaN); x / 0 = +-Inf and x / Inf = +-0 for finite nonzero x,
//              Inf / x = +-Inf, the sign being the XOR of the operands' signs (1 / -0 = -Inf).
// Integers     the exact quotient truncated toward zero (C's /). The most negative value
//              divided by -1 wraps to itself ([unverified]: DirectML does not say; two's
//              complement wrap-around, as ADD's integers).
// Undefined    (not compared) an integer division by zero ([unverified]: DirectML does not
//              say; GPUs differ); the golden path writes 0 there.
// Support      ATensor, BTensor and OutputTensor share one data type.
//              1_0: FLOAT32, FLOAT16.  2_1: + INT32, UINT32.  5_1: + INT16, INT8, UINT16,
//              UINT8.  6_0: + INT64, UINT64 (the newest page's tables; an older revision of
//              the page listed the 8- and 16-bit integers from 3_0, which dmlref does not
//              follow). Dimensions: 4 before 3_0, 1 to 8 from 3_0. No attributes.
//              OutputTensor may alias ATensor, BTensor or both (in place; the page: "one of
//              the input tensors").
// Budgets      golden: exact. fast: exact (fast_ulp_budget 0): FLOAT32 is one IEEE division
//              (correctly rounded under the default rounding mode, which the fast traversal
//              keeps, subnormals included); FLOAT16 divides in FLOAT32 and rounds to FLOAT16,
//              which is rounding once: 24 >= 2 * 11 + 2 bits, and every FLOAT16 quotient
//              lies inside FLOAT32's normal range. Integers run the golden kernel.
//              Default comparison: exact.

#include <cstdint>
#include <type_traits>

#include "dmlref/core/tolerance.hpp"
#include "dmlref/dml/directml_types.hpp"
#include "dmlref/math/exact_quotient.hpp"
#include "dmlref/math/real.hpp"
#include "dmlref/ops/add.hpp"
#include "dmlref/ops/families.hpp"
#include "dmlref/ops/support.hpp"
#include "dmlref/ops/unverified.hpp"

namespace dmlref::ops {

namespace detail_divide {

/// a / b truncated toward zero, for b != 0; the most negative value over -1 wraps to itself.
template <class T>
T truncated_quotient(T a, T b) noexcept {
  if constexpr (std::is_signed_v<T>) {
    if (b == -1) return detail_wrap::low_bits<T>(std::make_unsigned_t<T>{0} - static_cast<std::make_unsigned_t<T>>(a));
  }
  return static_cast<T>(a / b);
}

}  // namespace detail_divide

struct divide : division<divide, support_table<since<feature_level::level_1_0, float_elements>,
                                               since<feature_level::level_2_1, int_elements_32_pair>,
                                               since<feature_level::level_5_1, int_elements_8_16>,
                                               since<feature_level::level_6_0, int_elements_64>>> {
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ELEMENT_WISE_DIVIDE;

  /// Report note: the most negative integer divided by -1 wraps.
  const char* unverified_note(const operation_types& t, const double* in) const noexcept {
    return unverified::is_signed_integer(t.type[2]) && in[1] == -1.0 && in[0] == unverified::lowest(t.type[2])
               ? unverified::integer_wrap
               : nullptr;
  }

  /// The exact quotient.
  static math::real exact(const math::real& a, const math::real& b) noexcept { return math::divide(a, b); }
  /// The quotient truncated toward zero.
  template <class T>
  static T integer(T a, T b) noexcept {
    return detail_divide::truncated_quotient(a, b);
  }
};

}  // namespace dmlref::ops
