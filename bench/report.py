#!/usr/bin/python3
"""Run dmlref-bench and write docs/performance.md with its plots (docs/perf/*.png).

This file collects (builds and runs the benchmark, reads the machine, times a compile);
bench/results.py turns Google Benchmark's JSON into rows and the figures derived from them;
bench/render.py writes the page, the plots and --quick's table.

  bench/report.py                      the full suite: build, run, page (about 20 minutes on 2 cores)
  bench/report.py --quick              a few representative rows, a table on stdout, no page (< 1 min)
  bench/report.py --filter REGEX       a subset (passed as --benchmark_filter); the page says so
  bench/report.py --from-json FILE     rewrite the page from an earlier run's JSON, running nothing

Each benchmark runs --repetitions times (default 5) with --benchmark_report_aggregates_only and
the page uses the medians. The raw JSON of the last run is kept in the build directory
(results.json). Debian's /usr/bin/python3 has matplotlib (python3-matplotlib); a pyenv
`python3` may not.
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
from results import group, parse, target_rows, use_operators

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_BUILD = os.path.join(ROOT, "build", "bench")

_Q = "(fast|memcpy|scalar|eigen|xtensor)"
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


def configure_args(build_dir):
    return ["cmake", "-S", ROOT, "-B", build_dir, "-G", "Ninja", "-DCMAKE_BUILD_TYPE=Release",
            "-DDMLREF_BUILD_BENCH=ON", "-DDMLREF_BENCH_NATIVE=ON", "-DDMLREF_BUILD_TESTS=OFF",
            "-DDMLREF_BUILD_EXAMPLES=OFF", "-DDMLREF_BUILD_TOOLS=OFF"]


def build(build_dir):
    if not os.path.exists(os.path.join(build_dir, "CMakeCache.txt")):
        run(configure_args(build_dir))
    run(["cmake", "--build", build_dir, "--target", "dmlref-bench"])
    exe = os.path.join(build_dir, "dmlref-bench")
    if not os.path.exists(exe):
        sys.exit(f"report: {exe} was not built (is libbenchmark-dev installed?)")
    return exe


def run_suite(exe, regex, repetitions, min_time, json_path):
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
                      "min_time": min_time, "command": cmd, "invocation": invocation()}
    with open(json_path, "w") as f:
        json.dump(data, f, indent=1)
    return data


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


def machine_info(data):
    ctx = data.get("context", {})
    lscpu = capture(["lscpu"])
    model = re.search(r"Model name:\s*(.*)", lscpu)
    cpus = re.search(r"^CPU\(s\):\s*(\d+)", lscpu, re.M)
    flags = re.search(r"Flags:\s*(.*)", lscpu)
    isa = [f for f in ("avx2", "fma", "f16c", "avx512f", "avx512bw", "avx512_fp16") if flags and f in flags.group(1).split()]
    gxx = capture(["g++", "--version"]).splitlines()[:1]
    clang = capture(["clang++", "--version"]).splitlines()[:1]
    return {
        "model": model.group(1).strip() if model else platform.processor(),
        "cpus": cpus.group(1) if cpus else str(os.cpu_count()),
        "isa": ", ".join(isa),
        "gxx": gxx[0] if gxx else "?",
        "clang": clang[0] if clang else "?",
        "kernel": platform.release(),
        "ctx": ctx,
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


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--filter", default="", help="regex passed as --benchmark_filter (default: everything)")
    ap.add_argument("--repetitions", type=int, help="--benchmark_repetitions (default 5; --quick: 3)")
    ap.add_argument("--min-time", type=float,
                    help="--benchmark_min_time per repetition, seconds (default 0.1; --quick: 0.05)")
    ap.add_argument("--time", choices=["real", "cpu"], default="real",
                    help="which median to report (default real: wall-clock)")
    ap.add_argument("--quick", action="store_true",
                    help="a few representative rows (2^20, contiguous), a table on stdout; no page")
    ap.add_argument("--build-dir", default=DEFAULT_BUILD, help="CMake build directory (default build/bench)")
    ap.add_argument("--no-build", action="store_true", help="use the existing dmlref-bench as it is")
    ap.add_argument("--from-json", help="write the page from this JSON (a previous run's results.json)")
    ap.add_argument("--test-build-seconds", type=float,
                    help="the test suite's build time, read from a log, instead of building it here")
    ap.add_argument("--skip-test-build", action="store_true", help="do not measure the test suite's build")
    ap.add_argument("--reduced-note", default="",
                    help="an extra sentence for the page's reduced-run banner")
    args = ap.parse_args()

    build_dir = os.path.abspath(args.build_dir)
    full_reps, full_mt = 5, 0.1
    command = invocation()

    if args.quick:
        exe = os.path.join(build_dir, "dmlref-bench") if args.no_build else build(build_dir)
        json_path = os.path.join(build_dir, "quick.json")
        reps = args.repetitions if args.repetitions is not None else 3
        mt = args.min_time if args.min_time is not None else 0.05
        regex = args.filter or QUICK_FILTER
        data = run_suite(exe, regex, reps, mt, json_path)
        use_operators(data)
        rows, errors = parse(data, args.time)
        quick_table(rows, args.time)
        for name, msg in errors.items():
            print(f"error: {name}: {msg}")
        print(f"({data['report']['wall_seconds']:.0f} s; raw JSON in {os.path.relpath(json_path, ROOT)})")
        return

    if args.from_json:
        with open(args.from_json) as f:
            data = json.load(f)
        rep = data.get("report", {})
        regex, reps, mt = rep.get("filter", ""), rep.get("repetitions", full_reps), rep.get("min_time", full_mt)
    else:
        exe = os.path.join(build_dir, "dmlref-bench") if args.no_build else build(build_dir)
        regex = args.filter
        reps = args.repetitions if args.repetitions is not None else full_reps
        mt = args.min_time if args.min_time is not None else full_mt
        data = run_suite(exe, regex, reps, mt, os.path.join(build_dir, "results.json"))

    use_operators(data)
    rows, errors = parse(data, args.time)
    if not rows:
        sys.exit("report: no results")
    reduced = []
    if regex:
        reduced.append(f"only the benchmarks matching `{regex}`")
    if reps < full_reps:
        reduced.append(f"{reps} repetitions instead of {full_reps}")
    if mt < full_mt:
        reduced.append(f"a minimum time of {mt} s per repetition instead of {full_mt} s")
    if args.reduced_note:
        reduced.append(args.reduced_note)

    groups = group(rows)
    made = plots(groups, {r.impl for r in rows.values()})
    compile_info = compile_cost(build_dir)
    if args.test_build_seconds is not None:
        test_build = (args.test_build_seconds, "given with --test-build-seconds, e.g. read from a build log")
    elif args.skip_test_build:
        test_build = None
    else:
        test_build = test_build_seconds()
    python = python_cost(build_dir, measure=not args.from_json and not args.no_build)
    write_page(data, machine_info(data), rows, errors, args.time, reduced, compile_info, test_build, made,
               command, python)
    for label, goal, measured, met in target_rows(groups):
        print(f"target  {label}: {goal}: {measured}: {'met' if met else 'MISSED'}")


if __name__ == "__main__":
    main()
