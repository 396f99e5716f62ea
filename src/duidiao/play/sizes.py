"""The sizes of a game, named once: the two-deck game's are the core's (src/core/types.h), so
that Python never writes 108, 25 or 8 itself; :func:`sizes_of` gives every number of packs's
(rules §11.1), as the core's ``sizes_of`` does.

>>> from duidiao.play.sizes import DECK_CARDS, HAND_CARDS, KITTY_CARDS, sizes_of
>>> DECK_CARDS, HAND_CARDS, KITTY_CARDS
(108, 25, 8)
>>> sizes_of(3)
Sizes(decks=3, deck_cards=162, kitty_cards=6, dealt_cards=156, hand_cards=39, deck_points=300)
"""

from __future__ import annotations

from typing import NamedTuple

from duidiao import _core

__all__ = [
    "FACES", "COPIES", "DECK_CARDS", "KITTY_CARDS", "DEALT_CARDS", "HAND_CARDS", "Sizes",
    "sizes_of",
]

FACES = 54
"""Card faces: 52 and the two jokers."""
COPIES: int = int(_core.COPIES)
"""Copies of each face in the two-deck pack."""
DECK_CARDS: int = int(_core.DECK_CARDS)
"""The pack."""
KITTY_CARDS: int = int(_core.KITTY_CARDS)
"""The kitty (底牌), and what the declarer buries."""
DEALT_CARDS: int = DECK_CARDS - KITTY_CARDS
"""The cards drawn in turn before the kitty."""
HAND_CARDS: int = int(_core.HAND_CARDS)
"""A seat's hand after the draw."""


class Sizes(NamedTuple):
    """The sizes of a game of ``decks`` packs (rules §11.1's table)."""

    decks: int  # packs shuffled together: the copies of each face
    deck_cards: int  # 54 a pack
    kitty_cards: int  # the kitty, and what is buried
    dealt_cards: int  # drawn in turn
    hand_cards: int  # a seat's after the draw, and the hand's tricks
    deck_points: int  # 5s, 10s and Ks: 100 a pack


def sizes_of(decks: int) -> Sizes:
    """The sizes of a game of 1, 2 or 3 packs: a kitty of 8 with two, else 6, so that the
    cards dealt share out among the four seats (rules §11.1)."""
    if isinstance(decks, bool) or decks not in (1, 2, 3):
        raise ValueError(f"decks: 1, 2 or 3 packs (rules §11.1), not {decks!r:.40}")
    kitty = 8 if decks == 2 else 6
    dealt = FACES * decks - kitty
    return Sizes(decks, FACES * decks, kitty, dealt, dealt // 4, 100 * decks)
