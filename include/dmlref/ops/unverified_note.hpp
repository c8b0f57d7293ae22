#pragma once
// The note a comparison report shows beside a mismatch whose element rests on a choice the
// operator's contract marks [unverified] (ops/unverified.hpp says how operators state them).

#include <type_traits>
#include <utility>

#include "dmlref/dml/attributes.hpp"
#include "dmlref/ops/registry.hpp"

namespace dmlref::ops {

namespace detail {
template <class Op, class = void>
struct has_unverified_note : std::false_type {};
template <class Op>
struct has_unverified_note<Op, std::void_t<decltype(std::declval<const Op&>().unverified_note(
                                   std::declval<const operation_types&>(), std::declval<const double*>()))>>
    : std::true_type {};
}  // namespace detail

/// The note for the operator that the attributes' schema names, at an element whose inputs
/// (descriptor order, as doubles) are given; nullptr where there is none.
inline const char* unverified_note(const dml::attribute_values& attributes, const operation_types& types,
                                   const double* inputs) {
  const char* note = nullptr;
  const auto* schema = attributes.schema();
  if (schema == nullptr || inputs == nullptr) return note;
  with_operator(schema->type, [&](auto tag) {
    using Op = typename decltype(tag)::type;
    if constexpr (detail::has_unverified_note<Op>::value) {
      note = Op::from_attributes(attributes).unverified_note(types, inputs);
    }
  });
  return note;
}

}  // namespace dmlref::ops
