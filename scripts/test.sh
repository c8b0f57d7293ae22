#!/usr/bin/env bash
# scripts/test.sh: dmlref's whole check, from a clean clone (CI runs it through .ci/run).
#
#   1. install missing Debian packages (scripts/install-deps.sh)
#   2. CMake matrix, Ninja:
#        gcc-c++17    Release (-O3, -march=native), every target; dmlref-tests, the "exhaustive" suite, ctest,
#                     each example, the bench's list of benchmarks
#        clang-c++20  every target, -march=native, AddressSanitizer + UndefinedBehaviorSanitizer at -O1 with
#                     assertions on (the bench unsanitized); dmlref-tests, each example
#        gcc-c++20 (SSE2 kernels), clang-c++17 (AVX2 + FMA + F16C kernels)
#                     tests and header checks at -O1; dmlref-tests
#                     (both skipped with DMLREF_MATRIX=quick)
#   3. Meson (default compiler, Meson's default debug build, so assert() is live), the tests
#      only, + meson test
#   4. install (cmake --install, meson install) to prefixes under build/, then the consumers in
#      tests/consumer/: find_package, pkg-config (both installs), add_subdirectory, Meson subproject
#   5. the conformance data: tests/conformance/dml/ is exactly what
#      tools/conformance/webnn_to_dml.py writes from tests/conformance/webnn/; then
#      dmlref-eval check --path golden|fast on each tests/conformance/dml/*.json whose operator
#      this build has (the others are listed as skipped)
#   6. scripts/flagproof.sh (golden's bits under every flag set) and scripts/fuzz.sh (each
#      libFuzzer target built and run briefly)
#
# Every build, install, consumer, ctest, meson test, dmlref-eval check and the conformance data
# check count as one test each; each doctest run adds its own test-case counts. A failure does
# not stop the run. The last line is exactly "N passed, N failed"; the exit status is non-zero
# when anything failed.
#
# Environment:
#   DMLREF_JOBS=2            parallel build jobs
#   DMLREF_MATRIX=full       "quick": only gcc-c++17 and clang-c++20 in step 2
#   DMLREF_INCREMENTAL=0     1: keep build/<config>/ between runs (timings then are not clean)
#   DMLREF_SKIP_DEPS=0       1: do not run install-deps.sh
#   DMLREF_FUZZ_SECONDS=10   how long each fuzzer runs
set -uo pipefail  # not -e: every step runs, failures are counted

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT" || exit 1
JOBS=${DMLREF_JOBS:-2}
MATRIX=${DMLREF_MATRIX:-full}
BUILD=$ROOT/build
LOGS=$BUILD/logs
export CI=${CI:-}
export CTEST_OUTPUT_ON_FAILURE=1
export CMAKE_GENERATOR=Ninja
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0:strict_string_checks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
mkdir -p "$LOGS"

passed=0
failed=0
summary=()
t_start=$(date +%s)

now() { date +%s.%N; }
# CPU seconds (user + system) used so far by finished child processes: on a machine shared with
# other work the wall time of a build says little, its CPU time much more.
# `times` runs in this shell (not in a $(...) subshell, which would see only its own children).
child_cpu() {
  times >"$LOGS/.times"
  CHILD_CPU=$(tail -n 1 "$LOGS/.times" |
    awk '{ t = 0; for (i = 1; i <= 2; i++) { split($i, a, /[ms]/); t += a[1] * 60 + a[2] } printf "%.1f", t }')
}
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.0f", b - a }'; }

# record STATUS NAME [DETAIL]: count one test.
record() {
  local status=$1 name=$2 detail=${3:-}
  if [ "$status" -eq 0 ]; then
    passed=$((passed + 1)); summary+=("PASS  $name${detail:+  ($detail)}")
  else
    failed=$((failed + 1)); summary+=("FAIL  $name${detail:+  ($detail)}")
  fi
}

