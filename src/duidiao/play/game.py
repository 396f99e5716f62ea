"""One whole hand, deal to result (rules §6, §7): a typed facade over ``_core.Game``.

>>> import duidiao
>>> game = duidiao.Game.deal(seed=7, declarer="S")
>>> game.phase, game.first_drawer
('declare', 'S')

The game stops at each decision: :attr:`Game.phase` says which (``"declare"``, ``"bury"``,
``"grab"``, ``"xiaosa"``, ``"play"``, ``"over"``) and :attr:`Game.to_act` whose. Drawing, 翻主,
干巴锅 and every step without a choice happen by themselves. Each decision method checks the
decision first; an illegal one raises :class:`duidiao.IllegalMoveError` naming the seat and the
decision, and changes nothing. Every applied decision is appended to :attr:`Game.history`, from
which :class:`duidiao.Record` writes the hand.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, NamedTuple, Union

import numpy as np

from duidiao import _core as _core_module
from duidiao.play.cards import SEATS, TRUMP_LETTERS, Card, CardLike, Cards, play_order_key
from duidiao.play.decisions import DECLARE_KINDS, Decision
from duidiao.play.decisions import apply as _apply_decision
from duidiao.play.enums import Phase
from duidiao.play.errors import IllegalMoveError
from duidiao.play.level import Level, LevelLike
from duidiao.play.notation import TEAMS, TrickRecord, format_cards, format_record
from duidiao.play.notation import Record as _PositionRecord
from duidiao.play.position import CardChoice, Move, MoveLike, Position, Trick, _chosen_cards
from duidiao.play.result import HandResult
from duidiao.play.rules import PRESETS, Rules
from duidiao.play.seats import TRICK_SEATS
from duidiao.play.sizes import COPIES, DEALT_CARDS, DECK_CARDS, FACES

__all__ = [
    "Game",
    "Observation",
    "Declaration",
    "DeclareOption",
    "Grab",
    "Xiaosa",
    "Decision",
    "PHASES",
    "DECLARE_KINDS",
]

PHASES = tuple(Phase)
"""The phases in the order of a hand (each a :class:`~duidiao.play.enums.Phase`, equal to its
name)."""
_IN_PLAY = (Phase.PLAY, Phase.OVER)
PLANE_NAMES: tuple[str, ...] = tuple(_core_module.observation_plane_names())
"""The names of the rows of :meth:`Observation.planes`, in order (docs/env.md)."""
PLANES_VERSION: int = int(_core_module.OBSERVATION_PLANES_VERSION)
"""The version of the planes' layout: a change of a row's meaning changes it."""

LevelsLike = Union[Mapping[str, LevelLike], Sequence[LevelLike], None]


def _core() -> Any:
    from duidiao import _core

    return _core


_seat_number = TRICK_SEATS.index


def _level(level: LevelLike, what: str = "level") -> Level:
    try:
        return Level(level)
    except ValueError as exc:
        raise ValueError(f"{what}: {exc}") from None


def _levels_pair(levels: LevelsLike) -> tuple[Level, Level]:
    assert levels is not None
    if isinstance(levels, Mapping):
        unknown = set(levels) - set(TEAMS)
        if unknown or len(levels) != 2:
            raise ValueError(f"levels: give both teams, e.g. {{'NS': 'A', 'EW': '5'}}: {levels!r}")
        return (_level(levels["NS"], "levels: NS"), _level(levels["EW"], "levels: EW"))
    if isinstance(levels, str) or len(levels) != 2:
        raise ValueError(f"levels: give both teams (NS, EW): {levels!r}")
    return (_level(levels[0], "levels: NS"), _level(levels[1], "levels: EW"))


def _rules_of(rules: Rules | str) -> Rules:
    if isinstance(rules, Rules):
        return rules
    return Rules.preset(rules)


def _cards_of(value: Cards | str | Iterable[CardLike], what: str) -> Cards:
    if isinstance(value, Cards):
        return value
    try:
        return Cards(value)
    except ValueError as exc:
        raise IllegalMoveError(f"{what}: {exc}") from None


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
        raw = _core().declaration_cards(
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


# -- observations -------------------------------------------------------------------------


def _tricks_of(raw: Iterable[Any]) -> tuple[Trick, ...]:
    return tuple(
        Trick(
            SEATS[leader],
            tuple(Cards.from_masks(*p) for p in plays),
            SEATS[winner],
            int(points),
        )
        for leader, plays, winner, points in raw
    )


def _play_position(
    rules: Rules,
    level: Level,
    trump: int,
    declarer: int,
    levels: tuple[Level, Level],
    hands: Sequence[Cards],
    unknown: Sequence[int],
    kitty: Cards | None,
    dry: bool,
    tricks: Sequence[Trick],
    trick: Trick | None,
    declarer_or_kitty: Cards | None = None,
) -> Position:
    """A Position built through the notation (canonical, replayed and checked). The
    declarer's shown cards after a face-down bury (§10.6), which the notation cannot write,
    are given to its core hand, so that sampling and analysis from it keep them."""
    preset = rules.name if rules.name in PRESETS else "chifeng"
    record = _PositionRecord(
        preset=preset,
        level=level,
        trump=trump,
        declarer=declarer,
        levels=levels,
        hands=(hands[0], hands[1], hands[2], hands[3]),
        unknown=(unknown[0], unknown[1], unknown[2], unknown[3]),
        kitty=kitty,
        tricks=tuple(TrickRecord(SEATS.index(t.leader), t.plays) for t in tricks),
        trick=None if trick is None else TrickRecord(SEATS.index(trick.leader), trick.plays),
        dry=dry,
    )
    position = Position(format_record(record))
    if declarer_or_kitty:
        position._hand.set_declarer_or_kitty(declarer_or_kitty.masks)
    return position


@dataclass(frozen=True)
class Observation:
    """What one seat may know at a moment of the hand (its information set).

    Built only from ``_core.Observation``: the seat's own ``hand``; for every seat the cards
    all players know it holds (``exposed``: shown when declaring, taken from the face-up kitty)
    and its ``hand_sizes``; the public ``declarations``, ``grabs`` and ``xiaosas``; the
    ``kitty`` when it is face up (after burying, or 干巴锅), or buried face down by this seat
    (§10.6: the others see it when the hand is over), else None; ``original_kitty``, the 8
    cards the declarer took, for the declarer only; ``declarer_or_kitty``, after a face-down
    bury, the cards the declarer showed while declaring (in its hand or the kitty: the other
    seats cannot tell); the ``tricks`` completed, the ``trick``
    in progress and the defenders' ``points``. ``position`` is the play from this seat's view
    (hidden hands written ``?N`` after their exposed cards), in the play phase.

    ``core`` is the ``_core.Observation`` it was built from (what the C++ bots see).

    A spectator's observation (:meth:`Game.observe_public`) has ``seat`` None, an empty
    ``hand`` and no ``core``. :meth:`to_dict` / :meth:`from_dict` give the JSON form
    (docs/players.md).
    """

    seat: str | None
    phase: Phase
    rules: Rules
    level: Level
    levels: dict[str, Level] = field(hash=False)
    trump: str | None
    declarer: str | None
    first_drawer: str
    drawn: int
    hand: Cards
    exposed: dict[str, Cards] = field(hash=False)
    hand_sizes: dict[str, int] = field(hash=False)
    declarations: tuple[Declaration, ...]
    kitty: Cards | None
    original_kitty: Cards | None
    dry: bool
    trump_from_kitty: bool
    grab_offer: Card | None
    grabs: tuple[Grab, ...]
    xiaosas: tuple[Xiaosa, ...]
    tricks: tuple[Trick, ...]
    trick: Trick | None
    points: int
    declarer_or_kitty: Cards = field(default_factory=Cards)
    core: Any = field(default=None, compare=False, repr=False, hash=False)

    @classmethod
    def from_core(cls, obs: Any, rules: Rules | None = None) -> Observation:
        """Convert a ``_core.Observation``."""
        phase = Phase.of_core(obs.phase)
        trump = int(obs.trump)
        declarer = int(obs.declarer)
        in_play = phase in ("play", "over")
        tricks: tuple[Trick, ...] = ()
        trick: Trick | None = None
        if in_play:
            view = obs.view
            tricks = _tricks_of(obs.tricks)
            if not view.is_over:
                plays = tuple(Cards.from_masks(*p) for p in view.trick())
                trick = Trick(SEATS[view.leader], plays, None, sum(p.points for p in plays))
        original = Cards.from_masks(*obs.original_kitty)
        rules = rules if rules is not None else Rules.from_core(obs.rules)
        return cls(
            seat=SEATS[obs.seat],
            phase=phase,
            rules=rules,
            level=rules.level_at(obs.level),  # the core numbers levels on the rules' ladder
            levels={TEAMS[t]: rules.level_at(lv) for t, lv in enumerate(obs.levels)},
            trump=None if trump < 0 else TRUMP_LETTERS[trump],
            declarer=None if declarer < 0 else SEATS[declarer],
            first_drawer=SEATS[obs.first_drawer],
            drawn=int(obs.drawn),
            hand=Cards.from_masks(*obs.hand),
            exposed={SEATS[s]: Cards.from_masks(*obs.exposed(s)) for s in range(4)},
            hand_sizes={SEATS[s]: int(obs.hand_size(s)) for s in range(4)},
            declarations=tuple(
                Declaration(SEATS[s], TRUMP_LETTERS[su], DECLARE_KINDS[k - 1], int(d))
                for s, su, k, d in obs.declarations
            ),
            kitty=Cards.from_masks(*obs.kitty) if obs.kitty_visible else None,
            original_kitty=original if original else None,
            dry=bool(obs.dry),
            trump_from_kitty=bool(obs.trump_from_kitty),
            grab_offer=None if int(obs.grab_offer) < 0 else Card(int(obs.grab_offer)),
            grabs=tuple(Grab(SEATS[s], Card(t), Card(p)) for s, t, p in obs.grabs),
            xiaosas=tuple(
                Xiaosa(SEATS[s], Cards.from_masks(*j), Cards.from_masks(*t))
                for s, j, t in obs.xiaosas
            ),
            tricks=tricks,
            trick=trick,
            points=int(obs.view.points) if in_play else 0,
            declarer_or_kitty=Cards.from_masks(*obs.declarer_or_kitty),
            core=obs,
        )

    @cached_property
    def position(self) -> Position | None:
        """The play from this seat's view (``None`` before the play phase): its own hand,
        the others' exposed cards then ``?N``, the face-up kitty, the tricks so far."""
        if self.phase not in ("play", "over"):
            return None
        assert self.trump is not None and self.declarer is not None
        me = -1 if self.seat is None else SEATS.index(self.seat)
        hands: list[Cards] = []
        unknown: list[int] = []
        for s, name in enumerate(SEATS):
            if s == me:
                hands.append(self.hand)
                unknown.append(0)
            else:
                known = self.exposed[name]
                hands.append(known)
                unknown.append(self.hand_sizes[name] - len(known))
        position = _play_position(
            self.rules,
            self.level,
            TRUMP_LETTERS.index(self.trump),
            SEATS.index(self.declarer),
            (self.levels["NS"], self.levels["EW"]),
            hands,
            unknown,
            self.kitty,
            self.dry,
            self.tricks,
            self.trick,
            self.declarer_or_kitty,
        )
        if self.core is not None:
            # The core's own view of the same play also keeps what the notation cannot write:
            # the throws that failed as attempted (§5.2) and the cards shown at the start, which
            # the world sampler judges worlds by.
            return Position._make(position._static, self.core.view.copy())
        return position

    def planes(self, chosen: Cards | str | None = None) -> np.ndarray:
        """This observation as numbers for learning: a float32 array ``(27, 54)``, planes over
        the 54 faces built from this observation alone (docs/env.md lists them; their names
        are :data:`PLANE_NAMES`). ``chosen``: the cards chosen so far in a decision made a card
        at a time. A spectator's observation has none (ValueError)."""
        if self.core is None:
            raise ValueError("a spectator's observation has no planes (they are a seat's)")
        cards = _chosen_cards(chosen)
        return _core().observation_planes(self.core, cards.one, cards.two)  # type: ignore[no-any-return]

    # -- the options of a decision, from what the seat knows -------------------------------
    def declare_options(self) -> list[DeclareOption]:
        """The declarations open to this seat with its hand after the declarations made so far
        (§6.2), when asked to declare (else empty). Declining is always open too."""
        if self.phase != "declare" or self.seat is None:
            return []
        made = [
            _declaration_numbers(d) for d in self.declarations
        ]
        raw = _core().declaration_options(
            self.rules.to_core(), SEATS.index(self.seat), self.hand.masks,
            self.level.rank, made, self.drawn,
        )
        return [DeclareOption(TRUMP_LETTERS[su], DECLARE_KINDS[k - 1]) for _s, su, k, _d in raw]

    def xiaosa_takeable(self) -> Cards:
        """The cards of the face-up kitty a joker may take in 潇洒 (§6.4), when asked (else
        empty)."""
        if self.phase != "xiaosa" or self.kitty is None:
            return Cards()
        return Cards.from_masks(
            *_core().xiaosa_takeable(self.kitty.masks, self.level.rank)
        )

    # -- JSON -------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The JSON form (docs/players.md): only what the observation holds, card lists in
        notation order once the trumps are known."""
        order = None
        if self.trump is not None:
            order = (self.level, TRUMP_LETTERS.index(self.trump))

        def text(cards: Cards) -> str:
            return format_cards(cards, *order) if order is not None else str(cards)

        out: dict[str, Any] = {"seat": self.seat, "phase": self.phase, "preset": self.rules.name}
        options = self.rules.options_json()
        if options is not None:
            out["rules"] = options
        position = self.position
        out.update(
            level=self.level,
            levels=dict(self.levels),
            trump=self.trump,
            declarer=self.declarer,
            first_drawer=self.first_drawer,
            drawn=self.drawn,
            hand=text(self.hand),
            exposed={s: text(c) for s, c in self.exposed.items()},
            hand_sizes=dict(self.hand_sizes),
            declarations=[
                {"seat": d.seat, "suit": d.suit, "kind": d.kind, "drawn": d.drawn}
                for d in self.declarations
            ],
            kitty=None if self.kitty is None else text(self.kitty),
            original_kitty=None if self.original_kitty is None else text(self.original_kitty),
            dry=self.dry,
            trump_from_kitty=self.trump_from_kitty,
            grab_offer=None if self.grab_offer is None else str(self.grab_offer),
            grabs=[{"seat": g.seat, "taken": str(g.taken), "put": str(g.put)} for g in self.grabs],
            xiaosas=[
                {"seat": x.seat, "jokers": text(x.jokers), "taken": text(x.taken)}
                for x in self.xiaosas
            ],
            tricks=[t.to_dict(self.level, self.trump) for t in self.tricks],
            trick=None if self.trick is None else self.trick.to_dict(self.level, self.trump),
            points=self.points,
            position=None if position is None else str(position),
        )
        if self.declarer_or_kitty:
            out["declarer_or_kitty"] = text(self.declarer_or_kitty)
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Observation:
        """Read the JSON form of :meth:`to_dict`. Before the play the result can be handed to
        the built-in bots (its ``core`` is set); in the play phase it is rebuilt from its
        ``position`` (and has a ``core`` when its seat is to play). Raises ValueError naming
        the field that is wrong."""
        return _observation_from_dict(cls, data)

    def legal_moves(self) -> list[Move]:
        """The seat's legal plays when it is to play (else empty), in notation order."""
        if self.phase != "play" or self.core is None or self.seat is None:
            return []
        view = self.core.view
        if view.is_over or int(view.turn) != SEATS.index(self.seat):
            return []
        return _sorted_moves(
            view.legal_moves(), self.level, TRUMP_LETTERS.index(self.trump or "H")
        )


