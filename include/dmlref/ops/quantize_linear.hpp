#pragma once
// ELEMENT_WISE_QUANTIZE_LINEAR
//
// Formula      y = clamp(round(x / Scale) + ZeroPoint, Min, Max), Min and Max those of the
//              output type (INT8 -128 to 127, UINT8 0 to 255). Without a ZeroPointTensor
//              (allowed from 6_2) ZeroPoint is 0.
// Rounding     golden: the exact rational quotient x / Scale (never a rounded float
//              division), rounded to the nearest integer with ties to even; the zero point
//              added exactly; then clamped.
// Specials     a quotient of +-Inf (x infinite, Scale finite and nonzero) saturates to Max or
//              Min by its sign; x finite over an infinite Scale is a quotient of 0.
// Undefined    (not compared) elements whose Scale is +-0 (DirectML's documentation says
//              so), and elements whose x or Scale is NaN, or whose x and Scale are both
//              infinite (a NaN quotient) [unverified: DirectML does not say]. The golden
//              path writes the zero point there.
// Support      ScaleTensor has InputTensor's type, except FLOAT32 for an INT32 InputTensor;
//              ZeroPointTensor has OutputTensor's type.
//              1_0: FLOAT32 -> UINT8.  2_1: FLOAT32, INT32 -> INT8, UINT8.
//              6_0: FLOAT16 input too (FLOAT16 scale).  6_2: ZeroPointTensor optional.
//              Dimensions: 4 before 3_0, 1 to 8 from 3_0. No ScaleBias. The output may not
//              alias any input (the types differ).
// Budgets      golden: exact. fast: exact (fast_ulp_budget 0; bit for bit with golden).
//              Default comparison: 1 (integer unit), for backends that divide in float.

#include <array>
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>

#include "dmlref/core/tolerance.hpp"
#include "dmlref/dml/directml_types.hpp"
#include "dmlref/math/real.hpp"
#include "dmlref/ops/operator_traits.hpp"
#include "dmlref/ops/support.hpp"

namespace dmlref::ops {

namespace detail {

/// The largest quotient magnitude kept: round(x / Scale) beyond it saturates every output
/// type whatever the zero point (|ZeroPoint| <= 255, |Min|, |Max| <= 255).
inline constexpr std::int32_t quotient_limit = 1024;

/// round(x / s) to nearest, ties to even, from the exact values, clamped to
/// [-quotient_limit, quotient_limit]; x and s finite or infinite, not NaN, s not 0, not both
/// infinite.
inline std::int32_t rounded_quotient(const math::real& x, const math::real& s) noexcept {
  const bool negative = x.negative != s.negative;
  const std::int32_t saturated = negative ? -quotient_limit : quotient_limit;
  if (x.is_infinite()) return saturated;
  if (x.is_zero() || s.is_infinite()) return 0;
  // |x / s| = (mx / ms) 2^d, mx and ms below 2^32 and 2^24.
  const std::uint64_t mx = x.magnitude.mantissa, ms = s.magnitude.mantissa;
  const int d = x.magnitude.exponent - s.magnitude.exponent;
  // At least 2^(width(mx) - 1 + d - width(ms)) > 2^11 when this holds: saturated.
  if (::dmlref::detail::bit_width(mx) + d > ::dmlref::detail::bit_width(ms) + 11) return saturated;
  // At most 2^32 2^-41: under one half, so 0.
  if (d < -40) return 0;
  // Now mx 2^d < 2^35 when d >= 0, and ms 2^-d < 2^64 when d < 0: exact integers.
  const std::uint64_t numerator = d >= 0 ? mx << d : mx;
  const std::uint64_t denominator = d >= 0 ? ms : ms << -d;
  std::uint64_t q = numerator / denominator;
  const std::uint64_t rest = numerator % denominator, short_of_next = denominator - rest;
  if (rest > short_of_next || (rest == short_of_next && (q & 1) != 0)) ++q;  // to nearest, ties to even
  if (q > static_cast<std::uint64_t>(quotient_limit)) return saturated;
  const auto magnitude = static_cast<std::int32_t>(q);
  return negative ? -magnitude : magnitude;
}

}  // namespace detail

struct quantize_linear {
  // Identity.
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ELEMENT_WISE_QUANTIZE_LINEAR;
  static constexpr const char* dml_name = "ELEMENT_WISE_QUANTIZE_LINEAR";
  static constexpr feature_level introduced = feature_level::level_1_0;

