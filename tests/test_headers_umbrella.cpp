// The umbrella header alone brings in the core types, and compiles warning-free under the
// test flags. Expected values are DirectML's enumerator values as listed in SEMANTICS.md
// (DML_TENSOR_DATA_TYPE, DML_FEATURE_LEVEL), not read back from the library.

#include "dmlref/dmlref.hpp"

#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>

TEST_CASE("umbrella header: version") {
  CHECK(std::string(dmlref::version_string) ==
        std::to_string(DMLREF_VERSION_MAJOR) + "." + std::to_string(DMLREF_VERSION_MINOR) + "." +
            std::to_string(DMLREF_VERSION_PATCH));
}

TEST_CASE("umbrella header: the core types are visible") {
  static_assert(std::is_trivially_copyable_v<dmlref::float16>);
  static_assert(std::is_class_v<dmlref::tensor_desc>);
  static_assert(std::is_class_v<dmlref::status>);
  static_assert(dmlref::is_path_v<dmlref::golden_path>);
  static_assert(dmlref::is_path_v<dmlref::fast_path>);
  CHECK(dmlref::status().ok());
  CHECK(dmlref::tolerance::ulp(32).max_ulps() == 32);
  CHECK(dmlref::tolerance::exact().max_ulps() == 0);
}

TEST_CASE("umbrella header: DirectML's enumerator values") {
  using dt = dmlref::data_type;
  const std::pair<dt, std::uint32_t> types[] = {
      {dt::unknown, 0}, {dt::float32, 1}, {dt::float16, 2}, {dt::uint32, 3}, {dt::uint16, 4},
      {dt::uint8, 5},   {dt::int32, 6},   {dt::int16, 7},   {dt::int8, 8},    {dt::float64, 9},
      {dt::uint64, 10}, {dt::int64, 11},  {dt::uint4, 12},  {dt::int4, 13}};
  for (const auto& [type, value] : types) {
    CHECK(static_cast<std::uint32_t>(type) == value);
  }
  const std::size_t sizes[] = {0, 4, 2, 4, 2, 1, 4, 2, 1, 8, 8, 8, 0, 0};
  for (std::uint32_t v = 0; v < 14; ++v) {
    CAPTURE(v);
    CHECK(dmlref::element_size(static_cast<dt>(v)) == sizes[v]);
  }
  CHECK(dmlref::name(dt::float16) == "FLOAT16");
  CHECK(dmlref::data_type_from_name("UINT8") == dt::uint8);
  CHECK(dmlref::data_type_from_name("FLOAT128") == dt::unknown);
  using fl = dmlref::feature_level;
  CHECK(static_cast<std::uint32_t>(fl::level_1_0) == 0x1000);
  CHECK(static_cast<std::uint32_t>(fl::level_3_0) == 0x3000);
  CHECK(static_cast<std::uint32_t>(fl::level_6_2) == 0x6200);
  CHECK(static_cast<std::uint32_t>(fl::level_6_4) == 0x6400);
  CHECK(dmlref::at_least(fl::level_4_1, fl::level_2_1));
  CHECK_FALSE(dmlref::at_least(fl::level_2_0, fl::level_2_1));
}
