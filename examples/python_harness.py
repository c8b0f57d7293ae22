#!/usr/bin/env python3
"""A Python GPU test harness using the module dmlref as its oracle: numpy arrays in, golden
results and comparison reports out, no files and no subprocess.

1. Build the inputs the backend will run (numpy broadcasting and views are bound as they are).
2. Run the backend (here: a stand-in that computes pow in double precision and rounds to
   float32, then one deliberately wrong element).
3. dmlref.testing.assert_golden judges it under the registry's default tolerance for the
   operation and raises AssertionError with the report (in pytest: the test's failure text).

Usage: python_harness.py [BUILD_DIR]
With PYTHONPATH=<build>/python, or given the build directory (or any file in it, such as its
dmlref-eval), from which <build>/python is added to the path.
"""
import os
import sys

try:
    import dmlref
except ImportError:
    if len(sys.argv) < 2:
        print(__doc__)
        sys.exit(2)
    build = sys.argv[1] if os.path.isdir(sys.argv[1]) else os.path.dirname(os.path.abspath(sys.argv[1]))
    sys.path.insert(0, os.path.join(build, "python"))
    import dmlref

import numpy as np
from dmlref.testing import assert_golden


def main():
    bases = (0.5 + 0.75 * np.arange(8, dtype=np.float32)).reshape(1, 8)
    exponents = np.float32([2.2, -1.5, 0.5, 3.0]).reshape(4, 1)  # broadcast: 4 x 8

    golden = dmlref.pow(bases, exponents)  # the exact result, rounded once
    print("golden pow, 4 exponents x 8 bases:\n", golden)

    backend = np.power(bases.astype(np.float64), exponents.astype(np.float64)).astype(np.float32)
    report = assert_golden(backend, "POW", bases, exponents)  # passes: within 32 ULP
    print(f"\nfloat64 pow rounded to float32: {report}")

    backend[1, 3] *= np.float32(1.001)  # the deliberate bug
    try:
        assert_golden(backend, "POW", bases, exponents)
    except AssertionError as failure:
        print(f"with one wrong element:{failure}")
        return 0
    print("the wrong element was not caught")
    return 1


if __name__ == "__main__":
    sys.exit(main())
