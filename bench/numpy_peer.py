#!/usr/bin/python3
"""numpy as a peer of dmlref-bench: the same rows, timed the same way, written as Google
Benchmark JSON with impl `numpy`, so that bench/results.py reads them like the C++ rows.

  bench/numpy_peer.py --out FILE [--isa native|avx2] [--filter REGEX] [--repetitions R]
                      [--min-time S] [--list]

Rows are named <op>/numpy/<dtype>/<layout>/<case>/<elements> as in bench/dmlref_bench.cpp, with
its sizes (4096, 2^20, 2^24), layouts, cases and input distributions (the values are drawn by
numpy's generator, not the C++ one: the same distributions, not the same bits). --filter is
matched with re.search against the name, as Google Benchmark's --benchmark_filter is.

What numpy computes (every call writes into preallocated arrays through out=, so nothing is
allocated while timing; a step numpy has no single ufunc for is one more pass over the data):
  sign          np.sign(x). On the benchmark's inputs this is DirectML's SIGN; np.sign keeps NaN
                (DirectML gives 0) and gives -0 for -0 (DirectML +0).
  constant_pow  2: np.square; 3: x * x, then * x (two passes, rounding twice); 0.5: np.sqrt;
                2.2: np.power(x, 2.2); 2.2_sb: x * 1.5 + (-0.25), then np.power (three passes,
                each rounded).
  pow           np.power(b, e).
  dequantize_linear  (x - z) in float32 (x and z converted to float32 first, as the other
                peers do: 32-bit inputs round), then * s.
  quantize_linear    np.clip(np.rint(x / s) + z, lo, hi) in float32, then converted to the
                output type (five passes).
FLOAT16 tensors are computed in float32 (dtype=np.float32: numpy widens, computes and narrows
in its buffered loops; a chain of steps keeps float32 in between and narrows once at the end),
as the Eigen and xtensor peers do. The exponent 2.2 stays a float32 attribute, as in DirectML.
Broadcast rows use numpy broadcasting (POW's exponent a [1024] row, DEQUANTIZE's and QUANTIZE's
scale and zero point [rows, 1] columns); strided rows are [rows, 1024] views of [rows, 1040]
arrays.

rel_err, as in dmlref-bench, is the largest relative difference over the first 4096 elements,
here from the same formula computed in float64 from the same inputs and rounded once.

Timing follows Google Benchmark: the iteration count grows until one repetition lasts at least
--min-time seconds, every repetition runs that count, and the JSON holds the median of the
repetitions' real and CPU time per iteration. bytes_per_second is the C++ rows' byte count over
CPU time, as Google Benchmark computes it for them.

--isa avx2 restricts numpy's run-time dispatch to AVX2 and below (numpy's own variable
NPY_DISABLE_CPU_FEATURES, read at import, set to the AVX-512 targets this numpy dispatches to;
the script runs itself again with it), so that the numbers sit beside dmlref-bench built with
-mavx2 -mfma -mf16c; --isa native (the default) lets numpy use everything the machine has.
"""

import argparse
import json
import os
import platform
import re
import statistics
import sys
import time
import zlib

import numpy as np

SIZES = (4096, 1 << 20, 1 << 24)
ROW_WIDTH, ROW_PAD = 1024, 16
CHECK_ELEMENTS = 4096

F32, F16 = np.float32, np.float16
INTS = {"int8": np.int8, "uint8": np.uint8, "int16": np.int16, "uint16": np.uint16,
        "int32": np.int32, "uint32": np.uint32}
TYPES = dict(INTS, float32=F32, float16=F16)


# ----------------------------------------------------------------------------------------------
# Shapes and data


