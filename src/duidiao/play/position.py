"""Positions of the play phase: parse, print, legal moves, play, result."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple, Union

from duidiao import _core
from duidiao.play._limits import quote
from duidiao.play.builds import engine_module
from duidiao.play.cards import (
    EFFECTIVE_SUITS,
    SEATS,
    TRUMP_LETTERS,
    CardLike,
    Cards,
    copies_beyond,
    effective_suit,
    face_name,
    play_order_key,
)
from duidiao.play.errors import HiddenCardsError, IllegalMoveError, NotationError
from duidiao.play.level import Level
from duidiao.play.notation import (
    SUIT_NAMES,
    TEAMS,
    Record,
    TrickRecord,
    check_playable,
    check_record,
    format_cards,
    format_record,
    parse_record,
    refusal_message,
    switches_of,
)
from duidiao.play.result import HandResult
from duidiao.play.rules import Rules

__all__ = ["Position", "Move", "Trick", "MoveLike", "CardChoice"]




def _chosen_cards(chosen: Cards | str | Iterable[CardLike] | None) -> Cards:
    """Cards chosen so far (a card at a time): Cards, a card list, "" or None for none."""
    if chosen is None or (isinstance(chosen, str) and not chosen):
        return Cards()
    if isinstance(chosen, Cards):
        return chosen
    try:
        return Cards(chosen)
    except (ValueError, TypeError) as exc:
        raise ValueError(f"chosen: {chosen!r:.60} is not a card list ({exc})") from None


class CardChoice(NamedTuple):
    """A decision made of cards, chosen a card at a time (:meth:`Position.card_choice`,
    :meth:`Game.card_choice`): ``addable`` holds one copy of each face that can join the cards
    chosen so far on the way to a legal answer, ``complete`` says whether they are one now."""

    addable: Cards
    complete: bool


@dataclass(frozen=True)
class Move:
    """A play: the cards one player puts on the table. ``str`` is the card list."""

    cards: Cards
    _order: tuple[Level, int] | None = field(default=None, compare=False, repr=False)

    @classmethod
    def parse(cls, text: str) -> Move:
        """Parse a card list (``AH,AH``); raises :class:`NotationError`."""
        try:
            cards = Cards.parse(text)
        except NotationError as exc:
            raise NotationError(f"move: {exc}") from None
        if not cards:
            raise NotationError(f"move: {quote(text)} plays no card")
        return cls(cards)

    def __len__(self) -> int:
        return len(self.cards)

    def __str__(self) -> str:
        if self._order is not None:
            return format_cards(self.cards, *self._order)
        return str(self.cards)

    def __repr__(self) -> str:
        return f"Move({str(self)!r})"


MoveLike = Union[Move, Cards, str]


@dataclass(frozen=True)
class Trick:
    """A trick: ``leader`` seat letter, ``plays`` in playing order, ``winner`` (None while in
    progress) and the ``points`` of its cards."""

    leader: str
    plays: tuple[Cards, ...]
    winner: str | None
    points: int
    # (level, trump) of the hand, so that ``str`` lists cards in the notation's order.
    _order: tuple[Level, int] | None = field(default=None, compare=False, repr=False)

    @property
    def seats(self) -> list[str]:
        """The seats of ``plays``, in order."""
        first = SEATS.index(self.leader)
        return [SEATS[(first + i) % 4] for i in range(len(self.plays))]

    def __str__(self) -> str:
        if self._order is None:
            return f"{self.leader}:" + "|".join(str(play) for play in self.plays)
        return f"{self.leader}:" + "|".join(format_cards(p, *self._order) for p in self.plays)

    def to_dict(self, level: str | None = None, trump: str | None = None) -> dict[str, Any]:
        """The JSON form: ``leader``, ``plays`` (card lists, in notation order for ``level``
        and ``trump`` when given, else the hand's when the trick knows it), ``winner`` (None
        while in progress), ``points``."""
        if level is not None and trump is not None:
            plays = [p.notation(level, trump) for p in self.plays]
        elif self._order is not None:
            plays = [format_cards(p, *self._order) for p in self.plays]
        else:
            plays = [str(p) for p in self.plays]
        return {"leader": self.leader, "plays": plays, "winner": self.winner,
                "points": self.points}


@dataclass(frozen=True)
class _Static:
    """What a position keeps from its string besides the core hand."""

    preset: str
    rules: Rules
    level: Level
    trump: int
    declarer: int
    levels: tuple[Level, Level]
    kitty: Cards | None
    gone: Cards
    dry: bool
    voids: tuple[int, int, int, int]
    stake: int = 1  # rules §11.9, under rules with stakes
    no_triples: tuple[int, int, int, int] = (0, 0, 0, 0)  # rules §11.5
    no_pairs: tuple[int, int, int, int] = (0, 0, 0, 0)  # rules §10.4


LEGAL_LIST_MAX = 100_000
"""The most moves :meth:`Position.legal_moves` lists (a hand of trumps may have millions)."""


def _play_text(cards: Cards, level: Level, trump: int) -> str:
    return format_cards(cards, level, trump)


def _refusal(record: Record, exc: ValueError) -> str | None:
    """The notation's message for a refusal of the core (from its Detail), or None."""
    return refusal_message(
        record,
        getattr(exc, "reason", None),
        getattr(exc, "field", None),
        getattr(exc, "token", None),
        getattr(exc, "suit", None),
    )


