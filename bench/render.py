"""Writes docs/performance.md and its plots (docs/perf/*.png) from collected results, and
--quick's table: bench/report.py collects, this module renders. Nothing here runs a benchmark
or a compiler."""

import math
import os
import shlex
import sys

from results import (CASE_ORDER, DTYPE_ORDER, IMPLS, LARGE, LAYOUT_ORDER, MID, OP_TITLES, OPS, PEERS, SMALL,
                     best_peer, family_ops, fmt_ns, fmt_ratio, fmt_size, headline_rows, order_key, pct, target_rows)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PAGE = os.path.join(ROOT, "docs", "performance.md")
PLOTS = os.path.join(ROOT, "docs", "perf")
STYLE = {  # colour, marker
    "golden": ("#7f7f7f", "s"),
    "fast": ("#d62728", "o"),
    "memcpy": ("#000000", "x"),
    "scalar": ("#1f77b4", "^"),
    "eigen": ("#2ca02c", "v"),
    "xtensor": ("#9467bd", "D"),
    "numpy": ("#ff7f0e", "P"),
}
# Implementations measured once, in the first run (the others' are the same code or library):
# the rest get a column and a line per run (instruction set).
SHARED = ("golden", "memcpy")
NOTES = os.path.join(ROOT, "bench", "target_notes.txt")

def log(msg):
    print(msg, file=sys.stderr, flush=True)


# ----------------------------------------------------------------------------------------------
# Plots


def series(runs):
    """(run, impl, label) of every column or line: SHARED impls from the first run, the others
    from every run, labelled with the run's instruction set when there are several."""
    present = [{r.impl for r in run.rows.values()} for run in runs]
    out = [(runs[0], impl, impl) for impl in SHARED if impl in present[0]]
    for run, impls in zip(runs, present):
        for impl in IMPLS:
            if impl in impls and impl not in SHARED:
                out.append((run, impl, impl if len(runs) == 1 else f"{impl} · {run.isa}"))
    return out


def plots(runs):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    os.makedirs(PLOTS, exist_ok=True)
    made = []
    # one figure per operator (dequantize: per output type); a subplot per dtype/layout/case
    figures = {}
    family = set(family_ops(runs))  # in one table, no figures
    keys = {k for run in runs for k in run.groups if k[0] not in family}
    first = runs[0]
    for k in keys:
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
            for run, impl, label in series(runs):
                pts = sorted((k[4], g[impl].ns) for k, g in run.groups.items()
                             if k[0] == op and k[1] == dtype and k[2] == layout and k[3] == case and impl in g)
                if not pts:
                    continue
                colour, marker = STYLE[impl]
                later = run is not first  # other instruction sets: dotted, hollow markers
                ax.plot([p[0] for p in pts], [p[1] for p in pts], marker=marker, color=colour, label=label,
                        linewidth=2.2 if impl == "fast" else 1.2,
                        linestyle="--" if impl == "memcpy" else (":" if later else "-"),
                        markerfacecolor="none" if later else colour)
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
        ncol = min(len(labels), 3 * cols)  # about three entries fit beside each other per panel
        legend_rows = math.ceil(len(labels) / ncol)
        fig.set_size_inches(4.2 * cols, 3.0 * rows_n + 0.22 * legend_rows)
        fig.legend(handles, labels, loc="upper center", ncol=ncol, fontsize=8, frameon=False)
        fig.tight_layout(rect=(0, 0, 1, 1 - (0.22 * legend_rows + 0.1) / (3.0 * rows_n + 0.22 * legend_rows)))
        path = os.path.join(PLOTS, f"{fig_key}.png")
        fig.savefig(path, dpi=72)
        plt.close(fig)
        made.append((fig_key, path))
    return made


