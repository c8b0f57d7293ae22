#pragma once
// dmlref::tensor_view<T, Rank, Layout>: a typed window onto one tensor's elements.
//
// T is the element type (const for inputs), Rank the dimension count (1 to 8), Layout a
// compile-time promise: packed_layout (row-major, no gaps; the strides are derived) or
// strided_layout (any unsigned element strides: 0 broadcasts, larger than packed pads).
// A view owns nothing and checks nothing on its own; the operator functions validate the
// views they are given together.

#include <array>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "dmlref/core/data_type.hpp"
#include "dmlref/core/tensor_desc.hpp"

namespace dmlref {

struct packed_layout {};
struct strided_layout {};

template <class T, std::size_t Rank, class Layout = strided_layout>
class tensor_view {
  static_assert(Rank >= 1 && Rank <= max_rank, "a tensor has 1 to 8 dimensions");
  static_assert(std::is_same_v<Layout, packed_layout> || std::is_same_v<Layout, strided_layout>,
                "Layout is packed_layout or strided_layout");

 public:
  using element_type = T;
  using value_type = std::remove_const_t<T>;
  using layout = Layout;
  static constexpr std::size_t rank = Rank;
  using extents = std::array<std::uint32_t, Rank>;

  /// A packed view: strides follow from sizes.
  template <class L = Layout, class = std::enable_if_t<std::is_same_v<L, packed_layout>>>
  tensor_view(T* data, const extents& sizes) noexcept : data_(data), sizes_(sizes) {
    std::uint64_t step = 1;
    for (std::size_t i = Rank; i-- > 0;) {
      strides_[i] = step;
      step *= sizes_[i];
    }
  }
  /// A strided view.
  template <class L = Layout, class = std::enable_if_t<std::is_same_v<L, strided_layout>>>
  tensor_view(T* data, const extents& sizes, const extents& strides) noexcept
      : data_(data), sizes_(sizes) {
    for (std::size_t i = 0; i < Rank; ++i) strides_[i] = strides[i];
  }
  /// Any view converts to a strided view of the same (or added-const) element type.
  template <class U, class L,
            class = std::enable_if_t<std::is_same_v<Layout, strided_layout> &&
                                     std::is_convertible_v<U*, T*>>>
  tensor_view(const tensor_view<U, Rank, L>& other) noexcept  // NOLINT: implicit on purpose
      : data_(other.data()), sizes_(other.sizes()) {
    for (std::size_t i = 0; i < Rank; ++i) strides_[i] = other.stride(i);
  }

  T* data() const noexcept { return data_; }
  const extents& sizes() const noexcept { return sizes_; }
  std::uint32_t size(std::size_t dim) const noexcept { return sizes_[dim]; }
  std::uint64_t stride(std::size_t dim) const noexcept { return strides_[dim]; }
  const std::array<std::uint64_t, Rank>& strides() const noexcept { return strides_; }

  /// The runtime descriptor of this view (TotalTensorSizeInBytes the minimum).
  tensor_desc desc() const noexcept {
    tensor_desc d;
    d.type = data_type_of_v<value_type>;
    d.rank = static_cast<std::uint32_t>(Rank);
    d.has_strides = std::is_same_v<Layout, strided_layout>;
    for (std::size_t i = 0; i < Rank; ++i) {
      d.sizes[i] = sizes_[i];
      d.strides[i] = static_cast<std::uint32_t>(strides_[i]);
    }
    if (!d.minimum_size(d.total_size_in_bytes)) d.total_size_in_bytes = 0;
    return d;
  }

 private:
  T* data_ = nullptr;
  extents sizes_{};
  std::array<std::uint64_t, Rank> strides_{};
};

/// Deduction helpers: make_packed_view(ptr, {2, 3}), make_strided_view(ptr, {2, 3}, {0, 1}).
template <class T, std::size_t Rank>
tensor_view<T, Rank, packed_layout> make_packed_view(T* data,
                                                     const std::uint32_t (&sizes)[Rank]) noexcept {
  std::array<std::uint32_t, Rank> s{};
  for (std::size_t i = 0; i < Rank; ++i) s[i] = sizes[i];
  return {data, s};
}
template <class T, std::size_t Rank>
tensor_view<T, Rank, strided_layout> make_strided_view(T* data, const std::uint32_t (&sizes)[Rank],
                                                       const std::uint32_t (&strides)[Rank]) noexcept {
  std::array<std::uint32_t, Rank> s{};
  std::array<std::uint32_t, Rank> t{};
  for (std::size_t i = 0; i < Rank; ++i) {
    s[i] = sizes[i];
    t[i] = strides[i];
  }
  return {data, s, t};
}

}  // namespace dmlref