class _Reader:
    """Reads the fields of a JSON observation, naming the field in every error."""

    def __init__(self, data: Any) -> None:
        if not isinstance(data, Mapping):
            raise ValueError("observation: expected a JSON object")
        self.data = data

    def raw(self, key: str, default: Any = ...) -> Any:
        if key in self.data:
            return self.data[key]
        if default is ...:
            raise ValueError(f"observation: {key} is missing")
        return default

    def fail(self, key: str, why: str) -> ValueError:
        return ValueError(f"observation: {key}: {why}")

    def text(self, key: str, value: Any) -> str:
        if not isinstance(value, str):
            raise self.fail(key, f"expected a string, not {type(value).__name__}")
        if len(value) > 2000:
            raise self.fail(key, "longer than 2000 characters")
        return value

    def seat(self, key: str, value: Any, optional: bool = False) -> str | None:
        if value is None and optional:
            return None
        text = self.text(key, value)
        if text not in SEATS:
            raise self.fail(key, f"{text!r} is not a seat (S, E, N, W)")
        return text

    def choice(self, key: str, value: Any, choices: Sequence[str], optional: bool = False) -> Any:
        if value is None and optional:
            return None
        text = self.text(key, value)
        if text not in choices:
            raise self.fail(key, f"{text!r} is not one of {', '.join(choices)}")
        return text

    def level(self, key: str, value: Any) -> Level:
        try:
            return Level(self.text(key, value))
        except ValueError as exc:
            raise self.fail(key, str(exc)) from None

    def number(self, key: str, value: Any, low: int, high: int) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise self.fail(key, f"expected a whole number from {low} to {high}, not {value!r}")
        return value

    def flag(self, key: str, value: Any) -> bool:
        if not isinstance(value, bool):
            raise self.fail(key, f"expected true or false, not {value!r}")
        return value

    def cards(self, key: str, value: Any, optional: bool = False) -> Cards | None:
        if value is None and optional:
            return None
        try:
            return Cards.parse(self.text(key, value))
        except ValueError as exc:
            raise self.fail(key, str(exc)) from None

    def card(self, key: str, value: Any, optional: bool = False) -> Card | None:
        if value is None and optional:
            return None
        try:
            return Card.parse(self.text(key, value))
        except ValueError as exc:
            raise self.fail(key, str(exc)) from None

    def items(self, key: str) -> list[Mapping[str, Any]]:
        value = self.raw(key, [])
        if not isinstance(value, list) or len(value) > 200:
            raise self.fail(key, "expected a list (of at most 200 items)")
        for item in value:
            if not isinstance(item, Mapping):
                raise self.fail(key, "expected a list of JSON objects")
        return value

    def per_seat(self, key: str, default: Any = ...) -> Mapping[str, Any]:
        value = self.raw(key, default)
        if not isinstance(value, Mapping) or set(value) != set(SEATS):
            raise self.fail(key, "expected an object with the four seats S, E, N, W")
        return value


