#pragma once
// The vocabulary an operator header states its traits in, so that every layer (validation,
// dispatch, the tolerance table, the case reader, the fuzzers) reads them from the one list
// of operators (ops/registry.hpp) instead of switching on the operator:
//   tensor_slot       a tensor of the descriptor: DirectML's field name, optional or not;
//   attribute_set     which attributes the descriptor carries (ScaleBias, Exponent);
//   attributes        their values, read into dmlref's types;
//   operation_types   the data types an operation binds, what the support table and the
//                     default tolerance are functions of.

#include <array>
#include <cstddef>
#include <optional>

#include "dmlref/core/data_type.hpp"
#include "dmlref/ops/scale_bias.hpp"

namespace dmlref::ops {

/// The most tensors (inputs and the output) an operator of the registry has.
inline constexpr std::size_t max_operator_tensors = 4;

struct tensor_slot {
  const char* name;        // DirectML's field name: "InputTensor"
  bool optional = false;   // the descriptor may leave it null (whether the level allows it is
                           // the support table's rule)
};

struct attribute_set {
  bool scale_bias = false;  // an optional DML_SCALE_BIAS
  bool exponent = false;    // CONSTANT_POW's FLOAT Exponent (required)
};

struct attributes {
  std::optional<scale_bias> scale_and_bias;
  float exponent = 0.0f;
};

/// The data types bound to each slot (inputs in descriptor order, then the output), which
/// slots are present, and whether a ScaleBias is given.
struct operation_types {
  std::array<data_type, max_operator_tensors> type{};
  std::array<bool, max_operator_tensors> present{};
  bool scale_bias = false;
};

/// The operation_types of an operation that binds elements of Ts... (its inputs in
/// descriptor order, then its output): types_of<float, std::int32_t, float>().
template <class... Ts>
constexpr operation_types types_of(bool scale_bias = false) noexcept {
  static_assert(sizeof...(Ts) <= max_operator_tensors, "at most max_operator_tensors tensors");
  operation_types t;
  std::size_t k = 0;
  ((t.type[k] = data_type_of_v<Ts>, t.present[k] = true, ++k), ...);
  t.scale_bias = scale_bias;
  return t;
}

}  // namespace dmlref::ops
