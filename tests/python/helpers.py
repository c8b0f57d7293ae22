"""Shared by the Python module's tests."""
import numpy as np

import dmlref


def bits(a):
    """The bit patterns of a's elements (floats as unsigned integers), in logical order."""
    a = np.ascontiguousarray(a)
    if a.dtype.kind == "f":
        return a.view({2: np.uint16, 4: np.uint32, 8: np.uint64}[a.dtype.itemsize])
    return a


def snapshot(*arrays):
    """Copies of the arrays' bytes, to prove later that nothing was written."""
    return [np.array(a, copy=True) for a in arrays]


def assert_untouched(arrays, before):
    for a, b in zip(arrays, before):
        assert np.array_equal(bits(a), bits(b)), "an array was written by a call that failed"


def copies():
    return dmlref._dmlref.stats()["input_copies"]


def bindings():
    return dmlref._dmlref.stats()["last_bindings"]


def address(a):
    return a.__array_interface__["data"][0]
