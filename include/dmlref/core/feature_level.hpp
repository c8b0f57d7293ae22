#pragma once
// dmlref::feature_level: DirectML's feature levels, with DML_FEATURE_LEVEL's values.
// Operator support tables are keyed by them; a descriptor is validated at one level.

#include <cstdint>
#include <string_view>

namespace dmlref {

enum class feature_level : std::uint32_t {
  level_1_0 = 0x1000,
  level_2_0 = 0x2000,
  level_2_1 = 0x2100,
  level_3_0 = 0x3000,
  level_3_1 = 0x3100,
  level_4_0 = 0x4000,
  level_4_1 = 0x4100,
  level_5_0 = 0x5000,
  level_5_1 = 0x5100,
  level_5_2 = 0x5200,
  level_6_0 = 0x6000,
  level_6_1 = 0x6100,
  level_6_2 = 0x6200,
  level_6_3 = 0x6300,
  level_6_4 = 0x6400,
};

/// The newest level dmlref knows: the default when a caller names none.
inline constexpr feature_level newest_feature_level = feature_level::level_6_4;

inline constexpr feature_level all_feature_levels[] = {
    feature_level::level_1_0, feature_level::level_2_0, feature_level::level_2_1,
    feature_level::level_3_0, feature_level::level_3_1, feature_level::level_4_0,
    feature_level::level_4_1, feature_level::level_5_0, feature_level::level_5_1,
    feature_level::level_5_2, feature_level::level_6_0, feature_level::level_6_1,
    feature_level::level_6_2, feature_level::level_6_3, feature_level::level_6_4,
};

constexpr bool at_least(feature_level level, feature_level since) noexcept {
  return static_cast<std::uint32_t>(level) >= static_cast<std::uint32_t>(since);
}

/// The short name used by DirectML's enumerators and by the case format: "6_4".
constexpr std::string_view name(feature_level level) noexcept {
  switch (level) {
    case feature_level::level_1_0: return "1_0";
    case feature_level::level_2_0: return "2_0";
    case feature_level::level_2_1: return "2_1";
    case feature_level::level_3_0: return "3_0";
    case feature_level::level_3_1: return "3_1";
    case feature_level::level_4_0: return "4_0";
    case feature_level::level_4_1: return "4_1";
    case feature_level::level_5_0: return "5_0";
    case feature_level::level_5_1: return "5_1";
    case feature_level::level_5_2: return "5_2";
    case feature_level::level_6_0: return "6_0";
    case feature_level::level_6_1: return "6_1";
    case feature_level::level_6_2: return "6_2";
    case feature_level::level_6_3: return "6_3";
    case feature_level::level_6_4: return "6_4";
  }
  return "invalid";
}

/// True when value is one of DML_FEATURE_LEVEL's values.
constexpr bool is_known(feature_level level) noexcept {
  for (auto known : all_feature_levels) {
    if (known == level) return true;
  }
  return false;
}

/// Parses "6_4"; returns false (and leaves out untouched) for an unknown name.
constexpr bool feature_level_from_name(std::string_view text, feature_level& out) noexcept {
  for (auto known : all_feature_levels) {
    if (name(known) == text) {
      out = known;
      return true;
    }
  }
  return false;
}

}  // namespace dmlref
