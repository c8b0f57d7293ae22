#pragma once
// ELEMENT_WISE_ROUND
//
// Formula      y = x rounded to an integral value as RoundingMode says:
//                HALVES_TO_NEAREST_EVEN  the nearest integer, a half to the even one
//                                        (0.5 -> 0, 1.5 -> 2, 2.5 -> 2);
//                TOWARD_ZERO             truncation (-1.7 -> -1);
//                TOWARD_INFINITY         the nearest integer, a half away from zero, toward
//                                        +Inf or -Inf by its sign (0.5 -> 1, -2.5 -> -3):
//                                        DirectML's name for C's round(), not a ceiling.
// Specials     the sign is kept, also on a zero result (-0.25 -> -0, -0.5 -> -0 to nearest
//              even, -0.5 -> -1 away from zero); +-Inf and +-0 are returned unchanged; a NaN
//              gives the positive quiet NaN (the shared rule, docs/semantics.md). Decided on
//              the bits (ops/rounding.hpp): no compiler flag or FPU mode changes a result.
// Rounding     none: an integral value of the input's format is exact.
// Undefined    nothing.
// Attributes   RoundingMode outside the three values is a validation error naming the field.
// Support      InputTensor and OutputTensor share one data type.
//              2_1: FLOAT32, FLOAT16. Dimensions: 4 before 3_0, 1 to 8 from 3_0.
//              No ScaleBias. OutputTensor may alias InputTensor (in place).
// Budgets      golden: exact. fast: exact (fast_ulp_budget 0). Default comparison: exact.

#include <cstdint>
#include <vector>

#include "dmlref/core/tolerance.hpp"
#include "dmlref/ops/families.hpp"
#include "dmlref/ops/rounding.hpp"
#include "dmlref/ops/support.hpp"

namespace dmlref::ops {

struct round : unary<round, support_table<since<feature_level::level_2_1, float_elements>>> {
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ELEMENT_WISE_ROUND;

  dml::DML_ROUNDING_MODE rounding_mode = dml::DML_ROUNDING_MODE_HALVES_TO_NEAREST_EVEN;

  static round from_attributes(const dml::attribute_values& a) noexcept {
    return round{{}, static_cast<dml::DML_ROUNDING_MODE>(a["RoundingMode"].bits)};
  }
  dml::attribute_values attributes() const {
    dml::attribute_values a(schema_of<round>());
    a.set("RoundingMode", dml::attribute_value::of_bits(static_cast<std::uint32_t>(rounding_mode)));
    return a;
  }
  /// Every rounding mode.
  static std::vector<dml::attribute_values> attribute_samples() {
    std::vector<dml::attribute_values> samples;
    for (const auto m : {dml::DML_ROUNDING_MODE_HALVES_TO_NEAREST_EVEN, dml::DML_ROUNDING_MODE_TOWARD_ZERO,
                         dml::DML_ROUNDING_MODE_TOWARD_INFINITY}) {
      samples.push_back(round{{}, m}.attributes());
    }
    return samples;
  }

  // Budgets.
  static constexpr std::uint64_t fast_ulp_budget(data_type) noexcept { return 0; }
  static constexpr tolerance default_tolerance(const operation_types&) noexcept { return tolerance::exact(); }

  /// The integral rounding a mode names (validation refuses any other value; the typed API
  /// rounds halves to even there).
  static constexpr integral_rounding rounding_of(dml::DML_ROUNDING_MODE m) noexcept {
    switch (m) {
      case dml::DML_ROUNDING_MODE_TOWARD_ZERO: return integral_rounding::toward_zero;
      case dml::DML_ROUNDING_MODE_TOWARD_INFINITY: return integral_rounding::nearest_away;
      default: return integral_rounding::nearest_even;
    }
  }

  /// Golden.
  template <class T>
  T operator()(T x) const noexcept {
    switch (rounding_of(rounding_mode)) {
      case integral_rounding::toward_zero: return round_to_integral<integral_rounding::toward_zero>(x);
      case integral_rounding::nearest_away: return round_to_integral<integral_rounding::nearest_away>(x);
      default: return round_to_integral<integral_rounding::nearest_even>(x);
    }
  }
  template <class T>
  bool defined(T) const noexcept {
    return true;
  }
};

}  // namespace dmlref::ops
