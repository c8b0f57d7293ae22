#!/usr/bin/env python3
"""Judge PyTorch's CUDA arithmetic against dmlref's oracle, the way a Python backend team would.

For each variant (a way of computing one DirectML operator with torch on the GPU):
  1. build cases: every data type torch has, special values (signed zeros, infinities, NaN,
     subnormals, negative bases, integer extremes) and layouts (contiguous, broadcast through
     zero strides, padded rows), each input one buffer viewed through DirectML strides, on the
     GPU with torch.as_strided and on the host with numpy's as_strided;
  2. run torch on the GPU and bring its result back as a numpy array (through the case's
     output layout where it has one);
  3. dmlref.compare_golden judges it against the golden result of the same numpy views, under
     the registry's default tolerances, in process: no case files, no subprocess.

Each variant records the verdict expected of it ("conforms" or "diverges"); the script exits 0
when every variant gets it, 1 otherwise, 77 when no CUDA device is usable.

The transcendental operators (EXP, LOG, TANH, SIN, COS, TAN, ERF, ATAN_YX, SIGMOID, ELU, GELU)
run on the cases `gpu_crosscheck --write-cases FILE` writes (its scenarios and dmlref's own
generator), read from FILE with --cases; run_crosscheck.sh writes and passes it.

Usage: torch_crosscheck.py [--cases FILE] [BUILD_DIR] [WORK_DIR]
       torch_crosscheck.py --self-test --cases FILE [BUILD_DIR]   (no torch, no GPU: reads FILE,
           judges dmlref's own golden outputs through the same path, which must pass at 0 ULP,
           and checks that every transcendental variant has cases)
dmlref is imported from PYTHONPATH, or from BUILD_DIR/python (BUILD_DIR may also be a file in
the build directory, such as its dmlref-eval). WORK_DIR keeps each variant's reports.
numpy, torch and the module dmlref.
"""
import json
import math
import os
import random
import struct
import sys
import time

import numpy as np

try:
    import torch
except ImportError:  # reading cases and judging work without it (--self-test)
    torch = None

dmlref = None  # imported by load_dmlref()


def load_dmlref(build):
    """The module dmlref: from PYTHONPATH, else from BUILD_DIR/python."""
    global dmlref
    try:
        import dmlref as module
    except ImportError:
        if build is None:
            raise
        directory = build if os.path.isdir(build) else os.path.dirname(os.path.abspath(build))
        sys.path.insert(0, os.path.join(directory, "python"))
        import dmlref as module
    dmlref = module


TORCH_TYPES = {} if torch is None else {
    "FLOAT32": torch.float32, "FLOAT16": torch.float16, "INT8": torch.int8, "UINT8": torch.uint8,
    "INT16": torch.int16, "INT32": torch.int32, "INT64": torch.int64, "UINT16": torch.uint16,
    "UINT32": torch.uint32, "UINT64": torch.uint64,
}
NUMPY_TYPES = {
    "FLOAT32": np.float32, "FLOAT16": np.float16, "INT8": np.int8, "UINT8": np.uint8, "INT16": np.int16,
    "INT32": np.int32, "INT64": np.int64, "UINT16": np.uint16, "UINT32": np.uint32, "UINT64": np.uint64,
}
BIT_TYPES = {"FLOAT32": np.uint32, "FLOAT16": np.uint16}
INT_RANGES = {
    "INT8": (-2**7, 2**7 - 1), "UINT8": (0, 2**8 - 1), "INT16": (-2**15, 2**15 - 1), "UINT16": (0, 2**16 - 1),
    "INT32": (-2**31, 2**31 - 1), "UINT32": (0, 2**32 - 1), "INT64": (-2**63, 2**63 - 1), "UINT64": (0, 2**64 - 1),
}
SIGN, CONSTANT_POW, POW, DEQUANTIZE = ("ELEMENT_WISE_SIGN", "ELEMENT_WISE_CONSTANT_POW", "ELEMENT_WISE_POW",
                                       "ELEMENT_WISE_DEQUANTIZE_LINEAR")
EXP, LOG, TANH, SIN, COS, TAN, ERF, ATAN_YX = ("ELEMENT_WISE_EXP", "ELEMENT_WISE_LOG", "ELEMENT_WISE_TANH",
                                               "ELEMENT_WISE_SIN", "ELEMENT_WISE_COS", "ELEMENT_WISE_TAN",
                                               "ELEMENT_WISE_ERF", "ELEMENT_WISE_ATAN_YX")
SIGMOID, ELU, GELU = "ACTIVATION_SIGMOID", "ACTIVATION_ELU", "ACTIVATION_GELU"
# Each operator's input tensors, in the descriptor's order.
INPUTS = {SIGN: ["InputTensor"], CONSTANT_POW: ["InputTensor"], POW: ["InputTensor", "ExponentTensor"],
          DEQUANTIZE: ["InputTensor", "ScaleTensor", "ZeroPointTensor"], ATAN_YX: ["ATensor", "BTensor"]}
TRANSCENDENTAL = (EXP, LOG, TANH, SIN, COS, TAN, ERF, ATAN_YX, SIGMOID, ELU, GELU)
for _op in TRANSCENDENTAL:
    INPUTS.setdefault(_op, ["InputTensor"])

# ---- values: floats are carried as bit patterns, so that NaN payloads and -0 survive -------------


def f32_bits(x):
    return struct.unpack("<I", struct.pack("<f", x))[0]


