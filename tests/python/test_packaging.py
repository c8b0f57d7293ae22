"""The package as tools see it: a type stub generated from the registry, py.typed, and
metadata that importlib.metadata reads, in the build tree and after `cmake --install`."""
import ast
import importlib.metadata
import inspect
import os
import pathlib
import shutil
import subprocess
import sys

import pytest

import dmlref

PACKAGE = pathlib.Path(dmlref.__file__).parent


def stub_functions():
    tree = ast.parse((PACKAGE / "__init__.pyi").read_text())
    return tree, {node.name: node for node in tree.body if isinstance(node, ast.FunctionDef)}


def test_the_stub_types_every_operator_function_as_it_is():
    assert (PACKAGE / "py.typed").exists()
    tree, functions = stub_functions()
    defined = set(functions) | {n.name for n in tree.body if isinstance(n, ast.ClassDef)} | {
        n.target.id for n in tree.body if isinstance(n, ast.AnnAssign)}
    assert set(dmlref.__all__) <= defined
    for name in dmlref.operators:
        stub = functions[name].args
        params = inspect.signature(getattr(dmlref, name)).parameters.values()
        assert [a.arg for a in stub.args] == [p.name for p in params if p.kind is p.POSITIONAL_OR_KEYWORD], name
        assert [a.arg for a in stub.kwonlyargs] == [p.name for p in params if p.kind is p.KEYWORD_ONLY], name
        assert all(a.annotation is not None for a in stub.args + stub.kwonlyargs)
        assert ast.unparse(functions[name].returns) == "np.ndarray"
    assert [a.arg for a in functions["compare"].args.args[:2]] == ["actual", "expected"]


def test_metadata_gives_the_version_in_the_build_tree():
    assert importlib.metadata.version("dmlref") == dmlref.__version__


def test_metadata_stub_and_py_typed_are_installed(tmp_path):
    build = PACKAGE.parents[1]
    cmake = shutil.which("cmake")
    if cmake is None or not (build / "CMakeCache.txt").exists():
        pytest.skip("no CMake build tree around the module")
    subprocess.run([cmake, "--install", str(build), "--prefix", str(tmp_path), "--component", "python"],
                   check=True, capture_output=True)
    site = tmp_path / "lib" / "python3" / "dist-packages"
    for name in ("__init__.py", "__init__.pyi", "py.typed", "testing.py"):
        assert (site / "dmlref" / name).exists(), name
    probe = "import importlib.metadata, dmlref; print(importlib.metadata.version('dmlref'), dmlref.__version__, dmlref.__file__)"
    env = {**os.environ, "PYTHONPATH": str(site)}
    out = subprocess.run([sys.executable, "-c", probe], env=env, check=True, capture_output=True, text=True).stdout.split()
    assert out[0] == out[1] == dmlref.__version__ and out[2].startswith(str(site))


def test_fast_kernels_name_the_variant_and_follow_the_cap():
    # The module names the fast kernels it runs; DMLREF_ISA=baseline caps any build to its own.
    assert dmlref.FAST_KERNELS in ("baseline", "avx2", "avx512", "avx512fp16")
    env = dict(os.environ, DMLREF_ISA="baseline")
    code = "import dmlref, numpy as np; print(dmlref.FAST_KERNELS, dmlref.sqrt(np.float32([4]), path='fast')[0])"
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True).stdout
    assert out.split() == ["baseline", "2.0"]
