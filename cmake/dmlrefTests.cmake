# dmlref's ctest entries (included from CMakeLists.txt when DMLREF_BUILD_TESTS is ON).
#
# Labels (ctest -L LABEL runs one slice, -LE LABEL leaves it out):
#   unit         dmlref-tests, one entry per tests/test_*.cpp (doctest's --source-file filter)
#   conformance  tests/conformance/: the converter's output is committed, dmlref-tests'
#                test_conformance.cpp, dmlref-eval check on every dml/*.json on both paths
#   exhaustive   doctest's "exhaustive" suite (slow; only with DMLREF_EXHAUSTIVE_TESTS)
#   sweep        every FLOAT32 input against independent references (hours on few cores;
#                only with DMLREF_SWEEP_TESTS, never in CI)
#   examples     each example, the Python harness, the bench's list of benchmarks
#   consumers    install, then tests/consumer/ through find_package, pkg-config,
#                add_subdirectory and a Meson subproject
#   flagproof    scripts/flagproof.sh (only with DMLREF_FLAGPROOF_TESTS)
#   fuzz-smoke   each fuzzer replays its committed corpus, then runs briefly (cmake/dmlrefFuzzers.cmake)
#   emulator     a cross-compiled tree's first start of its emulator (Wine makes its prefix),
#                a fixture of every other entry
#
# A cross-compiled tree (the mingw-wine preset: Windows programs run under Wine, which ctest
# puts before an entry whose command is one of the tree's programs: CMAKE_CROSSCOMPILING_EMULATOR)
# adds only the entries that run its own programs, or a script that runs them through that
# emulator. Those that need the host to run the tree's programs itself, or that check the host's
# tools and sources rather than the build (Python and pytest, the consumers' native builds, the
# warning probe's second tree), belong to native trees: _native below.

find_program(DMLREF_PYTHON3 python3 HINTS /usr/bin)  # Debian's, not a pyenv shim
set(_src "${PROJECT_SOURCE_DIR}")
set(_scratch "${PROJECT_BINARY_DIR}/test-scratch")
if(CMAKE_CROSSCOMPILING)
  set(_native OFF)
else()
  set(_native ON)
endif()

# ---- unit: one ctest entry per test source, so that ctest -j spreads them over the cores.
foreach(_test_src IN LISTS DMLREF_TEST_SOURCES)
  get_filename_component(_stem "${_test_src}" NAME_WE)
  string(REGEX REPLACE "^test_" "" _name "${_stem}")
  set(_label unit)
  if(_name STREQUAL "conformance")
    set(_label conformance)
  endif()
  add_test(NAME ${_label}.${_name}
    COMMAND dmlref-tests "--source-file=*/tests/${_stem}.cpp" --test-suite-exclude=exhaustive --no-colors)
  set_tests_properties(${_label}.${_name} PROPERTIES LABELS ${_label})
endforeach()
add_test(NAME unit.split-covers-all
  COMMAND "${CMAKE_COMMAND}" -DTESTS=$<TARGET_FILE:dmlref-tests> "-DSOURCES=${DMLREF_TEST_SOURCES}"
    "-DEMULATOR=${CMAKE_CROSSCOMPILING_EMULATOR}"
    -P "${_src}/cmake/check_test_split.cmake")
set_tests_properties(unit.split-covers-all PROPERTIES LABELS unit)
if(DMLREF_EXHAUSTIVE_TESTS)
  add_test(NAME exhaustive COMMAND dmlref-tests --test-suite=exhaustive --no-colors)
  set_tests_properties(exhaustive PROPERTIES LABELS exhaustive TIMEOUT 3600)
endif()
# EXP, LOG, TANH, SIGMOID, SINH, COSH, ASINH, ACOSH and ATANH against LLVM's C library and MPFR,
# and the composite activations (ELU, CELU, SCALED_ELU, SOFTPLUS, PARAMETRIC_SOFTPLUS,
# SCALED_TANH, SWISH at fixed attributes) against a long double candidate and MPFR: every 4093rd FLOAT32 input (a prime
# stride reaches every residue of the low bits) and every FLOAT16 input by default; all 2^32
# FLOAT32 inputs under the sweep label, with DMLREF_SWEEP_TESTS (EXP to SIGMOID: about 4 minutes
# on 16 cores, half an hour on 2, most of it SIGMOID's MPFR; the others not yet timed: never
# part of CI; the records are in docs/reliability.md).
option(DMLREF_SWEEP_TESTS "Add the ctest entries of label sweep: every FLOAT32 input (many cores)" OFF)
if(TARGET dmlref-exp-log-sweep)
  add_test(NAME unit.exp-log-sweep-sampled COMMAND dmlref-exp-log-sweep --stride 4093 --threads 2)
  set_tests_properties(unit.exp-log-sweep-sampled PROPERTIES LABELS unit)
  if(DMLREF_SWEEP_TESTS)
    add_test(NAME sweep.exp-log COMMAND dmlref-exp-log-sweep --threads 0)
    set_tests_properties(sweep.exp-log PROPERTIES LABELS sweep TIMEOUT 7200)
  endif()
