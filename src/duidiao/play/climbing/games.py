"""A whole climbing hand by preset: the one place that knows which game class plays a preset.

>>> from duidiao.play.climbing.games import deal, seats_of
>>> game = deal("baohuang-basic", seed=3)
>>> type(game).__name__, seats_of("gouji")
('BaohuangGame', 'ABCDEF')
"""

from __future__ import annotations

from typing import Union

from duidiao.play.climbing.baohuang_game import BaohuangGame
from duidiao.play.climbing.gouji_game import GoujiGame
from duidiao.play.climbing.options import GAMES, game_of

__all__ = ["ClimbingGame", "GAME_TYPES", "game_type", "game_name", "seats_of", "deal", "PRESETS"]

ClimbingGame = Union[GoujiGame, BaohuangGame]
GAME_TYPES: dict[str, type[GoujiGame] | type[BaohuangGame]] = {
    "gouji": GoujiGame,
    "baohuang": BaohuangGame,
}
PRESETS = tuple(p for info in GAMES.values() for p in info.presets)
"""Every climbing preset, 够级's first."""


def game_type(preset: str) -> type[GoujiGame] | type[BaohuangGame]:
    """The class that plays ``preset``; ValueError naming it when it is no climbing preset."""
    info = game_of(preset)
    if info is None:
        raise ValueError(f"preset: {preset!r} is not a climbing preset ({', '.join(PRESETS)})")
    return GAME_TYPES[info.name]


def game_name(game: ClimbingGame) -> str:
    """``"gouji"`` or ``"baohuang"``."""
    return "gouji" if isinstance(game, GoujiGame) else "baohuang"


def seats_of(preset_or_game: str) -> str:
    """The seat letters of a preset's or a game's table, in playing order."""
    info = GAMES.get(preset_or_game) or game_of(preset_or_game)
    if info is None:
        raise ValueError(f"preset: {preset_or_game!r} is not a climbing preset "
                         f"({', '.join(PRESETS)})")
    return info.seats


def deal(preset: str, seed: int | str | None = None,
         first_drawer: str | None = None) -> ClimbingGame:
    """A new hand of ``preset`` dealt from ``seed``, before its first decision."""
    return game_type(preset).deal(preset, seed=seed, first_drawer=first_drawer)
