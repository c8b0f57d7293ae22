#!/usr/bin/env bash
# scripts/fuzz.sh [SECONDS]: build dmlref's libFuzzer targets and run each for SECONDS
# (default 20).
#
#   fuzz_runtime          dml::validate / dml::execute on hostile descriptors and bindings
#   fuzz_case_reader      io::read_cases + io::check_case + dmlref-eval's output on any bytes
#   fuzz_fast_vs_golden   the fast path within its budget of golden on valid descriptors
#
# Build: clang++ with -fsanitize=fuzzer,address,undefined (no recovery), warnings as errors.
# The runtime layer's instantiation (every operator and type, both paths) is compiled once,
# in fuzz/runtime_instances.cpp, and linked into each fuzzer; objects are rebuilt only when a
# source under include/, fuzz/ or tools/dmlref-eval/ is newer.
# The golden path's big-integer arithmetic is left without coverage instrumentation
# (fuzz/coverage_ignorelist.txt): it would otherwise take most of each execution.
# Corpora: seeds are written afresh on each run (the runtime fuzzers write their own; the
# case reader takes each case of tests/conformance/dml/*.json as one file, and
# fuzz/case_file.dict); what a run finds is kept in $DMLREF_FUZZ_DIR/corpus/<fuzzer>/ and
# used by the next run.
#
# Prints one line per fuzzer (seconds, executions, cov, ft, corpus size) and exits non-zero
# when a build fails or any fuzzer finds something (crash, sanitizer report, finding, timeout,
# out of memory); the input that triggered it is saved under $DMLREF_FUZZ_DIR/artifacts/.
#
# Environment:
#   DMLREF_FUZZ_DIR=build/fuzz     objects, binaries, corpora, artifacts, logs
#   DMLREF_FUZZ_CXX=clang++        compiler (Clang: libFuzzer is part of its runtime)
#   DMLREF_FUZZ_OPT=-O1            optimisation level
#   DMLREF_FUZZ_ARCH=-march=native instruction set (the fast path's vector width follows it)
#   DMLREF_FUZZ_CXXFLAGS=           more compiler flags, after the others
#   DMLREF_FUZZ_JOBS=1              compiles at once
#   DMLREF_FUZZ_ONLY="a b"         run only these fuzzers (names without fuzz_)
#   DMLREF_FUZZ_BUILD_ONLY=0       1: build, do not run
set -uo pipefail

SECS=${1:-20}
if ! [[ $SECS =~ ^[0-9]+$ ]]; then
  echo "usage: $0 [SECONDS]" >&2
  exit 2
fi
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT" || exit 1
OUT=${DMLREF_FUZZ_DIR:-$ROOT/build/fuzz}
mkdir -p "$OUT" && OUT=$(cd "$OUT" && pwd)
CXX=${DMLREF_FUZZ_CXX:-clang++}
OPT=${DMLREF_FUZZ_OPT:--O1}
ARCH=${DMLREF_FUZZ_ARCH:--march=native}
JOBS=${DMLREF_FUZZ_JOBS:-1}
FUZZERS=(runtime case_reader fast_vs_golden)
[ -n "${DMLREF_FUZZ_ONLY:-}" ] && read -r -a FUZZERS <<<"$DMLREF_FUZZ_ONLY"

if ! command -v "$CXX" >/dev/null 2>&1; then
  echo "fuzz: $CXX not found (Debian: clang and libclang-rt-14-dev; scripts/install-deps.sh)" >&2
  exit 1
fi

# shellcheck disable=SC2206
FLAGS=(-std=c++17 $OPT $ARCH -gline-tables-only -fno-omit-frame-pointer
       -Wall -Wextra -Wpedantic -Werror -Wconversion -Wsign-conversion -Wshadow
       -fsanitize=address,undefined -fno-sanitize-recover=all
       -fsanitize-coverage-ignorelist="$ROOT/fuzz/coverage_ignorelist.txt"
       -DDMLREF_HAVE_XSIMD=1 -I"$ROOT/include" -I"$ROOT/tools/dmlref-eval" ${DMLREF_FUZZ_CXXFLAGS:-})
