#pragma once
// DML_SCALE_BIAS as dmlref applies it: g = x * Scale + Bias, the exact value rounded once to
// FLOAT32 (a fused multiply-add), for float and for integer x. The operator is then applied
// to g.

#include <optional>
#include <type_traits>

#include "dmlref/core/data_type.hpp"
#include "dmlref/dml/attributes.hpp"
#include "dmlref/math/exact_arith.hpp"
#include "dmlref/math/real.hpp"

namespace dmlref {

struct scale_bias {
  float scale = 1.0f;
  float bias = 0.0f;
};

namespace ops {

/// The value the operator is applied to: x itself, or fma(x, Scale, Bias) in FLOAT32.
template <class T>
math::real scaled_input(T x, const std::optional<scale_bias>& sb) noexcept {
  if (!sb) return math::to_real(x);
  return math::to_real(math::multiply_add_rounded(x, sb->scale, sb->bias));
}

/// The ScaleBias transform, for operators whose formula is exact on a FLOAT32 value: g =
/// fma(x, Scale, Bias) rounded once to FLOAT32 ...
template <class T>
float scaled_float(T x, const scale_bias& sb) noexcept {
  if constexpr (std::is_integral_v<T> && sizeof(T) == 8) {  // beyond the 64-bit product's reach
    return math::round_real<float>(math::add(math::multiply(math::to_real(x), math::to_real(sb.scale)),
                                             math::to_real(sb.bias)));
  } else {
    return math::multiply_add_rounded(x, sb.scale, sb.bias);
  }
}

/// ... and the operator's FLOAT32 result as the output type T: itself for FLOAT32, rounded
/// once for FLOAT16, truncated toward zero for integers (none where it is NaN or outside T's
/// range: undefined).
template <class T>
std::optional<T> scaled_result(float v) noexcept {
  if constexpr (std::is_same_v<T, float>) {
    return v;
  } else if constexpr (is_float_element_v<T>) {
    return math::round_real<T>(math::to_real(v));
  } else {
    T out{};
    if (!math::truncate_to_integer(math::to_real(v), out)) return std::nullopt;
    return out;
  }
}

/// An operation's ScaleBias, when its descriptor gives one.
inline std::optional<scale_bias> scale_bias_of(const dml::attribute_values& a) noexcept {
  if (const auto sb = a.scale_bias()) return scale_bias{sb->Scale, sb->Bias};
  return std::nullopt;
}

/// a with sb as its ScaleBias (none when sb is empty).
inline dml::attribute_values with_scale_bias(dml::attribute_values a, const std::optional<scale_bias>& sb) noexcept {
  if (sb) a.set("ScaleBias", dml::attribute_value::of_scale_bias({sb->scale, sb->bias}));
  return a;
}

}  // namespace ops
}  // namespace dmlref
