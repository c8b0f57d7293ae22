"""Bad calls raise the right exception with the runtime layer's words and write nothing."""
import numpy as np
import pytest

import dmlref
from helpers import assert_untouched, snapshot


def refuses(call, arrays, match, exception=ValueError):
    before = snapshot(*arrays)
    with pytest.raises(exception, match=match):
        call()
    assert_untouched(arrays, before)


def test_wrong_dtypes():
    x16, i64 = np.float16([1, 2]), np.int64([1, 2])
    out = np.full(2, 9, np.float16)
    refuses(lambda: dmlref.pow(x16, i64, out=out), [x16, i64, out],
            r"^ExponentTensor\.DataType: INT64 is not supported by ELEMENT_WISE_POW at feature level 6_4")
    refuses(lambda: dmlref.sign(np.float64([1])), [], r"^InputTensor\.DataType: FLOAT64 is not supported")
    refuses(lambda: dmlref.sign(np.array([True])), [], r"^InputTensor\.DataType: numpy dtype bool has no")
    refuses(lambda: dmlref.sign(np.float32([1]).astype(">f4")), [], r"native byte order")
    refuses(lambda: dmlref.pow(x16, x16, out=np.zeros(2, np.float32)), [x16],
            r"^OutputTensor\.DataType: ELEMENT_WISE_POW requires the data type of InputTensor \(FLOAT16\), got FLOAT32")
    refuses(lambda: dmlref.dequantize_linear(np.float32([1]), np.float32([1]), None), [],
            r"^InputTensor\.DataType: FLOAT32 is not supported by ELEMENT_WISE_DEQUANTIZE_LINEAR")
    refuses(lambda: dmlref.pow(x16, x16, dtype=np.int8), [x16], r"^OutputTensor\.DataType")


def test_python_scalars_and_lists_name_what_numpy_made_of_them():
    with pytest.raises(ValueError, match=r"^InputTensor\.DataType: FLOAT64 is not supported by ELEMENT_WISE_SIGN.*; "
                                         r"InputTensor is a Python list, which numpy made FLOAT64 \(float64\): pass a "
                                         r"numpy array of the type you mean, such as np\.asarray\(x, dtype=np\.float32\)$"):
        dmlref.sign([1.0, -2.0])
    with pytest.raises(ValueError, match=r"^ExponentTensor\.DataType: FLOAT64 .*; ExponentTensor is a Python float, "
                                         r"which numpy made FLOAT64 \(float64\): pass a numpy scalar of the type you "
                                         r"mean, such as np\.float32\(2\.5\)$"):
        dmlref.pow(np.float32([1, 2]), 2.5)
    with pytest.raises(ValueError, match=r"ScaleTensor is a Python int, which numpy made INT64 \(int64\): .* np\.int32\(1\)$"):
        dmlref.dequantize_linear(np.int8([1]), 1)
    # A numpy array of float64 is the caller's own choice: the plain rule, no hint.
    with pytest.raises(ValueError, match=r"^InputTensor\.DataType: FLOAT64 is not supported by ELEMENT_WISE_SIGN[^;]*$"):
        dmlref.sign(np.float64([1]))
    # A Python int is fine where INT64 is supported.
    assert dmlref.sign([-3, 4]).tolist() == [-1, 1]


def test_feature_level_rules():
    i8 = np.int8([1, 2])
    refuses(lambda: dmlref.pow(i8, i8, feature_level="2_1"), [i8],
            r"^InputTensor\.DataType: INT8 is not supported by ELEMENT_WISE_POW at feature level 2_1")
    refuses(lambda: dmlref.sign(np.float32([1]), feature_level="1_0"), [], r"^Type: ELEMENT_WISE_SIGN needs feature level 2_0")
    refuses(lambda: dmlref.dequantize_linear(i8, np.float32([1]), feature_level="6_1"), [i8],
            r"^ZeroPointTensor: ELEMENT_WISE_DEQUANTIZE_LINEAR requires a ZeroPointTensor before feature level 6_2")
    refuses(lambda: dmlref.dequantize_linear(i8, np.float16([1]), i8, feature_level="5_0"), [i8],
            r"^ScaleTensor\.DataType: FLOAT16 is not supported")
    refuses(lambda: dmlref.sign(np.zeros((1,) * 5, np.float32), feature_level="2_0"), [],
            r"DimensionCount: ELEMENT_WISE_SIGN takes exactly 4 dimensions at feature level 2_0, got 5")
    refuses(lambda: dmlref.sign(np.float32([1]), feature_level="7_0"), [], r"^FeatureLevel: '7_0' is not a DML_FEATURE_LEVEL")
    refuses(lambda: dmlref.sign(np.zeros((1,) * 9, np.float32)), [], r"DimensionCount: must be 1 to 8, got 9")


def test_mismatched_shapes():
    a, b = np.float32([1, 2, 3]), np.float32([1, 2])
    out = np.zeros(3, np.float32)
    refuses(lambda: dmlref.pow(a, b, out=out), [a, b, out], r"^ExponentTensor\.Sizes: shape \(2,\) does not broadcast")
    refuses(lambda: dmlref.pow(a, a, out=np.zeros(4, np.float32)), [a], r"^OutputTensor\.Sizes: out= has shape \(4,\)")
    refuses(lambda: dmlref.pow(a[:, None], a, out=out), [a, out], r"the inputs broadcast to \(3, 3\)")


