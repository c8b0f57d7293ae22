#pragma once
// ELEMENT_WISE_CLIP1
//
// Formula      y = max(Min, min(g, Max)), g = x, or fma(x, Scale, Bias) rounded once to
//              FLOAT32 when ScaleBias is given. Min and Max are DML_SCALAR_UNIONs holding
//              values of MinMaxDataType, which must be the tensors' data type: the bounds are
//              values of the tensor's type as given, with no conversion (an INT64 or UINT64
//              bound is exact, which CLIP's FLOAT32 bounds are not beyond 2^24).
// Nesting      DirectML's page writes CLIP1's formula as CLIP's page writes CLIP's: Max applies
//              first, then Min, so Min > Max gives Min (as CLIP, ops/clip.hpp). What differs
//              from CLIP is the descriptor's nesting: the bounds' type is a field
//              (MinMaxDataType) and each bound a union read through it.
// FLOAT16      a FLOAT16 bound is the binary16 bit pattern in the union's first two bytes
//              (DML_SCALAR_UNION has no FLOAT16 member; the bytes as UInt16 hold it)
//              [unverified].
// Specials     as CLIP: comparisons are IEEE 754's (-0 == +0), g equal to a bound is g itself
//              (its sign of zero kept); a NaN g gives g (payload kept); a NaN bound bounds
//              nothing [unverified, as CLIP].
// ScaleBias    as CLIP: floats clip the FLOAT32 g between the bounds (FLOAT16 bounds are
//              FLOAT32 values exactly) and round once to the output type; integers truncate g
//              toward zero, saturate it to the type, then clip. [unverified, as CLIP]
// Integers     no arithmetic without ScaleBias: the result is x or a bound.
// Undefined    (not compared) an integer result with ScaleBias whose g is NaN; the golden path
//              writes 0 there.
// Support      InputTensor and OutputTensor share one data type; MinMaxDataType is that type
//              (validation: check_attributes, naming MinMaxDataType).
//              5_0 (the operator's first level): FLOAT32, FLOAT16, INT64, INT32, INT16, INT8,
//              UINT64, UINT32, UINT16, UINT8. Dimensions: 1 to 8. ScaleBias optional.
//              OutputTensor may alias InputTensor (in place).
// Budgets      golden: exact. fast: exact (fast_ulp_budget 0; CLIP's lanes, ScaleBias runs
//              golden). Default comparison: exact.

#include <cstdint>
#include <cstring>
#include <limits>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "dmlref/core/status.hpp"
#include "dmlref/core/tolerance.hpp"
#include "dmlref/math/real.hpp"
#include "dmlref/ops/clip.hpp"
#include "dmlref/ops/families.hpp"
#include "dmlref/ops/ordering.hpp"
#include "dmlref/ops/scale_bias.hpp"
#include "dmlref/ops/support.hpp"

