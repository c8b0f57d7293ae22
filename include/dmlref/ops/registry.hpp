#pragma once
// The operators dmlref computes, as one list. Every layer that needs to know "which
// operators exist" (reading a DML_OPERATOR_DESC, validation, type dispatch, the default
// tolerances, the case reader, dmlref-eval, the fuzzers, the benchmarks' names) folds over
// this list and reads each operator's traits from its own header; adding an operator is
// its header, its fast kernel and one line here.

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "dmlref/core/type_list.hpp"
#include "dmlref/dml/directml_types.hpp"
#include "dmlref/dml/schema.hpp"
#include "dmlref/ops/abs.hpp"
#include "dmlref/ops/acos.hpp"
#include "dmlref/ops/acosh.hpp"
#include "dmlref/ops/activation_celu.hpp"
#include "dmlref/ops/activation_elu.hpp"
#include "dmlref/ops/activation_gelu.hpp"
#include "dmlref/ops/activation_hard_sigmoid.hpp"
#include "dmlref/ops/activation_hard_swish.hpp"
#include "dmlref/ops/activation_identity.hpp"
#include "dmlref/ops/activation_leaky_relu.hpp"
#include "dmlref/ops/activation_linear.hpp"
#include "dmlref/ops/activation_parameterized_relu.hpp"
#include "dmlref/ops/activation_parametric_softplus.hpp"
#include "dmlref/ops/activation_relu.hpp"
#include "dmlref/ops/activation_relu_grad.hpp"
#include "dmlref/ops/activation_scaled_elu.hpp"
#include "dmlref/ops/activation_scaled_tanh.hpp"
#include "dmlref/ops/activation_shrink.hpp"
#include "dmlref/ops/activation_sigmoid.hpp"
#include "dmlref/ops/activation_softplus.hpp"
#include "dmlref/ops/activation_softsign.hpp"
#include "dmlref/ops/activation_swish.hpp"
#include "dmlref/ops/activation_tanh.hpp"
#include "dmlref/ops/activation_thresholded_relu.hpp"
#include "dmlref/ops/add.hpp"
#include "dmlref/ops/add1.hpp"
#include "dmlref/ops/asin.hpp"
#include "dmlref/ops/asinh.hpp"
#include "dmlref/ops/atan.hpp"
#include "dmlref/ops/atan_yx.hpp"
#include "dmlref/ops/atanh.hpp"
#include "dmlref/ops/bit_and.hpp"
#include "dmlref/ops/bit_count.hpp"
#include "dmlref/ops/bit_not.hpp"
#include "dmlref/ops/bit_or.hpp"
#include "dmlref/ops/bit_shift_left.hpp"
#include "dmlref/ops/bit_shift_right.hpp"
#include "dmlref/ops/bit_xor.hpp"
#include "dmlref/ops/ceil.hpp"
#include "dmlref/ops/clip.hpp"
#include "dmlref/ops/clip1.hpp"
#include "dmlref/ops/clip_grad.hpp"
#include "dmlref/ops/clip_grad1.hpp"
#include "dmlref/ops/constant_pow.hpp"
#include "dmlref/ops/cos.hpp"
#include "dmlref/ops/cosh.hpp"
#include "dmlref/ops/dequantize_linear.hpp"
#include "dmlref/ops/difference_square.hpp"
#include "dmlref/ops/divide.hpp"
#include "dmlref/ops/erf.hpp"
#include "dmlref/ops/exp.hpp"
#include "dmlref/ops/floor.hpp"
#include "dmlref/ops/identity.hpp"
#include "dmlref/ops/if.hpp"
#include "dmlref/ops/is_infinity.hpp"
#include "dmlref/ops/is_nan.hpp"
#include "dmlref/ops/log.hpp"
#include "dmlref/ops/logical_and.hpp"
#include "dmlref/ops/logical_equals.hpp"
#include "dmlref/ops/logical_greater_than.hpp"
#include "dmlref/ops/logical_greater_than_or_equal.hpp"
#include "dmlref/ops/logical_less_than.hpp"
#include "dmlref/ops/logical_less_than_or_equal.hpp"
#include "dmlref/ops/logical_not.hpp"
#include "dmlref/ops/logical_or.hpp"
#include "dmlref/ops/logical_xor.hpp"
#include "dmlref/ops/max.hpp"
#include "dmlref/ops/mean.hpp"
#include "dmlref/ops/min.hpp"
#include "dmlref/ops/modulus_floor.hpp"
#include "dmlref/ops/modulus_truncate.hpp"
#include "dmlref/ops/multiply.hpp"
#include "dmlref/ops/negate.hpp"
#include "dmlref/ops/operator_traits.hpp"
#include "dmlref/ops/pow.hpp"
#include "dmlref/ops/quantize_linear.hpp"
#include "dmlref/ops/quantized_linear_add.hpp"
#include "dmlref/ops/recip.hpp"
#include "dmlref/ops/round.hpp"
#include "dmlref/ops/sign.hpp"
#include "dmlref/ops/sin.hpp"
#include "dmlref/ops/sinh.hpp"
#include "dmlref/ops/sqrt.hpp"
#include "dmlref/ops/subtract.hpp"
#include "dmlref/ops/tan.hpp"
#include "dmlref/ops/tanh.hpp"
#include "dmlref/ops/threshold.hpp"