endif()
if(TARGET dmlref-trig-sweep)
  add_test(NAME unit.trig-sweep-sampled COMMAND dmlref-trig-sweep --stride 4093 --threads 2)
  set_tests_properties(unit.trig-sweep-sampled PROPERTIES LABELS unit)
  if(DMLREF_SWEEP_TESTS)
    add_test(NAME sweep.trig COMMAND dmlref-trig-sweep --threads 0)
    set_tests_properties(sweep.trig PROPERTIES LABELS sweep TIMEOUT 7200)
  endif()
endif()

# ---- conformance: the committed case files, and dmlref-eval check over them.
# A case file whose operator this build does not implement yet is not a failure: dmlref-eval
# refuses its cases as "not implemented in this version", and ctest reports the check as
# skipped (test_conformance.cpp skips the same cases one by one). When the operator arrives,
# its vectors run with no edit here.
if(TARGET dmlref-eval)
  if(DMLREF_PYTHON3 AND _native)
    # The converter takes the schema's tensor and attribute names from dmlref-eval describe.
    add_test(NAME conformance.regenerates
      COMMAND "${DMLREF_PYTHON3}" "${_src}/tools/conformance/webnn_to_dml.py" --check
        --eval $<TARGET_FILE:dmlref-eval> "${_src}/tests/conformance/webnn" "${_src}/tests/conformance/dml")
    set_tests_properties(conformance.regenerates PROPERTIES LABELS conformance)
    # The expected values that are not exactly rounded, recomputed in exact arithmetic.
    add_test(NAME conformance.rounding-errors
      COMMAND "${DMLREF_PYTHON3}" "${_src}/tools/conformance/rounding_errors.py" --check
        "${_src}/tests/conformance/dml" "${_src}/tests/conformance/rounding_errors.json")
    set_tests_properties(conformance.rounding-errors PROPERTIES LABELS conformance)
  endif()
  file(GLOB _cases CONFIGURE_DEPENDS "${_src}/tests/conformance/dml/*.json")
  foreach(_case IN LISTS _cases)
    get_filename_component(_case_name "${_case}" NAME_WE)
    foreach(_path golden fast)
      set(_t conformance.eval.${_case_name}.${_path})
      add_test(NAME ${_t} COMMAND dmlref-eval check "${_case}" --path ${_path})
      set_tests_properties(${_t} PROPERTIES LABELS conformance
        SKIP_REGULAR_EXPRESSION "is not implemented in this version of dmlref")
    endforeach()
  endforeach()
  # A compare that finds mismatches exits 1 and names the NaN mismatches in its summary (the
  # sample GPU output returns NaN where pow gives a number). The summary file comes first;
  # the rest is dmlref-eval's command line, behind the emulator of a cross-compiled tree.
  add_test(NAME conformance.eval.compare-names-nan
    COMMAND sh -c "out=$1; shift; mkdir -p \"$(dirname \"$out\")\"; \"$@\" > \"$out\"; rc=$?; cat \"$out\"; [ $rc -eq 1 ] && grep -q '^FAIL .* NaN mismatched, worst elsewhere [0-9]* ULP)' \"$out\""
      sh "${_scratch}/compare-summary.txt" ${CMAKE_CROSSCOMPILING_EMULATOR} $<TARGET_FILE:dmlref-eval> compare
      "${_src}/examples/cases/pow_sample.json" "${_src}/examples/cases/pow_sample_gpu_output.json")
  set_tests_properties(conformance.eval.compare-names-nan PROPERTIES LABELS conformance)
endif()

