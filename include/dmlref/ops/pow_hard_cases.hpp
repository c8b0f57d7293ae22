#pragma once
// POW's hard-to-round corpus: inputs whose exact power lies close to a rounding boundary of
// the output type, each with that power rounded once. Found by scripts/pow_hard_cases.py
// (every positive FLOAT32 base for exponents with large denominators and exponents next to 1,
// every FLOAT16 pair, integer bases aimed at integer results); every exact result is
// mpmath's interval arithmetic's. Most are inputs where rounding a double pow once gives the
// wrong answer. ops::pow states it as its hard_inputs (dmlref-eval generate --values hard);
// tests/test_pow_hard_cases.cpp holds golden to every row.

#include <cstdint>
#include <string_view>

namespace dmlref::ops {

/// One row: the base's and the exponent's DML_TENSOR_DATA_TYPE names and bit patterns, and
/// the exact power rounded once to the base's type, as its bit pattern.
struct pow_hard_case {
  std::string_view base_type;
  std::uint32_t base;
  std::string_view exponent_type;
  std::uint32_t exponent;
  std::uint32_t exact;
};

inline constexpr pow_hard_case pow_hard_cases[] = {
#include "dmlref/ops/pow_hard_cases.inc"
};

}  // namespace dmlref::ops
