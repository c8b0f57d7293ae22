#pragma once
// ELEMENT_WISE_QUANTIZED_LINEAR_ADD
//
// Formula      v = (A - AZeroPoint) * AScale + (B - BZeroPoint) * BScale;
//              y = clamp(round(v / OutputScale) + OutputZeroPoint, Min, Max), Min and Max
//              those of OutputTensor's type (INT8 -128 to 127, UINT8 0 to 255). An absent
//              zero point is 0 (DirectML's page).
// Rounding     golden: v / OutputScale as one exact rational (the integer differences, the
//              FLOAT32 scales' exact values, no rounded product, sum or quotient), rounded to
//              the nearest integer with ties to even, as QUANTIZE_LINEAR rounds
//              (ops/quantize_linear.hpp); the zero point added exactly; then clamped. So
//              A = 25 with AScale = 0.1f (0.100000001490116...) gives 3, where a FLOAT32
//              product (2.5 exactly) would tie to 2.
// Specials     IEEE 754's for the exact operations: an infinite scale times a nonzero
//              difference is infinite, and an infinite v (or a finite v over a finite
//              OutputScale that yields one) saturates to Max or Min by its sign; a finite v
//              over an infinite OutputScale is 0, giving OutputZeroPoint.
// Undefined    (not compared) elements where a scale is +-0 (DirectML's page: "a scale value
//              of 0 results in undefined behavior"; OutputScale 0 divides by zero), a scale
//              is NaN, an infinite scale meets a zero difference (0 * Inf), the two products
//              are infinities of opposite signs, or v and OutputScale are both infinite
//              [unverified: DirectML states only the zero scales]. The golden path writes
//              OutputZeroPoint there.
// Scales       DirectML's page expects one element per scale and zero point; dmlref reads each
//              tensor of the output's sizes, so a single value is bound through zero strides
//              (as every broadcast in dmlref), and a scale that varies per element is computed
//              per element [unverified: whether DirectML accepts a scale of the output's sizes
//              with zero strides].
// Support      4_0 (the operator's first level): ATensor, BTensor and OutputTensor INT8 or
//              UINT8, each on its own; AZeroPointTensor ATensor's type, BZeroPointTensor
//              BTensor's, OutputZeroPointTensor OutputTensor's (each optional); AScaleTensor,
//              BScaleTensor and OutputScaleTensor FLOAT32. Dimensions: 1 to 8. The output may
//              not alias an input (DirectML's page states no in-place execution).
// Budgets      golden: exact. fast: exact (fast_ulp_budget 0): no vector kernel, the fast
//              path runs the golden kernel. Default comparison: 1 (integer unit), for backends
//              that compute v in FLOAT32.

#include <array>
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>

#include "dmlref/core/status.hpp"
#include "dmlref/core/tolerance.hpp"
#include "dmlref/dml/directml_types.hpp"
#include "dmlref/math/bigint.hpp"
#include "dmlref/ops/operator_traits.hpp"
#include "dmlref/ops/quantize_linear.hpp"
#include "dmlref/ops/support.hpp"

namespace dmlref::ops {

namespace detail_quantized_add {

/// A signed big integer: sign and magnitude.
class signed_bigint {
 public:
  bool negative = false;
  math::bigint magnitude;
};

inline signed_bigint sum(const signed_bigint& a, const signed_bigint& b) {
  if (a.negative == b.negative) return {a.negative, a.magnitude + b.magnitude};
  if (compare(a.magnitude, b.magnitude) >= 0) return {a.negative, a.magnitude - b.magnitude};
  return {b.negative, b.magnitude - a.magnitude};
}

/// difference * scale * 2^-shift_base as an integer (scale finite, the difference an 8-bit
/// difference), exact: |difference| * mantissa * 2^(exponent - base).
inline signed_bigint term(std::int32_t difference, const detail::quotient_operand& scale, int base) {
  const auto magnitude = static_cast<std::uint64_t>(difference < 0 ? -difference : difference);
  return {(difference < 0) != scale.negative,
          math::bigint(magnitude * scale.mantissa).shifted_left(static_cast<std::uint64_t>(scale.exponent - base))};
}

/// The result of round(v / OutputScale), clamped to +-quotient_limit (beyond it every output
/// type saturates whatever the zero point), or undefined.
class rounded {
 public:
  bool defined = true;
  std::int32_t value = 0;
};

inline rounded requantized(std::int32_t da, const detail::quotient_operand& as, std::int32_t db,
                           const detail::quotient_operand& bs, const detail::quotient_operand& os) {
  constexpr std::int32_t limit = detail::quotient_limit;
  if (as.nan | bs.nan | os.nan | as.zero | bs.zero | os.zero) return {false, 0};
  // The products' infinities: an infinite scale times a nonzero difference; 0 * Inf undefined.
  if ((as.infinite && da == 0) || (bs.infinite && db == 0)) return {false, 0};
  const bool a_inf = as.infinite, b_inf = bs.infinite;
  if (a_inf || b_inf) {
    const bool a_negative = (da < 0) != as.negative, b_negative = (db < 0) != bs.negative;
    if (a_inf && b_inf && a_negative != b_negative) return {false, 0};  // Inf - Inf
    if (os.infinite) return {false, 0};                                 // Inf / Inf
    const bool negative = (a_inf ? a_negative : b_negative) != os.negative;
    return {true, negative ? -limit : limit};
  }
  if (os.infinite) return {true, 0};
  // v / OutputScale = N / D with the integers N = da ma 2^(ea - e) + db mb 2^(eb - e) and
  // D = mo 2^(eo - e), e the least exponent.
  const int e = as.exponent < bs.exponent ? (as.exponent < os.exponent ? as.exponent : os.exponent)
                                          : (bs.exponent < os.exponent ? bs.exponent : os.exponent);
  const signed_bigint n = sum(term(da, as, e), term(db, bs, e));
  const math::bigint d = math::bigint(os.mantissa).shifted_left(static_cast<std::uint64_t>(os.exponent - e));
  const math::bigint q = n.magnitude / d;
  const math::bigint rest = n.magnitude - q * d;
  // To nearest, ties to even: up when 2 rest > D, or 2 rest = D and q odd.
  const int half = compare(rest.shifted_left(1), d);
  const bool up = half > 0 || (half == 0 && q.bit(0));
  std::int32_t magnitude = limit;
  if (q.bit_length() <= 11) {
    std::int64_t m = 0;
    for (std::uint64_t bit = 11; bit-- > 0;) m = 2 * m + (q.bit(bit) ? 1 : 0);
    m += up ? 1 : 0;
    magnitude = m > limit ? limit : static_cast<std::int32_t>(m);
  }
  const bool negative = n.negative != os.negative;
  return {true, negative ? -magnitude : magnitude};
}

}  // namespace detail_quantized_add

struct quantized_linear_add {
  // Identity.
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ELEMENT_WISE_QUANTIZED_LINEAR_ADD;