# ---- isa: the fast kernels dmlref-eval chose for this CPU, every variant built in (DMLREF_RUNTIME_ISAS)
# on every generated case, and AVX instructions only in the variants' own functions.
if(TARGET dmlref-eval AND DMLREF_PYTHON3 AND _native)
  add_test(NAME isa.dispatch
    COMMAND "${DMLREF_PYTHON3}" "${_src}/tests/isa/check_dispatch.py" $<TARGET_FILE:dmlref-eval>)
  set_tests_properties(isa.dispatch PROPERTIES LABELS isa)
endif()

# ---- tools: dmlref-eval as a user meets it (tests/tools/, pytest with numpy: its command line,
# .npy files numpy writes, reports, generate, and the message of each bad input).
if(TARGET dmlref-eval AND DMLREF_PYTHON3 AND _native)
  execute_process(COMMAND "${DMLREF_PYTHON3}" -c "import pytest, numpy"
                  RESULT_VARIABLE _dmlref_pytest_missing OUTPUT_QUIET ERROR_QUIET)
  if(NOT _dmlref_pytest_missing)
    add_test(NAME tools.dmlref-eval
      COMMAND "${DMLREF_PYTHON3}" -m pytest -q -p no:cacheprovider "${_src}/tests/tools")
    set_tests_properties(tools.dmlref-eval PROPERTIES LABELS tools
      ENVIRONMENT "DMLREF_EVAL=$<TARGET_FILE:dmlref-eval>")
  else()
    message(STATUS "dmlref: ${DMLREF_PYTHON3} lacks pytest or numpy: dmlref-eval's CLI tests are not added")
  endif()
endif()

# ---- the fuzzing dictionary and the docs' tables are written from the registry
# (tools/write_generated.py over dmlref-eval describe); a committed copy that differs fails.
if(TARGET dmlref-eval AND DMLREF_PYTHON3 AND _native)
  add_test(NAME tools.fuzz-dictionary-current
    COMMAND "${DMLREF_PYTHON3}" "${_src}/tools/write_generated.py" --eval $<TARGET_FILE:dmlref-eval> --check
      "${_src}/fuzz/case_file.dict")
  add_test(NAME tools.docs-tables-current
    COMMAND "${DMLREF_PYTHON3}" "${_src}/tools/write_generated.py" --eval $<TARGET_FILE:dmlref-eval> --check
      "${_src}/README.md" "${_src}/docs/semantics.md" "${_src}/docs/case-format.md")
  set_tests_properties(tools.fuzz-dictionary-current tools.docs-tables-current PROPERTIES LABELS tools)
endif()

# ---- tools.warnings-as-errors: warnings are errors in the presets' trees only (their
# CMAKE_COMPILE_WARNING_AS_ERROR), never in a tree configured without one (cmake/check_warnings_as_errors.cmake).
if(TARGET dmlref-warning-probe AND _native)
  if(CMAKE_COMPILE_WARNING_AS_ERROR)
    set(_werror ON)
  else()
    set(_werror OFF)
  endif()
  add_test(NAME tools.warnings-as-errors
    COMMAND "${CMAKE_COMMAND}" "-DBUILD_DIR=${PROJECT_BINARY_DIR}" -DEXPECT_ERROR=${_werror}
      "-DSOURCE_DIR=${_src}" "-DSCRATCH=${_scratch}/no-preset" "-DCXX=${CMAKE_CXX_COMPILER}"
      "-DGENERATOR=${CMAKE_GENERATOR}" -P "${_src}/cmake/check_warnings_as_errors.cmake")
  # It runs the build tool in this tree: never beside another test that does.
  set_tests_properties(tools.warnings-as-errors PROPERTIES LABELS tools RESOURCE_LOCK build-tree)
endif()

# ---- docs: every code block of README.md and docs/*.md runs (tests/docs/run_code_blocks.py
# says how each language is run); the Python blocks need the module.
if(TARGET dmlref-eval AND TARGET dmlref-python AND DMLREF_PYTHON3)
  file(GLOB _docs CONFIGURE_DEPENDS "${_src}/docs/*.md")
  add_test(NAME docs.code-blocks
    COMMAND "${Python_EXECUTABLE}" "${_src}/tests/docs/run_code_blocks.py" --eval $<TARGET_FILE:dmlref-eval>
      --cxx "${CMAKE_CXX_COMPILER}" --module-dir "${PROJECT_BINARY_DIR}/python" "${_src}/README.md" ${_docs})
  set_tests_properties(docs.code-blocks PROPERTIES LABELS docs)
endif()

