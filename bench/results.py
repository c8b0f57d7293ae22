"""dmlref-bench's results as the report sees them: rows parsed from Google Benchmark's JSON,
grouped per (op, dtype, layout, case, elements), and what the page derives from them (headlines,
the performance targets). Used by bench/report.py (which collects) and bench/render.py (which
writes the page); no I/O here."""

import math
import re

IMPLS = ["golden", "fast", "memcpy", "scalar", "eigen", "xtensor", "numpy"]
PEERS = ["scalar", "eigen", "xtensor", "numpy"]
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



DTYPE_ORDER = ["float32", "float16", "int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64"]
LAYOUT_ORDER = ["contiguous", "broadcast", "strided"]
CASE_ORDER = ["-", "f16", "i8", "u8", "2", "3", "0.5", "2.2", "2.2_sb", "rand"]
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


# ----------------------------------------------------------------------------------------------
# Results


class Row:
    __slots__ = ("op", "impl", "dtype", "layout", "case", "n", "threads", "ns", "real_ns", "rel_err", "bytes")


# A thread count in a benchmark's name sets Row.threads: a part of its own (Google Benchmark's
# "threads:2", or "t2", "threads2", "2threads") or a suffix of a field ("fast_t2",
# "16777216@threads2"); Google Benchmark's own suffixes are dropped.
_THREAD_PART = re.compile(r"^(?:threads?[:=_]?|t)(\d+)$|^(\d+)[_-]?threads?$")
_THREAD_SUFFIX = re.compile(r"^(.+?)[_@:-](?:threads?[:=]?|t)(\d+)$")
_GB_PART = re.compile(r"^(?:real_time|process_time|manual_time|(?:min_time|min_warmup_time|iterations|repeats):.*)$")


def split_name(name):
    """(the six fields, threads) of a benchmark's name; fields is None when there are not six."""
    fields, threads = [], 1
    for part in name.split("/"):
        m = _THREAD_PART.match(part)
        if m:
            threads = int(m.group(1) or m.group(2))
            continue
        if _GB_PART.match(part):
            continue
        m = _THREAD_SUFFIX.match(part)
        if m:
            part, threads = m.group(1), int(m.group(2))
        fields.append(part)
    return (fields if len(fields) == 6 else None), threads


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
        fields, threads = split_name(name)
        if fields is None:
            continue
        r = Row()
        r.op, r.impl, r.dtype, r.layout, r.case, n = fields
        r.n = int(n)
        r.threads = threads
        r.ns = b[f"{metric}_time"] * scale[b.get("time_unit", "ns")] / r.n
        r.real_ns = b["real_time"] * scale[b.get("time_unit", "ns")] / r.n
        r.rel_err = b.get("rel_err")
        r.bytes = b.get("bytes_per_second")
        rows[name] = r
    return rows, errors


class Run:
    """One instruction set's results: a dmlref-bench run and, when there is one, the numpy peer's
    run (bench/numpy_peer.py) of the same rows, merged. groups holds the one-thread rows;
    threaded rows are in rows only."""

    def __init__(self, isa, bench, numpy=None, metric="real"):
        self.isa, self.bench, self.numpy = isa, bench, numpy
        self.rows, self.errors = parse(bench, metric)
        if numpy:
            more, errors = parse(numpy, metric)
            self.rows.update(more)
            self.errors.update(errors)
        self.groups = group(self.rows)
        self.context = bench.get("context", {})

    @property
    def fast_arch(self):
        """xsimd's architecture that the fast path ran on, as dmlref-bench published it."""
        return self.context.get("dmlref_fast_arch", "?")

    @property
    def label(self):
        """A column heading: the build's name and, where known, the fast path's xsimd arch."""
        arch = self.context.get("dmlref_fast_arch")
        return f"{self.isa} ({arch})" if arch else self.isa

    def threaded(self, op, impl, dtype, layout, case, n):
        """{threads: Row} of one row measured with several thread counts (1: the plain row)."""
        return {r.threads: r for r in self.rows.values()
                if (r.op, r.impl, r.dtype, r.layout, r.case, r.n) == (op, impl, dtype, layout, case, n)}


