#!/usr/bin/python3
"""Times dmlref-eval end to end on one large case, as a GPU test harness would use it: a FLOAT16
POW of 1x64x512x512 (16.8M elements) with a per-channel INT32 exponent, given as .npy files
and as JSON data. For each of run, check and compare: wall seconds and peak memory (maximum
resident set), with the tensors' own bytes for scale.

  /usr/bin/python3 bench/eval_speed.py BUILD/dmlref-eval [--elements N] [--skip-json]

Prints a Markdown table (README.md quotes its figures).
"""

import argparse
import json
import pathlib
import subprocess
import tempfile

import numpy as np


def timed(args):
    """(seconds, peak MiB) of one command, through /usr/bin/time."""
    r = subprocess.run(["/usr/bin/time", "-f", "%e %M"] + [str(a) for a in args], capture_output=True, text=True)
    if r.returncode not in (0, 1):
        raise SystemExit(f"{args}: exit {r.returncode}\n{r.stderr[-2000:]}")
    seconds, kib = r.stderr.strip().splitlines()[-1].split()
    return float(seconds), int(kib) / 1024, r.stdout


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("--elements", type=int, default=64 * 512 * 512)
    parser.add_argument("--skip-json", action="store_true")
    args = parser.parse_args()
    channels = 64
    plane = args.elements // channels
    sizes = [1, channels, plane // 512, 512]
    rng = np.random.default_rng(1)
    base = rng.uniform(-3, 3, args.elements).astype(np.float16)
    exponent = rng.integers(-4, 5, channels).astype(np.int32)
    tensor_mib = (base.nbytes * 2 + exponent.nbytes) / 2**20  # input and output

    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        d = pathlib.Path(tmp)
        np.save(d / "base.npy", base)
        np.save(d / "exponent.npy", exponent)
        def case(base_data, exponent_data, expected=None):
            c = {"format": "dmlref-case/1", "name": "pow 16M", "op": "ELEMENT_WISE_POW", "tensors": {
                "InputTensor": {"dataType": "FLOAT16", "sizes": sizes, "data": base_data},
                "ExponentTensor": {"dataType": "INT32", "sizes": sizes, "strides": [0, 1, 0, 0], "data": exponent_data},
                "OutputTensor": {"dataType": "FLOAT16", "sizes": sizes}}}
            if expected is not None:
                c["expected"] = {"OutputTensor": expected}
            return c
        # .npy
        (d / "npy.json").write_text(json.dumps(case({"npy": "base.npy"}, {"npy": "exponent.npy"})))
        out = d / "out"
        out.mkdir()
        t, m, _ = timed([args.binary, "run", d / "npy.json", "--out-dir", out, "--quiet"])
        rows.append(("run", ".npy", t, m))
        (d / "npy-check.json").write_text(json.dumps(case({"npy": "base.npy"}, {"npy": "exponent.npy"},
                                                          {"npy": "out/0.OutputTensor.npy"})))
        t, m, _ = timed([args.binary, "check", d / "npy-check.json", "--quiet"])
        rows.append(("check", ".npy", t, m))
        t, m, _ = timed([args.binary, "compare", d / "npy.json", out / "outputs.json", "--quiet"])
        rows.append(("compare", ".npy", t, m))
        if not args.skip_json:
            bits = [f"0x{int(b):04x}" for b in base.view(np.uint16)]
            (d / "plain.json").write_text(json.dumps(case(bits, exponent.tolist())))
            t, m, printed = timed([args.binary, "run", d / "plain.json", "--quiet"])
            rows.append(("run", "JSON", t, m))
            (d / "actual.json").write_text(printed)
            outputs = json.loads(printed)["OutputTensor"]["data"]
            (d / "plain-check.json").write_text(json.dumps(case(bits, exponent.tolist(), outputs)))
            del outputs
            t, m, _ = timed([args.binary, "check", d / "plain-check.json", "--quiet"])
            rows.append(("check", "JSON", t, m))
            t, m, _ = timed([args.binary, "compare", d / "plain.json", d / "actual.json", "--quiet"])
            rows.append(("compare", "JSON", t, m))
    print(f"FLOAT16 POW, {args.elements:,} elements (sizes {sizes}), tensors {tensor_mib:.0f} MiB\n")
    print("| command | data | wall s | peak MiB |\n|---|---|---|---|")
    for command, data, t, m in rows:
        print(f"| {command} | {data} | {t:.2f} | {m:.0f} |")


if __name__ == "__main__":
    main()
