#!/usr/bin/python3
"""Run dmlref-bench and numpy on the same rows, per instruction set, and write
docs/performance.md with its plots (docs/perf/*.png).

This file collects (builds and runs the benchmark for each instruction set, runs
bench/numpy_peer.py beside it, reads the machine, times a compile); bench/results.py turns
Google Benchmark's JSON into rows and the figures derived from them (the targets too);
bench/render.py writes the page, the plots and --quick's table.

  bench/report.py                      the full suite: build, run, page (about 20 minutes per
                                       instruction set on 2 cores, and a few of numpy)
  bench/report.py --isa avx2           one instruction set only (native or avx2)
  bench/report.py --quick              a few representative rows, tables on stdout, no page (< 1 min
                                       once built)
  bench/report.py --filter REGEX       a subset (passed as --benchmark_filter, and to numpy); the
                                       page says so
  bench/report.py --from-json PATH...  rewrite the page from earlier runs' JSON, running nothing:
                                       files, or a directory holding them (build/bench)

Instruction sets: native builds build/bench with -march=native (AVX-512 where the machine has
it), avx2 builds build/bench-avx2 with -mavx2 -mfma -mf16c (CMake option DMLREF_BENCH_ARCH);
numpy runs once per instruction set, restricted to AVX2 for avx2 (NPY_DISABLE_CPU_FEATURES).
A compiler launcher in the environment (CMAKE_CXX_COMPILER_LAUNCHER=ccache) is passed to CMake.

Each benchmark runs --repetitions times (default 5) with --benchmark_report_aggregates_only and
the page uses the medians. The raw JSON of the last run is kept side by side in the first build
directory (build/bench): results.json, results-avx2.json, numpy.json, numpy-avx2.json (--quick:
quick*.json). Debian's /usr/bin/python3 has matplotlib (python3-matplotlib) and numpy
(python3-numpy); a pyenv `python3` may not.
"""

import argparse
import json
import os
import platform
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

from render import plots, quick_table, write_page
from results import Run, target_rows, use_operators

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_BUILD = os.path.join(ROOT, "build", "bench")
NUMPY_PEER = os.path.join(ROOT, "bench", "numpy_peer.py")
# Instruction sets: the value of DMLREF_BENCH_ARCH, and the suffix of the build directory and of
# the JSON files. The first one run is the page's reference (golden, memcpy, compile time).
ISAS = {"native": "", "avx2": "-avx2"}

_Q = "(fast|memcpy|scalar|eigen|xtensor|numpy)"
QUICK_FILTER = (
    rf"^(sign/{_Q}/(float32|float16)/contiguous/-"
    rf"|constant_pow/{_Q}/(float32|float16)/contiguous/2"
    rf"|pow/{_Q}/float32/contiguous/rand"
    rf"|dequantize_linear/{_Q}/int8/contiguous/(-|f16))/1048576$"
)

def log(msg):
    print(msg, file=sys.stderr, flush=True)


def run(cmd, **kw):
    log("$ " + " ".join(shlex.quote(c) for c in cmd))
    return subprocess.run(cmd, check=True, **kw)


def capture(cmd):
    try:
        return subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return ""


# ----------------------------------------------------------------------------------------------
# Build and run


def configure_args(build_dir, isa):
    args = ["cmake", "-S", ROOT, "-B", build_dir, "-G", "Ninja", "-DCMAKE_BUILD_TYPE=Release",
            "-DDMLREF_BUILD_BENCH=ON", f"-DDMLREF_BENCH_ARCH={isa}", "-DDMLREF_BUILD_TESTS=OFF",
            "-DDMLREF_BUILD_EXAMPLES=OFF", "-DDMLREF_BUILD_TOOLS=OFF"]
    launcher = os.environ.get("CMAKE_CXX_COMPILER_LAUNCHER")
    if launcher:
        args.append(f"-DCMAKE_CXX_COMPILER_LAUNCHER={launcher}")
    return args


def cached(build_dir, var):
    """var's value in build_dir's CMakeCache.txt, or None."""
    path = os.path.join(build_dir, "CMakeCache.txt")
    if not os.path.exists(path):
        return None
    m = re.search(rf"^{var}:[A-Z]+=(.*)$", open(path).read(), re.M)
    return m.group(1) if m else None


def build(build_dir, isa):
    """dmlref-bench for isa, built in build_dir; configured first when build_dir is new or was
    configured for another instruction set or compiler launcher."""
    launcher = os.environ.get("CMAKE_CXX_COMPILER_LAUNCHER")
    if (cached(build_dir, "DMLREF_BENCH_ARCH") != isa
            or (launcher and cached(build_dir, "CMAKE_CXX_COMPILER_LAUNCHER") != launcher)):
        run(configure_args(build_dir, isa))
    run(["cmake", "--build", build_dir, "--target", "dmlref-bench"])
    exe = os.path.join(build_dir, "dmlref-bench")
    if not os.path.exists(exe):
        sys.exit(f"report: {exe} was not built (is libbenchmark-dev installed?)")
    return exe


