"""Cards and card multisets.

A face is an int ``0..53``: ``suit * 13 + rank`` for the 52 suited faces (suits ``H D S C`` =
0..3, ranks ``2..A`` = 0..12), ``52`` for the small joker ``SJ`` and ``53`` for the big joker
``BJ`` (docs/internals.md). A :class:`Cards` value is a multiset of faces with up to four
copies of each, held as the core's planes: 54-bit masks ``one`` … ``four``, plane ``k`` holding
the faces with at least ``k`` copies. How many copies a game has is its rules' (``decks``, rules
§11.1), not the multiset's.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Union

from duidiao import _core
from duidiao.play._limits import quote
from duidiao.play.errors import NotationError
from duidiao.play.level import Level, LevelLike

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


MAX_COPIES = 4
"""The most copies of a face a :class:`Cards` holds: the core's widest card set (the rules play
up to three, ``decks``)."""


def too_many(face: int, copies: int) -> str:
    """The message for a card set of ``copies`` of ``face``: more than any card set holds."""
    return (f"{copies} copies of {face_name(face)}: a card set holds at most {MAX_COPIES} of "
            "each card")


def _copies_name(copies: int) -> str:
    return {1: "once", 2: "twice"}.get(copies, f"{copies} times")


def too_many_copies(face: int, copies: int, decks: int, rules_name: str) -> str:
    """The message for cards holding ``copies`` of ``face``, more than ``decks`` packs have
    (rules §11.1): ``3 copies of 5H (a card exists twice under huanle)``."""
    return (f"{copies} copies of {face_name(face)} (a card exists {_copies_name(decks)} "
            f"under {rules_name})")


def copies_beyond(cards: Cards, decks: int, rules_name: str) -> str | None:
    """:func:`too_many_copies`'s message for the first face ``cards`` hold more often than
    ``decks`` packs have it; None when there is none."""
    over = cards.beyond(decks)
    if not over:
        return None
    face = _lowest_face(over)
    return too_many_copies(face, cards.count(face), decks, rules_name)


def too_many_in_all(face: int, copies: int, where: list[str], decks: int, rules_name: str) -> str:
    """The message for a position holding ``copies`` of ``face`` across ``where`` (the fields
    that hold it), more than ``decks`` packs have."""
    places = where[0] if len(where) == 1 else ", ".join(where[:-1]) + " and " + where[-1]
    return (f"{copies} copies of {face_name(face)} in all, in {places} (a card exists "
            f"{_copies_name(decks)} under {rules_name})")


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

    def __init__(self, rank: int, trump: int, permanent_twos: bool = False) -> None:
        suits, order = _core.card_tables(rank, trump)
        self.suits: list[int] = list(suits)
        self.order: list[int] = list(order)
        if permanent_twos and rank != 0:
            self._twos_as_trumps(rank, trump)
        self.place = [0] * 54
        for i, face in enumerate(order):
            self.place[face] = i
        self.masks = [0] * 5  # the faces of each effective suit
        for face, suit in enumerate(self.suits):
            self.masks[suit] |= 1 << face

    def _twos_as_trumps(self, rank: int, trump: int) -> None:
        """§11.2 2 为常主 (docs/notation.md): every 2 a trump, right below the level cards, the
        trump suit's 2 first, then the others H D S C. The core's tables do not take the
        option yet (the decks issue's step 4); until they do, its order is rearranged here."""
        twos = [suit * 13 for suit in range(4)]  # rank 0 is the 2
        if trump < NO_TRUMP:
            twos.remove(trump * 13)
            twos.insert(0, trump * 13)
        order = [face for face in self.order if face not in twos]
        below_levels = max(order.index(suit * 13 + rank) for suit in range(4)) + 1
        self.order = order[:below_levels] + twos + order[below_levels:]
        for face in twos:
            self.suits[face] = NO_TRUMP  # effective suit 4: trumps


_TABLES: dict[tuple[str, int, bool], _Tables] = {}


def _tables(level: Level, trump: int, permanent_twos: bool = False) -> _Tables:
    """The tables of a (level, trump) context, from the core's by the level cards' rank (so
    every ladder shares them); with ``permanent_twos``, rules §11.2's."""
    key = (level, trump, permanent_twos)
    tables = _TABLES.get(key)
    if tables is None:
        tables = _TABLES[key] = _Tables(Level(level).rank, trump, permanent_twos)
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
    # The places of the held copies, ascending: the notation order, without making the cards
    # (legal moves are sorted by this, thousands at a time with three packs).
    places = []
    for plane in (cards._one, cards._two, cards._three, cards._four):
        while plane:
            low = plane & -plane
            places.append(place[low.bit_length() - 1])
            plane ^= low
    places.sort()
    return (len(places), places)


_CANONICAL = [BIG_JOKER, SMALL_JOKER] + [s * 13 + r for s in range(4) for r in range(12, -1, -1)]


def context_order(level: Level, trump: int, permanent_twos: bool = False) -> list[int]:
    """The 54 faces in notation order for a (level, trump) context (cached); with
    ``permanent_twos`` (rules §11.2) the 2s stand among the trumps."""
    return _tables(level, trump, permanent_twos).order


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
    """An immutable multiset of cards, up to four copies of each face (rules-free: the rules
    say how many a game has).

    ``Cards('AH,AH,KD')``, ``Cards.parse('-')`` (empty), ``Cards([Card('BJ'), 'SJ'])`` or
    ``Cards.from_masks(one, two, three, four)``. Iteration yields each copy in the canonical
    order without trump context (BJ, SJ, then H D S C each from A down to 2); :meth:`notation`
    and :meth:`ordered` give the order of the position notation for a level and trump suit.
    """

    # The planes: _one holds the faces with a copy, _two those with two, and so on. A set of
    # two copies at most (the one- and two-deck games) has _three == 0: every operation tests
    # that first and takes the two planes' short way.
    __slots__ = ("_one", "_two", "_three", "_four")
    _one: int
    _two: int
    _three: int
    _four: int

    def __init__(self, cards: str | Iterable[CardLike] | Cards | None = None) -> None:
        if cards is None:
            planes = (0, 0, 0, 0)
        elif isinstance(cards, Cards):
            planes = (cards._one, cards._two, cards._three, cards._four)
        elif isinstance(cards, str):
            planes = _parse_planes(cards)
        else:
            faces = [_face_of(card) for card in cards]
            planes, over = _planes_of(faces)
            if over is not None:
                raise ValueError(too_many(over, faces.count(over)))
        _set(self, *planes)

    @classmethod
    def parse(cls, text: str) -> Cards:
        """Parse a card list (``AH,AH,KD`` or ``-``); raises :class:`NotationError`."""
        return _make(*_parse_planes(text))

    @classmethod
    def from_masks(cls, one: int, two: int = 0, three: int = 0, four: int = 0) -> Cards:
        """The multiset of the planes of docs/internals.md (each a 54-bit mask, ``four`` ⊆
        ``three`` ⊆ ``two`` ⊆ ``one``): what the core returns, ``Cards.from_masks(*planes)``."""
        # Each plane within the one before, the first within the 54 faces.
        if (not 0 <= one <= FULL_MASK or two < 0 or three < 0 or four < 0 or two & ~one
                or three & ~two or four & ~three):
            planes = ", ".join(f"{p:#x}" for p in (one, two, three, four))
            raise ValueError(f"({planes}) are not card set masks")
        return _make(one, two, three, four)

    @classmethod
    def deck(cls, decks: int = 2) -> Cards:
        """All the cards of ``decks`` packs shuffled together (rules §11.1): 108 by default."""
        if isinstance(decks, bool) or decks not in (1, 2, 3, 4):
            raise ValueError(f"decks: 1 to {MAX_COPIES} packs, not {decks!r:.40}")
        return _make(*(FULL_MASK if k < decks else 0 for k in range(MAX_COPIES)))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Cards is immutable")

    def __reduce__(self) -> tuple[object, tuple[int, ...]]:
        return (Cards.from_masks, self.masks)

    @property
    def masks(self) -> tuple[int, ...]:
        """The planes as the C++ core takes them: ``(one, two)``, and ``three`` (and ``four``)
        only when some face has that many copies (a build refuses planes beyond its own)."""
        if not self._three:
            return (self._one, self._two)
        if not self._four:
            return (self._one, self._two, self._three)
        return (self._one, self._two, self._three, self._four)

    @property
    def one(self) -> int:
        """The faces held at least once."""
        return self._one

    @property
    def two(self) -> int:
        """The faces held at least twice."""
        return self._two

    @property
    def three(self) -> int:
        """The faces held at least three times."""
        return self._three

    @property
    def four(self) -> int:
        """The faces held four times."""
        return self._four

    def beyond(self, copies: int) -> int:
        """The faces held more than ``copies`` times, as a mask (0 when none is): what a game
        of ``copies`` packs refuses."""
        if copies < 0:
            raise ValueError(f"copies: 0 or more, not {copies}")
        planes = (self._one, self._two, self._three, self._four)
        return planes[copies] if copies < MAX_COPIES else 0

    @property
    def points(self) -> int:
        """Points of the point cards (5 = 5, 10 = 10, K = 10)."""
        one, two = self._one, self._two
        if not self._three:
            return sum(v * (_popcount(one & m) + _popcount(two & m)) for v, m in _POINT_MASKS)
        planes = (one, two, self._three, self._four)
        return sum(v * sum(_popcount(p & m) for p in planes) for v, m in _POINT_MASKS)

    def count(self, card: CardLike) -> int:
        """How many copies of ``card`` (0 to 4)."""
        face = _face_of(card)
        return ((self._one >> face & 1) + (self._two >> face & 1) + (self._three >> face & 1)
                + (self._four >> face & 1))

    def faces(self) -> Iterator[int]:
        """The face ids, one per copy, in canonical order."""
        return _each_copy(self, _CANONICAL)

    def __iter__(self) -> Iterator[Card]:
        for face in _each_copy(self, _CANONICAL):
            yield _ALL_CARDS[face]

    def __len__(self) -> int:
        if not self._three:
            return _popcount(self._one) + _popcount(self._two)
        return (_popcount(self._one) + _popcount(self._two) + _popcount(self._three)
                + _popcount(self._four))

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
            return (self._one == other._one and self._two == other._two
                    and self._three == other._three and self._four == other._four)
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self._one, self._two, self._three, self._four))

    def __or__(self, other: Cards) -> Cards:
        """Every copy of both (copies add up); ValueError past four copies of a face."""
        if not isinstance(other, Cards):
            return NotImplemented
        a1, a2, b1, b2 = self._one, self._two, other._one, other._two
        if not (self._three or other._three):  # two and two make four at most
            return _make(a1 | b1, a2 | b2 | (a1 & b1), (a2 & b1) | (a1 & b2), a2 & b2)
        # Plane k of a sum: a face held i times here and k - i there, for some i.
        a = (FULL_MASK, a1, a2, self._three, self._four)
        b = (FULL_MASK, b1, b2, other._three, other._four)
        planes = [0] * (MAX_COPIES + 1)
        for k in range(1, MAX_COPIES + 2):
            for i in range(max(0, k - MAX_COPIES), min(k, MAX_COPIES) + 1):
                planes[k - 1] |= a[i] & b[k - i]
        if planes[MAX_COPIES]:
            face = _lowest_face(planes[MAX_COPIES])
            raise ValueError(too_many(face, self.count(face) + other.count(face)))
        return _make(*planes[:MAX_COPIES])

    __add__ = __or__

    def __and__(self, other: Cards) -> Cards:
        """The cards both hold, as many copies of each as the one that has fewer."""
        if not isinstance(other, Cards):
            return NotImplemented
        return _make(self._one & other._one, self._two & other._two,
                     self._three & other._three, self._four & other._four)

    def __sub__(self, other: Cards) -> Cards:
        if not isinstance(other, Cards):
            return NotImplemented
        missing = _not_within(other, self)
        if missing:
            face = _lowest_face(missing)
            raise ValueError(
                f"{face_name(face)}: {other.count(face)} to take away, {self.count(face)} held"
            )
        a1, a2, b1, b2 = self._one, self._two, other._one, other._two
        if not self._three:  # other holds no more than self: two planes each
            return _make((a1 & ~b1) | (a2 & b1 & ~b2), a2 & ~b1, 0, 0)
        # Where other holds exactly j copies, plane k of the rest is plane k + j here.
        a = (FULL_MASK, a1, a2, self._three, self._four, 0, 0, 0, 0)
        b = (FULL_MASK, b1, b2, other._three, other._four, 0)
        planes = [0] * MAX_COPIES
        for j in range(MAX_COPIES + 1):
            exactly = b[j] & ~b[j + 1]
            if exactly:
                for k in range(1, MAX_COPIES + 1):
                    planes[k - 1] |= exactly & a[k + j]
        return _make(*planes)

    def issubset(self, other: Cards) -> bool:
        """Every copy here is also in ``other``."""
        return not _not_within(self, other)

    def __le__(self, other: Cards) -> bool:
        if not isinstance(other, Cards):
            return NotImplemented
        return self.issubset(other)

    def __ge__(self, other: Cards) -> bool:
        if not isinstance(other, Cards):
            return NotImplemented
        return other.issubset(self)

    def ordered(self, level: LevelLike, trump: str | int, *,
                permanent_twos: bool = False) -> list[Card]:
        """The cards in notation order for a level (``'5'``, ``'T'``…) and trump suit
        (``'H'``…): trumps from the highest (off-suit level cards H D S C; with
        ``permanent_twos``, rules §11.2, the 2s after them), then side suits H D S C, each from
        the highest."""
        order = context_order(Level(level), _suit_number(trump), permanent_twos)
        return [_ALL_CARDS[face] for face in _each_copy(self, order)]

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


