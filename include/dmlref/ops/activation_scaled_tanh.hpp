#pragma once
// ACTIVATION_SCALED_TANH
//
// Formula      y = Alpha tanh(Beta x); Alpha and Beta are FLOAT32 attributes (DirectML's typical
//              1 and 0.5), taken exactly (no ScaleBias); t = Beta x is the exact product
//              (48 bits), never a rounded one.
// Specials     IEEE 754's for each step: t = +-0 (x or Beta zero) gives tanh t = +-0 and y a
//              zero whose sign is the product of Alpha's and t's; t = +-Inf gives tanh t = +-1
//              and y = +-Alpha rounded to the output type; Alpha = +-0 gives a signed zero and
//              Alpha = +-Inf a signed infinity where tanh t is nonzero. NaN x, Alpha or Beta,
//              Beta x = 0 Inf and Alpha tanh t = Inf 0 give the canonical quiet NaN
//              [unverified: DirectML's page states no special values; payload].
// Rounding     golden: the exact real rounded once to the output type, to nearest with ties
//              to even, never its steps (math/scaled_tanh.hpp): relative however small Beta x
//              (Alpha Beta x (1 - (Beta x)^2/3 ...)); results below half the smallest subnormal
//              are signed zeros; in FLOAT16, |Alpha| tanh|t| past 65520 gives +-Inf.
// Undefined    nothing.
// Support      1_0: FLOAT32, FLOAT16; InputTensor and OutputTensor share the data type.
//              Dimensions: 4 before 3_0 (DirectML's 2_0 table says 4 to 5; dmlref keeps its
//              shared rule of exactly 4), 1 to 8 from 3_0. OutputTensor may alias InputTensor.
// Budgets      golden: 0 ULP from the exact result, checked against MPFR on every FLOAT16
//              input and sampled FLOAT32 inputs (docs/reliability.md). fast: 2 ULP FLOAT32,
//              1 ULP FLOAT16 from golden (simd/activation_scaled_tanh.hpp). Default
//              comparison: ACTIVATION_TANH's, 16 ULP FLOAT32 and 2 ULP FLOAT16 (WebNN has no
//              scaledTanh; its figure for tanh).

#include <array>
#include <cstdint>
#include <vector>

#include "dmlref/dml/directml_types.hpp"
#include "dmlref/math/exact_arith.hpp"
#include "dmlref/math/real.hpp"
#include "dmlref/math/scaled_tanh.hpp"
#include "dmlref/ops/activation_tanh.hpp"
#include "dmlref/ops/budgets.hpp"
#include "dmlref/ops/float_attributes.hpp"

namespace dmlref::ops {

struct activation_scaled_tanh : scaled_activation<activation_scaled_tanh, budgets_of<activation_tanh>> {
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ACTIVATION_SCALED_TANH;

  float alpha = 1.0f;
  float beta = 0.5f;

  /// The FLOAT attributes, in schema order.
  static constexpr auto float_fields() noexcept {
    return std::array{float_field<activation_scaled_tanh>{"Alpha", &activation_scaled_tanh::alpha},
                      float_field<activation_scaled_tanh>{"Beta", &activation_scaled_tanh::beta}};
  }
  /// The values the generic tests use: the typical (1, 0.5), (1.7159, 2/3) (non-dyadic
  /// products), a negative Alpha with a negative Beta, a zero Beta, a large Alpha (FLOAT16
  /// overflow) and a tiny one (subnormal results). Each defines every element.
  static std::vector<dml::attribute_values> attribute_samples() {
    return samples<2>(
        {{1.0f, 0.5f}, {1.7159f, 0.6666667f}, {-2.0f, -0.5f}, {0.5f, 0.0f}, {3e30f, 2.0f}, {0x1p-140f, 3.0f}});
  }

  /// Alpha tanh(t) for a = Alpha and t = Beta x, neither NaN, rounded once to T.
  template <class T>
  static T scaled(const math::real& a, const math::real& t) {
    using F = typename math::format_of<T>::type;
    using bits_type = typename F::bits_type;
    const auto nan = math::from_result_bits<T>(F::quiet_nan);
    const bool negative = a.negative != t.negative;
    const auto sign = negative ? F::sign_mask : bits_type{0};
    if (t.is_zero()) return a.is_infinite() ? nan : math::from_result_bits<T>(sign);  // Alpha (+-0)
    if (a.is_zero()) return math::from_result_bits<T>(sign);
    if (a.is_infinite()) return math::from_result_bits<T>(static_cast<bits_type>(sign | F::infinity));
    if (t.is_infinite()) {  // tanh t = +-1
      math::real r = a;
      r.negative = negative;
      return math::round_real<T>(r);
    }
    const bits_type magnitude = math::scaled_tanh_rounded<F>(t.magnitude, a.magnitude);
    return math::from_result_bits<T>(static_cast<bits_type>(sign | magnitude));
  }
};

}  // namespace dmlref::ops
