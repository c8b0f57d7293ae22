#pragma once
// ELEMENT_WISE_ABS
//
// Formula      y = |x|, or |g| with g = fma(x, Scale, Bias) rounded once to FLOAT32 when
//              ScaleBias is given (ops/scale_bias.hpp).
// Specials     -0 -> +0; +-Inf -> +Inf; NaN -> NaN with its sign bit cleared (payload kept).
// Integers     exact; the most negative value has no positive counterpart and wraps to
//              itself (two's complement, as |INT8_MIN| = -128). [unverified: wrap-around]
// ScaleBias    floats: |g| rounded once to the output type (FLOAT16 from the FLOAT32 g);
//              integers: |g| truncated toward zero. [unverified: integer ScaleBias]
// Undefined    (not compared) an integer result with ScaleBias that is NaN or outside the
//              output type's range; the golden path writes 0 there.
// Support      InputTensor and OutputTensor share one data type.
//              1_0: FLOAT32, FLOAT16.  2_1: + INT32, INT16, INT8.  4_1: + INT64.
//              Dimensions: 4 before 3_0, 1 to 8 from 3_0. ScaleBias optional.
//              OutputTensor may alias InputTensor (in place).
// Budgets      golden: exact. fast: exact (fast_ulp_budget 0). Default comparison: exact.

#include <cstdint>
#include <optional>
#include <type_traits>

#include "dmlref/core/tolerance.hpp"
#include "dmlref/math/real.hpp"
#include "dmlref/ops/budgets.hpp"
#include "dmlref/ops/families.hpp"
#include "dmlref/ops/scale_bias.hpp"
#include "dmlref/ops/scale_bias_attributes.hpp"
#include "dmlref/ops/support.hpp"
#include "dmlref/ops/unverified.hpp"

namespace dmlref::ops {

struct abs : scale_bias_attributes<
                 abs, with_budgets<unary<abs, support_table<since<feature_level::level_1_0, float_elements>,
                                                            since<feature_level::level_2_1,
                                                                  type_list<std::int32_t, std::int16_t, std::int8_t>>,
                                                            since<feature_level::level_4_1, type_list<std::int64_t>>>>,
                                   exact_budgets>> {
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ELEMENT_WISE_ABS;

  std::optional<scale_bias> scale_and_bias = std::nullopt;

  /// Report note: integer ScaleBias, and the most negative integer's wrap-around.
  const char* unverified_note(const operation_types& t, const double* in) const noexcept {
    if (!unverified::is_integer(t.type[1])) return nullptr;
    if (scale_and_bias) return unverified::integer_scale_bias;
    return unverified::is_signed_integer(t.type[0]) && in[0] == unverified::lowest(t.type[0]) ? unverified::integer_wrap
                                                                                               : nullptr;
  }

  /// Golden.
  template <class T>
  T operator()(T x) const noexcept {
    if (scale_and_bias) return scaled_result<T>(magnitude(scaled_float(x, *scale_and_bias))).value_or(T{});
    return magnitude(x);
  }
  template <class T>
  bool defined(T x) const noexcept {
    return !scale_and_bias || scaled_result<T>(magnitude(scaled_float(x, *scale_and_bias))).has_value();
  }

  /// |x| exactly: the sign bit cleared for floats, the two's complement negation for
  /// negative integers (the most negative value wraps to itself).
  template <class T>
  static T magnitude(T x) noexcept {
    if constexpr (is_float_element_v<T>) {
      using F = typename math::format_of<T>::type;
      return math::from_bits<T>(static_cast<typename F::bits_type>(math::bits_of(x) & ~F::sign_mask));
    } else {
      using U = std::make_unsigned_t<T>;
      return x < 0 ? static_cast<T>(static_cast<U>(U{0} - static_cast<U>(x))) : x;
    }
  }
};

}  // namespace dmlref::ops
