"""Every operator of the registry on every data type it takes, through the generated functions."""
import inspect
import keyword

import numpy as np
import pytest

import dmlref
from dmlref.testing import assert_golden
from helpers import bits, copies

FLOATS = [np.float32, np.float16]
INTS_8_TO_32 = [np.int8, np.int16, np.int32, np.uint8, np.uint16, np.uint32]
INTS_64 = [np.int64, np.uint64]


def test_functions_come_from_the_registry():
    for name in ("pow", "constant_pow", "sign", "dequantize_linear"):
        assert name in dmlref.operators
        assert callable(getattr(dmlref, name))
    assert list(inspect.signature(dmlref.pow).parameters)[:4] == ["base", "exponent", "scale", "bias"]
    assert list(inspect.signature(dmlref.constant_pow).parameters)[:2] == ["x", "exponent"]
    assert list(inspect.signature(dmlref.sign).parameters)[0] == "x"
    zp = inspect.signature(dmlref.dequantize_linear).parameters["zero_point"]
    assert zp.default is None
    assert list(inspect.signature(dmlref.dequantize_linear).parameters)[:3] == ["x", "scale", "zero_point"]
    for f in ("path", "feature_level", "out", "dtype"):
        assert inspect.signature(dmlref.sign).parameters[f].kind == inspect.Parameter.KEYWORD_ONLY


def test_every_registry_operator_has_its_function():
    for info in dmlref._dmlref.operators():
        f = getattr(dmlref, info["name"])
        # DirectML's name without ELEMENT_WISE_, in lower case, a Python keyword with "_" after it
        expected = info["dml_name"].removeprefix("ELEMENT_WISE_").lower()
        assert info["name"] == expected + ("_" if keyword.iskeyword(expected) else "")
        params = inspect.signature(f).parameters.values()
        positional = [p for p in params if p.kind == inspect.Parameter.POSITIONAL_OR_KEYWORD]
        required = [a for a in info["attributes"] if not a["optional"]]
        assert len(positional) == len(info["tensors"]) - 1 + len(required)
        # An optional tensor defaults to None where nothing required follows it (Python's rule).
        tensors = info["tensors"][:-1]
        defaults = [o and all(later for _, later in tensors[k + 1:]) and not required for k, (_, o) in enumerate(tensors)]
        assert [p.default is None for p in positional[:len(tensors)]] == defaults
        bias = inspect.signature(f).parameters.get("bias")
        takes_scale_bias = any(a["scale_bias"] for a in info["attributes"])
        assert (bias is not None and bias.kind == inspect.Parameter.KEYWORD_ONLY) == takes_scale_bias
        assert info["dml_name"] in f.__doc__


def test_the_first_example():
    r = dmlref.pow(np.float16([2, -2]), np.int32([3, 3]))
    assert r.dtype == np.float16
    assert r.tolist() == [8.0, -8.0]


@pytest.mark.parametrize("dtype", FLOATS + INTS_8_TO_32 + INTS_64)
@pytest.mark.parametrize("path", ["golden", "fast"])
def test_sign(dtype, path):
    if np.dtype(dtype).kind == "f":
        x = np.array([-2.5, -0.0, 0.0, 3, np.inf, -np.inf, np.nan, 1e-3], dtype=dtype)
        expected = np.array([-1, 0, 0, 1, 1, -1, 0, 1], dtype=dtype)
    else:
        info = np.iinfo(dtype)
        x = np.array([info.min, info.max, 0, 1, 7], dtype=dtype)
        expected = np.sign(x.astype(np.float64)).astype(dtype)
    r = dmlref.sign(x, path=path)
    assert r.dtype == dtype
    np.testing.assert_array_equal(bits(r), bits(expected))  # +0 for -0 and NaN, bit for bit


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("path", ["golden", "fast"])
def test_constant_pow(dtype, path):
    x = np.arange(-4, 5, dtype=dtype).reshape(3, 3)
    np.testing.assert_array_equal(dmlref.constant_pow(x, 2.0, path=path), (x.astype(np.float64) ** 2).astype(dtype))
    np.testing.assert_array_equal(dmlref.constant_pow(x, 3, scale=0.5, bias=1, path=path),
                                  ((x.astype(np.float64) * 0.5 + 1) ** 3).astype(dtype))


POW_TYPES = FLOATS + INTS_8_TO_32


