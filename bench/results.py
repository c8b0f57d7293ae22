"""dmlref-bench's results as the report sees them: rows parsed from Google Benchmark's JSON,
grouped per (op, dtype, layout, case, elements), and what the page derives from them (headlines,
the fast path's targets). Used by bench/report.py (which collects) and bench/render.py (which
writes the page); no I/O here."""

import math

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
# What the page derives


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
