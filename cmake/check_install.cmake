# cmake -DBUILD_DIR=<build> -DPREFIX=<prefix> -DSOURCE_DIR=<source> -P check_install.cmake:
# installs BUILD_DIR into PREFIX (afresh), then checks the package files and that every public
# header under SOURCE_DIR/include was installed (ctest entry consumers.install).
file(REMOVE_RECURSE "${PREFIX}")
execute_process(COMMAND "${CMAKE_COMMAND}" --install "${BUILD_DIR}" --prefix "${PREFIX}"
  RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "cmake --install failed (${rc})")
endif()
foreach(f share/cmake/dmlref/dmlrefConfig.cmake share/cmake/dmlref/dmlrefConfigVersion.cmake
          share/cmake/dmlref/dmlrefTargets.cmake share/cmake/dmlref/dmlrefDependencies.cmake
          share/pkgconfig/dmlref.pc include/dmlref/version.hpp)
  if(NOT EXISTS "${PREFIX}/${f}")
    message(FATAL_ERROR "missing in the install: ${f}")
  endif()
endforeach()
file(GLOB_RECURSE source_headers RELATIVE "${SOURCE_DIR}/include" "${SOURCE_DIR}/include/dmlref/*.hpp")
file(GLOB_RECURSE installed RELATIVE "${PREFIX}/include" "${PREFIX}/include/dmlref/*.hpp")
list(SORT source_headers)
list(SORT installed)
if(NOT source_headers STREQUAL installed)
  message(FATAL_ERROR "installed headers differ from include/:\n${source_headers}\n${installed}")
endif()
list(LENGTH installed n)
message(STATUS "installed ${n} headers and the package files into ${PREFIX}")
