#pragma once
// ACTIVATION_SIGMOID
//
// Formula      y = 1 / (1 + e^-x) (no attributes, no ScaleBias).
// Specials     sigmoid(+-0) = 1/2, sigmoid(+Inf) = 1, sigmoid(-Inf) = +0 (the limits; C has no
//              sigmoid); results below half the smallest subnormal are +0; NaN gives the
//              canonical quiet NaN [unverified: payload]. DirectML's page states no special
//              values.
// Rounding     golden: the exact real rounded once to the output type, to nearest with ties
//              to even, the whole expression at once (math/sigmoid.hpp).
// Undefined    nothing.
// Support      1_0: FLOAT32, FLOAT16; InputTensor and OutputTensor share the data type.
//              Dimensions: 4 before 3_0, 1 to 8 from 3_0. OutputTensor may alias InputTensor.
// Budgets      golden: 0 ULP from the exact result, proven on every FLOAT32 and FLOAT16 input
//              (docs/reliability.md). fast: 2 ULP FLOAT32, 1 ULP FLOAT16 from golden.
//              Default comparison: 34 ULP FLOAT32, 10 ULP FLOAT16 (WebNN's conformance figures
//              for sigmoid).

#include <cstdint>

#include "dmlref/core/tolerance.hpp"
#include "dmlref/dml/directml_types.hpp"
#include "dmlref/math/real.hpp"
#include "dmlref/math/sigmoid.hpp"
#include "dmlref/ops/families.hpp"
#include "dmlref/ops/operator_traits.hpp"
#include "dmlref/ops/support.hpp"

namespace dmlref::ops {

struct activation_sigmoid : unary<activation_sigmoid, support_table<since<feature_level::level_1_0, float_elements>>> {
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ACTIVATION_SIGMOID;

  static activation_sigmoid from_attributes(const dml::attribute_values&) noexcept { return {}; }

  // Budgets.
  static constexpr std::uint64_t fast_ulp_budget(data_type output) noexcept {
    return output == data_type::float16 ? 1 : 2;
  }
  static constexpr tolerance default_tolerance(const operation_types& t) noexcept {
    return t.type[slot::output] == data_type::float16 ? tolerance::ulp(10) : tolerance::ulp(34);
  }

  /// Golden, for T = float or float16.
  template <class T>
  T operator()(T x) const {
    using F = typename math::format_of<T>::type;
    return math::from_result_bits<T>(math::sigmoid_rounded<F>(math::to_real(x)));
  }
  template <class T>
  bool defined(T) const noexcept {
    return true;
  }
};

}  // namespace dmlref::ops
