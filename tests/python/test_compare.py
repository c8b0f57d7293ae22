"""The comparator from Python: reports, default tolerances from the registry, assert_golden."""
import json
import math
import os
import subprocess

import numpy as np
import pytest

import dmlref
from dmlref.testing import assert_golden, assert_matches


def next_up(a, steps=1):
    a = np.array(a)
    u = a.view({2: np.uint16, 4: np.uint32}[a.dtype.itemsize]).copy()
    u += u.dtype.type(steps)
    return u.view(a.dtype)


def test_report_fields_and_text():
    expected = np.float32([[1, 2, 3], [4, 5, 6]])
    actual = expected.copy()
    actual[1, 2] = next_up(np.float32(6), 5)
    actual[0, 1] = next_up(np.float32(2), 1)
    r = dmlref.compare(actual, expected, 2)
    assert not r.passed and not r
    assert (r.compared, r.mismatches, r.skipped, r.max_ulps) == (6, 1, 0, 5)
    assert r.first.index == (1, 2) and r.worst.index == (1, 2) and r.worst.ulps == 5
    assert r.histogram == {"0": 4, "1": 1, "5-8": 1}
    text = str(r)
    assert text.startswith("FAIL: 6 compared, 1 mismatched, 0 undefined skipped; FLOAT32 tolerance 2 ULP")
    assert "first mismatch at [1, 2]: expected 6 (0x40c00000)" in text
    assert dmlref.compare(actual, expected, 5).passed
    assert dmlref.compare(expected=expected, actual=actual, tolerance=5).passed
    assert dmlref.compare(expected, expected).passed


def test_nan_and_zero_rules():
    e = np.float16([np.nan, 0.0])
    a = np.float16([np.nan, -0.0])
    a_bits = a.view(np.uint16).copy()
    a_bits[0] = 0x7E01  # another NaN
    a = a_bits.view(np.float16)
    assert dmlref.compare(a, e).passed
    r = dmlref.compare(a, e, nan="same-bits")
    assert not r.passed and r.nan_mismatches == 1 and r.first.nan_mismatch
    r = dmlref.compare(a, e, zeros="same-sign")
    assert not r.passed and r.zero_sign_mismatches == 1 and r.first.index == (1,)
    assert not dmlref.compare(np.float32([np.nan]), np.float32([1])).passed


def test_an_infinity_against_a_finite_value_fails_at_any_tolerance():
    e = np.float16([1, 65504])
    a = np.float16([1, np.inf])
    r = dmlref.compare(a, e, 1000)  # 1 ULP apart
    assert not r.passed and r.infinity_mismatches == 1 and r.max_ulps == 1
    assert r.first.index == (1,) and r.first.infinity_mismatch and not r.first.nan_mismatch
    assert "1 infinity against a finite value" in str(r)
    assert dmlref.compare(np.float32([np.inf]), np.float32([np.inf])).infinity_mismatches == 0


def test_compare_refuses_what_it_cannot_judge():
    with pytest.raises(ValueError, match="actual.DataType: FLOAT16 against expected FLOAT32"):
        dmlref.compare(np.float16([1]), np.float32([1]))
    with pytest.raises(ValueError, match=r"actual.Sizes: shape \(2,\) against expected \(1,\)"):
        dmlref.compare(np.float32([1, 2]), np.float32([1]))
    with pytest.raises(ValueError, match="tolerance"):
        dmlref.compare(np.float32([1]), np.float32([1]), -1)


def test_default_tolerances_come_from_the_registry():
    base = np.float16([1.5, 2.5, 3.5])
    exponent = np.float16([2.2, 1.3, 0.7])
    golden = dmlref.pow(base, exponent)
    assert assert_golden(next_up(golden, 2), "POW", base, exponent).tolerance == 2  # FLOAT16 pow: 2 ULP
    with pytest.raises(AssertionError):
        assert_golden(next_up(golden, 3), "POW", base, exponent)
    ib, ie = np.int32([2, 3]), np.int32([3, 2])
    r = dmlref.compare_golden(np.int32([9, 9]), "POW", ib, ie)  # integer POW: exact
    assert r.tolerance == "exact" and not r.passed
    fe = np.float32([3.0, 2.0])
    r = dmlref.compare_golden(np.int32([9, 9]), "POW", ib, fe)  # mixed POW: 1
    assert r.tolerance == 1 and r.passed
    assert dmlref.compare_golden(np.int32([8, 9]), "POW", ib, fe, tolerance="exact").passed
    assert not dmlref.compare_golden(np.int32([9, 9]), "POW", ib, fe, tolerance="exact").passed