_SET_ONE = Cards.__dict__["_one"].__set__
_SET_TWO = Cards.__dict__["_two"].__set__
_SET_THREE = Cards.__dict__["_three"].__set__
_SET_FOUR = Cards.__dict__["_four"].__set__
_NEW = object.__new__


def _set(cards: Cards, one: int, two: int, three: int, four: int) -> None:
    # The slots' own setters: Cards.__setattr__ refuses every assignment (immutable).
    _SET_ONE(cards, one)
    _SET_TWO(cards, two)
    _SET_THREE(cards, three)
    _SET_FOUR(cards, four)


def _make(one: int, two: int, three: int, four: int) -> Cards:
    """A Cards of planes known to be good (no check: the operations' results)."""
    cards = _NEW(Cards)
    _set(cards, one, two, three, four)
    return cards


def _not_within(part: Cards, whole: Cards) -> int:
    """The faces ``part`` holds more copies of than ``whole``."""
    return ((part._one & ~whole._one) | (part._two & ~whole._two)
            | (part._three & ~whole._three) | (part._four & ~whole._four))


def _each_copy(cards: Cards, order: list[int]) -> Iterator[int]:
    """The faces of ``cards`` in ``order``, each as many times as it is held."""
    one, two, three, four = cards._one, cards._two, cards._three, cards._four
    for face in order:
        if one >> face & 1:
            yield face
            if two >> face & 1:
                yield face
                if three >> face & 1:
                    yield face
                    if four >> face & 1:
                        yield face


