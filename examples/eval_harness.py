#!/usr/bin/env python3
"""A test harness using dmlref-eval as its oracle, in Python with the standard library only:
the route for languages without a dmlref binding (python_harness.py uses the module dmlref).

1. `dmlref-eval generate --out-dir` writes the cases (special values, binades, random bits; 3
   layouts) and each tensor's logical values as dense .npy (export.json): no strides to read.
2. The backend runs each case (here: a stand-in computing pow in float64, rounded to float32,
   with one deliberately wrong element) and writes its outputs under the cases' names.
3. `dmlref-eval compare` judges them: exit 0 on pass, 1 on mismatch, 2 on an invalid case.

Usage: eval_harness.py PATH/TO/dmlref-eval [WORK_DIR]
"""
import array, json, math, os, subprocess, sys, tempfile


def backend_pow(x, e):  # float64 pow, with IEEE's answers where Python raises (float32 rounds it)
    try:
        return math.pow(x, e)
    except (OverflowError, ValueError):  # too large, a pole at 0, or a negative base to a fraction
        return math.nan if x < 0 and e != int(e) else math.copysign(math.inf, x if e % 2 == 1 else 1)


def read_npy(path):  # a dense FLOAT32 .npy as dmlref-eval writes it: 10 bytes, the header, the data
    data = open(path, "rb").read()
    return array.array("f", data[10 + int.from_bytes(data[8:10], "little"):])


def main():
    if len(sys.argv) < 2:
        return print(__doc__) or 2
    tool, work = sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else tempfile.mkdtemp(prefix="dmlref-harness-")
    subprocess.run([tool, "generate", "--op", "POW", "--type", "FLOAT32", "--count", "256", "--out-dir", work],
                   stdout=subprocess.DEVNULL, check=True)
    outputs = []
    for case in json.load(open(os.path.join(work, "export.json")))["cases"]:
        x, e, out = (case["tensors"][n] for n in ("InputTensor", "ExponentTensor", "OutputTensor"))
        y = array.array("f", map(backend_pow, read_npy(os.path.join(work, x["npy"])), read_npy(os.path.join(work, e["npy"]))))
        outputs.append({"name": case["name"], "OutputTensor": {**out, "data": [f"0x{b:08x}" for b in array.array("I", y.tobytes())]}})
    wrong = outputs[1]["OutputTensor"]["data"]
    wrong[3] = f"0x{int(wrong[3], 16) ^ 0x400:08x}"  # the deliberate bug: 1024 ULP off
    json.dump({"cases": outputs[::-1]}, open(os.path.join(work, "backend.json"), "w"))  # in any order: paired by name
    result = subprocess.run([tool, "compare", os.path.join(work, "cases.json"), os.path.join(work, "backend.json")],
                            text=True, capture_output=True)
    print(result.stdout, end="")
    print(f"dmlref-eval compare exited {result.returncode} (1: the stand-in backend has a mismatch)")
    return 0 if result.returncode == 1 else 1


if __name__ == "__main__":
    sys.exit(main())