# show_log LOG: the part of a failed step's log worth reading in CI output.
show_log() {
  local log=$1
  echo "---- $log (errors, then the last lines) ----"
  grep -nE 'FAILED:|error:|Error|failed|ERROR|runtime error|Sanitizer' "$log" | head -n 60
  echo "----"
  tail -n 40 "$log"
  echo "---- end of $log ----"
}

# run_logged NAME CMD...: run CMD, output to build/logs/NAME.log; sets LAST_RC, LAST_SECS,
# LAST_CPU (CPU seconds of the command and its children).
run_logged() {
  local name=$1; shift
  local log="$LOGS/$name.log" t0 c0
  t0=$(now); child_cpu; c0=$CHILD_CPU
  { echo "\$ $*"; "$@"; } </dev/null >"$log" 2>&1
  LAST_RC=$?
  LAST_SECS=$(secs "$t0" "$(now)")
  child_cpu
  LAST_CPU=$(awk -v a="$c0" -v b="$CHILD_CPU" 'BEGIN { printf "%.0f", b - a }')
  LAST_LOG=$log
}

# step NAME CMD...: one test.
step() {
  local name=$1; shift
  run_logged "$name" "$@"
  record "$LAST_RC" "$name" "${LAST_SECS} s"
  if [ "$LAST_RC" -eq 0 ]; then
    echo "ok    $name: ${LAST_SECS} s"
  else
    echo "FAIL  $name: ${LAST_SECS} s (exit $LAST_RC)"; show_log "$LAST_LOG"
  fi
  return "$LAST_RC"
}

# doctest_run NAME BINARY ARGS...: adds doctest's own test-case counts. A run that fails
# without a failed test case (a crash, a sanitizer report, no summary) counts one failure more.
doctest_run() {
  local name=$1 bin=$2; shift 2
  if [ ! -x "$bin" ]; then
    echo "FAIL  $name: $bin was not built"
    record 1 "$name" "not built"
    return 1
  fi
  run_logged "$name" "$bin" --no-colors "$@"
  local line n=0 p=0 f=0
  line=$(grep -E '^\[doctest\] test cases:' "$LAST_LOG" | tail -n 1)
  if [[ $line =~ test\ cases:\ *([0-9]+)\ *\|\ *([0-9]+)\ passed\ *\|\ *([0-9]+)\ failed ]]; then
    n=${BASH_REMATCH[1]}; p=${BASH_REMATCH[2]}; f=${BASH_REMATCH[3]}
  fi
  passed=$((passed + p)); failed=$((failed + f))
  local extra=0
  if [ -z "$line" ] || { [ "$LAST_RC" -ne 0 ] && [ "$f" -eq 0 ]; }; then
    extra=1; failed=$((failed + 1))
  fi
  local what="$p/$n test cases passed, $f failed, ${LAST_SECS} s"
  [ -z "$line" ] && what="no doctest summary (exit $LAST_RC), ${LAST_SECS} s"
  [ "$extra" -eq 1 ] && [ -n "$line" ] && what="$what, exit $LAST_RC"
  if [ "$f" -eq 0 ] && [ "$extra" -eq 0 ]; then
    summary+=("PASS  $name  ($what)"); echo "ok    $name: $what"
  else
    summary+=("FAIL  $name  ($what)"); echo "FAIL  $name: $what"; show_log "$LAST_LOG"
  fi
}

section() { echo; echo "==== $* ===="; }

