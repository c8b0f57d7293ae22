#pragma once
// Building blocks of the operators' support tables: the type families as type_lists, a
// table of the types a tensor takes from each feature level on (stated once, read both as
// type_sets by validation and as type_lists by dispatch), and the rules every element-wise
// operator shares.

#include <cstdint>
#include <initializer_list>
#include <string>

#include "dmlref/core/data_type.hpp"
#include "dmlref/core/feature_level.hpp"
#include "dmlref/core/status.hpp"
#include "dmlref/core/type_list.hpp"

namespace dmlref::ops {

class type_set {
 public:
  constexpr type_set() = default;
  constexpr type_set(std::initializer_list<data_type> types) {
    for (auto t : types) mask_ |= bit(t);
  }
  constexpr bool contains(data_type t) const noexcept { return (mask_ & bit(t)) != 0; }
  constexpr type_set operator|(type_set other) const noexcept {
    type_set r;
    r.mask_ = mask_ | other.mask_;
    return r;
  }
  /// "FLOAT32, FLOAT16" for messages.
  std::string names() const {
    std::string out;
    for (std::uint32_t v = 1; v <= 13; ++v) {
      if (!contains(static_cast<data_type>(v))) continue;
      if (!out.empty()) out += ", ";
      out += name(static_cast<data_type>(v));
    }
    return out.empty() ? "none" : out;
  }

 private:
  static constexpr std::uint32_t bit(data_type t) noexcept {
    return std::uint32_t{1} << static_cast<std::uint32_t>(t);
  }
  std::uint32_t mask_ = 0;
};

/// The data types of a type_list's element types.
template <class... Ts>
constexpr type_set set_of(type_list<Ts...>) noexcept {
  return type_set{data_type_of_v<Ts>...};
}

// The type families of the support tables.
using float_elements = type_list<float, float16>;
using int_elements_8_to_32 = type_list<std::int32_t, std::int16_t, std::int8_t, std::uint32_t, std::uint16_t,
                                       std::uint8_t>;
using int_elements_64 = type_list<std::int64_t, std::uint64_t>;

inline constexpr type_set float_types = set_of(float_elements{});
inline constexpr type_set int_types_8_to_32 = set_of(int_elements_8_to_32{});
inline constexpr type_set int_types_64 = set_of(int_elements_64{});

/// One row of a support table: the tensor takes the types of Lists... from feature level
/// Since on.
template <feature_level Since, class... Lists>
struct since {
  static constexpr feature_level level = Since;
  using elements = concat_t<Lists...>;
};

/// The types one tensor takes, as rows since<level, types...> in order of level. at(level)
/// is the set validation checks; elements is every type of every row, the list dispatch
/// instantiates.
template <class... Rows>
struct support_table {
  using elements = concat_t<typename Rows::elements...>;
  static constexpr type_set at(feature_level level) noexcept {
    type_set types;
    ((types = at_least(level, Rows::level) ? types | set_of(typename Rows::elements{}) : types), ...);
    return types;
  }
  static constexpr type_set all() noexcept { return set_of(elements{}); }
};

/// Element-wise operators take 4 dimensions before feature level 3_0 (4 to 5 for those whose
/// support table says so: most_before_3_0 = 5) and 1 to 8 from 3_0 on.
inline status check_dimension_count(feature_level level, std::uint32_t rank, const char* op,
                                    std::uint32_t most_before_3_0 = 4) {
  const bool wide = at_least(level, feature_level::level_3_0);
  if (wide ? (rank >= 1 && rank <= 8) : (rank >= 4 && rank <= most_before_3_0)) return {};
  const std::string counts = wide                  ? "1 to 8"
                             : most_before_3_0 > 4 ? "4 to " + std::to_string(most_before_3_0)
                                                   : "exactly 4";
  return status::error(errc::dimension_count, "", "DimensionCount",
                       std::string(op) + " takes " + counts + " dimensions at feature level " +
                           std::string(name(level)) + ", got " + std::to_string(rank));
}

/// The rule for one tensor's data type: it must be in allowed.
inline status check_type(data_type type, type_set allowed, const char* tensor, const char* op,
                         feature_level level) {
  if (allowed.contains(type)) return {};
  return status::error(errc::unsupported_data_type, tensor, "DataType",
                       std::string(name(type)) + " is not supported by " + op +
                           " at feature level " + std::string(name(level)) + " (supported: " +
                           allowed.names() + ")");
}

/// The rule that two tensors share a data type.
inline status check_same_type(data_type type, data_type reference, const char* tensor,
                              const char* reference_tensor, const char* op) {
  if (type == reference) return {};
  return status::error(errc::unsupported_data_type, tensor, "DataType",
                       std::string(op) + " requires the data type of " + reference_tensor + " (" +
                           std::string(name(reference)) + "), got " + std::string(name(type)));
}

}  // namespace dmlref::ops