def _observation_from_dict(cls: type[Observation], data: Any) -> Observation:
    r = _Reader(data)
    seat = r.seat("seat", r.raw("seat"), optional=True)
    phase = Phase(r.choice("phase", r.raw("phase"), PHASES))
    preset = r.text("preset", r.raw("preset", "chifeng"))
    try:
        rules = Rules.from_json(preset, r.raw("rules", None))
    except (TypeError, ValueError) as exc:
        raise ValueError(f"observation: {exc}") from None
    levels_raw = r.raw("levels")
    if not isinstance(levels_raw, Mapping) or set(levels_raw) != set(TEAMS):
        raise r.fail("levels", "expected {\"NS\": level, \"EW\": level}")
    levels = {t: r.level(f"levels: {t}", levels_raw[t]) for t in TEAMS}
    level = r.level("level", r.raw("level"))
    declarations = tuple(
        Declaration(
            str(r.seat("declarations: seat", d.get("seat"))),
            r.choice("declarations: suit", d.get("suit"), TRUMP_LETTERS),
            r.choice("declarations: kind", d.get("kind"), DECLARE_KINDS),
            r.number("declarations: drawn", d.get("drawn"), 0, DEALT_CARDS),
        )
        for d in r.items("declarations")
    )
    grabs = tuple(
        Grab(
            str(r.seat("grabs: seat", g.get("seat"))),
            r.card("grabs: taken", g.get("taken")),  # type: ignore[arg-type]
            r.card("grabs: put", g.get("put")),  # type: ignore[arg-type]
        )
        for g in r.items("grabs")
    )
    xiaosas = tuple(
        Xiaosa(
            str(r.seat("xiaosas: seat", x.get("seat"))),
            r.cards("xiaosas: jokers", x.get("jokers")),  # type: ignore[arg-type]
            r.cards("xiaosas: taken", x.get("taken")),  # type: ignore[arg-type]
        )
        for x in r.items("xiaosas")
    )
    common: dict[str, Any] = dict(
        seat=seat,
        phase=phase,
        rules=rules,
        declarations=declarations,
        original_kitty=r.cards("original_kitty", r.raw("original_kitty", None), optional=True),
        trump_from_kitty=r.flag("trump_from_kitty", r.raw("trump_from_kitty", False)),
        grab_offer=None,
        grabs=grabs,
        xiaosas=xiaosas,
        first_drawer=r.seat("first_drawer", r.raw("first_drawer")),
        drawn=r.number("drawn", r.raw("drawn"), 0, DEALT_CARDS),
    )
    if phase in ("play", "over"):
        return _play_observation(cls, r, common, level, levels)
    if seat is None:
        raise r.fail("seat", "a decision before the play is asked of a seat")
    trump = r.choice("trump", r.raw("trump", None), TRUMP_LETTERS, optional=True)
    declarer = r.seat("declarer", r.raw("declarer", None), optional=True)
    hand = r.cards("hand", r.raw("hand"))
    assert hand is not None
    exposed_raw = r.per_seat("exposed", {s: "-" for s in SEATS})
    exposed = {s: r.cards(f"exposed: {s}", exposed_raw[s]) for s in SEATS}
    sizes_raw = r.per_seat("hand_sizes")
    sizes = {s: r.number(f"hand_sizes: {s}", sizes_raw[s], 0, 33) for s in SEATS}
    kitty = r.cards("kitty", r.raw("kitty", None), optional=True)
    grab_offer = r.card("grab_offer", r.raw("grab_offer", None), optional=True)
    dry = r.flag("dry", r.raw("dry", False))
    common.update(
        level=level, levels=levels, trump=trump, declarer=declarer, hand=hand,
        exposed=exposed, hand_sizes=sizes, kitty=kitty, dry=dry, grab_offer=grab_offer,
        tricks=(), trick=None, points=0,
    )
    common["core"] = _checked_core(common)
    return cls(**common)


