"""dmlref-eval inside an outside harness (issue 29): outputs paired with cases by name, skipped
cases, operator names, --out-dir, distance units, several reports in one run.

Run: DMLREF_EVAL=<build>/dmlref-eval python3 -m pytest tests/tools (ctest does this).
Oracles: hand-made outputs whose right pairing and verdict are known; numpy for .npy files.
"""

import json
import os
import xml.etree.ElementTree as ET

import numpy as np

from test_dmlref_eval import CONFORMANCE, pow_case, run_eval, write_json

CONFORMANCE_POW = CONFORMANCE / "pow.json"


def sign_case(name, data, data_type="FLOAT32"):
    return {"name": name, "op": "ELEMENT_WISE_SIGN",
            "tensors": {"InputTensor": {"dataType": data_type, "sizes": [len(data)], "data": data},
                        "OutputTensor": {"dataType": data_type, "sizes": [len(data)]}}}


def output(name, data, data_type="FLOAT32"):
    item = {"OutputTensor": {"dataType": data_type, "sizes": [len(data)], "data": data}}
    if name is not None:
        item["name"] = name
    return item


def two_cases(tmp_path):
    return write_json(tmp_path / "cases.json", {"format": "dmlref-case/1", "cases": [
        sign_case("negatives", [-2, -3]), sign_case("positives", [2, 3])]})


# ---- 1. pairing by name, skipped cases --------------------------------------------------------

def test_compare_pairs_outputs_by_name_not_position(tmp_path):
    cases = two_cases(tmp_path)
    swapped = write_json(tmp_path / "out.json", {"cases": [output("positives", [1, 1]), output("negatives", [-1, -1])]})
    r = run_eval("compare", cases, swapped)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "PASS negatives" in r.stdout and "PASS positives" in r.stdout
    nameless = write_json(tmp_path / "nameless.json", {"cases": [output(None, [-1, -1]), output(None, [1, 1])]})
    assert run_eval("compare", cases, nameless).returncode == 0


def test_compare_names_missing_and_extra_outputs(tmp_path):
    cases = two_cases(tmp_path)
    actual = write_json(tmp_path / "out.json", {"cases": [output("negatives", [-1, -1]), output("typo", [1, 1])]})
    r = run_eval("compare", cases, actual)
    assert r.returncode == 2
    assert 'output 1 is named "typo", which no case of the case file is' in r.stderr
    assert 'invalid case "positives"' in r.stderr and 'no output is named "positives"' in r.stderr
    assert "PASS negatives" in r.stdout


def test_an_output_may_say_its_case_was_not_run(tmp_path):
    cases = two_cases(tmp_path)
    actual = write_json(tmp_path / "out.json", {"cases": [
        output("negatives", [-1, -1]), {"name": "positives", "skipped": "FLOAT32 SIGN is not in this backend"}]})
    report = tmp_path / "r.json"
    junit = tmp_path / "r.xml"
    r = run_eval("compare", cases, actual, "--report", "json", report)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "SKIP positives: FLOAT32 SIGN is not in this backend" in r.stdout
    assert r.stdout.rstrip().endswith("1 passed, 0 failed, 1 skipped")
    doc = json.loads(report.read_text())
    assert doc["skipped"] == 1
    assert doc["cases"][1] == {"name": "positives", "result": "skipped", "reason": "FLOAT32 SIGN is not in this backend"}
    assert run_eval("compare", cases, actual, "--report", "junit", junit).returncode == 0
    skipped = ET.parse(junit).getroot().find(".//testcase[@name='positives']/skipped")
    assert skipped is not None and skipped.get("message") == "FLOAT32 SIGN is not in this backend"


# ---- 8. operator names, generate's --op, run --out-dir ------------------------------------------

