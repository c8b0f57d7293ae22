# cmake -P check_warnings_as_errors.cmake: the test tools.warnings-as-errors.
#   -DBUILD_DIR=<this build tree> -DEXPECT_ERROR=<ON|OFF: this tree's CMAKE_COMPILE_WARNING_AS_ERROR>
#   -DSOURCE_DIR=<dmlref> -DSCRATCH=<a folder of its own> -DCXX=<compiler> -DGENERATOR=<generator>
# 1. In this tree, dmlref-warning-probe (one -Wshadow warning) fails to build exactly when the
#    tree treats warnings as errors (the presets), and warns otherwise.
# 2. In a tree configured without a preset (nothing but the compiler and the generator named:
#    what a user's own `cmake -S . -B build` gives), it builds, with the warning shown.
function(build_probe dir out_rc out_log)
  file(REMOVE_RECURSE "${dir}/CMakeFiles/dmlref-warning-probe.dir")  # rebuild it every time
  execute_process(COMMAND "${CMAKE_COMMAND}" --build "${dir}" --target dmlref-warning-probe
    RESULT_VARIABLE rc OUTPUT_VARIABLE log ERROR_VARIABLE log)
  set(${out_rc} ${rc} PARENT_SCOPE)
  set(${out_log} "${log}" PARENT_SCOPE)
endfunction()

build_probe("${BUILD_DIR}" rc log)
if(NOT log MATCHES "Wshadow")
  message(FATAL_ERROR "this tree: the probe's -Wshadow warning was not reported:\n${log}")
endif()
if(EXPECT_ERROR AND rc EQUAL 0)
  message(FATAL_ERROR "this tree treats warnings as errors, yet the probe built:\n${log}")
elseif(NOT EXPECT_ERROR AND NOT rc EQUAL 0)
  message(FATAL_ERROR "this tree does not treat warnings as errors, yet the probe failed:\n${log}")
endif()
message(STATUS "this tree (warnings as errors: ${EXPECT_ERROR}): as expected")

file(REMOVE_RECURSE "${SCRATCH}")
execute_process(COMMAND "${CMAKE_COMMAND}" -S "${SOURCE_DIR}" -B "${SCRATCH}" -G "${GENERATOR}"
    "-DCMAKE_CXX_COMPILER=${CXX}" -DDMLREF_BUILD_TESTS=OFF -DDMLREF_BUILD_TOOLS=OFF
    -DDMLREF_BUILD_EXAMPLES=OFF -DDMLREF_BUILD_BENCH=OFF -DDMLREF_BUILD_PYTHON=OFF -DDMLREF_INSTALL=OFF
  RESULT_VARIABLE rc OUTPUT_VARIABLE log ERROR_VARIABLE log)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "configuring without a preset failed:\n${log}")
endif()
build_probe("${SCRATCH}" rc log)
if(NOT rc EQUAL 0 OR NOT log MATCHES "Wshadow")
  message(FATAL_ERROR "without a preset the probe must build with its warning shown (rc ${rc}):\n${log}")
endif()
message(STATUS "without a preset: the warning is reported and the build goes on")
