#pragma once
// The family of the correctly rounded functions of one real (ACOS, ACOSH, ASIN, ASINH, ATAN,
// ATANH, COS, COSH, SIN, SINH, TAN, TANH, ERF, EXP, LOG): what they share, stated once.
//
//   rounded_function<Op, Since, Float32Ulps, Float16Ulps>
//     a unary operator over FLOAT32 and FLOAT16 from feature level Since, with optional
//     ScaleBias (scale_bias_attributes: the operator's own scale_and_bias, Op{{}, sb});
//     golden: Op::rounded<F>(g), the exact function of g = x, or x Scale + Bias rounded once to
//     FLOAT32, rounded once to the output format F, as result bits; every element defined;
//     fast within 2 ULP FLOAT32 and 1 ULP FLOAT16 of golden; the default comparison within
//     Float32Ulps or Float16Ulps.
//
// The operator states dml_type, its scale_and_bias member and rounded<F>(g).

#include <cstdint>
#include <optional>

#include "dmlref/core/data_type.hpp"
#include "dmlref/core/feature_level.hpp"
#include "dmlref/core/tolerance.hpp"
#include "dmlref/dml/attributes.hpp"
#include "dmlref/math/real.hpp"
#include "dmlref/ops/families.hpp"
#include "dmlref/ops/operator_traits.hpp"
#include "dmlref/ops/scale_bias.hpp"
#include "dmlref/ops/scale_bias_attributes.hpp"
#include "dmlref/ops/support.hpp"

namespace dmlref::ops {

template <class Op, feature_level Since, std::uint64_t Float32Ulps, std::uint64_t Float16Ulps>
struct rounded_function : scale_bias_attributes<Op, unary<Op, support_table<since<Since, float_elements>>>> {
  // Budgets.
  static constexpr std::uint64_t fast_ulp_budget(data_type output) noexcept {
    return output == data_type::float16 ? 1 : 2;
  }
  static constexpr tolerance default_tolerance(const operation_types& t) noexcept {
    return t.type[unary<Op, support_table<since<Since, float_elements>>>::slot::output] == data_type::float16
               ? tolerance::ulp(Float16Ulps)
               : tolerance::ulp(Float32Ulps);
  }

  /// Golden, for T = float or float16.
  template <class T>
  T operator()(T x) const {
    using F = typename math::format_of<T>::type;
    return math::from_result_bits<T>(
        Op::template rounded<F>(scaled_input(x, static_cast<const Op&>(*this).scale_and_bias)));
  }
  template <class T>
  bool defined(T) const noexcept {
    return true;
  }
};

}  // namespace dmlref::ops
