"""dmlref-eval as a user meets it: its command line, .npy tensors in and out, reports for CI,
and the message each kind of bad input gets (exit status 2, the other cases still run).

Run: DMLREF_EVAL=<build>/dmlref-eval python3 -m pytest tests/tools (ctest does this).
Oracles: numpy writes and reads the .npy files; the JSON outputs of `run` on the same cases;
hand-written bad inputs with the words their messages must carry.
"""

import json
import os
import pathlib
import re
import subprocess
import sys

import numpy as np
import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
EVAL = os.path.abspath(os.environ.get("DMLREF_EVAL", str(ROOT / "build" / "dmlref-eval")))
CONFORMANCE = ROOT / "tests" / "conformance" / "dml"


def run_eval(*args, cwd=None):
    return subprocess.run([EVAL, *map(str, args)], capture_output=True, text=True, cwd=cwd)


def write_json(path, document):
    path.write_text(json.dumps(document))
    return path


def pow_case(base, exponent, name="probe", base_type="FLOAT16", exponent_type="INT32", extra=None):
    case = {
        "format": "dmlref-case/1", "name": name, "op": "ELEMENT_WISE_POW",
        "tensors": {
            "InputTensor": {"dataType": base_type, "sizes": [len(base)] if isinstance(base, list) else [4], "data": base},
            "ExponentTensor": {"dataType": exponent_type, "sizes": [len(exponent)] if isinstance(exponent, list) else [4],
                               "data": exponent},
            "OutputTensor": {"dataType": base_type, "sizes": [len(base)] if isinstance(base, list) else [4]},
        },
    }
    case.update(extra or {})
    return case


# ---- the command line ------------------------------------------------------------------------

def test_help_and_version_exit_zero():
    for args in (["--help"], ["run", "--help"], ["check", "--help"], ["compare", "--help"]):
        r = run_eval(*args)
        assert r.returncode == 0, args
        assert "Usage" in r.stdout
    r = run_eval("--version")
    assert r.returncode == 0 and r.stdout.startswith("dmlref-eval ")


def test_unknown_command_and_option_exit_two():
    r = run_eval("frobnicate")
    assert r.returncode == 2 and "unknown command frobnicate" in r.stderr
    r = run_eval("check", "x.json", "--tolerance", "lots")
    assert r.returncode == 2 and "--tolerance takes exact or ulp:N" in r.stderr


# ---- .npy tensors ------------------------------------------------------------------------------

def test_run_out_dir_writes_npy_that_numpy_reads_and_compare_accepts(tmp_path):
    cases = CONFORMANCE / "pow.json"
    as_json = json.loads(run_eval("run", cases).stdout)
    out = tmp_path / "out"
    out.mkdir()
    r = run_eval("run", cases, "--out-dir", out)
    assert r.returncode == 0, r.stderr
    printed = json.loads(r.stdout)  # the same document, naming the files by absolute paths
    kept = json.loads((out / "outputs.json").read_text())
    for k, (from_json, named, in_dir) in enumerate(zip(as_json["cases"], printed["cases"], kept["cases"])):
        assert in_dir["OutputTensor"]["data"] == {"npy": f"{k}.OutputTensor.npy"}
        assert named["OutputTensor"]["data"] == {"npy": str(out / f"{k}.OutputTensor.npy")}
        array = np.load(out / f"{k}.OutputTensor.npy")
        assert list(array.shape) == from_json["OutputTensor"]["sizes"]
        want = np.array([float(v) if not isinstance(v, str) else float(v.replace("Infinity", "inf"))
                         for v in from_json["OutputTensor"]["data"]], dtype=array.dtype)
        np.testing.assert_array_equal(array.ravel(), want)
    r = run_eval("compare", cases, out / "outputs.json")
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.strip().endswith("24 passed, 0 failed")


def test_run_out_dir_files_that_cannot_be_written_give_one_error_entry_per_case(tmp_path):
    # (A missing folder is created, and a path that is a file fails before anything runs; as
    # root, permissions do not stop a write: a folder in a file's place does.)
    folder = tmp_path / "out"
    for name in ("0.OutputTensor.npy", "1.OutputTensor.npy"):
        (folder / name).mkdir(parents=True)
    reason = "Is a directory"
    one = pow_case([2, 3, 4, 5], [2, 2, 2, 2], name="one", base_type="FLOAT32")
    two = pow_case([2, 3, 4, 5], [1, 2, 3, 4], name="two", base_type="FLOAT32")
    for document, count in ((one, 1), ({"cases": [one, two]}, 2)):
        r = run_eval("run", write_json(tmp_path / "cases.json", document), "--out-dir", folder)
        assert r.returncode == 2
        printed = json.loads(r.stdout)  # one JSON document
        entries = printed["cases"] if "cases" in printed else [printed]
        assert len(entries) == count
        for k, entry in enumerate(entries):
            assert set(entry) == {"name", "error"}, entry
            assert entry["error"] == f"cannot write {folder}/{k}.OutputTensor.npy: {reason}"
        assert "invalid" not in r.stderr, r.stderr
        assert f'case "one": cannot write {folder}/0.OutputTensor.npy: {reason}' in r.stderr
        kept = json.loads((folder / "outputs.json").read_text())  # DIR/outputs.json: the same entries
        assert (kept["cases"] if "cases" in kept else [kept]) == entries


def test_run_out_dir_that_is_a_file_fails_before_running(tmp_path):
    folder = tmp_path / "a_file"
    folder.write_text("not a folder")
    case = pow_case([2, 3, 4, 5], [2, 2, 2, 2], name="one", base_type="FLOAT32")
    r = run_eval("run", write_json(tmp_path / "cases.json", case), "--out-dir", folder)
    assert r.returncode == 2
    assert str(folder) in r.stderr
    assert r.stdout == ""