def group(rows):
    """{(op, dtype, layout, case, n): {impl: Row}} of the one-thread rows."""
    g = {}
    for r in rows.values():
        if r.threads == 1:
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
# What the page derives


# The performance targets, judged per run (instruction set). Each target's rows give values
# (value, where); "all": every row must reach the threshold (the worst row is shown), "any": one
# row is enough (the best row is shown). A target none of whose rows are in the run is "not
# measured"; one that does not apply to the run (applies() false) is "n/a". What stands in the way
# of each is free text kept by hand in bench/target_notes.txt, keyed by the target's id.
LARGE, SMALL, MID = 2 ** 24, 4096, 2 ** 20
ALL_SIZES = (SMALL, MID, LARGE)


class Target:
    def __init__(self, id, label, goal, items, threshold, at_least=True, need="all", unit="x",
                 applies=None, not_applicable=""):
        self.id, self.label, self.goal, self.items = id, label, goal, items
        self.threshold, self.at_least, self.need, self.unit = threshold, at_least, need, unit
        self.applies, self.not_applicable = applies, not_applicable

    def judge(self, run):
        """(measured, verdict): verdict is "met", "missed", "not measured" or "n/a"."""
        if self.applies is not None and not self.applies(run):
            return self.not_applicable, "n/a"
        items = list(self.items(run))
        if not items:
            return "–", "not measured"
        ok = lambda v: v >= self.threshold if self.at_least else v <= self.threshold
        better = max if self.at_least else min
        worse = min if self.at_least else max
        value, where = (worse if self.need == "all" else better)(items, key=lambda item: item[0])
        met = sum(1 for v, _ in items if ok(v))
        verdict = "met" if (met == len(items) if self.need == "all" else met > 0) else "missed"
        count = f"; {met} of {len(items)} rows" if self.need == "all" and 0 < met < len(items) else ""
        return f"{fmt_value(value, self.unit)} ({where}{count})", verdict


def fmt_value(v, unit):
    if unit == "%":
        return f"{v:.0f}%"
    if unit == "ns":
        return f"{fmt_ns(v)} ns"
    return f"{v:.2f}×"


def _where(dtype, layout, case, n, extra=""):
    parts = [dtype, "" if case in ("-", "rand") else case, "" if layout == "contiguous" else layout, fmt_size(n), extra]
    return " ".join(p for p in parts if p)


HAND_PEERS = ("scalar", "eigen", "xtensor")


def family_ops(runs):
    """The operators that only bench/family_rows.cpp measures (no hand-written peers), in OPS
    order."""
    hand = {k[0] for run in runs for k, g in run.groups.items() if any(p in g for p in HAND_PEERS)}
    present = {k[0] for run in runs for k in run.groups}
    return [op for op in OPS if op in present and op not in hand]


def FAMILY(run):
    """ops= selection of the targets below: the family rows' operators of this run."""
    return family_ops([run])


def _rows(run, ops, dtypes=None, cases=None, sizes=ALL_SIZES, layouts=("contiguous",)):
    """(op, dtype, layout, case, n), {impl: Row} of the matching one-thread rows, in page order;
    ops: names, or a function of the run giving them."""
    if callable(ops):
        ops = ops(run)
    for k in sorted(run.groups, key=order_key):
        op, dtype, layout, case, n = k
        if (op in ops and (dtypes is None or dtype in dtypes) and (cases is None or case in cases)
                and n in sizes and layout in layouts):
            yield k, run.groups[k]


def fast_vs_best_peer(**select):
    """Best peer's time / fast's time, per row."""
    def items(run):
        for (op, dtype, layout, case, n), g in _rows(run, **select):
            peer_ns, peer = best_peer(g)
            if "fast" in g and peer_ns:
                yield peer_ns / g["fast"].ns, _where(dtype, layout, case, n, f"vs {peer}")
    return items


