# Shared by dmlref's CMakeLists.txt and its installed dmlrefConfig.cmake: the optional
# third-party libraries some public headers need. dmlref::dmlref itself needs none of them.
#
#   include/dmlref/simd/  xsimd          -> dmlref::simd (+ DMLREF_HAVE_XSIMD=1)
#   include/dmlref/io/    nlohmann_json  -> dmlref::io
#
# dmlref_find_optional_dependencies(): looks for both quietly and sets
#   DMLREF_XSIMD_TARGET  xsimd, or "" when absent
#   DMLREF_JSON_TARGET   nlohmann_json::nlohmann_json, or "" when absent
macro(dmlref_find_optional_dependencies)
  set(DMLREF_XSIMD_TARGET "")
  if(NOT TARGET xsimd)
    find_package(xsimd QUIET)
  endif()
  if(TARGET xsimd)
    # Debian's xsimd 8.1 exports a target that links a target named `xtl` without finding xtl
    # (needed only with XSIMD_ENABLE_XTL_COMPLEX). Find xtl if it is there, and otherwise
    # stand in an empty `xtl` target so that linking xsimd does not become `-lxtl`.
    get_target_property(_dmlref_xsimd_links xsimd INTERFACE_LINK_LIBRARIES)
    if(_dmlref_xsimd_links AND "xtl" IN_LIST _dmlref_xsimd_links AND NOT TARGET xtl)
      find_package(xtl QUIET)
      if(NOT TARGET xtl)
        add_library(xtl INTERFACE IMPORTED)
      endif()
    endif()
    unset(_dmlref_xsimd_links)
    set(DMLREF_XSIMD_TARGET xsimd)
  endif()

  set(DMLREF_JSON_TARGET "")
  if(NOT TARGET nlohmann_json::nlohmann_json)
    find_package(nlohmann_json 3 QUIET)
  endif()
  if(TARGET nlohmann_json::nlohmann_json)
    set(DMLREF_JSON_TARGET nlohmann_json::nlohmann_json)
  endif()
endmacro()
