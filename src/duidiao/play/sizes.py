"""The sizes of the two-deck game, named once: the core's (src/core/types.h), so that Python
never writes 108, 25 or 8 itself. The decks issue makes them the rules' (one deck, three).

>>> from duidiao.play.sizes import DECK_CARDS, HAND_CARDS, KITTY_CARDS
>>> DECK_CARDS, HAND_CARDS, KITTY_CARDS
(108, 25, 8)
"""

from __future__ import annotations

from duidiao import _core

__all__ = ["FACES", "COPIES", "DECK_CARDS", "KITTY_CARDS", "DEALT_CARDS", "HAND_CARDS"]

FACES = 54
"""Card faces: 52 and the two jokers."""
COPIES: int = int(_core.COPIES)
"""Copies of each face in the pack."""
DECK_CARDS: int = int(_core.DECK_CARDS)
"""The pack."""
KITTY_CARDS: int = int(_core.KITTY_CARDS)
"""The kitty (底牌), and what the declarer buries."""
DEALT_CARDS: int = DECK_CARDS - KITTY_CARDS
"""The cards drawn in turn before the kitty."""
HAND_CARDS: int = int(_core.HAND_CARDS)
"""A seat's hand after the draw."""
