#!/usr/bin/python3
"""Run dmlref-bench and write docs/performance.md with its plots (docs/perf/*.png).

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
import datetime
import json
import math
import os
import platform
import re
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_BUILD = os.path.join(ROOT, "build", "bench")
PAGE = os.path.join(ROOT, "docs", "performance.md")
PLOTS = os.path.join(ROOT, "docs", "perf")

IMPLS = ["golden", "fast", "memcpy", "scalar", "eigen", "xtensor"]
PEERS = ["scalar", "eigen", "xtensor"]
# The operators, in the registry's order, and their DirectML names: dmlref-bench publishes
# them (context "operators": "sign=ELEMENT_WISE_SIGN,...", from include/dmlref/ops/registry.hpp);
# use_operators() reads them from a run. These are the fallback for results without it.
OPS = ["sign", "constant_pow", "pow", "dequantize_linear"]
OP_TITLES = {op: "ELEMENT_WISE_" + op.upper() for op in OPS}


def use_operators(data):
    """Takes the operator list from the run's context, where dmlref-bench published it."""
    listed = data.get("context", {}).get("operators", "")
    if not listed:
        return
    OPS.clear()
    OP_TITLES.clear()
    for entry in listed.split(","):
        op, _, title = entry.partition("=")
        OPS.append(op)
        OP_TITLES[op] = title or "ELEMENT_WISE_" + op.upper()
DTYPE_ORDER = ["float32", "float16", "int8", "uint8", "int16", "uint16", "int32", "uint32"]
LAYOUT_ORDER = ["contiguous", "broadcast", "strided"]
CASE_ORDER = ["-", "f16", "i8", "u8", "2", "3", "0.5", "2.2", "2.2_sb", "rand"]
STYLE = {  # colour, marker
    "golden": ("#7f7f7f", "s"),
    "fast": ("#d62728", "o"),
    "memcpy": ("#000000", "x"),
    "scalar": ("#1f77b4", "^"),
    "eigen": ("#2ca02c", "v"),
    "xtensor": ("#9467bd", "D"),
}

# --quick: representative rows at 2^20 elements, contiguous.
# The golden path is left out: seconds per POW row at 2^20.
_Q = "(fast|memcpy|scalar|eigen|xtensor)"
QUICK_FILTER = (
    rf"^(sign/{_Q}/(float32|float16)/contiguous/-"
    rf"|constant_pow/{_Q}/(float32|float16)/contiguous/2"
    rf"|pow/{_Q}/float32/contiguous/rand"
    rf"|dequantize_linear/{_Q}/int8/contiguous/(-|f16))/1048576$"
)

HEADLINES = [  # (label, op, dtype, case)
    ("SIGN float32", "sign", "float32", "-"),
    ("SIGN float16", "sign", "float16", "-"),
    ("DEQUANTIZE int8 -> float32", "dequantize_linear", "int8", "-"),
    ("DEQUANTIZE int8 -> float16", "dequantize_linear", "int8", "f16"),
    ("CONSTANT_POW(2) float32", "constant_pow", "float32", "2"),
    ("CONSTANT_POW(2) float16", "constant_pow", "float16", "2"),
    ("CONSTANT_POW(2.2) float32", "constant_pow", "float32", "2.2"),
    ("POW float32 (random)", "pow", "float32", "rand"),
    ("POW float16 (random)", "pow", "float16", "rand"),
]


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
# Results


class Row:
    __slots__ = ("op", "impl", "dtype", "layout", "case", "n", "ns", "rel_err", "bytes")


def parse(data, metric):
    """Medians (or the single run when there is one repetition) as Rows keyed by name."""
    rows, errors = {}, {}
    scale = {"ns": 1.0, "us": 1e3, "ms": 1e6, "s": 1e9}
    for b in data.get("benchmarks", []):
        name = b.get("run_name", b["name"])
        if b.get("error_occurred"):
            errors[name] = b.get("error_message", "error")
            continue
        if b.get("run_type") == "aggregate" and b.get("aggregate_name") != "median":
            continue
        if b.get("run_type") == "iteration" and name in rows:
            continue
        parts = name.split("/")
        if len(parts) != 6:
            continue
        r = Row()
        r.op, r.impl, r.dtype, r.layout, r.case, n = parts
        r.n = int(n)
        r.ns = b[f"{metric}_time"] * scale[b.get("time_unit", "ns")] / r.n
        r.rel_err = b.get("rel_err")
        r.bytes = b.get("bytes_per_second")
        rows[name] = r
    return rows, errors


