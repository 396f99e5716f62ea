"""Cards and card multisets.

A face is an int ``0..53``: ``suit * 13 + rank`` for the 52 suited faces (suits ``H D S C`` =
0..3, ranks ``2..A`` = 0..12), ``52`` for the small joker ``SJ`` and ``53`` for the big joker
``BJ`` (docs/internals.md). A :class:`Cards` value is a multiset of faces with at most two
copies of each, held as the two 54-bit masks ``(one, two)`` of the C++ core.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Union

from duidiao import _core
from duidiao.play._limits import quote
from duidiao.play.errors import NotationError
from duidiao.play.level import Level, LevelLike
from duidiao.play.sizes import COPIES

__all__ = [
    "Card",
    "Cards",
    "CardLike",
    "SUITS",
    "RANKS",
    "LEVELS",
    "SEATS",
    "EFFECTIVE_SUITS",
    "TRUMP_LETTERS",
    "NO_TRUMP",
]

SUITS = "HDSC"
"""Suit letters in suit order (``0=H``, ``1=D``, ``2=S``, ``3=C``)."""
RANKS = "23456789TJQKA"
"""Rank letters by rank number (``0='2'`` … ``12='A'``)."""
LEVELS = "A23456789TJQK"
"""The levels of Chifeng's ladder, lowest first (a level is a :class:`~duidiao.play.level.Level`;
its place on a ladder is the rules': :meth:`duidiao.Rules.position`)."""
SEATS = "SENW"
"""Seat letters by seat number, in playing order."""
EFFECTIVE_SUITS = "HDSCT"
"""Effective suit letters by number (``4 = T``, trumps)."""
TRUMP_LETTERS = ("H", "D", "S", "C", "NT")
"""A hand's trump by number: a suit, or ``4 = NT``, no trump suit (rules §10.1)."""
NO_TRUMP = 4

SMALL_JOKER = 52
BIG_JOKER = 53
FULL_MASK = (1 << 54) - 1

_SYMBOLS = {"♥": "H", "♡": "H", "♦": "D", "♢": "D", "♠": "S", "♤": "S", "♣": "C", "♧": "C"}
_RANK_HELP = "ranks are 2-9, T or 10, J, Q, K, A"
_SUIT_HELP = "suits are H, D, S, C; jokers are BJ, SJ"

if hasattr(int, "bit_count"):

    def _popcount(x: int) -> int:
        return x.bit_count()

else:  # pragma: no cover - Python 3.9

    def _popcount(x: int) -> int:
        return bin(x).count("1")