def test_check_reports_an_infinity_for_a_finite_value_at_any_tolerance(tmp_path):
    case = {"format": "dmlref-case/1", "name": "top", "op": "ELEMENT_WISE_DEQUANTIZE_LINEAR", "tensors": {
        "InputTensor": {"dataType": "INT32", "sizes": [2], "data": [33546239, 1]},
        "ScaleTensor": {"dataType": "FLOAT16", "sizes": [2], "data": [0.001953125, 1]},
        "ZeroPointTensor": {"dataType": "INT32", "sizes": [2], "data": [0, 0]},
        "OutputTensor": {"dataType": "FLOAT16", "sizes": [2]}},
        "expected": {"OutputTensor": ["Infinity", 1]}}  # golden: 65504, 1 ULP below
    cases = write_json(tmp_path / "top.json", case)
    for path in ("golden", "fast"):
        r = run_eval("check", cases, "--path", path, "--tolerance", "ulp:1000", "--report", "json", tmp_path / "r.json")
        assert r.returncode == 1, r.stdout
        assert "FAIL top (2 compared, 0 undefined, worst 1 ULP, 1 infinities against finite values)" in r.stdout
        assert "infinity against a finite value" in r.stdout
        report = json.loads((tmp_path / "r.json").read_text())
        assert report["cases"][0]["infinity_mismatches"] == 1


def test_fast_path_matches_zero_signs_and_nan_bits(tmp_path):
    """The fast path's zeros and NaNs are golden's, judged by --zeros same-sign --nan same-bits."""
    def case(name, op, tensors, expected, attributes=None):
        c = {"name": name, "op": op, "tensors": tensors, "expected": {"OutputTensor": expected}}
        if attributes:
            c["attributes"] = attributes
        return c

    def t(data_type, data):
        return {"dataType": data_type, "sizes": [len(data)], "data": data}

    pow_f32 = "ELEMENT_WISE_POW"
    cases = [
        case("pow float32 odd powers underflow", pow_f32, {"InputTensor": t("FLOAT32", [-0.5, -2, -1e-20]),
             "ExponentTensor": t("FLOAT32", [1001, -1001, 3]), "OutputTensor": t("FLOAT32", [0, 0, 0])}, [-0.0] * 3),
        case("pow float32 int32 exponent", pow_f32, {"InputTensor": t("FLOAT32", [-0.5]),
             "ExponentTensor": t("INT32", [2147483647]), "OutputTensor": t("FLOAT32", [0])}, [-0.0]),
        case("pow float16", pow_f32, {"InputTensor": t("FLOAT16", [-0.5]), "ExponentTensor": t("FLOAT16", [101]),
             "OutputTensor": t("FLOAT16", [0])}, [-0.0]),
        case("constant_pow float32", "ELEMENT_WISE_CONSTANT_POW", {"InputTensor": t("FLOAT32", [-0.5]),
             "OutputTensor": t("FLOAT32", [0])}, [-0.0], {"Exponent": 1001}),
        case("constant_pow ScaleBias Inf * 0", "ELEMENT_WISE_CONSTANT_POW", {"InputTensor": t("FLOAT32", ["Infinity", -2]),
             "OutputTensor": t("FLOAT32", [0, 0])}, ["NaN", 1], {"Exponent": 2, "ScaleBias": {"Scale": 0, "Bias": 1}}),
        case("constant_pow root of a negative", "ELEMENT_WISE_CONSTANT_POW", {"InputTensor": t("FLOAT32", [-2]),
             "OutputTensor": t("FLOAT32", [0])}, ["NaN"], {"Exponent": 0.5}),
        case("dequantize Inf * 0", "ELEMENT_WISE_DEQUANTIZE_LINEAR", {"InputTensor": t("INT8", [3, 4]),
             "ScaleTensor": t("FLOAT32", ["Infinity", "Infinity"]), "ZeroPointTensor": t("INT8", [3, 3]),
             "OutputTensor": t("FLOAT32", [0, 0])}, ["NaN", "Infinity"]),
        case("dequantize int32 to float16 at the top", "ELEMENT_WISE_DEQUANTIZE_LINEAR", {
             "InputTensor": t("INT32", [33546239, -33546239]), "ScaleTensor": t("FLOAT16", [0.001953125, 0.001953125]),
             "ZeroPointTensor": t("INT32", [0, 0]), "OutputTensor": t("FLOAT16", [0, 0])}, [65504, -65504]),
    ]
    for c in cases:
        del c["tensors"]["OutputTensor"]["data"]
    path = write_json(tmp_path / "kinds.json", {"format": "dmlref-case/1", "cases": cases})
    for p in ("golden", "fast"):
        r = run_eval("check", path, "--path", p, "--zeros", "same-sign", "--nan", "same-bits")
        assert r.returncode == 0, (p, r.stdout)
        assert r.stdout.strip().endswith(f"{len(cases)} passed, 0 failed")


def test_npy_inputs_give_the_same_results_as_json_data(tmp_path):
    rng = np.random.default_rng(3)
    base = rng.uniform(-4, 4, 64).astype(np.float16)
    exponent = rng.integers(-3, 4, 64).astype(np.int32)
    np.save(tmp_path / "base.npy", base)
    np.save(tmp_path / "exponent.npy", exponent.reshape(8, 8))  # any shape: the buffer's elements in order
    with_npy = pow_case({"npy": "base.npy"}, {"npy": "exponent.npy"})
    for t in ("InputTensor", "ExponentTensor", "OutputTensor"):
        with_npy["tensors"][t]["sizes"] = [64]
    with_json = pow_case([f"0x{int(b):04x}" for b in base.view(np.uint16)], exponent.tolist())
    a = json.loads(run_eval("run", write_json(tmp_path / "npy.json", with_npy)).stdout)
    b = json.loads(run_eval("run", write_json(tmp_path / "plain.json", with_json)).stdout)
    assert a["OutputTensor"] == b["OutputTensor"]
    # Paths are relative to the case file, wherever the tool runs from.
    elsewhere = run_eval("run", tmp_path / "npy.json", cwd="/")
    assert json.loads(elsewhere.stdout)["OutputTensor"] == b["OutputTensor"]


def test_npy_versions_and_every_dtype_read(tmp_path):
    for dtype, name in [("<f4", "FLOAT32"), ("<f2", "FLOAT16"), ("|i1", "INT8"), ("|u1", "UINT8"), ("<i2", "INT16"),
                        ("<u2", "UINT16"), ("<i4", "INT32"), ("<u4", "UINT32"), ("<i8", "INT64"), ("<u8", "UINT64")]:
        values = np.arange(-3, 5).astype(dtype) if dtype[1] in "fi" else np.arange(0, 8).astype(dtype)
        for version in ((1, 0), (2, 0), (3, 0)):
            path = tmp_path / f"x_{name}_{version[0]}.npy"
            with open(path, "wb") as f:
                np.lib.format.write_array(f, values, version=version)
            case = {"format": "dmlref-case/1", "op": "ELEMENT_WISE_SIGN", "tensors": {
                "InputTensor": {"dataType": name, "sizes": [8], "data": {"npy": path.name}},
                "OutputTensor": {"dataType": name, "sizes": [8]}}}
            r = run_eval("run", write_json(tmp_path / "sign.json", case))
            assert r.returncode == 0, (name, version, r.stderr)
            got = json.loads(r.stdout)["OutputTensor"]["data"]
            assert got == np.sign(values.astype(np.float64)).astype(int).tolist(), (name, version)