def _not_followed(field_name: str, seat: int, play: Cards, exc: ValueError, record: Record) -> str:
    """docs/notation.md's message for a written play that did not follow (the core's check)."""
    still = str(getattr(exc, "token", ""))
    count = still.count(",") + 1
    name = SUIT_NAMES[int(getattr(exc, "suit", 0))]
    what = f"a {name}" if count == 1 else f"{count} {name}s"
    return (
        f"{field_name}: {SEATS[seat]}'s play {_play_text(play, record.level, record.trump)} "
        f"does not follow: {SEATS[seat]} still held {what} ({still})"
    )


def _format_not_followed(
    field_name: str, seat: int, play: Cards, exc: ValueError, record: Record
) -> str:
    """The message for a written play that broke a duty of rules §10.4 (must_follow_format):
    the core names the pairs (``pairs_not_followed``) or the tractor (``tractor_not_followed``)
    the seat held in the led suit."""
    held = str(getattr(exc, "token", ""))
    name = SUIT_NAMES[int(getattr(exc, "suit", 0))]
    if getattr(exc, "reason", None) == "tractor_not_followed":
        what, held_what = "the tractor", f"a tractor of {name}s"
    else:
        pairs = (held.count(",") + 1) // 2
        what = "the pairs of the lead"
        held_what = f"a pair of {name}s" if pairs == 1 else f"{pairs} pairs of {name}s"
    return (
        f"{field_name}: {SEATS[seat]}'s play {_play_text(play, record.level, record.trump)} "
        f"does not follow {what}: {SEATS[seat]} held {held_what} ({held})"
    )