def group(rows):
    """{(op, dtype, layout, case, n): {impl: Row}}"""
    g = {}
    for r in rows.values():
        g.setdefault((r.op, r.dtype, r.layout, r.case, r.n), {})[r.impl] = r
    return g


def order_key(k):
    op, dtype, layout, case, n = k
    idx = lambda lst, v: lst.index(v) if v in lst else len(lst)
    return (idx(OPS, op), idx(DTYPE_ORDER, dtype), idx(CASE_ORDER, case), idx(LAYOUT_ORDER, layout), n)


def best_peer(impls):
    peers = [(impls[p].ns, p) for p in PEERS if p in impls]
    return min(peers) if peers else (None, None)


def fmt_ns(v):
    if v is None:
        return "–"
    if v >= 100:
        return f"{v:.0f}"
    if v >= 10:
        return f"{v:.1f}"
    if v >= 1:
        return f"{v:.2f}"
    return f"{v:.3f}"


def fmt_size(n):
    e = int(round(math.log2(n)))
    return f"2^{e}" if 2 ** e == n else str(n)


def pct(memcpy, r):
    if memcpy is None or r is None:
        return None
    return 100.0 * memcpy.ns / r.ns


def fmt_ratio(x):
    if x is None:
        return "–"
    return f"{x:.2f}×" if x < 10 else f"{x:.0f}×"


# ----------------------------------------------------------------------------------------------
# Plots


def plots(groups, impls_present):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    os.makedirs(PLOTS, exist_ok=True)
    made = []
    # one figure per operator (dequantize: per output type); a subplot per dtype/layout/case
    figures = {}
    for k in groups:
        op, dtype, layout, case, n = k
        fig_key = op if op != "dequantize_linear" else f"{op}_{'f16' if case == 'f16' else 'f32'}"
        figures.setdefault(fig_key, set()).add((dtype, layout, case))
    fig_order = [k for op in OPS for k in ((op,) if op != "dequantize_linear" else
                                           ("dequantize_linear_f32", "dequantize_linear_f16"))]
    for fig_key in sorted(figures, key=lambda k: fig_order.index(k) if k in fig_order else len(fig_order)):
        op = fig_key if fig_key in OPS else "dequantize_linear"
        d_idx = lambda p: DTYPE_ORDER.index(p[0]) if p[0] in DTYPE_ORDER else 99
        c_idx = lambda p: CASE_ORDER.index(p[2]) if p[2] in CASE_ORDER else 99
        l_idx = lambda p: LAYOUT_ORDER.index(p[1])
        if op == "constant_pow":  # a row per exponent
            panels = sorted(figures[fig_key], key=lambda p: (c_idx(p), d_idx(p), l_idx(p)))
        else:  # a row per data type
            panels = sorted(figures[fig_key], key=lambda p: (d_idx(p), c_idx(p), l_idx(p)))
        layouts = len({p[1] for p in panels})
        cols = max(1, min(len(panels), 4 if layouts == 2 else layouts))
        rows_n = math.ceil(len(panels) / cols)
        fig, axes = plt.subplots(rows_n, cols, figsize=(4.2 * cols, 3.0 * rows_n), squeeze=False)
        for ax in axes.flat:
            ax.set_visible(False)
        for i, (dtype, layout, case) in enumerate(panels):
            ax = axes.flat[i]
            ax.set_visible(True)
            for impl in IMPLS:
                pts = sorted((k[4], g[impl].ns) for k, g in groups.items()
                             if k[0] == op and k[1] == dtype and k[2] == layout and k[3] == case and impl in g)
                if not pts:
                    continue
                colour, marker = STYLE[impl]
                ax.plot([p[0] for p in pts], [p[1] for p in pts], marker=marker, color=colour, label=impl,
                        linewidth=2.2 if impl == "fast" else 1.2, linestyle="--" if impl == "memcpy" else "-")
            ax.set_xscale("log", base=2)
            ax.set_yscale("log")
            title = f"{dtype} {layout}" + ("" if case in ("-",) else f" {case}")
            ax.set_title(title, fontsize=9)
            ax.tick_params(labelsize=7)
            ax.grid(True, which="both", alpha=0.25)
            if i % cols == 0:
                ax.set_ylabel("ns / element", fontsize=8)
            ax.set_xlabel("elements", fontsize=8)
        handles, labels = [], []
        for ax in axes.flat:
            for h, l in zip(*ax.get_legend_handles_labels()):
                if l not in labels:
                    handles.append(h)
                    labels.append(l)
        fig.legend(handles, labels, loc="upper center", ncol=len(labels), fontsize=8, frameon=False)
        fig.tight_layout(rect=(0, 0, 1, 1 - 0.45 / (3.0 * rows_n)))
        path = os.path.join(PLOTS, f"{fig_key}.png")
        fig.savefig(path, dpi=72)
        plt.close(fig)
        made.append((fig_key, path))
    return made


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
# The page


