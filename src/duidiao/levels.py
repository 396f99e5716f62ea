"""The bots' named strength levels (docs/players.md), read from the core's one table of them
(``LEVELS`` in src/search/pimc_player.cpp), so that Python never restates a level's settings.

>>> from duidiao.levels import level_settings
>>> level_settings("expert")["worlds"]
'256'
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from types import MappingProxyType

__all__ = ["PIMC_LEVELS", "level_settings"]

PIMC_LEVELS = ("normal", "hard", "expert")
"""The levels that are the ``pimc`` bot with settings of their own (``easy`` is ``heuristic``)."""


@cache
def level_settings(level: str) -> Mapping[str, str]:
    """A pimc level's own settings, key to value as in a bot name (``"worlds": "128"``)."""
    from . import _core

    for name, settings in _core.pimc_levels():
        if name == level:
            return MappingProxyType(dict(item.split("=", 1) for item in settings.split(",")))
    raise ValueError(f"unknown level {level!r:.40} (expected {', '.join(PIMC_LEVELS)})")
