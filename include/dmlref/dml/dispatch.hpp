#pragma once
// Type dispatch, once, at the edge: a validated operation's runtime data types select one
// instantiation from an explicit type list per operator; everything after it is typed.
// The visitor is called as visit(op, output_operand, input_operands...).

#include <array>
#include <cstdint>
#include <type_traits>

#include "dmlref/core/data_type.hpp"
#include "dmlref/dml/validate.hpp"
#include "dmlref/loops/operand.hpp"

namespace dmlref::dml {

template <class... Ts>
struct type_list {};
template <class T>
struct type_tag {
  using type = T;
};

/// Calls f(type_tag<T>{}) for the T of the list whose data type is t; false if none is.
template <class... Ts, class F>
bool visit_type(data_type t, type_list<Ts...>, F&& f) {
  return ((data_type_of_v<Ts> == t ? (f(type_tag<Ts>{}), true) : false) || ...);
}

using float_elements = type_list<float, float16>;
using pow_elements = type_list<float, float16, std::int32_t, std::int16_t, std::int8_t, std::uint32_t,
                               std::uint16_t, std::uint8_t>;
using sign_elements = type_list<float, float16, std::int32_t, std::int16_t, std::int8_t, std::uint32_t,
                                std::uint16_t, std::uint8_t, std::int64_t, std::uint64_t>;
using quantized_elements = type_list<std::int32_t, std::int16_t, std::int8_t, std::uint32_t, std::uint16_t,
                                     std::uint8_t>;

namespace detail_dispatch {
template <class T>
loops::operand<T> typed_operand(const validated_operation& v, std::size_t k, T* data) {
  return {data, v.tensors[k].effective_strides()};
}
}  // namespace detail_dispatch

/// Resolves v's types and calls visit(op, out, ins...). inputs[k] is the buffer of input slot
/// k (null for an absent optional tensor).
template <class Visitor>
void dispatch(const validated_operation& v, void* output, const void* const* inputs, Visitor&& visit) {
  using detail_dispatch::typed_operand;
  const std::size_t out = v.op.output_index();
  const auto& t = v.tensors;
  switch (v.op.kind) {
    case operator_kind::sign:
      visit_type(t[0].type, sign_elements{}, [&](auto tag) {
        using T = typename decltype(tag)::type;
        visit(ops::sign{}, typed_operand(v, out, static_cast<T*>(output)),
              typed_operand(v, 0, static_cast<const T*>(inputs[0])));
      });
      return;
    case operator_kind::constant_pow:
      visit_type(t[0].type, float_elements{}, [&](auto tag) {
        using T = typename decltype(tag)::type;
        visit(ops::constant_pow{v.op.exponent, v.scale_and_bias}, typed_operand(v, out, static_cast<T*>(output)),
              typed_operand(v, 0, static_cast<const T*>(inputs[0])));
      });
      return;
    case operator_kind::pow:
      visit_type(t[0].type, pow_elements{}, [&](auto base_tag) {
        visit_type(t[1].type, pow_elements{}, [&](auto exponent_tag) {
          using T = typename decltype(base_tag)::type;
          using E = typename decltype(exponent_tag)::type;
          visit(ops::pow{v.scale_and_bias}, typed_operand(v, out, static_cast<T*>(output)),
                typed_operand(v, 0, static_cast<const T*>(inputs[0])),
                typed_operand(v, 1, static_cast<const E*>(inputs[1])));
        });
      });
      return;
    case operator_kind::dequantize_linear:
      visit_type(t[0].type, quantized_elements{}, [&](auto input_tag) {
        visit_type(t[1].type, float_elements{}, [&](auto scale_tag) {
          using In = typename decltype(input_tag)::type;
          using S = typename decltype(scale_tag)::type;
          const In zero = 0;  // the zero point of an absent ZeroPointTensor, broadcast
          const auto zero_point = v.present[2] ? typed_operand(v, 2, static_cast<const In*>(inputs[2]))
                                               : loops::operand<const In>{&zero, {}};
          visit(ops::dequantize_linear{}, typed_operand(v, out, static_cast<S*>(output)),
                typed_operand(v, 0, static_cast<const In*>(inputs[0])),
                typed_operand(v, 1, static_cast<const S*>(inputs[1])), zero_point);
        });
      });
      return;
  }
}

}  // namespace dmlref::dml
