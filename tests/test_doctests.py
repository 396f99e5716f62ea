"""The examples (>>> lines) in the package's docstrings run as tests."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from pathlib import Path

import pytest

import duidiao

MODULES = sorted(
    info.name
    for info in pkgutil.walk_packages(duidiao.__path__, "duidiao.")
    if not info.name.endswith("__main__")
)


# Modules of an extra need its packages: skipped where the extra is not installed.
EXTRAS = {
    "duidiao.research.env.pettingzoo": "pettingzoo",
    "duidiao.research.env.climbing": "pettingzoo",
    "duidiao.research.env.openspiel": "pyspiel",
}


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    if name in EXTRAS:
        pytest.importorskip(EXTRAS[name])
    module = importlib.import_module(name)
    failures, _ = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failures == 0


DOCS = Path(__file__).resolve().parents[1]
PAGES = [DOCS / "README.md", DOCS / "README.zh-CN.md", *sorted((DOCS / "docs").glob("*.md"))]


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_page_examples(page: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # From an empty directory: an example must not depend on where it is run from.
    monkeypatch.chdir(tmp_path)
    failures, _ = doctest.testfile(str(page), module_relative=False, encoding="utf-8")
    assert failures == 0