def _named(op, where, select):
    """where, led by the operator's name when the selection spans operators."""
    ops = select["ops"]
    return f"{op} {where}" if callable(ops) or len(ops) > 1 else where


def fast_vs(impl, **select):
    """impl's time / fast's time, per row."""
    def items(run):
        for (op, dtype, layout, case, n), g in _rows(run, **select):
            if "fast" in g and impl in g:
                yield g[impl].ns / g["fast"].ns, _named(op, _where(dtype, layout, case, n), select)
    return items


def share_of_memcpy(**select):
    """fast's bytes_per_second as a percentage of memcpy's (times where a counter is missing)."""
    def items(run):
        for (op, dtype, layout, case, n), g in _rows(run, **select):
            fast, memcpy = g.get("fast"), g.get("memcpy")
            if fast is None or memcpy is None:
                continue
            value = 100.0 * fast.bytes / memcpy.bytes if fast.bytes and memcpy.bytes else pct(memcpy, fast)
            yield value, _named(op, _where(dtype, layout, case, n), select)
    return items


def ns_per_element(impl, **select):
    def items(run):
        for (op, dtype, layout, case, n), g in _rows(run, **select):
            if impl in g:
                yield g[impl].ns, _named(op, _where(dtype, layout, case, n), select)
    return items


def half_vs_float():
    """POW's FLOAT32 fast time / its FLOAT16 fast time, per size (contiguous, random)."""
    def items(run):
        for (op, dtype, layout, case, n), g in _rows(run, ("pow",), ("float16",), ("rand",)):
            f32 = run.groups.get((op, "float32", layout, case, n), {}).get("fast")
            if "fast" in g and f32 is not None:
                yield f32.ns / g["fast"].ns, fmt_size(n)
    return items


def thread_speedup(impls, threads, op, dtype, layout, case, n):
    """The 1-thread row's real time / the threads-thread row's, per impl, where both were run (real
    time whatever --time says: CPU time counts one thread's work)."""
    def items(run):
        for impl in impls:
            by = run.threaded(op, impl, dtype, layout, case, n)
            if 1 in by and threads in by:
                yield by[1].real_ns / by[threads].real_ns, f"{impl} {fmt_size(n)}"
    return items


def has_avx512(run):
    return "avx512" in run.fast_arch


SMALL_CALLS = dict(sizes=(SMALL,), layouts=("contiguous",))
SMALL_SIGN = dict(ops=("sign",), **SMALL_CALLS)
SMALL_DEQ8 = dict(ops=("dequantize_linear",), dtypes=("int8", "uint8"), **SMALL_CALLS)
SMALL_CPOW = dict(ops=("constant_pow",), cases=("2", "3", "0.5"), **SMALL_CALLS)
IN_CACHE = (SMALL, MID)

