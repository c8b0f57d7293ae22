#pragma once
// ELEMENT_WISE_THRESHOLD
//
// Formula      y = max(g, Min), g = x, or fma(x, Scale, Bias) rounded once to FLOAT32 when
//              ScaleBias is given. Min is a FLOAT32 attribute, converted to the tensor's type
//              first as CLIP converts its bounds: rounded to nearest even for FLOAT16,
//              truncated toward zero and saturated for integers. [unverified: DirectML's page
//              states no conversion for THRESHOLD; CLIP's remark is followed]
// Specials     IEEE 754's comparison (-0 == +0): g equal to Min is g itself (its sign of
//              zero kept). A NaN g gives g (payload kept) [unverified: a GPU's max may return
//              Min]; a NaN Min bounds nothing.
// ScaleBias    as CLIP with no Max (ops/clip.hpp): floats: max of the FLOAT32 g, rounded once
//              to FLOAT16 for FLOAT16 output; integers: g truncated toward zero and saturated,
//              then thresholded. [unverified: integer ScaleBias]
// Undefined    (not compared) an integer result with ScaleBias whose g is NaN; the golden
//              path writes 0 there.
// Support      InputTensor and OutputTensor share one data type.
//              1_0: FLOAT32, FLOAT16.  2_1: + INT32, INT16, INT8, UINT32, UINT16, UINT8.
//              Dimensions: 4 before 3_0, 1 to 8 from 3_0. ScaleBias optional. OutputTensor
//              may alias InputTensor (in place).
// Budgets      golden: exact. fast: exact (fast_ulp_budget 0). Default comparison: exact.

#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

#include "dmlref/core/tolerance.hpp"
#include "dmlref/ops/clip.hpp"
#include "dmlref/ops/families.hpp"
#include "dmlref/ops/scale_bias.hpp"
#include "dmlref/ops/support.hpp"
#include "dmlref/ops/unverified.hpp"

namespace dmlref::ops {

struct threshold : unary<threshold, support_table<since<feature_level::level_1_0, float_elements>,
                                                  since<feature_level::level_2_1, int_elements_8_to_32>>> {
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ELEMENT_WISE_THRESHOLD;

  float min = 0.0f;
  std::optional<scale_bias> scale_and_bias = std::nullopt;

  static threshold from_attributes(const dml::attribute_values& a) noexcept {
    return threshold{{}, a["Min"].as_float(), scale_bias_of(a)};
  }
  dml::attribute_values attributes() const {
    dml::attribute_values a(schema_of<threshold>());
    a.set("Min", dml::attribute_value::of_float(min));
    return with_scale_bias(a, scale_and_bias);
  }
  /// Thresholds the case generator and the generic tests use: one that truncates and
  /// rounds, a signed zero, an infinite one and a NaN one.
  static std::vector<dml::attribute_values> attribute_samples() {
    std::vector<dml::attribute_values> samples;
    for (const float m : {-2.75f, 100.3f, -0.0f, std::numeric_limits<float>::infinity(),
                          std::numeric_limits<float>::quiet_NaN()}) {
      samples.push_back(threshold{{}, m, std::nullopt}.attributes());
    }
    return samples;
  }

  // Budgets.
  static constexpr std::uint64_t fast_ulp_budget(data_type) noexcept { return 0; }
  static constexpr tolerance default_tolerance(const operation_types&) noexcept { return tolerance::exact(); }

  /// The same operation as CLIP with Min and no Max (a NaN Max bounds nothing).
  clip as_clip() const noexcept { return clip{{}, min, std::numeric_limits<float>::quiet_NaN(), scale_and_bias}; }

  /// Report note: integer ScaleBias, and a NaN element kept.
  const char* unverified_note(const operation_types& t, const double* in) const noexcept {
    if (unverified::is_integer(t.type[1]) && scale_and_bias) return unverified::integer_scale_bias;
    return unverified::is_nan(in[0]) ? unverified::nan_kept : nullptr;
  }

  /// Golden.
  template <class T>
  T operator()(T x) const noexcept {
    return as_clip()(x);
  }
  template <class T>
  bool defined(T x) const noexcept {
    return as_clip().defined(x);
  }
};

}  // namespace dmlref::ops
