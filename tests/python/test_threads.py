"""threads=: every operator function and execute() give one thread's bits on several threads,
over contiguous, broadcast, strided and in-place arrays; bad thread counts are refused before
anything is written.

Oracles: the same call with threads=1 (the bits must match exactly, padding of out= included),
and the words each refusal must carry."""
import inspect

import numpy as np
import pytest

import dmlref
from helpers import assert_untouched, bits, snapshot

# Two threads' worth of elements and a few more, in a 2-D shape whose rows are not a multiple
# of any vector width.
ROWS, COLS = 7, (2 * dmlref.MIN_ELEMENTS_PER_THREAD) // 7 + 1001
RNG = np.random.default_rng(11)


def floats(dtype, shape=(ROWS, COLS)):
    a = RNG.uniform(-8, 8, shape).astype(dtype)
    a.flat[::97] = np.nan
    a.flat[5::89] = -0.0
    return a


def integers(dtype, shape=(ROWS, COLS)):
    info = np.iinfo(dtype)
    return RNG.integers(info.min, info.max, shape, endpoint=True).astype(dtype)


# (operator function, arguments builder) for every operator; the builder takes a layout.
def layout_of(a, layout):
    if layout == "contiguous":
        return a
    if layout == "strided":  # every other column of a wider array
        wide = np.zeros((a.shape[0], 2 * a.shape[1]), a.dtype)
        wide[:, ::2] = a
        return wide[:, ::2]
    if layout == "broadcast":  # one row, broadcast over the rows
        return np.broadcast_to(a[:1], a.shape)
    raise ValueError(layout)


CALLS = {
    "sign": lambda layout: (dmlref.sign, [layout_of(floats(np.float32), layout)], {}),
    "sign_int8": lambda layout: (dmlref.sign, [layout_of(integers(np.int8), layout)], {}),
    "constant_pow": lambda layout: (dmlref.constant_pow, [layout_of(floats(np.float16), layout), np.float32(2.2)],
                                    {"scale": 1.5, "bias": -0.25}),
    "pow": lambda layout: (dmlref.pow, [floats(np.float32), layout_of(floats(np.float32), layout)], {}),
    "pow_int_exponent": lambda layout: (dmlref.pow, [layout_of(floats(np.float16), layout),
                                                     integers(np.int8)], {}),
    "dequantize_linear": lambda layout: (dmlref.dequantize_linear,
                                         [integers(np.int8), layout_of(floats(np.float32), layout),
                                          integers(np.int8)], {}),
    "quantize_linear": lambda layout: (dmlref.quantize_linear,
                                       [layout_of(floats(np.float32), layout), np.float32(0.0625),
                                        np.uint8(3)], {}),
}


@pytest.mark.parametrize("path", ["golden", "fast"])
@pytest.mark.parametrize("layout", ["contiguous", "strided", "broadcast"])
@pytest.mark.parametrize("name", sorted(CALLS))
def test_threads_give_one_threads_bits(name, layout, path):
    function, args, kwargs = CALLS[name](layout)
    want = function(*args, path=path, **kwargs)
    for threads in (2, 3, 0, np.int64(2)):
        got = function(*args, path=path, threads=threads, **kwargs)
        assert got.dtype == want.dtype and got.shape == want.shape
        assert np.array_equal(bits(got), bits(want)), (name, layout, path, threads)


@pytest.mark.parametrize("path", ["golden", "fast"])
def test_threads_in_place(path):
    x = floats(np.float32)
    want = dmlref.constant_pow(x, np.float32(0.5), path=path)
    y = x.copy()
    assert dmlref.constant_pow(y, np.float32(0.5), path=path, threads=2, out=y) is not None
    assert np.array_equal(bits(y), bits(want))


def test_threads_into_a_strided_out_leave_its_gaps_alone():
    x = floats(np.float32)
    buffer = np.full((ROWS, 2 * COLS), 7.0, np.float32)
    dmlref.sign(x, threads=2, out=buffer[:, 1::2])
    assert np.array_equal(bits(buffer[:, 1::2]), bits(dmlref.sign(x)))
    assert (buffer[:, ::2] == 7.0).all()


def test_execute_takes_threads():
    n = 2 * dmlref.MIN_ELEMENTS_PER_THREAD + 3
    base, exponent = floats(np.float32, (n,)), floats(np.float32, (n,))
    outputs = []
    for threads in (1, 2):
        out = np.zeros(n, np.float32)
        dmlref.execute("POW", {"InputTensor": (base, [n]), "ExponentTensor": (exponent, [n]),
                               "OutputTensor": (out, [n])}, path="fast", threads=threads)
        outputs.append(out)
    assert np.array_equal(bits(outputs[0]), bits(outputs[1]))


def test_compare_golden_takes_threads():
    base, exponent = floats(np.float32), floats(np.float32)
    actual = dmlref.pow(base, exponent, path="fast")
    one = dmlref.compare_golden(actual, "pow", base, exponent)
    two = dmlref.compare_golden(actual, "pow", base, exponent, threads=2)
    assert bool(one) and bool(two) and str(one) == str(two)


def test_every_function_defaults_to_one_thread():
    for name in dmlref.operators:
        assert inspect.signature(getattr(dmlref, name)).parameters["threads"].default == 1, name
    assert dmlref.MAX_THREADS == 1024


@pytest.mark.parametrize("threads, error, words", [
    (-1, ValueError, "got -1"),
    (dmlref.MAX_THREADS + 1, ValueError, f"got {dmlref.MAX_THREADS + 1}"),
    (2 ** 70, ValueError, f"got {2 ** 70}"),
    (True, TypeError, "got bool"),
    (1.5, TypeError, "got float"),
    ("2", TypeError, "got str"),
])
def test_bad_thread_counts_are_refused_before_writing(threads, error, words):
    x = floats(np.float32)
    out = np.zeros_like(x)
    before = snapshot(out)
    with pytest.raises(error, match=r"threads: must be an int from 0 \(one per hardware thread\) to 1024") as e:
        dmlref.sign(x, threads=threads, out=out)
    assert words in str(e.value)
    assert_untouched([out], before)
    n = x.size
    with pytest.raises(error, match="threads: "):
        dmlref.execute("SIGN", {"InputTensor": (x.ravel(), [n]), "OutputTensor": (out.ravel(), [n])}, threads=threads)
    assert_untouched([out], before)