namespace dmlref::ops {

using operators = type_list<sign, constant_pow, pow, dequantize_linear, quantize_linear, abs, clip, logical_greater_than,
                            // The binary operators of issue 25.
                            max, min, add, subtract, multiply, logical_equals, logical_less_than,
                            logical_greater_than_or_equal, logical_less_than_or_equal, logical_and, logical_or,
                            logical_xor, bit_and, bit_or, bit_xor, bit_shift_left, bit_shift_right, if_,
                            // The unary operators of issue 25.
                            negate, identity, ceil, floor, round, is_nan_flags, is_infinity, bit_not, bit_count, threshold,
                            activation_identity, activation_relu, logical_not,
                            // The exponential family of issue 26.
                            exp, log, tanh, activation_tanh, activation_sigmoid,
                            // The hyperbolic functions of issue 26.
                            sinh, cosh, asinh, acosh, atanh,
                            // The composite activations of issue 26.
                            activation_elu, activation_celu, activation_scaled_elu,
                            activation_softplus, activation_parametric_softplus,
                            activation_scaled_tanh, activation_swish, activation_gelu,
                            // The exact operators of issue 25.
                            divide, recip, sqrt, mean, difference_square, modulus_truncate, modulus_floor,
                            activation_linear, activation_leaky_relu, activation_thresholded_relu,
                            activation_hard_sigmoid, activation_softsign, activation_parameterized_relu,
                            activation_shrink, activation_relu_grad, activation_hard_swish,
                            clip_grad,
                            // The trigonometric family of issue 27.
                            sin, cos, erf, tan, atan, asin, acos, atan_yx,
                            // The typed bounds, the fused activation and the quantized add of issue 25.
                            clip1, clip_grad1, add1, quantized_linear_add>;
static_assert(distinct_v<operators>, "an operator is listed twice in the registry");

/// Calls f(type_tag<Op>{}) for every operator.
template <class F>
constexpr void for_each_operator(F&& f) {
  for_each_type(operators{}, f);
}

/// Calls f(type_tag<Op>{}) for the index-th operator of the list; false when there is none.
template <class F>
bool with_operator_at(std::size_t index, F&& f) {
  std::size_t k = 0;
  bool found = false;
  for_each_operator([&](auto tag) {
    if (k++ == index) {
      found = true;
      f(tag);
    }
  });
  return found;
}

/// std::tuple<F<Op>...> over the operators: one member per operator.
template <template <class> class F, class List = operators>
struct per_operator;
template <template <class> class F, class... Ops>
struct per_operator<F, type_list<Ops...>> {
  using type = std::tuple<F<Ops>...>;
};
template <template <class> class F>
using per_operator_t = typename per_operator<F>::type;

/// Calls f(type_tag<Op>{}) for the operator whose DML_OPERATOR_TYPE is type; false (and no
/// call) when dmlref does not compute it.
template <class F>
bool with_operator(dml::DML_OPERATOR_TYPE type, F&& f) {
  bool found = false;
  for_each_operator([&](auto tag) {
    using Op = typename decltype(tag)::type;
    if (!found && Op::dml_type == type) {
      found = true;
      f(tag);
    }
  });
  return found;
}

/// Whether this build computes the operator whose DML_OPERATOR_TYPE is type (the schema
/// describes every element-wise operator; the registry lists those implemented).
inline bool implemented(dml::DML_OPERATOR_TYPE type) {
  return with_operator(type, [](auto) {});
}

/// "ELEMENT_WISE_SIGN, ELEMENT_WISE_CONSTANT_POW, ..." for messages.
inline std::string operator_names();

/// Why this build cannot compute the operator s describes, in the one wording every door
/// (descriptors, case files, Python) uses; empty when it can.
inline std::string not_implemented(const dml::operator_schema& s) {
  if (implemented(s.type)) return {};
  return std::string(s.name) + " is not implemented in this version of dmlref (it computes " + operator_names() + ")";
}

namespace detail_fused {
/// Whether ADD1 can fuse Op: an ACTIVATION_ operator of one input and one output tensor.
template <class Op>
constexpr bool fusable() noexcept {
  return tensor_count_of<Op> == 2 && std::string_view(name_of<Op>).substr(0, 11) == "ACTIVATION_";
}

template <class Op>
status check_fused(feature_level level, data_type output, const dml::attribute_values& attributes) {
  const std::string field = "FusedActivation";
  if (!at_least(level, introduced_of<Op>)) {
    return status::error(errc::unsupported_operator, "", field,
                         std::string(name_of<Op>) + " needs feature level " + std::string(name(introduced_of<Op>)) +
                             " or later, the level is " + std::string(name(level)));
  }
  operation_types t;
  t.type[0] = t.type[1] = output;
  t.present[0] = t.present[1] = true;
  if (!Op::supported_types(level).contains(output)) {
    return status::error(errc::unsupported_data_type, "", field,
                         std::string(name_of<Op>) + " does not take OutputTensor's data type " +
                             std::string(name(output)) + " at feature level " + std::string(name(level)) +
                             " (it takes " + Op::supported_types(level).names() + ")");
  }
  if (auto s = Op::check_support(level, t); !s.ok()) return status::error(s.code(), "", field, s.rule());
  if (const auto [f, rule] = dml::unknown_enumeration(attributes); f != nullptr) {
    return status::error(errc::invalid_argument, "", field + "." + f, rule);
  }
  if (auto s = check_attributes_of<Op>(level, t, attributes); !s.ok()) {
    return status::error(s.code(), "", field + "." + s.field(), s.rule());
  }
  return {};
}
}  // namespace detail_fused

/// ADD1's FusedActivation, read from the registry (ops/add1.hpp declares what it holds).
template <class Key>
struct fused_activations {
  // make and check reach every activation's golden functor and attribute rules: defined out
  // of the class, so that a program compiling the runtime layer once (dml/execute_once.hpp)
  // instantiates them in one translation unit, not in each one that validates a descriptor.
  static fused_activation make(const std::shared_ptr<const dml::nested_operator>& n);
  static status check(feature_level level, data_type output, const dml::nested_operator& n);

