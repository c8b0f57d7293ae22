#pragma once
// ELEMENT_WISE_CLIP
//
// Formula      y = max(Min, min(g, Max)), g = x, or fma(x, Scale, Bias) rounded once to
//              FLOAT32 when ScaleBias is given. Min and Max are FLOAT32 attributes, first
//              converted to the tensor's type: rounded to nearest even for FLOAT16, truncated
//              toward zero for integers (DirectML's remark).
// Order        as the formula nests: Max applies first, then Min, so Min > Max gives Min.
// Specials     comparisons are IEEE 754's (-0 == +0): g equal to a bound is g itself (its
//              sign of zero kept). A NaN g gives g (payload kept) [unverified: a GPU's min/max
//              may return the other operand]; a NaN bound bounds nothing.
// Integers     a bound outside the type's range saturates to the range (so it bounds nothing
//              on that side) [unverified: DirectML says only "cast"]; a NaN bound is none.
// ScaleBias    floats: the clipped FLOAT32 g, rounded once to FLOAT16 for FLOAT16 output (the
//              same as clipping the rounded g between the FLOAT16 bounds: rounding is
//              monotone); integers: g truncated toward zero, saturated to the type, then
//              clipped. [unverified: integer ScaleBias]
// Undefined    (not compared) an integer result with ScaleBias whose g is NaN; the golden path
//              writes 0 there.
// Support      InputTensor and OutputTensor share one data type.
//              1_0: FLOAT32, FLOAT16.  3_0: + INT32, INT16, INT8, UINT32, UINT16, UINT8 (the
//              level the integers arrived by is read from the 3_0 table; 2_1 unverified).
//              5_0: + INT64, UINT64. Dimensions: 4 before 3_0, 1 to 8 from 3_0. ScaleBias
//              optional. OutputTensor may alias InputTensor (in place).
// Budgets      golden: exact. fast: exact (fast_ulp_budget 0). Default comparison: exact.

#include <cstdint>
#include <limits>
#include <optional>
#include <type_traits>
#include <utility>
#include <vector>

#include "dmlref/core/tolerance.hpp"
#include "dmlref/math/real.hpp"
#include "dmlref/ops/families.hpp"
#include "dmlref/ops/ordering.hpp"
#include "dmlref/ops/scale_bias.hpp"
#include "dmlref/ops/support.hpp"
#include "dmlref/ops/unverified.hpp"

namespace dmlref::ops {

struct clip : unary<clip, support_table<since<feature_level::level_1_0, float_elements>,
                                        since<feature_level::level_3_0, int_elements_8_to_32>,
                                        since<feature_level::level_5_0, int_elements_64>>> {
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ELEMENT_WISE_CLIP;

  float min = 0.0f;
  float max = 0.0f;
  std::optional<scale_bias> scale_and_bias = std::nullopt;

  static clip from_attributes(const dml::attribute_values& a) noexcept {
    return clip{{}, a["Min"].as_float(), a["Max"].as_float(), scale_bias_of(a)};
  }
  dml::attribute_values attributes() const {
    dml::attribute_values a(schema_of<clip>());
    a.set("Min", dml::attribute_value::of_float(min));
    a.set("Max", dml::attribute_value::of_float(max));
    return with_scale_bias(a, scale_and_bias);
  }
  /// (Min, Max) pairs the case generator and the generic tests use (CLIP_GRAD's too): an
  /// ordinary interval, one that truncates and rounds, an empty one (Min > Max), signed zeros,
  /// and infinite and NaN bounds.
  static std::vector<std::pair<float, float>> sample_bounds() {
    const float inf = std::numeric_limits<float>::infinity();
    const float nan = std::numeric_limits<float>::quiet_NaN();
    return {{-1.0f, 1.0f}, {-2.75f, 100.3f}, {3.0f, -3.0f}, {-0.0f, 0.0f}, {-inf, 1e30f}, {nan, 6.5f}};
  }
  static std::vector<dml::attribute_values> attribute_samples() {
    std::vector<dml::attribute_values> samples;
    for (const auto& [lo, hi] : sample_bounds()) samples.push_back(clip{{}, lo, hi, std::nullopt}.attributes());
    return samples;
  }

  // Budgets.
  static constexpr std::uint64_t fast_ulp_budget(data_type) noexcept { return 0; }
  static constexpr tolerance default_tolerance(const operation_types&) noexcept { return tolerance::exact(); }

  /// A bound as the tensor's type T: rounded for FLOAT16, truncated and saturated for
  /// integers; nullopt for a NaN bound (no bound).
  template <class T>
  static std::optional<T> bound_as(float b) noexcept {
    const math::real r = math::to_real(b);
    if (r.is_nan()) return std::nullopt;
    if constexpr (is_float_element_v<T>) {
      return math::round_real<T>(r);
    } else {
      return saturated<T>(r);
    }
  }

  /// Report note: integer ScaleBias, and a NaN element kept.
  const char* unverified_note(const operation_types& t, const double* in) const noexcept {
    if (unverified::is_integer(t.type[1]) && scale_and_bias) return unverified::integer_scale_bias;
    return unverified::is_nan(in[0]) ? unverified::nan_kept : nullptr;
  }

  /// Golden.
  template <class T>
  T operator()(T x) const noexcept {
    if (!scale_and_bias) return clipped(x);
    const float g = scaled_float(x, *scale_and_bias);
    if constexpr (is_float_element_v<T>) {
      return *scaled_result<T>(clipped(g));
    } else {
      return is_nan(g) ? T{} : clipped(saturated<T>(math::to_real(g)));
    }
  }
  template <class T>
  bool defined(T x) const noexcept {
    return is_float_element_v<T> || !scale_and_bias || !is_nan(scaled_float(x, *scale_and_bias));
  }

  /// max(Min, min(v, Max)) with the bounds as T.
  template <class T>
  T clipped(T v) const noexcept {
    return clipped_between(v, bound_as<T>(min), bound_as<T>(max));
  }

  /// max(lo, min(v, hi)), Max first, an absent bound bounding nothing (CLIP1 shares it).
  template <class T>
  static T clipped_between(T v, const std::optional<T>& lo, const std::optional<T>& hi) noexcept {
    if (hi && less(*hi, v)) v = *hi;
    if (lo && less(v, *lo)) v = *lo;
    return v;
  }

  /// A real that is not NaN, truncated toward zero and saturated to T's range.
  template <class T>
  static T saturated(const math::real& r) noexcept {
    T out{};
    if (math::truncate_to_integer(r, out)) return out;
    return r.negative ? std::numeric_limits<T>::lowest() : std::numeric_limits<T>::max();
  }
};

}  // namespace dmlref::ops
