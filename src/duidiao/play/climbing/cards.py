"""Cards of the climbing games (rules §12.2, §13.2): card lists read and written by rank.

A climbing hand is a count per rank: suits never matter in play (rules §12.2). Values follow
rules §12.2: ``3`` → 1 … ``A`` → 12, ``2`` → 13, ``SJ`` → 14, ``BJ`` → 15. In 保皇 the copies of
the called face are counted apart (written with their suit, ``9C``), inside their rank's count.
"""

from __future__ import annotations

from dataclasses import dataclass

from duidiao.play.cards import _SYMBOLS  # the suit symbols the trick games read
from duidiao.play.errors import NotationError

__all__ = ["NAMES", "VALUES", "TWO", "SJ", "BJ", "DECK", "Pile", "parse_pile", "format_pile",
           "Face"]

NAMES = ("?", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A", "2", "SJ", "BJ")
VALUES = {name: value for value, name in enumerate(NAMES) if value}
TWO, SJ, BJ = 13, 14, 15
SUITS = "HDSC"
RANK_HELP = "ranks are 3-9, T, J, Q, K, A, 2, SJ, BJ"


@dataclass(frozen=True)
class Face:
    """保皇's called face (rules §13.3): a value and a suit letter (``" "`` for a joker)."""

    value: int
    suit: str

    def __str__(self) -> str:
        return NAMES[self.value] + self.suit.strip()


@dataclass(frozen=True)
class Pile:
    """Cards by value (``counts[v]``, index 0 unused), ``called`` of them of the called face,
    and ``hidden`` cards nobody named (``?N``)."""

    counts: tuple[int, ...] = (0,) * 16
    called: int = 0
    hidden: int = 0

    @property
    def size(self) -> int:
        return sum(self.counts) + self.hidden

    @property
    def known(self) -> bool:
        return self.hidden == 0

    def __add__(self, other: Pile) -> Pile:
        return Pile(
            tuple(a + b for a, b in zip(self.counts, other.counts)),
            self.called + other.called,
            self.hidden + other.hidden,
        )

    def __sub__(self, other: Pile) -> Pile:
        return Pile(
            tuple(a - b for a, b in zip(self.counts, other.counts)),
            self.called - other.called,
            self.hidden - other.hidden,
        )


DECK = 216
"""The cards of a climbing game (rules §12.2, §13.2): four packs."""


def _count(text: str, field: str, token: str, what: str) -> int:
    """A count written in ASCII digits, from 1 (``*n``) or 0 (``?N``) to the deck's 216."""
    least = 0 if what == "hidden" else 1
    if not (text.isascii() and text.isdigit()) or not least <= int(text) <= DECK:
        if what == "hidden":
            raise NotationError(f"{field}: {token!r}: hidden cards are written ?N, N from 0 "
                                f"to {DECK}")
        raise NotationError(
            f"{field}: {token!r}: a count after * must be a whole number from 1 to {DECK}"
        )
    return int(text)


def parse_pile(text: str, field: str, call: Face | None = None, hidden_allowed: bool = True
               ) -> Pile:
    """Reads a card list (``BJ,SJ,2*2,A*2,9C*3``, ``-`` for none, ``?N`` for hidden cards);
    suit letters are ignored except on the called face's cards. As in the trick games, card
    names are read in any case, ``10`` for ``T`` and the suit symbols for the letters."""
    counts = [0] * 16
    called = hidden = 0
    if text == "-":
        return Pile()
    if not text:
        raise NotationError(f"{field}: no cards (write - for an empty hand)")
    for token in text.split(","):
        body, star, times = token.partition("*")
        n = _count(times, field, token, "copies") if star else 1
        if body.startswith("?"):
            if star:
                raise NotationError(f"{field}: {token!r}: hidden cards are written ?N")
            if not hidden_allowed:
                raise NotationError(f"{field}: {token!r}: hidden cards (?N) stand only in a hand")
            hidden += _count(body[1:], field, token, "hidden")
            continue
        name = "".join(_SYMBOLS.get(ch, ch) for ch in body)
        name = name.upper() if name.isascii() else name
        suit = ""
        if name not in VALUES and len(name) >= 2 and name[-1] in SUITS:
            name, suit = name[:-1], name[-1]
        if name == "10":
            name = "T"
        if name not in VALUES:
            raise NotationError(
                f"{field}: {token!r} is not a card ({RANK_HELP}, a suit letter H D S C may follow)"
            )
        value = VALUES[name]
        counts[value] += n
        # A called joker face has no suit: every copy of it is the called face.
        if call is not None and value == call.value and (value >= SJ or suit == call.suit):
            called += n
    return Pile(tuple(counts), called, hidden)


def format_pile(pile: Pile, call: Face | None = None) -> str:
    """The canonical card list (docs/notation.md "The climbing games")."""
    parts: list[str] = []

    def put(name: str, n: int) -> None:
        if n > 0:
            parts.append(name if n == 1 else f"{name}*{n}")

    for value in range(BJ, 0, -1):
        n = pile.counts[value]
        if call is not None and value == call.value and pile.called:
            put(NAMES[value] + call.suit.strip(), pile.called)
            n -= pile.called
        put(NAMES[value], n)
    if pile.hidden:
        parts.append(f"?{pile.hidden}")
    return ",".join(parts) if parts else "-"
