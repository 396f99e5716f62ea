"""What the bidding of a hand decides (rules §6, §10.6): the declarations a seat may make,
the declarations made, a grab of the kitty (抢) and 潇洒 — records of a game's decisions, read in
:attr:`duidiao.Game.history` and an :class:`~duidiao.play.observation.Observation`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from duidiao import _core
from duidiao.play.cards import SEATS, TRUMP_LETTERS, Card, Cards
from duidiao.play.level import Level, LevelLike
from duidiao.play.rules import DECLARE_KINDS

__all__ = ["DeclareOption", "Declaration", "Grab", "Xiaosa"]


# -- small public records -----------------------------------------------------------------


class DeclareOption(NamedTuple):
    """A declaration open to the seat to act: ``suit`` letter and ``kind``
    (``"single"`` 亮主, ``"lock"`` 封主, ``"override"`` 正主)."""

    suit: str
    kind: str


@dataclass(frozen=True)
class Declaration:
    """A declaration made: ``seat``, ``suit``, ``kind`` and the number of cards ``drawn``
    (0..100) when it was made."""

    seat: str
    suit: str
    kind: str
    drawn: int

    def cards(self, level: LevelLike) -> Cards:
        """The cards it showed, the hand's level being ``level`` (a level card, a pair of
        them, or a joker pair; rules §6.2, §10.6)."""
        raw = _core.declaration_cards(
            TRUMP_LETTERS.index(self.suit), DECLARE_KINDS.index(self.kind) + 1, Level(level).rank
        )
        return Cards.from_masks(*raw)


def _declaration_numbers(d: Declaration) -> tuple[int, int, int, int]:
    """A declaration as the core numbers it: (seat, suit, kind, drawn)."""
    return (SEATS.index(d.seat), TRUMP_LETTERS.index(d.suit), DECLARE_KINDS.index(d.kind) + 1,
            d.drawn)


@dataclass(frozen=True)
class Grab:
    """抢牌: ``seat`` took the buried level card ``taken`` and put ``put`` in its place."""

    seat: str
    taken: Card
    put: Card


@dataclass(frozen=True)
class Xiaosa:
    """潇洒: ``seat`` put ``jokers`` into the kitty and took ``taken`` back."""

    seat: str
    jokers: Cards
    taken: Cards

