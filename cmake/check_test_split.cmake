# cmake -DTESTS=<dmlref-tests> -DSOURCES="<a.cpp;b.cpp;...>" [-DEMULATOR="<cmd;args>"] -P check_test_split.cmake
# (ctest entry unit.split-covers-all): the unit.<name> entries, one per tests/test_*.cpp
# (doctest --source-file), together select every test case of dmlref-tests, so none is left
# unrun (a TEST_CASE in a header or in main.cpp would be). EMULATOR, where given, runs
# dmlref-tests (a cross-compiled tree's CMAKE_CROSSCOMPILING_EMULATOR).
function(count_cases out)
  execute_process(COMMAND ${EMULATOR} "${TESTS}" --count --no-colors ${ARGN} OUTPUT_VARIABLE text RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0 OR NOT text MATCHES "passing the current filters: ([0-9]+)")
    message(FATAL_ERROR "dmlref-tests --count ${ARGN} failed (${rc}): ${text}")
  endif()
  set(${out} ${CMAKE_MATCH_1} PARENT_SCOPE)
endfunction()
count_cases(total)
set(sum 0)
foreach(src IN LISTS SOURCES)
  get_filename_component(name "${src}" NAME)
  count_cases(n "--source-file=*/tests/${name}")
  math(EXPR sum "${sum} + ${n}")
endforeach()
if(NOT sum EQUAL total)
  message(FATAL_ERROR "the per-source entries select ${sum} test cases, dmlref-tests has ${total}")
endif()
message(STATUS "the per-source entries select all ${total} test cases")
