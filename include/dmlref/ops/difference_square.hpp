#pragma once
// ELEMENT_WISE_DIFFERENCE_SQUARE
//
// Formula      y = (a - b) * (a - b).
// Rounding     floats: the exact real (a - b)^2 rounded once to the output type, to nearest
//              with ties to even, never the rounded difference squared: a - b is formed
//              exactly (math::add; where its bits lie too far apart for 64 bits, in a big
//              integer, math::big_real), squared exactly and rounded once (round_real).
//              Subnormals are kept.
// Specials     IEEE 754's for the difference, then the square: a NaN operand and
//              Inf - Inf give the positive quiet NaN; an infinite difference gives +Inf; a
//              zero difference gives +0 (the square of -0 is +0).
// Integers     two's complement wrap-around: the exact square of the difference modulo
//              2^bits ([unverified]: DirectML does not say; as MULTIPLY).
// Undefined    nothing.
// Support      ATensor, BTensor and OutputTensor share one data type.
//              3_1: FLOAT32, FLOAT16, INT32, UINT32 (the operator's first level). Dimensions:
//              1 to 8. No attributes. OutputTensor may alias ATensor or BTensor (in place).
// Budgets      golden: exact. fast: within 1 ULP (fast_ulp_budget 1): double lanes form the
//              difference (exact for FLOAT16 operands, rounded to 53 bits for FLOAT32) and its
//              square (rounded to 53 bits), then round once to the output type: two roundings
//              before the last. Integers run the golden kernel. Default comparison: 1 ULP
//              (WebNN's GPU suite's figure for sub and mul) for floats, exact for integers.

#include <cstdint>
#include <type_traits>

#include "dmlref/core/tolerance.hpp"
#include "dmlref/dml/directml_types.hpp"
#include "dmlref/math/big_real.hpp"
#include "dmlref/math/exact_arith.hpp"
#include "dmlref/math/real.hpp"
#include "dmlref/ops/add.hpp"
#include "dmlref/ops/families.hpp"
#include "dmlref/ops/support.hpp"
#include "dmlref/ops/unverified.hpp"

namespace dmlref::ops {

struct difference_square
    : binary<difference_square, support_table<since<feature_level::level_3_1, float_elements, int_elements_32_pair>>> {
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ELEMENT_WISE_DIFFERENCE_SQUARE;
  static difference_square from_attributes(const dml::attribute_values&) noexcept { return {}; }

  // Budgets.
  static constexpr std::uint64_t fast_ulp_budget(data_type t) noexcept { return is_float(t) ? 1 : 0; }
  static constexpr tolerance default_tolerance(const operation_types& t) noexcept {
    return is_float(t.type[slot::output]) ? tolerance::ulp(1) : tolerance::exact();
  }

  /// Report note: integer wrap-around.
  const char* unverified_note(const operation_types& t, const double* in) const noexcept {
    const double d = in[0] - in[1];
    return unverified::is_integer(t.type[2]) && unverified::outside_range(t.type[2], d * d) ? unverified::integer_wrap
                                                                                             : nullptr;
  }

  /// Golden: the exact square of the exact difference rounded once (floats), or wrapped
  /// (integers).
  template <class T>
  T operator()(T a, T b) const {
    if constexpr (is_float_element_v<T>) {
      math::real nb = math::to_real(b);
      nb.negative = !nb.negative;
      const math::real d = math::add(math::to_real(a), nb);
      if (!d.is_finite_nonzero() || !d.magnitude.sticky) return math::round_real<T>(math::multiply(d, d));
      // The difference needs more than 64 bits: exactly, in a big integer.
      const math::big_real exact = math::big_real::of(math::to_real(a)) + math::big_real::of(nb);
      return math::round_real<T>((exact * exact).as_real());
    } else {
      const auto d = detail_wrap::unsigned_of(a) - detail_wrap::unsigned_of(b);
      return detail_wrap::low_bits<T>(d * d);
    }
  }
  template <class T>
  bool defined(T, T) const noexcept {
    return true;
  }

 private:
  static constexpr bool is_float(data_type t) noexcept { return t == data_type::float32 || t == data_type::float16; }
};

}  // namespace dmlref::ops