def run_suite(exe, isa, regex, repetitions, min_time, json_path):
    cmd = [exe, f"--benchmark_repetitions={repetitions}", "--benchmark_report_aggregates_only=true",
           "--benchmark_format=json", f"--benchmark_min_time={min_time}"]
    if regex:
        cmd.append(f"--benchmark_filter={regex}")
    total = count_benchmarks(exe, regex)
    log("$ " + " ".join(shlex.quote(c) for c in cmd))
    log(f"report: {total} benchmarks x {repetitions} repetitions")
    start = time.time()
    lines = []
    done = 0
    with subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True) as proc:
        for line in proc.stdout:
            lines.append(line)
            if '"aggregate_name": "median"' in line or (repetitions == 1 and '"run_type": "iteration"' in line):
                done += 1
                if done % 10 == 0 or done == total:
                    el = time.time() - start
                    eta = el / done * (total - done)
                    log(f"report: {done}/{total} done, {el:.0f} s elapsed, about {eta:.0f} s left")
        rc = proc.wait()
    if rc != 0:
        sys.exit(f"report: dmlref-bench exited with {rc}")
    data = json.loads("".join(lines))
    data["report"] = {"wall_seconds": time.time() - start, "filter": regex, "repetitions": repetitions,
                      "min_time": min_time, "command": cmd, "invocation": invocation(), "isa": isa,
                      "machine": machine_info()}
    with open(json_path, "w") as f:
        json.dump(data, f, indent=1)
    return data


def run_numpy(isa, regex, repetitions, min_time, json_path):
    """bench/numpy_peer.py on the rows matching regex, restricted to isa; its JSON, or None when
    numpy is missing or has none of the rows."""
    cmd = ["/usr/bin/python3", NUMPY_PEER, "--isa", isa, "--repetitions", str(repetitions),
           "--min-time", str(min_time), "--out", json_path]
    if regex:
        cmd += ["--filter", regex]
    log("$ " + " ".join(shlex.quote(c) for c in cmd))
    if subprocess.run(cmd).returncode != 0:
        log("report: numpy_peer.py failed: no numpy rows")
        return None
    with open(json_path) as f:
        data = json.load(f)
    data["report"].update(isa=isa, command=cmd)
    with open(json_path, "w") as f:
        json.dump(data, f, indent=1)
    return data if data.get("benchmarks") else None


def invocation():
    return "bench/report.py" + "".join(" " + shlex.quote(a) for a in sys.argv[1:])


def count_benchmarks(exe, regex):
    cmd = [exe, "--benchmark_list_tests=true"]
    if regex:
        cmd.append(f"--benchmark_filter={regex}")
    out = capture(cmd)
    return len([l for l in out.splitlines() if l.strip()])


# ----------------------------------------------------------------------------------------------
# Machine and compile-time cost


def machine_info():
    """The machine as lscpu, the compilers and the kernel describe it (recorded with each run)."""
    lscpu = capture(["lscpu"])
    model = re.search(r"Model name:\s*(.*)", lscpu)
    cpus = re.search(r"^CPU\(s\):\s*(\d+)", lscpu, re.M)
    flags = re.search(r"Flags:\s*(.*)", lscpu)
    isa = [f for f in ("avx2", "fma", "f16c", "avx512f", "avx512bw", "avx512_fp16") if flags and f in flags.group(1).split()]
    gxx = capture(["g++", "--version"]).splitlines()[:1]
    clang = capture(["clang++", "--version"]).splitlines()[:1]
    return {
        "model": model.group(1).strip() if model else "unknown (no lscpu)",
        "cpus": cpus.group(1) if cpus else str(os.cpu_count()),
        "isa": ", ".join(isa),
        "gxx": gxx[0] if gxx else "?",
        "clang": clang[0] if clang else "?",
        "kernel": platform.release(),
    }


