"""dmlref from Python: DirectML's element-wise operators computed on the CPU, numpy in and out.

    >>> import dmlref, numpy as np
    >>> dmlref.pow(np.float16([2, -2]), np.int32([3, 3]))
    array([ 8., -8.], dtype=float16)

One function per operator of dmlref's registry, generated from it (see `operators`): the name
is DirectML's without ELEMENT_WISE_, in lower case (ELEMENT_WISE_POW -> pow; a Python keyword
takes a trailing underscore: ELEMENT_WISE_IF -> if_); the positional
parameters are the descriptor's input tensors in order, named after the field without
"Tensor" in snake_case (ZeroPointTensor -> zero_point), InputTensor being `base` where the
operator has an ExponentTensor and `x` otherwise; an optional tensor defaults to None; the
descriptor's required attributes follow as positional parameters named after the field in
snake_case (Exponent -> exponent), its optional ones are keywords (ScaleBias: scale= and
bias=). Every function also takes path="golden"|"fast", threads= (default 1; 0: one per
hardware thread; the same bits on any count), feature_level= (None: the newest, "6_2",
"DML_FEATURE_LEVEL_6_2" or 0x6200), out= and dtype=.

Contract:
- No input is copied: each array is bound with its own data pointer, its byte strides / item
  size are DirectML's element strides, numpy broadcasting becomes zero strides. A view
  DirectML's unsigned strides cannot express (a negative stride, a stride that is not a
  multiple of the item size, a misaligned address) is bound as a C-contiguous copy of that
  input (its zero-stride dimensions stay broadcast); such a view is refused as out=.
  numpy.float16 is FLOAT16. Python scalars and lists become numpy's int64/float64 (an error
  refusing that type says so): pass numpy scalars and arrays. An empty array (a size 0) gives
  an empty result of the broadcast shape once the descriptor's rules are checked.
- out= receives the result in place; it may be the operator's InputTensor exactly where
  DirectML allows in-place execution, and may overlap no other input (byte ranges, rounded
  up to 4 bytes as DMLCalcBufferTensorSize does). Without out=, the result is a new array of
  the inputs' broadcast shape; its data type is the one the support table admits for the
  inputs, or dtype= where it admits several.
- Every DirectML rule is checked before anything is written; a broken one raises ValueError
  with the runtime layer's message (tensor, field, rule). Below feature level 3_0 tensors of
  fewer than 4 dimensions are given leading dimensions of size 1 (DirectML takes exactly 4
  there). The GIL is released while computing.
- threads=N computes on up to N threads, each given at least dmlref.MIN_ELEMENTS_PER_THREAD
  elements (fewer threads for smaller results); N is an int from 0 to dmlref.MAX_THREADS.
"""

import inspect as _inspect
import re as _re

import numpy as _np

from . import _dmlref

__all__ = ["operators", "execute", "compare", "compare_golden", "Report", "Mismatch", "MAX_THREADS",
           "MIN_ELEMENTS_PER_THREAD", "FAST_KERNELS"]
__version__ = _dmlref.version
#: threads= takes 0 (one per hardware thread) to MAX_THREADS.
MAX_THREADS = _dmlref.max_threads
#: A call uses at most one thread per MIN_ELEMENTS_PER_THREAD elements of its result.
MIN_ELEMENTS_PER_THREAD = _dmlref.min_elements_per_thread
#: The fast path's kernels this process runs: "baseline" (the module's own compiler flags), or
#: the widest instruction-set variant built in that the CPU runs ("avx2", "avx512",
#: "avx512fp16"; built with CMake's DMLREF_RUNTIME_ISAS, capped by the DMLREF_ISA variable).
FAST_KERNELS = _dmlref.fast_kernels

# ---- one function per operator ------------------------------------------------------------------


def _parameter_name(slot, slots):
    """The Python name of an input tensor slot (see the module's docstring)."""
    base = slot[: -len("Tensor")] if slot.endswith("Tensor") else slot
    if base == "Input":
        return "base" if "ExponentTensor" in slots else "x"
    return _re.sub(r"(?<!^)(?=[A-Z])", "_", base).lower()