def test_case_files_take_short_operator_names(tmp_path):
    case = sign_case("short", [-2, 0, 5])
    case["op"] = "SIGN"
    case["expected"] = {"OutputTensor": [-1, 0, 1]}
    r = run_eval("check", write_json(tmp_path / "c.json", case))
    assert r.returncode == 0, r.stdout + r.stderr
    case["op"] = "NOT_AN_OP"
    r = run_eval("check", write_json(tmp_path / "bad.json", case))
    assert r.returncode == 2 and "ELEMENT_WISE_SIGN" in r.stderr and "without ELEMENT_WISE_" in r.stderr


def test_generate_without_op_is_a_usage_error():
    r = run_eval("generate")
    assert r.returncode == 2 and "generate needs --op" in r.stderr and r.stdout == ""
    assert run_eval("generate", "--list").returncode == 0
    assert run_eval("generate", "--op", "sign", "--count", "8").returncode == 0


def test_run_out_dir_is_created_and_stdout_paths_resolve_from_the_cwd(tmp_path):
    cases = two_cases(tmp_path)
    out = tmp_path / "deep" / "er"
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    r = run_eval("run", cases, "--out-dir", os.path.relpath(out, elsewhere), cwd=elsewhere)
    assert r.returncode == 0, r.stderr
    printed = json.loads(r.stdout)
    for k, item in enumerate(printed["cases"]):
        path = item["OutputTensor"]["data"]["npy"]
        assert os.path.isabs(path) and os.path.samefile(path, out / f"{k}.OutputTensor.npy")
        np.testing.assert_array_equal(np.load(path), [-1, -1] if k == 0 else [1, 1])
    kept = json.loads((out / "outputs.json").read_text())
    assert kept["cases"][0]["OutputTensor"]["data"] == {"npy": "0.OutputTensor.npy"}
    (tmp_path / "stdout.json").write_text(r.stdout)  # stdout kept anywhere still resolves
    assert run_eval("compare", cases, tmp_path / "stdout.json").returncode == 0
    assert run_eval("compare", cases, out / "outputs.json").returncode == 0
    blocked = tmp_path / "file"
    blocked.write_text("")
    r = run_eval("run", cases, "--out-dir", blocked / "sub")
    assert r.returncode == 2 and f"cannot create {blocked / 'sub'}: Not a directory" in r.stderr


def test_files_that_cannot_be_read_or_written_are_named_with_the_system_s_reason(tmp_path):
    cases = two_cases(tmp_path)
    missing = tmp_path / "missing.json"
    r = run_eval("run", missing)
    assert r.returncode == 2 and f"cannot read {missing}: No such file or directory" in r.stderr
    r = run_eval("compare", cases, tmp_path)  # a folder opens, then cannot be read
    assert r.returncode == 2 and f"cannot read {tmp_path}: Is a directory" in r.stderr
    # A report that cannot be written fails before any case runs, naming the format and the reason.
    blocked = tmp_path / "no" / "r.json"
    r = run_eval("check", CONFORMANCE_POW, "--report", "junit", tmp_path / "r.xml", "--report", "json", blocked)
    assert r.returncode == 2 and r.stdout == ""
    assert f"--report json: cannot write {blocked}: No such file or directory" in r.stderr
    r = run_eval("check", CONFORMANCE_POW, "--report", "xml", tmp_path / "r.xml")
    assert r.returncode == 2 and '--report "xml" is not a format: --report takes json or junit' in r.stderr


# ---- 6. distance units, NaN mismatches --------------------------------------------------------

