#!/usr/bin/env python3
"""A test harness using dmlref-eval as its oracle, written in Python with the standard library
only: the route for languages that have no dmlref binding (Python itself has one: see
python_harness.py, which does the same in a few lines with the module dmlref).

1. Write the cases the backend will run, in the case format dmlref-case/1.
2. `dmlref-eval run` writes their golden outputs: keep them as golden files if you like.
3. Run the backend (here: a stand-in that computes pow in double precision and rounds to
   float32, then one deliberately wrong element), write its outputs in the same shape.
4. `dmlref-eval compare` judges them: exit 0 on pass, 1 on mismatch, 2 on an invalid case.

Usage: eval_harness.py PATH/TO/dmlref-eval [WORK_DIR]
"""
import json
import math
import os
import struct
import subprocess
import sys
import tempfile


def to_float32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def main():
    if len(sys.argv) < 2:
        print(__doc__)
        return 2
    tool = sys.argv[1]
    work = sys.argv[2] if len(sys.argv) > 2 else tempfile.mkdtemp(prefix="dmlref-harness-")
    os.makedirs(work, exist_ok=True)

    bases = [to_float32(0.5 + 0.75 * i) for i in range(8)]
    exponents = [2.2, -1.5, 0.5, 3.0]
    cases = {"format": "dmlref-case/1", "cases": []}
    for e in exponents:
        cases["cases"].append({
            "name": f"constant_pow float32 exponent {e}",
            "op": "ELEMENT_WISE_CONSTANT_POW",
            "tensors": {
                "InputTensor": {"dataType": "FLOAT32", "sizes": [len(bases)], "data": bases},
                "OutputTensor": {"dataType": "FLOAT32", "sizes": [len(bases)]},
            },
            "attributes": {"Exponent": e},
        })
    cases_path = os.path.join(work, "cases.json")
    with open(cases_path, "w") as f:
        json.dump(cases, f, indent=1)

    golden_path = os.path.join(work, "golden.json")
    with open(golden_path, "w") as f:
        subprocess.run([tool, "run", cases_path], stdout=f, check=True)
    print(f"golden outputs written to {golden_path}")

    backend = {"cases": []}
    for case in cases["cases"]:
        e = case["attributes"]["Exponent"]
        values = [to_float32(math.pow(b, to_float32(e))) for b in bases]
        backend["cases"].append({"name": case["name"], "OutputTensor": {
            "dataType": "FLOAT32", "sizes": [len(values)], "data": values}})
    backend["cases"][1]["OutputTensor"]["data"][3] *= 1.001  # the deliberate bug
    actual_path = os.path.join(work, "backend.json")
    with open(actual_path, "w") as f:
        json.dump(backend, f)

    result = subprocess.run([tool, "compare", cases_path, actual_path], text=True, capture_output=True)
    print(result.stdout, end="")
    print(f"dmlref-eval compare exited {result.returncode} (1: the stand-in backend has a mismatch)")
    return 0 if result.returncode == 1 else 1


if __name__ == "__main__":
    sys.exit(main())
