"""Botzone's Tractor (双升) rules, as its judge applies them (docs/botzone.md).

Botzone's game differs from the ``tractor`` preset (rules §10) in ways that make a move legal
in one and illegal in the other: its tractors never hold level cards (jokers only as SJ SJ BJ
BJ), a throw of pairs and singles may be followed without pairs, a failed throw costs 10
points a card and leaves one card played, and a hand is one deal at a fixed level. This module
is those rules and nothing else, on Botzone's card ids; the test judge
(:mod:`duidiao.botzone.judge`) plays by it, and the bot (:mod:`duidiao.botzone.bot`) checks
every answer against it before sending it.

Card ids: two decks, ``0``–``107``; ``k = id % 54``: 52 the small joker, 53 the big one,
otherwise rank ``k // 4`` over A 2 … K and suit ``k % 4`` over spades, hearts, clubs,
diamonds. ``id`` and ``id + 54`` are the two copies of one card.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from duidiao.play.cards import Card, Cards

__all__ = [
    "IDS",
    "SUIT_LETTERS",
    "RANK_CHARS",
    "TRUMP_LETTERS",
    "face",
    "card",
    "rank_char",
    "suit_letter",
    "points",
    "Trumps",
    "Unit",
    "Shape",
    "result_scores",
    "FOUL_SCORES",
]

IDS = range(108)
"""Botzone's card ids."""

SUIT_LETTERS = "shcd"
"""Botzone's suits by ``k % 4``: spades, hearts, clubs, diamonds."""

RANK_CHARS = "A234567890JQK"
"""Botzone's ranks by ``k // 4`` (``0`` is the ten), also its spelling of a level."""

TRUMP_LETTERS = "shcdn"
"""Botzone's ``major``: a suit letter, or ``n`` for no trump suit."""

_DUIDIAO_SUIT = {"s": "S", "h": "H", "c": "C", "d": "D"}
_DUIDIAO_RANK = "A23456789TJQK"  # RANK_CHARS in duidiao's spelling
_SIDE_ORDER = "234567890JQKA"  # a suit's ranks, weakest first
SMALL, BIG = 52, 53


def face(card_id: int) -> int:
    """The id's face ``k`` (``id % 54``): both copies of a card share it."""
    return card_id % 54