def f16_bits(x):
    if math.isfinite(x) and abs(x) >= 65520.0:  # rounds to infinity (struct refuses it)
        return 0xFC00 if x < 0 else 0x7C00
    return struct.unpack("<H", struct.pack("<e", x))[0]


def bits_value(bits, dtype):
    if dtype == "FLOAT32":
        return struct.unpack("<f", struct.pack("<I", bits))[0]
    return struct.unpack("<e", struct.pack("<H", bits))[0]


def float_bits(x, dtype):
    return f32_bits(x) if dtype == "FLOAT32" else f16_bits(x)


F32_SPECIALS = [
    0x00000000, 0x80000000, 0x7F800000, 0xFF800000, 0x7FC00000, 0xFFC00000, 0x7F800001, 0x00000001, 0x80000001,
    0x00400000, 0x007FFFFF, 0x807FFFFF, 0x00800000, 0x3F800000, 0xBF800000, 0x3F000000, 0xBF000000, 0x40000000,
    0xC0000000, 0x40400000, 0xC0400000, 0x3F7FFFFF, 0x3F800001, 0xBF800001, 0x7F7FFFFF, 0xFF7FFFFF, 0x41200000,
    0xC1200000, 0x3DCCCCCD, 0x4B800001]
F16_SPECIALS = [
    0x0000, 0x8000, 0x7C00, 0xFC00, 0x7E00, 0xFE00, 0x7C01, 0x0001, 0x8001, 0x0200, 0x03FF, 0x0400, 0x3C00, 0xBC00,
    0x3800, 0xB800, 0x4000, 0xC000, 0x4200, 0xC200, 0x3BFF, 0x3C01, 0xBC01, 0x7BFF, 0xFBFF, 0x4900, 0xC900, 0x2E66]
EXPONENTS = [0.0, -0.0, 1.0, -1.0, 2.0, -2.0, 3.0, -3.0, 0.5, -0.5, 1.5, 1.0 / 3.0, 2.5, 7.0, -7.0, 0.1, 127.0,
             -126.0, -149.0, 16777215.0, 16777216.0, 1e10, -1e10, math.inf, -math.inf, math.nan,
             bits_value(1, "FLOAT32")]


def rounded(x, dtype):
    """The bits of x rounded to dtype."""
    return float_bits(x, dtype)


# ---- cases ------------------------------------------------------------------------------------------


class Tensor:
    def __init__(self, dtype, values, strides=None):
        self.dtype, self.values, self.strides = dtype, values, strides  # values: buffer order (bits for floats)


class Case:
    def __init__(self, name, op, sizes, output, inputs, output_strides=None, exponent=None, scale_bias=None,
                 alpha=None):
        self.name, self.op, self.sizes, self.output = name, op, sizes, output
        self.inputs = inputs  # {"InputTensor": Tensor, ...}
        for t in inputs.values():  # a buffer holds exactly up to its last addressed element
            strides = t.strides if t.strides is not None else packed(sizes)
            t.values = t.values[: sum((n - 1) * st for n, st in zip(sizes, strides)) + 1]
        self.output_strides, self.exponent, self.scale_bias = output_strides, exponent, scale_bias
        self.alpha = alpha  # ACTIVATION_ELU's Alpha


def packed(sizes):
    strides, step = [], 1
    for s in reversed(sizes):
        strides.insert(0, step)
        step *= s
    return strides


def device_tensor(t, sizes):
    """The case's tensor as torch sees it: its buffer on the GPU, viewed through its strides."""
    dtype = TORCH_TYPES[t.dtype]
    if t.dtype == "FLOAT32":
        flat = torch.tensor([v - (1 << 32) if v >= 1 << 31 else v for v in t.values], dtype=torch.int32)
        flat = flat.view(torch.float32)
    elif t.dtype == "FLOAT16":
        flat = torch.tensor([v - (1 << 16) if v >= 1 << 15 else v for v in t.values], dtype=torch.int16)
        flat = flat.view(torch.float16)
    else:
        flat = torch.tensor(t.values, dtype=dtype)
    flat = flat.cuda()
    return torch.as_strided(flat, sizes, t.strides if t.strides is not None else packed(sizes))


def host_array(t, sizes):
    """The case's tensor as dmlref sees it: its buffer in host memory, viewed through its strides."""
    if t.dtype in BIT_TYPES:
        flat = np.array(t.values, dtype=BIT_TYPES[t.dtype]).view(NUMPY_TYPES[t.dtype])
    else:
        flat = np.array(t.values, dtype=NUMPY_TYPES[t.dtype])
    strides = t.strides if t.strides is not None else packed(sizes)
    return np.lib.stride_tricks.as_strided(flat, sizes, [s * flat.itemsize for s in strides], writeable=False)


def actual_array(case, result):
    """torch's result as a numpy array of the output type, stored through the case's output
    layout (a padded buffer) where it has one, so that the comparator reads a strided actual."""
    dtype = TORCH_TYPES[case.output]
    flat = result.to(dtype).contiguous().cpu().reshape(-1)
    torch.cuda.synchronize()
    if case.output in BIT_TYPES:
        bits = flat.view(torch.int32 if case.output == "FLOAT32" else torch.int16).numpy()
        values = bits.view(NUMPY_TYPES[case.output])
    else:
        values = np.array(flat.tolist(), dtype=NUMPY_TYPES[case.output])
    return in_output_layout(case, values.reshape(case.sizes))