  static std::vector<dml::attribute_values> samples(data_type output) {
    const auto& add1_schema = *dml::find_schema(dml::DML_OPERATOR_ELEMENT_WISE_ADD1);
    std::vector<dml::attribute_values> out{dml::attribute_values(add1_schema)};
    for_each_operator([&](auto tag) {
      using Op = typename decltype(tag)::type;
      if constexpr (detail_fused::fusable<Op>()) {
        if (!Op::supported_types(newest_feature_level).contains(output)) return;
        auto n = std::make_shared<dml::nested_operator>();
        n->schema = &schema_of<Op>();
        n->attributes = attribute_samples_of<Op>().front();
        dml::attribute_value v;
        v.present = true;
        v.nested = std::move(n);
        dml::attribute_values a(add1_schema);
        a.set("FusedActivation", v);
        out.push_back(a);
      }
    });
    return out;
  }

  /// The names of the activations that fuse: ACTIVATION_IDENTITY, ACTIVATION_RELU, ...
  static std::vector<std::string> list() {
    std::vector<std::string> out;
    for_each_operator([&](auto tag) {
      using Op = typename decltype(tag)::type;
      if constexpr (detail_fused::fusable<Op>()) out.emplace_back(name_of<Op>);
    });
    return out;
  }
  /// "ACTIVATION_IDENTITY, ACTIVATION_RELU, ..."
  static std::string names() {
    std::string out;
    for (const auto& n : list()) out += (out.empty() ? "" : ", ") + n;
    return out;
  }
};

template <class Key>
fused_activation fused_activations<Key>::make(const std::shared_ptr<const dml::nested_operator>& n) {
  fused_activation f;
  if (!n || n->schema == nullptr) return f;
  for_each_operator([&](auto tag) {
    using Op = typename decltype(tag)::type;
    if constexpr (detail_fused::fusable<Op>()) {
      if (Op::dml_type == n->schema->type) f = fused_activation::of(Op::from_attributes(n->attributes), n);
    }
  });
  return f;
}

template <class Key>
status fused_activations<Key>::check(feature_level level, data_type output, const dml::nested_operator& n) {
  status result = status::error(errc::invalid_argument, "", "FusedActivation",
                                std::string(n.schema == nullptr ? "an operator" : n.schema->name) +
                                    " cannot be fused: a fused activation is an ACTIVATION_ operator of one input "
                                    "and one output tensor that this build computes (" +
                                    names() + ")");
  if (n.schema == nullptr) return result;
  for_each_operator([&](auto tag) {
    using Op = typename decltype(tag)::type;
    if constexpr (detail_fused::fusable<Op>()) {
      if (Op::dml_type == n.schema->type) result = detail_fused::check_fused<Op>(level, output, n.attributes);
    }
  });
  return result;
}

inline std::string operator_names() {
  std::string names;
  for_each_operator([&](auto tag) {
    if (!names.empty()) names += ", ";
    names += name_of<typename decltype(tag)::type>;
  });
  return names;
}

}  // namespace dmlref::ops
