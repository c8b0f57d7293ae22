#!/usr/bin/env bash
# Builds dmlref-eval, gpu_crosscheck and the Python module dmlref (for $PYTHON, the interpreter
# that has torch; it needs numpy, and pybind11 and that Python's headers to build), then runs
# both cross-checks on this machine's GPU:
#
#   examples/gpu/run_crosscheck.sh [BUILD_DIR] [LOG_DIR]      (defaults: build/gpu, build/gpu/logs)
#
# Writes LOG_DIR/environment.txt (GPU, driver, CUDA, compilers, torch), LOG_DIR/build.log,
# LOG_DIR/golden_selfcheck.txt (dmlref-eval compare of every case's golden outputs against
# themselves), LOG_DIR/gpu_crosscheck.log and LOG_DIR/torch_crosscheck.log (each whole, with
# every variant's table whatever the verdicts), their summaries (gpu_summary.txt,
# torch_summary.txt) and the command-line judge's reports of failing variants (gpu-compare/),
# and prints each step's wall time. Both programs run even when the first is not as expected. Extra CMake arguments may be
# given in DMLREF_CMAKE_ARGS (for example -DCMAKE_PREFIX_PATH=... where nlohmann_json lives).
# Exit status: non-zero when a build fails or either cross-check is not as expected.
set -uo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
BUILD=${1:-$ROOT/build/gpu}
LOGS=${2:-$BUILD/logs}
mkdir -p "$LOGS"
JOBS=$(nproc 2>/dev/null || echo 4)
GENERATOR=Ninja
command -v ninja >/dev/null 2>&1 || GENERATOR="Unix Makefiles"
PYTHON=${PYTHON:-python3}

{
  echo "date: $(date -u '+%Y-%m-%d %H:%M:%S UTC')"
  nvidia-smi --query-gpu=name,driver_version,memory.total,compute_cap --format=csv 2>&1
  nvidia-smi 2>&1 | grep -m1 "CUDA Version"
  nvcc --version 2>&1 | tail -n 2
  echo "host compiler: $(c++ --version 2>&1 | head -n 1)"
  echo "cmake: $(cmake --version 2>&1 | head -n 1)"
  echo "python: $($PYTHON --version 2>&1); $($PYTHON -c 'import torch; print("torch", torch.__version__, "CUDA", torch.version.cuda)' 2>&1 | tail -n 1)"
  echo "cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores"
} | tee "$LOGS/environment.txt"

t0=$(date +%s.%N)
# shellcheck disable=SC2086  # DMLREF_CMAKE_ARGS is a list of arguments
# AUTO: built for the GPU nvidia-smi lists (CMAKE_CUDA_ARCHITECTURES=native).
cmake -S "$ROOT" -B "$BUILD" -G "$GENERATOR" -DCMAKE_BUILD_TYPE=Release -DDMLREF_BUILD_TESTS=OFF \
  -DDMLREF_BUILD_BENCH=OFF -DDMLREF_BUILD_TOOLS=ON -DDMLREF_BUILD_EXAMPLES=ON -DDMLREF_BUILD_GPU_EXAMPLES=AUTO \
  -DDMLREF_BUILD_PYTHON=ON -DPython_EXECUTABLE="$(command -v "$PYTHON")" \
  ${DMLREF_CMAKE_ARGS:-} >"$LOGS/build.log" 2>&1 &&
  cmake --build "$BUILD" --parallel "$JOBS" --target dmlref-eval dmlref-gpu-crosscheck dmlref-python \
    >>"$LOGS/build.log" 2>&1
rc=$?
t1=$(date +%s.%N)
echo "build: exit $rc, $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }') s (log: $LOGS/build.log)"
if [ "$rc" -ne 0 ]; then tail -n 40 "$LOGS/build.log"; exit "$rc"; fi

# Every case (no GPU needed), for torch_crosscheck.py's transcendental variants, and golden's
# outputs judged against themselves by the command-line oracle (the JSON round trip is exact).
CASES="$BUILD/crosscheck-cases.json"
"$BUILD/examples/gpu/gpu_crosscheck" --write-cases "$CASES" >"$LOGS/write_cases.log" 2>&1
cases_rc=$?
"$BUILD/dmlref-eval" compare "$CASES" "$CASES.golden.json" >"$LOGS/golden_selfcheck.txt" 2>&1
self_rc=$?
echo "cases: write exit $cases_rc, golden against itself exit $self_rc ($(tail -n 1 "$LOGS/golden_selfcheck.txt"))"

rm -rf "$BUILD/gpu-cases"
"$BUILD/examples/gpu/gpu_crosscheck" --eval "$BUILD/dmlref-eval" --work "$BUILD/gpu-cases" \
  >"$LOGS/gpu_crosscheck.log" 2>&1
gpu_rc=$?
t2=$(date +%s.%N)
echo "gpu_crosscheck: exit $gpu_rc, $(awk -v a="$t1" -v b="$t2" 'BEGIN { printf "%.1f", b - a }') s"
sed -n '/^==== summary/,$p' "$LOGS/gpu_crosscheck.log"
cp "$BUILD/gpu-cases/summary.txt" "$LOGS/gpu_summary.txt" 2>/dev/null
mkdir -p "$LOGS/gpu-compare"
for f in "$BUILD"/gpu-cases/*.compare.txt; do  # the tool's reports, failing cases only (PASS lines dropped)
  [ -e "$f" ] && grep -v '^PASS ' "$f" | head -c 200000 >"$LOGS/gpu-compare/$(basename "$f")"
done

PYTHONUNBUFFERED=1 "$PYTHON" "$ROOT/examples/gpu/torch_crosscheck.py" --cases "$CASES" "$BUILD/dmlref-eval" \
  "$BUILD/torch-cases" >"$LOGS/torch_crosscheck.log" 2>&1
torch_rc=$?
t3=$(date +%s.%N)
echo "torch_crosscheck: exit $torch_rc, $(awk -v a="$t2" -v b="$t3" 'BEGIN { printf "%.1f", b - a }') s"
sed -n '/^==== summary/,$p' "$LOGS/torch_crosscheck.log"
cp "$BUILD/torch-cases/summary.txt" "$LOGS/torch_summary.txt" 2>/dev/null
[ "$gpu_rc" -eq 0 ] && [ "$torch_rc" -eq 0 ] && [ "$cases_rc" -eq 0 ] && [ "$self_rc" -eq 0 ]
