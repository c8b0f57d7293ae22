#pragma once
// ACTIVATION_GELU
//
// Formula      y = x Phi(x) = x 1/2 (1 + erf(x / sqrt 2)), erf as ELEMENT_WISE_ERF (DirectML's
//              page names it); no attributes, no ScaleBias.
// Specials     +-0 gives +-0 (x/2 of -0 is -0); +Inf gives +Inf; -Inf gives -0, the limit of
//              x Phi(x) from below (the formula's -Inf * 0 has no value) [unverified: DirectML's
//              page states no special values; a GPU may give NaN or +0]; NaN gives the canonical
//              quiet NaN [unverified: payload]. Subnormal inputs are kept (y rounds to about
//              x/2 there). Negative x with |y| below half the smallest subnormal (FLOAT32: x
//              below about -14.4; FLOAT16: about -5.9) give -0, the exact value's sign.
// Rounding     golden: the exact real x Phi(x) rounded once to the output type, to nearest with
//              ties to even, never its steps (math/gelu.hpp: relative however small Phi(x) is
//              for negative x, so subnormal results are exact to their last bit; for large
//              positive x the result is x or, where x Phi(-x) passes half the gap below x, its
//              predecessor, decided exactly).
// Undefined    nothing.
// Support      5_1: FLOAT32, FLOAT16; InputTensor and OutputTensor share the data type.
//              Dimensions 1 to 8 (shared rule from 3_0). OutputTensor may alias InputTensor.
// Budgets      golden: 0 ULP from the exact result, checked against MPFR on every FLOAT16
//              input and sampled FLOAT32 inputs (docs/reliability.md). fast: 2 ULP FLOAT32,
//              1 ULP FLOAT16 from golden (simd/activation_gelu.hpp). Default comparison:
//              18 ULP FLOAT32 and FLOAT16 (WebNN's conformance figure for gelu).

#include <cstdint>

#include "dmlref/dml/directml_types.hpp"
#include "dmlref/math/gelu.hpp"
#include "dmlref/math/real.hpp"
#include "dmlref/ops/budgets.hpp"
#include "dmlref/ops/families.hpp"
#include "dmlref/ops/operator_traits.hpp"
#include "dmlref/ops/support.hpp"

namespace dmlref::ops {

struct activation_gelu
    : with_budgets<unary<activation_gelu, support_table<since<feature_level::level_5_1, float_elements>>>,
                   ulp_budgets<2, 1, 18>> {
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ACTIVATION_GELU;

  static activation_gelu from_attributes(const dml::attribute_values&) noexcept { return activation_gelu{}; }

  /// Golden, for T = float or float16.
  template <class T>
  T operator()(T x) const {
    using F = typename math::format_of<T>::type;
    return math::from_result_bits<T>(math::gelu_rounded<F>(math::to_real(x)));
  }
  template <class T>
  bool defined(T) const noexcept {
    return true;
  }
};

}  // namespace dmlref::ops