# The fast path's speed targets: (label, kind, op, dtypes, cases, elements, threshold).
#   kind "memcpy": fast reaches threshold % of memcpy's bandwidth for the same bytes;
#   kind "ns": fast takes at most threshold ns per element.
LARGE, SMALL = 2 ** 24, 4096
INTEGERS = ["int8", "uint8", "int16", "uint16", "int32", "uint32"]
TARGETS = [
    ("SIGN float32 at 2^24", "memcpy", "sign", ["float32"], ("-",), LARGE, 90),
    ("SIGN integers at 2^24", "memcpy", "sign", INTEGERS, ("-",), LARGE, 90),
    ("DEQUANTIZE 8-bit -> float32 at 2^24", "memcpy", "dequantize_linear", ["int8", "uint8"], ("-",), LARGE, 90),
    ("CONSTANT_POW 2, 3, 0.5 float32 at 2^24", "memcpy", "constant_pow", ["float32"], ("2", "3", "0.5"), LARGE, 90),
    ("SIGN float32 in L1 (4096)", "memcpy", "sign", ["float32"], ("-",), SMALL, 90),
    ("SIGN integers in L1 (4096)", "memcpy", "sign", INTEGERS, ("-",), SMALL, 90),
    ("DEQUANTIZE 8-bit -> float32 in L1 (4096)", "memcpy", "dequantize_linear", ["int8", "uint8"], ("-",), SMALL, 90),
    ("CONSTANT_POW 2, 3, 0.5 float32 in L1 (4096)", "memcpy", "constant_pow", ["float32"], ("2", "3", "0.5"), SMALL, 90),
    ("SIGN float16 at 2^24", "memcpy", "sign", ["float16"], ("-",), LARGE, 80),
    ("CONSTANT_POW(2) float16 at 2^24", "memcpy", "constant_pow", ["float16"], ("2",), LARGE, 80),
    ("DEQUANTIZE 8-bit -> float16 at 2^24", "memcpy", "dequantize_linear", ["int8", "uint8"], ("f16",), LARGE, 80),
    ("QUANTIZE float32 -> int8 at 2^24", "memcpy", "quantize_linear", ["float32"], ("i8",), LARGE, 90),
    ("POW float32 in cache (4096)", "ns", "pow", ["float32"], ("rand",), SMALL, 0.45),
    ("POW float16 in cache (4096)", "ns", "pow", ["float16"], ("rand",), SMALL, 0.6),
]