def op_table(op, runs):
    keys = sorted({k for run in runs for k in run.groups if k[0] == op}, key=order_key)
    if not keys:
        return []
    cols = series(runs)
    ratio_runs = [run for run in runs if any(impl in PEERS for r, impl, _ in cols if r is run)]
    ratio_head = ["fast vs best peer" + ("" if len(runs) == 1 else f" · {run.isa}") for run in ratio_runs]
    head = ["dtype", "case", "layout", "elements"] + [label for _, _, label in cols] + ratio_head
    lines = ["| " + " | ".join(head) + " |", "|" + "|".join(["---"] * 4 + ["---:"] * (len(head) - 4)) + "|"]
    for k in keys:
        _, dtype, layout, case, n = k
        cells = []
        for run, impl, _ in cols:
            g = run.groups.get(k, {})
            r = g.get(impl)
            p = pct(g.get("memcpy"), r) if impl != "memcpy" else None
            cells.append("–" if r is None else (f"{fmt_ns(r.ns)} ({p:.0f}%)" if p is not None else fmt_ns(r.ns)))
        for run in ratio_runs:
            g = run.groups.get(k, {})
            peer_ns, peer = best_peer(g)
            cells.append(f"{fmt_ratio(peer_ns / g['fast'].ns)} ({peer})" if peer_ns and "fast" in g else "–")
        case_cell = case if op != "dequantize_linear" else ("→ float16" if case == "f16" else "→ float32")
        lines.append("| " + " | ".join([dtype, case_cell, layout, fmt_size(n)] + cells) + " |")
    return lines


def family_table(runs):
    """One line per operator and data type of the family rows (contiguous, moderate inputs):
    golden at 4096, fast at every size with its share of memcpy, numpy at 2^20 where it has a row,
    and fast against it; fast and numpy columns per run."""
    ops = family_ops(runs)
    if not ops:
        return []
    keys = sorted({(k[0], k[1]) for run in runs for k, g in run.groups.items() if k[0] in ops and "fast" in g},
                  key=lambda k: order_key((k[0], k[1], "contiguous", "-", 0)))
    multi = len(runs) > 1
    tag = lambda run: f" · {run.isa}" if multi else ""
    head = ["operator", "dtype", "golden 4096"]
    for run in runs:
        head += [f"fast {fmt_size(n)}{tag(run)}" for n in (SMALL, MID, LARGE)]
        head += [f"numpy 2^20{tag(run)}", f"fast vs numpy{tag(run)}"]
    lines = ["| " + " | ".join(head) + " |", "|---|---|" + "---:|" * (len(head) - 2)]
    for op, dtype in keys:
        at = lambda run, n: run.groups.get((op, dtype, "contiguous", "-", n), {})
        golden = at(runs[0], SMALL).get("golden")
        cells = [op, dtype, fmt_ns(golden.ns) if golden else "–"]
        for run in runs:
            for n in (SMALL, MID, LARGE):
                g = at(run, n)
                fast, p = g.get("fast"), pct(g.get("memcpy"), g.get("fast"))
                cells.append("–" if fast is None else (f"{fmt_ns(fast.ns)} ({p:.0f}%)" if p is not None else fmt_ns(fast.ns)))
            g = at(run, MID)
            numpy, fast = g.get("numpy"), g.get("fast")
            cells.append(fmt_ns(numpy.ns) if numpy else "–")
            cells.append(fmt_ratio(numpy.ns / fast.ns) if numpy and fast else "–")
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def error_table(runs):
    worst = {}  # (op, column label) -> (rel_err, where)
    cols = []
    for run, impl, label in series(runs):
        for r in run.rows.values():
            if r.impl != impl or r.rel_err is None or r.threads != 1:
                continue
            if label not in cols:
                cols.append(label)
            key = (r.op, label)
            if key not in worst or r.rel_err > worst[key][0]:
                worst[key] = (r.rel_err, f"{r.dtype}/{r.layout}/{r.case}")
    lines = ["| operator | " + " | ".join(cols) + " |", "|---|" + "---:|" * len(cols)]
    for op in OPS:
        if not any(k[0] == op for k in worst):
            continue
        cells = []
        for c in cols:
            w = worst.get((op, c))
            cells.append("–" if w is None else ("0" if w[0] == 0 else f"{w[0]:.1e} ({w[1]})"))
        lines.append(f"| {op} | " + " | ".join(cells) + " |")
    return lines


