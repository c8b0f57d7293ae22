#pragma once
// ELEMENT_WISE_MODULUS_FLOOR
//
// Formula      y = a - b * floor(a / b): "the result will have the same sign as the divisor"
//              (DirectML's page); Python's %.
// Rounding     floats: the exact real of the formula rounded once to the output type, to
//              nearest with ties to even. With r = fmod(a, b) (exact, math::truncated_remainder),
//              the formula is r where r is zero or has b's sign, else r + b: that sum is
//              formed exactly (math::add) and rounded once, so -2^-149 mod 1 is 1 (rounded)
//              and -1 mod 3 is 2.
// Specials     a infinite, b zero, or a NaN operand give the positive quiet NaN. b infinite
//              and a finite: a when a is zero or has b's sign, else b (the formula's limit:
//              -1 mod +Inf = +Inf, as Python's). A zero result takes b's sign (5 mod -5 = -0).
//              [unverified: DirectML's page states no special values]
// Integers     the sign of b: a % b, plus b where that is nonzero and of the other sign; the
//              most negative value modulo -1 is 0.
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
#include "dmlref/math/exact_arith.hpp"
#include "dmlref/math/exact_quotient.hpp"
#include "dmlref/math/real.hpp"
#include "dmlref/ops/families.hpp"
#include "dmlref/ops/modulus_truncate.hpp"
#include "dmlref/ops/support.hpp"

namespace dmlref::ops {

struct modulus_floor : division<modulus_floor, detail_modulus::support> {
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ELEMENT_WISE_MODULUS_FLOOR;

  /// The remainder with b's sign.
  static math::real exact(const math::real& a, const math::real& b) noexcept {
    math::real r = math::truncated_remainder(a, b);
    if (r.is_nan()) return r;
    if (r.is_zero()) {
      r.negative = b.negative;
      return r;
    }
    if (r.negative == b.negative) return r;
    return math::add(r, b);  // b infinite: b itself
  }
  template <class T>
  static T integer(T a, T b) noexcept {
    const T r = detail_modulus::truncated(a, b);
    if constexpr (std::is_signed_v<T>) {
      if (r != 0 && ((r < 0) != (b < 0))) return static_cast<T>(r + b);  // |r| < |b|: no overflow
    }
    return r;
  }
};

}  // namespace dmlref::ops
