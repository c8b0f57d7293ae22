#pragma once
// ACTIVATION_SHRINK
//
// Formula      y = x - Bias where x > Threshold; x + Bias where x < -Threshold; else 0.
//              Bias and Threshold are FLOAT32 attributes.
// Comparisons  exact, between the values (a FLOAT16 or integer x against the FLOAT32
//              Threshold, never a converted Threshold), in the formula's order: with a
//              negative Threshold the first test wins.
// Rounding     floats: x -+ Bias exact, rounded once to the output type, to nearest with ties
//              to even (math::add, round_real). Integers: the exact x -+ Bias truncated toward
//              zero and saturated to the type ([unverified]: DirectML's page does not say how
//              the FLOAT32 Bias meets integer tensors).
// Specials     the comparisons are IEEE 754's: a NaN x, or a NaN Threshold, gives 0; +-Inf x
//              gives +-Inf -+ Bias. A NaN Bias gives the positive quiet NaN where it is used;
//              the 0 written is +0, and an exact zero x -+ Bias is +0 (ADD's rule).
//              [unverified: DirectML's page states no special values]
// Undefined    (not compared) an integer result whose Bias is NaN; the golden path writes 0.
// Support      InputTensor and OutputTensor share one data type.
//              2_0: FLOAT32, FLOAT16 (the operator's first level).  5_1: + INT32, INT16, INT8,
//              UINT32, UINT16, UINT8. Dimensions: 4 before 3_0 (DirectML's 2_0 table says 4 to
//              5; dmlref keeps its shared rule of exactly 4), 1 to 8 from 3_0. OutputTensor
//              may alias InputTensor (in place).
// Budgets      golden: exact. fast: FLOAT32 exact (the comparisons and one IEEE addition in
//              FLOAT32 lanes); FLOAT16 within 1 ULP (x -+ Bias rounded to 53 bits in double
//              lanes, then to FLOAT16 through FLOAT32). Integers run the golden kernel.
//              Default comparison: exact.

#include <array>
#include <cstdint>
#include <limits>
#include <vector>

#include "dmlref/core/tolerance.hpp"
#include "dmlref/dml/directml_types.hpp"
#include "dmlref/math/big_real.hpp"
#include "dmlref/math/exact_arith.hpp"
#include "dmlref/math/real.hpp"
#include "dmlref/ops/families.hpp"
#include "dmlref/ops/float_attributes.hpp"
#include "dmlref/ops/support.hpp"

namespace dmlref::ops {

struct activation_shrink
    : float_attributes<activation_shrink,
                       unary<activation_shrink, support_table<since<feature_level::level_2_0, float_elements>,
                                                              since<feature_level::level_5_1, int_elements_8_to_32>>>> {
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ACTIVATION_SHRINK;

  float bias = 0.0f;
  float threshold = 0.5f;

  /// The FLOAT attributes, in schema order.
  static constexpr auto float_fields() noexcept {
    return std::array{float_field<activation_shrink>{"Bias", &activation_shrink::bias},
                      float_field<activation_shrink>{"Threshold", &activation_shrink::threshold}};
  }
  /// (Bias, Threshold) pairs the generic tests use: ONNX's defaults, a fractional pair, a
  /// negative threshold, a bias beyond the integers' ranges and a NaN threshold.
  static std::vector<dml::attribute_values> attribute_samples() {
    return samples<2>(
        {{0.0f, 0.5f}, {1.25f, 2.5f}, {0.5f, -1.0f}, {3e9f, 100.0f}, {1.0f, std::numeric_limits<float>::quiet_NaN()}});
  }

  // Budgets.
  static constexpr std::uint64_t fast_ulp_budget(data_type t) noexcept { return t == data_type::float16 ? 1 : 0; }
  static constexpr tolerance default_tolerance(const operation_types&) noexcept { return tolerance::exact(); }

  /// Golden.
  template <class T>
  T operator()(T x) const noexcept {
    const math::real v = shrunk(x);
    if constexpr (is_float_element_v<T>) {
      return math::round_real<T>(v);
    } else {
      if (v.is_nan()) return T{};
      T out{};
      if (math::truncate_to_integer(v, out)) return out;
      return v.negative ? std::numeric_limits<T>::lowest() : std::numeric_limits<T>::max();
    }
  }
  template <class T>
  bool defined(T x) const noexcept {
    return is_float_element_v<T> || !shrunk(x).is_nan();
  }

  /// The formula's exact value: x -+ Bias (exact up to sticky), or +0.
  template <class T>
  math::real shrunk(T x) const noexcept {
    const math::real xr = math::to_real(x);
    math::real t = math::to_real(threshold);
    math::real b = math::to_real(bias);
    if (compare(xr, t) == 1) {
      b.negative = !b.negative;
      return math::add(xr, b);
    }
    t.negative = !t.negative;
    if (compare(xr, t) == -1) return math::add(xr, b);
    return math::real{};
  }

 private:
  /// -1, 0 or +1 as a compares with b exactly; 2 when either is NaN (unordered).
  static int compare(const math::real& a, const math::real& b) {
    if (a.is_nan() || b.is_nan()) return 2;
    if (a.is_infinite() && b.is_infinite()) return a.negative == b.negative ? 0 : (a.negative ? -1 : 1);
    if (a.is_infinite()) return a.negative ? -1 : 1;
    if (b.is_infinite()) return b.negative ? 1 : -1;
    math::big_real nb = math::big_real::of(b);
    nb.negative = !nb.negative;
    return (math::big_real::of(a) + nb).sign();
  }
};

}  // namespace dmlref::ops