def in_output_layout(case, values):
    """values (the case's sizes, row-major) stored through the case's output strides."""
    if case.output_strides is None:
        return values
    span = sum((s - 1) * st for s, st in zip(case.sizes, case.output_strides)) + 1
    buffer = np.zeros(span, values.dtype)
    view = np.lib.stride_tricks.as_strided(buffer, case.sizes, [s * buffer.itemsize for s in case.output_strides])
    view[...] = values
    return view


def golden_arguments(case):
    """The arguments of the case's operator function in dmlref (and of compare_golden)."""
    args = [host_array(case.inputs[name], case.sizes) if name in case.inputs else None for name in INPUTS[case.op]]
    kwargs = {"feature_level": "6_4"}
    if case.exponent is not None:
        args.append(case.exponent)
    if case.alpha is not None:
        args.append(case.alpha)
    if case.scale_bias is not None:
        kwargs.update(scale=case.scale_bias[0], bias=case.scale_bias[1])
    return args, kwargs


def judge(case, actual):
    """dmlref's report on actual against the golden result of the case's inputs."""
    args, kwargs = golden_arguments(case)
    return dmlref.compare_golden(actual, case.op, *args, **kwargs)


# ---- cases of the transcendental operators: gpu_crosscheck --write-cases FILE --------------------

CANONICAL_NAN = {"FLOAT32": 0x7FC00000, "FLOAT16": 0x7E00}
INFINITY = {"FLOAT32": 0x7F800000, "FLOAT16": 0x7C00}


def value_bits(v, dtype):
    """A case file's float value (a number, "NaN", "Infinity", "-Infinity" or "0x..." bits) as bits."""
    if isinstance(v, str):
        if v == "NaN":
            return CANONICAL_NAN[dtype]
        if v in ("Infinity", "-Infinity"):
            return INFINITY[dtype] | ((0x80000000 if dtype == "FLOAT32" else 0x8000) if v[0] == "-" else 0)
        return int(v, 16)
    return float_bits(float(v), dtype)


def attribute_float(v):
    return bits_value(value_bits(v, "FLOAT32"), "FLOAT32")


def read_cases(path, ops=TRANSCENDENTAL):
    """The cases of ops in a dmlref-case/1 file of float tensors, as Case objects. Cases with a
    ScaleBias are left to gpu_crosscheck (torch would compute g itself, with its own rounding)."""
    with open(path) as f:
        document = json.load(f)
    cases = []
    for c in document["cases"]:
        attributes = c.get("attributes", {})
        if c["op"] not in ops or "ScaleBias" in attributes:
            continue
        tensors = c["tensors"]
        output = tensors["OutputTensor"]
        inputs = {}
        for name in INPUTS[c["op"]]:
            t = tensors[name]
            if t["dataType"] not in BIT_TYPES:
                raise ValueError(f"case {c['name']!r}: {name} is {t['dataType']}, not a float type")
            inputs[name] = Tensor(t["dataType"], [value_bits(v, t["dataType"]) for v in t["data"]], t.get("strides"))
        alpha = attribute_float(attributes["Alpha"]) if "Alpha" in attributes else None
        cases.append(Case(c["name"], c["op"], list(output["sizes"]), output["dataType"], inputs,
                          output_strides=output.get("strides"), alpha=alpha))
    return cases


