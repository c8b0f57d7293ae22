#pragma once
// ACTIVATION_RELU
//
// Formula      y = max(0, x).
// Specials     IEEE 754's comparison (-0 == +0): x equal to 0 is x itself, so -0 stays -0
//              and +0 stays +0; negative numbers and -Inf give +0. A NaN x gives x (payload
//              kept) [unverified: a GPU's max may return 0]. The same as CLIP with Min 0 and
//              no Max (ops/clip.hpp), decided on the bits.
// Integers     exact: negative values give 0.
// Rounding     none: the result is exact.
// Undefined    nothing.
// Support      InputTensor and OutputTensor share one data type.
//              1_0: FLOAT32, FLOAT16.  5_1: + INT32, INT16, INT8.
//              Dimensions: 4 before 3_0 (DirectML's 2_0 table says 4 to 5; dmlref keeps its
//              shared rule of exactly 4), 1 to 8 from 3_0. No attributes. OutputTensor may
//              alias InputTensor (in place).
// Budgets      golden: exact. fast: exact (fast_ulp_budget 0). Default comparison: exact.

#include <cstdint>
#include <limits>

#include "dmlref/ops/clip.hpp"
#include "dmlref/ops/families.hpp"
#include "dmlref/ops/support.hpp"
#include "dmlref/ops/unverified.hpp"

namespace dmlref::ops {

struct activation_relu
    : exact_without_attributes<
          activation_relu,
          unary<activation_relu,
                support_table<since<feature_level::level_1_0, float_elements>,
                              since<feature_level::level_5_1, type_list<std::int32_t, std::int16_t, std::int8_t>>>>> {
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ACTIVATION_RELU;

  /// CLIP with Min 0 and no Max (a NaN Max bounds nothing).
  static clip as_clip() noexcept { return clip{{}, 0.0f, std::numeric_limits<float>::quiet_NaN(), std::nullopt}; }

  /// Report note: a NaN element kept.
  const char* unverified_note(const operation_types&, const double* in) const noexcept {
    return unverified::is_nan(in[0]) ? unverified::nan_kept : nullptr;
  }

  /// Golden.
  template <class T>
  T operator()(T x) const noexcept {
    return as_clip()(x);
  }
  template <class T>
  bool defined(T) const noexcept {
    return true;
  }
};

}  // namespace dmlref::ops
