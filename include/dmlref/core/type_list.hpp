#pragma once
// Compile-time lists of C++ element types: the support tables name their types once as
// type_lists, and validation (as type_sets), type dispatch (as instantiations) and the
// registry of operators read them from there.

#include <cstddef>
#include <type_traits>

#include "dmlref/core/data_type.hpp"

namespace dmlref {

template <class... Ts>
struct type_list {
  static constexpr std::size_t size = sizeof...(Ts);
};

/// A value standing for the type T (so a generic lambda can receive a type).
template <class T>
struct type_tag {
  using type = T;
};

namespace detail {
template <class... Lists>
struct concat;
template <>
struct concat<> {
  using type = type_list<>;
};
template <class... Ts>
struct concat<type_list<Ts...>> {
  using type = type_list<Ts...>;
};
template <class... As, class... Bs, class... Rest>
struct concat<type_list<As...>, type_list<Bs...>, Rest...> {
  using type = typename concat<type_list<As..., Bs...>, Rest...>::type;
};
}  // namespace detail

/// The types of every list, in order.
template <class... Lists>
using concat_t = typename detail::concat<Lists...>::type;

/// Whether List holds T.
template <class List, class T>
inline constexpr bool contains_v = false;
template <class... Ts, class T>
inline constexpr bool contains_v<type_list<Ts...>, T> = (std::is_same_v<Ts, T> || ...);

/// Whether no type of List appears twice.
template <class List>
inline constexpr bool distinct_v = true;
template <class T, class... Ts>
inline constexpr bool distinct_v<type_list<T, Ts...>> = !contains_v<type_list<Ts...>, T> && distinct_v<type_list<Ts...>>;

/// The index-th list of a list of lists (or type of a list).
template <std::size_t Index, class List>
struct type_at;
template <class T, class... Ts>
struct type_at<0, type_list<T, Ts...>> {
  using type = T;
};
template <std::size_t Index, class T, class... Ts>
struct type_at<Index, type_list<T, Ts...>> {
  using type = typename type_at<Index - 1, type_list<Ts...>>::type;
};

/// Calls f(type_tag<T>{}) for each T of the list, in order.
template <class... Ts, class F>
constexpr void for_each_type(type_list<Ts...>, F&& f) {
  (f(type_tag<Ts>{}), ...);
}

/// Calls f(type_tag<T>{}) for the first T of the list whose data type is t and returns what
/// f returns (a bool: whether the call succeeded); false when no T has data type t.
template <class... Ts, class F>
bool visit_type(data_type t, type_list<Ts...>, F&& f) {
  bool result = false;
  const bool found = ((data_type_of_v<Ts> == t ? (result = f(type_tag<Ts>{}), true) : false) || ...);
  return found && result;
}

}  // namespace dmlref
