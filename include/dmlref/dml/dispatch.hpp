#pragma once
// Type dispatch, once, at the edge: a validated operation's registry entry says which
// tensors' data types select the instantiation (dispatch_slots), from which lists
// (dispatch_lists, the support table's own types), and the element types of the operands
// that follow (operand_types). Everything after it is typed. The visitor is called as
// visit(op, output_operand, input_operands...); an absent optional input is a broadcast
// value-initialised element (the operator's contract says what it stands for).
//
// A combination of data types that no instantiation matches is an error, never a silent
// success: validation and dispatch read the same tables, so it means a table and the
// operation disagree (a bug, or a validated_operation changed after validation).

#include <array>
#include <cstddef>
#include <string>
#include <tuple>
#include <utility>

#include "dmlref/core/data_type.hpp"
#include "dmlref/core/type_list.hpp"
#include "dmlref/dml/validate.hpp"
#include "dmlref/loops/operand.hpp"
#include "dmlref/ops/registry.hpp"

namespace dmlref::dml {

namespace detail {

template <class T>
loops::operand<T> typed_operand(const validated_operation& v, std::size_t k, T* data) {
  return {data, v.tensors[k].effective_strides()};
}

template <class In>
loops::operand<const In> input_operand(const validated_operation& v, std::size_t k, const void* data,
                                       const In& absent) {
  if (!v.present[k]) return {&absent, {}};  // stride 0 everywhere: a broadcast scalar
  return typed_operand(v, k, static_cast<const In*>(data));
}

/// Chooses one type from each list, the one whose data type is types[k], then calls
/// f(type_tag<chosen>...); false when a list has no such type.
template <class F, class... Chosen>
bool select_types(const data_type*, type_list<>, F& f, Chosen... chosen) {
  f(chosen...);
  return true;
}
template <class F, class List, class... Rest, class... Chosen>
bool select_types(const data_type* types, type_list<List, Rest...>, F& f, Chosen... chosen) {
  return visit_type(types[0], List{}, [&](auto tag) {
    return select_types(types + 1, type_list<Rest...>{}, f, chosen..., tag);
  });
}

template <class Op, class Visitor, class Out, class... Ins, std::size_t... I>
void visit_typed(const validated_operation& v, void* output, const void* const* inputs, Visitor& visit,
                 type_list<Out, Ins...>, std::index_sequence<I...>) {
  const std::tuple<Ins...> absent{};
  visit(Op::from_attributes(v.op.attrs), typed_operand(v, v.op.output_index(), static_cast<Out*>(output)),
        input_operand<Ins>(v, I, inputs[I], std::get<I>(absent))...);
}

/// Op::operand_types of the chosen types (an alias template does not take a pack expansion
/// for its fixed parameters, so each count of dispatch slots is spelled out).
template <class Op, class Chosen>
struct operands_of;
template <class Op, class A>
struct operands_of<Op, type_list<A>> {
  using type = typename Op::template operand_types<A>;
};
template <class Op, class A, class B>
struct operands_of<Op, type_list<A, B>> {
  using type = typename Op::template operand_types<A, B>;
};
template <class Op, class A, class B, class C>
struct operands_of<Op, type_list<A, B, C>> {
  using type = typename Op::template operand_types<A, B, C>;
};

template <class Op, class Visitor>
bool dispatch_operator(const validated_operation& v, void* output, const void* const* inputs, Visitor& visit) {
  std::array<data_type, Op::dispatch_slots.size()> types{};
  for (std::size_t k = 0; k < types.size(); ++k) types[k] = v.tensors[Op::dispatch_slots[k]].type;
  auto call = [&](auto... tags) {
    using operands = typename operands_of<Op, type_list<typename decltype(tags)::type...>>::type;
    visit_typed<Op>(v, output, inputs, visit, operands{}, std::make_index_sequence<operands::size - 1>{});
  };
  return select_types(types.data(), typename Op::dispatch_lists{}, call);
}

}  // namespace detail

/// The data types of Op's tensors (inputs in descriptor order, then the output) when its
/// dispatch slots hold the types dispatched[0..]: what its operand_types say. False when no
/// instantiation matches them.
template <class Op>
bool tensor_types_for(const data_type* dispatched, std::array<data_type, ops::tensor_count_of<Op>>& out) {
  auto record = [&](auto... tags) {
    using operands = typename detail::operands_of<Op, type_list<typename decltype(tags)::type...>>::type;
    std::size_t k = 0;
    for_each_type(operands{}, [&](auto tag) {
      // operand 0 is the output (the last slot), the rest are the inputs in order
      out[k == 0 ? out.size() - 1 : k - 1] = data_type_of_v<typename decltype(tag)::type>;
      ++k;
    });
  };
  return detail::select_types(dispatched, typename Op::dispatch_lists{}, record);
}

/// Resolves the data types of v, an operation of Op, and calls visit(op, out, ins...).
/// inputs[k] is the buffer of input slot k (null for an absent optional tensor). Fails,
/// calling nothing, when no instantiation of Op matches v's data types.
template <class Op, class Visitor>
status dispatch_as(const validated_operation& v, void* output, const void* const* inputs, Visitor&& visit) {
  if (v.op.type == Op::dml_type && detail::dispatch_operator<Op>(v, output, inputs, visit)) return {};
  std::string types;
  for (std::size_t k = 0; k < v.op.tensor_count(); ++k) {
    if (!v.present[k]) continue;
    if (!types.empty()) types += ", ";
    types += std::string(v.op.tensor_names[k]) + " " + std::string(name(v.tensors[k].type));
  }
  return status::error(errc::unsupported_data_type, "", "DataType",
                       std::string(v.op.name) + " has no kernel for " + types +
                           " (the operation does not match the support table it was validated against)");
}

/// dispatch_as for the operator of the registry that v names.
template <class Visitor>
status dispatch(const validated_operation& v, void* output, const void* const* inputs, Visitor&& visit) {
  status result = status::error(errc::unsupported_operator, "", "Type",
                                std::string(v.op.name) + " is not an operator of this build's registry");
  ops::with_operator(v.op.type, [&](auto tag) {
    result = dispatch_as<typename decltype(tag)::type>(v, output, inputs, visit);
  });
  return result;
}

}  // namespace dmlref::dml