def compile_cost(build_dir):
    """Seconds to compile a TU that includes dmlref.hpp and uses one operator, with the bench's
    flags: golden only, and with the fast path (xsimd)."""
    cxx = "c++"
    cache = os.path.join(build_dir, "CMakeCache.txt")
    if os.path.exists(cache):
        m = re.search(r"^CMAKE_CXX_COMPILER:FILEPATH=(.*)$", open(cache).read(), re.M)
        if m:
            cxx = m.group(1)
    src = (
        "#include <dmlref/dmlref.hpp>\n"
        "float base[8], out[8];\n"
        "int main() {\n"
        "  auto in = dmlref::make_packed_view(static_cast<const float*>(base), {8});\n"
        "  return dmlref::constant_pow(PATH, in, dmlref::make_packed_view(out, {8}), 2.2f).ok() ? 0 : 1;\n"
        "}\n")
    flags = ["-std=c++17", "-O3", "-march=native", "-DNDEBUG", "-I", os.path.join(ROOT, "include")]
    results = []
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "one_operator.cpp")
        with open(path, "w") as f:
            f.write(src)
        for label, extra in (("golden (dmlref::dmlref)", ["-DPATH=dmlref::golden"]),
                             ("fast (dmlref::simd: + xsimd, DMLREF_HAVE_XSIMD=1)",
                              ["-DPATH=dmlref::fast", "-DDMLREF_HAVE_XSIMD=1"])):
            cmd = [cxx] + flags + extra + ["-c", path, "-o", os.path.join(tmp, "o.o")]
            t0 = time.time()
            ok = subprocess.run(cmd, capture_output=True).returncode == 0
            results.append((label, time.time() - t0 if ok else None, " ".join(cmd).replace(tmp + "/", "")))
    return cxx, src.replace("PATH", "dmlref::golden"), results


def test_build_seconds():
    """Build dmlref-tests from clean in a scratch build directory; seconds for `cmake --build`."""
    scratch = tempfile.mkdtemp(prefix="dmlref-test-build-", dir=os.path.join(ROOT, "build"))
    try:
        run(["cmake", "-S", ROOT, "-B", scratch, "-G", "Ninja", "-DCMAKE_BUILD_TYPE=Release",
             "-DDMLREF_BUILD_BENCH=OFF", "-DDMLREF_BUILD_EXAMPLES=OFF"], stdout=subprocess.DEVNULL)
        t0 = time.time()
        run(["cmake", "--build", scratch, "--target", "dmlref-tests", "--parallel", str(os.cpu_count() or 2)],
            stdout=subprocess.DEVNULL)
        return time.time() - t0, f"cmake --build <scratch> --target dmlref-tests --parallel {os.cpu_count()}"
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


# ----------------------------------------------------------------------------------------------


def python_cost(build_dir, measure):
    """The figures of bench/python_pow.py, measured now (measure) or from the last run's
    python_pow.json in build_dir; None when the module is not built."""
    saved = os.path.join(build_dir, "python_pow.json")
    if measure:
        subprocess.run(["cmake", "--build", build_dir, "--target", "dmlref-python"], check=False)
        if os.path.isdir(os.path.join(build_dir, "python", "dmlref")):
            env = dict(os.environ, PYTHONPATH=os.path.join(build_dir, "python"))
            out = subprocess.run(["/usr/bin/python3", os.path.join(ROOT, "bench", "python_pow.py"), "5", "--json"],
                                 capture_output=True, text=True, env=env).stdout
            lines = [line for line in out.splitlines() if line.startswith("{")]
            if lines:
                with open(saved, "w") as f:
                    f.write(lines[-1])
    if not os.path.exists(saved):
        return None
    with open(saved) as f:
        return json.load(f)


def json_paths(path):
    """The JSON files a --from-json argument names: itself, or the run files in a directory."""
    if not os.path.isdir(path):
        return [path]
    names = [f"{kind}{suffix}.json" for suffix in ISAS.values() for kind in ("results", "numpy")]
    return [os.path.join(path, n) for n in names if os.path.exists(os.path.join(path, n))]


