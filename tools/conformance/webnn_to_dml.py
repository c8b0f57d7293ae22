#!/usr/bin/env python3
"""Rewrite WebNN-shaped conformance vectors as dmlref-case/1 files (DirectML descriptors).

    webnn_to_dml.py [--check] [--verbose] [--eval DMLREF_EVAL] [WEBNN_DIR [DML_DIR]]

WEBNN_DIR (default tests/conformance/webnn) holds one file per WebNN operator,
{"op", "source", "cases": [...]}, in the shape tests/conformance/webnn/SOURCE.md describes.
For each such file with at least one case that one DirectML element-wise operator can
express, DML_DIR (default tests/conformance/dml) receives a file of the same name holding
{"format": "dmlref-case/1", "cases": [...]} (docs/case-format.md). The output depends only on
the input: the same input always gives the same bytes.

The DirectML operators' tensor and attribute names come from the schema, read from
`DMLREF_EVAL describe --format json` (--eval, else the environment variable DMLREF_EVAL).

--check writes into a temporary folder instead and compares it with DML_DIR, byte for byte
and file for file; it prints what differs and exits 1 when anything does.

The rewriting:
  - operators: OPERATORS below maps each WebNN operator onto one DirectML operator; WebNN's
    tensor arguments, in order, become the descriptor's input tensors in order (a, b ->
    ATensor, BTensor; condition, trueValue, falseValue -> ConditionTensor, ATensor, BTensor;
    input, slope -> InputTensor, SlopeTensor; ...), the result its output tensor;
  - options become attributes (clamp's minValue, maxValue -> Min, Max; alpha, beta -> Alpha,
    Beta), WebNN's defaults where a case leaves them out (clamp -Infinity, +Infinity; leakyRelu
    0.01; linear 1, 0; hardSigmoid 0.2, 0.5; elu 1); attributes WebNN fixes are written too
    (hardSwish: Alpha 1/6, Beta 0.5; softplus: Steepness 1; isInfinite: InfinityMode EITHER);
  - data types: the WebNN name in capitals (float32 -> FLOAT32);
  - a 0-D tensor (shape []) has sizes [1];
  - numpy-style broadcasting: an operand whose shape differs from the output's gets the
    output's sizes and strides that are 0 along every dimension it lacks or has as 1; a
    tensor given as one value ("fill") gets strides that are all 0;
  - quantization parameters (scale, zero point) are laid out along the input's dimensions:
    a dimension they share is kept, one of size 1 is broadcast (stride 0), and a block-wise
    one (the parameter's size divides the input's) is split into [parameter size, block
    size] for every tensor of the case, the parameters' inner stride being 0; their strides
    are written whenever they differ from the packed ones;
  - a pow whose exponent is 0-D is written twice: as ELEMENT_WISE_POW, and as
    ELEMENT_WISE_CONSTANT_POW with that value as its Exponent, named "<name> (as CONSTANT_POW)";
  - data and expected values are copied as they are (expected values are in row-major order
    over the output's sizes, which a block split does not change); the tolerance keeps its
    value, its metric in the case format's words ("ULP" -> "ulp"; WebNN's absolute "ATOL",
    which log, sin, cos, tan and erf use, -> "absolute").
Left out (and counted, each with its reason under --verbose): cases with an int4 or uint4
tensor, composite cases (small graphs), outputs a DirectML operator cannot write
(QUANTIZE_LINEAR writes INT8 and UINT8 only), data types an operator's support table never
lists (ACTIVATION_RELU's 64-bit and unsigned integers), tolerance metrics other than ULP and ATOL,
a FLOAT attribute that would move an integer tensor's bound (a clamp bound that is not a
FLOAT32 value), an expected tensor given as one value over more than 65536 elements, and
anything else the rules above cannot express. Data types a DirectML operator may not take are
kept: dmlref's validation judges them.

Standard library only; run with /usr/bin/python3.
"""

import difflib
import json
import os
import pathlib
import struct
import subprocess
import sys
import tempfile

FORMAT = "dmlref-case/1"
MAX_DIMENSIONS = 8  # DirectML's largest DimensionCount