def _keyword(field):
    """The Python keyword of an attribute field: its DirectML name in snake case."""
    return _re.sub(r"(?<!^)(?=[A-Z])", "_", field).lower()


def _per_axis(inputs, names, axis):
    """ONNX's per-axis quantization: each input after the InputTensor (scale, zero point) given
    as a 1-D array of x.shape[axis] values is laid along that axis of x, every other dimension
    of size 1, so that numpy's broadcasting binds it with DirectML's zero strides (no copy). A
    scalar or one-element parameter is per-tensor, as in ONNX: axis does not apply to it."""
    if axis is None:
        return inputs
    if isinstance(axis, bool) or not isinstance(axis, (int, _np.integer)):
        raise ValueError(f"axis: must be an int, got {axis!r}")
    x = _np.asarray(inputs[0])
    out = [inputs[0]]
    for name, value in zip(names[1:], inputs[1:]):
        v = None if value is None else _np.asarray(value)
        if v is None or v.ndim == 0 or v.shape == (1,):  # absent, or per-tensor
            out.append(value)
            continue
        if x.ndim == 0:
            raise ValueError(f"{name}.Sizes: axis={axis} lays a parameter of shape {v.shape} along a dimension of "
                             f"x, which has none (InputTensor is 0-d): pass a scalar {name} or an x of at least "
                             f"1 dimension")
        if not -x.ndim <= axis < x.ndim:
            raise ValueError(f"axis: must be an int from {-x.ndim} to {x.ndim - 1} (InputTensor has {x.ndim} "
                             f"dimensions), got {axis!r}")
        k = int(axis) % x.ndim
        if v.ndim != 1 or v.shape[0] != x.shape[k]:
            raise ValueError(f"{name}.Sizes: axis={k} needs a 1-D array of x.shape[{k}] = {x.shape[k]} "
                             f"values (or one value, per-tensor), got shape {v.shape}")
        out.append(v.reshape((-1,) + (1,) * (x.ndim - 1 - k)))
    return out


