#!/usr/bin/env bash
# scripts/test.sh [--full]: dmlref's check, from a clean clone, over the CMake workflow presets
# of CMakePresets.json (each: configure, build, ctest; the ctest entries and their labels are
# in cmake/dmlrefTests.cmake and cmake/dmlrefFuzzers.cmake).
#
#   default  gcc-release       g++ C++17 -O1 (the test sources -Og) -march=native: unit,
#                              conformance (both paths), tools, Python, docs, examples
#   --full   (CI, .ci/run)     the matrix: a compiler, a standard and an instruction set each:
#            gcc-release-full  g++ C++17 -O2, the machine's widest kernels: gcc-release with the
#                              consumers (find_package, pkg-config, add_subdirectory, Meson
#                              subproject), the header checks, the exhaustive suite, the bench's
#                              list, flagproof (golden under 12 flag sets, g++ and clang++)
#            clang-asan        clang++ C++20, the AVX2 kernels, ASan + UBSan, assertions on:
#                              unit, conformance, tools, fuzz-smoke (each fuzzer replays its
#                              committed corpus, then fuzzes)
#            mingw-wine        MinGW-w64 g++ C++17 for 64-bit Windows, -O1 (the test sources
#                              -O0), the SSE2 kernels, run under Wine: unit, conformance (both
#                              paths), examples (no Python, tools or consumers: they run the
#                              host's programs; cmake/dmlrefTests.cmake)
#            meson             g++ C++20, baseline x86-64 (the SSE2 kernels), -O1 with assert()
#                              live: Meson's own build and its tests, which run the SSE2
#                              kernels (DMLREF_ISA=baseline); dmlref-eval with the avx2 and
#                              avx512fp16 variants chosen at run time (as gcc-portable) and
#                              its isa.dispatch test
#
# Every ctest entry counts as one test (a workflow that stops before its tests counts one
# failure). The last line is exactly "N passed, N failed"; the exit status is non-zero when
# anything failed. Logs: build/logs/<preset>.log.
#
# Environment: DMLREF_JOBS=2 (build and ctest jobs), DMLREF_SKIP_DEPS=1 (no install-deps.sh;
# otherwise --full installs its --full list too: MinGW-w64 and Wine).
# The fuzz smoke runs last 10 s each (the CMake cache variable DMLREF_FUZZ_SMOKE_SECONDS).
set -uo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT" || exit 1
case "${1:-}" in
  "") MODE=default; PRESETS=(gcc-release); DEPS=() ;;
  --full) MODE=full; PRESETS=(gcc-release-full clang-asan gcc-portable mingw-wine); DEPS=(--full) ;;
  *) echo "usage: $0 [--full]" >&2; exit 2 ;;
esac
JOBS=${DMLREF_JOBS:-2}
export CMAKE_BUILD_PARALLEL_LEVEL=$JOBS CTEST_PARALLEL_LEVEL=$JOBS CTEST_OUTPUT_ON_FAILURE=1
export CMAKE_GENERATOR=Ninja
LOGS=$ROOT/build/logs
mkdir -p "$LOGS"
TIMEFORMAT='%0R s wall, %0U+%0S s CPU (user+sys)'
passed=0 failed=0 summary=()

# note STATUS PASSED FAILED LINE: add counts and a summary line.
note() {
  passed=$((passed + $2)); failed=$((failed + $3))
  summary+=("$([ "$1" -eq 0 ] && echo "ok  " || echo "FAIL")  $4")
}

# show LOG: what is worth reading of a failed step.
show() {
  echo "---- $1: errors, failed tests, last lines ----"
  grep -nE 'FAILED:|error:|\*\*\*Failed|Failed  |ERROR|runtime error|SUMMARY:' "$1" | head -n 40
  tail -n 30 "$1"; echo "----"
}

echo "dmlref scripts/test.sh ($MODE): $(date -u '+%F %T UTC'), $(nproc) cores, jobs $JOBS, load $(cut -d' ' -f1-3 /proc/loadavg)"
if [ "${DMLREF_SKIP_DEPS:-0}" != 1 ]; then
  bash scripts/install-deps.sh "${DEPS[@]}" >"$LOGS/install-deps.log" 2>&1
  rc=$?; note $rc $((rc == 0)) $((rc != 0)) "install-deps"; [ $rc -eq 0 ] || show "$LOGS/install-deps.log"
fi

# workflow PRESET: configure, build and test one configuration.
workflow() {
  local log="$LOGS/$1.log" rc t
  echo "== $1"
  t=$( { time cmake --workflow --preset "$1" >"$log" 2>&1 </dev/null; } 2>&1 ); rc=$?
  # ctest's own summary line: "NN% tests passed, F tests failed out of N"
  local line p=0 f=0 n=0
  line=$(grep -E '^[0-9]+% tests passed, [0-9]+ tests? failed out of [0-9]+' "$log" | tail -n 1)
  if [ -n "$line" ]; then
    read -r f n < <(sed -E 's/.* ([0-9]+) tests? failed out of ([0-9]+).*/\1 \2/' <<<"$line")
    p=$((n - f))
  fi
  [ "$rc" -ne 0 ] && [ "$f" -eq 0 ] && f=1  # stopped before or outside its tests
  note "$rc" "$p" "$f" "$1: $p passed, $f failed; $t$( [ -z "$line" ] && echo "; no ctest summary")"
  echo "   ${summary[-1]}"
  grep -E 'Not Run \(Disabled\)|Skipped' "$log" | sed 's/^/   skipped: /'
  [ "$rc" -eq 0 ] || show "$log"
}

for preset in "${PRESETS[@]}"; do workflow "$preset"; done

if [ "$MODE" = full ]; then
  # Meson's own build (a debug build at -O1: assert() is live) in C++20 for baseline x86-64,
  # and its test suite. The runtime layer holds the variants avx2 and avx512fp16 as well
  # (runtime_isas; avx512 left out for time, as in gcc-portable), which isa.dispatch checks
  # on dmlref-eval; the other tests cap dml::execute at the baseline (DMLREF_ISA), so that
  # this build keeps running the SSE2 kernels.
  echo "== meson"
  MESON=$ROOT/build/meson
  t=$( { time { if [ -f "$MESON/build.ninja" ]; then r=--reconfigure; else r=; fi
      meson setup $r "$MESON" "$ROOT" -Dwerror=true -Dcpp_std=c++20 -Doptimization=1 \
        -Dtools=enabled -Dexamples=disabled -Dbench=disabled -Druntime_isas=avx2,avx512fp16 &&
      meson compile -C "$MESON" -j "$JOBS" &&
      DMLREF_ISA=baseline meson test -C "$MESON" --num-processes "$JOBS" --print-errorlogs; } \
      >"$LOGS/meson.log" 2>&1 </dev/null; } 2>&1 ); rc=$?
  note $rc $((rc == 0)) $((rc != 0)) "meson (setup, compile, test): $t"
  echo "   ${summary[-1]}"; [ $rc -eq 0 ] || show "$LOGS/meson.log"
fi

echo; echo "== summary ($MODE)"
printf '%s\n' "${summary[@]}"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