def test_undefined_elements_are_skipped():
    x = np.int8([1, 2])
    scale = np.float32([0.0, 1.0])  # a scale of 0 leaves the element undefined
    r = dmlref.compare_golden(np.float32([123, 2]), "DEQUANTIZE_LINEAR", x, scale)
    assert r.passed and r.skipped == 1 and r.compared == 1


def test_assert_golden_reports_the_inputs_at_the_mismatch():
    base = np.float32([[1, 2], [3, 4]])
    exponent = np.float32([2, 0.5])  # broadcast over rows
    actual = dmlref.pow(base, exponent)
    actual[1, 1] = 2.5
    with pytest.raises(AssertionError) as failure:
        assert_golden(actual, "ELEMENT_WISE_POW", base, exponent)
    text = str(failure.value)
    assert "\nFAIL: 4 compared, 1 mismatched" in text
    assert "first mismatch at [1, 1]: expected 2 (0x40000000), actual 2.5 (0x40200000), 2097152 ULP\n" in text
    assert "  first [1, 1]: inputs InputTensor 4, ExponentTensor 0.5; |actual - expected| 0.5, relative 0.25\n" in text
    assert "ULP histogram:" in text
    with pytest.raises(AssertionError, match="FAIL"):
        assert_matches(np.float32([1]), np.float32([2]))
    assert_golden(dmlref.constant_pow(base, 3, scale=2), "CONSTANT_POW", base, 3, scale=2)


def test_a_mismatch_resting_on_an_unverified_choice_carries_its_note():
    """SIGN of NaN is 0 in dmlref (its reading of DirectML's page): a backend's NaN there is
    reported with that note, on the mismatch and in the text; an ordinary mismatch has none."""
    report = dmlref.compare_golden(np.float32([-1, np.nan]), "SIGN", np.float32([2, np.nan]))
    assert not report.passed
    assert report.first.index == (0,) and report.first.note == ""  # sign(2) = 1, against -1: no choice
    assert report.worst.index == (1,) and report.worst.note.startswith("SIGN of NaN is 0")  # a NaN mismatch
    assert "\n    note: SIGN of NaN is 0" in str(report) and str(report).count("note:") == 1
    wrapped = dmlref.compare_golden(np.int8([127]), "ADD", np.int8([100]), np.int8([100]))
    assert wrapped.first.note.startswith("an integer result beyond the output type wraps around")


def test_assert_golden_fails_a_wrong_shape_or_dtype_as_an_assertion():
    base, exponent = np.float16([2, 3]), np.int32([2, 2])
    with pytest.raises(AssertionError,
                       match=r"^actual has dtype float32; the golden ELEMENT_WISE_POW of these inputs has float16$"):
        assert_golden(np.float32([4, 9]), "POW", base, exponent)
    with pytest.raises(AssertionError,
                       match=r"^actual has shape \(3,\); the golden ELEMENT_WISE_POW of these inputs has \(2,\)$"):
        assert_golden(np.float16([4, 9, 1]), "POW", base, exponent)
    with pytest.raises(AssertionError, match=r"^actual has shape \(2,\); expected has \(1,\)$"):
        assert_matches(np.float32([1, 2]), np.float32([1]))
    with pytest.raises(AssertionError, match=r"^actual has dtype float64 \(numpy's type for a Python list: pass "
                                             r"np\.asarray\(actual, dtype=np\.float16\)\); the golden ELEMENT_WISE_POW"):
        assert_golden([4.0, 9.0], "POW", base, exponent)
    with pytest.raises(AssertionError, match=r"^actual has dtype int64 \(numpy's type for a Python list: .*float32\)\); "
                                             r"expected has float32$"):
        assert_matches([1, 2], np.float32([1, 2]))
    with pytest.raises(ValueError, match="FLOAT64"):  # inputs DirectML refuses: the call's error, as before
        assert_golden(np.float16([1]), "POW", np.float64([1.0]), exponent)


