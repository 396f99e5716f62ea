"""The one door to the engine's builds (docs/internals.md): the core is compiled once per number
of copies of a card it plays, ``duidiao._core`` (up to two: one- and two-deck games) and
``duidiao._core3`` (three decks). Every core object that depends on the rules (a ``Rules``, a
``Hand``, a ``Game``, an ``Observation``, a bot, a solver, a search) is built by the build that
:func:`engine_module` picks: the two builds' types are distinct, so an object of one cannot be
handed to the other.

>>> from duidiao import Rules
>>> from duidiao.play.builds import engine_module
>>> [engine_module(Rules.preset(name)).__name__ for name in ("chifeng", "three-deck")]
['duidiao._core', 'duidiao._core3']
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import TYPE_CHECKING

from duidiao import _core

if TYPE_CHECKING:
    from duidiao.play.rules import Rules

__all__ = ["engine_module"]


def engine_module(rules: Rules) -> ModuleType:
    """The build of the core that plays ``rules``: ``duidiao._core3`` when they have three
    decks, ``duidiao._core`` otherwise. Both have the API of ``_core.pyi``."""
    if rules.decks == 3:
        # Loaded on the first three-deck rules only: the one- and two-deck games never pay
        # for the second extension.
        return importlib.import_module("duidiao._core3")
    return _core
