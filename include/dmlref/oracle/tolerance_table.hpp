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

#include <type_traits>
#include <utility>

#include "dmlref/core/tolerance.hpp"
#include "dmlref/dml/attributes.hpp"
#include "dmlref/dml/directml_types.hpp"
#include "dmlref/ops/operator_traits.hpp"
#include "dmlref/ops/registry.hpp"

namespace dmlref::oracle {

namespace detail {
template <class Op, class = void>
struct reads_attributes : std::false_type {};
template <class Op>
struct reads_attributes<Op, std::void_t<decltype(std::declval<const Op&>().default_tolerance_with(
                                std::declval<const ops::operation_types&>()))>> : std::true_type {};
}  // namespace detail

/// The operator's default for an operation binding these types; exact for an operator
/// dmlref does not compute.
inline tolerance default_tolerance(dml::DML_OPERATOR_TYPE op, const ops::operation_types& types) {
  tolerance t = tolerance::exact();
  ops::with_operator(op, [&](auto tag) { t = decltype(tag)::type::default_tolerance(types); });
  return t;
}

/// The same, for an operation with these attributes: an operator whose default depends on
/// them (ADD1's, on its FusedActivation) states default_tolerance_with on its instance.
inline tolerance default_tolerance(dml::DML_OPERATOR_TYPE op, const ops::operation_types& types,
                                   const dml::attribute_values& attributes) {
  tolerance t = tolerance::exact();
  ops::with_operator(op, [&](auto tag) {
    using Op = typename decltype(tag)::type;
    if constexpr (detail::reads_attributes<Op>::value) {
      t = Op::from_attributes(attributes).default_tolerance_with(types);
    } else {
      t = Op::default_tolerance(types);
    }
  });
  return t;
}

}  // namespace dmlref::oracle