def card(card_id: int) -> Card:
    """The duidiao :class:`~duidiao.play.cards.Card` of a Botzone id."""
    k = face(card_id)
    if k == SMALL:
        return Card("SJ")
    if k == BIG:
        return Card("BJ")
    return Card(_DUIDIAO_RANK[k // 4] + _DUIDIAO_SUIT[SUIT_LETTERS[k % 4]])


def cards(card_ids: Iterable[int]) -> Cards:
    """The duidiao :class:`~duidiao.play.cards.Cards` of some Botzone ids."""
    return Cards([card(i) for i in card_ids])


def rank_char(k: int) -> str | None:
    """A face's rank in Botzone's spelling (``None`` for a joker)."""
    return None if k >= SMALL else RANK_CHARS[k // 4]


def suit_letter(k: int) -> str | None:
    """A face's suit letter (``None`` for a joker)."""
    return None if k >= SMALL else SUIT_LETTERS[k % 4]


def points(card_ids: Iterable[int]) -> int:
    """Points of the cards: 5 for a five, 10 for a ten or a king."""
    total = 0
    for i in card_ids:
        rank = rank_char(face(i))
        total += 5 if rank == "5" else 10 if rank in ("0", "K") else 0
    return total


@dataclass(frozen=True)
class Unit:
    """A part of a play: a single (``pairs == 0``), a pair (1) or a tractor (2 or more pairs).
    ``top`` is the power of its highest card, ``low`` of its lowest."""

    ids: tuple[int, ...]
    pairs: int
    top: int
    low: int

    @property
    def size(self) -> int:
        return len(self.ids)


@dataclass(frozen=True)
class Shape:
    """What a play is: its effective ``suit`` (a suit letter, ``t`` for trumps, ``None`` when
    mixed), its ``kind`` (``single``, ``pair``, ``tractor``, ``throw``, or ``mixed``) and its
    units, biggest first (the longest tractor, then pairs, then singles; higher first among
    equals)."""

    suit: str | None
    kind: str
    units: tuple[Unit, ...]

    @property
    def biggest(self) -> Unit:
        return self.units[0]

    @property
    def pairs(self) -> int:
        return sum(u.pairs for u in self.units)


class Trumps:
    """The card order of one deal: its level (a rank character) and ``major`` (a suit letter
    or ``n``).

    Power, within one effective suit: a side suit's cards 2 … A with the level rank left out
    (0 … 11); in trumps the trump suit's own cards the same way, then the off-suit level cards
    (equal to each other), the trump suit's level card, the small joker, the big joker."""

    def __init__(self, level: str, major: str) -> None:
        if level not in RANK_CHARS:
            raise ValueError(f"level: {level!r} is not a rank ({', '.join(RANK_CHARS)})")
        if major not in TRUMP_LETTERS:
            raise ValueError(f"major: {major!r} is not one of s, h, c, d, n")
        self.level = level
        self.major = major
        self._order = [r for r in _SIDE_ORDER if r != level]

    def is_level(self, k: int) -> bool:
        return rank_char(k) == self.level

    def suit(self, k: int) -> str:
        """The effective suit of a face: ``t`` for a trump, else its suit letter."""
        letter = suit_letter(k)
        if letter is None or rank_char(k) == self.level or letter == self.major:
            return "t"
        return letter

    def power(self, k: int) -> int:
        """Strength inside the face's effective suit (higher wins; equal powers tie)."""
        if k == BIG:
            return 23
        if k == SMALL:
            return 22
        rank = rank_char(k)
        if rank == self.level:
            return 21 if suit_letter(k) == self.major else 20
        assert rank is not None
        return self._order.index(rank)

    def _chain(self, k: int) -> int | None:
        """The face's place in the chain tractors climb (None: never in a tractor): suit
        cards by power; the small joker pair links only to the big one."""
        if k >= SMALL:
            return 100 + (k - SMALL)
        if self.is_level(k):
            return None
        return self.power(k)

    # -- units --------------------------------------------------------------------------
    def units(self, card_ids: Sequence[int]) -> tuple[Unit, ...]:
        """A play split the judge's way: tractors made of its pairs (longest runs of adjacent
        pairs), the other pairs, then singles; biggest first."""
        by_face: dict[int, list[int]] = {}
        for i in card_ids:
            by_face.setdefault(face(i), []).append(i)
        pair_faces = sorted((k for k, ids in by_face.items() if len(ids) >= 2),
                            key=lambda k: (self._chain(k) is None, self._chain(k) or 0))
        units: list[Unit] = []
        used: set[int] = set()
        run: list[int] = []

        def close_run() -> None:
            if len(run) >= 2:
                ids = tuple(i for k in run for i in by_face[k][:2])
                units.append(Unit(ids, len(run), self.power(run[-1]), self.power(run[0])))
                used.update(run)
            run.clear()

        for k in pair_faces:
            chain = self._chain(k)
            if chain is None:
                close_run()
                continue
            if run and self._chain(run[-1]) != chain - 1:
                close_run()
            run.append(k)
        close_run()
        singles: list[int] = []
        for k, ids in by_face.items():
            rest = ids
            if k in used:
                rest = ids[2:]
            elif len(ids) >= 2:
                p = self.power(k)
                units.append(Unit(tuple(ids[:2]), 1, p, p))
                rest = ids[2:]
            singles.extend(rest)
        for i in singles:
            p = self.power(face(i))
            units.append(Unit((i,), 0, p, p))
        units.sort(key=lambda u: (-u.pairs, -u.size, -u.top))
        return tuple(units)

    def shape(self, card_ids: Sequence[int]) -> Shape:
        """What the play is (:class:`Shape`)."""
        suits = {self.suit(face(i)) for i in card_ids}
        if len(suits) != 1:
            return Shape(None, "mixed", self.units(card_ids))
        suit = suits.pop()
        units = self.units(card_ids)
        if len(units) == 1:
            unit = units[0]
            kind = "single" if unit.pairs == 0 else "pair" if unit.pairs == 1 else "tractor"
        else:
            kind = "throw"
        return Shape(suit, kind, units)

    def in_suit(self, card_ids: Iterable[int], suit: str) -> list[int]:
        return [i for i in card_ids if self.suit(face(i)) == suit]

    def pair_count(self, card_ids: Iterable[int]) -> int:
        """How many disjoint pairs the cards hold."""
        return sum(n // 2 for n in Counter(face(i) for i in card_ids).values())

    def longest_run(self, card_ids: Iterable[int]) -> int:
        """The most adjacent pairs the cards hold as one tractor (0 or 1 when none)."""
        faces = Counter(face(i) for i in card_ids)
        chains = sorted(c for k, n in faces.items() if n >= 2
                        for c in [self._chain(k)] if c is not None)
        best = 1 if any(n >= 2 for n in faces.values()) else 0
        length = 0
        previous: int | None = None
        for c in chains:
            length = length + 1 if previous is not None and c == previous + 1 else 1
            previous = c
            best = max(best, length)
        return best

    # -- the judge's tests --------------------------------------------------------------
    def lead_error(self, play: Sequence[int]) -> str | None:
        """Why a lead is refused (``None`` if it may be led): it must be one effective suit."""
        if not play:
            return "a play needs cards"
        if self.shape(play).kind == "mixed":
            return "a lead must be all of one suit or all trumps"
        return None

    def follow_error(self, hand: Sequence[int], lead: Sequence[int],
                     play: Sequence[int]) -> str | None:
        """Why ``play`` (from ``hand``, which still holds it) may not follow ``lead``; ``None``
        if it may."""
        if len(play) != len(lead):
            return f"{len(lead)} cards must be played, not {len(play)}"
        shape = self.shape(lead)
        suit = shape.suit
        assert suit is not None
        held = self.in_suit(hand, suit)
        played = self.in_suit(play, suit)
        if shape.kind in ("single", "pair", "tractor") and self._holds_kind(held, shape):
            mine = self.shape(play)
            if mine.suit != suit or mine.kind != shape.kind or (
                    shape.kind == "tractor" and mine.biggest.pairs != shape.biggest.pairs):
                return f"a {shape.kind} of the led suit is held and must be played"
            return None
        if shape.kind in ("pair", "tractor") and self.shape(play).kind == shape.kind:
            # Botzone's judge (checkLegalMove): a follower without the lead's kind in its suit
            # may play that kind in any suit; it asks for the suit's cards only otherwise.
            return None
        if len(played) < min(len(held), len(play)):
            return "the led suit's cards must be played before any other"
        if len(played) == len(play):  # all in the led suit: the pairs the lead asks for
            wanted = 0
            if shape.kind == "tractor":
                wanted = min(self.pair_count(held), shape.biggest.pairs)
            elif shape.kind == "throw" and shape.biggest.pairs >= 2:
                wanted = min(self.pair_count(held), shape.pairs)
            if self.pair_count(played) < wanted:
                return f"{wanted} pairs of the led suit must be played"
        return None

    def shows_void(self, lead: Sequence[int], play: Sequence[int]) -> bool:
        """Whether a legal follow shows its player has no card of the led suit left: some of
        its cards are of another suit, and it is not the lead's pair or tractor in another
        suit (which the judge takes from a player still holding the suit's singles)."""
        shape = self.shape(lead)
        assert shape.suit is not None
        if len(self.in_suit(play, shape.suit)) == len(play):
            return False
        return not (shape.kind in ("pair", "tractor") and self.shape(play).kind == shape.kind)

    def _holds_kind(self, held: Sequence[int], shape: Shape) -> bool:
        if shape.kind == "single":
            return bool(held)
        if shape.kind == "pair":
            return self.pair_count(held) >= 1
        return self.longest_run(held) >= shape.biggest.pairs

    def failed_units(self, throw: Sequence[int], others: Iterable[Sequence[int]]) -> list[Unit]:
        """The units of a led throw that another seat can beat (a higher single, pair or
        equally long tractor in the throw's suit); empty if the throw stands."""
        shape = self.shape(throw)
        if shape.kind != "throw":
            return []
        assert shape.suit is not None
        theirs = [self.units(self.in_suit(hand, shape.suit)) for hand in others]
        failed = []
        for unit in shape.units:
            for units in theirs:
                if any(self._beats_unit(u, unit) for u in self._sub_units(units, unit.pairs)):
                    failed.append(unit)
                    break
        return failed

    @staticmethod
    def _sub_units(units: Sequence[Unit], pairs: int) -> list[Unit]:
        """Units of the given kind that ``units`` can field: a single from any card, a pair
        from any pair or tractor, a tractor of ``pairs`` from any longer tractor's top part."""
        found: list[Unit] = []
        for u in units:
            if pairs == 0:
                found.append(Unit(u.ids[-1:], 0, u.top, u.top))
            elif pairs == 1 and u.pairs >= 1:
                found.append(Unit(u.ids[-2:], 1, u.top, u.top))
            elif u.pairs >= pairs >= 2:
                found.append(u)
        return found

    @staticmethod
    def _beats_unit(mine: Unit, theirs: Unit) -> bool:
        return mine.top > theirs.top

    def failed_play(self, failed: Sequence[Unit]) -> list[int]:
        """What a failed throw leaves played: one card, the lowest card of the lowest failing
        unit."""
        unit = min(failed, key=lambda u: (u.low, u.size))
        return [min(unit.ids, key=lambda i: (self.power(face(i)), i))]

    def winner(self, plays: Sequence[Sequence[int]]) -> int:
        """The index (in playing order) of the play that wins the trick: the first of the
        strongest (equal powers go to the earlier play)."""
        lead = self.shape(plays[0])
        best, best_key = 0, (int(lead.suit == "t"), lead.biggest.top)
        for index, play in enumerate(plays[1:], 1):
            key = self._key(lead, play)
            if key is not None and key > best_key:
                best, best_key = index, key
        return best

    def _key(self, lead: Shape, play: Sequence[int]) -> tuple[int, int] | None:
        """How strong a follower's play is (None: it cannot win): trumps over the led suit,
        then the top of its part that matches the lead's biggest unit."""
        mine = self.shape(play)
        if mine.suit is None or mine.suit not in (lead.suit, "t"):
            return None
        trump = int(mine.suit == "t")
        if lead.kind != "throw":
            if mine.kind != lead.kind or mine.biggest.pairs != lead.biggest.pairs:
                return None
            return trump, mine.biggest.top
        if not trump:
            return None  # a side-suit throw is never beaten in its own suit
        size = lead.biggest.pairs
        if mine.pairs < lead.pairs or (size >= 2 and self.longest_run(play) < size):
            return None
        return trump, max(u.top for u in self._sub_units(mine.units, size))

    def kitty_multiplier(self, last_lead: Sequence[int]) -> int:
        """What the kitty's points are multiplied by when a defender wins the last trick."""
        shape = self.shape(last_lead)
        if shape.kind != "throw":
            return 2 * len(last_lead)
        biggest = shape.biggest
        if biggest.pairs >= 2:
            return 2 * biggest.size
        return 4 if biggest.pairs == 1 else 2


def result_scores(defender_points: int) -> tuple[int, int]:
    """(the banker's team's score, the defenders') for the defenders' points."""
    if defender_points <= 0:
        return 3, 0
    if defender_points < 40:
        return 2, 0
    if defender_points < 80:
        return 1, 0
    if defender_points < 120:
        return 0, 1
    if defender_points < 160:
        return 0, 2
    return 0, 3


FOUL_SCORES = (-3, 0, 1)
"""A foul ends the match: the offender's score, the partner's, each opponent's."""