def _build(record: Record, rules: Rules, gone_points: int) -> _core.Hand:
    """A core hand at the start of the written tricks, with every written play replayed."""
    written: list[tuple[str, TrickRecord]] = [
        (f"tricks: trick {i}", t) for i, t in enumerate(record.tricks, 1)
    ]
    if record.trick is not None:
        written.append(("trick", record.trick))

    start = list(record.hands)
    plays_suits = [0, 0, 0, 0]
    for _, trick in written:
        for i, play in enumerate(trick.plays):
            seat = (trick.leader + i) % 4
            # A seat's cards with its plays put back may hold a face more often than the packs
            # do: the core's refusal, worded the same.
            for face in dict.fromkeys(play.faces()):
                if start[seat].count(face) + play.count(face) > rules.decks:
                    name = face_name(face)
                    message = refusal_message(record, "copies", SEATS[seat], name, None)
                    raise NotationError(message or f"cards: {name} appears too often")
            start[seat] = start[seat] | play
            for f in play.faces():
                plays_suits[seat] |= 1 << effective_suit(f, record.level, record.trump)

    if written:
        leader = written[0][1].leader
    elif record.gone and record.turn is not None:
        leader = record.turn
    else:
        leader = record.declarer
    voids = [record.voids[s] & ~plays_suits[s] for s in range(4)]
    kitty = record.kitty.masks if record.kitty is not None else (0, 0)
    try:
        hand = engine_module(rules).Hand(
            rules.to_core(),
            rules.position(record.level),
            record.trump,
            record.declarer,
            leader,
            [cards.masks for cards in start],
            list(record.unknown),
            kitty,
            record.kitty is not None,
            record.dry,
            gone_points,
            voids,
            len(record.gone) // 4,
            gone=record.gone.masks,
        )
    except ValueError as exc:
        raise NotationError(_refusal(record, exc) or f"cards: {exc}") from None
    check_record(record)

    previous = ""
    for field_name, trick in written:
        if hand.is_over:
            raise NotationError(f"{field_name}: the hand is over before this trick")
        if hand.leader != trick.leader:
            raise NotationError(
                f"{field_name}: led by {SEATS[trick.leader]}, but {SEATS[hand.leader]} "
                f"won {previous} and leads"
            )
        for play in trick.plays:
            seat = hand.turn
            try:
                hand.play(play.masks, True)
            except ValueError as exc:
                reason = getattr(exc, "reason", None)
                if reason == "not_followed":
                    message = _not_followed(field_name, seat, play, exc, record)
                    raise NotationError(message) from None
                if reason in ("pairs_not_followed", "tractor_not_followed"):
                    message = _format_not_followed(field_name, seat, play, exc, record)
                    raise NotationError(message) from None
                raise NotationError(
                    f"{field_name}: {SEATS[seat]}'s play "
                    f"{_play_text(play, record.level, record.trump)}: {exc}"
                ) from None
        previous = field_name.replace("tricks: ", "")
    # Voids for suits a seat played in the written tricks became true later: they are known
    # now, so the core (legal plays, the sampler) must know them too.
    for s in range(4):
        later = record.voids[s] & ~int(hand.voids(s))
        if later:
            try:
                hand.add_voids(s, later)
            except ValueError as exc:
                raise NotationError(_refusal(record, exc) or f"voids: {exc}") from None
        if record.no_pairs[s]:  # facts of now (rules §10.4): after the written tricks
            try:
                hand.add_no_pairs(s, record.no_pairs[s])
            except ValueError as exc:
                raise NotationError(_refusal(record, exc) or f"voids: {exc}") from None
        if record.no_triples[s]:  # rules §11.5's, the same way
            try:
                hand.add_no_triples(s, record.no_triples[s])
            except ValueError as exc:
                raise NotationError(_refusal(record, exc) or f"voids: {exc}") from None
    if record.stake != 1:  # rules §11.9 (the notation allows it only under stakes)
        hand.set_stake(record.stake)
    return hand


def _position_from_record(record: Record) -> tuple[_Static, _core.Hand]:
    check_playable(record)  # rules §11's presets parse, but are not played yet
    rules = record.rules
    hand = _build(record, rules, 0)
    won = int(hand.points)
    if record.points is not None and record.points != won:
        gone_points = record.points - won
        if gone_points < 0:
            raise NotationError(
                f"points: given {record.points}, but the written tricks already give the "
                f"defenders {won}"
            )
        if gone_points > record.gone.points:
            raise NotationError(
                f"points: given {record.points}, but the written tricks give the defenders "
                f"{won} and gone holds only {record.gone.points}"
            )
        if gone_points % 10 and not any(card.points == 5 for card in record.gone):
            # whole tricks' point cards: without a five, gone gives a multiple of 10
            written = f"the written tricks give the defenders {won}, " if won else ""
            raise NotationError(
                f"points: given {record.points}, but {written}gone holds no five to make up "
                f"{gone_points}"
            )
        hand.bank_points(gone_points)  # gone's points: the hand is replayed once

    if record.trick is None and record.turn is not None:
        if hand.is_over:
            raise NotationError(f"turn: given {SEATS[record.turn]}, but the hand is over")
        if hand.turn != record.turn:
            if record.tricks:
                raise NotationError(
                    f"turn: given {SEATS[record.turn]}, but {SEATS[hand.turn]} won the last "
                    f"trick and leads"
                )
            raise NotationError(  # pragma: no cover - checked by the parser
                f"turn: given {SEATS[record.turn]}, but {SEATS[hand.turn]} is to play"
            )
    static = _Static(
        preset=record.preset,
        rules=rules,
        level=record.level,
        trump=record.trump,
        declarer=record.declarer,
        levels=record.levels,
        kitty=record.kitty,
        gone=record.gone,
        dry=record.dry,
        voids=record.voids,
        stake=record.stake,
        no_triples=record.no_triples,
        no_pairs=record.no_pairs,
    )
    return static, hand


