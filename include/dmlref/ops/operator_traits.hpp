#pragma once
// The vocabulary an operator header states its traits in, so that every layer (validation,
// dispatch, the tolerance table, the case reader, the fuzzers) reads them from the one list
// of operators (ops/registry.hpp) instead of switching on the operator. An operator names
// its DirectML enum value (dml_type); its name, the level it appeared in, its tensors and its
// attributes are DirectML's schema's (dml/schema.hpp), read here:
//   name_of<Op>, introduced_of<Op>   the schema's name and feature level;
//   tensor_count_of<Op>              its tensors (inputs in descriptor order, then the output);
//   tensor_field_of<Op>(k)           the k-th of them, with DirectML's field name;
//   in_place_inputs_of<Op>()         the inputs the output may alias (in place);
//   most_dimensions_before_3_0_of<Op>()  4, or 5 where its support table says "4 to 5";
//   operation_types                  the data types an operation binds, what the support table
//                                    and the default tolerance are functions of;
//   check_attributes_of<Op>(...)     the rules an operator's attribute values obey given the
//                                    operation's types (CLIP1's MinMaxDataType, ADD1's
//                                    FusedActivation): Op::check_attributes where Op states
//                                    one, else none;
//   attribute_samples_of<Op>(types)  the attribute sets for an operation binding these types
//                                    (attributes typed by a tensor's data type need them);
//   hard_inputs_of<Op>(types)        its hard-to-round corpus for an operation binding these
//                                    types: the inputs' bit patterns, one column per input
//                                    tensor (Op::hard_inputs where Op states one, else none;
//                                    has_hard_inputs_v<Op> says which).

#include <array>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>
#include <vector>

#include "dmlref/core/data_type.hpp"
#include "dmlref/core/feature_level.hpp"
#include "dmlref/core/status.hpp"
#include "dmlref/dml/attributes.hpp"
#include "dmlref/dml/schema.hpp"