# ---- examples: each one runs (examples/gpu/ only where it was built, i.e. where a GPU is).
foreach(_ex IN LISTS DMLREF_EXAMPLE_SOURCES)
  get_filename_component(_name "${_ex}" NAME_WE)
  if(TARGET dmlref-example-${_name})
    add_test(NAME examples.${_name} COMMAND dmlref-example-${_name})
    set_tests_properties(examples.${_name} PROPERTIES LABELS examples)
  endif()
endforeach()
if(TARGET dmlref-gpu-crosscheck)
  add_test(NAME examples.gpu_crosscheck COMMAND dmlref-gpu-crosscheck)
  set_tests_properties(examples.gpu_crosscheck PROPERTIES LABELS examples)
endif()
if(TARGET dmlref-eval AND DMLREF_PYTHON3 AND _native)
  file(GLOB _py_examples CONFIGURE_DEPENDS "${_src}/examples/*.py")
  foreach(_py IN LISTS _py_examples)
    get_filename_component(_name "${_py}" NAME_WE)
    file(STRINGS "${_py}" _uses_module REGEX "^ *import dmlref")
    if(_uses_module AND NOT TARGET dmlref-python)
      continue()  # an example of the Python module, which this build does not have
    endif()
    add_test(NAME examples.${_name}.py COMMAND "${DMLREF_PYTHON3}" "${_py}" $<TARGET_FILE:dmlref-eval>)
    set_tests_properties(examples.${_name}.py PROPERTIES LABELS examples)
  endforeach()
endif()
if(TARGET dmlref-bench)
  add_test(NAME examples.bench-list COMMAND dmlref-bench --benchmark_list_tests)
  set_tests_properties(examples.bench-list PROPERTIES LABELS examples)
endif()

