#pragma once
// ELEMENT_WISE_CLIP_GRAD1
//
// Formula      OutputGradientTensor = 0 where x <= Min or x >= Max, else the gradient
//              (DirectML's page), x from InputTensor, the gradient from InputGradientTensor.
//              Min and Max are DML_SCALAR_UNIONs holding values of MinMaxDataType, which must
//              be the tensors' data type: the bounds are values of that type as given, with no
//              conversion (ops/clip1.hpp reads them, a FLOAT16 bound included).
// Comparison   as CLIP_GRAD (ops/clip_grad.hpp): IEEE 754's, decided on the bits: -0 == +0, so
//              x = -0 with Min = +0 gives 0; a NaN x satisfies neither test and passes the
//              gradient; a NaN bound bounds nothing [unverified, as CLIP_GRAD].
// Result       the gradient's bits where it passes (a NaN keeps its payload); else +0 (0 for
//              integers).
// Rounding     none.
// Undefined    nothing.
// Support      InputTensor, InputGradientTensor and OutputGradientTensor share one data type;
//              MinMaxDataType is that type (validation: check_attributes, naming
//              MinMaxDataType). 5_0 (the operator's first level): FLOAT32, FLOAT16, INT64,
//              INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8. Dimensions: 1 to 8.
//              OutputGradientTensor may alias InputTensor (in place; the page names it).
// Budgets      golden: exact. fast: exact (fast_ulp_budget 0): no vector kernel, the fast
//              path runs the golden kernel. Default comparison: exact.

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "dmlref/core/status.hpp"
#include "dmlref/dml/directml_types.hpp"
#include "dmlref/ops/clip1.hpp"
#include "dmlref/ops/clip_gradient.hpp"
#include "dmlref/ops/support.hpp"

namespace dmlref::ops {

struct clip_grad1
    : clip_gradient<
          clip_grad1,
          support_table<since<feature_level::level_5_0, float_elements, int_elements_8_to_32, int_elements_64>>> {
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ELEMENT_WISE_CLIP_GRAD1;

  data_type min_max_type = data_type::float32;
  std::uint64_t min = 0;  // DML_SCALAR_UNION's bytes
  std::uint64_t max = 0;

  static clip_grad1 from_attributes(const dml::attribute_values& a) noexcept {
    return clip_grad1{{}, static_cast<data_type>(a["MinMaxDataType"].bits), a["Min"].scalar, a["Max"].scalar};
  }
  dml::attribute_values attributes() const {
    dml::attribute_values a(schema_of<clip_grad1>());
    a.set("MinMaxDataType", dml::attribute_value::of_bits(static_cast<std::uint32_t>(min_max_type)));
    a.set("Min", dml::attribute_value::of_scalar(min));
    a.set("Max", dml::attribute_value::of_scalar(max));
    return a;
  }
  /// CLIP1's bound samples for the tensors' type.
  static std::vector<dml::attribute_values> attribute_samples(const operation_types& t) {
    std::vector<dml::attribute_values> samples;
    visit_type(t.type[slot::a], typename input_support::elements{}, [&](auto tag) {
      using T = typename decltype(tag)::type;
      for (const auto& [lo, hi] : detail::bound_samples<T>()) {
        samples.push_back(clip_grad1{{}, data_type_of_v<T>, detail::scalar_bytes(lo), detail::scalar_bytes(hi)}.attributes());
      }
      return true;
    });
    return samples;
  }
  static std::vector<dml::attribute_values> attribute_samples() {
    return attribute_samples(types_of<float, float, float>());
  }
  static status check_attributes(feature_level, const operation_types& t, const dml::attribute_values& a) {
    return detail::check_min_max_type<clip_grad1>(t, a);
  }

  /// Min and Max as elements of T (CLIP1's reading of DML_SCALAR_UNION).
  template <class T>
  std::pair<std::optional<T>, std::optional<T>> bounds() const noexcept {
    return {detail::scalar_bound<T>(min), detail::scalar_bound<T>(max)};
  }
};

}  // namespace dmlref::ops