def build_cases(rng):
    cases = []

    def u(lo, hi):
        return rng.uniform(lo, hi)

    # SIGN
    cases.append(Case("sign FLOAT32 special values", SIGN, [len(F32_SPECIALS)], "FLOAT32",
                      {"InputTensor": Tensor("FLOAT32", F32_SPECIALS)}))
    cases.append(Case("sign FLOAT32 random bit patterns, padded rows in and out", SIGN, [64, 255], "FLOAT32",
                      {"InputTensor": Tensor("FLOAT32", [rng.getrandbits(32) for _ in range(63 * 256 + 255)],
                                             [256, 1])}, output_strides=[260, 1]))
    cases.append(Case("sign FLOAT32 subnormals", SIGN, [1024], "FLOAT32",
                      {"InputTensor": Tensor("FLOAT32", [(rng.getrandbits(23) | 1) | (k % 2) << 31
                                                         for k in range(1024)])}))
    cases.append(Case("sign FLOAT16 every bit pattern", SIGN, [256, 256], "FLOAT16",
                      {"InputTensor": Tensor("FLOAT16", list(range(65536)))}))
    cases.append(Case("sign FLOAT16 special values, broadcast column", SIGN, [len(F16_SPECIALS), 4], "FLOAT16",
                      {"InputTensor": Tensor("FLOAT16", F16_SPECIALS, [1, 0])}))
    for dtype in ("INT8", "INT16", "INT32", "INT64", "UINT8", "UINT16", "UINT32", "UINT64"):
        lo, hi = INT_RANGES[dtype]
        values = [lo, hi, 0, 1, lo + 1, hi - 1] + ([-1] if lo < 0 else [])
        values += [rng.randint(lo, hi) for _ in range(16 * 40 - len(values))]
        cases.append(Case(f"sign {dtype} extremes and random values, padded input rows", SIGN, [16, 33], dtype,
                          {"InputTensor": Tensor(dtype, values, [40, 1])}))

    # CONSTANT_POW
    def mixed_bases():
        v = list(F32_SPECIALS)
        v += [rounded(u(0, 8), "FLOAT32") for _ in range(2048)]
        v += [rounded(u(-8, 0), "FLOAT32") for _ in range(512)]
        v += [rng.getrandbits(32) for _ in range(1024)]
        v += [rng.getrandbits(23) for _ in range(128)]
        return v

    for e in (2.0, 0.5, 3.0, -1.0, -0.5, -2.0, 1.0 / 3.0, 2.5, 0.1, 7.0, -3.5, 100.0):
        e32 = bits_value(f32_bits(e), "FLOAT32")
        v = mixed_bases()
        cases.append(Case(f"constant_pow FLOAT32 exponent {e32:.9g}", CONSTANT_POW, [len(v)], "FLOAT32",
                          {"InputTensor": Tensor("FLOAT32", v)}, exponent=e32))
    for e in (2.0, 0.5, 3.0, -1.0, -0.5, 1.0 / 3.0, 2.5):
        e32 = bits_value(f32_bits(e), "FLOAT32")
        cases.append(Case(f"constant_pow FLOAT16 exponent {e32:.9g}, every bit pattern", CONSTANT_POW, [256, 256],
                          "FLOAT16", {"InputTensor": Tensor("FLOAT16", list(range(65536)))}, exponent=e32))
    v = mixed_bases()
    cases.append(Case("constant_pow FLOAT32 exponent 2 with ScaleBias 0.5, -1", CONSTANT_POW, [len(v)], "FLOAT32",
                      {"InputTensor": Tensor("FLOAT32", v)}, exponent=2.0, scale_bias=(0.5, -1.0)))
    cases.append(Case("constant_pow FLOAT16 exponent 2 with ScaleBias 0.5, -1 (g in FLOAT32), every bit pattern",
                      CONSTANT_POW, [65536], "FLOAT16", {"InputTensor": Tensor("FLOAT16", list(range(65536)))},
                      exponent=2.0, scale_bias=(0.5, -1.0)))

    # POW, float base
    def cross(name, dtype, bases, edtype, exponents, out=None):
        cases.append(Case(name, POW, [len(bases), len(exponents)], out or dtype,
                          {"InputTensor": Tensor(dtype, bases, [1, 0]),
                           "ExponentTensor": Tensor(edtype, exponents, [0, 1])}))

    cross("pow FLOAT32 special bases x special exponents (broadcast cross product)", "FLOAT32", F32_SPECIALS,
          "FLOAT32", [f32_bits(e) for e in EXPONENTS])
    cross("pow FLOAT16 special bases x special exponents (broadcast cross product)", "FLOAT16", F16_SPECIALS,
          "FLOAT16", [f16_bits(e) if not math.isnan(e) else 0x7E00 for e in EXPONENTS])
    n = 65536
    cases.append(Case("pow FLOAT32 random positive bases and exponents", POW, [n], "FLOAT32",
                      {"InputTensor": Tensor("FLOAT32", [rounded(u(0, 8), "FLOAT32") for _ in range(n)]),
                       "ExponentTensor": Tensor("FLOAT32", [rounded(u(-12, 12), "FLOAT32") for _ in range(n)])}))
    cases.append(Case("pow FLOAT32 negative bases, integral exponents", POW, [16384], "FLOAT32",
                      {"InputTensor": Tensor("FLOAT32", [rounded(u(-8, 0), "FLOAT32") for _ in range(16384)]),
                       "ExponentTensor": Tensor("FLOAT32", [f32_bits(rng.randint(-40, 40)) for _ in range(16384)])}))
    xs = [rounded(u(0.3, 0.95), "FLOAT32") for _ in range(16384)]
    cases.append(Case("pow FLOAT32 results in the subnormal range", POW, [16384], "FLOAT32",
                      {"InputTensor": Tensor("FLOAT32", xs),
                       "ExponentTensor": Tensor("FLOAT32", [rounded(u(-149.5, -126) / math.log2(bits_value(x, "FLOAT32")),
                                                                    "FLOAT32") for x in xs])}))
    cases.append(Case("pow FLOAT16 random bases and exponents", POW, [n], "FLOAT16",
                      {"InputTensor": Tensor("FLOAT16", [rounded(u(0, 4), "FLOAT16") for _ in range(n)]),
                       "ExponentTensor": Tensor("FLOAT16", [rounded(u(-8, 8), "FLOAT16") for _ in range(n)])}))
    cases.append(Case("pow FLOAT16 negative bases, integral exponents, padded", POW, [64, 128], "FLOAT16",
                      {"InputTensor": Tensor("FLOAT16", [rounded(u(-4, 0), "FLOAT16") for _ in range(64 * 136)],
                                             [136, 1]),
                       "ExponentTensor": Tensor("FLOAT16", [f16_bits(rng.randint(-12, 12)) for _ in range(64 * 128)])},
                      output_strides=[130, 1]))
    cross("pow FLOAT32 base, INT32 exponents (cross product)", "FLOAT32", F32_SPECIALS, "INT32",
          [0, 1, -1, 2, -2, 3, -3, 7, 31, 127, 128, -126, -149, -150, 16777217, -16777217, 2**31 - 1, -2**31, 1000000])
    cross("pow FLOAT16 base, FLOAT32 exponents (cross product)", "FLOAT16", F16_SPECIALS, "FLOAT32",
          [f32_bits(e) for e in EXPONENTS])

    # POW, integer base and exponent; integer base, float exponent
    for dtype in ("INT8", "INT16", "INT32", "UINT8"):
        lo, hi = INT_RANGES[dtype]
        bases = [b for b in (0, 1, -1, 2, -2, 3, -3, 5, 7, 10, -10, 255, 65535) if lo <= b <= hi] + [lo, hi]
        exps = [e for e in (0, 1, 2, 3, 4, 5, 7, 8, 15, 16, 17, 31, 32, 33, 63, 64, 65, -1, -2, -3, -4, 100, 127,
                            255, 1000, 32767, 65535) if lo <= e <= hi]
        cross(f"pow {dtype} base, {dtype} exponents (cross product)", dtype, bases, dtype, exps)
    cross("pow INT32 base, FLOAT32 exponents (cross product)", "INT32",
          [0, 1, -1, 2, -2, 3, 4, 8, 9, 10, 27, 100, 1000, 16777217, 16777219, 2**31 - 1, -2**31, -8, 46340, 46341],
          "FLOAT32", [f32_bits(e) for e in (0.0, 1.0, 2.0, 3.0, 0.5, 1.0 / 3.0, 0.25, 1.5, 2.5, -1.0, -0.5, 10.0,
                                             31.0, 0.1)])

    # DEQUANTIZE_LINEAR
    for dtype in ("INT8", "UINT8", "INT16", "INT32"):
        lo, hi = INT_RANGES[dtype]
        for out in ("FLOAT32", "FLOAT16"):
            xs = [lo, hi, 0, 1, lo + 1, hi - 1] + [rng.randint(lo, hi) for _ in range(16 * 64 - 6)]
            scale = rounded(0.0123 if out == "FLOAT16" else 3.0517578125e-05, out)
            zp = rng.randint(lo, hi)
            cases.append(Case(f"dequantize {dtype} to {out}, per-tensor scale and zero point", DEQUANTIZE, [16, 64],
                              out, {"InputTensor": Tensor(dtype, xs), "ScaleTensor": Tensor(out, [scale], [0, 0]),
                                    "ZeroPointTensor": Tensor(dtype, [zp], [0, 0])}))
            if out == "FLOAT32":
                scales = [0x00000000, 0x7FC00000, 0x7F800000, 0x00000400, f32_bits(1e30), f32_bits(-0.5), 0x3F800001,
                          f32_bits(0.1)]
            else:
                scales = [0x0000, 0x7E00, 0x7C00, 0x0001, 0x7BFF, 0xB800, 0x3C01, 0x2E66]
            zps = [lo, hi, 0, 1, lo + 1, hi - 1, 3, 3]
            cases.append(Case(f"dequantize {dtype} to {out}, per-row scales with special values, padded input",
                              DEQUANTIZE, [8, 48], out,
                              {"InputTensor": Tensor(dtype, [rng.randint(lo, hi) for _ in range(8 * 56)], [56, 1]),
                               "ScaleTensor": Tensor(out, scales, [1, 0]),
                               "ZeroPointTensor": Tensor(dtype, zps, [1, 0])}))
    return cases