def target_rows(groups):
    """(label, goal, measured, met) per target present in the run; its worst row decides."""
    out = []
    for label, kind, op, dtypes, cases, n, threshold in TARGETS:
        worst = None  # (value, where)
        for dtype in dtypes:
            for case in cases:
                g = groups.get((op, dtype, "contiguous", case, n))
                if not g or "fast" not in g or (kind == "memcpy" and "memcpy" not in g):
                    continue
                value = pct(g["memcpy"], g["fast"]) if kind == "memcpy" else g["fast"].ns
                where = dtype if case == "-" else f"{dtype} {case}"
                if worst is None or (value < worst[0] if kind == "memcpy" else value > worst[0]):
                    worst = (value, where)
        if worst is None:
            continue
        if kind == "memcpy":
            out.append((label, f">= {threshold}% of memcpy", f"{worst[0]:.0f}% ({worst[1]})", worst[0] >= threshold))
        else:
            out.append((label, f"<= {threshold} ns/element", f"{fmt_ns(worst[0])} ns ({worst[1]})",
                        worst[0] <= threshold))
    # Strided and broadcast rows within 2x of contiguous rows per element (fast path).
    worst = None
    for (op, dtype, layout, case, n), g in groups.items():
        if layout == "contiguous" or "fast" not in g:
            continue
        c = groups.get((op, dtype, "contiguous", case, n), {}).get("fast")
        if c is None:
            continue
        ratio = g["fast"].ns / c.ns
        if worst is None or ratio > worst[0]:
            worst = (ratio, f"{op} {dtype} {layout} {case} {fmt_size(n)}")
    if worst:
        out.append(("Strided and broadcast rows vs contiguous", "<= 2x per element",
                    f"{worst[0]:.2f}x ({worst[1]})", worst[0] <= 2.0))
    return out


def headline_rows(groups):
    out = []
    for label, op, dtype, case in HEADLINES:
        for n in sorted({k[4] for k in groups if k[0] == op}):
            g = groups.get((op, dtype, "contiguous", case, n))
            if not g or "fast" not in g:
                continue
            fast, memcpy = g["fast"], g.get("memcpy")
            peer_ns, peer = best_peer(g)
            out.append((label, n, fast.ns, pct(memcpy, fast), peer, peer_ns,
                        peer_ns / fast.ns if peer_ns else None))
    return out


def op_table(op, groups, impls_present):
    keys = sorted((k for k in groups if k[0] == op), key=order_key)
    if not keys:
        return []
    impls = [i for i in IMPLS if i in impls_present]
    head = ["dtype", "case", "layout", "elements"] + impls + ["best peer", "fast vs best peer"]
    lines = ["| " + " | ".join(head) + " |", "|" + "|".join(["---"] * 4 + ["---:"] * (len(impls) + 2)) + "|"]
    for k in keys:
        _, dtype, layout, case, n = k
        g = groups[k]
        memcpy = g.get("memcpy")
        cells = []
        for i in impls:
            r = g.get(i)
            if r is None:
                cells.append("–")
            elif i == "memcpy":
                cells.append(fmt_ns(r.ns))
            else:
                p = pct(memcpy, r)
                cells.append(f"{fmt_ns(r.ns)} ({p:.0f}%)" if p is not None else fmt_ns(r.ns))
        peer_ns, peer = best_peer(g)
        ratio = peer_ns / g["fast"].ns if peer_ns and "fast" in g else None
        case_cell = case if op != "dequantize_linear" else ("→ float16" if case == "f16" else "→ float32")
        lines.append("| " + " | ".join([dtype, case_cell, layout, fmt_size(n)] + cells +
                                        [peer or "–", fmt_ratio(ratio)]) + " |")
    return lines


def error_table(rows):
    worst = {}
    for r in rows.values():
        if r.rel_err is None:
            continue
        key = (r.op, r.impl)
        if key not in worst or r.rel_err > worst[key][0]:
            worst[key] = (r.rel_err, f"{r.dtype}/{r.layout}/{r.case}")
    impls = [i for i in IMPLS if any(k[1] == i for k in worst)]
    lines = ["| operator | " + " | ".join(impls) + " |", "|---|" + "---:|" * len(impls)]
    for op in OPS:
        if not any(k[0] == op for k in worst):
            continue
        cells = []
        for i in impls:
            w = worst.get((op, i))
            cells.append("–" if w is None else ("0" if w[0] == 0 else f"{w[0]:.1e} ({w[1]})"))
        lines.append(f"| {op} | " + " | ".join(cells) + " |")
    return lines