def target_notes(path=NOTES):
    """{target id: what stands in the way}, from the hand-kept lines `id: text` of path."""
    notes = {}
    if os.path.exists(path):
        with open(path) as f:
            for line in f:
                if line.strip() and not line.lstrip().startswith("#"):
                    key, _, text = line.partition(":")
                    notes[key.strip()] = text.strip()
    return notes


def target_table(runs):
    notes = target_notes()
    multi = len(runs) > 1
    head = ["target", "goal"]
    for run in runs:
        head += [f"measured · {run.isa}" if multi else "measured", f"{run.isa}" if multi else "verdict"]
    head.append("what stands in the way")
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for target, judged in target_rows(runs):
        cells = [target.label, target.goal]
        for measured, verdict in judged:
            cells += [measured, {"met": "met", "missed": "**missed**"}.get(verdict, verdict)]
        cells.append(notes.get(target.id) or "–")
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def thread_table(runs):
    """Rows run on several threads beside their one-thread row: real time, speed-up (empty when
    no run has threaded rows)."""
    lines = []
    for run in runs:
        keys = sorted({(r.op, r.impl, r.dtype, r.layout, r.case, r.n) for r in run.rows.values() if r.threads > 1},
                      key=lambda k: (order_key((k[0], k[2], k[3], k[4], k[5])), IMPLS.index(k[1]) if k[1] in IMPLS else 99))
        for key in keys:
            by = run.threaded(*key)
            one = by.get(1)
            for threads in sorted(t for t in by if t > 1):
                r = by[threads]
                speedup = f"{one.real_ns / r.real_ns:.2f}×" if one else "–"
                lines.append(f"| {run.isa} | {' '.join(str(x) for x in key[:5])} {fmt_size(key[5])} | {threads} | "
                             f"{fmt_ns(one.real_ns) if one else '–'} | {fmt_ns(r.real_ns)} | {speedup} |")
    if not lines:
        return []
    return ["| build | row | threads | 1 thread ns/element | threaded ns/element | speed-up |",
            "|---|---|---:|---:|---:|---:|"] + lines


def build_flags(run):
    return {"native": "-O3 -march=native", "avx2": "-O3 -mavx2 -mfma -mf16c"}.get(run.isa, "?")


