#pragma once
// Operators whose attributes are all FLOAT fields (the parametrised activations: Alpha, Beta,
// Gamma, Steepness, ...): reading and writing them, stated once.
//
//   float_attributes<Op, Family>
//     Family, plus from_attributes and attributes() over Op::float_fields(): each field's
//     schema name and the member of Op that holds it, in schema order. The operator keeps its
//     members (with DirectML's defaults), so Op{{}, alpha, ...} stays; it states float_fields()
//     and what differs (samples, budgets, golden). samples(values) gives the attributes of Op
//     with its fields set to each row of values in turn (the default for a field a row leaves
//     out), for the operator's attribute_samples().
//
//   float_activation<Op, Since, Budgets>
//     float_attributes over a unary operator over FLOAT32 and FLOAT16 from feature level Since,
//     with Budgets (ops/budgets.hpp), every element defined unless Op states defined(x). The
//     operator states dml_type, its members, float_fields(), attribute_samples() and golden.
//
//   scaled_activation<Op, Budgets>
//     float_activation from 1_0 of y = Alpha f(Beta x) (PARAMETRIC_SOFTPLUS, SCALED_TANH), Alpha
//     and Beta Op's members alpha and beta: golden takes a = Alpha and t = Beta x exactly (48
//     bits), gives the canonical quiet NaN where either is NaN and Op::scaled<T>(a, t) otherwise.
//     The operator states dml_type, its members, float_fields(), attribute_samples() and
//     scaled<T>(a, t).

#include <array>
#include <cstddef>
#include <initializer_list>
#include <vector>

#include "dmlref/core/feature_level.hpp"
#include "dmlref/dml/attributes.hpp"
#include "dmlref/math/exact_arith.hpp"
#include "dmlref/math/real.hpp"
#include "dmlref/ops/budgets.hpp"
#include "dmlref/ops/families.hpp"
#include "dmlref/ops/operator_traits.hpp"
#include "dmlref/ops/support.hpp"

namespace dmlref::ops {

/// A FLOAT attribute of Op: the schema field's name and the member holding its value.
template <class Op>
struct float_field {
  const char* name;
  float Op::*member;
};

template <class Op, class Family>
struct float_attributes : Family {
  static Op from_attributes(const dml::attribute_values& a) noexcept {
    Op op{};
    for (const auto& field : Op::float_fields()) op.*field.member = a[field.name].as_float();
    return op;
  }
  dml::attribute_values attributes() const {
    dml::attribute_values a(schema_of<Op>());
    for (const auto& field : Op::float_fields()) {
      a.set(field.name, dml::attribute_value::of_float(static_cast<const Op&>(*this).*field.member));
    }
    return a;
  }

  /// The attributes of Op with its first N fields set to each row of rows, in order.
  template <std::size_t N>
  static std::vector<dml::attribute_values> samples(std::initializer_list<std::array<float, N>> rows) {
    std::vector<dml::attribute_values> out;
    for (const auto& row : rows) {
      Op op{};
      for (std::size_t k = 0; k < N; ++k) op.*Op::float_fields()[k].member = row[k];
      out.push_back(op.attributes());
    }
    return out;
  }
  /// The attributes of Op with its first field set to each of values, in order.
  static std::vector<dml::attribute_values> samples(std::initializer_list<float> values) {
    std::vector<dml::attribute_values> out;
    for (const float v : values) out.push_back(samples<1>({{v}}).front());
    return out;
  }
};

template <class Op, feature_level Since, class Budgets>
struct float_activation
    : float_attributes<Op, with_budgets<unary<Op, support_table<since<Since, float_elements>>>, Budgets>> {
  template <class T>
  bool defined(T) const noexcept {
    return true;
  }
};

template <class Op, class Budgets>
struct scaled_activation : float_activation<Op, feature_level::level_1_0, Budgets> {
  /// Golden, for T = float or float16.
  template <class T>
  T operator()(T x) const {
    using F = typename math::format_of<T>::type;
    const Op& op = static_cast<const Op&>(*this);
    const math::real a = math::to_real(op.alpha);
    const math::real t = math::multiply(math::to_real(op.beta), math::to_real(x));  // exact: 48 bits
    if (a.is_nan() || t.is_nan()) return math::from_result_bits<T>(F::quiet_nan);
    return Op::template scaled<T>(a, t);
  }
};

}  // namespace dmlref::ops