# WebNN operator -> (DirectML operator, WebNN's tensor arguments in the order of the DirectML
# descriptor's input tensors, WebNN option -> (DirectML attribute, WebNN's default), attributes
# WebNN fixes). Tensor and attribute names are not written here: they come from the schema
# (`dmlref-eval describe --format json`), and every name below is checked against it.
INF = "Infinity"
OPERATORS = {
    "abs": ("ELEMENT_WISE_ABS", ["input"], {}, {}),
    "neg": ("ELEMENT_WISE_NEGATE", ["input"], {}, {}),
    "ceil": ("ELEMENT_WISE_CEIL", ["input"], {}, {}),
    "floor": ("ELEMENT_WISE_FLOOR", ["input"], {}, {}),
    "identity": ("ELEMENT_WISE_IDENTITY", ["input"], {}, {}),
    "sqrt": ("ELEMENT_WISE_SQRT", ["input"], {}, {}),
    "reciprocal": ("ELEMENT_WISE_RECIP", ["input"], {}, {}),
    "exp": ("ELEMENT_WISE_EXP", ["input"], {}, {}),
    "log": ("ELEMENT_WISE_LOG", ["input"], {}, {}),
    "sin": ("ELEMENT_WISE_SIN", ["input"], {}, {}),
    "cos": ("ELEMENT_WISE_COS", ["input"], {}, {}),
    "tan": ("ELEMENT_WISE_TAN", ["input"], {}, {}),
    "erf": ("ELEMENT_WISE_ERF", ["input"], {}, {}),
    "sign": ("ELEMENT_WISE_SIGN", ["input"], {}, {}),
    "tanh": ("ELEMENT_WISE_TANH", ["input"], {}, {}),
    "clamp": ("ELEMENT_WISE_CLIP", ["input"], {"minValue": ("Min", "-" + INF), "maxValue": ("Max", INF)}, {}),
    "add": ("ELEMENT_WISE_ADD", ["a", "b"], {}, {}),
    "sub": ("ELEMENT_WISE_SUBTRACT", ["a", "b"], {}, {}),
    "mul": ("ELEMENT_WISE_MULTIPLY", ["a", "b"], {}, {}),
    "div": ("ELEMENT_WISE_DIVIDE", ["a", "b"], {}, {}),
    "max": ("ELEMENT_WISE_MAX", ["a", "b"], {}, {}),
    "min": ("ELEMENT_WISE_MIN", ["a", "b"], {}, {}),
    "pow": ("ELEMENT_WISE_POW", ["a", "b"], {}, {}),
    "equal": ("ELEMENT_WISE_LOGICAL_EQUALS", ["a", "b"], {}, {}),
    "greater": ("ELEMENT_WISE_LOGICAL_GREATER_THAN", ["a", "b"], {}, {}),
    "greaterOrEqual": ("ELEMENT_WISE_LOGICAL_GREATER_THAN_OR_EQUAL", ["a", "b"], {}, {}),
    "lesser": ("ELEMENT_WISE_LOGICAL_LESS_THAN", ["a", "b"], {}, {}),
    "lesserOrEqual": ("ELEMENT_WISE_LOGICAL_LESS_THAN_OR_EQUAL", ["a", "b"], {}, {}),
    "logicalNot": ("ELEMENT_WISE_LOGICAL_NOT", ["a"], {}, {}),
    "logicalAnd": ("ELEMENT_WISE_LOGICAL_AND", ["a", "b"], {}, {}),
    "logicalOr": ("ELEMENT_WISE_LOGICAL_OR", ["a", "b"], {}, {}),
    "logicalXor": ("ELEMENT_WISE_LOGICAL_XOR", ["a", "b"], {}, {}),
    "isNaN": ("ELEMENT_WISE_IS_NAN", ["input"], {}, {}),
    "isInfinite": ("ELEMENT_WISE_IS_INFINITY", ["input"], {}, {"InfinityMode": "EITHER"}),
    "where": ("ELEMENT_WISE_IF", ["condition", "trueValue", "falseValue"], {}, {}),
    "relu": ("ACTIVATION_RELU", ["input"], {}, {}),
    "leakyRelu": ("ACTIVATION_LEAKY_RELU", ["input"], {"alpha": ("Alpha", 0.01)}, {}),
    "linear": ("ACTIVATION_LINEAR", ["input"], {"alpha": ("Alpha", 1), "beta": ("Beta", 0)}, {}),
    "hardSigmoid": ("ACTIVATION_HARD_SIGMOID", ["input"], {"alpha": ("Alpha", 0.2), "beta": ("Beta", 0.5)}, {}),
    # WebNN: x * max(0, min(6, x + 3)) / 6; DirectML: x * max(0, min(1, Alpha * x + Beta)).
    "hardSwish": ("ACTIVATION_HARD_SWISH", ["input"], {}, {"Alpha": 1 / 6, "Beta": 0.5}),
    "softsign": ("ACTIVATION_SOFTSIGN", ["input"], {}, {}),
    "prelu": ("ACTIVATION_PARAMETERIZED_RELU", ["input", "slope"], {}, {}),
    "elu": ("ACTIVATION_ELU", ["input"], {"alpha": ("Alpha", 1)}, {}),
    "gelu": ("ACTIVATION_GELU", ["input"], {}, {}),
    "sigmoid": ("ACTIVATION_SIGMOID", ["input"], {}, {}),
    "softplus": ("ACTIVATION_SOFTPLUS", ["input"], {}, {"Steepness": 1}),
    "dequantizeLinear": ("ELEMENT_WISE_DEQUANTIZE_LINEAR", ["input", "scale", "zeroPoint"], {}, {}),
    "quantizeLinear": ("ELEMENT_WISE_QUANTIZE_LINEAR", ["input", "scale", "zeroPoint"], {}, {}),
}
IGNORED_OPTIONS = {"label"}  # WebNN's operator label: a name for error messages
QUANTIZATION_PARAMETERS = ("scale", "zeroPoint")
OPTIONAL_ARGUMENTS = {"zeroPoint"}
# DirectML operators whose OutputTensor takes only some types (DirectML's tensor support tables).
OUTPUT_TYPES = {"ELEMENT_WISE_QUANTIZE_LINEAR": {"INT8", "UINT8"}}
# Tensor data types a DirectML operator's support table has at no feature level, where WebNN
# has cases with them (DirectML's page for the operator).
TYPES_NEVER_TAKEN = {"ACTIVATION_RELU": {"INT64", "UINT64", "UINT32", "UINT16", "UINT8"}}
SUB_BYTE_TYPES = {"int4", "uint4"}
# WebNN's tolerance metrics -> the case format's: ULP counts, and ATOL (an absolute distance,
# |actual - expected| <= value; equal values pass too).
TOLERANCE_METRICS = {"ULP": "ulp", "ATOL": "absolute"}
MAX_EXPANDED_FILL = 1 << 16  # an expected tensor WPT gives as one value is listed in full up to this size