class _Operator:
    """One operator of the registry as Python sees it: input tensors, then its required
    attributes as parameters, optional attributes as keywords (ScaleBias as scale= and bias=)."""

    def __init__(self, info):
        self.dml_name = info["dml_name"]
        self.name = info["name"]
        slots = [name for name, _ in info["tensors"]]
        self.inputs = info["tensors"][:-1]  # (DirectML name, optional)
        self.output = slots[-1]
        self.input_params = [_parameter_name(name, slots) for name, _ in self.inputs]
        self.attributes = info["attributes"]
        self.scale_bias = any(a["scale_bias"] for a in self.attributes)
        self.required = [(_keyword(a["name"]), a["name"]) for a in self.attributes if not a["optional"]]
        self.optional = [(_keyword(a["name"]), a["name"]) for a in self.attributes
                         if a["optional"] and not a["scale_bias"]]
        self.in_place = info["in_place"]
        #: ONNX's per-axis quantization parameters: an operator with a ScaleTensor takes axis=.
        self.per_axis = "ScaleTensor" in slots
        P = _inspect.Parameter
        # An optional input defaults to None only where nothing required follows it (Python's
        # rule): QUANTIZED_LINEAR_ADD's AZeroPoint and BZeroPoint come before required tensors,
        # so they are passed, None for an absent one.
        self.input_defaults = [optional and all(o for _, o in self.inputs[k + 1:]) and not self.required
                               for k, (_, optional) in enumerate(self.inputs)]
        params = [P(p, P.POSITIONAL_OR_KEYWORD, default=None if default else P.empty)
                  for p, default in zip(self.input_params, self.input_defaults)]
        params += [P(k, P.POSITIONAL_OR_KEYWORD) for k, _ in self.required]
        keywords = (["scale", "bias"] if self.scale_bias else []) + [k for k, _ in self.optional]
        keywords += ["axis"] if self.per_axis else []
        self.signature = _inspect.Signature(params + [P(k, P.KEYWORD_ONLY, default=None) for k in keywords] + [
            P("path", P.KEYWORD_ONLY, default="golden"), P("threads", P.KEYWORD_ONLY, default=1),
            P("feature_level", P.KEYWORD_ONLY, default=None),
            P("out", P.KEYWORD_ONLY, default=None), P("dtype", P.KEYWORD_ONLY, default=None)])

    def bind(self, args, kwargs):
        """The call's arguments by name (defaults applied); TypeError as Python raises it."""
        bound = self.signature.bind(*args, **kwargs)
        bound.apply_defaults()
        return bound.arguments

    def attributes_of(self, a):
        """The attribute dict (DirectML's field names) of bound arguments a."""
        d = {f: a[k] for k, f in self.required + self.optional}
        if self.scale_bias and (a["scale"] is not None or a["bias"] is not None):
            d["ScaleBias"] = (a["scale"], a["bias"])
        return d

    def run(self, a, out=None, dtype=None, path="golden", golden_extras=False):
        return _dmlref.run(self.dml_name, self.inputs_of(a), out, dtype, self.attributes_of(a), path,
                           a["feature_level"], golden_extras, a["threads"])

    def inputs_of(self, a):
        """The input tensors of bound arguments a, in slot order (axis= applied)."""
        inputs = [a[p] for p in self.input_params]
        return _per_axis(inputs, [n for n, _ in self.inputs], a["axis"]) if self.per_axis else inputs

    def _keywords(self):
        return ((["scale=None", "bias=None"] if self.scale_bias else []) + [f"{k}=None" for k, _ in self.optional]
                + (["axis=None"] if self.per_axis else []))

    def _attributes_source(self):
        """The expression building the attribute dict from the function's parameters."""
        entries = [f"{f!r}: {k}" for k, f in self.required + self.optional]
        if self.scale_bias:
            entries.append("'ScaleBias': (scale, bias) if scale is not None or bias is not None else None")
        return "{" + ", ".join(entries) + "}"

    def function(self):
        """The operator's function, compiled from its traits (a plain def: binding arguments
        through inspect.Signature would triple the cost of a small call)."""
        positional = [f"{p}=None" if default else p for p, default in zip(self.input_params, self.input_defaults)]
        positional += [k for k, _ in self.required]
        keywords = self._keywords() + ['path="golden"', "threads=1", "feature_level=None", "out=None", "dtype=None"]
        inputs = f"[{', '.join(self.input_params)}]"
        if self.per_axis:
            inputs = f"_per_axis({inputs}, {[n for n, _ in self.inputs]!r}, axis)"
        source = (f"def {self.name}({', '.join(positional)}, *, {', '.join(keywords)}):\n"
                  f"    return _run({self.dml_name!r}, {inputs}, out, dtype, "
                  f"{self._attributes_source()}, path, feature_level, False, threads)\n")
        namespace = {"_run": _dmlref.run, "_per_axis": _per_axis}
        exec(source, namespace)  # noqa: S102  (source built from the registry's names only)
        call = namespace[self.name]
        tensors = ", ".join(f"{p} = {n}{' (optional)' if o else ''}"
                            for p, (n, o) in zip(self.input_params, self.inputs))
        attributes = "".join(f", {k} = {f}" for k, f in self.required + self.optional)
        call.__doc__ = (f"DirectML's {self.dml_name} on numpy arrays: {tensors}{attributes}"
                        f"{', scale/bias = ScaleBias' if self.scale_bias else ''}"
                        f"{'; axis=k: ONNX per-axis parameters, 1-D along x.shape[k]' if self.per_axis else ''}"
                        f"; returns the {self.output} "
                        f"(out= in place{', which may be the InputTensor itself' if self.in_place else ''}). "
                        "See help(dmlref) for the contract.")
        call.__module__ = __name__
        return call


_OPERATORS = {}
for _info in _dmlref.operators():
    _op = _Operator(_info)
    _OPERATORS[_op.name] = _op
    globals()[_op.name] = _op.function()
    __all__.append(_op.name)
del _info, _op

