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

/// An operand of the quotient, read from its bits (floats) or its value (INT32): the sign,
/// which special value it is, and a finite value's magnitude mantissa 2^exponent (mantissa
/// 0 for zeros, below 2^32).
struct quotient_operand {
  bool negative = false;
  bool zero = false;
  bool infinite = false;
  bool nan = false;
  std::uint64_t mantissa = 0;
  int exponent = 0;
};

template <class T>
DMLREF_DETAIL_ALWAYS_INLINE quotient_operand quotient_operand_of(T v) noexcept {
  quotient_operand r;
  if constexpr (std::is_same_v<T, std::int32_t>) {
    r.negative = v < 0;
    const auto bits = static_cast<std::uint64_t>(static_cast<std::int64_t>(v));
    r.mantissa = r.negative ? std::uint64_t{0} - bits : bits;
    r.zero = v == 0;
  } else {
    using F = typename math::format_of<T>::type;
    const auto bits = math::bits_of(v);
    const bool special = (bits & F::exponent_mask) == F::exponent_mask;
    const bool fraction = (bits & F::mantissa_mask) != 0, no_fraction = (bits & F::mantissa_mask) == 0;
    r.negative = ::dmlref::detail::sign_bit<F>(bits);
    r.zero = (bits & ~F::sign_mask) == 0;
    r.infinite = special & no_fraction;
    r.nan = special & fraction;
    const auto m = ::dmlref::detail::decompose<F>(bits);
    r.mantissa = m.mantissa;
    r.exponent = m.exponent;
  }
  return r;
}

/// Whether x / s is defined: s not 0, neither NaN, not both infinite.
DMLREF_DETAIL_ALWAYS_INLINE bool quotient_defined(const quotient_operand& x, const quotient_operand& s) noexcept {
  return !(s.zero | x.nan | s.nan | (x.infinite & s.infinite));
}

/// round(x / s) to nearest, ties to even, from the exact values, clamped to
/// [-quotient_limit, quotient_limit]; x and s as quotient_defined allows. Integer arithmetic
/// only, every case formed and one selected (no early exit, no division: a loop over this
/// vectorises).
DMLREF_DETAIL_ALWAYS_INLINE std::int32_t rounded_quotient(const quotient_operand& x, const quotient_operand& s) noexcept {
  // |x / s| = (mx / ms) 2^d, mx below 2^32, ms below 2^24, with t = width(mx) + d - width(ms):
  // |x / s| >= 2^(t - 1), so t >= 11 gives quotient_limit (round(x / s) >= 2^10, clamped);
  // |x / s| < 2^(t + 1), so t <= -2 rounds to 0 (below one half).
  static_assert(quotient_limit <= 1024, "t >= 11 must reach the limit");
  const int d = x.exponent - s.exponent;
  const int t = ::dmlref::detail::bit_width(x.mantissa) + d - ::dmlref::detail::bit_width(s.mantissa);
  const bool large = t >= 11, small = t <= -2;
  // For -1 <= t <= 10, |x / s| = n / m < 2^11 with the integers n = mx 2^max(d, 0) below
  // 2^34 and m = ms 2^max(-d, 0) below 2^33 (d <= 34 and -d <= 33 there; the shift counts are
  // capped at 40 so that other cases, whose result is not used, stay defined).
  const auto up = static_cast<std::uint64_t>(d < 0 ? 0 : d > 40 ? 40 : d);
  const auto down = static_cast<std::uint64_t>(d > 0 ? 0 : d < -40 ? 40 : -d);
  const std::uint64_t n = x.mantissa << up, m = s.mantissa << down;
  // Long division: 11 quotient bits, the remainder below m.
  std::uint64_t q = 0, rest = n;
  for (std::uint64_t bit = 11; bit-- > 0;) {
    const std::uint64_t step = m << bit;
    const bool take = rest >= step;
    rest = take ? rest - step : rest;
    q = 2 * q + (take ? 1 : 0);
  }
  // To nearest, ties to even: up when 2 rest > m, or 2 rest = m and q odd.
  q += (2 * rest + (q & 1) > m) ? 1 : 0;
  // An infinite x saturates; then a zero x or an infinite s gives 0; then t decides, then q.
  const bool to_zero = x.zero | s.infinite | small;
  const bool beyond = large | (q > static_cast<std::uint64_t>(quotient_limit));
  const bool to_limit = x.infinite | (to_zero ? false : beyond);
  const std::int32_t magnitude = to_limit ? quotient_limit : to_zero ? 0 : static_cast<std::int32_t>(q);
  return x.negative != s.negative ? -magnitude : magnitude;
}

}  // namespace detail

struct quantize_linear {
  // Identity.
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ELEMENT_WISE_QUANTIZE_LINEAR;

  // Tensors, inputs in descriptor order then the output (the schema names them).
  struct slot {
    enum : std::size_t { input, scale, zero_point, output };
  };
  static quantize_linear from_attributes(const dml::attribute_values&) noexcept { return {}; }

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
    if (auto s = check_type(t.type[slot::input], input_types(level), "InputTensor", name_of<quantize_linear>, level); !s.ok()) {
      return s;
    }
    const data_type scale = scale_type_for(t.type[slot::input]);
    if (t.type[slot::scale] != scale) {
      return status::error(errc::unsupported_data_type, "ScaleTensor", "DataType",
                           std::string(name_of<quantize_linear>) + " takes a " + std::string(name(scale)) +
                               " ScaleTensor for a " + std::string(name(t.type[slot::input])) +
                               " InputTensor, got " + std::string(name(t.type[slot::scale])));
    }
    if (auto s = check_type(t.type[slot::output], output_types(level), "OutputTensor", name_of<quantize_linear>, level); !s.ok()) {
      return s;
    }
    if (!t.present[slot::zero_point] && !zero_point_optional(level)) {
      return status::error(errc::missing_binding, "ZeroPointTensor", "",
                           std::string(name_of<quantize_linear>) + " requires a ZeroPointTensor before feature level 6_2");
    }
    if (t.present[slot::zero_point]) {
      return check_same_type(t.type[slot::zero_point], t.type[slot::output], "ZeroPointTensor", "OutputTensor",
                             name_of<quantize_linear>);
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
    const auto xv = detail::quotient_operand_of(x), sv = detail::quotient_operand_of(scale);
    const std::int32_t y = detail::rounded_quotient(xv, sv) + static_cast<std::int32_t>(zero_point);
    constexpr std::int32_t lowest = std::numeric_limits<Out>::min(), highest = std::numeric_limits<Out>::max();
    const auto clamped = static_cast<Out>(y < lowest ? lowest : y > highest ? highest : y);
    return detail::quotient_defined(xv, sv) ? clamped : zero_point;
  }
  template <class In, class S, class Out>
  bool defined(In x, S scale, Out) const noexcept {
    return detail::quotient_defined(detail::quotient_operand_of(x), detail::quotient_operand_of(scale));
  }
};

}  // namespace dmlref::ops