def write_page(data, rows, errors, metric, reduced_reasons, compile_info, test_build, made_plots, command,
               python=None):
    groups = group(rows)
    impls_present = {r.impl for r in rows.values()}
    info = machine_info(data)
    ctx = info["ctx"]
    rep = data.get("report", {})
    L = []
    L.append("# Performance")
    L.append("")
    L.append("<!-- Generated by bench/report.py: edit the script, not this page. -->")
    L.append("")
    if reduced_reasons:
        L.append("> **Reduced run.** " + "; ".join(reduced_reasons) + ". The figures below show the "
                 "shape of the results, not final numbers: rerun the command under *Reproduce* on a quiet "
                 "machine for those.")
        L.append("")
    L.append("dmlref's two paths against the same work done by a plain scalar loop, Eigen and xtensor, "
             "and against `memcpy` of the same bytes (the memory-bandwidth limit). One thread. "
             "Times are the median of the repetitions of Google Benchmark's "
             f"**{metric} time**, divided by the element count: **ns per element, lower is better**. "
             "The percentage after each time is the share of memcpy's bandwidth that implementation reaches "
             "on the same bytes (memcpy time ÷ its time; 100% = as fast as copying). "
             "*fast vs best peer* is the best peer's time ÷ fast's time: above 1× the fast path is faster "
             "than every peer, below 1× the named peer beats it.")
    L.append("")
    # machine
    L.append("## Machine")
    L.append("")
    L.append(f"- CPU: {info['model']}, {info['cpus']} CPUs ({ctx.get('num_cpus', '?')} seen by the benchmark, "
             f"{ctx.get('mhz_per_cpu', '?')} MHz); ISA used: {info['isa']}; the fast path ran on xsimd's "
             f"`{ctx.get('dmlref_fast_arch', '?')}`.")
    caches = ctx.get("caches", [])
    if caches:
        cs = ", ".join(f"L{c['level']} {c['type'].lower()} {c['size'] // 1024} KiB" for c in caches)
        L.append(f"- Caches: {cs}. A 2^24-element FLOAT32 tensor is 64 MiB.")
    L.append(f"- Compilers: {info['gxx']} (the benchmark: {ctx.get('compiler', '?')}); {info['clang']}.")
    L.append(f"- Peers: Eigen {ctx.get('eigen', 'not found')}; xtensor {ctx.get('xtensor', 'not found')} "
             "with XTENSOR_USE_XSIMD.")
    L.append(f"- Linux {info['kernel']}; run on {ctx.get('date', '?')}; load average when it started: "
             f"{', '.join(f'{x:.2f}' for x in ctx.get('load_avg', [])) or '?'}.")
    if rep.get("wall_seconds"):
        L.append(f"- Wall time of the run: {rep['wall_seconds'] / 60:.1f} min for {len(rows)} benchmarks "
                 f"× {rep.get('repetitions')} repetitions (min time {rep.get('min_time')} s each).")
    L.append("")
    # reproduce
    L.append("## Reproduce")
    L.append("")
    L.append("```sh")
    L.append("/usr/bin/python3 bench/report.py            # builds build/bench (Release, -O3 -march=native), "
             "runs everything, rewrites this page")
    L.append("/usr/bin/python3 bench/report.py --quick    # a few rows, a table on stdout, this page untouched")
    L.append("```")
    L.append("")
    L.append("A full run is about 20 minutes of benchmarks on 2 cores (5 repetitions of at least 0.1 s each), "
             "then the compile-time measurements, which build the test suite from clean in a scratch "
             "directory (minutes; `--test-build-seconds S` passes a figure read from a build log instead, "
             "`--skip-test-build` leaves it out). `--from-json build/bench/results.json` rewrites the page "
             "from the last run without running anything.")
    L.append("")
    ran = rep.get("invocation", command)
    how = f"`{ran}`" if ran == command else f"`{ran}` (the page rewritten by `{command}`)"
    L.append(f"This page came from: {how}. Under it, the benchmark binary ran as "
             f"`{' '.join(shlex.quote(os.path.relpath(c, ROOT) if c.startswith(ROOT) else c) for c in rep.get('command', []))}`.")
    L.append("Benchmark names are `<op>/<impl>/<dtype>/<layout>/<case>/<elements>`; `--filter REGEX` "
             "selects some (for example `--filter '^sign/.*/float32/'`).")
    L.append("")
    # headlines
    L.append("## Headlines (contiguous tensors)")
    L.append("")
    L.append("| row | elements | fast ns/element | fast % of memcpy | best peer | its ns/element | fast vs best peer |")
    L.append("|---|---|---:|---:|---|---:|---:|")
    for label, n, fast_ns, p, peer, peer_ns, ratio in headline_rows(groups):
        L.append(f"| {label} | {fmt_size(n)} | {fmt_ns(fast_ns)} | {'–' if p is None else f'{p:.0f}%'} | "
                 f"{peer or '–'} | {fmt_ns(peer_ns)} | {fmt_ratio(ratio)} |")
    L.append("")
    # targets
    L.append("## The fast path against its targets")
    L.append("")
    L.append("Each line takes the worst of the rows it covers (contiguous tensors, medians of this run); "
             "a percentage of memcpy is memcpy's time over the fast path's for the same bytes.")
    L.append("")
    L.append("| target | goal | measured (worst row) | met |")
    L.append("|---|---|---|---|")
    for label, goal, measured, met in target_rows(groups):
        L.append(f"| {label} | {goal} | {measured} | {'yes' if met else '**no**'} |")
    L.append("")
    # what is measured
    L.append("## What is measured")
    L.append("")
    L.append("- **Sizes**: 4096 (caches), 2^20 and 2^24 elements. The golden path of POW and CONSTANT_POW "
             "is **not run at 2^24**: it spends hundreds of nanoseconds per element (seconds per iteration); "
             "its 4096 and 2^20 rows show its cost.")
    L.append("- **Layouts**: *contiguous*: every tensor packed (one 1-D view). *broadcast*: 2-D "
             "[rows, 1024] with one operand on zero strides: POW's ExponentTensor is a single row "
             "(strides {0, 1}); DEQUANTIZE's ScaleTensor and ZeroPointTensor hold one value per row, i.e. "
             "per channel (strides {1, 0}). *strided*: 2-D [rows, 1024], every tensor with a row stride of "
             "1040 elements (rows padded by 16 elements). SIGN and CONSTANT_POW have one input: no broadcast row.")
    L.append("- **Cases**: CONSTANT_POW exponents 2, 3, 0.5, 2.2 and 2.2 with ScaleBias (scale 1.5, bias "
             "-0.25), bases uniform in [0.25, 4]; POW `rand`: bases uniform in [0.25, 4], exponents uniform in "
             "[-4, 4], of the base's type; SIGN uniform in [-1, 1] (integers: the whole range) with one "
             "element in 16 zero; DEQUANTIZE: inputs and zero points over the whole range of 8- and 16-bit "
             "types (32-bit: ±2^20 and [0, 2^21)), scales uniform in [1/256, 1/64]; *case* `-` outputs "
             "FLOAT32, `f16` outputs FLOAT16. DEQUANTIZE's contiguous rows have full-size Scale and "
             "ZeroPoint tensors (three inputs).")
    L.append("- **Bytes** (for bytes_per_second and memcpy): every full-size input, the distinct elements "
             "of a broadcast one, and the output; padding is not counted. **memcpy** copies, row by row, "
             "each full-size input's bytes of that row into the output row (wrapping round when they are "
             "more than the row, memset for the rest when fewer): the same bytes read and written as the "
             "operator, with no arithmetic. It is the limit a memory-bound operator can reach; on 4096 "
             "elements everything is in L1 and memcpy is a much harder target. Where the inputs are several "
             "times the output (DEQUANTIZE with full-size 32-bit Scale and ZeroPoint: 12 bytes in, 4 out), "
             "memcpy's wrapped copies store more than the operator does and a kernel can pass 100%. "
             "memcpy is glibc's, whose ordinary stores first read each line they write; the fast path writes "
             "outputs of 16 MiB or more with streaming (non-temporal) stores, which skip that read, so on "
             "2^24-element rows it can pass 100% too (docs/fast-path.md).")
    L.append("- **Peers** compute as nearly the same thing as they allow:")
    L.append("  - *scalar*: a plain loop over std:: functions: SIGN `(x > 0) - (x < 0)`; CONSTANT_POW "
             "`std::pow(g, E)` with E a compile-time constant (GCC folds E = 2 into g·g; 3, 0.5 and 2.2 call "
             "powf); POW `std::pow(b, e)`; DEQUANTIZE `(float(x) - float(z)) * s`. FLOAT16 through "
             "dmlref::float16 conversions (F16C, element by element).")
    L.append("  - *eigen*: Eigen arrays mapped on the buffers. SIGN `(x > 0).select(1, (x < 0).select(-1, 0))`: "
             "Eigen's `.sign()` keeps NaN (DirectML gives 0) and is not vectorised (about 20× slower); "
             "CONSTANT_POW `.square()`, `.cube()`, `.sqrt()`, `.pow(e)`; POW `b.pow(e)` (Eigen's vectorised "
             "generic pow); DEQUANTIZE `(x.cast<float>() - z.cast<float>()) * s`. FLOAT16 as Eigen::half, "
             "`.cast<float>()` in and `.cast<Eigen::half>()` out.")
    L.append("  - *xtensor*: `xt::adapt` on the buffers, `xt::noalias` assignment: SIGN "
             "`xt::where(x > 0, 1, xt::where(x < 0, -1, 0))` (`xt::sign` keeps -0 and NaN); CONSTANT_POW "
             "`xt::square`, `xt::cube`, `xt::sqrt`, `xt::pow`; POW `xt::pow` (xsimd's pow); DEQUANTIZE "
             "`(xt::cast<float>(x) - xt::cast<float>(z)) * s`. xtensor has no half type (its expressions need "
             "arithmetic on the element type): FLOAT16 rows are widened into a float scratch row, computed, "
             "and narrowed back element by element.")
    L.append("  - Differences from dmlref's results (the *rel_err* table below): peers compute in float, so "
             "CONSTANT_POW(3) rounds twice (g·g·g), sqrt(-0) is -0 where pow gives +0, ScaleBias is "
             "`x * 1.5f - 0.25f` with two roundings (dmlref fuses it), FLOAT16 results round twice (float, "
             "then half), 32-bit DEQUANTIZE inputs are rounded to float before subtracting (dmlref subtracts "
             "exactly), and the peers' pow is not correctly rounded (dmlref fast: within 2 ULP FLOAT32, 1 ULP "
             "FLOAT16 of golden). Nothing checks special values here (the inputs have no NaN or Inf).")
    L.append("  - On the broadcast and strided layouts the peers run row by row over 1-D maps of each "
             "contiguous row, the per-channel scale and zero point as scalars: the fastest way to drive "
             "them (xtensor's own broadcasting and strided adaptors fall back to scalar steppers).")
    L.append("- **Build**: `build/bench`, CMake Release; dmlref-bench gets `-O3 -march=native` "
             "(option DMLREF_BENCH_NATIVE), so the fast path uses AVX-512 and F16C here.")
    L.append("")
    # tables
    for op in OPS:
        lines = op_table(op, groups, impls_present)
        if not lines:
            continue
        L.append(f"## {OP_TITLES[op]}")
        L.append("")
        for key, path in made_plots:
            if key == op or key.startswith(op + "_"):
                rel = os.path.relpath(path, os.path.dirname(PAGE))
                caption = {"dequantize_linear_f32": " (to FLOAT32)", "dequantize_linear_f16": " (to FLOAT16)"}.get(key, "")
                L.append(f"![{OP_TITLES[op]}{caption}: ns per element against elements, log-log]({rel})")
                L.append("")
        L.append("ns per element (% of memcpy bandwidth):")
        L.append("")
        L.extend(lines)
        L.append("")
    # errors
    L.append("## Largest difference from golden")
    L.append("")
    L.append("Largest relative difference from the golden result over the first 4096 elements of each row, "
             "the worst row per operator and implementation (0: the same values).")
    L.append("")
    L.extend(error_table(rows))
    L.append("")
    if errors:
        L.append("Benchmarks that reported an error:")
        L.append("")
        for name, msg in sorted(errors.items()):
            L.append(f"- `{name}`: {msg}")
        L.append("")
    python_section(L, python)
    # compile time
    L.append("## Compile-time cost")
    L.append("")
    cxx, src, results = compile_info
    L.append(f"dmlref is header-only, so its cost is compile time. One translation unit that includes "
             f"`dmlref/dmlref.hpp` and calls one operator (CONSTANT_POW on FLOAT32 through the typed API), "
             f"compiled with the benchmark's flags (`{cxx} -std=c++17 -O3 -march=native -c`), measured once:")
    L.append("")
    L.append("```cpp")
    L.append(src.rstrip())
    L.append("```")
    L.append("")
    L.append("| path | seconds |")
    L.append("|---|---:|")
    for label, secs, _cmd in results:
        L.append(f"| {label} | {'failed' if secs is None else f'{secs:.1f}'} |")
    L.append("")
    if test_build is not None:
        secs, how = test_build
        L.append(f"The test suite (`dmlref-tests`, with `dmlref-eval` it depends on) builds from clean in "
                 f"**{secs:.0f} s** ({secs / 60:.1f} min) on this machine ({how}; CMake Release).")
    else:
        L.append("The test suite's build time was not measured in this run (`--skip-test-build`).")
    L.append("")
    if reduced_reasons or (ctx.get("load_avg") and ctx["load_avg"][0] > 0.5 * (ctx.get("num_cpus") or 2)):
        L.append("Timings (run time and compile time) were taken while other builds shared the machine; "
                 "compare rows of one table with each other rather than with other machines.")
        L.append("")
    os.makedirs(os.path.dirname(PAGE), exist_ok=True)
    with open(PAGE, "w") as f:
        f.write("\n".join(L))
    log(f"report: wrote {os.path.relpath(PAGE, ROOT)}")