#: The Python names of the operators dmlref computes.
operators = tuple(_OPERATORS)
#: The DirectML names of every element-wise operator of DirectML's schema, in directml.h's
#: order: those of operators, and those this version does not compute yet.
directml_operators = tuple(_dmlref.directml_operators())


def _operator(name):
    key = str(name).lower()
    key = key[len("element_wise_"):] if key.startswith("element_wise_") else key
    if key not in _OPERATORS and key + "_" in _OPERATORS:  # a Python keyword: "if" -> if_
        key += "_"
    if key not in _OPERATORS:
        _dmlref.find_operator(str(name))  # raises: not implemented in this version, or no such operator
    return _OPERATORS[key]


# ---- the DirectML-shaped entry ------------------------------------------------------------------


def execute(op, tensors, *, feature_level=None, path="golden", threads=1, scale=None, bias=None, **attributes):
    """Runs op ("ELEMENT_WISE_POW", "POW" or "pow") with explicit DirectML layouts.

    tensors maps each bound tensor's DirectML name to (buffer, sizes) or (buffer, sizes,
    strides): buffer is a C-contiguous numpy array whose bytes are the tensor's buffer and
    whose dtype is its DataType; sizes and strides are DML_BUFFER_TENSOR_DESC's, in elements
    (strides None: packed). TotalTensorSizeInBytes is DMLCalcBufferTensorSize's minimum, so a
    buffer must hold that many bytes (a multiple of 4). The OutputTensor's buffer is written
    and returned. Every rule is checked first; a broken one raises ValueError. threads= as for
    the operator functions.
    """
    operator = _operator(op)
    named = dict(operator.required + operator.optional)
    for key in attributes:
        if key not in named:
            raise TypeError(f"execute() got an unexpected keyword argument '{key}' "
                            f"({operator.dml_name} has {', '.join(named) or 'no attributes'})")
    d = {named[k]: v for k, v in attributes.items()}
    if scale is not None or bias is not None:
        d["ScaleBias"] = (scale, bias)  # refused, naming the field, where the operator has none
    return _dmlref.execute(operator.dml_name, tensors, feature_level, path, d, threads)


# ---- judging ------------------------------------------------------------------------------------


def _numpy_index(index, ndim):
    """A reported index (DirectML's rank, at least 1) as numpy coordinates of an ndim array."""
    if index is None:
        return None
    index = tuple(index)
    return index[len(index) - ndim:] if ndim else ()


class Mismatch:
    """One mismatched element: index (numpy coordinates), expected and actual as decimals and
    bits, ulps, whether it is a NaN mismatch, a zero of the wrong sign or an infinity against a
    finite value (infinity_mismatch), inputs (DirectML tensor name -> (value, bits)) when the
    comparison knows the operator's inputs, and note: the choice marked unverified in the
    operator's contract that this element's result rests on ("" when none, or unknown)."""

    def __init__(self, d, ndim):
        self.index = _numpy_index(d["index"], ndim)
        self.expected, self.actual = d["expected"], d["actual"]
        self.expected_bits, self.actual_bits = d["expected_bits"], d["actual_bits"]
        self.ulps = d["ulps"]
        self.nan_mismatch, self.zero_sign_mismatch = d["nan_mismatch"], d["zero_sign_mismatch"]
        self.infinity_mismatch = d["infinity_mismatch"]
        self.inputs = None
        self.note = d.get("note", "")

    def __repr__(self):
        return (f"Mismatch(index={self.index}, expected={self.expected} ({self.expected_bits}), "
                f"actual={self.actual} ({self.actual_bits}), ulps={self.ulps})")


def _value_text(v):
    v = _np.asarray(v)
    if v.dtype.kind == "f":
        bits = v.view({2: _np.uint16, 4: _np.uint32, 8: _np.uint64}[v.dtype.itemsize])
        return f"{float(v)!r} (0x{int(bits):0{2 * v.dtype.itemsize}x})"
    return str(int(v))


