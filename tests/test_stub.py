"""The hand-written stub src/duidiao/_core.pyi against the extension's own signatures.

`python -m mypy.stubtest duidiao._core` (.ci/run) checks that every name is there and that
attributes and properties agree, but it cannot read the signature of a pybind11 function: it
only sees ``(*args, **kwargs)``. pybind11 writes the real one as the first line of each
docstring, so this test compares the stub's parameter names, their order and their defaults
with it.
"""

from __future__ import annotations

import ast
import pathlib
import re
import types
from typing import Any

import pytest

from duidiao import _core

STUB = pathlib.Path(_core.__file__).with_name("_core.pyi")


def split_top_level(text: str) -> list[str]:
    """``text`` split at the commas outside brackets and quotes."""
    parts: list[str] = []
    depth = 0
    quote = ""
    start = 0
    for i, ch in enumerate(text):
        if quote:
            if ch == quote:
                quote = ""
        elif ch in "'\"":
            quote = ch
        elif ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append(text[start:i].strip())
            start = i + 1
    if text[start:].strip():
        parts.append(text[start:].strip())
    return parts


def runtime_signatures(obj: Any, name: str) -> list[list[tuple[str, str | None]]]:
    """Each signature pybind11 wrote for ``obj``: (parameter, default text or None), self
    left out."""
    doc = obj.__doc__ or ""
    signatures = []
    for line in doc.splitlines():
        m = re.match(r"^(?:\d+\. )?" + re.escape(name) + r"\((.*)\) -> ", line)
        if not m:
            continue
        params = []
        for part in split_top_level(m.group(1)):
            head, _, default = part.partition(" = ")
            param = head.split(":")[0].strip()
            if param not in ("self", "/"):  # "/": pybind11 marks positional-only dunders
                params.append((param, default.strip() or None))
        signatures.append(params)
    return signatures


def stub_params(fn: ast.FunctionDef) -> list[tuple[str, str | None]]:
    """The stub's parameters, self left out: (name, default as source or None)."""
    args = fn.args.posonlyargs + fn.args.args
    defaults: list[ast.expr | None] = [None] * (len(args) - len(fn.args.defaults))
    defaults += fn.args.defaults
    out = []
    for arg, default in zip(args, defaults):
        if arg.arg != "self":
            out.append((arg.arg, None if default is None else ast.unparse(default)))
    return out


def is_property(fn: ast.FunctionDef) -> bool:
    return any(isinstance(d, ast.Name) and d.id == "property" for d in fn.decorator_list)


def is_overload(fn: ast.FunctionDef) -> bool:
    return any(isinstance(d, ast.Name) and d.id == "overload" for d in fn.decorator_list)


def stub_functions() -> list[tuple[str, Any, ast.FunctionDef]]:
    """(qualified name, runtime object, stub definition) of every function and method in the
    stub that pybind11 made (not the properties, the exceptions or the stub-only names)."""
    tree = ast.parse(STUB.read_text(encoding="utf-8"))
    found = []
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            found.append((node.name, getattr(_core, node.name), node))
        elif isinstance(node, ast.ClassDef) and not node.name.startswith("_"):
            cls = getattr(_core, node.name)
            if issubclass(cls, BaseException):
                continue
            for item in node.body:
                if isinstance(item, ast.FunctionDef) and not is_property(item):
                    runtime = cls.__dict__.get(item.name)
                    if runtime is None or isinstance(runtime, types.WrapperDescriptorType):
                        continue  # no constructor: object's slot (HandResult.__init__)
                    runtime = getattr(cls, item.name)  # a staticmethod's function
                    found.append((f"{node.name}.{item.name}", runtime, item))
    return found


def same_names(stub: list[str], runtime: list[str]) -> bool:
    """Whether the names agree; pybind11 calls an argument it was given no name for argN
    (``__eq__``'s), which any name in the stub matches."""
    return len(stub) == len(runtime) and all(
        s == r or re.fullmatch(r"arg\d+", r) for s, r in zip(stub, runtime))


def runtime_default(text: str | None) -> object:
    """A default as pybind11 printed it, as a value where it is a literal."""
    if text is None:
        return None
    try:
        return ast.literal_eval(text)
    except (ValueError, SyntaxError):
        return text


FUNCTIONS = stub_functions()


@pytest.mark.parametrize("qualname, runtime, stub", FUNCTIONS, ids=[f[0] for f in FUNCTIONS])
def test_stub_signature_matches_the_extension(qualname: str, runtime: Any, stub: ast.FunctionDef):
    signatures = runtime_signatures(runtime, stub.name)
    assert signatures, f"{qualname}: no signature in its docstring"
    params = stub_params(stub)
    names = [p for p, _ in params]
    matching = [s for s in signatures if same_names(names, [p for p, _ in s])]
    assert matching, f"{qualname}: the stub has {names}, the extension {signatures}"
    if is_overload(stub):
        return  # the overloads of one function differ only in their types
    signature = matching[0]
    for (param, stub_default), (_, default) in zip(params, signature):
        assert (stub_default is None) == (default is None), (
            f"{qualname}: {param} has default {default!r} in the extension, "
            f"{stub_default!r} in the stub")
        if stub_default not in (None, "..."):
            assert ast.literal_eval(stub_default) == runtime_default(default), (
                f"{qualname}: {param} defaults to {default} in the extension, "
                f"{stub_default} in the stub")


def test_the_comparison_reaches_the_newer_entry_points():
    # Entry points added after the stub was first written, so that the stub keeps up with them.
    names = {name for name, _, _ in FUNCTIONS}
    for name in ("Observation.__init__", "Bot.stop", "declaration_options", "xiaosa_takeable",
                 "observe_play", "Solver.solve", "PimcSearch.analyse", "generate_legal_moves",
                 "Hand.legal_moves_array"):
        assert name in names


def test_split_top_level():
    assert split_top_level("a: tuple[int, int], b: str = 'x, y', c: int = 0") == [
        "a: tuple[int, int]", "b: str = 'x, y'", "c: int = 0"]


def _api(module: types.ModuleType) -> dict[str, str]:
    """Every public name of a build with its signature text (pybind11's docstring lines, the
    module's own name taken out) or, for a constant, its type."""
    out: dict[str, str] = {}
    for name in dir(module):
        if name.startswith("__"):
            continue
        obj = getattr(module, name)
        members = [obj] + [getattr(obj, m) for m in dir(obj) if not m.startswith("__")] \
            if isinstance(obj, type) else [obj]
        for i, member in enumerate(members):
            doc = (getattr(member, "__doc__", None) or "") if callable(member) \
                else type(member).__name__
            key = name if i == 0 else f"{name}.{i}"
            # (the C++ names of unbound types carry the build's namespace, setup.py)
            doc = doc.replace(module.__name__, "duidiao._core")
            out[key] = doc.replace("duidiao3::", "duidiao::")
    return out


def test_the_three_deck_build_has_the_two_deck_builds_api() -> None:
    """_core3.pyi is _core.pyi (a re-export): it holds while the builds' names and signatures
    agree, which this checks (stubtest cannot see through the re-export)."""
    from duidiao import _core3

    two, three = _api(_core), _api(_core3)
    assert sorted(three) == sorted(two)
    differ = [name for name in two if two[name] != three[name]]
    assert not differ, f"the builds' signatures differ for {differ[:5]}"
    assert _core3.CoreError is _core.CoreError  # one class of refusal for the package
