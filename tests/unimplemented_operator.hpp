#pragma once
// An operator of DirectML's schema that this build does not compute, for the tests of how
// every door refuses one: the first such in the schema's order, chosen at run time so that
// the tests follow the registry as it grows; nullptr once every operator is computed (the
// refusal then has nothing left to refuse).

#include <dmlref/dml/schema.hpp>
#include <dmlref/ops/registry.hpp>

inline const dmlref::dml::operator_schema* unimplemented_operator() {
  for (const auto& s : dmlref::dml::element_wise_operators) {
    if (!dmlref::ops::implemented(s.type)) return &s;
  }
  return nullptr;
}