def face_name(face: int) -> str:
    """The canonical name of a face id: ``'AH'``, ``'TS'``, ``'BJ'``."""
    if face == BIG_JOKER:
        return "BJ"
    if face == SMALL_JOKER:
        return "SJ"
    return RANKS[face % 13] + SUITS[face // 13]


def parse_suit(text: str) -> int | None:
    """The suit number of ``H``/``D``/``S``/``C`` (any case, or a symbol), else None."""
    letter = _SYMBOLS.get(text, text.upper())
    if len(letter) == 1 and letter in SUITS:
        return SUITS.index(letter)
    return None


def parse_rank(text: str) -> int | None:
    """The rank number of ``2``…``9``, ``T``/``10``, ``J``, ``Q``, ``K``, ``A`` (any case)."""
    upper = text.upper()
    if upper == "10":
        upper = "T"
    if len(upper) == 1 and upper in RANKS:
        return RANKS.index(upper)
    return None


def too_many(face: int, copies: int) -> str:
    """The message for a card set holding ``copies`` of ``face``: more than the pack has."""
    return f"{copies} copies of {face_name(face)}: the pack has {COPIES} of each card"


def _copies_in(tokens: Iterable[str], face: int) -> int:
    return sum(1 for t in tokens if t and not t.startswith("?") and parse_face(t) == face)


def parse_face(token: str) -> int:
    """Parse one card token into a face id; raise :class:`NotationError` without a field."""
    if token.strip() and len(token.split()) > 1:
        raise NotationError(f"{quote(token)} is not a card: cards are separated by commas "
                            f"({','.join(token.split())[:40]})")
    upper = token.upper()
    if upper == "BJ":
        return BIG_JOKER
    if upper == "SJ":
        return SMALL_JOKER
    if len(token) < 2:
        if token and parse_rank(token) is not None:
            raise NotationError(f"{quote(token)} is not a card ({_SUIT_HELP})")
        raise NotationError(f"{quote(token)} is not a card ({_RANK_HELP})")
    suit = parse_suit(token[-1])
    if suit is None:
        if parse_rank(token[:-1]) is None:
            raise NotationError(f"{quote(token)} is not a card ({_RANK_HELP})")
        raise NotationError(f"{quote(token)} is not a card ({_SUIT_HELP})")
    rank = parse_rank(token[:-1])
    if rank is None:
        raise NotationError(f"{quote(token)} is not a card ({_RANK_HELP})")
    return suit * 13 + rank


class _Tables:
    """What the core's tables make of each face in a (level rank, trump) context: its effective
    suit and its place in the notation order (the rules live in the core, not here)."""

    __slots__ = ("suits", "order", "place", "masks")

    def __init__(self, rank: int, trump: int) -> None:
        suits, order = _core.card_tables(rank, trump)
        self.suits: list[int] = list(suits)
        self.order: list[int] = list(order)
        self.place = [0] * 54
        for i, face in enumerate(order):
            self.place[face] = i
        self.masks = [0] * 5  # the faces of each effective suit
        for face, suit in enumerate(self.suits):
            self.masks[suit] |= 1 << face


_TABLES: dict[tuple[str, int], _Tables] = {}


def _tables(level: Level, trump: int) -> _Tables:
    """The tables of a (level, trump) context, from the core's by the level cards' rank (so
    every ladder shares them)."""
    key = (level, trump)
    tables = _TABLES.get(key)
    if tables is None:
        tables = _TABLES[key] = _Tables(Level(level).rank, trump)
    return tables


def effective_suit(face: int, level: Level, trump: int) -> int:
    """``4`` (trumps) for jokers, level cards and the trump suit, else the printed suit."""
    return _tables(level, trump).suits[face]


def suit_mask(suit: int, level: Level, trump: int) -> int:
    """The faces of effective suit ``suit`` (0..3 a side suit, 4 trumps) as a 54-bit mask."""
    return _tables(level, trump).masks[suit]


def play_order_key(cards: Cards, level: Level, trump: int) -> tuple[int, list[int]]:
    """Sort key of plays in a (level, trump) context: fewer cards first, then card by card in
    notation order (how legal moves are listed)."""
    place = _tables(level, trump).place
    return (len(cards), [place[c.id] for c in cards.ordered(level, trump)])


_CANONICAL = [BIG_JOKER, SMALL_JOKER] + [s * 13 + r for s in range(4) for r in range(12, -1, -1)]


def context_order(level: Level, trump: int) -> list[int]:
    """The 54 faces in notation order for a (level, trump) context (cached)."""
    return _tables(level, trump).order


def _suit_number(trump: str | int, what: str = "trump") -> int:
    """A trump's (or a declared suit's) number: a suit 0..3, or 4 for ``NT`` (no trump suit,
    rules §10.1, §10.6); ValueError naming ``what`` otherwise."""
    if isinstance(trump, int) and not isinstance(trump, bool):
        if 0 <= trump <= NO_TRUMP:
            return trump
        raise ValueError(f"{what}: {trump} is not 0..3 (a suit) or 4 (no trump)")
    if isinstance(trump, str) and trump.upper() == "NT":
        return NO_TRUMP
    suit = parse_suit(trump) if isinstance(trump, str) else None
    if suit is None:
        raise ValueError(f"{what}: {quote(trump)} is not a suit (H, D, S, C) or NT")
    return suit


class Card:
    """One face: ``Card('AH')``, ``Card('10h')``, ``Card('A♥')``, ``Card('BJ')`` or ``Card(12)``.

    ``str`` gives the canonical upper-case name with ``T`` for ten; ``id`` is the face id of
    docs/internals.md. Cards are hashable and ordered by id.
    """

    __slots__ = ("_id",)
    _id: int

    def __new__(cls, value: str | int | Card) -> Card:
        if isinstance(value, Card):
            return value
        if isinstance(value, int) and not isinstance(value, bool):
            if not 0 <= value < 54:
                raise ValueError(f"card id {value} is not 0..53")
            return _ALL_CARDS[value]
        if isinstance(value, str):
            return _ALL_CARDS[parse_face(value)]
        raise TypeError(f"cannot make a Card from {value!r}")

    @classmethod
    def _make(cls, face: int) -> Card:
        card = object.__new__(cls)
        object.__setattr__(card, "_id", face)
        return card

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse one card; raises :class:`NotationError` naming the token."""
        return _ALL_CARDS[parse_face(text)]

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return (Card, (self._id,))

    @property
    def id(self) -> int:
        """The face id, ``suit * 13 + rank``, ``52`` = SJ, ``53`` = BJ."""
        return self._id

    @property
    def rank(self) -> str | None:
        """``'2'``…``'9'``, ``'T'``, ``'J'``, ``'Q'``, ``'K'``, ``'A'``; None for jokers."""
        return None if self._id >= SMALL_JOKER else RANKS[self._id % 13]

    @property
    def suit(self) -> str | None:
        """``'H'``, ``'D'``, ``'S'`` or ``'C'``; None for jokers."""
        return None if self._id >= SMALL_JOKER else SUITS[self._id // 13]

    @property
    def is_joker(self) -> bool:
        return self._id >= SMALL_JOKER

    @property
    def points(self) -> int:
        """5 for a five, 10 for a ten or a king, else 0."""
        return _FACE_POINTS[self._id]

    def effective_suit(self, level: LevelLike, trump: str | int) -> str:
        """``'T'`` if the card is a trump at that level and trump suit, else its suit."""
        return EFFECTIVE_SUITS[effective_suit(self._id, Level(level), _suit_number(trump))]

    def __str__(self) -> str:
        return face_name(self._id)

    def __repr__(self) -> str:
        return f"Card({face_name(self._id)!r})"

    def __hash__(self) -> int:
        return hash(self._id)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Card):
            return self._id == other._id
        return NotImplemented

    def __lt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._id < other._id

    def __le__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._id <= other._id

    def __gt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._id > other._id

    def __ge__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._id >= other._id


_FACE_POINTS = _core.face_points()  # the core's (rules §1), not written again here
_ALL_CARDS = [Card._make(face) for face in range(54)]
# Per point value, the faces worth it.
_POINT_MASKS = [
    (value, sum(1 << f for f in range(54) if _FACE_POINTS[f] == value))
    for value in sorted(set(_FACE_POINTS) - {0})
]

CardLike = Union[Card, str, int]


def _face_of(card: CardLike) -> int:
    if isinstance(card, Card):
        return card.id
    return Card(card).id


class Cards:
    """An immutable multiset of cards, at most two copies of each face.

    ``Cards('AH,AH,KD')``, ``Cards.parse('-')`` (empty), ``Cards([Card('BJ'), 'SJ'])`` or
    ``Cards.from_masks(one, two)``. Iteration yields each copy in the canonical order without
    trump context (BJ, SJ, then H D S C each from A down to 2); :meth:`notation` and
    :meth:`ordered` give the order of the position notation for a level and trump suit.
    """

    __slots__ = ("_one", "_two")
    _one: int
    _two: int

    def __init__(self, cards: str | Iterable[CardLike] | Cards | None = None) -> None:
        if cards is None:
            one = two = 0
        elif isinstance(cards, Cards):
            one, two = cards._one, cards._two
        elif isinstance(cards, str):
            one, two = _parse_masks(cards)
        else:
            one = two = 0
            if not isinstance(cards, (list, tuple)):
                cards = list(cards)  # a one-pass iterable: kept to count a face's copies
            for card in cards:
                bit = 1 << _face_of(card)
                if two & bit:
                    face = _face_of(card)
                    raise ValueError(too_many(face, sum(_face_of(c) == face for c in cards)))
                if one & bit:
                    two |= bit
                else:
                    one |= bit
        object.__setattr__(self, "_one", one)
        object.__setattr__(self, "_two", two)

    @classmethod
    def parse(cls, text: str) -> Cards:
        """Parse a card list (``AH,AH,KD`` or ``-``); raises :class:`NotationError`."""
        one, two = _parse_masks(text)
        return cls.from_masks(one, two)

    @classmethod
    def from_masks(cls, one: int, two: int = 0, three: int = 0) -> Cards:
        """The multiset of the planes of docs/internals.md (``two`` ⊆ ``one``); a third plane, as
        the three-deck build writes it, must be empty (three copies: the decks issue's next
        step)."""
        if one < 0 or two < 0 or one > FULL_MASK or two > FULL_MASK or two & ~one or three:
            raise ValueError(f"({one:#x}, {two:#x}, {three:#x}) are not card set masks")
        cards = object.__new__(cls)
        object.__setattr__(cards, "_one", one)
        object.__setattr__(cards, "_two", two)
        return cards

    @classmethod
    def deck(cls) -> Cards:
        """All 108 cards."""
        return cls.from_masks(FULL_MASK, FULL_MASK)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Cards is immutable")

    def __reduce__(self) -> tuple[object, tuple[int, int]]:
        return (Cards.from_masks, (self._one, self._two))

    @property
    def masks(self) -> tuple[int, int]:
        """``(one, two)`` as the C++ core takes them."""
        return (self._one, self._two)

    @property
    def one(self) -> int:
        return self._one

    @property
    def two(self) -> int:
        return self._two

    @property
    def points(self) -> int:
        """Points of the point cards (5 = 5, 10 = 10, K = 10)."""
        one, two = self._one, self._two
        return sum(v * (_popcount(one & m) + _popcount(two & m)) for v, m in _POINT_MASKS)

    def count(self, card: CardLike) -> int:
        """How many copies of ``card`` (0, 1 or 2)."""
        bit = 1 << _face_of(card)
        return (1 if self._one & bit else 0) + (1 if self._two & bit else 0)

    def faces(self) -> Iterator[int]:
        """The face ids, one per copy, in canonical order."""
        one, two = self._one, self._two
        for face in _CANONICAL:
            bit = 1 << face
            if one & bit:
                yield face
                if two & bit:
                    yield face

    def __iter__(self) -> Iterator[Card]:
        for face in self.faces():
            yield _ALL_CARDS[face]

    def __len__(self) -> int:
        return _popcount(self._one) + _popcount(self._two)

    def __bool__(self) -> bool:
        return self._one != 0

    def __contains__(self, card: object) -> bool:
        if isinstance(card, (Card, str, int)) and not isinstance(card, bool):
            try:
                return bool(self._one >> _face_of(card) & 1)
            except ValueError:
                return False
        return False

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Cards):
            return self._one == other._one and self._two == other._two
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self._one, self._two))

    def __or__(self, other: Cards) -> Cards:
        if not isinstance(other, Cards):
            return NotImplemented
        over = (self._two & other._one) | (self._one & other._two)
        if over:
            face = _lowest_face(over)
            raise ValueError(too_many(face, self.count(face) + other.count(face)))
        return Cards.from_masks(
            self._one | other._one, self._two | other._two | (self._one & other._one)
        )

    __add__ = __or__

    def __and__(self, other: Cards) -> Cards:
        """The cards both hold, as many copies of each as the one that has fewer."""
        if not isinstance(other, Cards):
            return NotImplemented
        return Cards.from_masks(self._one & other._one, self._two & other._two)

    def __sub__(self, other: Cards) -> Cards:
        if not isinstance(other, Cards):
            return NotImplemented
        missing = (other._one & ~self._one) | (other._two & ~self._two)
        if missing:
            face = _lowest_face(missing)
            raise ValueError(
                f"{face_name(face)}: {other.count(face)} to take away, {self.count(face)} held"
            )
        one = (self._one & ~other._one) | (self._two & other._one & ~other._two)
        two = self._two & ~other._one
        return Cards.from_masks(one, two)

    def issubset(self, other: Cards) -> bool:
        """Every copy here is also in ``other``."""
        return not (self._one & ~other._one) and not (self._two & ~other._two)

    def __le__(self, other: Cards) -> bool:
        if not isinstance(other, Cards):
            return NotImplemented
        return self.issubset(other)

    def __ge__(self, other: Cards) -> bool:
        if not isinstance(other, Cards):
            return NotImplemented
        return other.issubset(self)

    def ordered(self, level: LevelLike, trump: str | int) -> list[Card]:
        """The cards in notation order for a level (``'5'``, ``'T'``…) and trump suit
        (``'H'``…): trumps from the highest (off-suit level cards H D S C), then side suits
        H D S C, each from the highest."""
        order = context_order(Level(level), _suit_number(trump))
        out: list[Card] = []
        one, two = self._one, self._two
        for face in order:
            bit = 1 << face
            if one & bit:
                out.append(_ALL_CARDS[face])
                if two & bit:
                    out.append(_ALL_CARDS[face])
        return out

    def notation(self, level: LevelLike | None = None, trump: str | int | None = None) -> str:
        """The card list as the notation writes it (``-`` when empty); in the order of a
        (level, trump) context when both are given, else in canonical order."""
        if level is None or trump is None:
            cards: Iterable[Card] = self
        else:
            cards = self.ordered(level, trump)
        text = ",".join(str(card) for card in cards)
        return text or "-"

    def __str__(self) -> str:
        return self.notation()

    def __repr__(self) -> str:
        return f"Cards({self.notation()!r})"


def _lowest_face(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def _parse_masks(text: str) -> tuple[int, int]:
    if text == "-":
        return (0, 0)
    one = two = 0
    for token in text.split(","):
        if not token:
            raise NotationError(f"empty card in {quote(text)}")
        if token.startswith("?"):
            raise NotationError(f"{quote(token)}: unknown cards have no place in a card set")
        face = parse_face(token)
        bit = 1 << face
        if two & bit:
            raise NotationError(too_many(face, _copies_in(text.split(","), face)))
        if one & bit:
            two |= bit
        else:
            one |= bit
    return (one, two)