# ---- variants -----------------------------------------------------------------------------------------


def is_float(dtype):
    return dtype in ("FLOAT32", "FLOAT16")


def base(case):
    return case.inputs["InputTensor"].dtype


def exponent_type(case):
    return case.inputs["ExponentTensor"].dtype


def scaled(case, x):
    if case.scale_bias is None:
        return x
    return x * case.scale_bias[0] + case.scale_bias[1]


def scaled_fp32(case, x):
    if case.scale_bias is None:
        return x.float()
    return torch.addcmul(torch.full_like(x, case.scale_bias[1], dtype=torch.float32), x.float(),
                         torch.full_like(x, case.scale_bias[0], dtype=torch.float32))


def quantized_dequantize(case, t):
    x, s, z = t["InputTensor"], t["ScaleTensor"], t["ZeroPointTensor"]  # x's integer type selects quint8, qint8 or qint32
    scale_strides = case.inputs["ScaleTensor"].strides
    if scale_strides == [0, 0]:
        q = torch._make_per_tensor_quantized_tensor(x.contiguous(), float(s[0, 0]), int(z[0, 0]))
    else:
        q = torch._make_per_channel_quantized_tensor(x.contiguous(), s[:, 0].double().contiguous(),
                                                     z[:, 0].long().contiguous(), 0)
    return q.dequantize()