mkdir -p "$OUT/obj" "$OUT/bin" "$OUT/logs" "$OUT/artifacts"
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}

# stale TARGET PATH...: true when TARGET is missing or older than a source under the PATHs.
# Everything is rebuilt when the flags change.
echo "${FLAGS[*]}" >"$OUT/obj/flags.new"
if cmp -s "$OUT/obj/flags.new" "$OUT/obj/flags"; then
  rm -f "$OUT/obj/flags.new"
else
  rm -f "$OUT"/obj/*.o "$OUT"/bin/*
  mv "$OUT/obj/flags.new" "$OUT/obj/flags"
fi
stale() {
  local target=$1; shift
  [ -f "$target" ] || return 0
  [ -n "$(find "$@" -newer "$target" \( -name '*.hpp' -o -name '*.cpp' -o -name '*.txt' \) -print -quit)" ]
}

# build LABEL CMD...: one compile or link, timed; output in logs/build-LABEL.log.
build() {
  local label=$1; shift
  local t0=$SECONDS
  if ! "$@" >"$OUT/logs/build-$label.log" 2>&1; then
    echo "FAIL  build $label ($((SECONDS - t0)) s):"
    tail -n 40 "$OUT/logs/build-$label.log"
    return 1
  fi
  echo "built $label: $((SECONDS - t0)) s"
}

# Compiles run as background jobs, at most $JOBS at once (the runtime layer's instantiation
# and the fuzzers' own sources are independent); the links follow.
running=0
failed_builds=0
reap() {
  wait -n || failed_builds=$((failed_builds + 1))
  running=$((running - 1))
}
launch() {
  while [ "$running" -ge "$JOBS" ]; do reap; done
  build "$@" &
  running=$((running + 1))
}

status=0
t_build=$SECONDS
INSTANCES=$OUT/obj/runtime_instances.o
if stale "$INSTANCES" "$ROOT/include" "$ROOT/fuzz/runtime_instances.cpp" "$ROOT/fuzz/coverage_ignorelist.txt"; then
  rm -f "$INSTANCES"
  launch runtime_instances "$CXX" "${FLAGS[@]}" -fsanitize=fuzzer-no-link -c fuzz/runtime_instances.cpp \
    -o "$INSTANCES"
fi
for f in "${FUZZERS[@]}"; do
  if [ ! -f "fuzz/fuzz_$f.cpp" ]; then echo "fuzz: no fuzz/fuzz_$f.cpp" >&2; exit 2; fi
  obj=$OUT/obj/fuzz_$f.o
  if stale "$obj" "$ROOT/include" "$ROOT/fuzz" "$ROOT/tools/dmlref-eval"; then
    rm -f "$obj"
    launch "fuzz_$f" "$CXX" "${FLAGS[@]}" -fsanitize=fuzzer-no-link -c "fuzz/fuzz_$f.cpp" -o "$obj"
  fi
done
while [ "$running" -gt 0 ]; do reap; done
[ "$failed_builds" -eq 0 ] || exit 1
for f in "${FUZZERS[@]}"; do
  obj=$OUT/obj/fuzz_$f.o bin=$OUT/bin/fuzz_$f
  if [ ! -f "$bin" ] || [ "$obj" -nt "$bin" ] || [ "$INSTANCES" -nt "$bin" ]; then
    build "link-fuzz_$f" "$CXX" "${FLAGS[@]}" -fsanitize=fuzzer "$obj" "$INSTANCES" -o "$bin" || status=1
  fi
done
echo "build: $((SECONDS - t_build)) s"
[ "$status" -eq 0 ] || exit 1
[ "${DMLREF_FUZZ_BUILD_ONLY:-0}" = 1 ] && exit 0

# seeds NAME DIR: fills DIR with the fuzzer's seed inputs.
seeds() {
  local name=$1 dir=$2
  rm -rf "$dir" && mkdir -p "$dir"
  case $name in
    case_reader)
      local corpus=$ROOT/tests/conformance/dml python
      python=$(command -v python3 || true)
      if [ ! -d "$corpus" ] || [ -z "$python" ]; then
        echo "fuzz: no $corpus or no python3: case_reader starts from a minimal seed" >&2
        printf '{"op":"ELEMENT_WISE_SIGN","tensors":{"InputTensor":{"dataType":"FLOAT32","sizes":[2],"data":[-1,2]},"OutputTensor":{"dataType":"FLOAT32","sizes":[2]}}}' \
          >"$dir/minimal.json"
        return 0
      fi
      # one compact case per file (each case of a collection, or the document itself)
      "$python" - "$corpus" "$dir" <<'PY' || return 1
import json, pathlib, sys
source, target = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
for path in sorted(source.glob("*.json")):
    document = json.loads(path.read_text())
    cases = document["cases"] if isinstance(document, dict) and "cases" in document else [document]
    for k, case in enumerate(cases, 1):
        (target / f"{path.stem}-{k}.json").write_text(json.dumps(case, separators=(",", ":")))
PY
      ;;
    *)
      DMLREF_FUZZ_WRITE_SEEDS=$dir "$OUT/bin/fuzz_$name" >/dev/null || return 1
      ;;
  esac
}

summary=()
for f in "${FUZZERS[@]}"; do
  bin=$OUT/bin/fuzz_$f
  corpus=$OUT/corpus/$f
  seed_dir=$OUT/seeds/$f
  log=$OUT/logs/fuzz_$f.log
  mkdir -p "$corpus"
  if ! seeds "$f" "$seed_dir"; then
    summary+=("FAIL  fuzz_$f: could not write its seeds"); status=1; continue
  fi
  extra=(-max_len=2048)
  [ "$f" = case_reader ] && extra=(-max_len=4096 -dict="$ROOT/fuzz/case_file.dict")
  t0=$SECONDS
  "$bin" -max_total_time="$SECS" -timeout=60 -rss_limit_mb=4096 -print_final_stats=1 \
    -artifact_prefix="$OUT/artifacts/fuzz_$f-" "${extra[@]}" "$corpus" "$seed_dir" >"$log" 2>&1
  rc=$?
  secs=$((SECONDS - t0))
  execs=$(grep -oE 'stat::number_of_executed_units: *[0-9]+' "$log" | tail -n 1 | grep -oE '[0-9]+$')
  last=$(grep -E '^#[0-9]+' "$log" | tail -n 1)
  cov=$(grep -oE 'cov: [0-9]+' <<<"$last" | grep -oE '[0-9]+')
  ft=$(grep -oE 'ft: [0-9]+' <<<"$last" | grep -oE '[0-9]+')
  files=$(find "$corpus" -type f | wc -l)
  line="fuzz_$f: ${secs} s, ${execs:-?} execs, cov ${cov:-?}, ft ${ft:-?}, corpus $files files"
  counts=$(grep -E "^fuzz_$f:" "$log" | tail -n 1 | cut -d: -f2-)
  [ -n "$counts" ] && line="$line;$counts"
  if [ "$rc" -eq 0 ]; then
    summary+=("ok    $line, no findings")
  else
    status=1
    summary+=("FAIL  $line, FINDING (exit $rc): see $log")
    echo "---- fuzz_$f: finding (exit $rc) ----"
    grep -nE 'ERROR|runtime error|dmlref fuzz finding|Test unit written|SUMMARY' "$log" | head -n 20
    tail -n 30 "$log"
    echo "----"
  fi
done
printf '%s\n' "${summary[@]}"
exit "$status"