TARGETS = [
    Target("dequantize-32bit-peers", "DEQUANTIZE INT32/UINT32 → FLOAT32, every size",
           "fast ≥ best peer's speed (best peer's time ÷ fast's ≥ 1)",
           fast_vs_best_peer(ops=("dequantize_linear",), dtypes=("int32", "uint32"), cases=("-",)), 1.0),
    Target("dequantize-32bit-memcpy", "DEQUANTIZE INT32/UINT32 → FLOAT32 at 2^24",
           "fast ≥ 90% of memcpy's bandwidth",
           share_of_memcpy(ops=("dequantize_linear",), dtypes=("int32", "uint32"), cases=("-",), sizes=(LARGE,)),
           90, unit="%"),
    Target("pow-f32-xtensor", "POW FLOAT32, random, 4096 or 2^20", "fast ≥ 2.5× xtensor's speed",
           fast_vs("xtensor", ops=("pow",), dtypes=("float32",), cases=("rand",), sizes=IN_CACHE), 2.5, need="any"),
    Target("pow-f32-ns", "POW FLOAT32, random, 4096 or 2^20, AVX-512", "fast ≤ 0.9 ns/element",
           ns_per_element("fast", ops=("pow",), dtypes=("float32",), cases=("rand",), sizes=IN_CACHE), 0.9,
           at_least=False, need="any", unit="ns", applies=has_avx512, not_applicable="(no AVX-512 in this build)"),
    Target("pow-f16-vs-f32", "POW FLOAT16 against POW FLOAT32, random, every size",
           "fast FLOAT16 ≥ 4× fast FLOAT32's speed", half_vs_float(), 4.0),
    Target("constant-pow-2.2-xtensor", "CONSTANT_POW 2.2 FLOAT32, 4096 or 2^20", "fast ≥ 2.5× xtensor's speed",
           fast_vs("xtensor", ops=("constant_pow",), dtypes=("float32",), cases=("2.2",), sizes=IN_CACHE), 2.5,
           need="any"),
    Target("small-sign-memcpy", "Small calls: SIGN, 4096, every type", "fast ≥ 85% of memcpy's bytes_per_second",
           share_of_memcpy(**SMALL_SIGN), 85, unit="%"),
    Target("small-dequantize-memcpy", "Small calls: DEQUANTIZE 8-bit, 4096", "fast ≥ 85% of memcpy's bytes_per_second",
           share_of_memcpy(**SMALL_DEQ8), 85, unit="%"),
    Target("small-constant-pow-memcpy", "Small calls: CONSTANT_POW 2, 3, 0.5, 4096",
           "fast ≥ 85% of memcpy's bytes_per_second", share_of_memcpy(**SMALL_CPOW), 85, unit="%"),
    Target("small-sign-eigen", "Small calls: SIGN, 4096, every type", "fast ≥ Eigen's speed",
           fast_vs("eigen", **SMALL_SIGN), 1.0),
    Target("small-dequantize-eigen", "Small calls: DEQUANTIZE 8-bit, 4096", "fast ≥ Eigen's speed",
           fast_vs("eigen", **SMALL_DEQ8), 1.0),
    Target("small-constant-pow-eigen", "Small calls: CONSTANT_POW 2, 3, 0.5, 4096", "fast ≥ Eigen's speed",
           fast_vs("eigen", **SMALL_CPOW), 1.0),
    Target("golden-sign-dequantize", "Golden SIGN and DEQUANTIZE, every row", "≤ 2 ns/element",
           ns_per_element("golden", ops=("sign", "dequantize_linear"), layouts=LAYOUT_ORDER), 2.0,
           at_least=False, unit="ns"),
    Target("golden-pow", "Golden POW and CONSTANT_POW, every row", "≤ 40 ns/element",
           ns_per_element("golden", ops=("pow", "constant_pow"), layouts=LAYOUT_ORDER), 40.0,
           at_least=False, unit="ns"),
    Target("family-memcpy", "Every other operator (bench/family_rows.cpp), every type, 2^24",
           "fast ≥ 90% of memcpy's bandwidth", share_of_memcpy(ops=FAMILY, sizes=(LARGE,)), 90, unit="%"),
    Target("family-numpy", "Every other operator with a numpy row, 4096 and 2^20", "fast ≥ numpy's speed",
           fast_vs("numpy", ops=FAMILY, sizes=IN_CACHE), 1.0),
    Target("family-golden", "Golden, every other operator, every type, 4096", "≤ 40 ns/element",
           ns_per_element("golden", ops=FAMILY, sizes=(SMALL,)), 40.0, at_least=False, unit="ns"),
    Target("threads-pow", "POW FLOAT32 at 2^24, 2 threads, golden and fast",
           "≥ 1.8× the 1-thread row's speed",
           thread_speedup(("golden", "fast"), 2, "pow", "float32", "contiguous", "rand", LARGE), 1.8),
]


def target_rows(runs):
    """(target, [(measured, verdict) per run]) for every target."""
    return [(t, [t.judge(run) for run in runs]) for t in TARGETS]


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