def _checked_core(fields: Mapping[str, Any], view: Any = None) -> Any:
    """The ``_core.Observation`` of an observation's fields, checked whole by the core (every
    field in range and agreeing with the others, the rules and, in the play, the position's
    ``view``): ValueError "observation: FIELD: why" names the first that does not."""
    seat, rules = fields["seat"], fields["rules"]
    kitty, original = fields["kitty"], fields["original_kitty"]
    trump, declarer, offer = fields["trump"], fields["declarer"], fields["grab_offer"]
    return _core().Observation(
        seat=SEATS.index(seat),
        phase=_core().Phase.__members__[fields["phase"]],
        rules=rules.to_core(),
        level=rules.position(fields["level"]),
        levels=(rules.position(fields["levels"]["NS"]), rules.position(fields["levels"]["EW"])),
        trump=-1 if trump is None else TRUMP_LETTERS.index(trump),
        declarer=-1 if declarer is None else SEATS.index(declarer),
        first_drawer=SEATS.index(fields["first_drawer"]),
        drawn=fields["drawn"],
        hand=fields["hand"].masks,
        exposed=[fields["exposed"][s].masks for s in SEATS],
        hand_sizes=[fields["hand_sizes"][s] for s in SEATS],
        declarations=[_declaration_numbers(d) for d in fields["declarations"]],
        kitty_visible=kitty is not None,
        kitty=(kitty or Cards()).masks,
        original_kitty=(original or Cards()).masks,
        dry=fields["dry"],
        trump_from_kitty=int(fields["trump_from_kitty"]),
        grab_offer=-1 if offer is None else offer.id,
        grabs=[(SEATS.index(g.seat), g.taken.id, g.put.id) for g in fields["grabs"]],
        xiaosas=[(SEATS.index(x.seat), x.jokers.masks, x.taken.masks) for x in fields["xiaosas"]],
        view=view,
    )


