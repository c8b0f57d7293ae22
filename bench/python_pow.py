#!/usr/bin/env python3
"""The cost of the Python door: the 16M-element FLOAT16 POW on the golden path called from
Python (dmlref.pow on numpy arrays, a new output each call, as tests call it) against the same
C++ call (dmlref::dml::execute on the golden path with packed descriptors over the same
buffers, timed in C++ by the same build of the module), interleaved in one run.

Usage: PYTHONPATH=<build>/python /usr/bin/python3 bench/python_pow.py [REPEATS] [--json]
Prints each side's median and best, and the ratio of the medians (target: at most 1.2); with
--json, also a last line holding them as JSON (bench/report.py reads it). Exits 1 when the
ratio exceeds 1.2 or the two calls disagree.
"""
import json
import statistics
import sys
import time

import numpy as np

import dmlref


def main():
    args = [a for a in sys.argv[1:] if a != "--json"]
    repeats = int(args[0]) if args else 5
    shape = (1, 64, 512, 512)  # 2^24 elements
    rng = np.random.default_rng(2024)
    base = rng.uniform(0, 4, shape).astype(np.float16)
    exponent = rng.uniform(-4, 4, shape).astype(np.float16)
    out = np.empty_like(base)
    dmlref.pow(base[:, :1], exponent[:, :1])  # warm up
    python, cpp = [], []
    for _ in range(repeats):
        start = time.perf_counter()
        result = dmlref.pow(base, exponent)
        python.append(time.perf_counter() - start)
        cpp += dmlref._dmlref.time_execute("POW", [base, exponent], out, 1)
        if not np.array_equal(result.view(np.uint16), out.view(np.uint16)):
            print("python_pow: the two calls disagree", file=sys.stderr)
            return 1
    ratio = statistics.median(python) / statistics.median(cpp)
    print(f"FLOAT16 POW golden, {base.size} elements, {repeats} calls each")
    print(f"  python dmlref.pow      median {statistics.median(python):.3f} s  best {min(python):.3f} s")
    print(f"  C++ dml::execute       median {statistics.median(cpp):.3f} s  best {min(cpp):.3f} s")
    print(f"  ratio (medians)        {ratio:.3f}  (target <= 1.2)")
    if "--json" in sys.argv[1:]:
        print(json.dumps({"elements": base.size, "repeats": repeats, "python_median": statistics.median(python),
                          "python_best": min(python), "cpp_median": statistics.median(cpp), "cpp_best": min(cpp),
                          "ratio": ratio}))
    return 0 if ratio <= 1.2 else 1


if __name__ == "__main__":
    sys.exit(main())
