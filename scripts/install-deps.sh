#!/usr/bin/env bash
# Install the Debian packages dmlref's build, tests, tools and benchmarks need, only those
# missing. Runs as root, or through sudo for other users. Non-interactive (CI has no stdin).
# `apt-get update` runs only when something is missing, so a machine that has everything makes
# no network access at all.
#
#   bash scripts/install-deps.sh            install what is missing
#   bash scripts/install-deps.sh --check    list what is missing; exit 1 if anything is
#   --full (with either)                    also the full CI run's (scripts/test.sh --full):
#                                           MinGW-w64 and Wine, for the mingw-wine preset
set -euo pipefail

packages=(
  cmake ninja-build meson pkg-config  # build
  g++ clang libclang-rt-14-dev        # compilers (clang's sanitizer runtime)
  doctest-dev                         # tests
  libxsimd-dev                        # dmlref::simd, the fast path
  nlohmann-json3-dev libcli11-dev     # tools/dmlref-eval
  python3-numpy python3-pytest        # dmlref-eval's and the Python module's tests
  python3-mpmath                      # scripts/pow_hard_cases.py (judges golden pow; not in the tests)
  libmpfr-dev libllvmlibc-19-dev      # correctly rounded references that judge golden (dmlref-exp-log-sweep)
  libbenchmark-dev                    # bench/
  libeigen3-dev xtensor-dev           # comparisons in bench/ and tests
  python3-matplotlib                  # plots (use /usr/bin/python3: a pyenv `python3` lacks it)
  python3-dev pybind11-dev python3-pybind11  # the Python module
)
full_packages=(
  g++-mingw-w64-x86-64-posix wine64   # the mingw-wine preset: Windows builds, run under Wine
)

check_only=0
for arg in "$@"; do
  case "$arg" in
    --check) check_only=1 ;;
    --full) packages+=("${full_packages[@]}") ;;
    *) echo "usage: $0 [--full] [--check]" >&2; exit 2 ;;
  esac
done

if ! command -v dpkg >/dev/null 2>&1 || ! command -v apt-get >/dev/null 2>&1; then
  echo "install-deps: dpkg/apt-get not found: this script knows Debian/Ubuntu only." >&2
  echo "install-deps: needed: ${packages[*]}" >&2
  exit 1
fi

# `dpkg -s` also succeeds for a package that was removed but left its configuration files
# ("deinstall ok config-files"), so look at the Status line itself.
missing=()
for p in "${packages[@]}"; do
  if ! dpkg -s "$p" 2>/dev/null | grep -q '^Status: install ok installed$'; then
    missing+=("$p")
  fi
done

if [ "${#missing[@]}" -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages present"
  exit 0
fi
echo "install-deps: missing: ${missing[*]}"
if [ "$check_only" -eq 1 ]; then
  exit 1
fi

if [ "$(id -u)" -eq 0 ]; then
  as_root=()
elif command -v sudo >/dev/null 2>&1; then
  # `sudo env VAR=...` sets the variable whatever sudoers' env_reset says.
  as_root=(sudo)
  if [ ! -t 0 ]; then
    as_root+=(-n)  # no terminal to ask a password on: fail instead of hanging
  fi
else
  echo "install-deps: not root and no sudo: install as root: apt-get install ${missing[*]}" >&2
  exit 1
fi

apt=("${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -q -y -o DPkg::Lock::Timeout=300)
"${apt[@]}" update
"${apt[@]}" install --no-install-recommends "${missing[@]}"

# Verify: a package that apt could not install must not pass silently.
still=()
for p in "${missing[@]}"; do
  dpkg -s "$p" 2>/dev/null | grep -q '^Status: install ok installed$' || still+=("$p")
done
if [ "${#still[@]}" -ne 0 ]; then
  echo "install-deps: still missing after apt-get install: ${still[*]}" >&2
  exit 1
fi
echo "install-deps: installed ${missing[*]}"