# cmake_build NAME CXX STD BUILD_TYPE [CMAKE ARGS...]: configure + build = one test.
cmake_build() {
  local name=$1 cxx=$2 std=$3 type=$4; shift 4
  local dir="$BUILD/$name"
  [ "${DMLREF_INCREMENTAL:-0}" = 1 ] || rm -rf "$dir"
  if ! command -v "$cxx" >/dev/null 2>&1; then
    echo "FAIL  build $name: compiler $cxx not found"; record 1 "build $name" "no $cxx"; return 1
  fi
  run_logged "configure-$name" cmake -S "$ROOT" -B "$dir" -G Ninja \
    -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_BUILD_TYPE="$type" -DDMLREF_CXX_STANDARD="$std" \
    -DDMLREF_BUILD_TESTS=ON -DDMLREF_BUILD_EXAMPLES=ON -DDMLREF_BUILD_TOOLS=ON \
    -DDMLREF_BUILD_BENCH=ON "$@"
  local conf_rc=$LAST_RC conf_secs=$LAST_SECS
  if [ "$conf_rc" -ne 0 ]; then
    echo "FAIL  configure $name: ${conf_secs} s"; show_log "$LAST_LOG"
    record 1 "build $name" "configure failed"; return 1
  fi
  # -k 0: build everything that can be built, so one log shows every broken header or test.
  run_logged "build-$name" cmake --build "$dir" --parallel "$JOBS" -- -k 0
  local rc=$LAST_RC
  echo "configure $name: ${conf_secs} s"
  echo "build $name: ${LAST_SECS} s (CPU ${LAST_CPU} s)$([ "$rc" -ne 0 ] && echo " (FAILED, exit $rc)")"
  record "$rc" "build $name" "configure ${conf_secs} s, build ${LAST_SECS} s, CPU ${LAST_CPU} s"
  [ "$rc" -eq 0 ] || show_log "$LAST_LOG"
  return "$rc"
}

echo "dmlref scripts/test.sh: $(date -u '+%Y-%m-%d %H:%M:%S UTC'), $(nproc) cores, jobs $JOBS, matrix $MATRIX"
echo "source $ROOT"

# ---- 1. dependencies ------------------------------------------------------------------------
section "dependencies"
if [ "${DMLREF_SKIP_DEPS:-0}" = 1 ]; then
  echo "skipped (DMLREF_SKIP_DEPS=1)"
else
  step "install-deps" bash "$ROOT/scripts/install-deps.sh"
fi
for tool in cmake meson ninja g++ clang++ pkg-config; do
  printf '%-10s %s\n' "$tool" "$({ "$tool" --version 2>/dev/null || echo missing; } | head -n 1)"
done

# ---- 2. CMake matrix --------------------------------------------------------------------------
# -march=native here and in clang-c++20: the fast path's widest kernels (AVX-512 or AVX2 with
# F16C and FMA, whatever this machine has); clang-c++17 builds the AVX2 kernels and gcc-c++20
# the SSE2 ones.
section "gcc-c++17 (Release, -march=native)"
cmake_build gcc-c++17 g++ 17 Release -DDMLREF_EXHAUSTIVE_TESTS=ON -DCMAKE_CXX_FLAGS=-march=native
doctest_run "dmlref-tests gcc-c++17" "$BUILD/gcc-c++17/dmlref-tests" --test-suite-exclude=exhaustive
doctest_run "dmlref-tests gcc-c++17 exhaustive" "$BUILD/gcc-c++17/dmlref-tests" --test-suite=exhaustive
# ctest: the default entries (not the exhaustive one, run just above), and the exhaustive entry
# must be registered with its label.
step "ctest gcc-c++17" bash -c '
  ctest --test-dir "$1" --output-on-failure --label-exclude exhaustive --no-tests=error &&
  ctest --test-dir "$1" -N --label-regex exhaustive | tee /dev/stderr | grep -q "Total Tests: 1$"
' _ "$BUILD/gcc-c++17"

