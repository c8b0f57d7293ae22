#pragma once
// ELEMENT_WISE_NEGATE
//
// Formula      y = -x.
// Specials     floats: the sign bit flipped, nothing else (IEEE 754's negate): +0 <-> -0,
//              +Inf <-> -Inf, a NaN keeps its payload with the other sign.
// Integers     two's complement; the most negative value has no positive counterpart and
//              wraps to itself (-(-128) = -128 in INT8). [unverified: wrap-around]
// Rounding     none: the result is exact for every type.
// Undefined    nothing.
// Support      InputTensor and OutputTensor share one data type.
//              5_0: FLOAT32, FLOAT16, INT64, INT32, INT16, INT8 (no unsigned types).
//              Dimensions: 1 to 8. No ScaleBias. OutputTensor may alias InputTensor (in place).
// Budgets      golden: exact. fast: exact (fast_ulp_budget 0). Default comparison: exact.

#include <cstdint>
#include <type_traits>

#include "dmlref/core/tolerance.hpp"
#include "dmlref/math/real.hpp"
#include "dmlref/ops/families.hpp"
#include "dmlref/ops/support.hpp"
#include "dmlref/ops/unverified.hpp"

namespace dmlref::ops {

struct negate : unary<negate, support_table<since<feature_level::level_5_0, float_elements,
                                                  type_list<std::int64_t, std::int32_t, std::int16_t, std::int8_t>>>> {
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ELEMENT_WISE_NEGATE;
  static negate from_attributes(const dml::attribute_values&) noexcept { return {}; }

  // Budgets.
  static constexpr std::uint64_t fast_ulp_budget(data_type) noexcept { return 0; }
  static constexpr tolerance default_tolerance(const operation_types&) noexcept { return tolerance::exact(); }

  /// Report note: the most negative integer's wrap-around.
  const char* unverified_note(const operation_types& t, const double* in) const noexcept {
    return unverified::is_signed_integer(t.type[0]) && in[0] == unverified::lowest(t.type[0]) ? unverified::integer_wrap
                                                                                               : nullptr;
  }

  /// Golden: the sign bit flipped for floats, the two's complement negation (modulo 2^width)
  /// for integers.
  template <class T>
  T operator()(T x) const noexcept {
    if constexpr (is_float_element_v<T>) {
      using F = typename math::format_of<T>::type;
      return math::from_bits<T>(static_cast<typename F::bits_type>(math::bits_of(x) ^ F::sign_mask));
    } else {
      using U = std::make_unsigned_t<T>;
      return static_cast<T>(static_cast<U>(U{0} - static_cast<U>(x)));
    }
  }
  template <class T>
  bool defined(T) const noexcept {
    return true;
  }
};

}  // namespace dmlref::ops