def test_integer_distances_are_not_ulp_and_nan_mismatches_are_named(tmp_path):
    cases = write_json(tmp_path / "cases.json", {"cases": [
        pow_case([2, 3], [3, 2], name="int", base_type="INT32"),
        sign_case("nan", [-2, 3])]})
    actual = write_json(tmp_path / "out.json", {"cases": [
        output("int", [8, 12], "INT32"), output("nan", ["NaN", 1])]})
    report = tmp_path / "r.json"
    r = run_eval("compare", cases, actual, "--report", "json", report)
    assert r.returncode == 1
    assert "FAIL int (2 compared, 0 undefined, worst 3 integer units)" in r.stdout
    assert "FAIL nan (2 compared, 0 undefined, 1 NaN mismatched, worst elsewhere 0 ULP)" in r.stdout
    assert "worst 0 ULP" not in r.stdout
    doc = {c["name"]: c for c in json.loads(report.read_text())["cases"]}
    assert doc["int"]["worst_distance"] == 3 and doc["int"]["distance_unit"] == "integer"
    assert "worst_ulp" not in doc["int"]
    assert doc["nan"]["nan_mismatches"] == 1 and doc["nan"]["distance_unit"] == "ulp"


# ---- 5. several reports in one run ------------------------------------------------------------

def test_json_and_junit_reports_in_one_run(tmp_path):
    cases = two_cases(tmp_path)
    actual = write_json(tmp_path / "out.json", {"cases": [output("negatives", [-1, -1]), output("positives", [1, 0])]})
    r = run_eval("compare", cases, actual, "--report", "json", tmp_path / "r.json", "--report", "junit", tmp_path / "r.xml")
    assert r.returncode == 1, r.stderr
    assert json.loads((tmp_path / "r.json").read_text())["failed"] == 1
    assert ET.parse(tmp_path / "r.xml").getroot().get("failures") == "1"


# ---- 3. every mismatch, histogram indices -----------------------------------------------------

def test_every_mismatch_goes_to_a_file_and_the_report_histogram_has_indices(tmp_path):
    cases = write_json(tmp_path / "cases.json", {"cases": [
        pow_case([2, 3, 4, 5], [2, 2, 2, 2], name="p", base_type="FLOAT32", exponent_type="FLOAT32")]})
    actual = write_json(tmp_path / "out.json", {"cases": [output("p", [4, 10, "NaN", 25])]})
    mismatches, report = tmp_path / "m.jsonl", tmp_path / "r.json"
    r = run_eval("compare", cases, actual, "--mismatches", mismatches, "--report", "json", report)
    assert r.returncode == 1, r.stderr
    lines = [json.loads(line) for line in mismatches.read_text().splitlines()]
    assert [m["index"] for m in lines] == [[1], [2]]
    first, nan = lines
    assert first["case"] == "p" and list(first["inputs"]) == ["InputTensor", "ExponentTensor"]
    assert [float(v) for v in first["inputs"].values()] == [3.0, 2.0]
    assert (float(first["expected"]), float(first["actual"])) == (9.0, 10.0)
    assert (first["distance"], first["unit"], first["kind"]) == (1048576, "ulp", "value")  # 9 -> 10: 2^20 ULP
    assert first["expected_bits"] == "0x41100000" and first["actual_bits"] == "0x41200000"
    assert nan["kind"] == "nan" and nan["distance"] is None
    histogram = json.loads(report.read_text())["cases"][0]["histogram"]
    assert histogram == {"0": {"count": 2}, ">512": {"count": 1, "mismatched_indices": [[1]]},
                         "NaN": {"count": 1, "mismatched_indices": [[2]]}}
    r = run_eval("check", CONFORMANCE_POW, "--mismatches", mismatches)  # a passing run leaves the file empty
    assert r.returncode == 0 and mismatches.read_text() == ""