namespace dmlref::ops {

namespace detail {

/// The value of type T a DML_SCALAR_UNION's bytes hold; nullopt for a NaN (no bound).
template <class T>
std::optional<T> scalar_bound(std::uint64_t bytes) noexcept {
  T value;
  std::memcpy(static_cast<void*>(&value), &bytes, sizeof value);
  if (is_nan(value)) return std::nullopt;
  return value;
}

/// The bytes of a DML_SCALAR_UNION holding value.
template <class T>
std::uint64_t scalar_bytes(T value) noexcept {
  std::uint64_t bytes = 0;
  std::memcpy(&bytes, static_cast<const void*>(&value), sizeof value);
  return bytes;
}

/// The rule CLIP1 and CLIP_GRAD1 share: MinMaxDataType is the output tensor's data type.
template <class Op>
status check_min_max_type(const operation_types& t, const dml::attribute_values& a) {
  constexpr std::size_t output = tensor_count_of<Op> - 1;
  const auto declared = static_cast<data_type>(a["MinMaxDataType"].bits);
  if (declared == t.type[output]) return {};
  return status::error(errc::invalid_argument, "", "MinMaxDataType",
                       std::string(name(declared)) + " must be the data type of " + tensor_field_of<Op>(output).name +
                           " (" + std::string(name(t.type[output])) + ")");
}

/// Bound pairs of type T the generic tests and `generate` use: for floats an ordinary
/// interval, one that rounds, an empty one (Min > Max), signed zeros, an infinite and a NaN
/// bound; for integers the whole range, an ordinary and an empty interval, and bounds at the
/// type's top that no FLOAT32 holds for 32- and 64-bit types.
template <class T>
std::vector<std::pair<T, T>> bound_samples() {
  if constexpr (is_float_element_v<T>) {
    const float inf = std::numeric_limits<float>::infinity(), nan = std::numeric_limits<float>::quiet_NaN();
    return {{T(-1.0f), T(1.0f)}, {T(-2.75f), T(100.25f)}, {T(3.0f), T(-3.0f)},
            {T(-0.0f), T(0.0f)}, {T(-inf), T(1000.0f)},   {T(nan), T(6.5f)}};
  } else {
    using L = std::numeric_limits<T>;
    return {{L::lowest(), L::max()}, {T(1), T(100)}, {T(100), T(1)}, {T(L::max() - 7), T(L::max() - 1)}};
  }
}

}  // namespace detail

struct clip1 : unary<clip1, support_table<since<feature_level::level_5_0, float_elements, int_elements_8_to_32,
                                                int_elements_64>>> {
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ELEMENT_WISE_CLIP1;

  data_type min_max_type = data_type::float32;
  std::uint64_t min = 0;  // DML_SCALAR_UNION's bytes
  std::uint64_t max = 0;
  std::optional<scale_bias> scale_and_bias = std::nullopt;

  static clip1 from_attributes(const dml::attribute_values& a) noexcept {
    return clip1{{}, static_cast<data_type>(a["MinMaxDataType"].bits), a["Min"].scalar, a["Max"].scalar,
                 scale_bias_of(a)};
  }
  dml::attribute_values attributes() const {
    dml::attribute_values a(schema_of<clip1>());
    a.set("MinMaxDataType", dml::attribute_value::of_bits(static_cast<std::uint32_t>(min_max_type)));
    a.set("Min", dml::attribute_value::of_scalar(min));
    a.set("Max", dml::attribute_value::of_scalar(max));
    return with_scale_bias(a, scale_and_bias);
  }
  /// The bounds as T.
  template <class T>
  static clip1 of(T lo, T hi, std::optional<scale_bias> sb = std::nullopt) noexcept {
    return clip1{{}, data_type_of_v<T>, detail::scalar_bytes(lo), detail::scalar_bytes(hi), sb};
  }
  /// Bounds of the tensors' type (detail::bound_samples).
  static std::vector<dml::attribute_values> attribute_samples(const operation_types& t) {
    std::vector<dml::attribute_values> samples;
    visit_type(t.type[slot::input], typename input_support::elements{}, [&](auto tag) {
      using T = typename decltype(tag)::type;
      for (const auto& [lo, hi] : detail::bound_samples<T>()) samples.push_back(of(lo, hi).attributes());
      return true;
    });
    return samples;
  }
  static std::vector<dml::attribute_values> attribute_samples() { return attribute_samples(types_of<float, float>()); }
  static status check_attributes(feature_level, const operation_types& t, const dml::attribute_values& a) {
    return detail::check_min_max_type<clip1>(t, a);
  }

  // Budgets.
  static constexpr std::uint64_t fast_ulp_budget(data_type) noexcept { return 0; }
  static constexpr tolerance default_tolerance(const operation_types&) noexcept { return tolerance::exact(); }

  /// Golden.
  template <class T>
  T operator()(T x) const noexcept {
    const std::optional<T> lo = detail::scalar_bound<T>(min), hi = detail::scalar_bound<T>(max);
    if (!scale_and_bias) return clip::clipped_between(x, lo, hi);
    const float g = scaled_float(x, *scale_and_bias);
    if constexpr (is_float_element_v<T>) {
      return *scaled_result<T>(clip::clipped_between(g, as_float(lo), as_float(hi)));
    } else {
      return is_nan(g) ? T{} : clip::clipped_between(clip::saturated<T>(math::to_real(g)), lo, hi);
    }
  }
  template <class T>
  bool defined(T x) const noexcept {
    return is_float_element_v<T> || !scale_and_bias || !is_nan(scaled_float(x, *scale_and_bias));
  }

 private:
  /// A float bound as the FLOAT32 value it is (exact: FLOAT16 values are FLOAT32 values).
  template <class T>
  static std::optional<float> as_float(const std::optional<T>& b) noexcept {
    if (!b) return std::nullopt;
    return math::round_real<float>(math::to_real(*b));
  }
};

}  // namespace dmlref::ops
