"""The house rules of the package's code, checked on its source:

- a decision's phases are told apart in one module only, ``duidiao.play.decisions`` (the one way a
  player is asked and a choice applied): anywhere else, a function whose branches compare a
  value with two or more of the phases (``if phase == "bury": … elif phase == "grab": …``,
  ``if phase == "declare": return …`` then ``if phase == "bury": …``, or
  ``phase in ("grab", "xiaosa")``) fails this test.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "duidiao"
PHASES = {"declare", "bury", "grab", "xiaosa", "play"}
PHASE_MEMBERS = {p.upper() for p in PHASES}
MATCH_CASE = getattr(ast, "match_case", ())  # Python 3.9 has no ``match``
THE_ONE_MODULE = PACKAGE / "play" / "decisions.py"


def _phases_named(node: ast.AST) -> set[str]:
    """The phases a comparison names: string constants, ``Phase.X`` members, and the strings
    of a tuple, list or set it tests membership in."""
    found: set[str] = set()
    for sub in ast.walk(node):
        if isinstance(sub, ast.Constant) and isinstance(sub.value, str) and sub.value in PHASES:
            found.add(sub.value)
        elif isinstance(sub, ast.Attribute) and sub.attr in PHASE_MEMBERS and \
                isinstance(sub.value, ast.Name) and sub.value.id == "Phase":
            found.add(sub.attr.lower())
    return found


def _own_nodes(scope: ast.AST) -> list[ast.AST]:
    """The nodes of a function (or module) but those of the functions and classes in it."""
    out: list[ast.AST] = []
    stack = list(ast.iter_child_nodes(scope))
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            continue
        out.append(node)
        stack.extend(ast.iter_child_nodes(node))
    return out


def phase_dispatches(path: Path) -> list[str]:
    """Where a function branches on two or more phases (its ``if`` and ``elif`` tests, and
    ``match`` cases, together): ``file:line (phases)`` for each."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    scopes: list[ast.AST] = [tree] + [n for n in ast.walk(tree) if isinstance(
        n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))]
    out = []
    for scope in scopes:
        named: set[str] = set()
        for node in _own_nodes(scope):
            if isinstance(node, (ast.If, ast.IfExp, ast.While)):
                named |= {p for c in ast.walk(node.test) if isinstance(c, ast.Compare)
                          for p in _phases_named(c)}
            elif MATCH_CASE and isinstance(node, MATCH_CASE):
                named |= _phases_named(node.pattern)
        if len(named) >= 2:
            line = getattr(scope, "lineno", 1)
            name = path.relative_to(PACKAGE.parent) if PACKAGE in path.parents else path.name
            out.append(f"{name}:{line} ({', '.join(sorted(named))})")
    return out


def test_the_check_finds_a_dispatch(tmp_path: Path) -> None:
    """The check can fail: a dispatch written the usual ways is found."""
    sample = tmp_path / "phase_dispatch_sample.py"
    sample.write_text(
        "def f(phase):\n"
        "    if phase == 'bury':\n        return 1\n"
        "    elif phase == 'grab':\n        return 2\n"
        "def g(phase):\n"
        "    return 1 if phase in ('grab', 'xiaosa') else 2\n"
        "def h(phase):\n"
        "    if phase in ('grab', 'xiaosa'):\n        return 3\n",
        encoding="utf-8",
    )
    found = phase_dispatches(sample)
    assert len(found) == 3, found  # f, g (its conditional expression) and h


@pytest.mark.parametrize("path", sorted(p for p in PACKAGE.rglob("*.py")
                                        if p != THE_ONE_MODULE and "reference" not in p.parts),
                         ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_phase_dispatch_outside_the_decisions_module(path: Path) -> None:
    assert phase_dispatches(path) == [], (
        "a decision's phases are told apart in duidiao/play/decisions.py only (its ask, decide, "
        "apply, options): move the branch there, or ask the module"
    )
