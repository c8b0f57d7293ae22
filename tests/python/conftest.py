"""pytest set-up for the Python module's tests: dmlref must be importable (ctest sets
PYTHONPATH to <build>/python); the repository's root is DMLREF_SOURCE_DIR or two levels up."""
import os
import pathlib

import pytest


@pytest.fixture(scope="session")
def source_dir():
    return pathlib.Path(os.environ.get("DMLREF_SOURCE_DIR", pathlib.Path(__file__).resolve().parents[2]))
