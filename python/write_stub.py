"""Writes dmlref/__init__.pyi, the type stub of the package dmlref, from the built module.

Usage: write_stub.py PYTHON_DIR   (the folder holding the package dmlref; the build runs it)

The operator functions are generated from the registry when dmlref is imported, so their stub
is generated the same way: one `def` per entry of dmlref.operators, its parameters those of
the function's own signature (inspect.signature), annotated by what each one takes (input
tensors: array-likes; attributes: by their DirectML field type). The rest of the API is typed
below by hand. Nothing here names an operator.
"""
import inspect
import os
import sys

COMMON = '''# The type stub of dmlref, written by python/write_stub.py from the registry at build time.
from typing import Any, Dict, Mapping, Optional, Sequence, Tuple, Union

import numpy as np
from numpy.typing import ArrayLike, DTypeLike

from . import testing as testing

__version__: str
MAX_THREADS: int
MIN_ELEMENTS_PER_THREAD: int
FAST_KERNELS: str
operators: Tuple[str, ...]
directml_operators: Tuple[str, ...]

_FeatureLevel = Union[None, str, int]
_Tensor = Union[Tuple[np.ndarray, Sequence[int]], Tuple[np.ndarray, Sequence[int], Optional[Sequence[int]]]]

class Mismatch:
    index: Tuple[int, ...]
    expected: str
    actual: str
    expected_bits: str
    actual_bits: str
    ulps: int
    nan_mismatch: bool
    zero_sign_mismatch: bool
    infinity_mismatch: bool
    inputs: Optional[Dict[str, str]]

class Report:
    passed: bool
    dtype: str
    tolerance: Union[str, int]
    compared: int
    mismatches: int
    mismatched_share: float
    skipped: int
    nan_mismatches: int
    zero_sign_mismatches: int
    infinity_mismatches: int
    max_ulps: int
    units: str
    first: Optional[Mismatch]
    worst: Optional[Mismatch]
    histogram: Dict[str, int]
    max_abs_diff: Optional[float]
    max_abs_diff_index: Optional[Tuple[int, ...]]
    max_rel_diff: Optional[float]
    max_rel_diff_index: Optional[Tuple[int, ...]]
    operator: Optional[str]
    @property
    def tolerance_text(self) -> str: ...
    def __bool__(self) -> bool: ...

def execute(op: str, tensors: Mapping[str, _Tensor], *, feature_level: _FeatureLevel = ..., path: str = ...,
            threads: int = ..., scale: Optional[float] = ..., bias: Optional[float] = ..., **attributes: Any) -> np.ndarray: ...
def compare(actual: ArrayLike, expected: ArrayLike, tolerance: Union[None, str, int] = ..., *, nan: str = ...,
            zeros: str = ..., floor: float = ..., defined: Optional[ArrayLike] = ...) -> Report: ...
def compare_golden(actual: ArrayLike, op: str, *args: Any, tolerance: Union[None, str, int] = ..., nan: str = ...,
                   zeros: str = ..., floor: float = ..., **kwargs: Any) -> Report: ...
'''

# What a parameter takes, by the DirectML type of its attribute field.
ATTRIBUTE_TYPES = {"FLOAT": "float", "UINT": "int", "INT": "int", "DML_TENSOR_DATA_TYPE": "str"}
# Every operator function's own keywords (the package's _Operator.function adds them).
KEYWORDS = {"path": "str", "threads": "int", "feature_level": "_FeatureLevel", "out": "Optional[np.ndarray]",
            "dtype": "DTypeLike", "scale": "Optional[float]", "bias": "Optional[float]", "axis": "Optional[int]"}


def operator_stub(dmlref, name):
    op = dmlref._OPERATORS[name]
    attribute_type = {keyword: ATTRIBUTE_TYPES.get(a["type"], "Union[str, int]")
                      for a in op.attributes for keyword in [dmlref._keyword(a["name"])]}
    tensors = dict(zip(op.input_params, (optional for _, optional in op.inputs)))
    parts, keyword_only = [], False
    for p in inspect.signature(getattr(dmlref, name)).parameters.values():
        if p.kind is p.KEYWORD_ONLY and not keyword_only:
            parts.append("*")
            keyword_only = True
        if p.name in tensors:
            annotation = "Optional[ArrayLike]" if tensors[p.name] else "ArrayLike"
        elif p.name in KEYWORDS:
            annotation = KEYWORDS[p.name]
        else:
            annotation = f"Optional[{attribute_type[p.name]}]" if p.default is None else attribute_type[p.name]
        parts.append(f"{p.name}: {annotation}" + ("" if p.default is p.empty else " = ..."))
    return f"def {name}({', '.join(parts)}) -> np.ndarray: ...\n"


def main():
    python_dir = sys.argv[1]
    sys.path.insert(0, python_dir)
    import dmlref
    text = COMMON + "\n# One function per operator of the registry (dmlref.operators).\n"
    text += "".join(operator_stub(dmlref, name) for name in dmlref.operators)
    path = os.path.join(python_dir, "dmlref", "__init__.pyi")
    if not os.path.exists(path) or open(path).read() != text:
        with open(path, "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