VARIANTS = [
    # (id, operator, code, applies(case), run(case, tensors) -> result, expected to conform)
    ("sign", "SIGN", "torch.sign(x)", lambda c: c.op == SIGN, lambda c, t: torch.sign(t["InputTensor"]), True),
    ("constant_pow", "CONSTANT_POW", "torch.pow(g, e), g = x * s + b in x's dtype",
     lambda c: c.op == CONSTANT_POW,
     lambda c, t: torch.pow(scaled(c, t["InputTensor"]), c.exponent), False),
    ("constant_pow_fp32_g", "CONSTANT_POW", "torch.pow(g, e), g = addcmul in float32",
     lambda c: c.op == CONSTANT_POW,
     lambda c, t: torch.pow(scaled_fp32(c, t["InputTensor"]), c.exponent), False),
    ("constant_pow_float64", "CONSTANT_POW", "torch.pow(g.double(), e), rounded to the output type",
     lambda c: c.op == CONSTANT_POW,
     lambda c, t: torch.pow(scaled_fp32(c, t["InputTensor"]).double(), c.exponent), False),
    ("constant_pow_tensor_exponent", "CONSTANT_POW", "torch.pow(g, full_like(g, e)), g in float32",
     lambda c: c.op == CONSTANT_POW,
     lambda c, t: torch.pow(scaled_fp32(c, t["InputTensor"]),
                            torch.full_like(t["InputTensor"], c.exponent, dtype=torch.float32)), True),
    ("pow", "POW, float base", "torch.pow(x, e)", lambda c: c.op == POW and is_float(base(c)),
     lambda c, t: torch.pow(t["InputTensor"], t["ExponentTensor"]), False),
    ("pow_float64", "POW, float base", "torch.pow(x.double(), e.double()), rounded",
     lambda c: c.op == POW and is_float(base(c)),
     lambda c, t: torch.pow(t["InputTensor"].double(), t["ExponentTensor"].double()), True),
    ("ipow", "POW, integer base and exponent", "torch.pow(x, e) on integer tensors",
     lambda c: c.op == POW and not is_float(base(c)) and not is_float(exponent_type(c)),
     lambda c, t: torch.pow(t["InputTensor"], t["ExponentTensor"]), True),
    ("mixed_pow_trunc", "POW, integer base, float exponent", "torch.pow(x, e).to(T) (float32 pow, truncated)",
     lambda c: c.op == POW and not is_float(base(c)) and is_float(exponent_type(c)),
     lambda c, t: torch.pow(t["InputTensor"], t["ExponentTensor"]).trunc(), False),
    ("mixed_pow_trunc_float64", "POW, integer base, float exponent", "torch.pow(x.double(), e.double()).trunc()",
     lambda c: c.op == POW and not is_float(base(c)) and is_float(exponent_type(c)),
     lambda c, t: torch.pow(t["InputTensor"].double(), t["ExponentTensor"].double()).trunc(), True),
    ("dq_float_difference", "DEQUANTIZE_LINEAR", "(x.float() - zp.float()) * scale",
     lambda c: c.op == DEQUANTIZE,
     lambda c, t: (t["InputTensor"].float() - t["ZeroPointTensor"].float()) * t["ScaleTensor"], False),
    ("dq_wide_difference", "DEQUANTIZE_LINEAR", "(x.long() - zp.long()).float() * scale",
     lambda c: c.op == DEQUANTIZE,
     lambda c, t: (t["InputTensor"].long() - t["ZeroPointTensor"].long()).float() * t["ScaleTensor"].float(), True),
    ("dq_float64", "DEQUANTIZE_LINEAR", "(x.long() - zp.long()).double() * scale.double()",
     lambda c: c.op == DEQUANTIZE,
     lambda c, t: (t["InputTensor"].long() - t["ZeroPointTensor"].long()).double() * t["ScaleTensor"].double(),
     True),
    ("dq_half_difference", "DEQUANTIZE_LINEAR, FLOAT16 output", "(x.long() - zp.long()).half() * scale",
     lambda c: c.op == DEQUANTIZE and c.output == "FLOAT16",
     lambda c, t: (t["InputTensor"].long() - t["ZeroPointTensor"].long()).half() * t["ScaleTensor"], False),
    ("dq_quantized_tensor", "DEQUANTIZE_LINEAR, UINT8/INT8/INT32 to FLOAT32",
     "torch._make_per_{tensor,channel}_quantized_tensor(x, scale, zp).dequantize()",
     lambda c: c.op == DEQUANTIZE and c.output == "FLOAT32" and base(c) in ("UINT8", "INT8", "INT32"),
     quantized_dequantize, False),
]