  // Tensors, inputs in descriptor order then the output (the schema names them).
  struct slot {
    enum : std::size_t { a, a_scale, a_zero_point, b, b_scale, b_zero_point, output_scale, output_zero_point, output };
  };
  static quantized_linear_add from_attributes(const dml::attribute_values&) noexcept { return {}; }

  // Support table (DirectML's): one row, from the operator's first level.
  using quantized_support = support_table<since<feature_level::level_4_0, type_list<std::int8_t, std::uint8_t>>>;
  using input_support = quantized_support;
  static constexpr type_set supported_types(feature_level level) noexcept { return quantized_support::at(level); }
  static status check_support(feature_level level, const operation_types& t) {
    const auto* op = name_of<quantized_linear_add>;
    for (const auto& [quantized, zero_point] : {std::pair{slot::a, slot::a_zero_point}, std::pair{slot::b, slot::b_zero_point},
                                                std::pair{slot::output, slot::output_zero_point}}) {
      const char* tensor = tensor_field_of<quantized_linear_add>(quantized).name;
      if (auto s = check_type(t.type[quantized], quantized_support::at(level), tensor, op, level); !s.ok()) return s;
      if (t.present[zero_point]) {
        if (auto s = check_same_type(t.type[zero_point], t.type[quantized], tensor_field_of<quantized_linear_add>(zero_point).name,
                                     tensor, op);
            !s.ok()) {
          return s;
        }
      }
    }
    for (const std::size_t scale : {std::size_t{slot::a_scale}, std::size_t{slot::b_scale}, std::size_t{slot::output_scale}}) {
      if (auto s = check_type(t.type[scale], type_set{data_type::float32}, tensor_field_of<quantized_linear_add>(scale).name,
                              op, level);
          !s.ok()) {
        return s;
      }
    }
    return {};
  }
  static constexpr bool allows_in_place = false;

  // Dispatch: ATensor's type A, BTensor's type B and OutputTensor's type O; the operands
  // (output first) are of types O, A, FLOAT32, A, B, FLOAT32, B, FLOAT32, O. An absent zero
  // point reads as a broadcast 0.
  static constexpr std::array<std::size_t, 3> dispatch_slots{slot::a, slot::b, slot::output};
  using dispatch_lists = type_list<quantized_support::elements, quantized_support::elements, quantized_support::elements>;
  template <class A, class B, class O>
  using operand_types = type_list<O, A, float, A, B, float, B, float, O>;

  // Budgets.
  static constexpr std::uint64_t fast_ulp_budget(data_type) noexcept { return 0; }
  static constexpr tolerance default_tolerance(const operation_types&) noexcept { return tolerance::ulp(1); }

  /// Golden.
  template <class A, class B, class O>
  O operator()(A a, float a_scale, A a_zero_point, B b, float b_scale, B b_zero_point, float output_scale,
               O output_zero_point) const {
    const auto r = detail_quantized_add::requantized(
        static_cast<std::int32_t>(a) - static_cast<std::int32_t>(a_zero_point), detail::quotient_operand_of(a_scale),
        static_cast<std::int32_t>(b) - static_cast<std::int32_t>(b_zero_point), detail::quotient_operand_of(b_scale),
        detail::quotient_operand_of(output_scale));
    if (!r.defined) return output_zero_point;
    const std::int32_t y = r.value + static_cast<std::int32_t>(output_zero_point);
    constexpr std::int32_t lowest = std::numeric_limits<O>::min(), highest = std::numeric_limits<O>::max();
    return static_cast<O>(y < lowest ? lowest : y > highest ? highest : y);
  }
  template <class A, class B, class O>
  bool defined(A a, float a_scale, A a_zero_point, B b, float b_scale, B b_zero_point, float output_scale, O) const {
    return detail_quantized_add::requantized(
               static_cast<std::int32_t>(a) - static_cast<std::int32_t>(a_zero_point),
               detail::quotient_operand_of(a_scale),
               static_cast<std::int32_t>(b) - static_cast<std::int32_t>(b_zero_point),
               detail::quotient_operand_of(b_scale), detail::quotient_operand_of(output_scale))
        .defined;
  }
};

}  // namespace dmlref::ops
