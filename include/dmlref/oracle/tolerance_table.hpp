#pragma once
// The default tolerance of a comparison, per operator and output type, when a case names
// none. The figures are the WebNN conformance suite's; each is one constant declared in its
// operator's header (default_tolerance), read here and by the tests:
//   SIGN                exact (every type)
//   POW, CONSTANT_POW   32 ULP FLOAT32, 2 ULP FLOAT16, integers exact
//   DEQUANTIZE_LINEAR   1 ULP (FLOAT32 and FLOAT16)

#include "dmlref/dml/operation.hpp"
#include "dmlref/ops/constant_pow.hpp"
#include "dmlref/ops/dequantize_linear.hpp"
#include "dmlref/ops/pow.hpp"
#include "dmlref/ops/sign.hpp"

namespace dmlref::oracle {

constexpr tolerance default_tolerance(dml::operator_kind op, data_type output) noexcept {
  switch (op) {
    case dml::operator_kind::sign: return ops::sign::default_tolerance(output);
    case dml::operator_kind::constant_pow: return ops::constant_pow::default_tolerance(output);
    case dml::operator_kind::pow: return ops::pow::default_tolerance(output);
    case dml::operator_kind::dequantize_linear: return ops::dequantize_linear::default_tolerance(output);
  }
  return tolerance::exact();
}

}  // namespace dmlref::oracle