class Schema:
    """The operators of DirectML's schema as `dmlref-eval describe --format json` lists them."""

    def __init__(self, describe):
        if describe.get("format") != "dmlref-describe/1":
            raise ValueError("describe: not a dmlref-describe/1 document")
        self.ops = {o["name"]: o for o in describe["operators"]}

    def fields(self, dml_op, kind):
        return [f for f in self.ops[dml_op]["fields"] if f["kind"] == kind]

    def check(self):
        """Every operator and attribute OPERATORS names exists, with its tensors one per argument."""
        for webnn_op, (dml_op, arguments, options, fixed) in OPERATORS.items():
            if dml_op not in self.ops:
                raise ValueError(f"{webnn_op}: {dml_op} is not in the schema")
            inputs = self.fields(dml_op, "input")
            if len(inputs) != len(arguments):
                raise ValueError(f"{webnn_op}: {dml_op} takes {len(inputs)} input tensors, not {len(arguments)}")
            names = {f["name"] for f in self.fields(dml_op, "attribute")}
            given = {a for a, _ in options.values()} | set(fixed)
            if given - names:
                raise ValueError(f"{webnn_op}: {dml_op} has no attribute {sorted(given - names)}")
            required = {f["name"] for f in self.fields(dml_op, "attribute") if not f["optional"]}
            if required - given:
                raise ValueError(f"{webnn_op}: {dml_op}'s {sorted(required - given)} is not set")

    def tensors(self, webnn_op):
        """WebNN argument -> DirectML input tensor, in descriptor order."""
        dml_op, arguments, _, _ = OPERATORS[webnn_op]
        return dict(zip(arguments, (f["name"] for f in self.fields(dml_op, "input"))))

    def output(self, webnn_op):
        return self.fields(OPERATORS[webnn_op][0], "output")[0]["name"]


def load_schema(eval_path):
    """The schema, from `EVAL describe --format json` (EVAL: --eval, else $DMLREF_EVAL)."""
    eval_path = eval_path or os.environ.get("DMLREF_EVAL")
    if not eval_path:
        raise ValueError("the schema's names come from dmlref-eval: pass --eval PATH or set DMLREF_EVAL")
    run = subprocess.run([eval_path, "describe", "--format", "json"], capture_output=True, text=True, check=False)
    if run.returncode != 0:
        raise ValueError(f"{eval_path} describe failed: {run.stderr.strip()}")
    schema = Schema(json.loads(run.stdout))
    schema.check()
    return schema


