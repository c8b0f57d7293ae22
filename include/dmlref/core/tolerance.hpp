#pragma once
// dmlref::tolerance: how far an actual element may be from the golden one. ULP distance is
// counted in the output's own type (FLOAT16 as FLOAT16); "exact" is 0 ULP for floats and
// equality for integers. Each operator header declares its defaults as constants.

#include <cstdint>

namespace dmlref {

struct tolerance {
  enum class metric : std::uint8_t { exact, ulp };
  metric kind = metric::exact;
  std::uint64_t ulps = 0;

  static constexpr tolerance exact() noexcept { return {metric::exact, 0}; }
  static constexpr tolerance ulp(std::uint64_t n) noexcept { return {metric::ulp, n}; }
  constexpr std::uint64_t max_ulps() const noexcept { return kind == metric::exact ? 0 : ulps; }
};

}  // namespace dmlref
