# Included right after project() by the toolchain mingw-w64.cmake (CMAKE_PROJECT_INCLUDE).
#
# Contract: defines the imported targets of Debian's header-only xsimd, doctest, nlohmann_json
# and CLI11 (their own CMake packages, found outside the cross compiler's find root) for the
# Windows build, each with one include directory, <build tree>/mingw-w64-host-headers, that
# holds links to those four libraries' headers only. The packages' own /usr/include would put
# glibc's headers before MinGW-w64's. A library that is not installed stays absent, as in a
# native build (the parts needing it are skipped or reported by CMakeLists.txt).
set(_dmlref_hh "${CMAKE_BINARY_DIR}/mingw-w64-host-headers")
file(MAKE_DIRECTORY "${_dmlref_hh}")
foreach(_dmlref_dir IN ITEMS xsimd doctest nlohmann CLI)
  if(IS_DIRECTORY "/usr/include/${_dmlref_dir}" AND NOT EXISTS "${_dmlref_hh}/${_dmlref_dir}")
    file(CREATE_LINK "/usr/include/${_dmlref_dir}" "${_dmlref_hh}/${_dmlref_dir}" SYMBOLIC)
  endif()
endforeach()
foreach(_dmlref_pair IN ITEMS "xsimd|xsimd" "doctest|doctest::doctest"
                              "nlohmann_json|nlohmann_json::nlohmann_json" "CLI11|CLI11::CLI11")
  string(REPLACE "|" ";" _dmlref_pair "${_dmlref_pair}")
  list(GET _dmlref_pair 0 _dmlref_package)
  list(GET _dmlref_pair 1 _dmlref_target)
  # Debian puts xsimd's package under the host's multiarch folder.
  find_package(${_dmlref_package} CONFIG QUIET NO_CMAKE_FIND_ROOT_PATH
    PATHS "/usr/lib/${CMAKE_HOST_SYSTEM_PROCESSOR}-linux-gnu/cmake")
  if(TARGET ${_dmlref_target})
    set_property(TARGET ${_dmlref_target} PROPERTY INTERFACE_INCLUDE_DIRECTORIES "${_dmlref_hh}")
  endif()
endforeach()
unset(_dmlref_hh)
unset(_dmlref_pair)
unset(_dmlref_package)
unset(_dmlref_target)
