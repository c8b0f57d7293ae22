#pragma once
// ELEMENT_WISE_ASIN
//
// Formula      y = asin g, g = x, or fma(x, Scale, Bias) rounded once to FLOAT32 when ScaleBias
//              is given (ops/scale_bias.hpp).
// Specials     C's asin (ISO C Annex F): asin(+-0) = +-0, asin(+-1) = +-pi/2 rounded; |g| > 1
//              (Inf included) is NaN; NaN gives the canonical quiet NaN (positive, payload
//              dropped) [unverified: a GPU may keep the input's payload]. Subnormal inputs are
//              kept (asin g rounds to g there). DirectML's page states no special values.
// Rounding     golden: the exact real asin g rounded once to the output type, to nearest with
//              ties to even (math/inverse_trig.hpp: atan(g / sqrt(1 - g^2)) in integer fixed
//              point, the boundary b decided as |g| <> sin b by sin b's enclosure).
// Undefined    nothing.
// Support      1_0: FLOAT32, FLOAT16; InputTensor and OutputTensor share the data type.
//              Dimensions: 4 before 3_0, 1 to 8 from 3_0. ScaleBias optional.
//              OutputTensor may alias InputTensor (in place).
// Budgets      golden: 0 ULP from the exact result, checked on every FLOAT16 input and sampled
//              FLOAT32 inputs (docs/reliability.md). fast: 2 ULP FLOAT32, 1 ULP FLOAT16 from
//              golden. Default comparison: 4 ULP FLOAT32, 2 ULP FLOAT16 (OpenCL's figures for
//              asin).

#include <cstdint>
#include <optional>

#include "dmlref/core/tolerance.hpp"
#include "dmlref/dml/directml_types.hpp"
#include "dmlref/math/inverse_trig.hpp"
#include "dmlref/math/real.hpp"
#include "dmlref/ops/families.hpp"
#include "dmlref/ops/operator_traits.hpp"
#include "dmlref/ops/scale_bias.hpp"
#include "dmlref/ops/support.hpp"

namespace dmlref::ops {

struct asin : unary<asin, support_table<since<feature_level::level_1_0, float_elements>>> {
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ELEMENT_WISE_ASIN;

  std::optional<scale_bias> scale_and_bias = std::nullopt;

  static asin from_attributes(const dml::attribute_values& a) noexcept { return asin{{}, scale_bias_of(a)}; }
  dml::attribute_values attributes() const { return with_scale_bias(dml::attribute_values(schema_of<asin>()), scale_and_bias); }

  // Budgets.
  static constexpr std::uint64_t fast_ulp_budget(data_type output) noexcept {
    return output == data_type::float16 ? 1 : 2;
  }
  static constexpr tolerance default_tolerance(const operation_types& t) noexcept {
    return t.type[slot::output] == data_type::float16 ? tolerance::ulp(2) : tolerance::ulp(4);
  }

  /// Golden, for T = float or float16.
  template <class T>
  T operator()(T x) const {
    using F = typename math::format_of<T>::type;
    return math::from_result_bits<T>(math::asin_rounded<F>(scaled_input(x, scale_and_bias)));
  }
  template <class T>
  bool defined(T) const noexcept {
    return true;
  }
};

}  // namespace dmlref::ops
