#!/usr/bin/env bash
# scripts/flagproof.sh: the golden path gives the same bits whatever flags the consumer's
# translation unit is compiled with.
#
# Builds tests/flagproof/flagproof.cpp (golden outputs of all five operators over fixed
# inputs, printed as hex) with each compiler under each flag set below, runs each build, and
# compares every output byte for byte with the first one; each build also runs in the
# rounding modes upward, downward and toward zero and with flush-to-zero/denormals-are-zero
# set, which must not change its output either. Exits non-zero when a build fails or any
# output differs (the differing blocks are named).
#
#   -O0 | -O2 | -O3 -march=native | -O2 -ffast-math | -O2 -ffp-contract=fast
#   | -O3 -march=native -ffast-math -ffp-contract=fast
#
# Environment:
#   DMLREF_FLAGPROOF_CXX="g++ clang++"   compilers (each one that is installed)
#   DMLREF_FLAGPROOF_DIR=build/flagproof binaries and outputs
#   DMLREF_FLAGPROOF_JOBS=$(nproc)       builds at a time
set -uo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT" || exit 1
OUT=${DMLREF_FLAGPROOF_DIR:-$ROOT/build/flagproof}
mkdir -p "$OUT"
read -r -a COMPILERS <<<"${DMLREF_FLAGPROOF_CXX:-g++ clang++}"
FLAG_SETS=(
  "-O0"
  "-O2"
  "-O3 -march=native"
  "-O2 -ffast-math"
  "-O2 -ffp-contract=fast"
  "-O3 -march=native -ffast-math -ffp-contract=fast"
)
COMMON=(-std=c++17 -Wall -Wextra -Wpedantic -Werror -I"$ROOT/include")

# report TAG FILE: the blocks in which FILE differs from the reference.
report() {
  echo "FAIL  [$1]: differs from the reference in these blocks:"
  diff <(cut -d: -f1 "$reference") <(cut -d: -f1 "$2") >/dev/null || echo "      (the block lists differ)"
  paste -d'\n' "$reference" "$2" | paste - - |
    awk -F'\t' '$1 != $2 { split($1, a, ":"); print "      " a[1] }' | head -n 20
}

# The builds run DMLREF_FLAGPROOF_JOBS at a time (default: the cores); then each build runs
# and is compared, in order.
status=0
reference=""
t_all=$SECONDS
jobs_max=${DMLREF_FLAGPROOF_JOBS:-$(nproc)}
tags=() bins=()
for cxx in "${COMPILERS[@]}"; do
  if ! command -v "$cxx" >/dev/null 2>&1; then
    echo "skip  $cxx: not installed"
    continue
  fi
  for flags in "${FLAG_SETS[@]}"; do
    bin="$OUT/flagproof-$((${#bins[@]} + 1))"
    tags+=("$cxx ${flags}"); bins+=("$bin")
    while [ "$(jobs -rp | wc -l)" -ge "$jobs_max" ]; do wait -n; done
    # shellcheck disable=SC2086
    { "$cxx" "${COMMON[@]}" $flags "$ROOT/tests/flagproof/flagproof.cpp" -o "$bin" >"$bin.build.log" 2>&1
      echo $? >"$bin.build.rc"; } &
  done
done
wait
n=${#bins[@]}
for ((k = 0; k < n; ++k)); do
  tag=${tags[k]} bin=${bins[k]}
  if [ "$(cat "$bin.build.rc")" != 0 ]; then
    echo "FAIL  build [$tag]:"; tail -n 30 "$bin.build.log"; status=1; continue
  fi
  if ! "$bin" >"$bin.out" 2>"$bin.err"; then
    echo "FAIL  run [$tag]:"; cat "$bin.err"; status=1; continue
  fi
  lines=$(wc -l <"$bin.out")
  if [ -z "$reference" ]; then
    reference=$bin.out
    echo "ok    [$tag]: $lines blocks, $(wc -c <"$bin.out") bytes, the reference"
  elif cmp -s "$reference" "$bin.out"; then
    echo "ok    [$tag]: identical to the reference"
  else
    status=1; report "$tag" "$bin.out"
  fi
  for env in upward downward towardzero ftz; do
    if ! "$bin" "$env" >"$bin.$env.out" 2>"$bin.err"; then
      echo "FAIL  run [$tag, $env]:"; cat "$bin.err"; status=1
    elif ! cmp -s "$reference" "$bin.$env.out"; then
      status=1; report "$tag, $env" "$bin.$env.out"
    fi
  done
done
if [ -z "$reference" ]; then
  echo "FAIL  no compiler of '${COMPILERS[*]}' is installed"
  exit 1
fi
echo "flagproof: $n builds, $((SECONDS - t_all)) s, $([ "$status" -eq 0 ] && echo "all outputs identical" || echo "FAILED")"
exit "$status"