def write_page(runs, info, metric, reduced_reasons, compile_info, test_build, made_plots, command, python=None):
    """docs/performance.md from runs (results.Run, one per instruction set, the first the
    reference); info is the machine as report.machine_info() recorded it."""
    ctx = runs[0].context
    rep = runs[0].bench.get("report", {})
    multi = len(runs) > 1
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
    builds = " and ".join(f"`{run.isa}` ({build_flags(run)}; the fast path on xsimd's `{run.fast_arch}`)"
                          for run in runs)
    L.append("dmlref's two paths against the same work done by a plain scalar loop, Eigen, xtensor and numpy, "
             "and against `memcpy` of the same bytes (the memory-bandwidth limit). One thread. "
             f"dmlref-bench is built {'twice' if multi else 'once'}: {builds}; the fast path and the C++ "
             "peers are compiled for that instruction set, and numpy is restricted to it at run time. "
             "Times are the median of the repetitions of Google Benchmark's "
             f"**{metric} time**, divided by the element count: **ns per element, lower is better**. "
             "The percentage after each time is the share of memcpy's bandwidth that implementation reaches "
             "on the same bytes in the same run (memcpy time ÷ its time; 100% = as fast as copying). "
             "*fast vs best peer* is the best peer's time ÷ fast's time: above 1× the fast path is faster "
             "than every peer, below 1× the named peer beats it.")
    L.append("")
    # machine
    L.append("## Machine")
    L.append("")
    L.append(f"- CPU (lscpu): {info['model']}, {info['cpus']} CPUs ({ctx.get('num_cpus', '?')} seen by the "
             f"benchmark, {ctx.get('mhz_per_cpu', '?')} MHz); instruction sets it has: {info['isa']}.")
    caches = ctx.get("caches", [])
    if caches:
        cs = ", ".join(f"L{c['level']} {c['type'].lower()} {c['size'] // 1024} KiB" for c in caches)
        L.append(f"- Caches: {cs}. A 2^24-element FLOAT32 tensor is 64 MiB.")
    L.append(f"- Compilers: {info['gxx']} (the benchmark: {ctx.get('compiler', '?')}); {info['clang']}.")
    for run in runs:
        c = run.context
        np_ctx = (run.numpy or {}).get("context", {})
        numpy = (f"numpy {np_ctx.get('numpy', '?')} (dispatching to {np_ctx.get('numpy_dispatch', '?')})"
                 if run.numpy else "numpy not run")
        L.append(f"- Build `{run.isa}` ({build_flags(run)}): fast path on xsimd's `{run.fast_arch}`; "
                 f"Eigen {c.get('eigen', 'not found')}; xtensor {c.get('xtensor', 'not found')} with "
                 f"XTENSOR_USE_XSIMD; {numpy}.")
    L.append(f"- Linux {info['kernel']}; run on {ctx.get('date', '?')}; load average when it started: "
             f"{', '.join(f'{x:.2f}' for x in ctx.get('load_avg', [])) or '?'}.")
    walls = []
    for run in runs:
        for what, data in (("dmlref-bench", run.bench), ("numpy", run.numpy)):
            r = (data or {}).get("report", {})
            if r.get("wall_seconds"):
                count = sum(1 for row in run.rows.values() if (row.impl == "numpy") == (what == "numpy"))
                secs = r["wall_seconds"]
                took = f"{secs / 60:.1f} min" if secs >= 60 else f"{secs:.0f} s"
                walls.append(f"{what} `{run.isa}` {took} ({count} benchmarks)")
    if walls:
        L.append(f"- Wall time of the run: {'; '.join(walls)}; {rep.get('repetitions')} repetitions, "
                 f"min time {rep.get('min_time')} s each.")
    L.append("")
    # sections kept by hand (measurements on machines the report does not run on)
    for extra in (os.path.join(ROOT, "bench", "intel_xeon.md"),):
        if os.path.exists(extra):
            with open(extra, encoding="utf-8") as f:
                L.extend(f.read().rstrip("\n").split("\n"))
            L.append("")
    # reproduce
    L.append("## Reproduce")
    L.append("")
    L.append("<!-- code-block: not run: a benchmark run of 20 minutes per instruction set -->")  # docs.code-blocks
    L.append("```sh")
    L.append("/usr/bin/python3 bench/report.py              # builds build/bench (-march=native) and "
             "build/bench-avx2, runs both and numpy, rewrites this page")
    L.append("/usr/bin/python3 bench/report.py --isa avx2   # one instruction set only")
    L.append("/usr/bin/python3 bench/report.py --quick      # a few rows, a table on stdout, this page untouched")
    L.append("```")
    L.append("")
    L.append("A full run is about 20 minutes of benchmarks per instruction set on 2 cores (5 repetitions of at "
             "least 0.1 s each), a few minutes of numpy per instruction set, "
             "then the compile-time measurements, which build the test suite from clean in a scratch "
             "directory (minutes; `--test-build-seconds S` passes a figure read from a build log instead, "
             "`--skip-test-build` leaves it out). The JSON of each run is kept side by side in build/bench: "
             "`results.json`, `results-avx2.json`, `numpy.json`, `numpy-avx2.json`; "
             "`--from-json build/bench` rewrites the page from them without running anything.")
    L.append("")
    ran = rep.get("invocation", command)
    how = f"`{ran}`" if ran == command else f"`{ran}` (the page rewritten by `{command}`)"
    L.append(f"This page came from: {how}. Under it, the benchmark binary ran as "
             f"`{' '.join(shlex.quote(os.path.relpath(c, ROOT) if c.startswith(ROOT) else c) for c in rep.get('command', []))}`"
             + (" (and its avx2 build the same way)." if multi else "."))
    L.append("Benchmark names are `<op>/<impl>/<dtype>/<layout>/<case>/<elements>`; `--filter REGEX` "
             "selects some (for example `--filter '^sign/.*/float32/'`), for numpy too.")
    L.append("")
    # headlines
    L.append("## Headlines (contiguous tensors)")
    L.append("")
    head = ["row", "elements"]
    for run in runs:
        tag = f" · {run.isa}" if multi else ""
        head += [f"fast ns/element{tag}", f"% of memcpy{tag}", f"best peer{tag}", f"fast vs best peer{tag}"]
    L.append("| " + " | ".join(head) + " |")
    L.append("|---|---|" + "---:|" * (len(head) - 2))
    per_run = [{(label, n): rest for label, n, *rest in headline_rows(run.groups)} for run in runs]
    order = []
    for table in per_run:
        order += [k for k in table if k not in order]
    for key in order:
        cells = [key[0], fmt_size(key[1])]
        for table in per_run:
            if key not in table:
                cells += ["–"] * 4
                continue
            fast_ns, p, peer, peer_ns, ratio = table[key]
            cells += [fmt_ns(fast_ns), "–" if p is None else f"{p:.0f}%",
                      f"{peer} {fmt_ns(peer_ns)}" if peer else "–", fmt_ratio(ratio)]
        L.append("| " + " | ".join(cells) + " |")
    L.append("")
    # targets
    L.append("## Targets: met or missed")
    L.append("")
    L.append("Computed from this run's medians, per instruction set: *all* rows a target covers must reach "
             "it (the worst is shown) unless it says *or* (then one is enough, and the best is shown). "
             "Percentages of memcpy are fast's bytes_per_second over memcpy's for the same bytes; speeds "
             "against a peer are the peer's time ÷ fast's time. *not measured*: the run has none of the "
             "target's rows. The last column is kept by hand in `bench/target_notes.txt`.")
    L.append("")
    L.extend(target_table(runs))
    L.append("")
    # what is measured
    L.append("## What is measured")
    L.append("")
    L.append("- **Sizes**: 4096 (caches), 2^20 and 2^24 elements. The golden path of POW and CONSTANT_POW "
             "is **not run at 2^24**: it spends tens of nanoseconds per element (about a second per iteration); "
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
    L.append("  - *numpy* (bench/numpy_peer.py, same sizes, layouts, cases and input distributions, its own "
             "random values; every call writes into preallocated arrays through `out=`): SIGN `np.sign` "
             "(the same values on these inputs; it keeps NaN, which DirectML maps to 0, and -0); "
             "CONSTANT_POW `np.square`, `x * x` then `* x`, `np.sqrt`, `np.power(x, 2.2)`, and ScaleBias as "
             "`x * 1.5`, `+ -0.25`, `np.power` (a pass each); POW `np.power(b, e)`; DEQUANTIZE "
             "`(x - z)` in float32, then `* s`; QUANTIZE `np.clip(np.rint(x / s) + z, lo, hi)` in float32, "
             "converted to the output type (five passes). FLOAT16 is computed in float32 "
             "(`dtype=np.float32`: numpy's buffered loops widen and narrow). Broadcast rows use numpy "
             "broadcasting; strided rows are views of [rows, 1040] arrays. Timed as Google Benchmark does "
             "(iterations grown to the minimum time, the median of the repetitions; bytes_per_second over "
             "CPU time); numpy dispatches its kernels at run time, restricted with "
             "`NPY_DISABLE_CPU_FEATURES` to AVX2 and below for the `avx2` columns. Each numpy row is one "
             "Python call per ufunc: about a microsecond of call overhead each, which dominates at 4096 "
             "elements (numpy's users pay it too). numpy's *rel_err* is against the same formula computed in float64 "
             "from the same inputs and rounded once (golden's value but for a rare pow).")
    L.append("- **Builds**: CMake Release, option `DMLREF_BENCH_ARCH`: `build/bench` with `native` "
             "(`-O3 -march=native`: AVX-512 where the machine has it) and `build/bench-avx2` with `avx2` "
             "(`-O3 -mavx2 -mfma -mf16c`: the kernels most machines without AVX-512 run). Eigen and "
             "xtensor vectorise for the same flags. golden and memcpy are shown from the first build only "
             "(memcpy is glibc's, chosen at run time either way).")
    L.append("")
    # tables
    family = family_ops(runs)
    for op in OPS:
        if op in family:
            continue
        lines = op_table(op, runs)
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
        L.append("ns per element (% of memcpy bandwidth)" + (
            "; dotted lines in the plot are the later instruction sets:" if multi else ":"))
        L.append("")
        L.extend(lines)
        L.append("")
    rows = family_table(runs)
    if rows:
        L.append("## Every other operator")
        L.append("")
        L.append("The rows of `bench/family_rows.cpp`, registered from the registry: every operator without "
                 "hand-written peers, at every first-input data type its support table admits (the other tensors "
                 "as `dmlref-eval generate` picks them, the attributes the operator's first sample), contiguous, "
                 "on moderate inputs whose golden results are finite normal numbers (4096 of them, repeated). "
                 "The call is `dml::run_validated` on a descriptor validated once, as a compiled DirectML "
                 "operator runs; memcpy moves as many bytes (half read, half written). numpy, where it has one "
                 "ufunc for the operator (`FAMILY` in `bench/numpy_peer.py`), runs on uniform inputs of the same "
                 "range. ns per element (% of memcpy bandwidth); golden at 4096 only.")
        L.append("")
        L.extend(rows)
        L.append("")
    threaded = thread_table(runs)
    if threaded:
        L.append("## Several threads")
        L.append("")
        L.append("Rows run on several threads beside the same row on one thread, wall-clock (real) time; "
                 "speed-up is the one-thread time ÷ the threaded time.")
        L.append("")
        L.extend(threaded)
        L.append("")
    # errors
    L.append("## Largest difference from golden")
    L.append("")
    L.append("Largest relative difference from the golden result over the first 4096 elements of each row, "
             "the worst row per operator and implementation (0: the same values).")
    L.append("")
    L.extend(error_table(runs))
    L.append("")
    errors = {f"{name} ({run.isa})" if multi else name: msg for run in runs for name, msg in run.errors.items()}
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
# --quick


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


def quick_table(run, metric):
    """One run's rows on stdout, ns per element."""
    groups = run.groups
    impls = [i for i in IMPLS if any(i in g for g in groups.values())]
    head = f"{'row':<44}" + "".join(f"{i:>10}" for i in impls) + f"{'fast/mem%':>11}{'vs peer':>10}"
    print(f"{run.label}: ns per element ({metric} time, median), lower is better")
    print(head)
    print("-" * len(head))
    for k in sorted(groups, key=order_key):
        op, dtype, layout, case, n = k
        g = groups[k]
        shown = {"-": "-> float32", "f16": "-> float16"}.get(case, case) if op == "dequantize_linear" else ("" if case == "-" else case)
        label = " ".join(x for x in (op, dtype, shown, "" if layout == "contiguous" else layout, fmt_size(n)) if x)
        cells = "".join(f"{fmt_ns(g[i].ns) if i in g else '-':>10}" for i in impls)
        p = pct(g.get("memcpy"), g.get("fast"))
        peer_ns, peer = best_peer(g)
        ratio = peer_ns / g["fast"].ns if peer_ns and "fast" in g else None
        print(f"{label:<44}{cells}{'-' if p is None else f'{p:.0f}%':>11}{fmt_ratio(ratio):>10}")
    print("fast/mem%: share of memcpy's bandwidth; vs peer: best peer's time / fast's time (>1: fast wins)")
