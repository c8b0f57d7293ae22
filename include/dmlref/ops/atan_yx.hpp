#pragma once
// ELEMENT_WISE_ATAN_YX
//
// Formula      y = atan2(a, b): the angle of the point (b, a) (ATensor the y-axis, BTensor the
//              x-axis), in [-pi, pi].
// Specials     C's atan2 (ISO C Annex F) where DirectML's page is silent: +-0 for a = +-0 and
//              b > 0, +-pi for a = +-0 and b < 0; +-pi/2 for b = +-0 and a != 0 and for
//              a = +-Inf and b finite; +-pi/4 and +-3pi/4 for a = +-Inf and b = +Inf and -Inf;
//              +-0 and +-pi for b = +Inf and -Inf and a finite; NaN in either gives the
//              canonical quiet NaN (positive, payload dropped) [unverified: a GPU may keep an
//              input's payload].
// Rounding     golden: the exact real atan2(a, b) rounded once to the output type, to nearest
//              with ties to even (math/inverse_trig.hpp: atan(|a| / |b|) in integer fixed
//              point, pi minus it for b < 0; the boundary c decided by the sign of
//              |a| cos c - b sin c from enclosures of sin c and cos c).
// Undefined    the origin: a and b both zero (either sign), as DirectML's page says; golden
//              writes C's value there (+-0 or +-pi), not compared.
// Support      3_1: FLOAT32, FLOAT16; ATensor, BTensor and OutputTensor share the data type.
//              Dimensions: 1 to 8. No ScaleBias.
//              OutputTensor may alias ATensor or BTensor (in place).
// Budgets      golden: 0 ULP from the exact result, checked on sampled FLOAT32 and FLOAT16
//              pairs against MPFR and LLVM's atan2f (docs/reliability.md). fast: 2 ULP
//              FLOAT32, 1 ULP FLOAT16 from golden. Default comparison: 6 ULP FLOAT32, 2 ULP
//              FLOAT16 (OpenCL's figures for atan2).

#include <cstdint>

#include "dmlref/core/tolerance.hpp"
#include "dmlref/dml/directml_types.hpp"
#include "dmlref/math/inverse_trig.hpp"
#include "dmlref/math/real.hpp"
#include "dmlref/ops/families.hpp"
#include "dmlref/ops/operator_traits.hpp"
#include "dmlref/ops/support.hpp"

namespace dmlref::ops {

struct atan_yx : binary<atan_yx, support_table<since<feature_level::level_3_1, float_elements>>> {
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ELEMENT_WISE_ATAN_YX;
  static atan_yx from_attributes(const dml::attribute_values&) noexcept { return {}; }

  // Budgets.
  static constexpr std::uint64_t fast_ulp_budget(data_type output) noexcept {
    return output == data_type::float16 ? 1 : 2;
  }
  static constexpr tolerance default_tolerance(const operation_types& t) noexcept {
    return t.type[slot::output] == data_type::float16 ? tolerance::ulp(2) : tolerance::ulp(6);
  }

  /// Golden, for T = float or float16.
  template <class T>
  T operator()(T a, T b) const {
    using F = typename math::format_of<T>::type;
    return math::from_result_bits<T>(math::atan2_rounded<F>(math::to_real(a), math::to_real(b)));
  }
  /// False at the origin (both zero, on the bits: any sign).
  template <class T>
  bool defined(T a, T b) const noexcept {
    return !(math::to_real(a).is_zero() && math::to_real(b).is_zero());
  }
};

}  // namespace dmlref::ops
