#pragma once
// The rules that bind the tensors of one operation together: shared sizes, an output that
// gives each element its own address, and no overlap between the output and an input
// except the exact alias an in-place operator allows. Both the typed API and the
// DirectML-shaped layer apply them, before anything is read or written.

#include <cstddef>
#include <cstdint>
#include <string>

#include "dmlref/core/memory_range.hpp"
#include "dmlref/core/status.hpp"
#include "dmlref/core/tensor_desc.hpp"

namespace dmlref {

/// One tensor of an operation with the memory it is bound to: data (null while only
/// descriptors are checked) and the bytes it spans from there (a runtime binding spans
/// TotalTensorSizeInBytes; a typed view exactly the bytes of its addressed elements).
struct bound_tensor {
  const char* name = "";
  const tensor_desc* desc = nullptr;
  const void* data = nullptr;
  std::uint64_t size_in_bytes = 0;

  memory_range range() const noexcept { return {data, size_in_bytes}; }
};

/// Every tensor has the first one's DimensionCount and Sizes.
inline status check_sizes_match(const bound_tensor* tensors, std::size_t count) {
  if (count == 0) return {};
  const tensor_desc& first = *tensors[0].desc;
  for (std::size_t k = 1; k < count; ++k) {
    const tensor_desc& d = *tensors[k].desc;
    bool same = d.rank == first.rank;
    for (std::uint32_t i = 0; same && i < d.rank; ++i) same = d.sizes[i] == first.sizes[i];
    if (!same) {
      return status::error(errc::sizes_mismatch, tensors[k].name, "Sizes",
                           std::string("must equal the Sizes of ") + tensors[0].name +
                               " (every tensor of an element-wise operator has the same sizes; "
                               "broadcast with a zero stride)");
    }
  }
  return {};
}

/// The output may share memory with an input only as an exact alias (same start, data type,
/// sizes and strides) of an input the operator lets it alias: bit k of in_place_inputs for
/// the k-th input (1, or true, for InputTensor alone; 0 for an operator that never works in
/// place).
inline status check_aliasing(const bound_tensor& output, const bound_tensor* inputs,
                             std::size_t count, std::uint32_t in_place_inputs, const char* op) {
  for (std::size_t k = 0; k < count; ++k) {
    if (inputs[k].desc == nullptr || inputs[k].data == nullptr) continue;
    const auto relation = classify_overlap(output.range(), inputs[k].range());
    if (relation == overlap::disjoint) continue;
    const bool may_alias = k < 32 && ((in_place_inputs >> k) & 1u) != 0;
    const bool exact_alias = relation == overlap::same_start && same_layout(*output.desc, *inputs[k].desc);
    if (exact_alias && may_alias) continue;
    std::string rule = std::string("overlaps ") + inputs[k].name + "; " + op;
    if (in_place_inputs == 0) {
      rule += " cannot run in place";
    } else if (!may_alias) {
      std::string allowed;
      for (std::size_t j = 0; j < count && j < 32; ++j) {
        if (((in_place_inputs >> j) & 1u) == 0) continue;
        allowed += std::string(allowed.empty() ? "" : " or ") + inputs[j].name;
      }
      rule += " runs in place only over " + allowed;
    } else {
      rule += " allows only the exact alias (same address, data type, sizes and strides)";
    }
    return status::error(errc::invalid_aliasing, output.name, "", rule);
  }
  return {};
}

}  // namespace dmlref