class Position:
    """A hand in its play phase. ``Position(text)`` parses a position string (docs/notation.md);
    ``str(position)`` prints its canonical form, ``Position.parse(str(p)) == p``.

    Positions are immutable: :meth:`play` returns a new one.
    """

    __slots__ = ("_static", "_hand", "_text")
    _static: _Static
    _hand: _core.Hand
    _text: str | None

    def __init__(self, text: str) -> None:
        record = parse_record(text)
        self._static, self._hand = _position_from_record(record)
        self._text = None

    @classmethod
    def parse(cls, text: str) -> Position:
        """Parse a position string; raises :class:`NotationError` naming field and token."""
        return cls(text)

    @classmethod
    def _make(cls, static: _Static, hand: _core.Hand) -> Position:
        position = object.__new__(cls)
        position._static = static
        position._hand = hand
        position._text = None
        return position

    # -- printing ------------------------------------------------------------------------
    def record(self) -> Record:
        """The position as a :class:`duidiao.play.notation.Record` in canonical form."""
        st, hand = self._static, self._hand
        tricks = tuple(
            TrickRecord(leader, tuple(Cards.from_masks(*p) for p in plays))
            for leader, plays, _winner, _points in hand.tricks()
        )
        trick = None
        if not hand.is_over:
            trick = TrickRecord(hand.leader, tuple(Cards.from_masks(*p) for p in hand.trick()))
        return Record(
            preset=st.preset,
            level=st.level,
            trump=st.trump,
            declarer=st.declarer,
            levels=st.levels,
            hands=tuple(Cards.from_masks(*hand.hand(s)) for s in range(4)),  # type: ignore[arg-type]
            unknown=tuple(int(hand.unknown(s)) for s in range(4)),  # type: ignore[arg-type]
            kitty=st.kitty,
            tricks=tricks,
            trick=trick,
            gone=st.gone,
            points=int(hand.points),
            # Only the facts stated: those the written tricks show are known without the key
            # (docs/notation.md, "Canonical form").
            voids=st.voids,
            no_pairs=st.no_pairs,
            dry=st.dry,
            switches=switches_of(st.rules),
            stake=st.stake,
            no_triples=st.no_triples,
        )

    def view(self, seat: str, exposed: Mapping[str, Cards | str] | None = None) -> Position:
        """The position as ``seat`` sees it: its own hand as it is, every other hand hidden
        (``?N``) but for the cards of ``exposed`` (seat -> cards everyone knows it holds, such
        as cards shown when declaring) that it still holds; the tricks and voids are public, and
        so is the kitty but when it is buried face down (§10.6: the declarer's alone until the
        hand is over). What to give a bot, or a player, of that seat."""
        if not isinstance(seat, str) or seat.upper() not in SEATS:
            raise ValueError(f"seat: {quote(seat)} is not a seat (S, E, N, W)")
        me = SEATS.index(seat.upper())
        shown = {s.upper(): Cards(c) if isinstance(c, str) else c
                 for s, c in (exposed or {}).items()}
        # The core conceals the hands (no replay, no re-parse): the exposed cards each seat
        # still holds stay known.
        hand = engine_module(self.rules).view_of(
            self._hand, me, [shown.get(s, Cards()).masks for s in SEATS])
        static = self._static
        # §10.6: a kitty buried face down is the declarer's secret until the hand is over.
        if (self.rules.kitty_burial == "face_down" and me != static.declarer
                and not self.is_over and static.kitty is not None):
            hand.hide_kitty()
            static = dataclasses.replace(static, kitty=None)
        return Position._make(static, hand)

    def notation(self) -> str:
        """The canonical position string."""
        if self._text is None:
            self._text = format_record(self.record())
        return self._text

    def __str__(self) -> str:
        return self.notation()

    def __repr__(self) -> str:
        return f"Position({self.notation()!r})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Position):
            return self.notation() == other.notation()
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.notation())

    def __reduce__(self) -> tuple[type[Position], tuple[str]]:
        return (Position, (self.notation(),))

    def __copy__(self) -> Position:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Position:
        return self

    # -- properties ----------------------------------------------------------------------
    @property
    def preset(self) -> str:
        return self._static.preset

    @property
    def rules(self) -> Rules:
        return self._static.rules

    @property
    def level(self) -> Level:
        """The level being played: ``'A'``, ``'2'``…``'9'``, ``'T'``, ``'J'``, ``'Q'``, ``'K'``."""
        return self._static.level

    @property
    def trump(self) -> str:
        """The trump suit letter, or ``'NT'`` for a hand without trumps (rules §10.1)."""
        return TRUMP_LETTERS[self._static.trump]

    @property
    def declarer(self) -> str:
        return SEATS[self._static.declarer]

    @property
    def turn(self) -> str | None:
        """The seat to play, None when the hand is over."""
        if self._hand.is_over:
            return None
        return SEATS[self._hand.turn]

    @property
    def is_over(self) -> bool:
        return bool(self._hand.is_over)

    @property
    def hands(self) -> dict[str, Cards]:
        """Seat letter → the known cards of its hand."""
        return {SEATS[s]: Cards.from_masks(*self._hand.hand(s)) for s in range(4)}

    @property
    def unknown(self) -> dict[str, int]:
        """Seat letter → how many cards of its hand are not known."""
        return {SEATS[s]: int(self._hand.unknown(s)) for s in range(4)}

    @property
    def kitty(self) -> Cards | None:
        """The buried kitty, None when unknown."""
        return self._static.kitty

    @property
    def dry(self) -> bool:
        """The kitty was 干巴锅 (§6.3)."""
        return self._static.dry

    @property
    def stake(self) -> int:
        """The hand's stake (rules §11.9, ``stake=``): 1 but under rules with stakes."""
        return self._static.stake

    @property
    def gone(self) -> Cards:
        """Cards of earlier tricks that are not written in ``tricks``."""
        return self._static.gone

    @property
    def points(self) -> int:
        """The defenders' points so far."""
        return int(self._hand.points)

    @property
    def levels(self) -> dict[str, Level]:
        """Team (``'NS'``, ``'EW'``) → its level."""
        return {TEAMS[t]: self._static.levels[t] for t in range(2)}

    def core_levels(self) -> tuple[int, int]:
        """The teams' levels (NS, EW) as the core numbers them: places on the rules' ladder."""
        rules, levels = self._static.rules, self._static.levels
        return rules.position(levels[0]), rules.position(levels[1])

    @property
    def voids(self) -> dict[str, str]:
        """Seat letter → its known voids as effective suit letters (``'TH'``), or ``''``."""
        return {
            SEATS[s]: "".join(EFFECTIVE_SUITS[e] for e in (4, 0, 1, 2, 3) if mask >> e & 1)
            for s, mask in enumerate(self.void_masks)
        }

    @property
    def void_masks(self) -> tuple[int, int, int, int]:
        """Per seat (S, E, N, W), its known voids as a mask: bit ``e`` for effective suit
        ``e`` (0..3 H D S C, 4 trumps) — :attr:`voids` as numbers."""
        hand, static = self._hand, self._static.voids
        return tuple(static[s] | int(hand.voids(s)) for s in range(4))  # type: ignore[return-value]

    @property
    def no_pair_masks(self) -> tuple[int, int, int, int]:
        """Per seat (S, E, N, W), the effective suits (bits as in :attr:`void_masks`) it is
        known to hold no pair in (rules §10.4: it followed a pair lead without one)."""
        return tuple(int(self._hand.no_pairs(s)) for s in range(4))  # type: ignore[return-value]

    @property
    def tricks(self) -> list[Trick]:
        """The completed tricks written in ``tricks`` and those played since, oldest first."""
        return [
            Trick(
                SEATS[leader],
                tuple(Cards.from_masks(*p) for p in plays),
                SEATS[winner],
                int(points),
                (self._static.level, self._static.trump),
            )
            for leader, plays, winner, points in self._hand.tricks()
        ]

    @property
    def current_trick(self) -> Trick | None:
        """The trick in progress (``winner`` is None), None when the hand is over."""
        if self._hand.is_over:
            return None
        plays = tuple(Cards.from_masks(*p) for p in self._hand.trick())
        order = (self._static.level, self._static.trump)
        return Trick(SEATS[self._hand.leader], plays, None, sum(p.points for p in plays), order)

    def format_cards(self, cards: Cards) -> str:
        """A card list in this position's notation order (trumps first)."""
        return format_cards(cards, self._static.level, self._static.trump)

    # -- moves ---------------------------------------------------------------------------
    def seat_to_choose(self, what: str) -> str:
        """The seat to move, for a search that chooses its play (``what``: "a play is chosen",
        "analysis is done"...); :class:`HiddenCardsError` when the hand is over or that seat's
        cards are not all known."""
        if self.is_over:
            raise HiddenCardsError("the hand is over: there is no play to choose")
        seat = int(self._hand.turn)
        n = int(self._hand.unknown(seat))
        if n:
            raise HiddenCardsError(
                f"{what} from the view of the seat to move, {SEATS[seat]}, "
                f"and {n} of its cards are unknown"
            )
        return SEATS[seat]

    def _require_known_mover(self) -> int:
        seat = int(self._hand.turn)
        n = int(self._hand.unknown(seat))
        if n:
            raise HiddenCardsError(
                f"legal moves need {SEATS[seat]}'s hand, and {n} of its cards are unknown"
            )
        return seat

    def legal_moves(self) -> list[Move]:
        """Every legal play of the seat to move, each distinct card multiset once (throws of
        side suits included), in notation order. Empty when the hand is over; raises
        :class:`HiddenCardsError` when the mover's hand is not fully known."""
        if self._hand.is_over:
            return []
        self._require_known_mover()
        count = int(self._hand.count_legal_moves())
        if count > LEGAL_LIST_MAX:
            raise ValueError(
                f"{count:,} legal moves (throws in trumps, rules §10.3): more than "
                f"{LEGAL_LIST_MAX:,} are not listed; count them with count_legal_moves(), "
                "or go through them with iter_legal_moves()"
            )
        st = self._static
        order = (st.level, st.trump)
        moves = [Move(Cards.from_masks(*m), order) for m in self._hand.legal_moves()]

        moves.sort(key=lambda move: play_order_key(move.cards, st.level, st.trump))
        return moves

    def card_choice(self, chosen: Cards | str | Iterable[CardLike]) -> CardChoice:
        """The play chosen a card at a time (a frontend's or an environment's): which faces
        can join ``chosen`` on the way to a legal play, and whether ``chosen`` is a legal play
        itself (the legal moves decide: leads with every throw, the follow duties). Cards
        the mover does not hold lead nowhere: nothing is addable. Raises
        :class:`HiddenCardsError` when the mover's hand is not fully known."""
        cards = _chosen_cards(chosen)
        if self._hand.is_over:
            return CardChoice(Cards(), False)
        self._require_known_mover()
        addable, complete = self._hand.extensions(cards.masks)
        return CardChoice(Cards.from_masks(int(addable), 0), bool(complete))

    def legal_moves_page(self, first: int, limit: int) -> list[Move]:
        """The legal moves numbered ``first`` to ``first + limit - 1`` in the engine's own
        order (singles, pairs, tractors, then the throws suit by suit; not notation order), in
        memory for ``limit`` moves however many there are: for hands with millions of throws
        (rules §10.3). Each page costs one pass of the enumeration (a few ns a move)."""
        if isinstance(first, bool) or not isinstance(first, int) or first < 0:
            raise ValueError(f"first: {first!r} is not a move number (0 or more)")
        bad_limit = isinstance(limit, bool) or not isinstance(limit, int)
        if bad_limit or not 0 <= limit <= LEGAL_LIST_MAX:
            raise ValueError(f"limit: {limit!r} is not a page size (0 to {LEGAL_LIST_MAX:,})")
        if self._hand.is_over or limit == 0:
            return []
        self._require_known_mover()
        order = (self._static.level, self._static.trump)
        return [
            Move(Cards.from_masks(*m), order) for m in self._hand.legal_moves_page(first, limit)
        ]

    def iter_legal_moves(self, page: int = 10_000) -> Iterator[Move]:
        """Every legal move, lazily, a page of ``page`` at a time (the order of
        :meth:`legal_moves_page`): what :meth:`legal_moves` refuses to list beyond
        100,000 moves."""
        count = self.count_legal_moves()
        for first in range(0, count, page):
            yield from self.legal_moves_page(first, page)

    def count_legal_moves(self) -> int:
        """``len(self.legal_moves())`` without building the list."""
        if self._hand.is_over:
            return 0
        self._require_known_mover()
        return int(self._hand.count_legal_moves())

    def parse_move(self, move: MoveLike) -> Move:
        """A :class:`Move` from a Move, Cards or card list string, ordered for this position."""
        if isinstance(move, Move):
            cards = move.cards
        elif isinstance(move, Cards):
            cards = move
        elif isinstance(move, str):
            cards = Move.parse(move).cards
        else:
            raise TypeError(f"a move is a Move, Cards or str, not {type(move).__name__}")
        return Move(cards, (self._static.level, self._static.trump))

    def play(self, move: MoveLike) -> Position:
        """The position after the seat to move plays ``move`` (a Move, Cards or ``'AH,AH'``).

        A throw that fails is replaced by the forced component (rules §5.2); see
        :meth:`played`. Raises :class:`IllegalMoveError` saying why a move is not legal.
        """
        return self._play(move)[0]

    def played(self, move: MoveLike) -> tuple[Position, Move]:
        """Like :meth:`play`, also returning the cards actually played (a failed throw is
        replaced by its forced component)."""
        return self._play(move)

    def _play(self, move: MoveLike) -> tuple[Position, Move]:
        m = self.parse_move(move)
        hand = self._hand
        if hand.is_over:
            raise IllegalMoveError(f"{m} cannot be played: the hand is over")
        if not m.cards:
            raise IllegalMoveError("a move plays at least one card")
        rules = self._static.rules
        too_many = copies_beyond(m.cards, rules.decks, rules.name)
        if too_many:  # said in the rules' words, before the core's build says its own
            raise IllegalMoveError(f"{m} cannot be played: {too_many}", "not_held")
        new = hand.copy()
        try:
            actual = new.play(m.cards.masks, False)
        except ValueError as exc:
            reason = getattr(exc, "reason", None)
            raise IllegalMoveError(f"{m} cannot be played: {exc}", reason) from None
        played = Move(Cards.from_masks(*actual), (self._static.level, self._static.trump))
        return Position._make(self._static, new), played

    def is_legal(self, move: MoveLike) -> bool:
        """Whether ``move`` can be played (a throw that would fail counts as legal)."""
        try:
            self._play(move)
        except ValueError:
            return False
        return True

    # -- result --------------------------------------------------------------------------
    def result(self) -> HandResult:
        """The result of the finished hand (rules §7). Raises :class:`HiddenCardsError`
        while the hand is not over or when the kitty is unknown."""
        if not self._hand.is_over:
            raise HiddenCardsError("no result yet: the hand is not over")
        if self._static.kitty is None:
            raise HiddenCardsError("the result needs the kitty, which is unknown "
                                   f"(kitty=?{self._static.rules.sizes.kitty_cards})")
        levels = self._static.levels
        rules = self._static.rules
        core = self._hand.result(rules.position(levels[0]), rules.position(levels[1]))
        return HandResult.from_core(core, rules)

    @property
    def core(self) -> _core.Hand:
        """A copy of the underlying ``_core.Hand`` (for the search and tests)."""
        return self._hand.copy()
