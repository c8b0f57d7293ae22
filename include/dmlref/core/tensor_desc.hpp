#pragma once
// dmlref::tensor_desc: the runtime description of one tensor, mirroring
// DML_BUFFER_TENSOR_DESC, and the rules every tensor of every operator obeys.
//
// Contract (common rules of DirectML's buffer tensors):
// - 1 to 8 dimensions, every size at least 1, at most 2^32 - 1 elements in all.
// - Strides are in elements and unsigned; absent strides mean packed row-major. A zero
//   stride broadcasts, a stride larger than packed pads.
// - DMLCalcBufferTensorSize: last index = sum of (size - 1) * stride, bytes = (last + 1) *
//   element size rounded up to a multiple of 4; computed in 64 bits, overflow reported.
// - TotalTensorSizeInBytes is at least that; GuaranteedBaseOffsetAlignment is 0 or a power
//   of two at least the element size.

#include <array>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>

#include "dmlref/core/checked_math.hpp"
#include "dmlref/core/data_type.hpp"
#include "dmlref/core/status.hpp"

namespace dmlref {

inline constexpr std::uint32_t max_rank = 8;
inline constexpr std::uint64_t max_element_count = 0xFFFFFFFFull;  // 2^32 - 1

using dimensions = std::array<std::uint32_t, max_rank>;
using element_strides = std::array<std::uint64_t, max_rank>;

/// Packed row-major strides for the first rank sizes (64-bit: valid for any sizes).
inline element_strides packed_strides(std::uint32_t rank, const dimensions& sizes) noexcept {
  element_strides strides{};
  std::uint64_t step = 1;
  for (std::uint32_t i = rank; i-- > 0;) {
    strides[i] = step;
    if (!detail::checked_mul(step, sizes[i], step)) step = 0;  // only reached by invalid sizes
  }
  return strides;
}

namespace detail {

/// DMLCalcBufferTensorSize in 64 bits into bytes; false when the arithmetic overflows or the
/// rank is outside 1..max_rank. strides == nullptr means packed. (A flag and an out
/// parameter rather than std::optional: validation runs it on every call of an operator, and
/// an optional returned through the stack costs a store-forwarding stall each time.)
inline bool buffer_tensor_size(data_type type, std::uint32_t rank, const std::uint32_t* sizes,
                               const std::uint32_t* strides, std::uint64_t& bytes) noexcept {
  if (rank == 0 || rank > max_rank) return false;
  std::uint64_t last_index = 0;
  if (strides == nullptr) {
    std::uint64_t count = 1;
    for (std::uint32_t i = 0; i < rank; ++i) {
      if (!checked_mul(count, sizes[i], count)) return false;
    }
    if (count == 0) {
      bytes = 0;
      return true;
    }
    last_index = count - 1;
  } else {
    for (std::uint32_t i = 0; i < rank; ++i) {
      if (sizes[i] == 0) {
        bytes = 0;
        return true;
      }
      std::uint64_t term = 0;
      if (!checked_mul(sizes[i] - 1u, strides[i], term)) return false;
      if (!checked_add(last_index, term, last_index)) return false;
    }
  }
  std::uint64_t total = 0;
  if (!checked_add(last_index, 1, total)) return false;
  if (!checked_mul(total, element_size(type), total)) return false;
  if (!checked_add(total, 3, total)) return false;
  bytes = total & ~std::uint64_t{3};
  return true;
}

}  // namespace detail

/// DMLCalcBufferTensorSize in 64 bits; nullopt when the arithmetic overflows.
/// strides == nullptr means packed.
inline std::optional<std::uint64_t> calc_buffer_tensor_size(data_type type, std::uint32_t rank,
                                                            const std::uint32_t* sizes,
                                                            const std::uint32_t* strides) noexcept {
  std::uint64_t bytes = 0;
  if (!detail::buffer_tensor_size(type, rank, sizes, strides, bytes)) return std::nullopt;
  return bytes;
}

/// One tensor of an operator: DML_BUFFER_TENSOR_DESC as a value type.
struct tensor_desc {
  data_type type = data_type::unknown;
  std::uint32_t rank = 0;  // DimensionCount
  dimensions sizes{};
  bool has_strides = false;
  dimensions strides{};
  std::uint64_t total_size_in_bytes = 0;
  std::uint32_t base_offset_alignment = 0;  // GuaranteedBaseOffsetAlignment

  /// A packed tensor with TotalTensorSizeInBytes set to the minimum.
  static tensor_desc packed(data_type type, std::initializer_list<std::uint32_t> sizes) {
    tensor_desc d;
    d.type = type;
    for (auto s : sizes) {
      if (d.rank < max_rank) d.sizes[d.rank] = s;
      ++d.rank;
    }
    d.total_size_in_bytes = d.minimum_size_in_bytes().value_or(0);
    return d;
  }
  /// A strided tensor with TotalTensorSizeInBytes set to the minimum.
  static tensor_desc strided(data_type type, std::initializer_list<std::uint32_t> sizes,
                             std::initializer_list<std::uint32_t> strides) {
    tensor_desc d = packed(type, sizes);
    d.has_strides = true;
    std::uint32_t i = 0;
    for (auto s : strides) {
      if (i < max_rank) d.strides[i] = s;
      ++i;
    }
    d.total_size_in_bytes = d.minimum_size_in_bytes().value_or(0);
    return d;
  }

