#!/usr/bin/env bash
# scripts/demo.sh: build dmlref with its examples and tools (g++, Release) and show them:
# every example in build/demo/examples/, then dmlref-eval on a sample case file.
# Pieces not written yet are skipped with a message. Exits non-zero if something ran and failed.
set -uo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT" || exit 1
DIR=$ROOT/build/demo
JOBS=${DMLREF_JOBS:-$(nproc)}
failures=0

echo "== dependencies"
bash "$ROOT/scripts/install-deps.sh" || { echo "demo: installing dependencies failed"; exit 1; }

echo "== build (g++, Release, examples and tools) in build/demo"
t0=$(date +%s)
if ! cmake -S "$ROOT" -B "$DIR" -G Ninja -DCMAKE_CXX_COMPILER=g++ -DCMAKE_BUILD_TYPE=Release \
      -DDMLREF_BUILD_EXAMPLES=ON -DDMLREF_BUILD_TOOLS=ON \
      -DDMLREF_BUILD_TESTS=OFF -DDMLREF_BUILD_BENCH=OFF >/dev/null ||
   ! cmake --build "$DIR" --parallel "$JOBS"; then
  echo "demo: build failed"; exit 1
fi
echo "built in $(( $(date +%s) - t0 )) s"

echo
echo "== examples"
shopt -s nullglob
ran=0
for exe in "$DIR"/examples/*; do
  [ -f "$exe" ] && [ -x "$exe" ] || continue
  ran=1
  echo "---- $(basename "$exe")"
  if ! (cd "$ROOT" && "$exe" </dev/null); then
    echo "demo: example $(basename "$exe") failed"; failures=$((failures + 1))
  fi
done
if [ -d "$DIR/examples/gpu" ]; then
  if command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi -L >/dev/null 2>&1; then
    for exe in "$DIR"/examples/gpu/*; do
      [ -f "$exe" ] && [ -x "$exe" ] || continue
      ran=1
      echo "---- gpu/$(basename "$exe")"
      (cd "$ROOT" && "$exe" </dev/null) || { echo "demo: gpu/$(basename "$exe") failed"; failures=$((failures + 1)); }
    done
  else
    echo "(examples/gpu built, but no GPU here: not run)"
  fi
fi
[ "$ran" = 1 ] || echo "(no examples built yet: examples/*.cpp is empty)"

echo
echo "== dmlref-eval"
eval_tool=$DIR/dmlref-eval
# show CMD...: run a demo command; exit status 2 or more (invalid input, crash) is a failure.
show() {
  echo "---- $*" | sed "s|$ROOT/||g"
  "$@" </dev/null
  local rc=$?
  [ "$rc" -le "${ok_max:-0}" ] || { echo "demo: exit $rc"; failures=$((failures + 1)); }
  return 0
}
if [ ! -x "$eval_tool" ]; then
  echo "(dmlref-eval not built yet: tools/dmlref-eval/ has no sources)"
else
  show "$eval_tool" --version  # names the fast kernels this CPU runs (DMLREF_RUNTIME_ISAS)
  cases=()
  for f in "$ROOT"/examples/cases/*.json; do
    grep -q '"dmlref-case/1"' "$f" && cases+=("$f")
  done
  if [ "${#cases[@]}" -gt 0 ]; then
    for c in "${cases[@]}"; do
      show "$eval_tool" run "$c"
      show "$eval_tool" check "$c"
      # outputs of a GPU run of these cases, named <case>_*.json: compare them with the oracle
      # (exit 1 = a mismatch found and reported, which is what such a sample shows).
      for actual in "${c%.json}"_*.json; do
        ok_max=1 show "$eval_tool" compare "$c" "$actual"
      done
    done
  elif [ -f "$ROOT/tests/conformance/dml/sign.json" ]; then
    show "$eval_tool" check "$ROOT/tests/conformance/dml/sign.json"
  else
    echo "(no case file: neither examples/cases/*.json nor tests/conformance/dml/sign.json)"
  fi
  # examples/*.py: harnesses driving dmlref-eval (standard library only; /usr/bin/python3
  # rather than whatever `python3` a pyenv shim points at)
  py=/usr/bin/python3; [ -x "$py" ] || py=python3
  for script in "$ROOT"/examples/*.py; do
    show "$py" "$script" "$eval_tool"
  done
fi

echo
echo "== a short speed comparison (fast path against memcpy and its peers; bench/report.py --quick --isa native)"
if [ -x /usr/bin/python3 ] && /usr/bin/python3 -c 'import matplotlib' 2>/dev/null; then
  /usr/bin/python3 "$ROOT/bench/report.py" --quick --isa native || { echo "demo: the speed comparison failed"; failures=$((failures + 1)); }
else
  echo "(no /usr/bin/python3 with matplotlib: speed comparison skipped)"
fi

echo
if [ "$failures" -ne 0 ]; then
  echo "demo: $failures failed"; exit 1
fi
echo "demo: done"
