"""The conformance corpus (tests/conformance/dml/*.json) through the module: every case whose
operator dmlref computes gives the C++ golden path's bits, which are the cases' expected values
(0 ULP: tests/test_conformance.cpp) but where tests/conformance/rounding_errors.json gives the
exactly rounded value instead, through numpy views of the case's layout and through
dmlref.execute with its explicit sizes and strides."""
import json
from fractions import Fraction

import numpy as np
import pytest

import dmlref
from helpers import bits

TYPES = {"FLOAT32": np.float32, "FLOAT16": np.float16, "INT8": np.int8, "INT16": np.int16, "INT32": np.int32,
         "INT64": np.int64, "UINT8": np.uint8, "UINT16": np.uint16, "UINT32": np.uint32, "UINT64": np.uint64}
UNSIGNED = {np.float32: np.uint32, np.float16: np.uint16}


def rounded_once(text, dtype):
    """A case-file decimal rounded once to dtype, to nearest with ties to even (a conversion
    through float64 would round twice)."""
    exact = Fraction(text)
    guess = dtype(float(exact))
    if not np.isfinite(guess):
        return guess
    candidates = [np.nextafter(guess, dtype(-np.inf)), guess, np.nextafter(guess, dtype(np.inf))]
    best = min(candidates, key=lambda c: (abs(Fraction(float(c)) - exact),
                                          int(np.array(c).view(UNSIGNED[dtype])) & 1))
    if exact == 0 and str(text).strip().startswith("-"):
        return dtype(-0.0)
    return best


def element(value, dtype):
    if np.dtype(dtype).kind != "f":
        return dtype(value)
    if isinstance(value, str):
        if value.startswith("0x"):
            return np.array(int(value, 16), UNSIGNED[dtype]).view(dtype)
        return dtype({"NaN": np.nan, "Infinity": np.inf, "-Infinity": -np.inf}[value])
    return rounded_once(repr(value) if isinstance(value, float) else str(value), dtype)


def attribute(value):
    """A FLOAT attribute as Python passes it: a case file's "NaN", "Infinity", "-Infinity" or
    FLOAT32 bits "0x..." become the float they name."""
    return float(element(value, np.float32)) if isinstance(value, str) else value


def cases(source_dir):
    errors = json.loads((source_dir / "tests" / "conformance" / "rounding_errors.json").read_text())["errors"]
    for path in sorted((source_dir / "tests" / "conformance" / "dml").glob("*.json")):
        for case in json.loads(path.read_text())["cases"]:
            listed = [e for e in errors if e["file"] == path.name and e["case"] == case["name"]]
            yield path.name, dict(case, rounding_errors=listed)


def load(source_dir):
    known = {dmlref._operator(name).dml_name for name in dmlref.operators}
    out = []
    for file, case in cases(source_dir):
        if case["op"] in known:
            out.append(pytest.param(case, id=f"{file}: {case['name']}"))
    return out


def corpus():
    import pathlib, os
    return load(pathlib.Path(os.environ.get("DMLREF_SOURCE_DIR", pathlib.Path(__file__).resolve().parents[2])))