def npy_bytes(header, data_bytes):
    """A version 1 .npy file of the header text (padded as NumPy pads it) and data_bytes zero bytes."""
    header = header.ljust((len(header) + 10 + 1 + 63) // 64 * 64 - 10 - 1) + b"\n"
    return np.lib.format.magic(1, 0) + len(header).to_bytes(2, "little") + header + b"\x00" * data_bytes


@pytest.mark.parametrize("make, words", [
    (lambda p: np.save(p, np.asfortranarray(np.arange(6, dtype="<f4").reshape(2, 3))), "Fortran order"),
    (lambda p: np.save(p, np.arange(6, dtype=">f4")), "big-endian"),
    (lambda p: np.save(p, np.array([1, "a"], dtype=object), allow_pickle=True), "dtype '|O'"),
    (lambda p: np.save(p, np.arange(6, dtype="<i4")), "holds INT32 data; the tensor is FLOAT32"),
    (lambda p: p.write_bytes(b"not a numpy file"), "not a .npy file"),
    # (a well-formed header: its length counts the bytes after the length field)
    (lambda p: p.write_bytes(npy_bytes(b"{'descr': '<f4', 'fortran_order': False, 'shape': (6,), }", 8)),
     "ends before the 24 bytes"),
    # A header that promises 1 GiB over a few bytes: refused before anything is allocated.
    (lambda p: p.write_bytes(npy_bytes(b"{'descr': '<f4', 'fortran_order': False, 'shape': (268435456,), }", 4)),
     "ends before the 1073741824 bytes"),
    (lambda p: p.write_bytes(npy_bytes(b"{'descr': '<f4', 'fortran_order': Maybe, 'shape': (6,), }", 24)),
     "has a malformed header: 'fortran_order' is Maybe"),
    (lambda p: p.write_bytes(npy_bytes(b"{'descr': '<f4', 'fortran_order': False, 'shape': (6,), }\x00", 24)),
     "has a NUL byte in its header"),
])
def test_npy_refusals_name_the_file_and_the_fix(tmp_path, make, words):
    make(tmp_path / "x.npy")
    case = {"format": "dmlref-case/1", "op": "ELEMENT_WISE_SIGN", "tensors": {
        "InputTensor": {"dataType": "FLOAT32", "sizes": [6], "data": {"npy": "x.npy"}},
        "OutputTensor": {"dataType": "FLOAT32", "sizes": [6]}}}
    r = run_eval("run", write_json(tmp_path / "c.json", case))
    assert r.returncode == 2
    assert "InputTensor.data" in r.stderr and "x.npy" in r.stderr and words in r.stderr, r.stderr


def test_npy_header_promising_1_gib_costs_no_gib(tmp_path):
    """Memory stays bounded by the bytes the file holds: a header that promises 1 GiB over 4 bytes
    is refused before a buffer is sized from it (the peak RSS of a fresh child process)."""
    (tmp_path / "x.npy").write_bytes(npy_bytes(b"{'descr': '<f4', 'fortran_order': False, 'shape': (268435456,), }", 4))
    case = {"format": "dmlref-case/1", "op": "ELEMENT_WISE_SIGN", "tensors": {
        "InputTensor": {"dataType": "FLOAT32", "sizes": [6], "data": {"npy": "x.npy"}},
        "OutputTensor": {"dataType": "FLOAT32", "sizes": [6]}}}
    cases = write_json(tmp_path / "c.json", case)
    probe = ("import resource, subprocess, sys; r = subprocess.run(sys.argv[1:], capture_output=True, text=True); "
             "print(r.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024); print(r.stderr)")
    r = subprocess.run([sys.executable, "-c", probe, EVAL, "run", str(cases)], capture_output=True, text=True)
    status, peak_mib = map(int, r.stdout.split("\n")[0].split())
    assert status == 2 and "ends before the 1073741824 bytes" in r.stdout, r.stdout
    assert peak_mib < 256, f"peak RSS {peak_mib} MiB"


# ---- reports -----------------------------------------------------------------------------------

def failing_check_file(tmp_path):
    good = pow_case([2, 3, 4, 5], [2, 2, 2, 2], name="good", base_type="FLOAT32", extra={"expected": {"OutputTensor": [4, 9, 16, 25]}})
    bad = pow_case([2, 3, 4, 5], [2, 2, 2, 2], name="bad", base_type="FLOAT32", extra={"expected": {"OutputTensor": [4, 9, 17, 25]}})
    return write_json(tmp_path / "cases.json", {"cases": [good, bad]})


def test_check_names_the_case_file_values_as_expected_and_shows_inputs(tmp_path):
    r = run_eval("check", failing_check_file(tmp_path), "--tolerance", "exact")
    assert r.returncode == 1
    assert "expected 17" in r.stdout and "actual 16" in r.stdout  # the file's value is the expectation
    assert "inputs InputTensor 4, ExponentTensor 2" in r.stdout
    assert "|actual - expected| 1, relative 0.0588" in r.stdout
    assert "mismatched: 1 of 4 compared (25%)" in r.stdout
    assert "  greatest absolute difference: 1 at [2]\n  greatest relative difference: 0.0588235 at [2]\n" in r.stdout
    assert r.stdout.strip().endswith("1 passed, 1 failed")


def test_a_mismatch_resting_on_an_unverified_choice_carries_its_note(tmp_path):
    """SIGN of NaN (0 in dmlref, a reading of DirectML's page) and INT8 ADD past 127 (wraps):
    a backend that differs there is told that the expectation is dmlref's unverified choice,
    in the text and in each --mismatches line; an ordinary mismatch carries no note."""
    def case(name, op, tensors, expected):
        return {"format": "dmlref-case/1", "name": name, "op": op, "tensors": tensors, "expected": expected}
    cases = write_json(tmp_path / "cases.json", {"cases": [
        case("sign", "ELEMENT_WISE_SIGN", {"InputTensor": {"dataType": "FLOAT32", "sizes": [2], "data": ["NaN", 2]},
                                           "OutputTensor": {"dataType": "FLOAT32", "sizes": [2]}},
             {"OutputTensor": ["NaN", 1]}),
        case("add", "ELEMENT_WISE_ADD", {"ATensor": {"dataType": "INT8", "sizes": [2], "data": [100, 1]},
                                         "BTensor": {"dataType": "INT8", "sizes": [2], "data": [100, 1]},
                                         "OutputTensor": {"dataType": "INT8", "sizes": [2]}},
             {"OutputTensor": [127, 3]}),
    ]})
    lines = tmp_path / "mismatches.jsonl"
    r = run_eval("check", cases, "--mismatches", lines)
    assert r.returncode == 1, r.stdout + r.stderr
    assert "note: SIGN of NaN is 0" in r.stdout and "[unverified]" in r.stdout
    assert "note: an integer result beyond the output type wraps around" in r.stdout
    notes = {(m["case"], m["index"][0]): m.get("note", "") for m in map(json.loads, lines.read_text().splitlines())}
    assert notes[("sign", 0)].startswith("SIGN of NaN is 0")
    assert notes[("add", 0)].startswith("an integer result beyond")
    assert notes[("add", 1)] == ""  # 1 + 1 = 2 against 3: no choice involved


def test_reports_for_ci(tmp_path):
    cases = failing_check_file(tmp_path)
    r = run_eval("check", cases, "--tolerance", "exact", "--report", "json", tmp_path / "r.json")
    assert r.returncode == 1
    report = json.loads((tmp_path / "r.json").read_text())
    assert report["passed"] == 1 and report["failed"] == 1
    assert [c["result"] for c in report["cases"]] == ["pass", "fail"]
    assert report["cases"][1]["worst_ulp"] == 2**19 and report["cases"][1]["mismatched"] == 1  # 16 against 17
    bad = report["cases"][1]  # beside ULPs, what torch.testing.assert_close shows
    assert bad["mismatched_share"] == 0.25
    assert bad["greatest_absolute_difference"] == {"value": 1.0, "index": [2]}
    assert bad["greatest_relative_difference"]["index"] == [2]
    assert abs(bad["greatest_relative_difference"]["value"] - 1 / 17) < 1e-15
    assert "greatest_absolute_difference" not in report["cases"][0]
    r = run_eval("check", cases, "--tolerance", "exact", "--report", "junit", tmp_path / "r.xml")
    import xml.etree.ElementTree as ET
    suite = ET.parse(tmp_path / "r.xml").getroot().find("testsuite")
    assert suite.get("tests") == "2" and suite.get("failures") == "1"
    assert [t.find("failure") is not None for t in suite.findall("testcase")] == [False, True]


# ---- bad input, as a new user writes it -------------------------------------------------------

def check_refused(tmp_path, text, *words, command="run"):
    path = tmp_path / "c.json"
    path.write_text(text)
    r = run_eval(command, path)
    assert r.returncode == 2, r.stdout + r.stderr
    for w in words:
        assert w in r.stderr, r.stderr
    return r


def test_bare_nan_and_infinity_say_how_the_format_writes_them(tmp_path):
    text = json.dumps(pow_case([1.0, 2.0, 3.0, 4.0], [1, 1, 1, 1], base_type="FLOAT32")).replace("4.0", "NaN")
    check_refused(tmp_path, text, "not valid JSON", "\"NaN\", \"Infinity\"")


def test_huge_exponent_number_is_named(tmp_path):
    text = json.dumps(pow_case([1.0, 2.0, 3.0, 4.0], [1, 1, 1, 1], base_type="FLOAT32")).replace("4.0", "1e400")
    check_refused(tmp_path, text, "beyond a double's range")


def test_duplicate_keys_are_an_error(tmp_path):
    text = json.dumps(pow_case([1.0, 2.0], [1, 1], base_type="FLOAT32")).replace('"name": "probe"', '"name": "a", "name": "b"')
    check_refused(tmp_path, text, "\"name\" appears twice")


def test_strides_that_look_like_bytes_get_a_hint(tmp_path):
    case = pow_case([1.0, 2.0, 3.0, 4.0], [1, 1, 1, 1], base_type="FLOAT32")
    case["tensors"]["InputTensor"].update({"sizes": [2, 2], "strides": [8, 4]})
    for t in ("ExponentTensor", "OutputTensor"):
        case["tensors"][t]["sizes"] = [2, 2]
    check_refused(tmp_path, json.dumps(case), "strides count elements, not bytes")


def test_unknown_data_type_lists_the_names(tmp_path):
    case = pow_case([1.0, 2.0], [1, 1], base_type="FLOAT32")
    case["tensors"]["InputTensor"]["dataType"] = "float"
    check_refused(tmp_path, json.dumps(case), "\"float\" is not a data type", "FLOAT32, FLOAT16")


def test_float16_bit_patterns_written_as_numbers_warn(tmp_path):
    case = pow_case([15360, 16384], [1, 1])
    path = write_json(tmp_path / "c.json", case)
    r = run_eval("run", path)
    assert r.returncode == 0
    assert "warning" in r.stderr and "\"0x3c00\" for 1.0" in r.stderr


def test_integer_beyond_64_bits_is_named(tmp_path):
    case = pow_case([1, 2], [1, 1], base_type="INT32")
    text = json.dumps(case).replace("[1, 2]", "[1, -9223372036854775809]")
    check_refused(tmp_path, text, "-9223372036854775809 does not fit INT32")


def test_data_longer_than_the_minimum_buffer_is_accepted(tmp_path):
    case = pow_case([1.0, 2.0, 3.0, 4.0, 99.0, 99.0], [2, 2], base_type="FLOAT32")
    for t in ("InputTensor", "ExponentTensor", "OutputTensor"):
        case["tensors"][t]["sizes"] = [2]
    r = run_eval("run", write_json(tmp_path / "c.json", case))
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["OutputTensor"]["data"] == [1, 4]
    case["tensors"]["InputTensor"]["totalTensorSizeInBytes"] = 8  # said otherwise: then it is too long
    check_refused(tmp_path, json.dumps(case), "more than totalTensorSizeInBytes")


def test_wrong_type_in_actual_names_the_actual_file(tmp_path):
    cases = CONFORMANCE / "sign.json"
    outputs = json.loads(run_eval("run", cases).stdout)
    outputs["cases"][0]["OutputTensor"]["dataType"] = "INT8"
    actual = write_json(tmp_path / "gpu.json", outputs)
    r = run_eval("compare", cases, actual)
    assert r.returncode == 2
    assert f"in {actual}" in r.stderr and "OutputTensor.dataType" in r.stderr
    assert r.stdout.strip().endswith("6 passed, 1 failed")  # the other cases still ran


# ---- generate ----------------------------------------------------------------------------------

def generated_combinations():
    r = run_eval("generate", "--list")
    assert r.returncode == 0
    return [tuple(line.split()) for line in r.stdout.splitlines()]


def test_generate_lists_every_operator():
    ops = {op for op, _ in generated_combinations()}
    assert {"ELEMENT_WISE_SIGN", "ELEMENT_WISE_POW", "ELEMENT_WISE_CONSTANT_POW", "ELEMENT_WISE_DEQUANTIZE_LINEAR"} <= ops


@pytest.mark.parametrize("extra", [[], ["--exponent-type", "FLOAT32"], ["--exponent-type", "INT8"]])
def test_generated_cases_pass_check_on_both_paths(tmp_path, extra):
    for op, type_name in generated_combinations():
        if extra and op != "ELEMENT_WISE_POW":
            continue
        r = run_eval("generate", "--op", op, "--type", type_name, "--count", "200", *extra)
        assert r.returncode == 0, (op, type_name, r.stderr)
        document = json.loads(r.stdout)
        assert len(document["cases"]) >= 3
        path = write_json(tmp_path / "g.json", document)
        for path_name in ("golden", "fast"):
            c = run_eval("check", path, "--path", path_name)
            assert c.returncode == 0, (op, type_name, extra, path_name, c.stdout[-2000:])


def test_generate_covers_special_values_and_is_reproducible(tmp_path):
    a = run_eval("generate", "--op", "POW", "--type", "FLOAT16", "--layout", "contiguous", "--count", "100", "--seed", "5")
    b = run_eval("generate", "--op", "POW", "--type", "FLOAT16", "--layout", "contiguous", "--count", "100", "--seed", "5")
    assert a.stdout == b.stdout
    data = json.loads(a.stdout)["cases"][0]["tensors"]["InputTensor"]["data"]
    for bits in ("0x0000", "0x8000", "0x7c00", "0xfc00", "0x7e00", "0x0001", "0x7bff"):
        assert bits in data  # zeros, infinities, NaN, the smallest subnormal, the largest value
    exponents = {int(d, 16) >> 10 & 0x1f for d in data}
    assert exponents >= set(range(31))  # every binade, subnormals (0) to the largest (30)


@pytest.mark.parametrize("op,type_name", [("POW", "FLOAT32"), ("POW", "FLOAT16"), ("ACTIVATION_SOFTSIGN", "FLOAT32"),
                                          ("DIVIDE", "FLOAT16")])
def test_generate_normal_values_give_finite_normal_results(tmp_path, op, type_name):
    """--values normal: every expected value is a finite normal number (POW's negative bases with
    fractional exponents, whose result is NaN, were drawn again), the inputs are moderate, the
    cases are named so, reproducible, and pass check on both paths."""
    args = ("generate", "--op", op, "--type", type_name, "--count", "300", "--values", "normal", "--seed", "3")
    r = run_eval(*args)
    assert r.returncode == 0, r.stderr
    assert r.stdout == run_eval(*args).stdout
    width, exponent_bits = {"FLOAT32": (32, 8), "FLOAT16": (16, 5)}[type_name]
    mantissa_bits = width - 1 - exponent_bits
    top = (1 << exponent_bits) - 1
    bias = top // 2
    cases = json.loads(r.stdout)["cases"]
    assert len(cases) == 3 and all(" normal" in c["name"] for c in cases)
    for c in cases:
        for value in next(iter(c["expected"].values())):
            exponent = int(value, 16) >> mantissa_bits & top
            assert 0 < exponent < top, (c["name"], value)  # not zero, subnormal, infinite or NaN
        for name, t in c["tensors"].items():
            for value in t.get("data", []):
                exponent = int(value, 16) >> mantissa_bits & top
                assert bias - 6 <= exponent <= bias + 6, (name, value)
    path = write_json(tmp_path / "normal.json", {"cases": cases})
    for path_name in ("golden", "fast"):
        assert run_eval("check", path, "--path", path_name).returncode == 0


def test_generate_normal_integers_are_small_and_special_values_are_the_default():
    r = run_eval("generate", "--op", "ADD", "--type", "INT8", "--count", "64", "--layout", "contiguous", "--values", "normal")
    assert r.returncode == 0, r.stderr
    case = json.loads(r.stdout)["cases"][0]
    assert all(-16 <= x <= 16 for t in ("ATensor", "BTensor") for x in case["tensors"][t]["data"])
    special = run_eval("generate", "--op", "ADD", "--type", "INT8", "--count", "64", "--layout", "contiguous")
    assert -128 in json.loads(special.stdout)["cases"][0]["tensors"]["ATensor"]["data"]
    r = run_eval("generate", "--op", "ADD", "--values", "odd")
    assert r.returncode == 2 and "--values" in r.stderr


def corpus_rows():
    """POW's hard-to-round corpus, read from its source: (base type, base bits, exponent type,
    exponent bits, exact result bits) per row."""
    text = (pathlib.Path(__file__).resolve().parents[2] / "include/dmlref/ops/pow_hard_cases.inc").read_text()
    rows = re.findall(r'\{"(\w+)", (0x[0-9a-f]+), "(\w+)", (0x[0-9a-f]+), (0x[0-9a-f]+)\}', text)
    return [(b, int(x, 16), e, int(y, 16), int(z, 16)) for b, x, e, y, z in rows]


def as_bits(value, type_name):
    """A case file's element as its bit pattern: floats are written as "0x..." patterns,
    integers as numbers (two's complement in the type's width)."""
    if isinstance(value, str):
        return int(value, 16)
    return value & {"INT32": 0xFFFFFFFF, "UINT32": 0xFFFFFFFF}[type_name]


@pytest.mark.parametrize("base,exponent", [("FLOAT32", "FLOAT32"), ("FLOAT16", "FLOAT16"), ("INT32", "FLOAT32"),
                                           ("UINT32", "FLOAT32")])
def test_generate_hard_values_are_pow_corpus_rows_with_their_exact_results(tmp_path, base, exponent):
    """--values hard: one contiguous case holding every corpus row of the type pair, in order,
    whose expected values (golden's) are the corpus's exact results; check passes on both paths."""
    rows = [r for r in corpus_rows() if r[0] == base and r[2] == exponent]
    assert len(rows) >= 100
    r = run_eval("generate", "--op", "POW", "--type", base, "--exponent-type", exponent, "--values", "hard")
    assert r.returncode == 0, r.stderr
    cases = json.loads(r.stdout)["cases"]
    assert len(cases) == 1 and " hard" in cases[0]["name"] and "attributes" not in cases[0]
    case = cases[0]
    assert [as_bits(v, base) for v in case["tensors"]["InputTensor"]["data"]] == [row[1] for row in rows]
    assert [as_bits(v, exponent) for v in case["tensors"]["ExponentTensor"]["data"]] == [row[3] for row in rows]
    assert [as_bits(v, base) for v in case["expected"]["OutputTensor"]] == [row[4] for row in rows]
    path = write_json(tmp_path / "hard.json", {"cases": cases})
    for path_name in ("golden", "fast"):
        assert run_eval("check", path, "--path", path_name).returncode == 0


def test_generate_hard_values_name_what_has_a_corpus():
    r = run_eval("generate", "--op", "ADD", "--values", "hard")
    assert r.returncode == 2
    assert "has no hard-to-round corpus" in r.stderr and "ELEMENT_WISE_POW" in r.stderr
    r = run_eval("generate", "--op", "POW", "--type", "FLOAT32", "--exponent-type", "INT8", "--values", "hard")
    assert r.returncode == 2
    assert "no row for InputTensor FLOAT32, ExponentTensor INT8" in r.stderr


def test_generate_refuses_what_it_cannot_make():
    r = run_eval("generate", "--op", "FROB")
    assert r.returncode == 2 and "is not an element-wise operator" in r.stderr
    described = json.loads(run_eval("describe", "--format", "json").stdout)
    missing = [op["name"] for op in described["operators"] if not op["implemented"]]
    for name in missing[:1]:  # the first operator of the schema not computed yet, while one is left
        r = run_eval("generate", "--op", name)
        assert r.returncode == 2 and name in r.stderr and "is not implemented in this version" in r.stderr
    r = run_eval("generate", "--op", "SIGN", "--type", "float")
    assert r.returncode == 2 and "FLOAT32, FLOAT16" in r.stderr
    r = run_eval("generate", "--op", "DEQUANTIZE_LINEAR", "--type", "FLOAT32")
    assert r.returncode == 2 and "InputTensor" in r.stderr


# ---- --threads --------------------------------------------------------------------------------

# Enough elements per case for two threads (dmlref::min_elements_per_thread is 65536): run's
# --help states the figure, so this test follows it.
def threaded_element_count():
    r = run_eval("run", "--help")
    words = r.stdout.split("each thread takes at least ")[1].split()
    return 2 * int(words[0]) + 1000


@pytest.fixture(scope="module")
def threaded_cases(tmp_path_factory):
    r = run_eval("generate", "--op", "POW", "--type", "FLOAT32", "--count", threaded_element_count())
    assert r.returncode == 0, r.stderr
    return write_json(tmp_path_factory.mktemp("threads") / "pow.json", json.loads(r.stdout))


@pytest.mark.parametrize("path_name", ["golden", "fast"])
def test_threads_give_the_same_outputs(threaded_cases, path_name):
    outputs = {}
    for threads in ("1", "2", "3", "0"):
        r = run_eval("run", threaded_cases, "--path", path_name, "--threads", threads, "-q")
        assert r.returncode == 0, r.stderr
        outputs[threads] = r.stdout
    assert outputs["1"] == run_eval("run", threaded_cases, "--path", path_name, "-q").stdout
    for threads in ("2", "3", "0"):
        assert outputs[threads] == outputs["1"], threads
    c = run_eval("check", threaded_cases, "--path", path_name, "--threads", "2", "-q")
    assert c.returncode == 0, c.stdout[-2000:]


def test_compare_with_threads_judges_like_one_thread(threaded_cases, tmp_path):
    actual = tmp_path / "actual.json"
    actual.write_text(run_eval("run", threaded_cases, "--path", "fast", "-q").stdout)
    one = run_eval("compare", threaded_cases, actual, "-q")
    two = run_eval("compare", threaded_cases, actual, "--threads", "2", "-q")
    assert one.returncode == two.returncode == 0, one.stdout[-2000:]
    assert one.stdout == two.stdout


@pytest.mark.parametrize("value", ["1025", "-1", "two"])
def test_bad_thread_counts_are_refused(value):
    for command in (["run", "x.json"], ["check", "x.json"], ["compare", "x.json", "y.json"]):
        r = run_eval(*command, "--threads", value)
        assert r.returncode == 2, (command, value)
        assert "--threads" in r.stderr and "0 to 1024" in r.stderr, r.stderr


# ---- describe: DirectML's schema, and what this build implements ------------------------------

def describe_json(*args):
    r = run_eval("describe", "--format", "json", *args)
    assert r.returncode == 0, r.stderr
    document = json.loads(r.stdout)
    assert document["format"] == "dmlref-describe/1"
    return document["operators"]


def test_describe_lists_the_86_element_wise_operators():
    operators = describe_json()
    names = [op["name"] for op in operators]
    assert len(names) == 86 and len(set(names)) == 86
    assert sum(n.startswith("ELEMENT_WISE_") for n in names) == 65
    assert sum(n.startswith("ACTIVATION_") for n in names) == 21
    values = [op["value"] for op in operators]
    assert values == sorted(values) and len(set(values)) == 86
    for op in operators:
        assert op["enum"] == "DML_OPERATOR_" + op["name"]
        assert op["descriptor"] == "DML_" + op["name"] + "_OPERATOR_DESC"
        kinds = [f["kind"] for f in op["fields"]]
        assert kinds.count("output") == 1 and "input" in kinds, op["name"]
    text = run_eval("describe")
    assert text.returncode == 0
    implemented = sum(op["implemented"] for op in operators)
    assert text.stdout.strip().splitlines()[-1] == f"86 operators, {implemented} implemented"
    assert "ELEMENT_WISE_CLIP1 (DML_OPERATOR_ELEMENT_WISE_CLIP1 = 153), since 5_0, implemented" in text.stdout
    for op in operators:
        if not op["implemented"]:  # one operator the schema has and this build does not compute, while one is left
            line = f"{op['name']} (DML_OPERATOR_{op['name']} = {op['value']}), since {op['introduced']}, not implemented"
            assert line in text.stdout
            break


def test_describe_says_which_operators_are_implemented():
    implemented = {op["name"] for op in describe_json() if op["implemented"]}
    # The five of this version (more as operators are added), and no operator it does not have.
    assert implemented >= {"ELEMENT_WISE_SIGN", "ELEMENT_WISE_CONSTANT_POW", "ELEMENT_WISE_POW",
                           "ELEMENT_WISE_DEQUANTIZE_LINEAR", "ELEMENT_WISE_QUANTIZE_LINEAR"}
    assert implemented < {op["name"] for op in describe_json()} or len(implemented) == 86
    # The same names generate --list knows: describe reads the same registry.
    listed = {line.split()[0] for line in run_eval("generate", "--list").stdout.splitlines()}
    assert implemented == listed


@pytest.mark.parametrize("name", ["ELEMENT_WISE_ROUND", "DML_OPERATOR_ELEMENT_WISE_ROUND", "ROUND", "round"])
def test_describe_one_operator_by_any_of_its_names(name):
    (op,) = describe_json("--op", name)
    assert op["name"] == "ELEMENT_WISE_ROUND" and op["value"] == 99 and op["introduced"] == "2_1"
    mode = op["fields"][2]
    assert mode["name"] == "RoundingMode" and mode["type"] == "enum" and mode["typeName"] == "DML_ROUNDING_MODE"
    assert [(v["name"], v["value"]) for v in mode["values"]] == [
        ("DML_ROUNDING_MODE_HALVES_TO_NEAREST_EVEN", 0), ("DML_ROUNDING_MODE_TOWARD_ZERO", 1),
        ("DML_ROUNDING_MODE_TOWARD_INFINITY", 2)]


def test_describe_fields_carry_optionality_and_scalar_types():
    (clip1,) = describe_json("--op", "clip1")
    fields = {f["name"]: f for f in clip1["fields"]}
    assert [f["name"] for f in clip1["fields"]] == ["InputTensor", "OutputTensor", "ScaleBias", "MinMaxDataType",
                                                   "Min", "Max"]
    assert fields["ScaleBias"]["optional"] and not fields["InputTensor"]["optional"]
    assert fields["Min"]["type"] == "scalar_union" and fields["Min"]["typedBy"] == "MinMaxDataType"
    assert fields["MinMaxDataType"]["type"] == "data_type"
    (add1,) = describe_json("--op", "add1")
    fused = add1["fields"][3]
    assert fused["name"] == "FusedActivation" and fused["type"] == "operator" and fused["optional"]
    # The activations this build fuses: those of one input tensor, never PARAMETERIZED_RELU's slope.
    assert {"ACTIVATION_RELU", "ACTIVATION_LINEAR", "ACTIVATION_TANH"} <= set(fused["accepts"])
    assert "ACTIVATION_PARAMETERIZED_RELU" not in fused["accepts"]
    assert all(name.startswith("ACTIVATION_") for name in fused["accepts"])
    (dequantize,) = describe_json("--op", "dequantize_linear")
    assert dequantize["implemented"]
    assert [(f["name"], f["optional"]) for f in dequantize["fields"]] == [
        ("InputTensor", False), ("ScaleTensor", False), ("ZeroPointTensor", True), ("OutputTensor", False)]
    text = run_eval("describe", "--op", "ELEMENT_WISE_SIGN")
    assert text.returncode == 0
    assert text.stdout.splitlines()[0] == "ELEMENT_WISE_SIGN (DML_OPERATOR_ELEMENT_WISE_SIGN = 79), since 2_0, implemented"


def test_describe_gives_the_support_table_the_registry_checks():
    # DirectML's table for ABS: FLOAT32, FLOAT16 from 1_0, the signed integers of 8 to 32 bits
    # from 2_1, INT64 from 4_1; 4 dimensions before 3_0; in place; an optional ScaleBias.
    (abs_,) = describe_json("--op", "abs")
    support = abs_["support"]
    assert support["groups"] == [["InputTensor", "OutputTensor"]]
    assert [(row["since"], row["added"]) for row in support["types"]] == [
        ("1_0", [[["FLOAT32", "FLOAT16"]]]), ("2_1", [[["INT32", "INT16", "INT8"]]]), ("4_1", [[["INT64"]]])]
    assert support["dimensions"] == [{"since": "1_0", "least": 4, "most": 4}, {"since": "3_0", "least": 1, "most": 8}]
    assert support["inPlace"] == ["InputTensor"] and support["scaleBias"] == "optional"
    assert support["optionalTensors"] == []
    # QUANTIZE_LINEAR: the scale's type follows the input's (FLOAT32 for INT32), the zero point
    # shares the output's and may be null from 6_2; no in place, no ScaleBias.
    (quantize,) = describe_json("--op", "quantize_linear")
    support = quantize["support"]
    assert support["groups"] == [["InputTensor"], ["ScaleTensor"], ["ZeroPointTensor", "OutputTensor"]]
    rows = {row["since"]: row["accepted"] for row in support["types"]}
    assert rows["2_1"] == [[["FLOAT32", "INT32"], ["FLOAT32"], ["INT8", "UINT8"]]]
    assert [["FLOAT16"], ["FLOAT16"], ["INT8", "UINT8"]] in rows["6_0"]
    assert support["optionalTensors"] == [{"name": "ZeroPointTensor", "since": "6_2"}]
    assert support["inPlace"] == [] and support["scaleBias"] == "none"
    # Every implemented operator has one, from the level it appeared in.
    for op in describe_json():
        assert op["implemented"] == ("support" in op), op["name"]
        if op["implemented"]:
            assert op["support"]["types"][0]["since"] == op["introduced"], op["name"]
    assert "  support      InputTensor = OutputTensor" in run_eval("describe", "--op", "abs").stdout


@pytest.mark.parametrize("name, words", [
    ("FROBNICATE", ['"FROBNICATE" is not an element-wise operator', "dmlref-eval describe lists them"]),
    ("ACTIVATION_SOFTMAX", ['"ACTIVATION_SOFTMAX" is not an element-wise operator']),
    ("tanh", ['"tanh" is ambiguous', "ELEMENT_WISE_TANH", "ACTIVATION_TANH"]),
    ("IDENTITY", ['"IDENTITY" is ambiguous', "ELEMENT_WISE_IDENTITY", "ACTIVATION_IDENTITY"]),
])
def test_describe_refuses_unknown_and_ambiguous_names(name, words):
    r = run_eval("describe", "--op", name)
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.startswith("dmlref-eval: describe: ")
    for w in words:
        assert w in r.stderr


def test_describe_refuses_an_unknown_format():
    r = run_eval("describe", "--format", "xml")
    assert r.returncode == 2 and "--format" in r.stderr


# ---- the dense export -------------------------------------------------------------------------

NPY_DTYPES = {"FLOAT32": "<f4", "FLOAT16": "<f2", "INT8": "i1", "UINT8": "u1", "INT32": "<i4", "UINT32": "<u4",
              "INT16": "<i2", "UINT16": "<u2", "INT64": "<i8", "UINT64": "<u8", "FLOAT64": "<f8"}


def logical(tensor):
    """A case tensor's logical values through its DirectML strides (buffer order data), by numpy."""
    dtype = np.dtype(NPY_DTYPES[tensor["dataType"]])
    data = tensor["data"]
    buffer = np.array([int(v, 16) for v in data], dtype=dtype.str.replace("f", "u")).view(dtype) \
        if data and isinstance(data[0], str) else np.array(data, dtype)
    sizes = tensor["sizes"]
    strides = tensor.get("strides") or [int(np.prod(sizes[i + 1:])) for i in range(len(sizes))]
    return np.lib.stride_tricks.as_strided(buffer, sizes, [s * dtype.itemsize for s in strides])


def test_export_writes_every_tensor_dense(tmp_path):
    case = {"format": "dmlref-case/1", "name": "padded and broadcast", "op": "DEQUANTIZE_LINEAR", "featureLevel": "6_2",
            "tensors": {
                "InputTensor": {"dataType": "INT8", "sizes": [2, 3], "strides": [4, 1], "data": [-4, 0, 7, 99, 10, -128, 127]},
                "ScaleTensor": {"dataType": "FLOAT32", "sizes": [2, 3], "strides": [1, 0], "data": [0.5, 0.25]},
                "ZeroPointTensor": {"dataType": "INT8", "sizes": [2, 3], "strides": [0, 0], "data": [1]},
                "OutputTensor": {"dataType": "FLOAT32", "sizes": [2, 3]}}}
    cases = write_json(tmp_path / "c.json", {"cases": [case, {"op": "SIGN"}]})
    out = tmp_path / "new" / "dense"
    r = run_eval("export", cases, "--out-dir", out)
    assert r.returncode == 2 and "case 1" in r.stderr  # the broken case is named; the good one is exported
    printed = json.loads(r.stdout)
    kept = json.loads((out / "export.json").read_text())
    assert kept["format"] == "dmlref-export/1" and kept["cases"][1]["name"] == "case 1" and "error" in kept["cases"][1]
    entry = kept["cases"][0]
    assert (entry["op"], entry["featureLevel"]) == ("ELEMENT_WISE_DEQUANTIZE_LINEAR", "6_2")
    assert list(entry["tensors"]) == ["InputTensor", "ScaleTensor", "ZeroPointTensor", "OutputTensor"]
    for name, tensor in entry["tensors"].items():
        assert tensor["npy"] == f"0.{name}.npy"
        assert printed["cases"][0]["tensors"][name]["npy"] == str(out.resolve() / tensor["npy"])
        assert tensor["sizes"] == [2, 3]
        values = np.load(out / tensor["npy"])
        assert values.shape == (2, 3) and values.flags.c_contiguous
        if name != "OutputTensor":
            assert tensor["strides"] == (case["tensors"][name]["strides"])
            np.testing.assert_array_equal(values, logical(case["tensors"][name]))
    assert entry["tensors"]["OutputTensor"]["strides"] == [3, 1]
    np.testing.assert_array_equal(np.load(out / "0.OutputTensor.npy"), np.float32([[-2.5, -0.5, 3], [2.25, -32.25, 31.5]]))


def test_generate_and_run_write_the_dense_export(tmp_path):
    out = tmp_path / "gen"
    r = run_eval("generate", "--op", "POW", "--type", "FLOAT32", "--count", "24", "--out-dir", out)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["format"] == "dmlref-export/1"
    cases = json.loads((out / "cases.json").read_text())["cases"]
    export = json.loads((out / "export.json").read_text())["cases"]
    assert len(cases) == len(export) == 3 and {c["name"] for c in cases} == {e["name"] for e in export}
    for k, (case, entry) in enumerate(zip(cases, export)):
        for name in ("InputTensor", "ExponentTensor"):
            assert entry["tensors"][name]["strides"] == case["tensors"][name].get("strides", entry["tensors"][name]["strides"])
            got = np.load(out / f"{k}.{name}.npy")
            np.testing.assert_array_equal(got.view(np.uint32), logical(case["tensors"][name]).view(np.uint32))
        expected = np.array([int(v, 16) if isinstance(v, str) else np.float32(v).view(np.uint32)
                             for v in case["expected"]["OutputTensor"]], np.uint32)
        assert np.load(out / f"{k}.OutputTensor.npy").view(np.uint32).ravel().tolist() == expected.tolist()
    assert run_eval("check", out / "cases.json").returncode == 0
    # run --out-dir: the outputs as before, and the inputs' dense export beside them.
    ran = tmp_path / "ran"
    r = run_eval("run", out / "cases.json", "--out-dir", ran)
    assert r.returncode == 0, r.stderr
    export = json.loads((ran / "export.json").read_text())["cases"]
    assert export[1]["tensors"]["OutputTensor"]["npy"] == "1.OutputTensor.npy"
    np.testing.assert_array_equal(np.load(ran / "1.ExponentTensor.npy"), np.load(out / "1.ExponentTensor.npy"))
    assert sorted(p.name for p in ran.iterdir()) == sorted(
        ["export.json", "outputs.json"] + [f"{k}.{n}.npy" for k in range(3) for n in ("InputTensor", "ExponentTensor", "OutputTensor")])