class Geometry:
    """rows x width elements; every full operand of a strided row lies in [rows, width + pad]."""

    def __init__(self, layout, n):
        self.layout = layout
        self.n = n
        if layout == "contiguous":
            self.rows, self.width = 1, n
        else:
            self.width = min(n, ROW_WIDTH)
            self.rows = n // self.width

    def shape(self):
        return (self.n,) if self.layout == "contiguous" else (self.rows, self.width)

    def full(self, dtype, fill=None):
        """A full-size operand of dtype (zeros, or fill(shape)), strided rows as a padded view."""
        if self.layout == "strided":
            shape = (self.rows, self.width + ROW_PAD)
            a = np.zeros(shape, dtype) if fill is None else fill(shape).astype(dtype)
            return a[:, :self.width]
        return np.zeros(self.shape(), dtype) if fill is None else fill(self.shape()).astype(dtype)

    def head(self, a):
        """The elements rel_err looks at: the first 4096, or the first rows holding 4096 (a
        broadcast operand: its first rows, or all of a single row)."""
        if self.layout == "contiguous":
            return a[:CHECK_ELEMENTS]
        return a[:max(1, CHECK_ELEMENTS // self.width)] if a.ndim == 2 else a

    def per_row(self, dtype, fill):
        """One value per row (DEQUANTIZE's and QUANTIZE's broadcast operands), as [rows, 1]."""
        return fill((self.rows, 1)).astype(dtype)


def integers(rng, dtype):
    """fill(shape) drawing a dtype's whole range (32-bit: +-2^20 and [0, 2^21), as the C++ rows)."""
    info = np.iinfo(dtype)
    if info.bits == 32:
        lo, hi = (-(1 << 20), 1 << 20) if info.min < 0 else (0, 1 << 21)
    else:
        lo, hi = int(info.min), int(info.max) + 1
    return lambda shape: rng.integers(lo, hi, size=shape, dtype=np.int64)


def uniform(rng, lo, hi):
    return lambda shape: rng.uniform(lo, hi, size=shape)


# ----------------------------------------------------------------------------------------------
# The rows: each make_* returns a Problem for one (dtype, layout, case, geometry): the bytes one
# call reads and writes (counted as for the C++ rows), the call, its output, and exact(): the
# head of the result computed in float64 from the same inputs and rounded once to the output
# type, which is dmlref's golden result on these inputs but for the rare pow whose float64 value
# rounds differently from the exact one.


class Problem:
    def __init__(self, g, bytes, call, out, exact):
        self.g, self.bytes, self.call, self.out, self.exact = g, bytes, call, out, exact

    def rel_err(self):
        """Largest relative difference of the output's head from exact() (0: the same values),
        as dmlref-bench's rel_err."""
        got = self.g.head(self.out).astype(np.float64)
        want = self.exact().astype(self.out.dtype).astype(np.float64)
        differ = (got != want) & ~(np.isnan(got) & np.isnan(want))
        if not differ.any():
            return 0.0
        with np.errstate(invalid="ignore", divide="ignore"):
            d = np.abs(got[differ] - want[differ]) / np.maximum(np.abs(want[differ]), 1e-30)
        return float(np.max(np.where(np.isnan(d), 1.0, d)))


def f64(g, a):
    return g.head(a).astype(np.float64)


def compute_type(dtype):
    """The type numpy computes in: float32 for FLOAT16 tensors, the tensor's own otherwise."""
    return F32 if dtype in (F16, F32) else None


def make_sign(rng, dtype, g, case):
    if np.issubdtype(dtype, np.integer):
        fill = integers(rng, dtype)
    else:
        fill = uniform(rng, -1.0, 1.0)
    x = g.full(dtype, fill)
    x[rng.random(x.shape) < 1 / 16] = 0
    out = g.full(dtype)
    return Problem(g, 2 * g.n * x.itemsize, lambda: np.sign(x, out=out), out, lambda: np.sign(f64(g, x)))


def make_constant_pow(rng, dtype, g, case):
    x = g.full(dtype, uniform(rng, 0.25, 4.0))
    out = g.full(dtype)
    ct = compute_type(dtype)
    tmp = np.empty(g.shape(), F32)  # the float32 value between steps of a chain
    e22 = F32(2.2)

    def narrow():  # tmp into out (FLOAT16: one rounding)
        if out.dtype != F32:
            np.copyto(out, tmp, casting="same_kind")

    dst = tmp if dtype == F16 else out
    if case == "2":
        call = lambda: np.square(x, out=out, dtype=ct)
    elif case == "0.5":
        call = lambda: np.sqrt(x, out=out, dtype=ct)
    elif case == "2.2":
        call = lambda: np.power(x, e22, out=out, dtype=ct)
    elif case == "3":
        def call():
            np.multiply(x, x, out=dst, dtype=F32)
            np.multiply(dst, x, out=dst, dtype=F32)
            narrow()
    elif case == "2.2_sb":
        scale, bias = F32(1.5), F32(-0.25)

        def call():
            np.multiply(x, scale, out=dst, dtype=F32)
            np.add(dst, bias, out=dst, dtype=F32)
            np.power(dst, e22, out=dst, dtype=F32)
            narrow()
    else:
        raise ValueError(case)
    if case == "2.2_sb":
        exact = lambda: (f64(g, x) * 1.5 - 0.25) ** float(e22)
    else:
        exact = lambda: f64(g, x) ** float({"2": 2.0, "3": 3.0, "0.5": 0.5, "2.2": e22}[case])
    return Problem(g, 2 * g.n * x.itemsize, call, out, exact)


def make_pow(rng, dtype, g, case):
    base = g.full(dtype, uniform(rng, 0.25, 4.0))
    if g.layout == "broadcast":
        exponent = uniform(rng, -4.0, 4.0)((g.width,)).astype(dtype)  # one row, broadcast
    else:
        exponent = g.full(dtype, uniform(rng, -4.0, 4.0))
    out = g.full(dtype)
    ct = compute_type(dtype)
    exp_elements = g.width if g.layout == "broadcast" else g.n
    return Problem(g, (2 * g.n + exp_elements) * base.itemsize, lambda: np.power(base, exponent, out=out, dtype=ct),
                   out, lambda: f64(g, base) ** f64(g, exponent))


def scale_and_zero(rng, g, s_type, z_type, scale_range):
    """Scale and zero point: full operands, or one value per row on the broadcast layout."""
    make = g.per_row if g.layout == "broadcast" else g.full
    return make(s_type, uniform(rng, *scale_range)), make(z_type, integers(rng, z_type))


def make_dequantize(rng, dtype, g, case):
    s_type = F16 if case == "f16" else F32
    x = g.full(dtype, integers(rng, dtype))
    scale, zero = scale_and_zero(rng, g, s_type, dtype, (1 / 256, 1 / 64))
    out = g.full(s_type)
    tmp = np.empty(g.shape(), F32)

    def call():
        np.subtract(x, zero, out=tmp, dtype=F32)
        np.multiply(tmp, scale, out=out, dtype=F32)
    side = g.rows if g.layout == "broadcast" else g.n
    per = np.dtype(dtype).itemsize + np.dtype(s_type).itemsize
    return Problem(g, g.n * per + side * per, call, out, lambda: (f64(g, x) - f64(g, zero)) * f64(g, scale))


def make_quantize(rng, dtype, g, case):
    o_type = np.int8 if case == "i8" else np.uint8
    s_type = F32 if dtype == np.int32 else dtype
    if dtype == np.int32:
        x = g.full(dtype, integers(rng, dtype))
        scale_range = (4096.0, 16384.0)
    else:
        x = g.full(dtype, uniform(rng, -2.0, 2.0))
        scale_range = (1 / 128, 1 / 64)
    scale, zero = scale_and_zero(rng, g, s_type, o_type, scale_range)
    out = g.full(o_type)
    tmp = np.empty(g.shape(), F32)
    info = np.iinfo(o_type)
    lo, hi = F32(info.min), F32(info.max)

    def call():
        np.divide(x, scale, out=tmp, dtype=F32)
        np.rint(tmp, out=tmp)
        np.add(tmp, zero, out=tmp, dtype=F32)
        np.clip(tmp, lo, hi, out=tmp)
        np.copyto(out, tmp, casting="unsafe")
    side = g.rows if g.layout == "broadcast" else g.n
    size = (g.n * (np.dtype(dtype).itemsize + np.dtype(o_type).itemsize)
            + side * (np.dtype(s_type).itemsize + np.dtype(o_type).itemsize))
    exact = lambda: np.clip(np.rint(f64(g, x) / f64(g, scale)) + f64(g, zero), float(lo), float(hi))
    return Problem(g, size, call, out, exact)


# The rows of bench/family_rows.cpp (contiguous, case "-") where numpy has one ufunc for the
# operator: op -> (ufunc, inputs, input range of float tensors, dtypes). Float inputs are uniform
# in the range (the C++ rows draw moderate values and redraw out-of-range results: the same
# kind of values, not the same ones); integer inputs span their type as above (shift amounts:
# [0, bits); logical operators: 0 and 1). Comparison and logical outputs are UINT8, written
# through a boolean view. The C++ rows with no numpy counterpart here have no numpy column.
FLOATS = ("float32", "float16")
SIGNED = FLOATS + ("int8", "int16", "int32")
NUMBERS = FLOATS + tuple(INTS)
UNSIGNED_AND_SIGNED_INTS = tuple(INTS)
WIDE = (-4.0, 4.0)
UNIT = (-0.9, 0.9)
POSITIVE = (0.25, 4.0)
FAMILY = {
    "identity": (np.positive, 1, WIDE, NUMBERS),
    "abs": (np.absolute, 1, WIDE, SIGNED),
    "negate": (np.negative, 1, WIDE, SIGNED),
    "ceil": (np.ceil, 1, WIDE, FLOATS),
    "floor": (np.floor, 1, WIDE, FLOATS),
    "round": (np.rint, 1, WIDE, FLOATS),
    "sqrt": (np.sqrt, 1, POSITIVE, FLOATS),
    "recip": (np.reciprocal, 1, POSITIVE, FLOATS),
    "exp": (np.exp, 1, WIDE, FLOATS),
    "log": (np.log, 1, POSITIVE, FLOATS),
    "sin": (np.sin, 1, WIDE, FLOATS),
    "cos": (np.cos, 1, WIDE, FLOATS),
    "tan": (np.tan, 1, WIDE, FLOATS),
    "asin": (np.arcsin, 1, UNIT, FLOATS),
    "acos": (np.arccos, 1, UNIT, FLOATS),
    "atan": (np.arctan, 1, WIDE, FLOATS),
    "sinh": (np.sinh, 1, WIDE, FLOATS),
    "cosh": (np.cosh, 1, WIDE, FLOATS),
    "tanh": (np.tanh, 1, WIDE, FLOATS),
    "activation_tanh": (np.tanh, 1, WIDE, FLOATS),
    "asinh": (np.arcsinh, 1, WIDE, FLOATS),
    "acosh": (np.arccosh, 1, (1.0, 4.0), FLOATS),
    "atanh": (np.arctanh, 1, UNIT, FLOATS),
    "activation_identity": (np.positive, 1, WIDE, FLOATS),
    "is_nan": (np.isnan, 1, WIDE, FLOATS),
    "add": (np.add, 2, WIDE, NUMBERS),
    "subtract": (np.subtract, 2, WIDE, NUMBERS),
    "multiply": (np.multiply, 2, WIDE, NUMBERS),
    "divide": (np.divide, 2, POSITIVE, FLOATS),
    "max": (np.maximum, 2, WIDE, NUMBERS),
    "min": (np.minimum, 2, WIDE, NUMBERS),
    "modulus_truncate": (np.fmod, 2, POSITIVE, FLOATS),
    "modulus_floor": (np.mod, 2, POSITIVE, FLOATS),
    "atan_yx": (np.arctan2, 2, WIDE, FLOATS),
    "bit_and": (np.bitwise_and, 2, None, UNSIGNED_AND_SIGNED_INTS),
    "bit_or": (np.bitwise_or, 2, None, UNSIGNED_AND_SIGNED_INTS),
    "bit_xor": (np.bitwise_xor, 2, None, UNSIGNED_AND_SIGNED_INTS),
    "bit_not": (np.invert, 1, None, UNSIGNED_AND_SIGNED_INTS),
    "bit_shift_left": (np.left_shift, 2, None, ("uint8", "uint16", "uint32")),
    "bit_shift_right": (np.right_shift, 2, None, ("uint8", "uint16", "uint32")),
    "logical_not": (np.logical_not, 1, None, ("uint8",)),
    "logical_and": (np.logical_and, 2, None, ("uint8",)),
    "logical_or": (np.logical_or, 2, None, ("uint8",)),
    "logical_xor": (np.logical_xor, 2, None, ("uint8",)),
    "logical_equals": (np.equal, 2, WIDE, NUMBERS),
    "logical_greater_than": (np.greater, 2, WIDE, NUMBERS),
    "logical_greater_than_or_equal": (np.greater_equal, 2, WIDE, NUMBERS),
    "logical_less_than": (np.less, 2, WIDE, NUMBERS),
    "logical_less_than_or_equal": (np.less_equal, 2, WIDE, NUMBERS),
}
if hasattr(np, "bitwise_count"):  # numpy 2
    FAMILY["bit_count"] = (np.bitwise_count, 1, None, UNSIGNED_AND_SIGNED_INTS)
BOOLEAN_OUT = (np.isnan, np.logical_not, np.logical_and, np.logical_or, np.logical_xor, np.equal, np.greater,
               np.greater_equal, np.less, np.less_equal)


def make_family(op):
    ufunc, arity, span, _ = FAMILY[op]

    def make(rng, dtype, g, case):
        def fill_for(k):
            if ufunc in (np.logical_not, np.logical_and, np.logical_or, np.logical_xor):
                return lambda shape: rng.integers(0, 2, size=shape)
            if ufunc in (np.left_shift, np.right_shift) and k == 1:
                return lambda shape: rng.integers(0, 8 * np.dtype(dtype).itemsize, size=shape)
            return integers(rng, dtype) if np.issubdtype(dtype, np.integer) else uniform(rng, *span)
        xs = [g.full(dtype, fill_for(k)) for k in range(arity)]
        boolean = ufunc in BOOLEAN_OUT
        out = g.full(np.uint8 if boolean else (np.uint8 if ufunc is getattr(np, "bitwise_count", None) else dtype))
        target = out.view(np.bool_) if boolean else out
        kw = {"dtype": F32} if dtype == F16 and not boolean else {}
        call = lambda: ufunc(*xs, out=target, **kw)
        exact = lambda: ufunc(*[f64(g, x) if np.issubdtype(dtype, np.floating) else g.head(x) for x in xs])
        bytes = g.n * (sum(x.itemsize for x in xs) + out.itemsize)
        return Problem(g, bytes, call, out, exact)
    return make


# (op, make, dtypes, layouts, cases): the rows of bench/dmlref_bench.cpp's register_all(), then
# the family rows above.
ALL_LAYOUTS = ("contiguous", "broadcast", "strided")
ROWS = [
    ("sign", make_sign, ("float32", "float16", "int8", "int32"), ("contiguous", "strided"), ("-",)),
    ("constant_pow", make_constant_pow, ("float32", "float16"), ("contiguous", "strided"),
     ("2", "3", "0.5", "2.2", "2.2_sb")),
    ("pow", make_pow, ("float32", "float16"), ALL_LAYOUTS, ("rand",)),
    ("dequantize_linear", make_dequantize, ("int8", "uint8", "int16", "uint16", "int32", "uint32"),
     ALL_LAYOUTS, ("-", "f16")),
    ("quantize_linear", make_quantize, ("float32", "float16", "int32"), ALL_LAYOUTS, ("i8", "u8")),
] + [(op, make_family(op), dtypes, ("contiguous",), ("-",)) for op, (_, _, _, dtypes) in FAMILY.items()]


def names(regex):
    """(name, op, make, dtype, layout, case, n) of every row matching regex, in the C++ order."""
    pattern = re.compile(regex) if regex else None
    for op, make, dtypes, layouts, cases in ROWS:
        for dtype in dtypes:
            for layout in layouts:
                for case in cases:
                    for n in SIZES:
                        name = f"{op}/numpy/{dtype}/{layout}/{case}/{n}"
                        if pattern is None or pattern.search(name):
                            yield name, op, make, dtype, layout, case, n


# ----------------------------------------------------------------------------------------------
# Timing


def repetition(call, iterations):
    """(real, cpu) seconds of iterations calls."""
    r0, c0 = time.perf_counter(), time.process_time()
    for _ in range(iterations):
        call()
    return time.perf_counter() - r0, time.process_time() - c0


def calibrate(call, min_time):
    """The iteration count at which a repetition lasts at least min_time (Google Benchmark's
    rule: grow by the shortfall, at most 10x a step)."""
    iterations = 1
    while True:
        real, _ = repetition(call, iterations)
        if real >= min_time or iterations >= 1_000_000_000:
            return iterations
        factor = min_time * 1.4 / max(real, 1e-9)
        iterations = max(iterations + 1, int(iterations * min(factor, 10.0)))


def measure(name, problem, repetitions, min_time):
    call, n, bytes_per_call = problem.call, problem.g.n, problem.bytes
    call()  # first touch of the output and scratch arrays; rel_err looks at its result
    rel_err = problem.rel_err()
    iterations = calibrate(call, min_time)
    reals, cpus = [], []
    for _ in range(repetitions):
        real, cpu = repetition(call, iterations)
        reals.append(real / iterations)
        cpus.append(cpu / iterations)
    real, cpu = statistics.median(reals), statistics.median(cpus)
    seconds = cpu if cpu > 0 else real
    return {
        "name": f"{name}_median", "run_name": name, "run_type": "aggregate", "aggregate_name": "median",
        "repetitions": repetitions, "iterations": iterations, "threads": 1,
        "real_time": real * 1e9, "cpu_time": cpu * 1e9, "time_unit": "ns",
        "bytes_per_second": bytes_per_call / seconds, "items_per_second": n / seconds, "rel_err": rel_err,
    }


def cpu_dispatch():
    """numpy's (__cpu_dispatch__, __cpu_features__): numpy._core in numpy 2, numpy.core before."""
    try:
        from numpy._core._multiarray_umath import __cpu_dispatch__, __cpu_features__
    except ImportError:
        from numpy.core._multiarray_umath import __cpu_dispatch__, __cpu_features__
    return __cpu_dispatch__, __cpu_features__


def context(isa):
    __cpu_dispatch__, __cpu_features__ = cpu_dispatch()
    dispatch = [f for f in __cpu_dispatch__ if __cpu_features__.get(f)]
    return {
        "date": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        "host_name": platform.node(),
        "numpy": np.__version__,
        "isa": isa,
        "numpy_dispatch": " ".join(dispatch),
        "numpy_disabled": os.environ.get("NPY_DISABLE_CPU_FEATURES", ""),
        "python": platform.python_version(),
        "load_avg": list(os.getloadavg()),
    }


def restrict_to_avx2():
    """Runs this script again without numpy's AVX-512 kernels (returns only when they are off)."""
    __cpu_dispatch__, _ = cpu_dispatch()
    wide = " ".join(f for f in __cpu_dispatch__ if f.startswith("AVX512"))
    if not wide or os.environ.get("NPY_DISABLE_CPU_FEATURES") == wide:
        return
    env = dict(os.environ, NPY_DISABLE_CPU_FEATURES=wide)
    os.execve(sys.executable, [sys.executable] + sys.argv, env)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", help="the JSON file to write (default: stdout)")
    ap.add_argument("--isa", choices=["native", "avx2"], default="native",
                    help="the instruction sets numpy may dispatch to (default native: all the machine has)")
    ap.add_argument("--filter", default="", help="regex, re.search against the row names")
    ap.add_argument("--repetitions", type=int, default=5)
    ap.add_argument("--min-time", type=float, default=0.1, help="seconds per repetition, at least")
    ap.add_argument("--list", action="store_true", help="print the matching names, run nothing")
    args = ap.parse_args()

    if args.isa == "avx2":
        restrict_to_avx2()
    rows = list(names(args.filter))
    if args.list:
        for row in rows:
            print(row[0])
        return
    benchmarks = []
    start = time.time()
    for i, (name, op, make, dtype, layout, case, n) in enumerate(rows):
        rng = np.random.default_rng(zlib.crc32(name.encode()))  # the same values on every run
        problem = make(rng, TYPES[dtype], Geometry(layout, n), case)
        benchmarks.append(measure(name, problem, args.repetitions, args.min_time))
        if (i + 1) % 10 == 0 or i + 1 == len(rows):
            print(f"numpy_peer: {i + 1}/{len(rows)} done, {time.time() - start:.0f} s", file=sys.stderr, flush=True)
    data = {"context": context(args.isa), "benchmarks": benchmarks,
            "report": {"wall_seconds": time.time() - start, "filter": args.filter,
                       "repetitions": args.repetitions, "min_time": args.min_time}}
    text = json.dumps(data, indent=1)
    if args.out:
        with open(args.out, "w") as f:
            f.write(text)
    else:
        print(text)


if __name__ == "__main__":
    main()