namespace dmlref::ops {

/// The most tensors (inputs and the output) an operator of the family has.
inline constexpr std::size_t max_operator_tensors = 9;

/// Op's schema (a compile error when the schema has no operator of Op's dml_type).
template <class Op>
constexpr const dml::operator_schema& schema_of() noexcept {
  return *dml::find_schema(Op::dml_type);
}

template <class Op>
inline constexpr const char* name_of = schema_of<Op>().name;

template <class Op>
inline constexpr feature_level introduced_of = static_cast<feature_level>(schema_of<Op>().introduced);

namespace detail {
constexpr std::size_t count_tensors(const dml::operator_schema& s) noexcept {
  std::size_t n = 0;
  for (std::size_t k = 0; k < s.field_count; ++k) n += s.fields[k].kind != dml::field_kind::attribute;
  return n;
}
constexpr const dml::field_schema& tensor_field(const dml::operator_schema& s, std::size_t index) noexcept {
  std::size_t n = 0;
  for (std::size_t k = 0;; ++k) {
    if (s.fields[k].kind != dml::field_kind::attribute && n++ == index) return s.fields[k];
  }
}
}  // namespace detail

template <class Op>
inline constexpr std::size_t tensor_count_of = detail::count_tensors(schema_of<Op>());

/// Op's index-th tensor field (inputs in descriptor order, then the output).
template <class Op>
constexpr const dml::field_schema& tensor_field_of(std::size_t index) noexcept {
  return detail::tensor_field(schema_of<Op>(), index);
}

namespace detail {
template <class Op, class = void>
struct has_attribute_samples : std::false_type {};
template <class Op>
struct has_attribute_samples<Op, std::void_t<decltype(Op::attribute_samples())>> : std::true_type {};
}  // namespace detail

/// The attribute sets the case generator and the generic tests use for Op: what its header's
/// attribute_samples() lists, or else one set that gives no optional attribute.
template <class Op>
std::vector<dml::attribute_values> attribute_samples_of() {
  if constexpr (detail::has_attribute_samples<Op>::value) {
    return Op::attribute_samples();
  } else {
    return {dml::attribute_values(schema_of<Op>())};
  }
}

namespace detail {
template <class Op, class = void>
struct has_attributes : std::false_type {};
template <class Op>
struct has_attributes<Op, std::void_t<decltype(std::declval<const Op&>().attributes())>> : std::true_type {};
}  // namespace detail

/// The attributes an operator instance carries, as its descriptor states them (the inverse
/// of Op::from_attributes): op.attributes() where the operator has attributes, else none.
template <class Op>
dml::attribute_values attributes_of(const Op& op) {
  if constexpr (detail::has_attributes<Op>::value) {
    return op.attributes();
  } else {
    return dml::attribute_values(schema_of<Op>());
  }
}

namespace detail {
template <class Op, class = void>
struct states_in_place_inputs : std::false_type {};
template <class Op>
struct states_in_place_inputs<Op, std::void_t<decltype(Op::in_place_inputs)>> : std::true_type {};
template <class Op, class = void>
struct states_dimensions_before_3_0 : std::false_type {};
template <class Op>
struct states_dimensions_before_3_0<Op, std::void_t<decltype(Op::most_dimensions_before_3_0)>> : std::true_type {};
}  // namespace detail

/// The inputs the output may exactly alias (in place), bit k for the k-th input in
/// descriptor order: Op::in_place_inputs where Op (or its family) states it, else InputTensor
/// alone where Op::allows_in_place, else none.
template <class Op>
constexpr std::uint32_t in_place_inputs_of() noexcept {
  if constexpr (detail::states_in_place_inputs<Op>::value) {
    return Op::in_place_inputs;
  } else {
    return Op::allows_in_place ? 1u : 0u;
  }
}

/// The most dimensions Op's tensors take before feature level 3_0 (they take at least 4):
/// Op::most_dimensions_before_3_0 where its support table says more than 4, else 4.
template <class Op>
constexpr std::uint32_t most_dimensions_before_3_0_of() noexcept {
  if constexpr (detail::states_dimensions_before_3_0<Op>::value) {
    return Op::most_dimensions_before_3_0;
  } else {
    return 4;
  }
}

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

namespace detail {
template <class Op, class = void>
struct has_check_attributes : std::false_type {};
template <class Op>
struct has_check_attributes<Op, std::void_t<decltype(Op::check_attributes(
                                    std::declval<feature_level>(), std::declval<const operation_types&>(),
                                    std::declval<const dml::attribute_values&>()))>> : std::true_type {};
template <class Op, class = void>
struct has_hard_inputs : std::false_type {};
template <class Op>
struct has_hard_inputs<Op, std::void_t<decltype(Op::hard_inputs(std::declval<const operation_types&>()))>>
    : std::true_type {};
template <class Op, class = void>
struct has_typed_attribute_samples : std::false_type {};
template <class Op>
struct has_typed_attribute_samples<Op, std::void_t<decltype(Op::attribute_samples(std::declval<const operation_types&>()))>>
    : std::true_type {};
}  // namespace detail

/// The rules Op's attribute values obey in an operation binding types t at level (its
/// support table having passed): Op::check_attributes where Op states one, else none. The
/// error names the attribute field.
template <class Op>
status check_attributes_of(feature_level level, const operation_types& t, const dml::attribute_values& a) {
  if constexpr (detail::has_check_attributes<Op>::value) {
    return Op::check_attributes(level, t, a);
  } else {
    (void)level, (void)t, (void)a;
    return {};
  }
}

/// The attribute sets for an operation of Op binding types t: Op::attribute_samples(t) where
/// its attributes depend on the tensors' types, else attribute_samples_of<Op>().
template <class Op>
std::vector<dml::attribute_values> attribute_samples_of(const operation_types& t) {
  if constexpr (detail::has_typed_attribute_samples<Op>::value) {
    return Op::attribute_samples(t);
  } else {
    (void)t;
    return attribute_samples_of<Op>();
  }
}

/// Whether Op states a hard-to-round corpus (hard_inputs_of).
template <class Op>
inline constexpr bool has_hard_inputs_v = detail::has_hard_inputs<Op>::value;

/// Op's hard-to-round inputs for an operation binding types t, as bit patterns, one column
/// per input tensor (each column as long as the others); empty where Op states none, or none
/// for these types.
template <class Op>
std::vector<std::vector<std::uint64_t>> hard_inputs_of(const operation_types& t) {
  if constexpr (has_hard_inputs_v<Op>) {
    return Op::hard_inputs(t);
  } else {
    (void)t;
    return {};
  }
}

}  // namespace dmlref::ops
