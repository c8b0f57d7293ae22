"""numpy layouts: broadcasting, views, negative strides, out= in place; no input copied."""
import numpy as np
import pytest

import dmlref
from helpers import address, bindings, bits, copies


def test_inputs_are_bound_without_copies():
    base = np.arange(24, dtype=np.float16).reshape(4, 6)[:, ::2]  # a strided view
    exponent = np.broadcast_to(np.float16(2), (4, 3))  # all strides 0
    before = copies()
    r = dmlref.pow(base, exponent)
    assert copies() == before
    assert bindings()[:2] == [address(base), address(exponent)]
    assert bindings()[2] == address(r)
    np.testing.assert_array_equal(r, base.astype(np.float64) ** 2)


def test_a_huge_broadcast_input_is_not_allocated():
    # 2^31 elements of FLOAT32 were 8 GiB: bound as one element through zero strides
    scale = np.broadcast_to(np.float32(0.5), (1 << 16, 1 << 15))
    x = np.int8([[4]])
    before = copies()
    r = dmlref.dequantize_linear(x, scale[:1, :1])
    assert r.tolist() == [[2.0]] and copies() == before
    assert scale.base is not None and np.shares_memory(scale, scale.base)


def test_broadcasting_follows_numpy():
    base = np.float32([[1], [2], [3]])
    exponent = np.float32([0, 1, 2, 3])
    r = dmlref.pow(base, exponent)
    assert r.shape == (3, 4)
    np.testing.assert_array_equal(r, np.power(base, exponent))
    assert dmlref.pow(np.float32(2), np.float32(10)).shape == ()  # 0-d: sizes [1]
    assert float(dmlref.pow(np.float32(2), np.float32(10))) == 1024


def test_transposed_and_sliced_views():
    a = np.arange(60, dtype=np.float32).reshape(3, 4, 5)
    for view in (a.T, a[:, 1:3, ::2], a.transpose(1, 0, 2)[::2]):
        before = copies()
        np.testing.assert_array_equal(dmlref.sign(view - 30), np.sign(view - 30))
        np.testing.assert_array_equal(dmlref.constant_pow(view, 2), view.astype(np.float64) ** 2)
        assert copies() == before


def test_a_negative_stride_input_is_bound_as_a_copy():
    a = np.arange(10, dtype=np.float16)
    before = copies()
    r = dmlref.constant_pow(a[::-1], 2)
    assert copies() == before + 1
    np.testing.assert_array_equal(r, a[::-1].astype(np.float64) ** 2)
    assert a.tolist() == list(range(10))


def test_out_receives_the_result_in_place():
    x = np.float32([[1, -2], [3, -4]])
    out = np.full_like(x, 7)
    r = dmlref.pow(x, np.int32([2, 3]), out=out)
    assert r is out or np.shares_memory(r, out)
    assert out.tolist() == [[1, -8], [9, -64]]
    # POW, CONSTANT_POW and SIGN may run over InputTensor itself
    dmlref.pow(x, np.int32(2), out=x)
    assert x.tolist() == [[1, 4], [9, 16]]
    dmlref.constant_pow(x, 0.5, out=x)
    assert x.tolist() == [[1, 2], [3, 4]]
    y = np.float16([-3, 0, 5])
    dmlref.sign(y, out=y)
    assert bits(y).tolist() == bits(np.float16([-1, 0, 1])).tolist()


def test_out_may_be_a_strided_view():
    buffer = np.zeros((4, 8), np.float32)
    out = buffer[::2, 1::3]
    x = np.float32([[1, 2, 3], [4, 5, 6]])
    dmlref.constant_pow(x, 2, out=out)
    assert out.tolist() == [[1, 4, 9], [16, 25, 36]]
    assert buffer[1].tolist() == [0] * 8 and buffer[0, 0] == 0


def test_read_only_inputs():
    x = np.float16([1, 2, 3])
    x.setflags(write=False)
    np.testing.assert_array_equal(dmlref.constant_pow(x, 2), np.float16([1, 4, 9]))


