#pragma once
// dmlref's version, as one macro per part and one string.

#define DMLREF_VERSION_MAJOR 0
#define DMLREF_VERSION_MINOR 1
#define DMLREF_VERSION_PATCH 0
#define DMLREF_VERSION_STRING "0.1.0"

namespace dmlref {
inline constexpr const char* version_string = DMLREF_VERSION_STRING;
}  // namespace dmlref
