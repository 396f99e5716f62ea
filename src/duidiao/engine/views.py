"""Each seat's view of a position, and the exposed cards a frontend carries from reply to
request.

A seat sees its own hand, the cards every player knows another seat holds (``exposed``: shown
while declaring, grabbed, taken in 潇洒) and the rest of each other hand as ``?N``; the kitty,
tricks, points and voids are public (``Position.view``). A position string cannot say which
known cards are exposed, so the frontend keeps ``exposed`` from ``deal`` and hands it back with
each ``play``, whose reply gives it updated.
"""

from __future__ import annotations

from collections.abc import Mapping

from duidiao import Cards, Position
from duidiao.play.seats import TRICK_SEATS

__all__ = ["seat_views", "still_held", "exposed_text"]


def still_held(exposed: Cards, held: Cards) -> Cards:
    """The copies of ``exposed`` that ``held`` still has (exposed cards leave when played)."""
    return exposed & held


def seat_views(position: Position, exposed: Mapping[str, Cards] | None = None) -> dict[str, str]:
    """Every seat's view as a position string."""
    return {seat: str(position.view(seat, exposed)) for seat in TRICK_SEATS.letters}


def exposed_text(position: Position, exposed: Mapping[str, Cards]) -> dict[str, str]:
    """Every seat's exposed cards still held, as card lists in the position's order."""
    out = {}
    for seat in TRICK_SEATS.letters:
        shown = still_held(exposed.get(seat, Cards()), position.hands[seat])
        out[seat] = position.format_cards(shown) if shown else "-"
    return out
