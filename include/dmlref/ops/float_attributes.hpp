#pragma once
// Operators whose attributes are all FLOAT fields (the parametrised activations: Alpha, Beta,
// Gamma, Steepness, ...): reading and writing them, stated once.
//
//   float_attributes<Op, Family>
//     Family, plus from_attributes and attributes() over Op::float_fields(): each field's
//     schema name and the member of Op that holds it, in schema order. The operator keeps its
//     members (with DirectML's defaults), so Op{{}, alpha, ...} stays; it states float_fields()
//     and what differs (samples, budgets, golden).

#include <array>

#include "dmlref/dml/attributes.hpp"
#include "dmlref/ops/operator_traits.hpp"

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
};

}  // namespace dmlref::ops
