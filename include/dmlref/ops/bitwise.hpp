#pragma once
// The family of BIT_AND, BIT_OR and BIT_XOR: what they share, stated once.
//
//   bitwise<Op>   a binary operator over bitwise_support's types, exact, without attributes,
//                 every element defined, whose golden applies Op::combine(x, y) to the two
//                 elements' encodings (unsigned integers of the type's width, floats
//                 included); the kernel (simd/bitwise.hpp) applies the same combine to the
//                 encodings' lanes. The operator states dml_type and combine.

#include <cstdint>
#include <type_traits>

#include "dmlref/core/data_type.hpp"
#include "dmlref/math/real.hpp"
#include "dmlref/ops/families.hpp"
#include "dmlref/ops/support.hpp"

namespace dmlref::ops {

namespace detail_bitwise {

/// f applied to a's and b's encodings (unsigned integers of T's width), as T.
template <class T, class F>
T on_bits(T a, T b, F f) noexcept {
  if constexpr (is_float_element_v<T>) {
    using bits_type = typename math::format_of<T>::type::bits_type;
    return math::from_bits<T>(static_cast<bits_type>(f(math::bits_of(a), math::bits_of(b))));
  } else {
    using U = std::make_unsigned_t<T>;
    return static_cast<T>(static_cast<U>(f(static_cast<U>(a), static_cast<U>(b))));
  }
}

}  // namespace detail_bitwise

/// The types BIT_AND, BIT_OR and BIT_XOR take.
using bitwise_support =
    support_table<since<feature_level::level_3_0, type_list<std::uint32_t, std::uint16_t, std::uint8_t>>,
                  since<feature_level::level_4_1, float_elements,
                        type_list<std::int64_t, std::int32_t, std::int16_t, std::int8_t, std::uint64_t>>>;

template <class Op>
struct bitwise : exact_without_attributes<Op, binary<Op, bitwise_support>> {
  /// Golden: on the encodings.
  template <class T>
  T operator()(T a, T b) const noexcept {
    return detail_bitwise::on_bits(a, b, [](auto x, auto y) { return Op::combine(x, y); });
  }
  template <class T>
  bool defined(T, T) const noexcept {
    return true;
  }
};

}  // namespace dmlref::ops