@pytest.mark.parametrize("base_type", POW_TYPES)
@pytest.mark.parametrize("exponent_type", POW_TYPES)
def test_pow_every_type_pair(base_type, exponent_type):
    signed = np.dtype(base_type).kind != "u"
    bases = np.array([0, 1, 2, 3] + ([-2, -3] if signed else [4, 5]), dtype=base_type)
    exponents = np.array([0, 1, 2, 3], dtype=exponent_type)
    b, e = bases[:, None], exponents[None, :]  # numpy broadcasting: zero strides
    r = dmlref.pow(b, e)
    assert r.dtype == base_type and r.shape == (6, 4)
    expected = np.array([[int(x) ** int(y) for y in exponents] for x in bases], dtype=base_type)
    np.testing.assert_array_equal(r, expected)
    np.testing.assert_array_equal(dmlref.pow(b, e, path="fast"), expected)


def test_pow_integer_wraps_and_truncates():
    assert dmlref.pow(np.int8([2, 3]), np.int8([7, 5])).tolist() == [-128, -13]  # 128, 243 mod 2^8
    assert dmlref.pow(np.int32([10]), np.float32([0.5])).tolist() == [3]  # mixed: truncated
    assert dmlref.pow(np.int32([2]), np.int32([3]), scale=2.0, bias=1.0).tolist() == [125]


@pytest.mark.parametrize("input_type", INTS_8_TO_32)
@pytest.mark.parametrize("scale_type", FLOATS)
@pytest.mark.parametrize("with_zero_point", [True, False])
def test_dequantize_linear(input_type, scale_type, with_zero_point):
    x = np.array([[0, 1, 2], [7, 8, 9]], dtype=input_type)
    scale = np.array([[0.5], [0.25]], dtype=scale_type)  # one per row, broadcast
    zp = np.array([1], dtype=input_type) if with_zero_point else None
    r = dmlref.dequantize_linear(x, scale, zp)
    assert r.dtype == scale_type
    expected = (x.astype(np.float64) - (1 if with_zero_point else 0)) * scale.astype(np.float64)
    np.testing.assert_array_equal(r, expected.astype(scale_type))


QUANTIZE_INPUTS = [(np.float32, np.float32), (np.float16, np.float16), (np.int32, np.float32)]


@pytest.mark.parametrize("input_type,scale_type", QUANTIZE_INPUTS)
@pytest.mark.parametrize("output_type", [np.int8, np.uint8])
@pytest.mark.parametrize("path", ["golden", "fast"])
def test_quantize_linear(input_type, scale_type, output_type, path):
    if "quantize_linear" not in dmlref.operators:
        pytest.skip("this build's registry has no ELEMENT_WISE_QUANTIZE_LINEAR")
    x = np.array([[-300, -2, 0, 1, 3], [5, 7, 9, 11, 400]], dtype=input_type)
    scale = np.array([[2], [2]], dtype=scale_type)  # one per row: halves land on ties
    zp = np.array([10], dtype=output_type)
    r = dmlref.quantize_linear(x, scale, zp, path=path)  # the zero point's type is the output's
    assert r.dtype == output_type
    info = np.iinfo(output_type)
    expected = np.clip(np.round(x.astype(np.float64) / 2) + 10, info.min, info.max)  # numpy rounds ties to even
    np.testing.assert_array_equal(r, expected.astype(output_type))
    r = dmlref.quantize_linear(x, scale, path=path, dtype=output_type)  # no zero point: dtype= chooses
    np.testing.assert_array_equal(r, np.clip(np.round(x.astype(np.float64) / 2), info.min, info.max).astype(output_type))


@pytest.mark.parametrize("dtype", FLOATS)
def test_fast_within_the_default_tolerance_of_golden(dtype):
    rng = np.random.default_rng(7)
    base = rng.uniform(0, 8, size=(64, 65)).astype(dtype)
    exponent = rng.uniform(-6, 6, size=(64, 65)).astype(dtype)
    fast = dmlref.pow(base, exponent, path="fast")
    report = assert_golden(fast, "POW", base, exponent)
    assert report.compared == base.size
    x = rng.uniform(0, 100, size=1000).astype(dtype)
    assert_golden(dmlref.constant_pow(x, 0.37, path="fast"), "CONSTANT_POW", x, 0.37)


def test_operator_names_in_any_spelling():
    x = np.float32([1, -1])
    for name in ("ELEMENT_WISE_SIGN", "SIGN", "sign"):
        out = dmlref.execute(name, {"InputTensor": (x, [2]), "OutputTensor": (np.zeros(2, np.float32), [2])})
        assert out.tolist() == [1, -1]
    with pytest.raises(ValueError, match="is not an element-wise operator of DirectML"):
        dmlref.compare_golden(x, "ELEMENT_WISE_FROB", x)
    # In DirectML's schema, not computed by this version (the first such, while one is left).
    computed = {dmlref._operator(name).dml_name for name in dmlref.operators}
    missing = [name for name in dmlref.directml_operators if name not in computed]
    for name in missing[:1] + [name.lower() for name in missing[:1]]:
        with pytest.raises(ValueError, match=missing[0] + " is not implemented in this version"):
            dmlref.execute(name, {"InputTensor": (x, [2]), "OutputTensor": (np.zeros(2, np.float32), [2])})


