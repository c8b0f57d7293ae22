#pragma once
// ACTIVATION_TANH
//
// Formula      y = tanh x (no attributes, no ScaleBias).
// Specials     as ELEMENT_WISE_TANH's (ops/tanh.hpp): tanh(+-0) = +-0, tanh(+-Inf) = +-1,
//              NaN gives the canonical quiet NaN [unverified: payload]. DirectML's page
//              states no special values.
// Rounding     golden: the exact real rounded once to the output type (math/tanh.hpp).
// Undefined    nothing.
// Support      1_0: FLOAT32, FLOAT16; InputTensor and OutputTensor share the data type.
//              Dimensions: 4 before 3_0, 1 to 8 from 3_0. OutputTensor may alias InputTensor.
// Budgets      ELEMENT_WISE_TANH's, read from it: golden 0 ULP from the exact result; fast
//              2 ULP FLOAT32, 1 ULP FLOAT16 from golden; default comparison 16 ULP FLOAT32,
//              2 ULP FLOAT16.

#include <cstdint>

#include "dmlref/core/tolerance.hpp"
#include "dmlref/dml/directml_types.hpp"
#include "dmlref/math/real.hpp"
#include "dmlref/math/tanh.hpp"
#include "dmlref/ops/families.hpp"
#include "dmlref/ops/operator_traits.hpp"
#include "dmlref/ops/support.hpp"
#include "dmlref/ops/tanh.hpp"

namespace dmlref::ops {

struct activation_tanh : unary<activation_tanh, support_table<since<feature_level::level_1_0, float_elements>>> {
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ACTIVATION_TANH;

  static activation_tanh from_attributes(const dml::attribute_values&) noexcept { return {}; }

  // Budgets: ELEMENT_WISE_TANH's.
  static constexpr std::uint64_t fast_ulp_budget(data_type output) noexcept { return tanh::fast_ulp_budget(output); }
  static constexpr tolerance default_tolerance(const operation_types& t) noexcept { return tanh::default_tolerance(t); }

  /// Golden, for T = float or float16.
  template <class T>
  T operator()(T x) const {
    using F = typename math::format_of<T>::type;
    return math::from_result_bits<T>(math::tanh_rounded<F>(math::to_real(x)));
  }
  template <class T>
  bool defined(T) const noexcept {
    return true;
  }
};

}  // namespace dmlref::ops