def test_output_overlapping_an_input():
    buf = np.arange(8, dtype=np.float32)
    refuses(lambda: dmlref.pow(buf[:4], buf[4:], out=buf[2:6]), [buf],
            r"^OutputTensor: overlaps InputTensor; ELEMENT_WISE_POW allows only the exact alias")
    e = np.float32([1, 2, 3, 4])
    x = np.float32([5, 6, 7, 8])
    refuses(lambda: dmlref.pow(x, e, out=e), [x, e], r"^OutputTensor: overlaps ExponentTensor; ELEMENT_WISE_POW runs in place only over InputTensor")
    q = np.float32([1, 2])
    s = np.float32([1, 1])
    qi = np.int32([3, 4])
    refuses(lambda: dmlref.dequantize_linear(qi, s, out=s), [qi, s],
            r"^OutputTensor: overlaps ScaleTensor; ELEMENT_WISE_DEQUANTIZE_LINEAR cannot run in place")
    # the same memory through another layout is not the exact alias
    m = np.arange(6, dtype=np.float32).reshape(2, 3)
    refuses(lambda: dmlref.constant_pow(m[:, :2], 2, out=m[:, 1:]), [m], r"^OutputTensor: overlaps InputTensor")
    # a negative-stride input is bound as a copy: its overlap with out is still refused
    refuses(lambda: dmlref.constant_pow(q[::-1], 2, out=q), [q], r"^OutputTensor: overlaps InputTensor \(a view numpy")


def test_bad_out_arrays():
    x = np.float32([1, 2, 3])
    ro = np.zeros(3, np.float32)
    ro.setflags(write=False)
    refuses(lambda: dmlref.sign(x, out=ro), [x, ro], r"^OutputTensor: the out= array is read-only")
    rev = np.zeros(3, np.float32)
    refuses(lambda: dmlref.sign(x, out=rev[::-1]), [x, rev], r"^OutputTensor\.Strides: out= has a negative stride")
    refuses(lambda: dmlref.sign(x, out=[0, 0, 0]), [x], r"out= must be a numpy array")
    b = np.zeros(3, np.float32)
    refuses(lambda: dmlref.execute("SIGN", {"InputTensor": (x, [3]), "OutputTensor": (b, [3], [0])}), [x, b],
            r"^OutputTensor\.Strides: stride 0 is 0 on a dimension larger than 1")


def test_attribute_and_argument_errors():
    x = np.float32([1])
    refuses(lambda: dmlref.constant_pow(x), [x], "exponent", TypeError)
    refuses(lambda: dmlref.sign(x, scale=2), [x], "scale", TypeError)
    refuses(lambda: dmlref.execute("SIGN", {"InputTensor": (x, [1]), "OutputTensor": (np.zeros(1, np.float32), [1])},
                                   scale=2), [x], r"^attributes\.ScaleBias: is not an attribute of ELEMENT_WISE_SIGN")
    refuses(lambda: dmlref.sign(x, path="slow"), [x], r"^path: 'slow' is neither")
    refuses(lambda: dmlref.execute("SIGN", {"InputTensor": (x, [1]), "Bogus": (x, [1])}), [x],
            r"^Bogus: is not a tensor of ELEMENT_WISE_SIGN")
    refuses(lambda: dmlref.execute("SIGN", {"InputTensor": (x, [1])}), [x], r"^OutputTensor: is required")
    refuses(lambda: dmlref.execute("SIGN", {"InputTensor": (x, [4]), "OutputTensor": (np.zeros(4, np.float32), [4])}),
            [x], r"^InputTensor\.binding: the buffer holds 4 bytes, TotalTensorSizeInBytes is 16")


def test_compare_names_what_numpy_made_of_python_lists_and_scalars():
    """The comparator takes no FLOAT64 and needs one type on both sides: a Python list or scalar
    given to compare or compare_golden is named, with numpy's type for it and the fix."""
    with pytest.raises(ValueError, match=r"^expected\.DataType: FLOAT64 is not compared.*; expected is a Python list, "
                                         r"which numpy made FLOAT64 \(float64\): pass a numpy array of the type you "
                                         r"mean, such as np\.asarray\(expected, dtype=np\.float32\)$"):
        dmlref.compare([1.0, 2.0], [1.0, 2.0])
    with pytest.raises(ValueError, match=r"^actual\.DataType: FLOAT32 against expected INT64; expected is a Python list, "
                                         r"which numpy made INT64 \(int64\): .* np\.asarray\(expected, dtype=np\.float32\)$"):
        dmlref.compare(np.float32([1, 2]), [1, 2])
    with pytest.raises(ValueError, match=r"; actual is a Python float, which numpy made FLOAT64 \(float64\): pass a "
                                         r"numpy scalar of the type you mean, such as np\.float16\(1\.5\)$"):
        dmlref.compare(1.5, np.float16(1.5))
    with pytest.raises(ValueError, match=r"^OutputTensor\.DataType: .*got FLOAT64; actual is a Python list, which numpy "
                                         r"made FLOAT64 \(float64\): .* np\.asarray\(actual, dtype=np\.float32\)$"):
        dmlref.compare_golden([1.0], "SIGN", np.float32([2]))
    # numpy's own arrays: the plain rule, no hint; a shape error gets none either.
    with pytest.raises(ValueError, match=r"^actual\.DataType: FLOAT32 against expected FLOAT64$"):
        dmlref.compare(np.float32([1]), np.float64([1]))
    with pytest.raises(ValueError, match=r"^actual\.Sizes: shape \(2,\) against expected \(1,\)$"):
        dmlref.compare(np.float32([1, 2]), [np.float32(1)])
    # Where numpy's type is the one compared, a list just works.
    assert dmlref.compare(np.int64([1, 2]), [1, 2]).passed
