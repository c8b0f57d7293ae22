# dmlref's libFuzzer targets (DMLREF_BUILD_FUZZERS=ON; Clang only): fuzz/fuzz_<name>.cpp ->
# fuzz_<name>, built with -fsanitize=fuzzer,address,undefined (no recovery), warnings as errors.
# The runtime layer's instantiation (fuzz/runtime_instances.cpp) is compiled once and linked
# into each fuzzer. The golden path's big-integer arithmetic is left without coverage
# instrumentation (fuzz/coverage_ignorelist.txt).
#
# ctest entries (label fuzz-smoke):
#   fuzz.<name>.corpus   replays fuzz/corpus/<name>/ (the committed, minimized corpus: every
#                        past finding stays a test)
#   fuzz.<name>.smoke    runs the fuzzer for DMLREF_FUZZ_SMOKE_SECONDS from that corpus, with
#                        the seed DMLREF_FUZZ_SMOKE_SEED
# Long runs: scripts/fuzz.sh, or the binaries themselves (docs/reliability.md).

if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
  message(FATAL_ERROR "DMLREF_BUILD_FUZZERS needs Clang (libFuzzer), not ${CMAKE_CXX_COMPILER_ID}")
endif()
if(NOT DMLREF_XSIMD_TARGET OR NOT DMLREF_JSON_TARGET)
  message(FATAL_ERROR "DMLREF_BUILD_FUZZERS needs xsimd and nlohmann_json (scripts/install-deps.sh)")
endif()
set(DMLREF_FUZZ_SMOKE_SECONDS 10 CACHE STRING "How long each fuzz.<name>.smoke ctest entry fuzzes")
# A fixed seed: the gate's mutations follow one sequence on every run from a fresh tree (a
# finding reproduces, and a run passes or fails on the code, not on luck);
# 0 asks libFuzzer for a seed of its own (scripts/fuzz.sh's long runs).
set(DMLREF_FUZZ_SMOKE_SEED 1 CACHE STRING "libFuzzer's -seed for the fuzz.<name>.smoke entries (0: random)")

set(_fuzz "${PROJECT_SOURCE_DIR}/fuzz")
set(_fuzz_flags -gline-tables-only -fno-omit-frame-pointer
  -fsanitize=address,undefined -fno-sanitize-recover=all
  "-fsanitize-coverage-ignorelist=${_fuzz}/coverage_ignorelist.txt")
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${_fuzz}/coverage_ignorelist.txt")

# fuzz_settings(<target>): the project's standard and warnings, and the fuzzing flags (not
# DMLREF_SANITIZE's: a fuzzer always has AddressSanitizer and UndefinedBehaviorSanitizer).
function(dmlref_fuzz_settings target)
  dmlref_project_target(${target} COMPILE_ONLY)
  target_compile_options(${target} PRIVATE ${_fuzz_flags} -fsanitize=fuzzer-no-link)
  target_include_directories(${target} PRIVATE "${PROJECT_SOURCE_DIR}/tools/dmlref-eval")
  target_link_libraries(${target} PRIVATE ${DMLREF_LIBS})
endfunction()

# The runtime layer's instantiation: the build tree's own (CMakeLists.txt) when this
# configuration sanitizes with ASan + UBSan like the fuzzers (the clang-asan preset); it then
# gets the coverage instrumentation too. Otherwise one of the fuzzers' own.
if(DMLREF_SANITIZE MATCHES "address" AND DMLREF_SANITIZE MATCHES "undefined")
  set(_fuzz_instances dmlref-runtime-instances)
  target_compile_options(dmlref-runtime-instances PRIVATE -fsanitize=fuzzer-no-link
    "-fsanitize-coverage-ignorelist=${_fuzz}/coverage_ignorelist.txt")
else()
  set(_fuzz_instances dmlref-fuzz-runtime-instances)
  add_library(dmlref-fuzz-runtime-instances OBJECT "${_fuzz}/runtime_instances.cpp")
  dmlref_fuzz_settings(dmlref-fuzz-runtime-instances)
endif()

file(GLOB DMLREF_FUZZ_SOURCES CONFIGURE_DEPENDS "${_fuzz}/fuzz_*.cpp")
foreach(_src IN LISTS DMLREF_FUZZ_SOURCES)
  get_filename_component(_name "${_src}" NAME_WE)    # fuzz_<name>
  string(REGEX REPLACE "^fuzz_" "" _short "${_name}")
  add_executable(${_name} "${_src}" $<TARGET_OBJECTS:${_fuzz_instances}>)
  dmlref_fuzz_settings(${_name})
  target_link_options(${_name} PRIVATE -fsanitize=fuzzer,address,undefined)
  target_compile_options(${_name} PRIVATE -include dmlref/dml/execute_once.hpp)
  set_target_properties(${_name} PROPERTIES RUNTIME_OUTPUT_DIRECTORY "${PROJECT_BINARY_DIR}/fuzz")

  set(_args -timeout=60 -rss_limit_mb=4096 -max_len=2048)
  if(_short STREQUAL "case_reader")
    set(_args -timeout=60 -rss_limit_mb=4096 -max_len=4096 "-dict=${_fuzz}/case_file.dict")
  endif()
  set(_corpus "${_fuzz}/corpus/${_short}")
  set(_work "${PROJECT_BINARY_DIR}/fuzz/work/${_short}")
  set(_env "ASAN_OPTIONS=detect_leaks=1:abort_on_error=1;UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1")
  set(_dirs "${_work}/corpus")
  if(EXISTS "${_corpus}")
    # -runs=0: execute every corpus input once, fuzz nothing.
    add_test(NAME fuzz.${_short}.corpus COMMAND ${_name} -runs=0 ${_args} "${_corpus}")
    set_tests_properties(fuzz.${_short}.corpus PROPERTIES LABELS fuzz-smoke ENVIRONMENT "${_env}")
    list(APPEND _dirs "${_corpus}")
  endif()
  # New inputs go to the first folder (the build tree), never into the committed corpus.
  add_test(NAME fuzz.${_short}.smoke
    COMMAND sh -c "bin=$0 art=$1 work=$2 secs=$3; shift 4; mkdir -p \"$art\" \"$work\" && exec \"$bin\" -max_total_time=$secs -print_final_stats=1 -artifact_prefix=\"$art/\" \"$@\""
      $<TARGET_FILE:${_name}> "${_work}/artifacts" "${_work}/corpus" ${DMLREF_FUZZ_SMOKE_SECONDS}
      -seed=${DMLREF_FUZZ_SMOKE_SEED} ${_args} ${_dirs})
  set_tests_properties(fuzz.${_short}.smoke PROPERTIES LABELS fuzz-smoke TIMEOUT 600 ENVIRONMENT "${_env}")
endforeach()
