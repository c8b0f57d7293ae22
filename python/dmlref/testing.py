"""Assertions for pytest (or any test runner): they raise AssertionError carrying dmlref's
comparison report, so a failing test prints the first and worst mismatch, their coordinates,
the inputs there, and the histogram of distances.

    from dmlref.testing import assert_golden
    assert_golden(gpu_result, "POW", base, exponent)            # the registry's tolerance
    assert_golden(gpu_result, "CONSTANT_POW", x, 0.5, tolerance=1)
"""

import dmlref


def assert_golden(actual, op, *args, **kwargs):
    """Passes when actual matches op's golden result for the inputs (see dmlref.compare_golden
    for the arguments and the default tolerance); raises AssertionError with the report
    otherwise. Returns the report."""
    report = dmlref.compare_golden(actual, op, *args, **kwargs)
    if not report.passed:
        raise AssertionError("\n" + str(report))
    return report


def assert_matches(expected, actual, tolerance=None, **kwargs):
    """Passes when actual matches expected under dmlref.compare's rules; raises AssertionError
    with the report otherwise. Returns the report."""
    report = dmlref.compare(expected, actual, tolerance, **kwargs)
    if not report.passed:
        raise AssertionError("\n" + str(report))
    return report
