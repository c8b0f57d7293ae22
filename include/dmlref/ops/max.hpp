#pragma once
// ELEMENT_WISE_MAX
//
// Formula      y = max(a, b).
// Specials     IEEE 754-2019's maximumNumber: a NaN operand gives the other operand (as HLSL's
//              max and Direct3D's rules do), two NaNs give ATensor's NaN unchanged; -0 is
//              below +0, so max(-0, +0) = +0 ([unverified]: Direct3D lets min and max return
//              either zero). The result is always one of the operands' bit patterns (payload
//              and sign of zero kept). Decided on the bits, under any compiler flag or
//              denormal mode.
// Rounding     none: the result is exact.
// Integers     exact.
// Undefined    nothing.
// Support      ATensor, BTensor and OutputTensor share one data type.
//              1_0: FLOAT32, FLOAT16.  2_1: + INT32, INT16, INT8, UINT32, UINT16, UINT8.
//              5_0: + INT64, UINT64.  Dimensions: 4 before 3_0, 1 to 8 from 3_0.
//              No attributes. OutputTensor may alias ATensor, BTensor or both (in place).
// Budgets      golden: exact. fast: exact (fast_ulp_budget 0). Default comparison: exact.

#include <cstdint>
#include <type_traits>

#include "dmlref/core/tolerance.hpp"
#include "dmlref/dml/directml_types.hpp"
#include "dmlref/math/real.hpp"
#include "dmlref/ops/families.hpp"
#include "dmlref/ops/ordering.hpp"
#include "dmlref/ops/support.hpp"

namespace dmlref::ops {

namespace detail_min_max {

/// A float's key in the order of numbers with -0 below +0 (IEEE 754's totalOrder on
/// non-NaN values): the bits as a signed integer, the magnitude bits inverted for a negative
/// sign (-0 gets -1, +0 gets 0). Integers: themselves.
template <class T>
auto zero_signed_key(T x) noexcept {
  if constexpr (is_float_element_v<T>) {
    using F = typename math::format_of<T>::type;
    using key_type = std::make_signed_t<typename F::bits_type>;
    const auto bits = math::bits_of(x);
    const auto flip = (bits & F::sign_mask) != 0 ? static_cast<typename F::bits_type>(~F::sign_mask) : 0;
    return static_cast<key_type>(static_cast<typename F::bits_type>(bits ^ flip));
  } else {
    return x;
  }
}

/// max (Greatest = true) or min of a and b as MAX's and MIN's contracts state: a NaN gives
/// the other operand, two NaNs give a; otherwise the greater (lesser) with -0 below +0.
template <bool Greatest, class T>
T pick(T a, T b) noexcept {
  if constexpr (is_float_element_v<T>) {
    if (is_nan(b)) return a;
    if (is_nan(a)) return b;
  }
  const auto ka = zero_signed_key(a), kb = zero_signed_key(b);
  return (Greatest ? kb > ka : kb < ka) ? b : a;
}

}  // namespace detail_min_max

struct max : binary<max, support_table<since<feature_level::level_1_0, float_elements>,
                                       since<feature_level::level_2_1, int_elements_8_to_32>,
                                       since<feature_level::level_5_0, int_elements_64>>> {
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ELEMENT_WISE_MAX;
  static max from_attributes(const dml::attribute_values&) noexcept { return {}; }

  // Budgets.
  static constexpr std::uint64_t fast_ulp_budget(data_type) noexcept { return 0; }
  static constexpr tolerance default_tolerance(const operation_types&) noexcept { return tolerance::exact(); }

  /// Golden: one of the operands, chosen on the bits.
  template <class T>
  T operator()(T a, T b) const noexcept {
    return detail_min_max::pick<true>(a, b);
  }
  template <class T>
  bool defined(T, T) const noexcept {
    return true;
  }
};

}  // namespace dmlref::ops