def test_directml_operators_hold_the_computed_ones():
    assert len(dmlref.directml_operators) == 86
    computed = {dmlref._operator(name).dml_name for name in dmlref.operators}
    assert computed <= set(dmlref.directml_operators)


def test_feature_levels():
    x = np.float16([[1, -1]])
    # below 3_0 DirectML takes exactly 4 dimensions: leading ones are added
    assert dmlref.pow(x, x, feature_level="1_0").tolist() == [[1, -1]]
    for level in ("6_2", "6.2", "DML_FEATURE_LEVEL_6_2", 0x6200):
        assert dmlref.sign(x, feature_level=level).tolist() == [[1, -1]]


def test_several_output_types_need_dtype():
    """Where the support table admits several output types for the inputs (QUANTIZE_LINEAR
    without a zero point: INT8 or UINT8), dtype= chooses and its absence is an error."""
    if "quantize_linear" not in dmlref.operators:
        pytest.skip("this build's registry has no ELEMENT_WISE_QUANTIZE_LINEAR")
    x, scale = np.float32([1.5, -3]), np.float32([0.5])
    with pytest.raises(ValueError, match=r"^OutputTensor\.DataType: .* admits several output types .*INT8.*: pass dtype="):
        dmlref.quantize_linear(x, scale)
    assert dmlref.quantize_linear(x, scale, dtype=np.int8).dtype == np.int8
    assert dmlref.quantize_linear(x, scale, np.uint8([0])).dtype == np.uint8  # the zero point decides
    assert dmlref.quantize_linear(x, scale, np.uint8([0]), feature_level="1_0").dtype == np.uint8
    with pytest.raises(ValueError, match=r"^OutputTensor\.DataType: INT8 is not supported by "
                                         r"ELEMENT_WISE_QUANTIZE_LINEAR at feature level 2_0"):
        dmlref.quantize_linear(x, scale, np.int8([0]), feature_level="2_0", dtype=np.int8)
    # where no output type fits, the rule that refuses the inputs
    with pytest.raises(ValueError, match=r"^ZeroPointTensor: ELEMENT_WISE_QUANTIZE_LINEAR requires a ZeroPointTensor "
                                         r"before feature level 6_2"):
        dmlref.quantize_linear(x, scale, feature_level="6_1")
    with pytest.raises(ValueError, match=r"^ZeroPointTensor\.DataType: ELEMENT_WISE_QUANTIZE_LINEAR requires the "
                                         r"data type of OutputTensor"):
        dmlref.quantize_linear(x, scale, np.int16([0]))
    with pytest.raises(ValueError, match=r"^ScaleTensor\.DataType: ELEMENT_WISE_QUANTIZE_LINEAR takes a FLOAT32 "
                                         r"ScaleTensor for a INT32 InputTensor, got FLOAT16"):
        dmlref.quantize_linear(np.int32([1]), np.float16([1]), np.int8([0]))