@pytest.mark.parametrize("case", corpus())
def test_case_matches_golden_bit_for_bit(case):
    op = dmlref._operator(case["op"])
    level = case.get("featureLevel")
    attributes = {k: v if k == "ScaleBias" else attribute(v) for k, v in case.get("attributes", {}).items()}
    sb = attributes.get("ScaleBias") or {}
    tensors, views = {}, {}
    for name, t in case["tensors"].items():
        dtype = TYPES[t["dataType"]]
        sizes = t["sizes"]
        strides = t.get("strides")
        if "data" in t:
            buffer = np.array([element(v, dtype) for v in t["data"]], dtype=dtype)
            packed = [int(np.prod(sizes[i + 1:])) for i in range(len(sizes))]
            views[name] = np.lib.stride_tricks.as_strided(
                buffer, sizes, [s * buffer.itemsize for s in (strides or packed)], writeable=False)
            # DMLCalcBufferTensorSize rounds up to 4 bytes: pad the buffer for execute()
            padded = np.zeros(-(-buffer.nbytes // 4) * 4 // buffer.itemsize, dtype)
            padded[:buffer.size] = buffer
            tensors[name] = (padded, sizes, strides)
        else:
            output_type = dtype
            count = int(np.prod(sizes))
            tensors[name] = (np.zeros(-(-count * np.dtype(dtype).itemsize // 4) * 4 // np.dtype(dtype).itemsize, dtype),
                             sizes, strides)
    expected = np.array([element(v, output_type) for v in case["expected"][op.output]], dtype=output_type)
    for e in case["rounding_errors"]:
        held = expected.view(UNSIGNED[output_type])
        assert int(held[e["element"]]) == int(e["webnn"], 16), f"rounding_errors.json: {e}"
        held[e["element"]] = int(e["rounded"], 16)
    expected = expected.reshape(case["tensors"][op.output]["sizes"])

    kwargs = {"feature_level": level, "dtype": output_type}
    if op.scale_bias and sb:
        kwargs.update(scale=sb["Scale"], bias=sb["Bias"])
    args = [views.get(name) for name, _ in op.inputs]
    args += [attributes[field] for _, field in op.required]
    through_views = getattr(dmlref, op.name)(*args, **kwargs)
    named = {k: attributes[f] for k, f in op.required + op.optional if f in attributes}
    through_execute = dmlref.execute(op.dml_name, tensors, feature_level=level, scale=sb.get("Scale"),
                                     bias=sb.get("Bias"), **named)[:expected.size].reshape(expected.shape)
    for got in (through_views, through_execute):
        # the defined elements carry the expected bits (NaN: any NaN, as the comparator rules)
        report = dmlref.compare_golden(got, op.name, *args, tolerance="exact",
                                       **{k: v for k, v in kwargs.items() if k != "dtype"})
        assert report.passed, str(report)
        nan = np.isnan(expected) if expected.dtype.kind == "f" else np.zeros(expected.shape, bool)
        zero = (expected == 0)
        same = (bits(got) == bits(expected)) | nan | zero & (got == 0)
        assert same.all(), f"{case['name']}: {got} against {expected}"


@pytest.mark.parametrize("file", ["pow.json", "sign.json", "dequantizeLinear.json", "quantizeLinear.json"])
def test_bits_equal_dmlref_eval_run(file, source_dir):
    """The module's golden output against the C++ golden path's own (dmlref-eval run, which
    prints every value so that it reads back to the same bits), bit for bit: signed zeros
    included, NaN against NaN. Skipped where DMLREF_EVAL names no dmlref-eval."""
    import os
    import subprocess
    tool = os.environ.get("DMLREF_EVAL", "")
    if not tool or not os.path.exists(tool):
        pytest.skip("DMLREF_EVAL names no dmlref-eval (ctest sets it where the build has one)")
    path = source_dir / "tests" / "conformance" / "dml" / file
    printed = json.loads(subprocess.run([tool, "run", str(path)], check=True, capture_output=True, text=True).stdout)
    runs = {c["name"]: c for c in printed["cases"]}
    checked = 0
    for case in json.loads(path.read_text())["cases"]:
        if case["op"] not in {dmlref._operator(n).dml_name for n in dmlref.operators}:
            continue
        op = dmlref._operator(case["op"])
        out = runs[case["name"]][op.output]
        dtype = TYPES[out["dataType"]]
        cpp = np.array([element(v, dtype) for v in out["data"]], dtype=dtype).reshape(out["sizes"])
        attributes = {k: v if k == "ScaleBias" else attribute(v) for k, v in case.get("attributes", {}).items()}
        sb = attributes.get("ScaleBias") or {}
        args = []
        for name, _ in op.inputs:
            t = case["tensors"].get(name)
            if t is None:
                args.append(None)
                continue
            buffer = np.array([element(v, TYPES[t["dataType"]]) for v in t["data"]], dtype=TYPES[t["dataType"]])
            sizes = t["sizes"]
            strides = t.get("strides") or [int(np.prod(sizes[i + 1:])) for i in range(len(sizes))]
            args.append(np.lib.stride_tricks.as_strided(buffer, sizes, [s * buffer.itemsize for s in strides]))
        args += [attributes[field] for _, field in op.required]
        kwargs = {"scale": sb["Scale"], "bias": sb["Bias"]} if op.scale_bias and sb else {}
        got = getattr(dmlref, op.name)(*args, dtype=dtype, feature_level=case.get("featureLevel"), **kwargs)
        nan = np.isnan(cpp) if cpp.dtype.kind == "f" else np.zeros(cpp.shape, bool)
        assert ((bits(got) == bits(cpp)) | (nan & np.isnan(got))).all(), case["name"]
        checked += 1
    assert checked > 0