class Report:
    """A comparison's verdict: passed (also the report's truth value), dtype, tolerance
    ("exact" or ULPs), compared, mismatches, mismatched_share (mismatches / compared),
    skipped (undefined elements), nan_mismatches, zero_sign_mismatches, infinity_mismatches
    (an infinity against a finite value, at any tolerance), max_ulps (the worst distance),
    first and worst (Mismatch or None), histogram ({"0": n, "1": n, "3-4": n, ..., "NaN": n});
    as torch.testing.assert_close reports them, max_abs_diff and max_rel_diff (|actual -
    expected| and that over |expected|, over the compared elements but NaN mismatches; inf
    where an infinity differs, or relative to an expected 0) with max_abs_diff_index and
    max_rel_diff_index (where each first occurs), None when no element differs. str() is
    dmlref-eval's report of a case, word for word."""

    def __init__(self, d, ndim, operator=None):
        self.passed = d["passed"]
        self.dtype, self.tolerance = d["dtype"], d["tolerance"]
        self.compared, self.mismatches, self.skipped = d["compared"], d["mismatches"], d["skipped"]
        self.nan_mismatches, self.zero_sign_mismatches = d["nan_mismatches"], d["zero_sign_mismatches"]
        self.infinity_mismatches = d["infinity_mismatches"]
        self.max_ulps = d["max_ulps"]
        self.mismatched_share = d["mismatched_share"]
        self.max_abs_diff, self.max_rel_diff = d["max_abs_diff"], d["max_rel_diff"]
        self.max_abs_diff_index = _numpy_index(d["max_abs_diff_index"], ndim)
        self.max_rel_diff_index = _numpy_index(d["max_rel_diff_index"], ndim)
        #: what distances count: "ULP" for floats, "integer units" (|difference|) for integers
        self.units = "ULP" if self.dtype.startswith("FLOAT") else "integer units"
        self.first = Mismatch(d["first"], ndim) if d["first"] else None
        self.worst = Mismatch(d["worst"], ndim) if d["worst"] else None
        self.histogram = dict(d["histogram"])
        self.operator = operator
        self._text = d["text"]

    def __bool__(self):
        return self.passed

    @property
    def tolerance_text(self):
        """The tolerance as the report writes it: "exact" or "2 ULP"."""
        return "exact" if self.tolerance == "exact" else f"{self.tolerance} {self.units}"

    def __str__(self):
        return self._text

    def __repr__(self):
        return f"<dmlref.Report {'PASS' if self.passed else 'FAIL'}: {self.mismatches} of {self.compared} mismatched>"


def _tolerance(tolerance, default="exact"):
    t = default if tolerance is None else tolerance
    if isinstance(t, str):
        if t != "exact":
            raise ValueError(f"tolerance: '{t}' is neither 'exact' nor a number of ULPs")
        return "exact", 0
    if isinstance(t, bool) or not isinstance(t, (int, _np.integer)) or t < 0:
        raise ValueError(f"tolerance: {t!r} is neither 'exact' nor a number of ULPs (an integer >= 0)")
    return "ulp", int(t)


def _python_kind(value):
    """The kind of Python value numpy makes an array of ("list", "float", ...), or None for a
    numpy array or scalar (and any other array-like, which brings its own dtype)."""
    return type(value).__name__ if isinstance(value, (list, tuple, bool, int, float, complex)) else None


def _with_python_hint(error, sides):
    """error (a ValueError) with, for a DataType refusal, what numpy made of each Python list
    or scalar among sides ((name, kind, array, the type it should have or None)), and the fix."""
    message = str(error)
    hints = []
    for name, kind, array, like in sides:
        if kind is None or ".DataType:" not in message:
            continue
        like = _np.dtype(like if like is not None else (_np.float32 if array.dtype.kind == "f" else _np.int32))
        scalar = array.ndim == 0
        example = (f"np.{like.name}({array.item()!r})" if scalar else f"np.asarray({name}, dtype=np.{like.name})")
        hints.append(f"{name} is a Python {kind}, which numpy made {array.dtype.name.upper()} ({array.dtype.name}): "
                     f"pass a numpy {'scalar' if scalar else 'array'} of the type you mean, such as {example}")
    return ValueError("; ".join([message] + hints)) if hints else error


