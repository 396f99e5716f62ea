"""Shared fixtures for the benchmarks: the modules under test.

Every benchmark is also a test: it asserts what it computed. While a module it needs is not
built or written yet, the benchmark is skipped; under CI (``CI`` set in the environment) a
missing module is an error instead, so a broken build cannot hide behind skips.
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType

import pytest


def _need(name: str) -> ModuleType:
    if os.environ.get("CI"):
        return importlib.import_module(name)
    return pytest.importorskip(name)


@pytest.fixture(scope="session")
def core() -> ModuleType:
    """The C++ extension ``duidiao._core``."""
    return _need("duidiao._core")


@pytest.fixture(scope="session")
def reference() -> ModuleType:
    """The pure-Python reference rules ``duidiao.reference``."""
    return _need("duidiao.reference")