# ---- consumers: install this tree, then build and run tests/consumer/ against it (native
# trees: the consumers are built for the host).
if(_native)
  set(_consumer "${_src}/tests/consumer")
  set(_prefix "${_scratch}/install-cmake")
  set(_cxx "-DCMAKE_CXX_COMPILER=${CMAKE_CXX_COMPILER}")
  add_test(NAME consumers.install
    COMMAND "${CMAKE_COMMAND}" -DBUILD_DIR=${PROJECT_BINARY_DIR} -DPREFIX=${_prefix} -DSOURCE_DIR=${_src}
      -P "${_src}/cmake/check_install.cmake")
  add_test(NAME consumers.find_package
    COMMAND sh -c "rm -rf \"$1\" && \"$0\" -S \"$2/find_package\" -B \"$1\" -G Ninja -DCMAKE_BUILD_TYPE=Release \"$3\" -DCMAKE_PREFIX_PATH=\"$4\" && \"$0\" --build \"$1\" && for e in consumer consumer-simd consumer-io; do if [ -x \"$1/$e\" ]; then \"$1/$e\" || exit 1; fi; done"
      "${CMAKE_COMMAND}" "${_scratch}/consumer-find-package" "${_consumer}" "${_cxx}" "${_prefix}")
  add_test(NAME consumers.pkg-config
    COMMAND sh -c "export PKG_CONFIG_PATH=\"$1/share/pkgconfig\"; pkg-config --exists --print-errors dmlref && mkdir -p \"$2\" && \"$0\" -std=c++17 -Wall -Wextra -Wpedantic -Werror $(pkg-config --cflags dmlref) -DDMLREF_EXPECTED_VERSION=\"\\\"$(pkg-config --modversion dmlref)\\\"\" \"$3/main.cpp\" $(pkg-config --libs dmlref) -o \"$2/consumer\" && \"$2/consumer\""
      "${CMAKE_CXX_COMPILER}" "${_prefix}" "${_scratch}/consumer-pkg-config" "${_consumer}")
  add_test(NAME consumers.add_subdirectory
    COMMAND sh -c "rm -rf \"$1\" && \"$0\" -S \"$2/add_subdirectory\" -B \"$1\" -G Ninja -DCMAKE_BUILD_TYPE=Release \"$3\" -DDMLREF_SOURCE_DIR=\"$4\" && \"$0\" --build \"$1\" && \"$1/consumer\" && for f in dmlref-tests dmlref-bench dmlref-eval dmlref-header-link-check examples; do if [ -e \"$1/dmlref/$f\" ]; then echo \"dmlref built $f as a subproject\"; exit 1; fi; done"
      "${CMAKE_COMMAND}" "${_scratch}/consumer-add-subdirectory" "${_consumer}" "${_cxx}" "${_src}")
  set_tests_properties(consumers.install PROPERTIES FIXTURES_SETUP dmlref-install)
  set_tests_properties(consumers.find_package consumers.pkg-config PROPERTIES FIXTURES_REQUIRED dmlref-install)
  set(_consumer_tests consumers.install consumers.find_package consumers.pkg-config consumers.add_subdirectory)
  find_program(DMLREF_MESON meson)
  if(DMLREF_MESON)
    # Meson's install (headers and the .pc file only: nothing is compiled) and pkg-config on it;
    # dmlref as a Meson subproject of the consumer, in a scratch folder with dmlref linked in.
    set(_mprefix "${_scratch}/install-meson")
    add_test(NAME consumers.meson-install
      COMMAND sh -c "rm -rf \"$1\" \"$2\" && \"$0\" setup \"$1\" \"$3\" --prefix \"$2\" -Dtests=disabled -Dtools=disabled -Dexamples=disabled -Dbench=disabled && \"$0\" install -C \"$1\" --quiet && PKG_CONFIG_PATH=\"$2/share/pkgconfig\" pkg-config --cflags dmlref > \"$1/cflags\" && PKG_CONFIG_PATH=\"$2/share/pkgconfig\" pkg-config --libs dmlref > \"$1/libs\" && mkdir -p \"$1/consumer\" && \"$4\" -std=c++17 -Wall -Wextra -Wpedantic -Werror $(cat \"$1/cflags\") -DDMLREF_EXPECTED_VERSION=\"\\\"$(PKG_CONFIG_PATH=\"$2/share/pkgconfig\" pkg-config --modversion dmlref)\\\"\" \"$5/main.cpp\" $(cat \"$1/libs\") -o \"$1/consumer/consumer\" && \"$1/consumer/consumer\""
        "${DMLREF_MESON}" "${_scratch}/meson-install-build" "${_mprefix}" "${_src}" "${CMAKE_CXX_COMPILER}" "${_consumer}")
    add_test(NAME consumers.meson-subproject
      COMMAND sh -c "rm -rf \"$1\" && mkdir -p \"$1/src/subprojects\" && cp \"$2/meson_subproject/meson.build\" \"$2/main.cpp\" \"$1/src/\" && ln -s \"$3\" \"$1/src/subprojects/dmlref\" && CXX=\"$4\" \"$0\" setup \"$1/build\" \"$1/src\" && \"$0\" compile -C \"$1/build\" && \"$1/build/consumer\" && if \"$0\" introspect --targets \"$1/build\" | grep -q '\"name\": \"dmlref-tests\"'; then echo 'dmlref built its tests as a subproject'; exit 1; fi"
        "${DMLREF_MESON}" "${_scratch}/consumer-meson-subproject" "${_consumer}" "${_src}" "${CMAKE_CXX_COMPILER}")
    list(APPEND _consumer_tests consumers.meson-install consumers.meson-subproject)
  endif()
  set_tests_properties(${_consumer_tests} PROPERTIES LABELS consumers)
endif()

# ---- flagproof: golden's bits under every flag set and floating-point environment (slow:
# twelve optimised builds of tests/flagproof/flagproof.cpp).
option(DMLREF_FLAGPROOF_TESTS "Add the ctest entry flagproof (scripts/flagproof.sh)" OFF)
if(DMLREF_FLAGPROOF_TESTS AND _native)
  add_test(NAME flagproof COMMAND bash "${_src}/scripts/flagproof.sh")
  set_tests_properties(flagproof PROPERTIES LABELS flagproof TIMEOUT 1800
    ENVIRONMENT "DMLREF_FLAGPROOF_DIR=${_scratch}/flagproof")
endif()

# ---- emulator: a cross-compiled tree's programs run under CMAKE_CROSSCOMPILING_EMULATOR. Its
# first start (Wine: making the prefix, tens of seconds) is one entry that every other entry
# waits for, so that no two first starts race and no test's time includes it.
if(CMAKE_CROSSCOMPILING_EMULATOR)
  add_test(NAME emulator.start COMMAND dmlref-tests --count --no-colors)
  set_tests_properties(emulator.start PROPERTIES LABELS emulator FIXTURES_SETUP dmlref-emulator)
  get_property(_all_tests DIRECTORY PROPERTY TESTS)
  list(REMOVE_ITEM _all_tests emulator.start)
  set_tests_properties(${_all_tests} PROPERTIES FIXTURES_REQUIRED dmlref-emulator)
endif()
