#pragma once
// ELEMENT_WISE_IDENTITY
//
// Formula      y = x, or g = fma(x, Scale, Bias) rounded once to FLOAT32 when ScaleBias is
//              given (ops/scale_bias.hpp).
// Specials     without ScaleBias every bit pattern is copied as it is (signed zeros, NaN
//              payloads and signs): the operator copies tensors and changes layouts.
// ScaleBias    floats: g, rounded once to FLOAT16 for FLOAT16 output; integers: g truncated
//              toward zero. [unverified: integer ScaleBias]
// Undefined    (not compared) an integer result with ScaleBias whose g is NaN or outside the
//              output type's range; the golden path writes 0 there.
// Support      InputTensor and OutputTensor share one data type.
//              1_0: FLOAT32, FLOAT16.  2_1: + INT32, INT16, INT8, UINT32, UINT16, UINT8.
//              4_1: + INT64, UINT64 (DirectML adds FLOAT64 there too, which dmlref does not
//              compute yet). Dimensions: 4 before 3_0 (DirectML's 2_x tables say 4 to 5;
//              dmlref keeps its shared rule of exactly 4), 1 to 8 from 3_0. ScaleBias
//              optional. OutputTensor may alias InputTensor (in place).
// Budgets      golden: exact. fast: exact (fast_ulp_budget 0). Default comparison: exact.

#include <cstdint>
#include <optional>

#include "dmlref/core/tolerance.hpp"
#include "dmlref/ops/budgets.hpp"
#include "dmlref/ops/families.hpp"
#include "dmlref/ops/scale_bias.hpp"
#include "dmlref/ops/scale_bias_attributes.hpp"
#include "dmlref/ops/support.hpp"
#include "dmlref/ops/unverified.hpp"

namespace dmlref::ops {

struct identity
    : scale_bias_attributes<
          identity, with_budgets<unary<identity, support_table<since<feature_level::level_1_0, float_elements>,
                                                               since<feature_level::level_2_1, int_elements_8_to_32>,
                                                               since<feature_level::level_4_1, int_elements_64>>>,
                                 exact_budgets>> {
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ELEMENT_WISE_IDENTITY;

  std::optional<scale_bias> scale_and_bias = std::nullopt;

  /// Report note: integer ScaleBias.
  const char* unverified_note(const operation_types& t, const double*) const noexcept {
    return unverified::is_integer(t.type[1]) && scale_and_bias ? unverified::integer_scale_bias : nullptr;
  }

  /// Golden: x's bits, or g converted once to T.
  template <class T>
  T operator()(T x) const noexcept {
    if (!scale_and_bias) return x;
    return scaled_result<T>(scaled_float(x, *scale_and_bias)).value_or(T{});
  }
  template <class T>
  bool defined(T x) const noexcept {
    return !scale_and_bias || scaled_result<T>(scaled_float(x, *scale_and_bias)).has_value();
  }
};

}  // namespace dmlref::ops
