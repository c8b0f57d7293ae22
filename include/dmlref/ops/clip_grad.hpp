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
#include <optional>
#include <utility>
#include <vector>

#include "dmlref/dml/directml_types.hpp"
#include "dmlref/ops/clip.hpp"
#include "dmlref/ops/clip_gradient.hpp"
#include "dmlref/ops/support.hpp"

namespace dmlref::ops {

struct clip_grad
    : clip_gradient<clip_grad, support_table<since<feature_level::level_3_1, float_elements, int_elements_8_to_32>,
                                             since<feature_level::level_5_0, int_elements_64>>> {
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ELEMENT_WISE_CLIP_GRAD;

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
    std::vector<dml::attribute_values> samples;
    for (const auto& [lo, hi] : clip::sample_bounds()) samples.push_back(clip_grad{{}, lo, hi}.attributes());
    return samples;
  }

  /// Min and Max as elements of T (CLIP's conversion).
  template <class T>
  std::pair<std::optional<T>, std::optional<T>> bounds() const noexcept {
    return {clip::bound_as<T>(min), clip::bound_as<T>(max)};
  }
};

}  // namespace dmlref::ops