def compare(actual, expected, tolerance=None, *, nan="any", zeros="either", floor=0.0, defined=None):
    """Judges actual against expected (same dtype and shape; any strides) with dmlref's
    comparator; the arguments come in numpy's and torch's order (assert_allclose,
    assert_close), and may be given by keyword: compare(actual=..., expected=...). ULPs in the
    output's own type, +0 == -0 unless zeros="same-sign", any NaN matches any NaN unless
    nan="same-bits", integers in integer units; floor= an absolute difference that passes;
    defined= a bool array, False where an element is not compared. tolerance: None or "exact"
    (the default here), or a number of ULPs. A Python list or scalar becomes numpy's int64 or
    float64; where that type is refused, the ValueError says so. Returns a Report."""
    kinds = _python_kind(actual), _python_kind(expected)
    expected, actual = _np.asarray(expected), _np.asarray(actual)
    kind, ulps = _tolerance(tolerance)
    try:
        d = _dmlref.compare(expected, actual, defined, kind, ulps, nan, zeros, float(floor))
    except ValueError as error:  # a Python list or scalar: say what numpy made of it
        raise _with_python_hint(error, [("actual", kinds[0], actual, None if kinds[1] else expected.dtype),
                                        ("expected", kinds[1], expected, None if kinds[0] else actual.dtype)]) from None
    return Report(d, actual.ndim)


def compare_golden(actual, op, *args, tolerance=None, nan="any", zeros="either", floor=0.0, **kwargs):
    """Computes op's golden result for the inputs (the arguments op's own function takes,
    without out=, dtype= and path=; threads= computes it on threads) into actual's dtype, and
    judges actual against it like compare(), skipping the elements the operator leaves
    undefined. tolerance None: the registry's default for this operation (POW FLOAT16: 2 ULP,
    integer POW exact, mixed POW 1, ...). The report names the inputs at the first and worst
    mismatch, and there the choice marked unverified in the operator's contract that the
    element's result rests on, if any ("note: SIGN of NaN is 0 ...")."""
    operator = _operator(op)
    for key in ("out", "dtype", "path"):
        if key in kwargs:
            raise TypeError(f"compare_golden() computes golden into actual's dtype: no {key}=")
    python_kind = _python_kind(actual)
    actual = _np.asarray(actual)
    a = operator.bind(args, kwargs)
    try:
        expected, defined, default = operator.run(a, dtype=actual.dtype, golden_extras=True)
    except ValueError as error:
        if python_kind is None or not str(error).startswith(operator.output + ".DataType:"):
            raise
        try:  # the type golden has for these inputs, for the hint
            like = operator.run(a).dtype
        except (ValueError, TypeError):
            like = None
        raise _with_python_hint(error, [("actual", python_kind, actual, like)]) from None
    if expected.shape != actual.shape:
        raise ValueError(f"actual.Sizes: shape {actual.shape} against the golden result's {expected.shape}")
    kind, ulps = _tolerance(tolerance, default)
    values = operator.inputs_of(a)
    named = [(name, _np.broadcast_to(_np.asarray(value), actual.shape))
             for value, (name, _) in zip(values, operator.inputs) if value is not None]
    dtypes = [None if v is None else _np.asarray(v).dtype for v in values] + [actual.dtype]
    attributes = operator.attributes_of(a)

    def note(index):
        """The [unverified] choice the element at index rests on, or ""."""
        at = [float("nan") if v is None else float(_np.broadcast_to(_np.asarray(v), actual.shape)[index])
              for v in values]
        return _dmlref.unverified_note(operator.dml_name, attributes, dtypes, at)

    d = _dmlref.compare(expected, actual, defined, kind, ulps, nan, zeros, float(floor), named, note)
    report = Report(d, actual.ndim, operator.dml_name)
    for m in (report.first, report.worst):
        if m is None:
            continue
        m.inputs = {name: _value_text(value[m.index]) for name, value in named}
    return report


from . import testing  # noqa: E402,F401  (dmlref.testing without its own import; it uses the names above)
