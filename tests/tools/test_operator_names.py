"""No layer of dmlref knows an operator by name: every layer (validation, dispatch, the case
reader, dmlref-eval, the Python module, the fuzzers) folds over the registry, so an operator
costs only its own files. For every operator `dmlref-eval describe` lists as implemented, its
code spellings -- the C++ type `ops::<type>` and DirectML's enum value `DML_OPERATOR_<NAME>` --
may appear in code only in its own files (include/dmlref/ops/<type>.hpp and the kernel headers
in include/dmlref/simd/ that include it),
the registry's two list files and DirectML's ABI tables. Comments and string literals (usage
examples, help texts) are not code and are not searched.

Outside this check's scope: the per-operator tests, benchmarks and examples (they name the
operator they are about), and api/operators.hpp, whose named functions (dmlref::pow, ...)
are one per operator by design.
"""

import json
import os
import pathlib
import re
import subprocess

ROOT = pathlib.Path(__file__).resolve().parents[2]
EVAL = os.environ.get("DMLREF_EVAL", "dmlref-eval")

# The code that must fold over the registry instead of naming operators.
SCOPE = [
    "include/dmlref/core",
    "include/dmlref/loops",
    "include/dmlref/golden",
    "include/dmlref/io",
    "include/dmlref/oracle",
    "include/dmlref/api",
    "include/dmlref/dml",
    "include/dmlref/ops",
    "include/dmlref/simd",
    "include/dmlref/math",
    "tools/dmlref-eval",
    "python/src",
    "python/dmlref",
    "fuzz",
]
# Files that list every operator, or DirectML's ABI: allowed to name them.
LISTS = {
    "include/dmlref/ops/registry.hpp",
    "include/dmlref/simd/kernels.hpp",
    "include/dmlref/dml/schema.hpp",
    "include/dmlref/dml/directml_types.hpp",
    "include/dmlref/api/operators.hpp",
}
SUFFIXES = {".hpp", ".cpp", ".h", ".py", ".cuh"}


def implemented_operators():
    out = subprocess.run([EVAL, "describe", "--format", "json"], check=True, capture_output=True, text=True).stdout
    described = json.loads(out)
    operators = described["operators"] if isinstance(described, dict) else described
    return [op["name"] for op in operators if op.get("implemented")]


def type_of(name):
    """The C++ type whose header states `dml_type = dml::DML_OPERATOR_<name>`."""
    pattern = re.compile(r"dml_type\s*=\s*dml::DML_OPERATOR_" + name + r"\b")
    for header in sorted((ROOT / "include/dmlref/ops").glob("*.hpp")):
        text = header.read_text()
        if pattern.search(text):
            structs = re.findall(r"^struct (\w+)", text, re.MULTILINE)
            return structs[0], header.stem
    raise AssertionError(f"no header in include/dmlref/ops states dml_type = dml::DML_OPERATOR_{name}")


def code_of(text):
    """text without its comments and string literals."""
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.DOTALL)
    lines = []
    for line in text.splitlines():
        line = re.sub(r'"(?:\\.|[^"\\])*"', '""', line)
        line = re.sub(r"'(?:\\.|[^'\\])*'", "''", line)
        line = re.sub(r"//.*|#.*", "", line) if not line.lstrip().startswith("#include") else ""
        lines.append(line)
    return lines


def test_no_layer_names_an_operator():
    names = implemented_operators()
    assert len(names) >= 8
    files = [p for d in SCOPE for p in sorted((ROOT / d).rglob("*")) if p.suffix in SUFFIXES and p.is_file()]
    found = []
    for name in names:
        type_name, stem = type_of(name)
        contract = f'#include "dmlref/ops/{stem}.hpp"'
        own = {f"include/dmlref/ops/{stem}.hpp"} | {
            p.relative_to(ROOT).as_posix() for p in (ROOT / "include/dmlref/simd").glob("*.hpp") if contract in p.read_text()
        }
        spelling = re.compile(r"\bops::" + type_name + r"\b|\bDML_OPERATOR_" + name + r"\b")
        for path in files:
            relative = path.relative_to(ROOT).as_posix()
            if relative in own or relative in LISTS:
                continue
            for number, line in enumerate(code_of(path.read_text(errors="replace")), 1):
                if spelling.search(line):
                    found.append(f"{relative}:{number}: {name}")
    assert not found, "operators named outside their own files:\n" + "\n".join(found)