def test_assertion_message_leads_with_a_one_line_verdict():
    base = np.float32([[1, 2], [3, 4]])
    actual = dmlref.pow(base, np.float32(2))
    actual[1, 0] = np.nan
    with pytest.raises(AssertionError) as failure:
        assert_golden(actual, "POW", base, np.float32(2))
    first, second = str(failure.value).splitlines()[:2]
    assert first == ("ELEMENT_WISE_POW: actual differs from expected in 1 of 4 elements (25%), 1 NaN mismatched "
                     "(tolerance 32 ULP)")
    assert second.startswith("FAIL: 4 compared, 1 mismatched")
    with pytest.raises(AssertionError) as failure:
        assert_matches(np.int32([1, 7]), np.int32([1, 5]))
    assert str(failure.value).splitlines()[0] == \
        "actual differs from expected in 1 of 2 elements (50%), worst 2 integer units (tolerance exact)"


def test_report_shows_what_assert_close_shows():
    expected = np.float32([[1, 2, 0], [4, 100, 6]])
    actual = expected.copy()
    actual[0, 1] = 2.5     # relative 0.25
    actual[1, 1] = 101     # absolute 1, relative 0.01
    actual[0, 2] = 1e-30   # relative to an expected 0: inf
    r = dmlref.compare(actual, expected)
    assert (r.mismatches, r.compared) == (3, 6) and r.mismatched_share == 0.5
    assert (r.max_abs_diff, r.max_abs_diff_index) == (1.0, (1, 1))
    assert r.max_rel_diff == math.inf and r.max_rel_diff_index == (0, 2)
    text = str(r)
    assert "  mismatched: 3 of 6 compared (50%)\n" in text
    assert "  greatest absolute difference: 1 at [1, 1]\n  greatest relative difference: inf at [0, 2]\n" in text
    r = dmlref.compare(np.float16([1, 3, np.nan]), np.float16([1, 2, np.nan]))
    assert (r.max_rel_diff, r.max_rel_diff_index) == (0.5, (1,))
    r = dmlref.compare(np.float32([np.inf, 1]), np.float32([1, 1]))
    assert r.max_abs_diff == math.inf and r.max_abs_diff_index == (0,) and r.infinity_mismatches == 1
    same = dmlref.compare(expected, expected)
    assert same.max_abs_diff is None and same.max_abs_diff_index is None and same.mismatched_share == 0
    assert dmlref.compare(np.int32([5, -3]), np.int32([1, -3])).max_abs_diff == 4  # integers too


def test_str_of_a_report_is_dmlref_eval_s_report(tmp_path):
    """str(report) is word for word what dmlref-eval compare prints under the case's verdict."""
    tool = os.environ.get("DMLREF_EVAL", "")
    if not tool:
        pytest.skip("DMLREF_EVAL names no dmlref-eval (ctest sets it where the build has one)")
    base = np.float32([[1, 2], [3, 4]])
    exponent = np.float32([2, 0.5])
    actual = dmlref.pow(base, exponent)
    actual[1, 1] = 2.5
    actual[0, 0] = np.float32(1.0000001)
    report = dmlref.compare_golden(actual, "POW", base, exponent, tolerance="exact")
    case = {"format": "dmlref-case/1", "name": "pow", "op": "POW", "tensors": {
        "InputTensor": {"dataType": "FLOAT32", "sizes": [2, 2], "data": base.ravel().tolist()},
        "ExponentTensor": {"dataType": "FLOAT32", "sizes": [2, 2], "strides": [0, 1], "data": exponent.tolist()},
        "OutputTensor": {"dataType": "FLOAT32", "sizes": [2, 2]}}}
    (tmp_path / "case.json").write_text(json.dumps(case))
    (tmp_path / "out.json").write_text(json.dumps({"name": "pow", "OutputTensor": {
        "dataType": "FLOAT32", "sizes": [2, 2], "data": [f"0x{b:08x}" for b in actual.view(np.uint32).ravel()]}}))
    cli = subprocess.run([tool, "-q", "compare", str(tmp_path / "case.json"), str(tmp_path / "out.json"),
                          "--tolerance", "exact"], capture_output=True, text=True)
    assert cli.returncode == 1, cli.stderr
    lines = cli.stdout.splitlines(keepends=True)
    assert lines[0].startswith("FAIL pow (") and lines[-1] == "0 passed, 1 failed\n"
    assert str(report) == "".join(lines[1:-1])