def _play_observation(
    cls: type[Observation],
    r: _Reader,
    common: dict[str, Any],
    level: Level,
    levels: dict[str, Level],
) -> Observation:
    """A play-phase observation: everything about the play comes from its position string; the
    other fields given must agree with it (and with the rules: the core checks them whole)."""
    try:
        position = Position.parse(r.text("position", r.raw("position")))
    except ValueError as exc:
        raise r.fail("position", str(exc)) from None
    seat = common["seat"]
    if seat is not None and position.unknown[seat]:
        raise r.fail("position", f"the position does not show {seat}'s own hand")
    shown = r.cards("declarer_or_kitty", r.raw("declarer_or_kitty", "-"))
    assert shown is not None
    view = position.core
    if shown:
        try:
            view.set_declarer_or_kitty(shown.masks)
        except ValueError as exc:
            raise r.fail("declarer_or_kitty", str(exc)) from None
    hands = position.hands
    exposed_raw = r.per_seat("exposed", {s: "-" for s in SEATS})
    # The others' exposed cards are the known cards of their hands; one's own are in the JSON.
    given = {s: r.cards(f"exposed: {s}", exposed_raw[s]) for s in SEATS}
    own = Cards() if seat is None else given[seat]
    common.update(
        level=position.level,
        levels=position.levels,
        trump=position.trump,
        declarer=position.declarer,
        hand=Cards() if seat is None else hands[seat],
        exposed={s: own if s == seat else hands[s] for s in SEATS},
        hand_sizes={s: len(hands[s]) + position.unknown[s] for s in SEATS},
        kitty=position.kitty,
        dry=position.dry,
        tricks=tuple(position.tricks),
        trick=position.current_trick,
        points=position.points,
        declarer_or_kitty=shown,
        grab_offer=None,
    )
    if position.kitty is None and position.rules.kitty_burial != "face_down":
        raise r.fail("position", "a play observation shows the face-up kitty")
    if levels != position.levels:
        raise r.fail("levels", f"not the position's ({position.levels})")
    core = None
    if seat is not None:
        # The fields the JSON gives, else the position's: each given one is checked against
        # the position (a contradiction is refused, never repaired).
        stated = dict(common, level=level, levels=levels, exposed={
            s: given[s] if s in exposed_raw and exposed_raw[s] != "-" or s == seat
            else common["exposed"][s] for s in SEATS})
        for key, read in (
            ("trump", lambda v: r.choice("trump", v, TRUMP_LETTERS, optional=True)),
            ("declarer", lambda v: r.seat("declarer", v, optional=True)),
            ("hand", lambda v: r.cards("hand", v)),
            ("kitty", lambda v: r.cards("kitty", v, optional=True)),
            ("dry", lambda v: r.flag("dry", v)),
        ):
            if key in r.data:
                stated[key] = read(r.data[key])
        if "hand_sizes" in r.data:
            sizes = r.per_seat("hand_sizes")
            stated["hand_sizes"] = {
                s: r.number(f"hand_sizes: {s}", sizes[s], 0, 33) for s in SEATS}
        _checked_core(stated, view)
        if position.turn == seat:
            core = _core().observe_play(view, *position.core_levels())
    common["core"] = core
    return cls(**common)


def _sorted_moves(raw: Iterable[tuple[int, int]], level: Level, trump: int) -> list[Move]:
    order = (level, trump)
    moves = [Move(Cards.from_masks(*m), order) for m in raw]

    moves.sort(key=lambda move: play_order_key(move.cards, level, trump))
    return moves


# -- the game -----------------------------------------------------------------------------