def test_per_axis_quantization_parameters_follow_onnx():
    x = np.arange(-12, 12, dtype=np.int8).reshape(2, 3, 4)
    scale = np.float32([0.5, 0.25, 2])
    zero_point = np.int8([1, -1, 0])
    # ONNX's DequantizeLinear with axis=1: scale and zero point along dimension 1.
    expected = (x.astype(np.float64) - zero_point[:, None]) * scale[:, None]
    np.testing.assert_array_equal(dmlref.dequantize_linear(x, scale, zero_point, axis=1), expected.astype(np.float32))
    np.testing.assert_array_equal(dmlref.dequantize_linear(x, scale, zero_point, axis=-2),
                                  dmlref.dequantize_linear(x, scale.reshape(3, 1), zero_point.reshape(3, 1)))
    # The reshaped parameters are views: bound through DirectML's zero strides, no copies.
    before = copies()
    y = dmlref.quantize_linear(expected.astype(np.float32), scale, zero_point, axis=1)
    assert copies() == before
    np.testing.assert_array_equal(y, x)
    last = np.float32([1, 2, 4, 8])
    np.testing.assert_array_equal(dmlref.dequantize_linear(x, last, axis=2), (x * last).astype(np.float32))
    r = dmlref.compare_golden(dmlref.dequantize_linear(x, scale, zero_point, axis=1), "DEQUANTIZE_LINEAR", x, scale,
                              zero_point, axis=1)
    assert r.passed and r.compared == x.size
    with pytest.raises(ValueError, match=r"^ScaleTensor\.Sizes: axis=1 needs a 1-D array of x\.shape\[1\] = 3 values "
                                         r"\(or one value, per-tensor\), got shape \(4,\)$"):
        dmlref.dequantize_linear(x, last, axis=1)
    with pytest.raises(ValueError, match=r"^axis: must be an int from -3 to 2 \(InputTensor has 3 dimensions\), got 3$"):
        dmlref.dequantize_linear(x, scale, axis=3)
    with pytest.raises(ValueError, match=r"^axis: must be an int, got 1\.0$"):
        dmlref.dequantize_linear(x, scale, axis=1.0)
    # ONNX's per-tensor parameters: a scalar or one-element scale and zero point, whatever axis
    # says (ONNX's axis defaults to 1, and a converted node keeps it).
    per_tensor = dmlref.dequantize_linear(x, np.float32(0.5), np.int8(1))
    for s, z in ((np.float32(0.5), np.int8(1)), (np.float32([0.5]), np.int8([1])), (np.float32(0.5), np.int8([1]))):
        np.testing.assert_array_equal(dmlref.dequantize_linear(x, s, z, axis=1), per_tensor)
        np.testing.assert_array_equal(dmlref.dequantize_linear(x, s, z, axis=7), per_tensor)  # not used: not checked
    np.testing.assert_array_equal(dmlref.quantize_linear(np.float32(3), np.float32(0.5), np.int8(1), axis=1), 7)
    np.testing.assert_array_equal(dmlref.dequantize_linear(x, scale, np.int8(1), axis=1),  # one per axis, one not
                                  dmlref.dequantize_linear(x, scale[:, None], np.int8(1)))
    with pytest.raises(ValueError, match=r"^ScaleTensor\.Sizes: axis=0 lays a parameter of shape \(3,\) along a "
                                         r"dimension of x, which has none \(InputTensor is 0-d\)"):
        dmlref.dequantize_linear(np.int8(3), scale, axis=0)
    assert "axis" not in inspect.signature(dmlref.pow).parameters  # only operators with a ScaleTensor


@pytest.mark.parametrize("path", ["golden", "fast"])
def test_clip1_bounds_of_the_tensors_type(path):
    x = np.array([0, 2**53, 2**53 + 1, 2**63 - 1, -2**63], dtype=np.int64)
    r = dmlref.clip1(x, "INT64", 2**53 + 1, 2**63 - 2, path=path)
    assert r.tolist() == [2**53 + 1, 2**53 + 1, 2**53 + 1, 2**63 - 2, 2**53 + 1]
    with pytest.raises(ValueError, match="MinMaxDataType"):
        dmlref.clip1(x, "INT32", 0, 1, path=path)


@pytest.mark.parametrize("path", ["golden", "fast"])
def test_add1_fused_activation(path):
    a, b = np.float32([1, -3, 0.25]), np.float32([-2, 5, 0.25])
    assert dmlref.add1(a, b, path=path).tolist() == [-1, 2, 0.5]
    assert dmlref.add1(a, b, fused_activation="ACTIVATION_RELU", path=path).tolist() == [0, 2, 0.5]
    linear = {"op": "ACTIVATION_LINEAR", "attributes": {"Alpha": 2, "Beta": 1}}
    assert dmlref.add1(a, b, fused_activation=linear, path=path).tolist() == [-1, 5, 2]
    with pytest.raises(ValueError, match="FusedActivation"):
        dmlref.add1(a, b, fused_activation="ACTIVATION_PARAMETERIZED_RELU", path=path)
    with pytest.raises(ValueError, match="FusedActivation.attributes.Beta"):
        dmlref.add1(a, b, fused_activation={"op": "ACTIVATION_LINEAR", "attributes": {"Alpha": 2}}, path=path)


@pytest.mark.parametrize("path", ["golden", "fast"])
def test_quantized_linear_add_rounds_the_exact_value_once(path):
    # 25 * 0.1f = 2.5000000373 rounds to 3 (a FLOAT32 product, 2.5, would tie to 2)
    a, b = np.int8([25, -25, 5]), np.uint8([0, 0, 0])
    one = np.float32([1])
    r = dmlref.quantized_linear_add(a, np.float32([0.1]), None, b, one, None, one, None, dtype=np.int8, path=path)
    assert r.tolist() == [3, -3, 1]  # 5 * 0.1f is just above 1/2