  // Descriptor: tensors in descriptor order, the output last; no attributes.
  using dml_desc = dml::DML_ELEMENT_WISE_QUANTIZE_LINEAR_OPERATOR_DESC;
  struct slot {
    enum : std::size_t { input, scale, zero_point, output };
  };
  static constexpr std::array<tensor_slot, 4> tensors{
      {{"InputTensor"}, {"ScaleTensor"}, {"ZeroPointTensor", true}, {"OutputTensor"}}};
  static constexpr attribute_set attribute_names{};
  static std::array<const dml::DML_TENSOR_DESC*, 4> tensors_of(const dml_desc& d) noexcept {
    return {d.InputTensor, d.ScaleTensor, d.ZeroPointTensor, d.OutputTensor};
  }
  static attributes attributes_of(const dml_desc&) noexcept { return {}; }
  static dml_desc make_desc(const std::array<const dml::DML_TENSOR_DESC*, 4>& t, const dml::DML_SCALE_BIAS*,
                            float) noexcept {
    return {t[slot::input], t[slot::scale], t[slot::zero_point], t[slot::output]};
  }
  static quantize_linear from_attributes(const attributes&) noexcept { return {}; }

  // Support table (DirectML's, level by level).
  using input_support = support_table<since<feature_level::level_1_0, type_list<float>>,
                                      since<feature_level::level_2_1, type_list<std::int32_t>>,
                                      since<feature_level::level_6_0, type_list<float16>>>;
  using output_support = support_table<since<feature_level::level_1_0, type_list<std::uint8_t>>,
                                       since<feature_level::level_2_1, type_list<std::int8_t>>>;
  static constexpr type_set input_types(feature_level level) noexcept { return input_support::at(level); }
  static constexpr type_set output_types(feature_level level) noexcept { return output_support::at(level); }
  /// ScaleTensor's data type for an InputTensor type: FLOAT32 for INT32, else the input's.
  static constexpr data_type scale_type_for(data_type input) noexcept {
    return input == data_type::int32 ? data_type::float32 : input;
  }
  static constexpr bool zero_point_optional(feature_level level) noexcept {
    return at_least(level, feature_level::level_6_2);
  }
  static status check_support(feature_level level, const operation_types& t) {
    if (auto s = check_type(t.type[slot::input], input_types(level), "InputTensor", dml_name, level); !s.ok()) {
      return s;
    }
    const data_type scale = scale_type_for(t.type[slot::input]);
    if (t.type[slot::scale] != scale) {
      return status::error(errc::unsupported_data_type, "ScaleTensor", "DataType",
                           std::string(dml_name) + " takes a " + std::string(name(scale)) +
                               " ScaleTensor for a " + std::string(name(t.type[slot::input])) +
                               " InputTensor, got " + std::string(name(t.type[slot::scale])));
    }
    if (auto s = check_type(t.type[slot::output], output_types(level), "OutputTensor", dml_name, level); !s.ok()) {
      return s;
    }
    if (!t.present[slot::zero_point] && !zero_point_optional(level)) {
      return status::error(errc::missing_binding, "ZeroPointTensor", "",
                           std::string(dml_name) + " requires a ZeroPointTensor before feature level 6_2");
    }
    if (t.present[slot::zero_point]) {
      return check_same_type(t.type[slot::zero_point], t.type[slot::output], "ZeroPointTensor", "OutputTensor",
                             dml_name);
    }
    return {};
  }
  static constexpr bool allows_in_place = false;

  // Dispatch: InputTensor's type In and OutputTensor's type Out; operands (output first) of
  // types operand_types<In, Out>. An absent ZeroPointTensor reads as a broadcast 0.
  static constexpr std::array<std::size_t, 2> dispatch_slots{slot::input, slot::output};
  using dispatch_lists = type_list<input_support::elements, output_support::elements>;
  template <class In>
  using scale_element = std::conditional_t<std::is_same_v<In, std::int32_t>, float, In>;
  template <class In, class Out>
  using operand_types = type_list<Out, In, scale_element<In>, Out>;

  // Budgets.
  static constexpr std::uint64_t fast_ulp_budget(data_type) noexcept { return 0; }
  static constexpr tolerance default_tolerance(const operation_types&) noexcept { return tolerance::ulp(1); }

  /// Golden, for In = float, float16 or int32 and Out = int8 or uint8.
  template <class In, class S, class Out>
  Out operator()(In x, S scale, Out zero_point) const noexcept {
    if (!defined(x, scale, zero_point)) return zero_point;
    const std::int32_t q = detail::rounded_quotient(math::to_real(x), math::to_real(scale));
    const std::int32_t y = q + static_cast<std::int32_t>(zero_point);
    constexpr std::int32_t lowest = std::numeric_limits<Out>::min(), highest = std::numeric_limits<Out>::max();
    return static_cast<Out>(y < lowest ? lowest : y > highest ? highest : y);
  }
  template <class In, class S, class Out>
  bool defined(In x, S scale, Out) const noexcept {
    const auto xr = math::to_real(x), sr = math::to_real(scale);
    return !sr.is_zero() && !xr.is_nan() && !sr.is_nan() && !(xr.is_infinite() && sr.is_infinite());
  }
};

}  // namespace dmlref::ops
