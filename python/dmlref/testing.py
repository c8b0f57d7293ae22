"""Assertions for pytest (or any test runner): they raise AssertionError carrying dmlref's
comparison report, so a failing test prints the first and worst mismatch, their coordinates,
the inputs there, and the histogram of distances.

    from dmlref.testing import assert_golden
    assert_golden(gpu_result, "POW", base, exponent)            # the registry's tolerance
    assert_golden(gpu_result, "CONSTANT_POW", x, 0.5, tolerance=1)

The message's first line is a verdict about `actual` (pytest shows it as the test's one-line
summary); the report follows. An `actual` of the wrong shape or dtype fails the same way, as
AssertionError: it is the result under test that is wrong, not the call.
"""

import numpy as _np

import dmlref


def _verdict(report):
    """One line: how far actual is from what it should be."""
    what = f"{report.operator}: " if report.operator else ""
    line = (f"{what}actual differs from expected in {report.mismatches} of {report.compared} elements "
            f"({100.0 * report.mismatches / max(report.compared, 1):.3g}%)")
    if report.nan_mismatches:
        line += f", {report.nan_mismatches} NaN mismatched"
    if report.mismatches > report.nan_mismatches:
        line += f", worst {report.max_ulps} {report.units}"
    return line + f" (tolerance {report.tolerance_text})"


def _fail(report):
    raise AssertionError(_verdict(report) + "\n" + str(report))


def _check_like(actual, shape, dtype, against):
    """AssertionError when actual's shape or dtype is not the one it should have."""
    kind = dmlref._python_kind(actual)
    actual = _np.asarray(actual)
    if actual.dtype != dtype:
        made = f" (numpy's type for a Python {kind}: pass np.asarray(actual, dtype=np.{_np.dtype(dtype).name}))" if kind else ""
        raise AssertionError(f"actual has dtype {actual.dtype}{made}; {against} has {_np.dtype(dtype)}")
    if actual.shape != tuple(shape):
        raise AssertionError(f"actual has shape {actual.shape}; {against} has {tuple(shape)}")


def assert_golden(actual, op, *args, **kwargs):
    """Passes when actual matches op's golden result for the inputs (see dmlref.compare_golden
    for the arguments and the default tolerance); raises AssertionError with a one-line verdict
    and the report otherwise, or when actual's shape or dtype is not the golden result's.
    Returns the report."""
    try:
        report = dmlref.compare_golden(actual, op, *args, **kwargs)
    except ValueError:
        # Golden of the inputs in its own type: if that works, actual is what is wrong.
        operator = dmlref._operator(op)
        call = {k: v for k, v in kwargs.items() if k not in ("tolerance", "nan", "zeros", "floor")}
        try:
            golden = getattr(dmlref, operator.name)(*args, **call)
        except (ValueError, TypeError):
            raise  # the inputs are what DirectML refuses: the error is the call's
        _check_like(actual, golden.shape, golden.dtype, f"the golden {operator.dml_name} of these inputs")
        raise
    if not report.passed:
        _fail(report)
    return report


def assert_matches(actual, expected, tolerance=None, **kwargs):
    """Passes when actual matches expected under dmlref.compare's rules (the arguments in
    numpy's and torch's order, as compare takes them); raises AssertionError with a one-line
    verdict and the report otherwise, or when actual's shape or dtype is not expected's.
    Returns the report."""
    expected = _np.asarray(expected)
    _check_like(actual, expected.shape, expected.dtype, "expected")
    report = dmlref.compare(actual, expected, tolerance, **kwargs)
    if not report.passed:
        _fail(report)
    return report
