"""Worlds for determinized search: full deals consistent with what one seat knows.

>>> import duidiao
>>> gone = duidiao.Cards.deck() - duidiao.Cards("AH,KH,QH,JH,7D,7D,6D,6D,4D,4D,3D,3D")
>>> pos = duidiao.Position(
...     "chifeng level=2 trump=S declarer=S levels=NS:2,EW:2 S=AH E=?1 N=?1 W=?1 "
...     f"kitty=7D,7D,6D,6D,4D,4D,3D,3D gone={gone} points=100 turn=S")
>>> [str(w.hands["E"]) for w in duidiao.sample_worlds(pos, 4, seed=7)]
['JH', 'QH', 'QH', 'QH']

Each world places every hidden card of the position, seen from one seat (the seat to move by
default): in the hands that may still hold it (a seat void in a suit gets none of it, rules
§5.3) and in the kitty when it is unknown, so that every throw of the tricks stood or failed as
it did (§5.2). The draw is uniform over the deals of the 108 physical cards consistent with that
knowledge: two copies of a face are two cards, so a deal that splits a pair between two hands
is twice as likely as one that gives both copies to one hand (docs/sampler.md).
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from duidiao.play.builds import engine_module
from duidiao.play.cards import SEATS, Cards
from duidiao.play.errors import HiddenCardsError
from duidiao.play.position import Position

__all__ = ["sample_worlds"]


def _seat_of(position: Position, seat: str | None) -> int:
    if seat is None:
        if position.turn is None:
            raise ValueError("the hand is over: say whose view to sample with seat=")
        return SEATS.index(position.turn)
    if not isinstance(seat, str) or seat not in SEATS or len(seat) != 1:
        raise ValueError(f"seat: expected one of 'S', 'E', 'N', 'W', not {seat!r:.40}")
    return SEATS.index(seat)


MAX_WORLDS = 1_000_000
"""The most worlds one call draws (each is a whole Position; draw more in several calls)."""


def sample_worlds(
    position: Position | str, n: int, seed: int | None = None, *, seat: str | None = None
) -> list[Position]:
    """``n`` full-information positions drawn uniformly from the deals consistent with what
    ``seat`` (default: the seat to move) knows of ``position``: its own hand, the other hands'
    known cards and hidden counts, the kitty (or ``?8``), every card played, the voids (rules
    §5.3) and the throws that stood or failed (§5.2).

    Every hidden card is placed and the kitty is known in the worlds; everything else (tricks,
    points, voids) is the position's. ``seed`` makes the draw repeatable. Raises
    :class:`HiddenCardsError` when ``seat``'s own hand is not fully known, ``ValueError`` when no
    deal is consistent with the position. ``position`` may be a position string; ``n`` is at
    most :data:`MAX_WORLDS`.
    """
    if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= MAX_WORLDS:
        raise ValueError(f"n: expected a number of worlds from 0 to {MAX_WORLDS}, not {n!r:.40}")
    if not isinstance(position, Position):  # a position string, as analyse() takes
        position = Position(position)
    me = _seat_of(position, seat)
    hand = position._hand
    hidden = int(hand.unknown(me))
    if hidden:
        raise HiddenCardsError(
            f"worlds are drawn from one seat's view, and {SEATS[me]}'s hand has {hidden} "
            "unknown cards"
        )
    if seed is None:
        seed = random.SystemRandom().getrandbits(64)
    rng = random.Random(seed)
    core = engine_module(position.rules)
    sampler = core.WorldSampler(hand, me)  # CoreError (a ValueError) when no deal fits

    worlds: list[Any] = sampler.sample_hands(n, rng.getrandbits(64)) if n else []

    st = position._static
    out = []
    for world in worlds:
        kitty = st.kitty if st.kitty is not None else Cards.from_masks(*world.kitty)
        out.append(Position._make(dataclasses.replace(st, kitty=kitty), world))
    return out
