#pragma once
// ACTIVATION_PARAMETERIZED_RELU
//
// Formula      y = x where x >= 0, else slope * x, slope read element-wise from SlopeTensor.
// Rounding     slope * x: the exact product rounded once to the output type, to nearest with
//              ties to even (math::multiply, round_real).
// Specials     -0 >= 0 holds, so -0 stays -0 (whatever the slope); a NaN x gives the positive
//              quiet NaN; a NaN slope matters only below zero. [unverified: DirectML's page
//              states no special values]
// Integers     x where x >= 0, else the low bits of slope * x (two's complement wrap-around)
//              ([unverified]: DirectML does not say; as MULTIPLY).
// Undefined    nothing.
// Support      InputTensor, SlopeTensor and OutputTensor share one data type.
//              1_0: FLOAT32, FLOAT16.  5_1: + INT32, INT16, INT8. Dimensions: 4 before 3_0
//              (DirectML's 2_0 table says 4 to 5; dmlref keeps its shared rule of exactly 4),
//              1 to 8 from 3_0. OutputTensor may alias InputTensor (in place; the page names
//              InputTensor only).
// Budgets      golden: exact. fast: exact (fast_ulp_budget 0): one IEEE multiplication in
//              FLOAT32 lanes, selected on x >= 0; FLOAT16's product of two 11-bit significands
//              is exact in FLOAT32 before its one rounding. Integers run the golden kernel.
//              Default comparison: exact.

#include <cstdint>

#include "dmlref/dml/directml_types.hpp"
#include "dmlref/math/exact_arith.hpp"
#include "dmlref/math/real.hpp"
#include "dmlref/ops/add.hpp"
#include "dmlref/ops/families.hpp"
#include "dmlref/ops/support.hpp"

namespace dmlref::ops {

struct activation_parameterized_relu
    : exact_without_attributes<
          activation_parameterized_relu,
          binary<activation_parameterized_relu,
                 support_table<since<feature_level::level_1_0, float_elements>,
                               since<feature_level::level_5_1, type_list<std::int32_t, std::int16_t, std::int8_t>>>>> {
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ACTIVATION_PARAMETERIZED_RELU;
  static constexpr std::uint32_t in_place_inputs = 1u << slot::a;  // InputTensor only

  /// Golden.
  template <class T>
  T operator()(T x, T slope) const noexcept {
    if constexpr (is_float_element_v<T>) {
      const math::real r = math::to_real(x);
      if (!r.is_nan() && (!r.negative || r.is_zero())) return x;
      return math::round_real<T>(math::multiply(math::to_real(slope), r));
    } else {
      if (x >= 0) return x;
      return detail_wrap::low_bits<T>(detail_wrap::unsigned_of(slope) * detail_wrap::unsigned_of(x));
    }
  }
  template <class T>
  bool defined(T, T) const noexcept {
    return true;
  }
};

}  // namespace dmlref::ops
