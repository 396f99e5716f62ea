"""The package's folders are its layers (docs/internals.md, "Layers"): a module imports only
from its own layer and those below it. The play API sits on the core, search on play, research
on search; the frontends (wire, then the engine, the server, the command line) on all of them.
The reference implementation imports nothing of the package: it is the core's independent check.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

import duidiao

PACKAGE = Path(duidiao.__file__).parent

# Each folder (or top-level module) of src/duidiao and its rank: a module may import ranks <= its
# own. The facade `duidiao` (its __init__: the public API) ranks above research and below the
# frontends, so that only the frontends may lean on it.
RANKS = {
    "_core": 0,
    "_climb": 0,
    "play": 1,
    "search": 2,
    "research": 3,
    "duidiao": 3.5,
    "wire": 4,
    "engine": 5,
    "botzone": 5,
    "server": 6,
    "cli": 7,
    "__main__": 8,
}
INDEPENDENT = "reference"


def layer_of(module: str) -> str:
    """The layer of a dotted module name of the package (``duidiao.play.cards`` -> ``play``)."""
    parts = module.split(".")
    if parts[-1] == "__main__":  # `python -m ...`: an entry point, above every layer
        return "__main__"
    if len(parts) == 1:
        return "duidiao"
    return parts[1]


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_module(name: str) -> bool:
    base = PACKAGE.parent.joinpath(*name.split("."))
    return base.with_suffix(".py").exists() or (base / "__init__.py").exists()


def imports_of(module: str, source: str, is_package: bool) -> Iterator[tuple[int, str]]:
    """Every module of the package ``source`` imports (anywhere in it), with its line."""
    package = module if is_package else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "duidiao":
                    yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if target.split(".")[0] != "duidiao":
                continue
            for alias in node.names:
                # `from duidiao.search import bots` imports the module duidiao.search.bots;
                # `from duidiao import _core` the extension; `from duidiao import Game` the facade
                full = f"{target}.{alias.name}"
                extension = full in ("duidiao._core", "duidiao._climb")
                yield node.lineno, full if (_is_module(full) or extension) else target


def upward_imports(module: str, source: str, is_package: bool = False) -> list[str]:
    """The imports of ``module`` that reach a layer above its own, as ``line: name`` texts."""
    layer = layer_of(module)
    found = []
    for line, target in imports_of(module, source, is_package):
        other = layer_of(target)
        if layer == INDEPENDENT or other == INDEPENDENT:
            wrong = (layer == INDEPENDENT) != (other == INDEPENDENT)
        else:
            wrong = RANKS[other] > RANKS[layer]
        if wrong:
            found.append(f"{line}: {target}")
    return found


MODULES = sorted(PACKAGE.rglob("*.py"))


def test_every_folder_has_a_layer() -> None:
    layers = {layer_of(module_name(p)) for p in MODULES}
    assert layers <= set(RANKS) | {INDEPENDENT}, layers - set(RANKS)


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_module_imports_upwards(path: Path) -> None:
    module = module_name(path)
    wrong = upward_imports(module, path.read_text(encoding="utf-8"), path.name == "__init__.py")
    assert not wrong, (
        f"{module} ({layer_of(module)}) imports from a layer above it: {wrong} "
        "(docs/internals.md, Layers)"
    )


def test_the_check_sees_an_upward_import() -> None:
    # The test can fail: the play layer reaching for the search layer, relatively or not, the
    # search layer reaching for a frontend, or research for the facade.
    assert upward_imports("duidiao.play.game", "from duidiao.search.players import play_hand")
    assert upward_imports("duidiao.play.game", "from ..search import bots", False)
    assert upward_imports("duidiao.search.bots", "import duidiao.engine.protocol")
    assert upward_imports("duidiao.research.duel", "from duidiao import Game")
    assert upward_imports("duidiao.reference.cards", "from duidiao.play.cards import Cards")
    assert not upward_imports("duidiao.search.bots", "from duidiao.play import cards")
    assert not upward_imports("duidiao.play.game", "from duidiao import _core")
    assert not upward_imports("duidiao.server.app", "from duidiao import Game")
    assert not upward_imports("duidiao.server.__main__", "from duidiao.cli import serve")
