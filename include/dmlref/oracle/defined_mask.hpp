#pragma once
// Which elements of a validated operation the operator's contract defines: mask[k] is false
// where the result is undefined (a dequantize scale of 0, integer 0 to a negative power, a
// mixed pow result that is NaN or out of range), so comparisons skip it. The mask is packed
// in logical row-major order over the output's sizes.

#include "dmlref/core/status.hpp"
#include "dmlref/dml/dispatch.hpp"
#include "dmlref/golden/apply.hpp"

namespace dmlref::oracle {

/// Fails, writing nothing, when dispatch finds no instantiation for v's data types.
inline status defined_mask(const dml::validated_operation& v, const void* const* inputs, bool* mask) {
  const tensor_desc& out = v.output();
  const loops::operand<bool> mask_operand{mask, packed_strides(out.rank, out.sizes)};
  return dml::dispatch(v, nullptr, inputs, [&](const auto& op, const auto&, const auto&... ins) {
    golden_defined_mask(op, out.rank, out.sizes.data(), mask_operand, ins...);
  });
}

}  // namespace dmlref::oracle
