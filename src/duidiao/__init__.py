"""duidiao: an engine for Chifeng Duidiao (赤峰对调), a Shengji / Tractor card game.

>>> import duidiao
>>> duidiao.Cards("AH,ah,10D")
Cards('AH,AH,TD')
"""

from __future__ import annotations

from .cards import Card, Cards
from .errors import HiddenCardsError, IllegalMoveError, NotationError
from .position import Move, Position, Trick
from .result import HandResult
from .rules import PRESETS, Rules

__version__ = "0.1.0"

__all__ = [
    "Card",
    "Cards",
    "HandResult",
    "HiddenCardsError",
    "IllegalMoveError",
    "Move",
    "NotationError",
    "PRESETS",
    "Position",
    "Rules",
    "Trick",
    "__version__",
]