# ---- transcendental operators ------------------------------------------------------------------------
# Verdicts predicted before any run. PyTorch's CUDA kernels call CUDA's math library in float
# ("opmath": FLOAT16 tensors are computed in float and rounded once to half); PyTorch is not
# built with --use_fast_math. So each FLOAT32 prediction is CUDA's documented bound (CUDA C++
# Programming Guide, "Mathematical Functions") against the default tolerance of the operator's
# header, as for gpu_crosscheck's kernels, and each FLOAT16 one the rounding of a float result
# within a few float ULPs: at most 1 half ULP, inside every FLOAT16 tolerance. The exceptions are
# the formulas PyTorch writes around the library:
# - sigmoid is 1 / (1 + exp(-x)): exp(-x) overflows below x = -88.72 and the result is 0, where
#   the true sigmoid is a subnormal more than 34 ULP above 0 down to x = -99.7 (FLOAT32 only:
#   in FLOAT16 the sigmoid is 0 from x = -17.4 on);
# - elu is x > 0 ? x : expm1(x) * alpha: +-0 take the second branch, so Alpha = +-Inf gives
#   0 * Inf = NaN where DirectML's x >= 0 branch gives x (the generator's Alpha samples include
#   +Inf); with a finite Alpha expm1's 1 ULP and one product are within 18 ULP;
# - gelu (approximate="none") is x * 0.5 * (1 + erf(x * sqrt(1/2))): 1 + erf cancels for x below
#   about -4 (0 from about -5.5, where golden is still a normal float down to -13), beyond 18
#   ULP in FLOAT32; in FLOAT16 the cancellation stays within a few ULP, but x = -Inf gives
#   -Inf * 0 = NaN where golden gives -0, in both types.
# Expected: (FLOAT32, FLOAT16), True = conforms. The CUDA bound behind each FLOAT32 one: expf 2,
# logf 1, tanhf 2, sinf 2, cosf 2, tanf 4, erff 2, atan2f 3 ULP against EXP 32, LOG 32, TANH 16,
# SIN 4, COS 4, TAN 5, ERF 16, ATAN_YX 6 (atan2's origin is undefined: not compared).
TRANSCENDENTAL_VARIANTS = [
    # (id, operator, code, run(case, tensors), expected FLOAT32, expected FLOAT16, applies beyond the type)
    ("exp", EXP, "torch.exp(x)", lambda c, t: torch.exp(t["InputTensor"]), True, True, None),
    ("log", LOG, "torch.log(x)", lambda c, t: torch.log(t["InputTensor"]), True, True, None),
    ("tanh", TANH, "torch.tanh(x)", lambda c, t: torch.tanh(t["InputTensor"]), True, True, None),
    ("sigmoid", SIGMOID, "torch.sigmoid(x)", lambda c, t: torch.sigmoid(t["InputTensor"]), False, True, None),
    ("elu", ELU, "torch.nn.functional.elu(x, alpha)",
     lambda c, t: torch.nn.functional.elu(t["InputTensor"], alpha=c.alpha), False, False, None),
    ("elu_finite_alpha", ELU, "torch.nn.functional.elu(x, alpha), finite alpha only",
     lambda c, t: torch.nn.functional.elu(t["InputTensor"], alpha=c.alpha), True, True,
     lambda c: math.isfinite(c.alpha)),
    ("sin", SIN, "torch.sin(x)", lambda c, t: torch.sin(t["InputTensor"]), True, True, None),
    ("cos", COS, "torch.cos(x)", lambda c, t: torch.cos(t["InputTensor"]), True, True, None),
    ("tan", TAN, "torch.tan(x)", lambda c, t: torch.tan(t["InputTensor"]), True, True, None),
    ("erf", ERF, "torch.erf(x)", lambda c, t: torch.erf(t["InputTensor"]), True, True, None),
    ("atan2", ATAN_YX, "torch.atan2(a, b)", lambda c, t: torch.atan2(t["ATensor"], t["BTensor"]), True, True, None),
    ("gelu", GELU, "torch.nn.functional.gelu(x) (erf form)",
     lambda c, t: torch.nn.functional.gelu(t["InputTensor"]), False, False, None),
]


def transcendental_variants():
    """One variant per function and type: (id, operator, code, applies, run, conforms)."""
    out = []
    for vid, op, code, run, conforms32, conforms16, extra in TRANSCENDENTAL_VARIANTS:
        for dtype, conforms in (("FLOAT32", conforms32), ("FLOAT16", conforms16)):
            def applies(c, op=op, dtype=dtype, extra=extra):
                return c.op == op and c.output == dtype and (extra is None or extra(c))
            out.append((f"{vid}_{'f32' if dtype == 'FLOAT32' else 'f16'}", f"{op}, {dtype}", code, applies, run,
                        conforms))
    return out


VARIANTS += transcendental_variants()


def parse_arguments(argv):
    """(build, work, cases file, self test) from [--cases FILE] [--self-test] [BUILD_DIR] [WORK_DIR]."""
    positional, cases_file, self_test = [], None, False
    i = 0
    while i < len(argv):
        if argv[i] == "--cases" and i + 1 < len(argv):
            cases_file = argv[i + 1]
            i += 2
            continue
        if argv[i] == "--self-test":
            self_test = True
        elif argv[i].startswith("--"):
            raise SystemExit(f"usage: {sys.argv[0]} [--cases FILE] [--self-test] [BUILD_DIR] [WORK_DIR]")
        else:
            positional.append(argv[i])
        i += 1
    build = positional[0] if positional else None
    work = positional[1] if len(positional) > 1 else None
    return build, work, cases_file, self_test


def main():
    build, work, cases_file, self_test = parse_arguments(sys.argv[1:])
    load_dmlref(build)
    if self_test:
        return self_check(cases_file)
    if torch is None or not torch.cuda.is_available():
        print("torch_crosscheck: no CUDA device (or no torch): nothing to check")
        return 77
    if work:
        os.makedirs(work, exist_ok=True)
    return crosscheck(work, cases_file)


def self_check(cases_file):
    """Without torch or a GPU: the transcendental cases read back, dmlref's golden outputs judged
    through the same path pass at 0 ULP, and every transcendental variant has cases."""
    if cases_file is None:
        print("--self-test needs --cases FILE (gpu_crosscheck --write-cases FILE)")
        return 2
    cases = read_cases(cases_file)
    failures = 0
    for case in cases:
        args, kwargs = golden_arguments(case)
        name = case.op.lower().replace("element_wise_", "")
        golden = getattr(dmlref, name)(*args, **kwargs)
        report = judge(case, in_output_layout(case, golden))
        if not report.passed or report.max_ulps != 0:
            failures += 1
            print(f"FAIL {case.name}\n{report}")
    print(f"{len(cases)} transcendental cases read; golden judged against itself: {failures} failed")
    empty = [vid for vid, _, _, applies, _, _ in transcendental_variants() if not any(applies(c) for c in cases)]
    for vid, _, _, applies, _, _ in transcendental_variants():
        print(f"  {vid:28} {sum(1 for c in cases if applies(c)):4} cases")
    if empty:
        print("variants without cases: " + ", ".join(empty))
    return 0 if failures == 0 and not empty and cases else 1


