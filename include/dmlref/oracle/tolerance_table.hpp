#pragma once
// The default tolerance of a comparison when a case names none: a function of the whole
// operation (the operator, its data types, its attributes), declared by each operator's
// header (default_tolerance) and read here through the registry. The figures are the WebNN
// conformance suite's:
//   SIGN                exact (every type)
//   CONSTANT_POW        32 ULP FLOAT32, 2 ULP FLOAT16
//   POW                 as CONSTANT_POW for float outputs; integer outputs exact with an
//                       integer exponent and no ScaleBias, else 1 (integer unit)
//   DEQUANTIZE_LINEAR   1 ULP (FLOAT32 and FLOAT16)
//   QUANTIZE_LINEAR     1 (integer unit)

#include "dmlref/core/tolerance.hpp"
#include "dmlref/dml/directml_types.hpp"
#include "dmlref/ops/operator_traits.hpp"
#include "dmlref/ops/registry.hpp"

namespace dmlref::oracle {

/// The operator's default for an operation binding these types; exact for an operator
/// dmlref does not compute.
inline tolerance default_tolerance(dml::DML_OPERATOR_TYPE op, const ops::operation_types& types) {
  tolerance t = tolerance::exact();
  ops::with_operator(op, [&](auto tag) { t = decltype(tag)::type::default_tolerance(types); });
  return t;
}

}  // namespace dmlref::oracle
