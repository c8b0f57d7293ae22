#pragma once
// validate(): every rule a DirectML operator descriptor and its bindings must obey before
// dmlref reads or writes anything: the descriptor's structure, the common tensor rules,
// the operator's support table at the feature level, the shared sizes, the output layout,
// the buffers' sizes and alignment, and aliasing. The first broken rule is returned as a
// status naming the tensor, the field and the rule.

#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include "dmlref/core/feature_level.hpp"
#include "dmlref/core/operation_rules.hpp"
#include "dmlref/core/tensor_desc.hpp"
#include "dmlref/dml/operation.hpp"
#include "dmlref/ops/operator_traits.hpp"
#include "dmlref/ops/registry.hpp"
#include "dmlref/ops/support.hpp"

namespace dmlref::dml {

/// A descriptor that passed validation, read into dmlref's own types.
struct validated_operation {
  operation op;
  feature_level level = newest_feature_level;
  std::array<tensor_desc, max_operation_tensors> tensors{};
  std::array<bool, max_operation_tensors> present{};

  const tensor_desc& output() const noexcept { return tensors[op.output_index()]; }
  /// What the support table and the default tolerance read.
  ops::operation_types types() const noexcept {
    ops::operation_types t;
    for (std::size_t k = 0; k < op.tensor_count(); ++k) {
      t.type[k] = tensors[k].type;
      t.present[k] = present[k];
    }
    t.scale_bias = op.attrs.scale_bias().has_value();
    return t;
  }
};

namespace detail {

inline status read_tensor(const DML_TENSOR_DESC& t, const char* tensor, tensor_desc& out) {
  if (t.Type != DML_TENSOR_TYPE_BUFFER) {
    return status::error(errc::invalid_argument, tensor, "Type", "must be DML_TENSOR_TYPE_BUFFER");
  }
  if (t.Desc == nullptr) {
    return status::error(errc::invalid_argument, tensor, "Desc", "the DML_BUFFER_TENSOR_DESC pointer is null");
  }
  const auto& b = *static_cast<const DML_BUFFER_TENSOR_DESC*>(t.Desc);
  if ((static_cast<std::uint32_t>(b.Flags) & ~std::uint32_t{DML_TENSOR_FLAG_OWNED_BY_DML}) != 0) {
    return status::error(errc::invalid_argument, tensor, "Flags", "holds bits that are not DML_TENSOR_FLAGS");
  }
  const auto type_value = static_cast<std::uint32_t>(b.DataType);
  if (type_value == 0 || type_value > static_cast<std::uint32_t>(data_type::int4)) {
    return status::error(errc::unsupported_data_type, tensor, "DataType",
                         std::to_string(type_value) + " is not a DML_TENSOR_DATA_TYPE");
  }
  if (b.DimensionCount == 0 || b.DimensionCount > max_rank) {  // checked before Sizes is read
    return status::error(errc::dimension_count, tensor, "DimensionCount",
                         "must be 1 to 8, got " + std::to_string(b.DimensionCount));
  }
  if (b.Sizes == nullptr) {
    return status::error(errc::invalid_argument, tensor, "Sizes", "is null");
  }
  tensor_desc d;
  d.type = static_cast<data_type>(type_value);
  d.rank = b.DimensionCount;
  d.has_strides = b.Strides != nullptr;
  for (std::uint32_t i = 0; i < d.rank; ++i) {
    d.sizes[i] = b.Sizes[i];
    if (d.has_strides) d.strides[i] = b.Strides[i];
  }
  d.total_size_in_bytes = b.TotalTensorSizeInBytes;
  d.base_offset_alignment = b.GuaranteedBaseOffsetAlignment;
  out = d;
  return {};
}

/// The operator's traits that validation reads, from its registry entry.
struct operator_rules {
  feature_level introduced = newest_feature_level;
  std::uint32_t in_place_inputs = 0;  // bit k: the output may alias input k
  std::uint32_t most_dimensions_before_3_0 = 4;
  status (*check_support)(feature_level, const ops::operation_types&) = nullptr;
  status (*check_attributes)(feature_level, const ops::operation_types&, const attribute_values&) = nullptr;
};

inline operator_rules rules_of(DML_OPERATOR_TYPE type) {
  operator_rules r;
  ops::with_operator(type, [&](auto tag) {
    using Op = typename decltype(tag)::type;
    r = {ops::introduced_of<Op>, ops::in_place_inputs_of<Op>(), ops::most_dimensions_before_3_0_of<Op>(),
         &Op::check_support, &ops::check_attributes_of<Op>};
  });
  return r;
}

/// Every enumeration attribute (ROUND's RoundingMode, IS_INFINITY's InfinityMode) holds one
/// of the values its schema lists.
inline status check_enumerations(const operation& op) {
  const auto [field, rule] = unknown_enumeration(op.attrs);
  if (field == nullptr) return {};
  return status::error(errc::invalid_argument, "", field, rule);
}

}  // namespace detail

/// Validates the descriptor alone (no buffers) at a feature level.
inline status validate_descriptor(DML_FEATURE_LEVEL dml_level, const DML_OPERATOR_DESC& desc,
                                  validated_operation& out) {
  validated_operation v;
  v.level = static_cast<feature_level>(dml_level);
  if (!is_known(v.level)) {
    return status::error(errc::invalid_argument, "", "FeatureLevel",
                         std::to_string(static_cast<std::uint32_t>(dml_level)) + " is not a DML_FEATURE_LEVEL");
  }
  if (auto s = read_operation(desc, v.op); !s.ok()) return s;
  const auto rules = detail::rules_of(v.op.type);
  const auto since = rules.introduced;
  if (!at_least(v.level, since)) {
    return status::error(errc::unsupported_operator, "", "Type",
                         std::string(v.op.name) + " needs feature level " + std::string(name(since)) +
                             " or later, the level is " + std::string(name(v.level)));
  }
  if (auto s = detail::check_enumerations(v.op); !s.ok()) return s;
  for (std::size_t k = 0; k < v.op.tensor_count(); ++k) {
    const char* tensor = v.op.tensor_names[k];
    if (v.op.tensors[k] == nullptr) {
      if (v.op.optional[k]) continue;  // whether absence is allowed here is the table's call
      return status::error(errc::missing_binding, tensor, "", std::string("is required by ") + v.op.name);
    }
    if (auto s = detail::read_tensor(*v.op.tensors[k], tensor, v.tensors[k]); !s.ok()) return s;
    v.present[k] = true;
    if (auto s = validate_tensor(v.tensors[k], tensor); !s.ok()) return s;
    if (auto s = ops::check_dimension_count(v.level, v.tensors[k].rank, v.op.name, rules.most_dimensions_before_3_0); !s.ok()) {
      return status::error(s.code(), tensor, s.field(), s.rule());
    }
  }
  std::array<bound_tensor, max_operation_tensors> bound{};
  std::size_t count = 0;
  const std::size_t output = v.op.output_index();
  bound[count++] = {v.op.tensor_names[output], &v.tensors[output], nullptr, 0};
  for (std::size_t k = 0; k < v.op.input_count; ++k) {
    if (v.present[k]) bound[count++] = {v.op.tensor_names[k], &v.tensors[k], nullptr, 0};
  }
  if (auto s = check_sizes_match(bound.data(), count); !s.ok()) return s;
  if (auto s = rules.check_support(v.level, v.types()); !s.ok()) return s;
  if (auto s = rules.check_attributes(v.level, v.types(), v.op.attrs); !s.ok()) return s;
  if (auto s = validate_output_layout(v.tensors[output], v.op.tensor_names[output]); !s.ok()) return s;
  out = v;
  return {};
}

/// Validates the buffers bound to a validated descriptor: one binding per input slot (an
/// absent optional tensor bound to {nullptr, 0}) and one output binding.
inline status validate_bindings(const validated_operation& v, const input_binding* inputs,
                                std::size_t input_count, const output_binding* outputs,
                                std::size_t output_count) {
  if (input_count != v.op.input_count || (input_count != 0 && inputs == nullptr)) {
    return status::error(errc::missing_binding, "", "inputs",
                         std::string(v.op.name) + " takes " + std::to_string(v.op.input_count) +
                             " input bindings (absent optional tensors bound to null), got " +
                             std::to_string(input_count));
  }
  if (output_count != 1 || outputs == nullptr) {
    return status::error(errc::missing_binding, "", "outputs",
                         std::string(v.op.name) + " takes 1 output binding, got " + std::to_string(output_count));
  }
  auto check_buffer = [&](std::size_t k, const void* data, std::uint64_t size) -> status {
    const char* tensor = v.op.tensor_names[k];
    if (!v.present[k]) {
      if (data != nullptr) {
        return status::error(errc::invalid_argument, tensor, "binding",
                             "a buffer is bound to a tensor the descriptor leaves out");
      }
      return {};
    }
    const auto& d = v.tensors[k];
    if (data == nullptr) return status::error(errc::missing_binding, tensor, "binding", "no buffer is bound");
    if (size < d.total_size_in_bytes) {
      return status::error(errc::binding_too_small, tensor, "binding",
                           "the buffer holds " + std::to_string(size) + " bytes, TotalTensorSizeInBytes is " +
                               std::to_string(d.total_size_in_bytes));
    }
    if (reinterpret_cast<std::uintptr_t>(data) % element_size(d.type) != 0) {
      return status::error(errc::alignment, tensor, "binding",
                           "the buffer's address is not a multiple of the element size");
    }
    return {};
  };
  for (std::size_t k = 0; k < v.op.input_count; ++k) {
    if (auto s = check_buffer(k, inputs[k].data, inputs[k].size_in_bytes); !s.ok()) return s;
  }
  const std::size_t out = v.op.output_index();
  if (auto s = check_buffer(out, outputs[0].data, outputs[0].size_in_bytes); !s.ok()) return s;
  std::array<bound_tensor, max_operation_tensors> bound_inputs{};
  for (std::size_t k = 0; k < v.op.input_count; ++k) {
    bound_inputs[k] = {v.op.tensor_names[k], v.present[k] ? &v.tensors[k] : nullptr, inputs[k].data,
                       v.present[k] ? v.tensors[k].total_size_in_bytes : 0};
  }
  const bound_tensor bound_output{v.op.tensor_names[out], &v.tensors[out], outputs[0].data,
                                  v.tensors[out].total_size_in_bytes};
  return check_aliasing(bound_output, bound_inputs.data(), v.op.input_count,
                        detail::rules_of(v.op.type).in_place_inputs, v.op.name);
}

/// Every rule, descriptor and bindings.
inline status validate(DML_FEATURE_LEVEL level, const DML_OPERATOR_DESC& desc, const input_binding* inputs,
                       std::size_t input_count, const output_binding* outputs, std::size_t output_count) {
  validated_operation v;
  if (auto s = validate_descriptor(level, desc, v); !s.ok()) return s;
  return validate_bindings(v, inputs, input_count, outputs, output_count);
}

}  // namespace dmlref::dml