class NotExpressible(Exception):
    """A case one DirectML element-wise operator cannot express; the message says why."""


def packed_strides(sizes):
    """Row-major strides, in elements, of a tensor with these sizes."""
    strides = [1] * len(sizes)
    for d in range(len(sizes) - 2, -1, -1):
        strides[d] = strides[d + 1] * sizes[d + 1]
    return strides


def broadcast_shape(shapes):
    """The numpy-style broadcast of the shapes; raises NotExpressible when they do not broadcast."""
    rank = max(len(s) for s in shapes)
    result = [1] * rank
    for shape in shapes:
        for d, n in enumerate([1] * (rank - len(shape)) + list(shape)):
            if n != 1 and result[d] not in (1, n):
                raise NotExpressible(f"shapes {shapes} do not broadcast")
            result[d] = n if n != 1 else result[d]
    return result


def broadcast_strides(shape, out_shape):
    """Strides that read a tensor of `shape` (row-major) over `out_shape`; None when it is the
    output's own shape (packed, nothing to write)."""
    if list(shape) == list(out_shape):
        return None
    padded = [1] * (len(out_shape) - len(shape)) + list(shape)
    own = packed_strides(padded)
    return [0 if n == 1 else own[d] for d, n in enumerate(padded)]


def quantization_layout(input_shape, parameter_shape):
    """Sizes of every tensor and strides of a parameter (scale, zero point) read along the
    input's dimensions, with block-wise dimensions split as [parameter size, block size]."""
    if len(parameter_shape) > len(input_shape):
        raise NotExpressible(f"parameter shape {parameter_shape} has more dimensions than input {input_shape}")
    padded = [1] * (len(input_shape) - len(parameter_shape)) + list(parameter_shape)
    own = packed_strides(padded)
    sizes, strides = [], []
    for d, (n, s) in enumerate(zip(input_shape, padded)):
        if s == n or s == 1:
            sizes.append(n)
            strides.append(0 if s == 1 else own[d])
        elif n % s == 0:
            sizes += [s, n // s]
            strides += [own[d], 0]
        else:
            raise NotExpressible(f"parameter dimension {s} neither equals, broadcasts to nor divides {n}")
    return sizes, strides


def dml_type(webnn_type):
    if webnn_type in SUB_BYTE_TYPES:
        raise NotExpressible(f"{webnn_type} tensor")
    return webnn_type.upper()


def tensor(data_type, sizes, strides=None, data=None):
    """One entry of "tensors": strides only where they differ from packed, data for inputs."""
    t = {"dataType": data_type, "sizes": list(sizes)}
    if strides is not None and list(strides) != packed_strides(sizes):
        t["strides"] = list(strides)
    if data is not None:
        t["data"] = data
    return t


def layouts(op, inputs, out_shape):
    """{argument: (sizes, strides or None)} for each input, and the output's sizes."""
    if op in ("dequantizeLinear", "quantizeLinear"):
        input_shape = list(inputs["input"]["shape"]) or [1]
        if list(out_shape or [1]) != input_shape:
            raise NotExpressible(f"output shape {out_shape} is not the input's {input_shape}")
        parameters = [a for a in QUANTIZATION_PARAMETERS if a in inputs]
        if len({tuple(inputs[a]["shape"]) for a in parameters}) > 1:
            raise NotExpressible("scale and zero point have different shapes")
        result, sizes = {}, input_shape
        for a in parameters:
            sizes, strides = quantization_layout(input_shape, inputs[a]["shape"])
            result[a] = (sizes, strides)
        result["input"] = (sizes, None)
        return result, sizes
    shape = list(out_shape)
    if broadcast_shape([inputs[a]["shape"] for a in inputs] + [shape]) != shape:
        raise NotExpressible(f"inputs do not broadcast to the output shape {shape}")
    sizes = shape or [1]
    result = {}
    for a in inputs:
        if inputs[a].get("fill"):  # one value for the whole tensor: every stride 0
            result[a] = (sizes, [0] * len(sizes))
        else:
            result[a] = (sizes, broadcast_strides(inputs[a]["shape"], shape) if shape else None)
    return result, sizes


def is_float32(x):
    """Whether the number x is a FLOAT32 value exactly."""
    try:
        return struct.unpack("<f", struct.pack("<f", x))[0] == x
    except OverflowError:
        return False


def attributes_of(schema, op, options, integer_tensors):
    """The DirectML attributes of a WebNN case's options (WebNN's defaults where absent)."""
    dml_op, _, mapping, fixed = OPERATORS[op]
    float_fields = {f["name"] for f in schema.fields(dml_op, "attribute") if f["type"] == "float"}
    unknown = set(options) - set(mapping) - IGNORED_OPTIONS
    if unknown:
        raise NotExpressible(f"options {sorted(unknown)} have no DirectML attribute")
    attributes = {}
    for option, (attribute, default) in mapping.items():
        attributes[attribute] = options.get(option, default)
    attributes.update(fixed)
    for name, v in attributes.items():
        # A FLOAT attribute rounds to FLOAT32: a bound of an integer tensor that it moves is a
        # different operation (ELEMENT_WISE_CLIP1's typed Min and Max would hold it).
        if name in float_fields and integer_tensors and isinstance(v, (int, float)) and not is_float32(v):
            raise NotExpressible(f"{name} {v} is not a FLOAT32 value, and {dml_op}'s {name} is FLOAT")
    return attributes or None


def convert_case(schema, op, source, case):
    """The dmlref-case/1 cases (one, or two for a pow with a 0-D exponent) of one WebNN case."""
    if case.get("op", op) != op:
        raise NotExpressible(f"op {case.get('op')!r} in a {op} file")
    features = case.get("features", {})
    if features.get("composite") or features.get("graph"):
        raise NotExpressible("composite (a graph of several operators)")
    dml_op = OPERATORS[op][0]
    arguments = schema.tensors(op)
    inputs = case["inputs"]
    missing = [a for a in arguments if a not in inputs and a not in OPTIONAL_ARGUMENTS]
    if set(inputs) - set(arguments) or missing:
        raise NotExpressible(f"arguments {sorted(inputs)} are not {op}'s")
    expected = case["expected"]
    integer = not expected["dataType"].startswith("float")
    attributes = attributes_of(schema, op, case.get("options", {}), integer)
    out_type = dml_type(expected["dataType"])
    for a in inputs:
        dml_type(inputs[a]["dataType"])
    never = TYPES_NEVER_TAKEN.get(dml_op, set())
    for t in [dml_type(inputs[a]["dataType"]) for a in inputs] + [out_type]:
        if t in never:
            raise NotExpressible(f"{dml_op} takes no {t} at any feature level")
    if dml_op in OUTPUT_TYPES and out_type not in OUTPUT_TYPES[dml_op]:
        raise NotExpressible(f"{dml_op} does not write {out_type}")
    tolerance = case.get("tolerance")
    if tolerance is not None and tolerance.get("metric") not in TOLERANCE_METRICS:
        raise NotExpressible(f"tolerance metric {tolerance.get('metric')!r} (dmlref compares in ULP or absolutely)")
    expected_data = expected["data"]
    if expected.get("fill"):
        count = 1
        for n in expected["shape"]:
            count *= n
        if count > MAX_EXPANDED_FILL:
            raise NotExpressible(f"expected: one value for {count} elements, over {MAX_EXPANDED_FILL} to list")
        expected_data = expected_data * count

    per_input, out_sizes = layouts(op, inputs, expected["shape"])
    if max(len(out_sizes), *(len(s) for s, _ in per_input.values())) > MAX_DIMENSIONS:
        raise NotExpressible(f"more than {MAX_DIMENSIONS} dimensions")
    output = schema.output(op)

    def make(name, dml_operator, tensor_arguments, attributes=None):
        tensors = {}
        for a, field in arguments.items():
            if a in tensor_arguments:
                sizes, strides = per_input[a]
                tensors[field] = tensor(dml_type(inputs[a]["dataType"]), sizes, strides, inputs[a]["data"])
        tensors[output] = tensor(out_type, out_sizes)
        result = {"format": FORMAT, "name": name, "source": source, "op": dml_operator, "tensors": tensors}
        if attributes is not None:
            result["attributes"] = attributes
        result["expected"] = {output: expected_data}
        if tolerance is not None:
            result["tolerance"] = {"metric": TOLERANCE_METRICS[tolerance["metric"]], "value": tolerance["value"]}
        return result

    cases = [make(case["name"], dml_op, inputs, attributes)]
    if op == "pow" and inputs["b"]["shape"] == [] and not inputs["b"].get("fill"):
        cases.append(make(case["name"] + " (as CONSTANT_POW)", "ELEMENT_WISE_CONSTANT_POW", ["a"],
                          {"Exponent": inputs["b"]["data"][0]}))
    return cases


def convert_file(schema, path):
    """(output file name, its text or None when no case is expressible, counts, left-out list)."""
    document = json.loads(path.read_text(encoding="utf-8"))
    op = document.get("op")
    if op not in OPERATORS:
        raise ValueError(f"{path.name}: unknown WebNN operator {op!r}")
    source = f"wpt {op}.https.any.js"
    written, left_out, constant_pow = [], [], 0
    for case in document["cases"]:
        try:
            converted = convert_case(schema, op, source, case)
        except NotExpressible as why:
            left_out.append((case.get("name", "?"), str(why)))
            continue
        constant_pow += len(converted) - 1
        written += converted
    counts = (len(document["cases"]), len(written), constant_pow, len(left_out))
    if not written:
        return path.name, None, counts, left_out
    text = json.dumps({"format": FORMAT, "cases": written}, indent=1, ensure_ascii=False) + "\n"
    return path.name, text, counts, left_out


def generate(schema, webnn_dir, dml_dir, verbose):
    """Writes DML_DIR's files from WEBNN_DIR's and prints one line per file."""
    dml_dir.mkdir(parents=True, exist_ok=True)
    sources = sorted(webnn_dir.glob("*.json"))
    if not sources:
        raise ValueError(f"no *.json in {webnn_dir}")
    for path in sources:
        name, text, (read, written, constant_pow, skipped), left_out = convert_file(schema, path)
        dml_op = OPERATORS[json.loads(path.read_text(encoding="utf-8"))["op"]][0]
        line = f"{name}: {read} WebNN cases -> {written} {dml_op} cases"
        if constant_pow:
            line += f" ({constant_pow} of them as CONSTANT_POW)"
        print(line + f", {skipped} left out" + ("" if text else " (no file written)"))
        if verbose:
            for case_name, why in left_out:
                print(f"  left out: {case_name}: {why}")
        if text is not None:
            (dml_dir / name).write_text(text, encoding="utf-8")


def compare(generated, committed):
    """Prints how COMMITTED differs from GENERATED; True when they are the same files and bytes."""
    same = True
    names = sorted({p.name for p in generated.glob("*.json")} | {p.name for p in committed.glob("*.json")})
    for name in names:
        new, old = generated / name, committed / name
        if not old.exists():
            print(f"{committed / name}: missing (the converter writes it)")
            same = False
        elif not new.exists():
            print(f"{committed / name}: the converter does not write it")
            same = False
        elif new.read_bytes() != old.read_bytes():
            same = False
            diff = list(difflib.unified_diff(old.read_text(encoding="utf-8").splitlines(),
                                             new.read_text(encoding="utf-8").splitlines(),
                                             str(old), "regenerated", lineterm=""))
            print("\n".join(diff[:60]) + ("\n..." if len(diff) > 60 else ""))
    return same


def main(argv):
    eval_path = None
    if "--eval" in argv:
        i = argv.index("--eval")
        if i + 1 >= len(argv):
            print(__doc__.split("\n\n")[1], file=sys.stderr)
            return 2
        eval_path = argv[i + 1]
        argv = argv[:i] + argv[i + 2:]
    args = [a for a in argv if not a.startswith("--")]
    flags = set(argv) - set(args)
    if flags - {"--check", "--verbose"} or len(args) > 2:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    root = pathlib.Path(__file__).resolve().parents[2]
    webnn_dir = pathlib.Path(args[0]) if args else root / "tests/conformance/webnn"
    dml_dir = pathlib.Path(args[1]) if len(args) > 1 else root / "tests/conformance/dml"
    try:
        schema = load_schema(eval_path)
        if "--check" not in flags:
            generate(schema, webnn_dir, dml_dir, "--verbose" in flags)
            return 0
        with tempfile.TemporaryDirectory() as temp:
            generate(schema, webnn_dir, pathlib.Path(temp), "--verbose" in flags)
            if compare(pathlib.Path(temp), dml_dir):
                print(f"{dml_dir}: up to date")
                return 0
            print(f"{dml_dir} differs from what {pathlib.Path(__file__).name} writes: regenerate it")
            return 1
    except (OSError, ValueError, KeyError, TypeError) as error:
        print(f"webnn_to_dml.py: {error!r}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