  std::optional<std::uint64_t> minimum_size_in_bytes() const noexcept {
    return calc_buffer_tensor_size(type, rank, sizes.data(), has_strides ? strides.data() : nullptr);
  }
  /// The same into bytes; false where minimum_size_in_bytes() is nullopt.
  bool minimum_size(std::uint64_t& bytes) const noexcept {
    return detail::buffer_tensor_size(type, rank, sizes.data(), has_strides ? strides.data() : nullptr, bytes);
  }
  /// The strides the tensor is addressed with: its own, or packed row-major.
  element_strides effective_strides() const noexcept {
    if (!has_strides) return packed_strides(rank, sizes);
    element_strides out{};
    for (std::uint32_t i = 0; i < rank && i < max_rank; ++i) out[i] = strides[i];
    return out;
  }
  std::uint64_t element_count() const noexcept {
    std::uint64_t count = 1;
    for (std::uint32_t i = 0; i < rank && i < max_rank; ++i) {
      if (!detail::checked_mul(count, sizes[i], count)) return UINT64_MAX;
    }
    return count;
  }
};

inline bool same_layout(const tensor_desc& a, const tensor_desc& b) noexcept {
  if (a.type != b.type || a.rank != b.rank) return false;
  const auto sa = a.effective_strides();
  const auto sb = b.effective_strides();
  for (std::uint32_t i = 0; i < a.rank; ++i) {
    if (a.sizes[i] != b.sizes[i] || sa[i] != sb[i]) return false;
  }
  return true;
}

/// The common rules of one tensor, in the order a reader would check them. The operator's
/// own table (data types, dimension counts per feature level) is checked by the operator.
inline status validate_tensor(const tensor_desc& d, std::string_view tensor) {
  if (d.rank == 0 || d.rank > max_rank) {
    return status::error(errc::dimension_count, std::string(tensor), "DimensionCount",
                         "must be 1 to 8, got " + std::to_string(d.rank));
  }
  if (element_size(d.type) == 0) {
    return status::error(errc::unsupported_data_type, std::string(tensor), "DataType",
                         std::string(name(d.type)) + " is not a data type dmlref computes with");
  }
  for (std::uint32_t i = 0; i < d.rank; ++i) {
    if (d.sizes[i] == 0) {
      return status::error(errc::zero_size, std::string(tensor), "Sizes",
                           "size " + std::to_string(i) + " is 0; every size must be at least 1");
    }
  }
  if (d.element_count() > max_element_count) {
    return status::error(errc::too_many_elements, std::string(tensor), "Sizes",
                         "the product of Sizes exceeds 2^32 - 1 elements");
  }
  std::uint64_t minimum = 0;
  if (!d.minimum_size(minimum)) {
    return status::error(errc::size_overflow, std::string(tensor), "Strides",
                         "the buffer size DMLCalcBufferTensorSize computes exceeds 64 bits");
  }
  if (d.total_size_in_bytes < minimum) {
    return status::error(errc::total_size_too_small, std::string(tensor), "TotalTensorSizeInBytes",
                         std::to_string(d.total_size_in_bytes) +
                             " is below DMLCalcBufferTensorSize = " + std::to_string(minimum));
  }
  const std::uint32_t a = d.base_offset_alignment;
  if (a != 0 && ((a & (a - 1)) != 0 || a < element_size(d.type))) {
    return status::error(errc::alignment, std::string(tensor), "GuaranteedBaseOffsetAlignment",
                         std::to_string(a) +
                             " must be 0 or a power of two at least the element size");
  }
  return {};
}

/// An output must give every logical element its own address: no zero stride on a
/// dimension larger than 1, and, taking dimensions from the smallest stride up, each stride
/// beyond the extent of the dimensions before it (dimensions that interleave are refused,
/// even where their addresses happen not to collide).
inline status validate_output_layout(const tensor_desc& d, std::string_view tensor) {
  if (!d.has_strides) return {};
  const auto strides = d.effective_strides();
  std::array<std::uint32_t, max_rank> order{};
  std::uint32_t n = 0;
  for (std::uint32_t i = 0; i < d.rank; ++i) {
    if (d.sizes[i] == 1) continue;
    if (strides[i] == 0) {
      return status::error(errc::output_self_overlap, std::string(tensor), "Strides",
                           "stride " + std::to_string(i) +
                               " is 0 on a dimension larger than 1: an output cannot broadcast");
    }
    order[n++] = i;
  }
  // Insertion sort of the non-trivial dimensions by stride.
  for (std::uint32_t i = 1; i < n; ++i) {
    for (std::uint32_t j = i; j > 0 && strides[order[j]] < strides[order[j - 1]]; --j) {
      std::swap(order[j], order[j - 1]);
    }
  }
  std::uint64_t extent = 0;  // last offset reached by the dimensions taken so far
  for (std::uint32_t k = 0; k < n; ++k) {
    const auto dim = order[k];
    if (strides[dim] <= extent) {
      return status::error(errc::output_self_overlap, std::string(tensor), "Strides",
                           "dimensions interleave: two logical elements map to one address");
    }
    extent += (d.sizes[dim] - 1u) * strides[dim];  // bounded by the validated buffer size
  }
  return {};
}

}  // namespace dmlref