# run_examples CONFIG: each example of a build as one test (examples/gpu/ only where a GPU is).
run_examples() {
  local dir="$BUILD/$1/examples" exe
  for exe in "$dir"/*; do
    [ -f "$exe" ] && [ -x "$exe" ] || continue
    step "example $(basename "$exe") $1" "$exe"
  done
  if [ -d "$dir/gpu" ] && nvidia-smi -L >/dev/null 2>&1; then
    for exe in "$dir"/gpu/*; do
      [ -f "$exe" ] && [ -x "$exe" ] && step "example gpu-$(basename "$exe") $1" "$exe"
    done
  fi
}
run_examples gcc-c++17
# examples/*.py: harnesses that drive dmlref-eval (standard library only; /usr/bin/python3,
# not a pyenv shim)
if [ -x "$BUILD/gcc-c++17/dmlref-eval" ]; then
  for py in "$ROOT"/examples/*.py; do
    [ -e "$py" ] || continue
    step "example $(basename "$py") gcc-c++17" /usr/bin/python3 "$py" "$BUILD/gcc-c++17/dmlref-eval"
  done
fi
# examples/gpu/torch_crosscheck.py: only where PyTorch sees a CUDA device
if [ -x "$BUILD/gcc-c++17/dmlref-eval" ] &&
   /usr/bin/python3 -c 'import sys, torch; sys.exit(not torch.cuda.is_available())' 2>/dev/null; then
  step "example gpu-torch_crosscheck.py gcc-c++17" /usr/bin/python3 "$ROOT/examples/gpu/torch_crosscheck.py" "$BUILD/gcc-c++17/dmlref-eval"
fi
if [ -x "$BUILD/gcc-c++17/dmlref-bench" ]; then
  step "dmlref-bench --benchmark_list_tests gcc-c++17" "$BUILD/gcc-c++17/dmlref-bench" --benchmark_list_tests
fi

# Sanitized at -O1 (what ASan recommends; -O3 costs ~25% more compile time) and without
# NDEBUG, so assert() is live too.
section "clang-c++20 (AddressSanitizer + UndefinedBehaviorSanitizer, -O1, assertions on, -march=native)"
cmake_build clang-c++20 clang++ 20 Release -DCMAKE_CXX_FLAGS_RELEASE=-O1 -DDMLREF_SANITIZE=address,undefined \
  -DCMAKE_CXX_FLAGS=-march=native
doctest_run "dmlref-tests clang-c++20" "$BUILD/clang-c++20/dmlref-tests" --test-suite-exclude=exhaustive
run_examples clang-c++20

# The other two pairings: the tests and the header checks, at -O1 (half the compile time of
# -O3; optimised code is covered above). The tool, examples and bench are built above.
LEAN=(-DCMAKE_CXX_FLAGS_RELEASE="-O1 -DNDEBUG"
      -DDMLREF_BUILD_TOOLS=OFF -DDMLREF_BUILD_EXAMPLES=OFF -DDMLREF_BUILD_BENCH=OFF)
if [ "$MATRIX" = full ]; then
  section "gcc-c++20 (-O1; tests and header checks)"
  cmake_build gcc-c++20 g++ 20 Release "${LEAN[@]}"
  doctest_run "dmlref-tests gcc-c++20" "$BUILD/gcc-c++20/dmlref-tests" --test-suite-exclude=exhaustive
  section "clang-c++17 (-O1, AVX2 + FMA + F16C; tests and header checks)"
  AVX2_FLAGS=()
  if grep -qw avx2 /proc/cpuinfo && grep -qw fma /proc/cpuinfo && grep -qw f16c /proc/cpuinfo; then
    AVX2_FLAGS=(-DCMAKE_CXX_FLAGS="-mavx2 -mfma -mf16c")
  else
    echo "this processor lacks AVX2, FMA or F16C: clang-c++17 builds the SSE2 kernels"
  fi
  cmake_build clang-c++17 clang++ 17 Release "${LEAN[@]}" "${AVX2_FLAGS[@]}"
  doctest_run "dmlref-tests clang-c++17" "$BUILD/clang-c++17/dmlref-tests" --test-suite-exclude=exhaustive
else
  echo; echo "gcc-c++20 and clang-c++17 skipped (DMLREF_MATRIX=$MATRIX)"
fi

# ---- 3. Meson ---------------------------------------------------------------------------------
section "meson"
MESON_DIR=$BUILD/meson
MESON_PREFIX=$BUILD/install-meson
[ "${DMLREF_INCREMENTAL:-0}" = 1 ] || rm -rf "$MESON_DIR"
# --reconfigure re-runs meson.build's source listing, so new tests/test_*.cpp are seen.
step "build meson" bash -c '
  if [ -f "$1/build.ninja" ]; then reconf=--reconfigure; else reconf=; fi
  meson setup $reconf "$1" "$2" --prefix "$3" \
    -Dtools=disabled -Dexamples=disabled -Dbench=disabled &&
  meson compile -C "$1" -j "$4"
' _ "$MESON_DIR" "$ROOT" "$MESON_PREFIX" "$JOBS"
echo "build meson: ${LAST_SECS} s (CPU ${LAST_CPU} s)"
step "meson test" meson test -C "$MESON_DIR" --print-errorlogs

# ---- 4. install + consumers -------------------------------------------------------------------
section "install and consumers"
PREFIX=$BUILD/install-cmake
CONSUMER=$ROOT/tests/consumer
rm -rf "$PREFIX" "$MESON_PREFIX" "$BUILD"/consumer-*
step "install cmake" bash -c '
  cmake --install "$1" --prefix "$2" || exit 1
  for f in share/cmake/dmlref/dmlrefConfig.cmake share/cmake/dmlref/dmlrefConfigVersion.cmake \
           share/cmake/dmlref/dmlrefTargets.cmake share/cmake/dmlref/dmlrefDependencies.cmake \
           share/pkgconfig/dmlref.pc include/dmlref/version.hpp; do
    [ -f "$2/$f" ] || { echo "missing in the install: $f"; exit 1; }
  done
  # every public header is installed
  diff -u <(cd "$3/include" && find dmlref -name "*.hpp" | sort) \
          <(cd "$2/include" && find dmlref -name "*.hpp" | sort)
' _ "$BUILD/gcc-c++17" "$PREFIX" "$ROOT"
step "install meson" meson install -C "$MESON_DIR" --quiet

# (a) find_package(dmlref CONFIG REQUIRED) against the CMake install
step "consumer find_package" bash -c '
  cmake -S "$1/find_package" -B "$2" -G Ninja -DCMAKE_PREFIX_PATH="$3" -DCMAKE_BUILD_TYPE=Release &&
  cmake --build "$2" && "$2/consumer" || exit 1
  for extra in consumer-simd consumer-io; do
    if [ -x "$2/$extra" ]; then "$2/$extra" || exit 1; fi
  done
' _ "$CONSUMER" "$BUILD/consumer-find-package" "$PREFIX"

# (b) pkg-config against each install: a plain compiler command line, warnings as errors
for which in cmake meson; do
  step "consumer pkg-config ($which install)" bash -c '
    export PKG_CONFIG_PATH="$2/share/pkgconfig"
    pkg-config --exists --print-errors dmlref || exit 1
    echo "Cflags: $(pkg-config --cflags dmlref)  Version: $(pkg-config --modversion dmlref)"
    mkdir -p "$3"
    c++ -std=c++17 -Wall -Wextra -Wpedantic -Werror $(pkg-config --cflags dmlref) \
      -DDMLREF_EXPECTED_VERSION="\"$(pkg-config --modversion dmlref)\"" \
      "$1/main.cpp" -o "$3/consumer" && "$3/consumer"
  ' _ "$CONSUMER" "$BUILD/install-$which" "$BUILD/consumer-pkg-config-$which"
done

# (c) add_subdirectory: dmlref's tests/bench/tools/examples must not be built
step "consumer add_subdirectory" bash -c '
  cmake -S "$1/add_subdirectory" -B "$2" -G Ninja -DDMLREF_SOURCE_DIR="$3" -DCMAKE_BUILD_TYPE=Release &&
  cmake --build "$2" && "$2/consumer" &&
  for f in dmlref-tests dmlref-bench dmlref-eval dmlref-header-link-check examples; do
    if [ -e "$2/dmlref/$f" ]; then echo "dmlref built $f as a subproject"; exit 1; fi
  done
' _ "$CONSUMER" "$BUILD/consumer-add-subdirectory" "$ROOT"

# (d) Meson subproject: the consumer in a temp folder, dmlref linked into its subprojects/
step "consumer meson subproject" bash -c '
  src="$2/src"; rm -rf "$2"; mkdir -p "$src/subprojects"
  cp "$1/meson_subproject/meson.build" "$1/main.cpp" "$src/"
  ln -s "$3" "$src/subprojects/dmlref"
  meson setup "$2/build" "$src" && meson compile -C "$2/build" && "$2/build/consumer" || exit 1
  if meson introspect --targets "$2/build" | grep -q "\"name\": \"dmlref-tests\""; then
    echo "dmlref built its tests as a subproject"; exit 1
  fi
' _ "$CONSUMER" "$BUILD/consumer-meson-subproject" "$ROOT"

# ---- 5. the conformance data, and dmlref-eval on it -------------------------------------------
section "conformance data and dmlref-eval"
# The committed DirectML-shaped files must be what the converter writes from the WebNN ones.
step "conformance data regenerates (webnn_to_dml.py --check)" \
  /usr/bin/python3 "$ROOT/tools/conformance/webnn_to_dml.py" --check \
  "$ROOT/tests/conformance/webnn" "$ROOT/tests/conformance/dml"
# Conformance files whose operator this build does not have yet: listed as skipped, not run.
# Delete an entry when its operator arrives.
NOT_IN_THIS_BUILD=(
)
EVAL=""
for d in gcc-c++17 gcc-c++20 clang-c++17 clang-c++20; do
  if [ -x "$BUILD/$d/dmlref-eval" ]; then EVAL=$BUILD/$d/dmlref-eval; break; fi
done
CORPUS=$ROOT/tests/conformance/dml
if [ -z "$EVAL" ]; then
  echo "skipped: no dmlref-eval built (tools/dmlref-eval/ has no sources yet, or its build failed)"
else
  echo "using $EVAL"
  for f in "$CORPUS"/*.json; do
    [ -e "$f" ] || continue
    if [[ " ${NOT_IN_THIS_BUILD[*]} " == *" $(basename "$f") "* ]]; then
      echo "skipped: $(basename "$f"): operator not in this build"
      continue
    fi
    for path in golden fast; do
      step "dmlref-eval check $(basename "$f") --path $path" "$EVAL" check "$f" --path "$path"
    done
  done
fi
if [ -n "$EVAL" ]; then
  # A compare that finds mismatches exits 1; its per-case summary names NaN mismatches (the
  # sample GPU output returns NaN where pow gives a number).
  step "dmlref-eval compare names NaN mismatches" bash -c \
    '"$1" compare "$2" "$3" > "$4"; [ $? -eq 1 ] && grep -q "^FAIL .* NaN mismatched)" "$4"' _ \
    "$EVAL" "$ROOT/examples/cases/pow_sample.json" "$ROOT/examples/cases/pow_sample_gpu_output.json" \
    "$BUILD/logs/compare-summary.txt"
fi

# ---- 6. reliability: flag-proof golden, fuzzers briefly (docs/reliability.md) -----------------
section "reliability"
step "flag-proof golden" bash "$ROOT/scripts/flagproof.sh"
step "fuzzers ${DMLREF_FUZZ_SECONDS:-10} s each" \
  env DMLREF_FUZZ_DIR="$BUILD/fuzz" DMLREF_FUZZ_JOBS="$JOBS" \
  bash "$ROOT/scripts/fuzz.sh" "${DMLREF_FUZZ_SECONDS:-10}"

# ---- summary ----------------------------------------------------------------------------------
section "summary ($(secs "$t_start" "$(date +%s)") s in all; logs in build/logs/)"
printf '%s\n' "${summary[@]}"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
