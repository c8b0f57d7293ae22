#pragma once
// ACTIVATION_LEAKY_RELU
//
// Formula      y = x where x >= 0, else Alpha * x; Alpha is a FLOAT32 attribute.
// Rounding     Alpha * x: the exact product rounded once to the output type, to nearest with
//              ties to even (math::multiply, round_real). x >= 0 is exact (no rounding).
// Specials     -0 >= 0 holds, so -0 stays -0 and +0 stays +0; NaN gives the positive quiet
//              NaN (x >= 0 fails and Alpha * NaN is NaN); -Inf gives -Alpha * Inf (+Inf for a
//              negative Alpha, NaN for a zero one). [unverified: DirectML's page states no
//              special values]
// Undefined    nothing.
// Support      InputTensor and OutputTensor share one data type.
//              1_0: FLOAT32, FLOAT16. Dimensions: 4 before 3_0 (DirectML's 2_0 table says 4
//              to 5; dmlref keeps its shared rule of exactly 4), 1 to 8 from 3_0. OutputTensor
//              may alias InputTensor (in place).
// Budgets      golden: exact. fast: FLOAT32 exact (one IEEE multiplication in float lanes,
//              selected on the comparison); FLOAT16 within 1 ULP (the product formed exactly
//              in double lanes is rounded to FLOAT32, then to FLOAT16: two roundings).
//              Default comparison: 1 ULP FLOAT32, 2 ULP FLOAT16 (WebNN's GPU suite's figures
//              for leakyRelu).

#include <array>
#include <cstdint>
#include <limits>
#include <vector>

#include "dmlref/core/tolerance.hpp"
#include "dmlref/dml/directml_types.hpp"
#include "dmlref/math/exact_arith.hpp"
#include "dmlref/math/real.hpp"
#include "dmlref/ops/families.hpp"
#include "dmlref/ops/float_attributes.hpp"
#include "dmlref/ops/ordering.hpp"
#include "dmlref/ops/support.hpp"

namespace dmlref::ops {

struct activation_leaky_relu
    : float_attributes<activation_leaky_relu,
                       unary<activation_leaky_relu, support_table<since<feature_level::level_1_0, float_elements>>>> {
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ACTIVATION_LEAKY_RELU;

  float alpha = 0.01f;

  /// The FLOAT attributes, in schema order.
  static constexpr auto float_fields() noexcept {
    return std::array{float_field<activation_leaky_relu>{"Alpha", &activation_leaky_relu::alpha}};
  }
  /// Slopes the generic tests use: DirectML's typical 0.01, a negative one, zero, one above 1
  /// and a tiny one (subnormal products).
  static std::vector<dml::attribute_values> attribute_samples() { return samples({0.01f, -0.5f, 0.0f, 3.0f, 1e-30f}); }

  // Budgets.
  static constexpr std::uint64_t fast_ulp_budget(data_type t) noexcept { return t == data_type::float16 ? 1 : 0; }
  static constexpr tolerance default_tolerance(const operation_types& t) noexcept {
    return t.type[slot::output] == data_type::float16 ? tolerance::ulp(2) : tolerance::ulp(1);
  }

  /// Golden, for T = float or float16.
  template <class T>
  T operator()(T x) const noexcept {
    const math::real r = math::to_real(x);
    if (!r.is_nan() && (!r.negative || r.is_zero())) return x;  // x >= 0
    return math::round_real<T>(math::multiply(math::to_real(alpha), r));
  }
  template <class T>
  bool defined(T) const noexcept {
    return true;
  }
};

}  // namespace dmlref::ops