# ----------------------------------------------------------------------------------------------
# The Python module's cost: bench/python_pow.py in the bench build (where pybind11 is found)


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


def python_section(L, cost):
    L.append("## From Python")
    L.append("")
    L.append("The module `dmlref` (docs/python.md) binds numpy arrays as they are and runs the same "
             "`dml::execute`. `bench/python_pow.py` times the 2^24-element FLOAT16 POW on the golden path "
             "called from Python (`dmlref.pow(base, exponent)`, a new output each call) against the same C++ "
             "call over the same buffers, timed in C++ by the same build, interleaved, 5 calls each:")
    L.append("")
    if cost is None:
        L.append("Not measured in this run (the module was not built: pybind11 or numpy missing).")
    else:
        L.append("| call | median s | best s |")
        L.append("|---|---:|---:|")
        L.append(f"| Python `dmlref.pow` | {cost['python_median']:.3f} | {cost['python_best']:.3f} |")
        L.append(f"| C++ `dml::execute` | {cost['cpp_median']:.3f} | {cost['cpp_best']:.3f} |")
        L.append("")
        L.append(f"Python / C++ (medians): **{cost['ratio']:.3f}** (target: at most 1.2).")
    L.append("")


# ----------------------------------------------------------------------------------------------
# --quick


def quick_table(rows, metric):
    groups = group(rows)
    impls = [i for i in IMPLS if any(i in g for g in groups.values())]
    head = f"{'row':<44}" + "".join(f"{i:>10}" for i in impls) + f"{'fast/mem%':>11}{'vs peer':>10}"
    print(f"ns per element ({metric} time, median), lower is better")
    print(head)
    print("-" * len(head))
    for k in sorted(groups, key=order_key):
        op, dtype, layout, case, n = k
        g = groups[k]
        shown = {"-": "-> float32", "f16": "-> float16"}.get(case, case) if op == "dequantize_linear" else ("" if case == "-" else case)
        label = " ".join(x for x in (op, dtype, shown, fmt_size(n)) if x)
        cells = "".join(f"{fmt_ns(g[i].ns) if i in g else '-':>10}" for i in impls)
        p = pct(g.get("memcpy"), g.get("fast"))
        peer_ns, peer = best_peer(g)
        ratio = peer_ns / g["fast"].ns if peer_ns and "fast" in g else None
        print(f"{label:<44}{cells}{'-' if p is None else f'{p:.0f}%':>11}{fmt_ratio(ratio):>10}")
    print("fast/mem%: share of memcpy's bandwidth; vs peer: best peer's time / fast's time (>1: fast wins)")


# ----------------------------------------------------------------------------------------------


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
    write_page(data, rows, errors, args.time, reduced, compile_info, test_build, made, command, python)
    for label, goal, measured, met in target_rows(groups):
        print(f"target  {label}: {goal}: {measured}: {'met' if met else 'MISSED'}")


if __name__ == "__main__":
    main()
