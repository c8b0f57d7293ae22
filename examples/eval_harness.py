#!/usr/bin/env python3
"""A test harness using dmlref-eval as its oracle, in Python with the standard library only:
the route for languages without a dmlref binding (python_harness.py uses the module dmlref).

1. `dmlref-eval generate` writes the cases: special values, every binade, random bits.
2. The backend runs each case (here: a stand-in computing pow in float64, rounded to float32,
   with one deliberately wrong element) and writes its outputs under the cases' names.
3. `dmlref-eval compare` judges them: exit 0 on pass, 1 on mismatch, 2 on an invalid case.

Usage: eval_harness.py PATH/TO/dmlref-eval [WORK_DIR]
"""
import json, math, os, struct, subprocess, sys, tempfile


def backend_pow(x, e):  # float64 pow rounded to float32, with IEEE's answers where Python raises
    try:
        y = math.pow(x, e)
    except (OverflowError, ValueError):  # too large, a pole at 0, or a negative base to a fraction
        y = math.nan if x < 0 and e != int(e) else math.copysign(math.inf, x if e % 2 == 1 else 1)
    try:
        return struct.unpack("<I", struct.pack("<f", y))[0]
    except OverflowError:
        return 0x7F800000 if y > 0 else 0xFF800000


def main():
    if len(sys.argv) < 2:
        return print(__doc__) or 2
    tool, work = sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else tempfile.mkdtemp(prefix="dmlref-harness-")
    os.makedirs(work, exist_ok=True)
    cases_path, actual_path = os.path.join(work, "cases.json"), os.path.join(work, "backend.json")
    with open(cases_path, "w") as f:
        subprocess.run([tool, "generate", "--op", "CONSTANT_POW", "--type", "FLOAT32", "--layout", "contiguous",
                        "--count", "256"], stdout=f, check=True)
    outputs = []
    for case in json.load(open(cases_path))["cases"]:
        x, out = case["tensors"]["InputTensor"]["data"], case["tensors"]["OutputTensor"]
        e = struct.unpack("<f", struct.pack("<f", case["attributes"]["Exponent"]))[0]
        bits = [backend_pow(struct.unpack("<f", struct.pack("<I", int(v, 16)))[0], e) for v in x]
        outputs.append({"name": case["name"], "OutputTensor": {**out, "data": [f"0x{b:08x}" for b in bits]}})
    wrong = outputs[1]["OutputTensor"]["data"]
    wrong[3] = f"0x{int(wrong[3], 16) ^ 0x400:08x}"  # the deliberate bug: 1024 ULP off
    json.dump({"cases": outputs[::-1]}, open(actual_path, "w"))  # in any order: paired by name
    result = subprocess.run([tool, "compare", cases_path, actual_path], text=True, capture_output=True)
    print(result.stdout, end="")
    print(f"dmlref-eval compare exited {result.returncode} (1: the stand-in backend has a mismatch)")
    return 0 if result.returncode == 1 else 1


if __name__ == "__main__":
    sys.exit(main())