def test_execute_takes_explicit_sizes_and_strides():
    # a padded input (rows of 4 elements, 3 used) and a padded output (rows of 5)
    x = np.arange(8, dtype=np.float32) - 3
    out = np.full(10, -7, np.float32)
    r = dmlref.execute("ELEMENT_WISE_SIGN", {"InputTensor": (x, [2, 3], [4, 1]),
                                             "OutputTensor": (out, [2, 3], [5, 1])})
    assert r is out
    assert out.tolist() == [-1, -1, -1, -7, -7, 1, 1, 1, -7, -7]
    q = dmlref.execute("DEQUANTIZE_LINEAR", {"InputTensor": (np.int8([10, 20, 30, 40]), [2, 2]),  # buffers of 4 bytes at least
                                             "ScaleTensor": (np.float32([0.5, 2.0]), [2, 2], [1, 0]),
                                             "ZeroPointTensor": (np.int8([0, 10, 0, 0]), [2, 2], [0, 1]),
                                             "OutputTensor": (np.zeros(4, np.float32), [2, 2])})
    assert q.tolist() == [5, 5, 60, 60]
    e = dmlref.execute("CONSTANT_POW", {"InputTensor": (np.float32([2, 3]), [2]),
                                        "OutputTensor": (np.zeros(2, np.float32), [2])}, exponent=3, scale=2)
    assert e.tolist() == [64, 216]


def test_the_gil_is_released_while_computing():
    import threading
    import time
    base = np.random.default_rng(3).uniform(0, 4, 1 << 20).astype(np.float32)
    window = []

    def compute():
        start = time.perf_counter()
        dmlref.pow(base, np.float32(0.37))  # the golden path: 0.1 s or more, one C++ call
        window.extend([start, time.perf_counter()])

    worker = threading.Thread(target=compute)
    seen = []
    worker.start()
    while worker.is_alive():
        seen.append(time.perf_counter())  # runs only while the worker does not hold the GIL
    worker.join()
    start, end = window
    middle = (start + 0.3 * (end - start), end - 0.3 * (end - start))
    assert end - start > 0.02
    assert any(middle[0] < t < middle[1] for t in seen), "the main thread never ran during the call"


def test_a_negative_stride_copy_keeps_broadcast_dimensions_unallocated():
    row = np.arange(1000, dtype=np.float32)[::-1]  # a negative stride: bound as a copy
    view = np.broadcast_to(row, (1 << 20, 1000))  # 2^30 elements through a zero stride
    before = copies()
    r = dmlref.pow(view[:3], np.float32(1))  # the copy is one row, not 3 (or 2^20)
    assert copies() == before + 1
    np.testing.assert_array_equal(r, np.broadcast_to(row, (3, 1000)))
    with pytest.raises(ValueError, match=r"^OutputTensor\.Sizes: the product of Sizes exceeds 2\^32 - 1 elements"):
        dmlref.pow(np.broadcast_to(row, (1 << 23, 1000)), np.float32(1))


def test_empty_arrays_give_empty_results():
    # numpy's and torch's rule: a zero-element tensor has a zero-element result.
    r = dmlref.sign(np.zeros((2, 0), np.float32))
    assert r.shape == (2, 0) and r.dtype == np.float32
    r = dmlref.pow(np.zeros((0, 3), np.float16), np.int32([1, 2, 3]))  # broadcast against an empty one
    assert r.shape == (0, 3) and r.dtype == np.float16
    assert dmlref.quantize_linear(np.float32([]), np.float32(0.5), np.uint8(3)).dtype == np.uint8
    out = np.zeros((0,), np.float32)
    assert dmlref.constant_pow(np.float32([]), 2, out=out) is out
    # The descriptor's rules still hold: types, the feature level, attributes, broadcasting.
    with pytest.raises(ValueError, match=r"^InputTensor\.DataType: FLOAT64 is not supported"):
        dmlref.sign(np.zeros(0, np.float64))
    with pytest.raises(ValueError, match=r"does not broadcast"):
        dmlref.pow(np.zeros((0,), np.float32), np.float32([1, 2]))
    with pytest.raises(ValueError, match=r"^OutputTensor\.DataType: .*pass dtype="):
        dmlref.quantize_linear(np.float32([]), np.float32(0.5))
    with pytest.raises(ValueError, match=r"^OutputTensor\.Sizes: out= has shape \(1,\)"):
        dmlref.sign(np.float32([]), out=np.zeros(1, np.float32))
    # Judging them passes: nothing to compare.
    report = dmlref.compare_golden(np.zeros((2, 0), np.float16), "POW", np.zeros((2, 0), np.float16), np.float16(2))
    assert report.passed and report.compared == 0
    assert dmlref.compare(np.int8([]), np.int8([])).passed
    from dmlref.testing import assert_golden
    assert_golden(np.float32([]), "SIGN", np.float32([]))
    # execute() is DirectML's own shape: a size of 0 stays refused there.
    with pytest.raises(ValueError, match=r"^InputTensor\.Sizes: size 0 is 0; every size must be at least 1"):
        dmlref.execute("SIGN", {"InputTensor": (np.zeros(1, np.float32), [0]), "OutputTensor": (np.zeros(1, np.float32), [0])})
