#pragma once
// ELEMENT_WISE_CLIP_GRAD
//
// Formula      OutputGradientTensor = 0 where x <= Min or x >= Max, else the gradient
//              (DirectML's page), x from InputTensor, the gradient from InputGradientTensor;
//              Min and Max are FLOAT32 attributes.
// Bounds       converted to the tensor's type first, as CLIP converts them (ops/clip.hpp):
//              rounded to nearest even for FLOAT16, truncated toward zero and saturated for
//              integers, so the gradient is zero exactly where CLIP's forward pass clipped or
//              touched a bound [unverified: the page states no conversion; CLIP's remark is
//              followed]; a NaN bound bounds nothing.
// Comparison   IEEE 754's, decided on the bits (ops::less): -0 == +0, so x = -0 with Min = 0
//              gives 0; a NaN x satisfies neither test and passes the gradient
//              [unverified: DirectML's page states no special values].
// Result       the gradient's bits where it passes (a NaN keeps its payload); else +0 (0 for
//              integers).
// Rounding     none.
// Undefined    nothing.
// Support      InputTensor, InputGradientTensor and OutputGradientTensor share one data type.
//              3_1: FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8 (the
//              operator's first level).  5_0: + INT64, UINT64. Dimensions: 1 to 8.
//              OutputGradientTensor may alias InputTensor (in place; the page names it).
// Budgets      golden: exact. fast: exact (fast_ulp_budget 0): no vector kernel, the fast
//              path runs the golden kernel. Default comparison: exact.

#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

#include "dmlref/core/tolerance.hpp"
#include "dmlref/dml/directml_types.hpp"
#include "dmlref/ops/clip.hpp"
#include "dmlref/ops/families.hpp"
#include "dmlref/ops/ordering.hpp"
#include "dmlref/ops/support.hpp"

namespace dmlref::ops {

struct clip_grad : binary<clip_grad, support_table<since<feature_level::level_3_1, float_elements, int_elements_8_to_32>,
                                                   since<feature_level::level_5_0, int_elements_64>>> {
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ELEMENT_WISE_CLIP_GRAD;
  static constexpr std::uint32_t in_place_inputs = 1u << slot::a;  // InputTensor only

  float min = 0.0f;
  float max = 0.0f;

  static clip_grad from_attributes(const dml::attribute_values& a) noexcept {
    return clip_grad{{}, a["Min"].as_float(), a["Max"].as_float()};
  }
  dml::attribute_values attributes() const {
    dml::attribute_values a(schema_of<clip_grad>());
    a.set("Min", dml::attribute_value::of_float(min));
    a.set("Max", dml::attribute_value::of_float(max));
    return a;
  }
  /// Bounds the generic tests use: CLIP's (ordinary, truncating and rounding, empty, signed
  /// zeros, infinite and NaN).
  static std::vector<dml::attribute_values> attribute_samples() {
    const float inf = std::numeric_limits<float>::infinity();
    const float nan = std::numeric_limits<float>::quiet_NaN();
    std::vector<dml::attribute_values> samples;
    for (const auto& [lo, hi] : {std::pair{-1.0f, 1.0f}, std::pair{-2.75f, 100.3f}, std::pair{3.0f, -3.0f},
                                 std::pair{-0.0f, 0.0f}, std::pair{-inf, 1e30f}, std::pair{nan, 6.5f}}) {
      samples.push_back(clip_grad{{}, lo, hi}.attributes());
    }
    return samples;
  }

  // Budgets.
  static constexpr std::uint64_t fast_ulp_budget(data_type) noexcept { return 0; }
  static constexpr tolerance default_tolerance(const operation_types&) noexcept { return tolerance::exact(); }

  /// Golden.
  template <class T>
  T operator()(T x, T gradient) const noexcept {
    const std::optional<T> lo = clip::bound_as<T>(min);
    const std::optional<T> hi = clip::bound_as<T>(max);
    const bool at_or_below = lo && (less(x, *lo) || equal(x, *lo));
    const bool at_or_above = hi && (less(*hi, x) || equal(x, *hi));
    return at_or_below || at_or_above ? T{} : gradient;
  }
  template <class T>
  bool defined(T, T) const noexcept {
    return true;
  }
};

}  // namespace dmlref::ops