def crosscheck(work, cases_file):
    started = time.time()
    print(f"device: {torch.cuda.get_device_name()}, torch {torch.__version__}, CUDA {torch.version.cuda}, "
          f"dmlref {dmlref.__version__}")
    cases = build_cases(random.Random(20240601))
    if cases_file is not None:
        transcendental = read_cases(cases_file)
        print(f"{len(transcendental)} cases of the transcendental operators from {cases_file}")
        cases += transcendental
    else:
        print("no --cases FILE: the transcendental variants have no cases (gpu_crosscheck --write-cases FILE)")
    print(f"{len(cases)} cases\n")

    rows = []
    for vid, op, code, applies, compute, conforms in VARIANTS:
        print(f"==== {vid}: {code}  [{op}]")
        chosen, failed, invalid, skipped, reports = [], [], [], [], []
        gpu_seconds, worst, elements, nan_mismatches, first_failure = 0.0, 0, 0, 0, ""
        for case in cases:
            if not applies(case):
                continue
            try:
                tensors = {f: device_tensor(t, case.sizes) for f, t in case.inputs.items()}
                t0 = time.time()
                result = compute(case, tensors)
                actual = actual_array(case, result)
                gpu_seconds += time.time() - t0
            except (RuntimeError, TypeError, NotImplementedError, OverflowError, ValueError) as e:
                skipped.append(f"{case.name}: {(str(e).splitlines() or [type(e).__name__])[0]}")
                continue
            except Exception as e:  # anything else: reported, and the variant is not as expected
                invalid.append(case.name)
                print(f"  | ERROR {case.name}: {type(e).__name__}: {e}")
                continue
            chosen.append(case)
            try:
                report = judge(case, actual)
            except Exception as e:  # the case breaks a DirectML rule (ValueError), or the judge failed
                invalid.append(case.name)
                print(f"  | INVALID {case.name}: {e}")
                continue
            reports.append(f"{'PASS' if report.passed else 'FAIL'} {case.name}\n{report}")
            worst = max(worst, report.max_ulps)
            elements += report.compared + report.skipped
            nan_mismatches += report.nan_mismatches
            if not report.passed:
                if not first_failure and report.first is not None:
                    first_failure = describe_mismatch(case, report.first)
                failed.append(case.name)
                print(f"  | FAIL {case.name}\n" + "".join(f"  |   {line}\n" for line in str(report).splitlines()))
        for s in skipped:
            print(f"  not run (torch refuses it): {s}")
        if work and reports:
            with open(os.path.join(work, f"{vid}.reports.txt"), "w") as f:
                f.write("\n".join(reports))
        verdict = None if not chosen else 2 if invalid else 1 if failed else 0
        print(f"{len(chosen) - len(failed) - len(invalid)} passed, {len(failed)} failed, {len(invalid)} invalid\n")
        rows.append((vid, conforms, verdict, len(chosen), len(failed) + len(invalid), skipped, gpu_seconds, code,
                     failed, worst, elements, nan_mismatches, first_failure))

    lines = [f"==== summary ({torch.cuda.get_device_name()}, torch {torch.__version__})",
             f"{'variant':28} {'expected':9} {'verdict':9} {'cases':>5} {'failed':>6} {'elements':>9} "
             f"{'worst ULP':>10} {'NaN mism':>8} {'torch s':>8}  code"]
    all_as_expected, unexpected = True, 0
    for vid, conforms, rc, n, nfailed, skipped, seconds, code, _, worst, elements, nans, _ in rows:
        verdict = "-" if rc is None else "conforms" if rc == 0 else "diverges" if rc == 1 else "invalid"
        ok = rc in (0, 1) and (rc == 0) == conforms
        all_as_expected &= ok
        unexpected += 0 if ok else 1
        note = f" ({len(skipped)} cases refused by torch)" if skipped else ""
        lines.append(f"{vid:28} {'conforms' if conforms else 'diverges':9} {verdict:9} {n:5} {nfailed:6} {elements:9} "
                     f"{worst:10} {nans:8} {seconds:8.2f}  {code}{note}{'' if ok else '   <-- UNEXPECTED'}")
    lines.append("\nfirst failing element per variant (case, index, inputs, torch, golden):")
    lines += [f"  {row[0]}: {row[12]}" for row in rows if row[12]]
    lines.append("\nfailing cases per variant:")
    lines += [f"  {row[0]}: " + "; ".join(row[8]) for row in rows if row[8]]
    lines.append(f"\n{'every variant as expected' if all_as_expected else 'SOME VARIANTS NOT AS EXPECTED'} "
                 f"({unexpected} of {len(rows)} variants not as expected) in {time.time() - started:.1f} s")
    summary = "\n".join(lines) + "\n"
    print(summary, end="")
    if work:
        with open(os.path.join(work, "summary.txt"), "w") as f:
            f.write(summary)
    return 0 if all_as_expected else 1


def describe_mismatch(case, m):
    """'"case" at [i, j]: inputs; torch v (bits), golden v (bits), distance'."""
    inputs = ", ".join(f"{k}={v}" for k, v in (m.inputs or {}).items())
    distance = "NaN mismatch" if m.nan_mismatch else "zero of the wrong sign" if m.zero_sign_mismatch else f"{m.ulps} ULP"
    return (f"\"{case.name}\" at {list(m.index) if isinstance(m.index, tuple) else m.index}: {inputs}; "
            f"torch {m.actual} ({m.actual_bits}), golden {m.expected} ({m.expected_bits}), {distance}")


if __name__ == "__main__":
    sys.exit(main())