def load_runs(paths, metric):
    """Runs from earlier JSON files: dmlref-bench's and numpy_peer.py's, paired by instruction set
    (report.isa, else the file name's -avx2 suffix)."""
    bench, numpy = {}, {}
    for path in paths:
        with open(path) as f:
            data = json.load(f)
        name = os.path.basename(path)
        isa = data.get("report", {}).get("isa") or next(
            (i for i, suffix in ISAS.items() if suffix and suffix in name), "native")
        is_numpy = "numpy" in data.get("context", {})
        (numpy if is_numpy else bench)[isa] = data
    if not bench:
        sys.exit("report: no dmlref-bench JSON among " + ", ".join(paths))
    return [Run(isa, bench[isa], numpy.get(isa), metric) for isa in ISAS if isa in bench]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--filter", default="", help="regex passed as --benchmark_filter (default: everything)")
    ap.add_argument("--isa", choices=["both"] + list(ISAS), default="both",
                    help="instruction set(s) to build and run (default both: native, then avx2)")
    ap.add_argument("--no-numpy", action="store_true", help="leave numpy out")
    ap.add_argument("--repetitions", type=int, help="--benchmark_repetitions (default 5; --quick: 3)")
    ap.add_argument("--min-time", type=float,
                    help="--benchmark_min_time per repetition, seconds (default 0.1; --quick: 0.05)")
    ap.add_argument("--time", choices=["real", "cpu"], default="real",
                    help="which median to report (default real: wall-clock)")
    ap.add_argument("--quick", action="store_true",
                    help="a few representative rows (2^20, contiguous), tables on stdout; no page")
    ap.add_argument("--build-dir", default=DEFAULT_BUILD,
                    help="CMake build directory of native (default build/bench; avx2's is it + -avx2); "
                         "the JSON files go here")
    ap.add_argument("--no-build", action="store_true", help="use the existing dmlref-bench as it is")
    ap.add_argument("--from-json", nargs="+", metavar="PATH",
                    help="write the page from these JSON files (or the run files in a directory), running nothing")
    ap.add_argument("--test-build-seconds", type=float,
                    help="the test suite's build time, read from a log, instead of building it here")
    ap.add_argument("--skip-test-build", action="store_true", help="do not measure the test suite's build")
    ap.add_argument("--reduced-note", default="",
                    help="an extra sentence for the page's reduced-run banner")
    args = ap.parse_args()

    build_dir = os.path.abspath(args.build_dir)
    full_reps, full_mt = 5, 0.1
    command = invocation()
    isas = list(ISAS) if args.isa == "both" else [args.isa]

    if args.from_json:
        runs = load_runs([p for path in args.from_json for p in json_paths(path)], args.time)
        rep = runs[0].bench.get("report", {})
        regex, reps, mt = rep.get("filter", ""), rep.get("repetitions", full_reps), rep.get("min_time", full_mt)
    else:
        regex = args.filter or (QUICK_FILTER if args.quick else "")
        reps = args.repetitions if args.repetitions is not None else (3 if args.quick else full_reps)
        mt = args.min_time if args.min_time is not None else (0.05 if args.quick else full_mt)
        prefix = "quick" if args.quick else "results"
        runs = []
        for isa in isas:
            suffix = ISAS[isa]
            isa_dir = build_dir + suffix
            exe = os.path.join(isa_dir, "dmlref-bench") if args.no_build else build(isa_dir, isa)
            bench = run_suite(exe, isa, regex, reps, mt, os.path.join(build_dir, f"{prefix}{suffix}.json"))
            numpy = None
            if not args.no_numpy:
                numpy_name = f"{prefix}-numpy{suffix}.json" if args.quick else f"numpy{suffix}.json"
                numpy = run_numpy(isa, regex, reps, mt, os.path.join(build_dir, numpy_name))
            use_operators(bench)
            runs.append(Run(isa, bench, numpy, args.time))

    use_operators(runs[0].bench)
    if args.quick:
        for run in runs:
            quick_table(run, args.time)
            for name, msg in run.errors.items():
                print(f"error: {name}: {msg}")
            walls = [d["report"]["wall_seconds"] for d in (run.bench, run.numpy) if d]
            print(f"({sum(walls):.0f} s; raw JSON in {os.path.relpath(build_dir, ROOT)}/quick*.json)")
            print()
        return

    if not any(run.rows for run in runs):
        sys.exit("report: no results")
    reduced = []
    if regex:
        reduced.append(f"only the benchmarks matching `{regex}`")
    if reps < full_reps:
        reduced.append(f"{reps} repetitions instead of {full_reps}")
    if mt < full_mt:
        reduced.append(f"a minimum time of {mt} s per repetition instead of {full_mt} s")
    if len(runs) < len(ISAS):
        reduced.append("only the " + ", ".join(run.isa for run in runs) + " build")
    if not any(run.numpy for run in runs):
        reduced.append("no numpy rows")
    if args.reduced_note:
        reduced.append(args.reduced_note)

    made = plots(runs)
    compile_info = compile_cost(build_dir)
    if args.test_build_seconds is not None:
        test_build = (args.test_build_seconds, "given with --test-build-seconds, e.g. read from a build log")
    elif args.skip_test_build:
        test_build = None
    else:
        test_build = test_build_seconds()
    python = python_cost(build_dir, measure=not args.from_json and not args.no_build)
    info = runs[0].bench.get("report", {}).get("machine") or machine_info()
    write_page(runs, info, args.time, reduced, compile_info, test_build, made, command, python)
    for target, judged in target_rows(runs):
        verdicts = "; ".join(f"{run.isa}: {measured}: {verdict}" for run, (measured, verdict) in zip(runs, judged))
        print(f"target  {target.label}: {target.goal}: {verdicts}")


if __name__ == "__main__":
    main()