def test_every_mismatch_as_a_structured_npy(tmp_path):
    cases = write_json(tmp_path / "cases.json", {"cases": [
        sign_case("clean", [1, -1]),
        pow_case([2, 3, 4, 5], [2, 2, 2, 2], name="p", base_type="FLOAT16", exponent_type="INT32"),
        {"name": "dq", "op": "DEQUANTIZE_LINEAR", "tensors": {
            "InputTensor": {"dataType": "INT8", "sizes": [2, 2], "data": [1, 2, 3, 4]},
            "ScaleTensor": {"dataType": "FLOAT32", "sizes": [2, 2], "strides": [1, 0], "data": [0.5, 0.25]},
            "OutputTensor": {"dataType": "FLOAT32", "sizes": [2, 2]}}}]})
    actual = write_json(tmp_path / "out.json", {"cases": [
        output("clean", [1, -1]), output("p", [4, 10, "NaN", 25], "FLOAT16"),
        {"name": "dq", "OutputTensor": {"dataType": "FLOAT32", "sizes": [2, 2], "data": [0.5, 1, 0.75, 1.5]}}]})
    path = tmp_path / "m.npy"
    r = run_eval("compare", cases, actual, "--mismatches", path)
    assert r.returncode == 1, r.stderr
    m = np.load(path)
    assert m.dtype.names == ("case", "rank", "index", "kind", "expected", "actual", "expected_bits", "actual_bits",
                             "distance", "inputs")
    assert m["case"].tolist() == [1, 1, 2] and m["kind"].tolist() == [b"value", b"nan", b"value"]
    assert [tuple(i[:r]) for i, r in zip(m["index"], m["rank"])] == [(1,), (2,), (1, 1)]
    assert m["expected"].tolist() == [9, 16, 1] and m["actual"][0] == 10 and np.isnan(m["actual"][1])
    assert m["expected_bits"].tolist() == [0x4880, 0x4C00, 0x3F800000] and m["actual_bits"][0] == 0x4900
    assert m["distance"].tolist() == [128, 0, 2**22]  # 9 -> 10 in FLOAT16; 1 -> 1.5 in FLOAT32
    assert m["inputs"][0, :2].tolist() == [3, 2] and np.isnan(m["inputs"][0, 2:]).all()
    assert m["inputs"][2, :2].tolist() == [4, 0.25] and np.isnan(m["inputs"][2, 2])  # no ZeroPointTensor
    r = run_eval("check", CONFORMANCE_POW, "--mismatches", path)  # a passing run: an empty array
    assert r.returncode == 0 and np.load(path).shape == (0,)


# ---- 2. FLOAT16 outputs written as bit patterns -----------------------------------------------

def test_float16_outputs_as_bit_patterns_warn_or_are_read_as_bits(tmp_path):
    cases = write_json(tmp_path / "cases.json", sign_case("h", [-2, 0, 3], "FLOAT16"))
    patterns = [0xBC00, 0, 0x3C00]  # -1, 0, 1: what a Uint16Array of FLOAT16 holds
    numbers = write_json(tmp_path / "numbers.json", output("h", patterns, "FLOAT16"))
    r = run_eval("compare", cases, numbers)
    assert r.returncode == 1
    assert 'warning: case "h" in' in r.stderr and "FLOAT16 data are all integers, up to 48128" in r.stderr
    assert '{"bits": [...]}' in r.stderr
    bits = output("h", [], "FLOAT16")
    bits["OutputTensor"].update(sizes=[3], data={"bits": patterns})
    r = run_eval("compare", cases, write_json(tmp_path / "bits.json", bits))
    assert r.returncode == 0 and r.stderr == "", r.stdout + r.stderr
    # A pattern wider than the type, or a data object of another shape, is named as such.
    for data, words in (({"bits": [0xBC00, 0, 70000]}, "OutputTensor.data.bits[2]: 70000 is not a 16-bit pattern (FLOAT16)"),
                        ({"bits": [0xBC00, 0, 0x3C00], "extra": 1}, 'OutputTensor.data: must be an array of values, '
                                                                     '{"npy": "file.npy"} or {"bits": [...]}'),
                        ({"bitz": [1, 2, 3]}, '{"bits": [...]}')):
        bits["OutputTensor"]["data"] = data
        r = run_eval("compare", cases, write_json(tmp_path / "bad.json", bits))
        assert r.returncode == 2 and words in r.stderr, r.stderr
