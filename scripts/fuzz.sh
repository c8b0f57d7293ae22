#!/usr/bin/env bash
# scripts/fuzz.sh [SECONDS] [--merge]: long fuzzing runs on top of the clang-asan preset, whose
# build has the fuzzers (cmake/dmlrefFuzzers.cmake; each fuzz_<name> is a CMake target and
# ctest's fuzz-smoke entries replay fuzz/corpus/<name>/ and fuzz briefly on every test run).
#
#   scripts/fuzz.sh 600            build, then run each fuzzer for 600 s (default 60)
#   scripts/fuzz.sh 600 --merge    ... then merge what they found into fuzz/corpus/<name>/
#                                  (libFuzzer -merge=1: only inputs that add coverage)
#   DMLREF_FUZZ_ONLY="runtime"     only these fuzzers (names without fuzz_)
#
# New inputs go to build/clang-asan/fuzz/work/<name>/corpus/, findings to .../artifacts/;
# replay one with build/clang-asan/fuzz/fuzz_<name> <file>. Exits non-zero on a build
# failure or any finding.
set -uo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT" || exit 1
SECS=${1:-60}
MERGE=${2:-}
[[ $SECS =~ ^[0-9]+$ ]] && [[ -z $MERGE || $MERGE == --merge ]] || { echo "usage: $0 [SECONDS] [--merge]" >&2; exit 2; }
BUILD=$ROOT/build/clang-asan
cmake --preset clang-asan >/dev/null || exit 1
read -r -a FUZZERS <<<"${DMLREF_FUZZ_ONLY:-$(cd fuzz && ls fuzz_*.cpp | sed 's/^fuzz_//; s/\.cpp$//' | tr '\n' ' ')}"
cmake --build "$BUILD" --target "${FUZZERS[@]/#/fuzz_}" || exit 1
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}

status=0
for f in "${FUZZERS[@]}"; do
  work=$BUILD/fuzz/work/$f corpus=$ROOT/fuzz/corpus/$f log=$BUILD/fuzz/work/$f.log
  mkdir -p "$work/corpus" "$work/artifacts" "$corpus"
  args=(-max_len=2048)
  [ "$f" = case_reader ] && args=(-max_len=4096 -dict="$ROOT/fuzz/case_file.dict")
  "$BUILD/fuzz/fuzz_$f" -max_total_time="$SECS" -timeout=60 -rss_limit_mb=4096 -print_final_stats=1 \
    -artifact_prefix="$work/artifacts/" "${args[@]}" "$work/corpus" "$corpus" >"$log" 2>&1
  rc=$?
  last=$(grep -E '^#[0-9]+' "$log" | tail -n 1)
  echo "fuzz_$f: ${SECS} s, exit $rc; ${last:-no progress line}; $(grep -E "^fuzz_$f:" "$log" | tail -n 1)"
  if [ "$rc" -ne 0 ]; then
    status=1; grep -nE 'ERROR|runtime error|dmlref fuzz finding|Test unit written|SUMMARY' "$log" | head -n 20
  elif [ "$MERGE" = --merge ]; then
    "$BUILD/fuzz/fuzz_$f" -merge=1 "${args[@]}" "$corpus" "$work/corpus" >"$log.merge" 2>&1 || status=1
    echo "  fuzz/corpus/$f: $(find "$corpus" -type f | wc -l) files, $(du -sk "$corpus" | cut -f1) KiB"
  fi
done
exit "$status"