class Game:
    """One hand from the first card drawn to the result.

    ``Game(deck, first_drawer, rules=..., declarer=None, levels=None)`` with ``deck`` the 108
    cards in drawing order (``deck[0]`` is drawn first by ``first_drawer``, then in turn order;
    the last 8 are the kitty, the last card its bottom), or :meth:`Game.deal` for a seeded
    shuffle. ``levels`` default to the foot of the rules' ladder (A, or 2 in the standard
    game). ``declarer=None`` is a match's first hand (抢庄: whoever's declaration stands
    declares; both teams at the same level); otherwise the declarer is fixed (§8.4) and the
    hand is played at its team's level.
    """

    def __init__(
        self,
        deck: Sequence[CardLike] | Cards | str,
        first_drawer: str | int,
        *,
        rules: Rules | str = "chifeng",
        declarer: str | int | None = None,
        levels: LevelsLike = None,
    ) -> None:
        if isinstance(deck, str):
            cards = [Card.parse(token) for token in deck.split(",")] if deck else []
        else:
            cards = [Card(c) for c in deck]
        if len(cards) != DECK_CARDS:
            raise ValueError(f"deck: {DECK_CARDS} cards, not {len(cards)}")
        Cards(cards)  # at most two copies of each face
        self._rules = _rules_of(rules)
        self._deck = tuple(cards)
        self._first_drawer = _seat_number(first_drawer, "first_drawer")
        self._fixed_declarer = None if declarer is None else _seat_number(declarer, "declarer")
        foot = self._rules.foot  # both teams at the foot of the rules' ladder
        self._levels = (foot, foot) if levels is None else _levels_pair(levels)
        core = _core()
        try:
            self._core = core.Game(
                self._rules.to_core(),
                [c.id for c in cards],
                self._first_drawer,
                -1 if self._fixed_declarer is None else self._fixed_declarer,
                self._rules.position(self._levels[0]),
                self._rules.position(self._levels[1]),
            )
        except core.CoreError as exc:
            raise ValueError(str(exc)) from None
        self._history: list[Decision] = []

    @classmethod
    def deal(
        cls,
        seed: int | str | None = None,
        *,
        deck: Sequence[CardLike] | Cards | str | None = None,
        rules: Rules | str = "chifeng",
        first_drawer: str | int | None = None,
        declarer: str | int | None = None,
        levels: LevelsLike = None,
    ) -> Game:
        """A new hand. Without ``deck``, the 108 cards are shuffled with
        ``random.Random(seed)``. ``first_drawer`` defaults to the declarer when it is fixed
        (§6.1: the declarer draws first), else to a seat drawn from the same generator."""
        rng = random.Random(seed)
        if deck is None:
            faces = [face for face in range(FACES) for _ in range(COPIES)]
            rng.shuffle(faces)
            deck = [Card(face) for face in faces]
        if first_drawer is None:
            # checked here, so that a bad declarer is named as such, not as first_drawer
            first_drawer = (
                _seat_number(declarer, "declarer") if declarer is not None else rng.randrange(4)
            )
        return cls(deck, first_drawer, rules=rules, declarer=declarer, levels=levels)

    # -- state ---------------------------------------------------------------------------
    @property
    def phase(self) -> Phase:
        """``"declare"``, ``"bury"``, ``"grab"``, ``"xiaosa"``, ``"play"`` or ``"over"`` (a
        :class:`~duidiao.play.enums.Phase`, equal to its name)."""
        return Phase.of_core(self._core.phase)

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def to_act(self) -> str | None:
        """The seat to decide; None once the hand is over."""
        if self.is_over:
            return None
        return SEATS[int(self._core.to_act)]

    @property
    def rules(self) -> Rules:
        return self._rules

    @property
    def deck(self) -> tuple[Card, ...]:
        """The 108 cards in drawing order."""
        return self._deck

    @property
    def first_drawer(self) -> str:
        return SEATS[self._first_drawer]

    @property
    def fixed_declarer(self) -> str | None:
        """The declarer fixed before the deal (§8.4), None in a first hand (抢庄)."""
        return None if self._fixed_declarer is None else SEATS[self._fixed_declarer]

    @property
    def levels(self) -> dict[str, Level]:
        """The teams' levels before the hand."""
        return {TEAMS[t]: self._levels[t] for t in range(2)}

    @property
    def level(self) -> Level:
        """The level of the hand (the declaring team's)."""
        return self._rules.level_at(int(self._core.level))

    @property
    def trump(self) -> str | None:
        """The trump suit letter, None while declaring."""
        trump = int(self._core.trump)
        return None if trump < 0 else TRUMP_LETTERS[trump]

    @property
    def declarer(self) -> str | None:
        """The declarer, None while unknown (a first hand, still declaring)."""
        declarer = int(self._core.declarer)
        return None if declarer < 0 else SEATS[declarer]

    @property
    def drawn(self) -> int:
        """Cards drawn so far (0..100)."""
        return int(self._core.drawn)

    @property
    def dry(self) -> bool:
        """The kitty is 干巴锅 (§6.3)."""
        return bool(self._core.dry)

    @property
    def trump_from_kitty(self) -> bool:
        """Trumps were turned up from the kitty (翻主)."""
        return bool(self._core.trump_from_kitty)

    @property
    def kitty(self) -> Cards:
        """The kitty now (the original 8 cards before burying, the buried ones after)."""
        return Cards.from_masks(*self._core.kitty)

    @property
    def original_kitty(self) -> Cards:
        """The last 8 cards of the deck."""
        return Cards.from_masks(*self._core.original_kitty)

    @property
    def kitty_public(self) -> bool:
        """The kitty is face up (after burying, or 干巴锅)."""
        return bool(self._core.kitty_public)

    def held(self, seat: str | int) -> Cards:
        """The cards a seat holds now."""
        return Cards.from_masks(*self._core.held(_seat_number(seat)))

    @property
    def hands(self) -> dict[str, Cards]:
        """Seat → the cards it holds now."""
        return {SEATS[s]: Cards.from_masks(*self._core.held(s)) for s in range(4)}

    def exposed(self, seat: str | int) -> Cards:
        """The cards every player knows the seat holds (shown while declaring, taken from the
        face-up kitty), until played."""
        return Cards.from_masks(*self._core.exposed(_seat_number(seat)))

    @property
    def declarations(self) -> list[Declaration]:
        return [
            Declaration(SEATS[s], TRUMP_LETTERS[su], DECLARE_KINDS[k - 1], int(d))
            for s, su, k, d in self._core.declarations()
        ]

    @property
    def grabs(self) -> list[Grab]:
        return [Grab(SEATS[s], Card(t), Card(p)) for s, t, p in self._core.grabs()]

    @property
    def xiaosas(self) -> list[Xiaosa]:
        return [
            Xiaosa(SEATS[s], Cards.from_masks(*j), Cards.from_masks(*t))
            for s, j, t in self._core.xiaosas()
        ]

    @property
    def tricks(self) -> list[Trick]:
        """The completed tricks, oldest first (empty before the play)."""
        if self.phase not in _IN_PLAY:
            return []
        return list(_tricks_of(self._core.hand().tricks()))

    @property
    def current_trick(self) -> Trick | None:
        """The trick in progress; None outside the play phase."""
        if self.phase is not Phase.PLAY:
            return None
        hand = self._core.hand()
        plays = tuple(Cards.from_masks(*p) for p in hand.trick())
        return Trick(SEATS[hand.leader], plays, None, sum(p.points for p in plays))

    @property
    def played(self) -> Cards:
        """Every card played so far."""
        out = Cards()
        for trick in self.tricks:
            for play in trick.plays:
                out = out | play
        current = self.current_trick
        if current is not None:
            for play in current.plays:
                out = out | play
        return out

    @property
    def points(self) -> int:
        """The defenders' points so far."""
        if self.phase not in _IN_PLAY:
            return 0
        return int(self._core.hand().points)

    @property
    def history(self) -> list[Decision]:
        """Every decision applied so far, in order."""
        return list(self._history)

    @property
    def plies(self) -> int:
        """Plays made so far in the play phase."""
        return sum(1 for d in self._history if d.action == "play")

    @property
    def core(self) -> Any:
        """A copy of the underlying ``_core.Game``."""
        return self._core.copy()

    def copy(self) -> Game:
        """An independent copy (history included)."""
        other = object.__new__(Game)
        other.__dict__.update(self.__dict__)
        other._core = self._core.copy()
        other._history = list(self._history)
        return other

    def __copy__(self) -> Game:
        return self.copy()

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        return self.copy()

    def __repr__(self) -> str:
        return (
            f"<Game {self._rules.name} phase={self.phase} to_act={self.to_act} "
            f"level={self.level} trump={self.trump} declarer={self.declarer}>"
        )

    # -- decisions -----------------------------------------------------------------------
    def _refuse(self, what: str, message: str) -> IllegalMoveError:
        seat = self.to_act or "-"
        return IllegalMoveError(f"{seat} cannot {what}: {message}")

    def _seat_to_act(self, what: str) -> str:
        seat = self.to_act
        if seat is None:
            raise self._refuse(what, "the hand is over")
        return seat

    def _apply(self, what: str, fn: Any, *args: Any) -> Any:
        core = _core()
        try:
            return fn(*args)
        except core.IllegalMoveError as exc:
            raise self._refuse(what, str(exc)) from None
        except core.CoreError as exc:
            raise self._refuse(what, str(exc)) from None

    def declare_options(self) -> list[DeclareOption]:
        """The declarations open to the seat to act (declining is always open)."""
        if self.phase != "declare":
            return []
        return [
            DeclareOption(TRUMP_LETTERS[s], DECLARE_KINDS[k - 1])
            for s, k in self._core.declare_options()
        ]

    def declare(self, suit: str, kind: str = "single") -> None:
        """Declare trumps (§6.2, §10.6): ``kind`` is ``"single"`` (亮主), ``"lock"`` (封主),
        ``"override"`` (正主), or in the standard game ``"pair"``, ``"reinforce"``,
        ``"small_jokers"``, ``"big_jokers"``."""
        self.apply(Decision.declare_(self._seat_to_act("declare"), suit, kind))

    def decline(self) -> None:
        """Pass: no declaration, no grab, no 潇洒."""
        self.apply(Decision.pass_(self._seat_to_act("decline"), self.phase))

    def bury(self, cards: Cards | str | Iterable[CardLike]) -> None:
        """The declarer (holding 33 cards) buries 8 of them (face up in Chifeng, face down in
        the standard game)."""
        seat = self._seat_to_act("bury")
        self.apply(Decision.bury_(seat, _cards_of(cards, f"{seat} cannot bury")))

    @property
    def grab_offer(self) -> Card | None:
        """The buried level card offered to the seat to act (抢牌), else None."""
        if self.phase != "grab":
            return None
        return Card(int(self._core.grab_offer))

    def grab(self, put: CardLike) -> None:
        """Take :attr:`grab_offer`, putting ``put`` (a card of one's own) in its place."""
        seat = self._seat_to_act("grab")
        try:
            card = Card(put)
        except ValueError as exc:
            raise self._refuse("grab", str(exc)) from None
        self.apply(Decision.grab_(seat, card))

    def xiaosa_takeable(self) -> Cards:
        """The kitty cards that may be taken for jokers (rank 2–9, not 5, not the level)."""
        if self.phase != "xiaosa":
            return Cards()
        return Cards.from_masks(*self._core.xiaosa_takeable())

    def xiaosa(
        self, jokers: Cards | str | Iterable[CardLike], taken: Cards | str | Iterable[CardLike]
    ) -> None:
        """潇洒 (§6.4): put ``jokers`` into the kitty and take as many ``taken`` cards."""
        seat = self._seat_to_act("xiaosa")
        put = _cards_of(jokers, f"{seat} cannot xiaosa")
        take = _cards_of(taken, f"{seat} cannot xiaosa")
        self.apply(Decision.xiaosa_(seat, put, take))

    def card_choice(self, chosen: Cards | str | Iterable[CardLike]) -> CardChoice:
        """A decision made of cards, chosen a card at a time: the cards to bury, the card put
        in a grabbed card's place (抢牌), 潇洒's jokers and taken cards together, a play. Which
        faces can join ``chosen`` on the way to an answer this phase accepts, and whether
        ``chosen`` is one (the rules decide: §6.3, §6.4, the legal moves of §5). Outside
        those phases, and for cards the seat cannot give, nothing is addable."""
        cards = _chosen_cards(chosen)
        addable, complete = self._core.extensions(cards.one, cards.two)
        return CardChoice(Cards.from_masks(int(addable), 0), bool(complete))

    def legal_moves(self) -> list[Move]:
        """The legal plays of the seat to play, in notation order (empty outside the play)."""
        if self.phase != "play":
            return []
        return _sorted_moves(self._core.hand().legal_moves(), self.level, int(self._core.trump))

    def play(self, move: MoveLike) -> Move:
        """Play for the seat to play; returns the cards actually played (a throw that fails is
        replaced by its forced component, §5.2)."""
        seat = self._seat_to_act("play")
        if isinstance(move, Move):
            cards = move.cards
        elif isinstance(move, Cards):
            cards = move
        elif isinstance(move, str):
            try:
                cards = Move.parse(move).cards
            except ValueError as exc:
                raise self._refuse("play", str(exc)) from None
        else:
            raise TypeError(f"a move is a Move, Cards or str, not {type(move).__name__}")
        played = self.apply(Decision.play_(seat, cards)).cards
        assert played is not None
        return Move(played, (self.level, int(self._core.trump)))

    def _sync_plays(self) -> None:
        """Log the plays made on the core directly (``_core.play_game``) from its tricks."""
        done = self.plies
        plays: list[Decision] = []
        if self.phase in _IN_PLAY:
            hand = self._core.hand()
            for leader, trick_plays, _winner, _points in hand.tricks():
                for i, p in enumerate(trick_plays):
                    plays.append(
                        Decision(
                            SEATS[(leader + i) % 4], "play", "play", cards=Cards.from_masks(*p)
                        )
                    )
            if not hand.is_over:
                for i, p in enumerate(hand.trick()):
                    plays.append(
                        Decision(
                            SEATS[(hand.leader + i) % 4], "play", "play", cards=Cards.from_masks(*p)
                        )
                    )
        self._history.extend(plays[done:])

    # -- results and views ---------------------------------------------------------------
    def result(self) -> HandResult:
        """The result (rules §7); raises :class:`IllegalMoveError` before the hand is over."""
        if not self.is_over:
            raise IllegalMoveError(f"no result yet: the game is in its {self.phase} phase")
        return HandResult.from_core(self._core.result(), self._rules)

    def observe(self, seat: str | int, everything: bool = False) -> Observation:
        """What ``seat`` may know now (:class:`Observation`). ``everything`` shows every hand
        in its play view (an oracle's view: for measurement, or a table open to all)."""
        return Observation.from_core(
            self._core.observe(_seat_number(seat), bool(everything)), self._rules
        )

    def planes(self, seat: str | int, chosen: Cards | str | None = None) -> np.ndarray:
        """``observe(seat).planes(chosen)`` without building the Python observation: what a
        learning environment asks at every decision."""
        cards = _chosen_cards(chosen)
        core = _core()
        observation = self._core.observe(_seat_number(seat), False)
        return core.observation_planes(observation, cards.one, cards.two)  # type: ignore[no-any-return]

    def observe_public(self) -> Observation:
        """What a spectator may know now: the public events, the exposed cards and hand sizes,
        the face-up kitty, the tricks; ``seat`` is None and the ``hand`` empty, and the
        ``position`` hides every hand but its exposed cards."""
        seen = self.observe(self._core.to_act if not self.is_over else 0)
        public_kitty = self.kitty if self.kitty_public else None
        return dataclasses.replace(
            seen, seat=None, hand=Cards(), original_kitty=None, core=None, kitty=public_kitty,
            declarer_or_kitty=Cards.from_masks(*self._core.declarer_or_kitty),
        )

    def apply(self, decision: Decision | Mapping[str, Any]) -> Decision:
        """The one door through which a choice changes the game: apply a :class:`Decision`
        (a player's, as :func:`duidiao.play.decisions.ask` gives it) or a record of one
        (``Decision.to_dict()``, docs/records.md, whose play must stand as written). Every
        fact it states must fit — the seat, the phase, a record's cards drawn and offer — or
        :class:`IllegalMoveError` names what does not, and nothing changes. Returns the
        decision's record (what a play came to, the cards drawn, the offer filled in)."""
        if isinstance(decision, Decision):
            return _apply_decision(self, decision)
        return _apply_decision(self, Decision.from_dict(decision), recorded=True)

    def position(self, seat: str | int | None = None) -> Position:
        """The play phase now as a :class:`Position`: every hand known when ``seat`` is None,
        else that seat's view (its :attr:`Observation.position`). Raises ValueError before the
        play phase."""
        if self.phase not in _IN_PLAY:
            raise ValueError(f"no position yet: the game is in its {self.phase} phase")
        if seat is not None:
            position = self.observe(seat).position
            assert position is not None
            return position
        hand = self._core.hand()
        tricks = _tricks_of(hand.tricks())
        trick = None
        if not hand.is_over:
            plays = tuple(Cards.from_masks(*p) for p in hand.trick())
            trick = Trick(SEATS[hand.leader], plays, None, 0)
        return _play_position(
            self._rules,
            self.level,
            int(self._core.trump),
            int(self._core.declarer),
            self._levels,
            [Cards.from_masks(*self._core.held(s)) for s in range(4)],
            [0, 0, 0, 0],
            self.kitty,
            self.dry,
            tricks,
            trick,
        )
