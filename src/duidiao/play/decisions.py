"""Decisions: the one currency of a choice in a hand, the one question that asks a player for it,
and the one door through which it changes a game (docs/players.md).

- :class:`Decision` describes any choice of a hand — a declaration or a pass, a bury, a
  counter (反底), 抢牌, 潇洒, a play — and, once applied, its record (docs/records.md).
- :func:`decide` asks a player for the decision of an observation (its seat's view);
  :func:`ask` for the decision at a game's current point.
- :func:`apply` (what ``Game.apply`` does) is the only way a choice changes a game.

A player is any object with one ``decide(observation) -> Decision`` method (:class:`Player`); a
built-in bot answers in the core (``Player::decide``), and a player of the five methods
``declare``, ``bury``, ``grab``, ``xiaosa``, ``play`` (:class:`PhasePlayer`, the interface before
the decision currency) is asked through the adapter here. This is the only module that tells a
decision's phases apart: tests/test_house.py fails on a dispatch on them anywhere else.

>>> import duidiao
>>> from duidiao.play.decisions import Decision, ask
>>> game = duidiao.Game.deal(seed=1, declarer="S")
>>> decision = ask(duidiao.make_bot("heuristic"), game)
>>> decision.seat == game.to_act, decision.phase
(True, 'declare')
>>> game.apply(decision).to_dict()["seat"] == decision.seat
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from duidiao import _core
from duidiao.play._limits import quote
from duidiao.play.builds import engine_module
from duidiao.play.cards import (
    SEATS,
    TRUMP_LETTERS,
    Card,
    CardLike,
    Cards,
    _suit_number,
    copies_beyond,
)
from duidiao.play.enums import Phase
from duidiao.play.errors import IllegalMoveError
from duidiao.play.notation import format_cards
from duidiao.play.position import Move
from duidiao.play.rules import DECLARE_KINDS, Rules

if TYPE_CHECKING:
    from duidiao.play.game import DeclareOption, Game, Observation
    from duidiao.play.level import Level

__all__ = [
    "Decision",
    "Player",
    "PhasePlayer",
    "ACTIONS",
    "DECLINABLE",
    "decide",
    "ask",
    "apply",
    "step",
    "options",
    "seen_by_others",
    "hidden_pass",
    "asked_at",
]

ACTIONS = ("declare", "pass", "bury", "counter", "grab", "xiaosa", "play")
"""What a decision does; ``pass`` declines a declaration, a counter, a grab or 潇洒."""
DECLINABLE = (Phase.DECLARE, Phase.COUNTER, Phase.GRAB, Phase.XIAOSA)
"""The phases whose decision may be a pass."""
_JOKERS = Cards("SJ,SJ,BJ,BJ")


@dataclass(frozen=True)
class Decision:
    """One choice of a hand, or once applied its record (in the order made).

    ``action`` is ``"declare"`` (``suit``, ``kind``; ``drawn`` once applied), ``"pass"``
    (``phase`` says what was declined: ``"declare"``, with ``drawn`` once applied,
    ``"counter"``, ``"grab"``, with ``card`` the offer, or ``"xiaosa"``), ``"bury"``
    (``cards``), ``"counter"`` (反底, rules §11.8: ``suit``, ``kind``), ``"grab"`` (``put``;
    ``card`` the card taken), ``"xiaosa"`` (``cards`` the jokers, ``taken``) or ``"play"``
    (``cards``; once applied, what they came to: a failed throw is recorded as its forced
    component, as in the position notation). Make one with :meth:`declare_`, :meth:`pass_`,
    :meth:`bury_`, :meth:`counter_`, :meth:`grab_`, :meth:`xiaosa_` or :meth:`play_`.
    """

    seat: str
    action: str
    phase: str
    suit: str | None = None
    kind: str | None = None
    drawn: int | None = None
    cards: Cards | None = None
    card: Card | None = None
    put: Card | None = None
    taken: Cards | None = None

    # -- making one --------------------------------------------------------------------------
    @classmethod
    def declare_(cls, seat: str, suit: str, kind: str = "single") -> Decision:
        """Declare ``suit`` (H, D, S, C; NT for a joker pair) with a declaration of ``kind``."""
        return cls(seat, "declare", "declare", suit=suit, kind=kind)

    @classmethod
    def pass_(cls, seat: str, phase: str) -> Decision:
        """Decline: no declaration, no counter, no grab, no 潇洒 (``phase`` says which)."""
        return cls(seat, "pass", phase)

    @classmethod
    def counter_(cls, seat: str, suit: str, kind: str) -> Decision:
        """反底 (rules §11.8): show a declaration of ``kind`` (a pair or more) stronger than the
        one standing, take the kitty and bury again."""
        return cls(seat, "counter", "counter", suit=suit, kind=kind)

    @classmethod
    def bury_(cls, seat: str, cards: Cards | str) -> Decision:
        return cls(seat, "bury", "bury", cards=Cards(cards))

    @classmethod
    def grab_(cls, seat: str, put: CardLike) -> Decision:
        """抢牌: take the offered card, putting ``put`` in its place."""
        return cls(seat, "grab", "grab", put=Card(put))

    @classmethod
    def xiaosa_(cls, seat: str, jokers: Cards | str, taken: Cards | str) -> Decision:
        return cls(seat, "xiaosa", "xiaosa", cards=Cards(jokers), taken=Cards(taken))

    @classmethod
    def play_(cls, seat: str, cards: Cards | str | Move) -> Decision:
        return cls(seat, "play", "play",
                   cards=cards.cards if isinstance(cards, Move) else Cards(cards))

    @property
    def chosen(self) -> Cards:
        """The cards the decision chooses (the cards to bury, the card put in a grabbed one's
        place, 潇洒's jokers and taken cards together, a play); none for the others."""
        if self.action == "grab":
            assert self.put is not None
            return Cards([self.put])
        if self.action == "xiaosa":
            assert self.cards is not None and self.taken is not None
            return self.cards | self.taken
        return self.cards if self.action in ("bury", "play") and self.cards else Cards()

    @classmethod
    def of_chosen(cls, seat: str, phase: str, chosen: Cards) -> Decision:
        """The decision of ``phase`` that chooses these cards (the inverse of :attr:`chosen`)."""
        if phase == Phase.BURY:
            return cls.bury_(seat, chosen)
        if phase == Phase.GRAB:
            return cls.grab_(seat, next(iter(chosen)))
        if phase == Phase.XIAOSA:
            jokers = chosen & _JOKERS
            return cls.xiaosa_(seat, jokers, chosen - jokers)
        if phase == Phase.PLAY:
            return cls.play_(seat, chosen)
        raise ValueError(f"a {phase} decision is not made of cards")

    @classmethod
    def from_choice(cls, seat: str, fields: Mapping[str, Any],
                    rules: Rules | None = None) -> Decision:
        """A choice in its wire form (the game server's ``act``): ``action`` and its fields
        (``suit``, ``kind``; ``cards``; ``put``; ``jokers``, ``taken``), card lists as the
        notation writes them; ``phase`` for a ``pass``. ValueError names a bad field, and a
        card list holding a card more often than ``rules``' packs, when given."""
        action = fields.get("action")

        def cards(name: str) -> Cards:
            try:
                chosen = Cards.parse(str(fields[name]))
            except (KeyError, ValueError) as exc:
                raise ValueError(f"{name}: {exc}") from None
            too_many = None if rules is None else copies_beyond(chosen, rules.decks, rules.name)
            if too_many:
                raise ValueError(f"{name}: {too_many}")
            return chosen

        if action in ("declare", "counter"):
            make = cls.declare_ if action == "declare" else cls.counter_
            try:
                return make(seat, str(fields["suit"]).upper(), str(fields["kind"]))
            except KeyError as exc:
                raise ValueError(f"{action}: missing field {exc}") from None
        if action == "pass":
            return cls.pass_(seat, str(fields["phase"]))
        if action == "bury":
            return cls.bury_(seat, cards("cards"))
        if action == "grab":
            try:
                return cls.grab_(seat, Card.parse(str(fields["put"])))
            except ValueError as exc:
                raise ValueError(f"put: {exc}") from None
        if action == "xiaosa":
            return cls.xiaosa_(seat, cards("jokers"), cards("taken"))
        if action == "play":
            return cls.play_(seat, cards("cards"))
        raise ValueError(f"action: {quote(str(action))} is not one of {', '.join(ACTIONS)}")

    # -- records -----------------------------------------------------------------------------
    def to_dict(self, order: tuple[Level, int] | None = None) -> dict[str, Any]:
        """The record form (docs/records.md). With ``order`` = (level, trump number), card
        lists are written in notation order (trumps first)."""

        def text(cards: Cards | None) -> str:
            assert cards is not None
            return format_cards(cards, *order) if order is not None else str(cards)

        out: dict[str, Any] = {"seat": self.seat}
        if self.action == "declare":
            out.update(declare=self.suit, kind=self.kind, drawn=self.drawn)
        elif self.action == "counter":
            out.update(counter=self.suit, kind=self.kind)
        elif self.action == "pass":
            out["pass"] = self.phase
            if self.drawn is not None:
                out["drawn"] = self.drawn
            if self.card is not None:
                out["offer"] = str(self.card)
        elif self.action == "bury":
            out["bury"] = text(self.cards)
        elif self.action == "grab":
            out.update(grab=str(self.card), put=str(self.put))
        elif self.action == "xiaosa":
            out.update(xiaosa=text(self.cards), take=text(self.taken))
        elif self.action == "play":
            out["play"] = text(self.cards)
        else:  # pragma: no cover - made only here
            raise ValueError(f"unknown action {self.action!r}")
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Decision:
        """Parse the record form; raises ValueError naming what is wrong."""
        from duidiao.play.seats import TRICK_SEATS

        try:
            seat = TRICK_SEATS.seat(data["seat"])
            for action in ("declare", "counter"):
                if action not in data:
                    continue
                kind = str(data["kind"])
                if kind not in DECLARE_KINDS:
                    raise ValueError(f"kind {kind!r} is not one of {', '.join(DECLARE_KINDS)}")
                suit = TRUMP_LETTERS[_suit_number(data[action], action)]
                if action == "counter":
                    return cls.counter_(seat, suit, kind)
                return replace(cls.declare_(seat, suit, kind), drawn=int(data["drawn"]))
            if "pass" in data:
                phase = str(data["pass"])
                if phase not in DECLINABLE:
                    raise ValueError(f"pass: {phase!r} is not one of {', '.join(DECLINABLE)}")
                drawn = int(data["drawn"]) if "drawn" in data else None
                offer = Card.parse(data["offer"]) if "offer" in data else None
                return replace(cls.pass_(seat, phase), drawn=drawn, card=offer)
            if "bury" in data:
                return cls.bury_(seat, Cards.parse(data["bury"]))
            if "grab" in data:
                return replace(cls.grab_(seat, Card.parse(data["put"])),
                               card=Card.parse(data["grab"]))
            if "xiaosa" in data:
                return cls.xiaosa_(seat, Cards.parse(data["xiaosa"]), Cards.parse(data["take"]))
            if "play" in data:
                return cls.play_(seat, Cards.parse(data["play"]))
        except (KeyError, TypeError) as exc:
            raise ValueError(f"decision {dict(data)!r}: missing or bad field {exc}") from None
        raise ValueError(f"decision {dict(data)!r}: no action (declare, pass, bury, counter, ...)")


# -- players ------------------------------------------------------------------------------------


@runtime_checkable
class Player(Protocol):
    """A player: asked for the decision of its seat's observation, whatever the phase; the
    options are the observation's (``obs.declare_options()`` — the counters in 反底 —,
    ``obs.xiaosa_takeable()``,
    ``obs.grab_offer``, ``obs.legal_moves()``). A decision that is not legal is refused
    (:class:`~duidiao.IllegalMoveError` naming the seat) and changes nothing."""

    def decide(self, obs: Observation) -> Decision:
        ...


@runtime_checkable
class PhasePlayer(Protocol):
    """A player of five methods, one per phase (the interface before :class:`Player`; still
    asked, through an adapter)."""

    def declare(self, obs: Observation, options: list[DeclareOption]) -> DeclareOption | None:
        """One of ``options`` (a declaration open now), or None to pass (§6.2); in 反底
        (``obs.phase == "counter"``, rules §11.8) the counters open now."""
        ...

    def bury(self, obs: Observation) -> Cards:
        """8 cards of ``obs.hand`` (33 cards) to bury (§6.3)."""
        ...

    def grab(self, obs: Observation) -> Card | None:
        """A card of ``obs.hand`` to put in the kitty for ``obs.grab_offer``, or None (抢牌)."""
        ...

    def xiaosa(self, obs: Observation, takeable: Cards) -> tuple[Cards, Cards] | None:
        """``(jokers, taken)``: jokers of ``obs.hand`` into the kitty and as many cards of
        ``takeable`` back; None to pass (潇洒, §6.4)."""
        ...

    def play(self, obs: Observation, moves: list[Move]) -> Move:
        """One of ``moves`` (the legal plays; ``obs.position`` is the play as this seat sees
        it)."""
        ...


def _core_bot(player: Any, rules: Rules) -> _core.Bot | None:
    """The core's ``Bot`` of a built-in bot (answering in the core), of the build that plays
    ``rules``; else None."""
    core_for = getattr(player, "core_for", None)
    if core_for is not None:  # a CoreBot: a bot of each build it is asked in
        return core_for(rules)
    bot = getattr(player, "core", None)
    return bot if isinstance(bot, engine_module(rules).Bot) else None


def _from_raw(raw: tuple[Any, ...]) -> Decision:
    """A decision as the core gives it: (phase, seat, pass, suit, kind, cards, taken, put)."""
    phase_n, seat_n, passed, suit, kind, cards, taken, put = raw
    seat, phase = SEATS[seat_n], Phase(_PHASES[phase_n])
    if passed:
        return Decision.pass_(seat, phase)
    if phase is Phase.DECLARE:
        return Decision.declare_(seat, TRUMP_LETTERS[suit], DECLARE_KINDS[kind - 1])
    if phase is Phase.COUNTER:
        return Decision.counter_(seat, TRUMP_LETTERS[suit], DECLARE_KINDS[kind - 1])
    if phase is Phase.GRAB:
        return Decision.grab_(seat, Card(put))
    if phase is Phase.XIAOSA:
        return Decision.xiaosa_(seat, Cards.from_masks(*cards), Cards.from_masks(*taken))
    return Decision.of_chosen(seat, phase, Cards.from_masks(*cards))


def _to_raw(d: Decision) -> tuple[Any, ...]:
    """The core's form of a checked decision (:func:`_from_raw`'s inverse)."""
    none = (0, 0)
    passed = d.action == "pass"
    suit = -1 if d.suit is None else TRUMP_LETTERS.index(d.suit)
    kind = 0 if d.kind is None else DECLARE_KINDS.index(d.kind) + 1
    cards = (none if passed or d.action in ("declare", "counter", "grab") or d.cards is None
             else d.cards.masks)
    taken = d.taken.masks if d.action == "xiaosa" and d.taken is not None else none
    put = d.put.id if d.action == "grab" and d.put is not None else -1
    return (int(_core.Phase.__members__[str(d.phase)]), SEATS.index(d.seat), passed, suit, kind,
            cards, taken, put)


_PHASES = {int(member): name for name, member in _core.Phase.__members__.items()}


def _refuse(seat: str | None, what: str, answer: object, why: str) -> IllegalMoveError:
    return IllegalMoveError(f"{seat}'s {what} answer {answer!r:.80} is not legal: {why}")


def _phase_answer(player: Any, obs: Observation) -> Decision:
    """Ask a :class:`PhasePlayer` the method of the observation's phase, its answer made a
    decision (the adapter)."""
    seat, phase = obs.seat, obs.phase
    assert seat is not None
    if phase in (Phase.DECLARE, Phase.COUNTER):
        options = obs.declare_options()
        answer = player.declare(obs, list(options))
        if answer is None:
            return Decision.pass_(seat, phase)
        if answer not in options:
            raise _refuse(seat, str(phase), answer, f"not one of the options {options}")
        make = Decision.declare_ if phase is Phase.DECLARE else Decision.counter_
        return make(seat, answer[0], answer[1])
    if phase is Phase.BURY:
        cards = player.bury(obs)
        try:
            return Decision.bury_(seat, cards if isinstance(cards, Cards) else Cards(cards))
        except (ValueError, TypeError) as exc:
            raise _refuse(seat, "bury", cards, str(exc)) from None
    if phase is Phase.GRAB:
        card = player.grab(obs)
        if card is None:
            return Decision.pass_(seat, phase)
        try:
            return Decision.grab_(seat, card)
        except (ValueError, TypeError) as exc:
            raise _refuse(seat, "grab", card, str(exc)) from None
    if phase is Phase.XIAOSA:
        answer_x = player.xiaosa(obs, obs.xiaosa_takeable())
        if answer_x is None:
            return Decision.pass_(seat, phase)
        try:
            jokers, taken = answer_x
            return Decision.xiaosa_(seat, Cards(jokers), Cards(taken))
        except (TypeError, ValueError):
            raise _refuse(seat, "xiaosa", answer_x, "expected (jokers, taken) or None") from None
    if phase is Phase.PLAY:
        moves = obs.legal_moves()
        move = player.play(obs, moves)
        try:
            cards = move.cards if isinstance(move, Move) else (
                move if isinstance(move, Cards) else Cards.parse(str(move)))
        except ValueError as exc:
            raise _refuse(seat, "play", move, str(exc)) from None
        if all(m.cards != cards for m in moves):
            raise _refuse(seat, "play", str(move), "not one of the legal moves")
        return Decision.play_(seat, cards)
    raise IllegalMoveError(f"there is no decision in the {phase} phase")


def _at(decision: Decision, drawn: int, offer: Card | None) -> Decision:
    """The decision with the facts of the point it is made at (the cards drawn, the offer),
    as its record states them."""
    if decision.phase == Phase.DECLARE:
        return replace(decision, drawn=drawn)
    if decision.phase == Phase.GRAB:
        return replace(decision, card=offer)
    return decision


def decide(player: Any, obs: Observation) -> Decision:
    """The decision ``player`` makes from ``obs`` (its seat's observation, at a decision): a
    built-in bot answers in the core, a :class:`Player` with ``decide``, a
    :class:`PhasePlayer` with the method of the phase. An answer that is no decision of this
    seat and phase is refused (:class:`~duidiao.IllegalMoveError`)."""
    seat = obs.seat
    if seat is None or obs.phase not in _ASKED:
        raise IllegalMoveError(f"nobody decides in this observation ({obs.phase})")
    bot = _core_bot(player, obs.rules)
    if bot is not None:
        return _at(_from_raw(bot.decide(obs.core_view())), obs.drawn, obs.grab_offer)
    if hasattr(player, "decide"):
        answer = player.decide(obs)
        if not isinstance(answer, Decision):
            raise _refuse(seat, str(obs.phase), answer, "a player's decide returns a Decision")
    elif isinstance(player, PhasePlayer):
        answer = _phase_answer(player, obs)
    else:
        raise TypeError(f"{type(player).__name__} is not a player: it has no decide method "
                        "(nor the five methods declare, bury, grab, xiaosa, play)")
    if answer.seat != seat or answer.phase != obs.phase:
        raise _refuse(seat, str(obs.phase), answer,
                      f"it is {seat}'s {obs.phase}, not {answer.seat}'s {answer.phase}")
    return _at(answer, obs.drawn, obs.grab_offer)


_ASKED = (Phase.DECLARE, Phase.BURY, Phase.COUNTER, Phase.GRAB, Phase.XIAOSA, Phase.PLAY)


def ask(player: Any, game: Game) -> Decision:
    """The decision ``player`` makes at ``game``'s current point, for the seat to act (a
    built-in bot straight from the core's observation, no Python one built)."""
    seat = game.to_act
    if seat is None:
        raise IllegalMoveError("the hand is over: there is no decision to ask for")
    bot = _core_bot(player, game.rules)
    if bot is not None:
        raw = game._core.observe(SEATS.index(seat), bool(bot.sees_everything))
        return _at(_from_raw(bot.decide(raw)), game.drawn, game.grab_offer)
    return decide(player, game.observe(seat))


def step(game: Game, player: Any) -> Decision:
    """Ask ``player`` for the decision at ``game``'s point and apply it; returns its record."""
    return game.apply(ask(player, game))


# -- the door -------------------------------------------------------------------------------------


def apply(game: Game, decision: Decision, recorded: bool = False) -> Decision:
    """Apply ``decision`` to ``game`` (what :meth:`Game.apply` does); returns its record (the
    cards drawn, the offer, what a play came to filled in). Every fact a decision states must
    fit the game (the seat, the phase; a record's cards drawn, offer and, ``recorded``, that a
    play stands as written), or :class:`~duidiao.IllegalMoveError` names what does not and
    nothing changes."""
    d = decision
    if not isinstance(d, Decision):
        raise TypeError(f"a decision is a Decision, not {type(d).__name__}")
    if game.is_over:
        raise IllegalMoveError("the hand is already over")
    what = {"pass": "decline"}.get(d.action, d.action)
    if game.phase != d.phase:
        raise game._refuse(what, f"the game is in its {game.phase} phase")
    if game.to_act != d.seat:
        raise IllegalMoveError(f"the game asks {game.to_act} to {game.phase}, not {d.seat}")
    fits = d.phase in DECLINABLE if d.action == "pass" else d.action == d.phase
    if d.action not in ACTIONS or not fits:
        raise game._refuse(what, f"{d.action!r} is not a decision of the {d.phase} phase")
    for cards in (d.cards, d.taken):
        too_many = None if cards is None else copies_beyond(cards, game.rules.decks,
                                                            game.rules.name)
        if too_many:  # said in the rules' words, before the core's build says its own
            raise game._refuse(what, too_many)
    facts: dict[str, Any] = {}
    if d.phase == Phase.DECLARE:
        if d.drawn is not None and d.drawn != game.drawn:
            raise IllegalMoveError(f"made after {d.drawn} cards, the game is at {game.drawn}")
        facts["drawn"] = game.drawn
    if d.action in ("declare", "counter"):
        _check_declaration(game, d)
    elif d.phase == Phase.GRAB:
        offer = game.grab_offer
        if d.card is not None and d.card != offer:
            raise IllegalMoveError(f"the offer is {offer}, not {d.card}")
        facts["card"] = offer
    elif d.action == "play":
        _check_play(game, d)
    raw = _to_raw(d)
    if recorded and d.action == "play":
        # A recorded play is what the cards came to: it must stand as it is.
        trial = game._core.copy()
        actual = Cards.from_masks(*game._apply(what, trial.apply, raw))
        if actual != d.cards:
            raise IllegalMoveError(f"{actual} would be played, not {d.cards}")
    actual = Cards.from_masks(*game._apply(what, game._core.apply, raw))
    if d.action == "play":
        facts["cards"] = actual
    record = replace(d, **facts)
    game._history.append(record)
    return record


def _check_declaration(game: Game, d: Decision) -> None:
    """A declaration (or a counter) of a suit and kind the rules know, open now (the message
    lists those)."""
    what = d.action
    try:
        suit = TRUMP_LETTERS[_suit_number(str(d.suit), "suit")]
    except ValueError as exc:
        raise game._refuse(what, str(exc)) from None
    if d.kind not in DECLARE_KINDS:
        raise game._refuse(what, f"{d.kind!r} is not a kind ({', '.join(DECLARE_KINDS)})")
    options = game.declare_options()
    if (suit, d.kind) not in options:
        open_text = ", ".join(f"{o.kind} {o.suit}" for o in options) or "none"
        raise game._refuse(
            what, f"{d.kind} {suit} is not open (open: {open_text}, or decline)"
        )


def _check_play(game: Game, d: Decision) -> None:
    cards, seat = d.cards, d.seat
    if not cards:
        raise game._refuse("play", "a play has at least one card")
    held = game.held(seat)
    if not cards.issubset(held):
        raise game._refuse("play", f"{seat} does not hold {cards - (cards & held)}")


def hidden_pass(phase: str) -> bool:
    """Whether the others do not see a seat pass in this phase: declining to declare or to
    潇洒 shows nothing at the table (and the game asks only a seat that could); declining a
    grab (the offer goes on to the next seat) or a counter (反底 goes round the table until
    three seats pass, rules §11.8) is seen."""
    return phase in (Phase.DECLARE, Phase.XIAOSA)


def asked_at(game: Game) -> tuple[str | None, str, int | None]:
    """Where the game asks for a decision: the seat, the phase, and while declaring the cards
    drawn (a seat is asked again at each card it draws). Two decisions made at the same point
    of two deals of the same hand have the same point."""
    drawn = game.drawn if game.phase == Phase.DECLARE else None
    return (game.to_act, str(game.phase), drawn)


def seen_by_others(record: Decision | Mapping[str, Any], kitty_public: bool,
                   order: tuple[Level, int] | None = None) -> dict[str, Any] | None:
    """An applied decision (or its record form) as the other seats see it at the table, in
    its record form: None for a pass of declaring or of 潇洒 (nobody sees a seat not declare —
    and the game asks only a seat that could), a bury face down (§10.6) as its seat and count
    (``?8``); the rest as it is (a record form's other keys kept). ``kitty_public``: whether
    the kitty is face up now."""
    d = record if isinstance(record, Decision) else Decision.from_dict(record)
    if d.action == "pass" and hidden_pass(d.phase):
        return None
    out = d.to_dict(order) if isinstance(record, Decision) else dict(record)
    if d.action == "bury" and not kitty_public:
        out["bury"] = f"?{len(d.cards or ())}"
    return out


def options(obs: Observation) -> dict[str, Any] | None:
    """What the seat may choose at ``obs``'s decision, JSON-ready: ``{"declare": [{"suit",
    "kind"}, …]}``, ``{"bury": k}`` (the kitty's cards), ``{"counter": [{"suit", "kind"}, …]}``,
    ``{"grab_offer": card}``, ``{"xiaosa_takeable": cards}``,
    or for a play ``{"moves": [...], "count": n}`` (at most :data:`MOVES_LISTED` listed, none
    when there are over :data:`MOVES_COUNTED`); None when nobody decides."""
    phase = obs.phase
    if obs.seat is None or phase not in _ASKED:
        return None
    if phase in (Phase.DECLARE, Phase.COUNTER):
        return {str(phase): [{"suit": o.suit, "kind": o.kind} for o in obs.declare_options()]}
    if phase is Phase.BURY:
        return {"bury": obs.rules.sizes.kitty_cards}
    if phase is Phase.GRAB:
        return {"grab_offer": str(obs.grab_offer)}
    if phase is Phase.XIAOSA:
        takeable = obs.xiaosa_takeable()
        text = takeable.notation(obs.level, obs.trump) if obs.trump is not None else str(takeable)
        return {"xiaosa_takeable": text}
    position = obs.position
    assert position is not None
    count = position.count_legal_moves()
    moves = obs.legal_moves()[:MOVES_LISTED] if count <= MOVES_COUNTED else []
    return {"moves": [str(m) for m in moves], "count": count}


MOVES_LISTED = 500
"""The most legal plays :func:`options` lists."""
MOVES_COUNTED = 20_000
"""Above this many legal plays :func:`options` lists none (any play may still be sent)."""