def _lowest_face(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def _planes_of(faces: Sequence[int], most: int = MAX_COPIES) -> tuple[tuple[int, int, int, int],
                                                                   int | None]:
    """The planes of the multiset of ``faces``, and the first face met more than ``most``
    times (None when there is none)."""
    if most >= 2:  # the two planes' short way, while no face comes a third time
        one = two = 0
        for face in faces:
            bit = 1 << face
            if not one & bit:
                one |= bit
            elif not two & bit:
                two |= bit
            else:
                break
        else:
            return (one, two, 0, 0), None
    planes = [0] * MAX_COPIES
    for face in faces:
        bit = 1 << face
        for k in range(most):
            if not planes[k] & bit:
                planes[k] |= bit
                break
        else:
            return (planes[0], planes[1], planes[2], planes[3]), face
    return (planes[0], planes[1], planes[2], planes[3]), None


def _parse_planes(text: str) -> tuple[int, int, int, int]:
    if text == "-":
        return (0, 0, 0, 0)
    faces = []
    for token in text.split(","):
        if not token:
            raise NotationError(f"empty card in {quote(text)}")
        if token.startswith("?"):
            raise NotationError(f"{quote(token)}: unknown cards have no place in a card set")
        faces.append(parse_face(token))
    planes, over = _planes_of(faces)
    if over is not None:
        raise NotationError(too_many(over, faces.count(over)))
    return planes
