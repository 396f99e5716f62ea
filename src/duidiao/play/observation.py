"""What one seat may know at a moment of a hand (its information set): :class:`Observation`,
built from the core's observation, its JSON reader, and the play position it implies."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import numpy as np

from duidiao import _core
from duidiao.play.builds import engine_module
from duidiao.play.cards import SEATS, TRUMP_LETTERS, Card, Cards, play_order_key
from duidiao.play.declarations import Declaration, DeclareOption, Grab, Xiaosa, _declaration_numbers
from duidiao.play.enums import PHASES, Phase
from duidiao.play.level import Level
from duidiao.play.notation import STAKE_MOST, TEAMS, TrickRecord, format_cards, format_record
from duidiao.play.notation import Record as _PositionRecord
from duidiao.play.position import Move, Position, Trick, _chosen_cards
from duidiao.play.rules import DECLARE_KINDS, PRESETS, Rules

__all__ = ["Observation", "PLANE_NAMES", "PLANES_VERSION"]

PLANE_NAMES: tuple[str, ...] = tuple(_core.observation_plane_names())
"""The names of the rows of :meth:`Observation.planes`, in order (docs/env.md)."""
PLANES_VERSION: int = int(_core.OBSERVATION_PLANES_VERSION)
"""The version of the planes' layout: a change of a row's meaning changes it."""


# -- observations -------------------------------------------------------------------------


def _declarations_of(raw: Iterable[Any]) -> tuple[Declaration, ...]:
    """The core's declarations (seat, suit, kind, drawn) as records."""
    return tuple(
        Declaration(SEATS[s], TRUMP_LETTERS[su], DECLARE_KINDS[k - 1], int(d))
        for s, su, k, d in raw
    )


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
    stake: int = 1,
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
        stake=stake,
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
    core: _core.Observation | None = field(default=None, compare=False, repr=False, hash=False)
    counters: tuple[Declaration, ...] = ()
    kitty_burier: str | None = None
    stake: int = 1

    @classmethod
    def from_core(cls, obs: _core.Observation, rules: Rules | None = None) -> Observation:
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
            declarations=_declarations_of(obs.declarations),
            counters=_declarations_of(obs.counters),
            kitty_burier=None if int(obs.kitty_burier) < 0 else SEATS[obs.kitty_burier],
            stake=int(obs.stake),
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
            stake=self.stake,
        )
        if self.core is not None:
            # The core's own view of the same play also keeps what the notation cannot write:
            # the throws that failed as attempted (§5.2) and the cards shown at the start, which
            # the world sampler judges worlds by.
            return Position._make(position._static, self.core.view.copy())
        return position

    def core_view(self) -> _core.Observation:
        """The core's observation this one was built from, which built-in bots decide on; a
        spectator's observation has none (ValueError)."""
        if self.core is None:
            raise ValueError("a built-in bot is asked with a seat's own observation")
        return self.core

    def planes(self, chosen: Cards | str | None = None) -> np.ndarray:
        """This observation as numbers for learning: a float32 array ``(27, 54)``, planes over
        the 54 faces built from this observation alone (docs/env.md lists them; their names
        are :data:`PLANE_NAMES`). ``chosen``: the cards chosen so far in a decision made a card
        at a time. A spectator's observation has none (ValueError)."""
        if self.core is None:
            raise ValueError("a spectator's observation has no planes (they are a seat's)")
        cards = _chosen_cards(chosen)
        return engine_module(self.rules).observation_planes(self.core, cards.masks)

    # -- the options of a decision, from what the seat knows -------------------------------
    def declare_options(self) -> list[DeclareOption]:
        """The declarations open to this seat with its hand after the declarations made so far
        (§6.2), when asked to declare; in 反底 (rules §11.8) the counters open to it against
        the declaration standing; else empty. Declining is always open too."""
        if self.seat is None or self.phase not in (Phase.DECLARE, Phase.COUNTER):
            return []
        module, seat = engine_module(self.rules), SEATS.index(self.seat)
        if self.phase == Phase.COUNTER:
            standing = self.standing_declaration
            raw = module.counter_options(
                self.rules.to_core(), seat, self.hand.masks, self.level.rank,
                None if standing is None else _declaration_numbers(standing),
            )
        else:
            made = [_declaration_numbers(d) for d in self.declarations]
            raw = module.declaration_options(
                self.rules.to_core(), seat, self.hand.masks, self.level.rank, made, self.drawn,
            )
        return [DeclareOption(TRUMP_LETTERS[su], DECLARE_KINDS[k - 1]) for _s, su, k, _d in raw]

    @property
    def standing_declaration(self) -> Declaration | None:
        """The declaration standing (rules §11.8): the last counter, else the last
        declaration; None when nobody declared."""
        made = self.counters or self.declarations
        return made[-1] if made else None

    def xiaosa_takeable(self) -> Cards:
        """The cards of the face-up kitty a joker may take in 潇洒 (§6.4), when asked (else
        empty)."""
        if self.phase != "xiaosa" or self.kitty is None:
            return Cards()
        return Cards.from_masks(
            *engine_module(self.rules).xiaosa_takeable(self.kitty.masks, self.level.rank)
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
        if self.rules.counter_bury:  # rules §11.8: the keys of rules with 反底 only
            out["counters"] = [
                {"seat": d.seat, "suit": d.suit, "kind": d.kind, "drawn": d.drawn}
                for d in self.counters
            ]
            out["kitty_burier"] = self.kitty_burier
        if self.rules.stakes:  # rules §11.9
            out["stake"] = self.stake
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
    sizes = rules.sizes

    def declarations_at(key: str) -> tuple[Declaration, ...]:
        return tuple(
            Declaration(
                str(r.seat(f"{key}: seat", d.get("seat"))),
                r.choice(f"{key}: suit", d.get("suit"), TRUMP_LETTERS),
                r.choice(f"{key}: kind", d.get("kind"), DECLARE_KINDS),
                r.number(f"{key}: drawn", d.get("drawn", sizes.dealt_cards), 0,
                         sizes.dealt_cards),
            )
            for d in (r.items(key) if key in r.data else ())
        )

    declarations = declarations_at("declarations")
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
        drawn=r.number("drawn", r.raw("drawn"), 0, sizes.dealt_cards),
        counters=declarations_at("counters"),
        kitty_burier=r.seat("kitty_burier", r.raw("kitty_burier", None), optional=True),
        stake=r.number("stake", r.raw("stake", 1), 1, STAKE_MOST.get(rules.decks, 1)),
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
    held_max = sizes.hand_cards + sizes.kitty_cards
    hand_sizes = {s: r.number(f"hand_sizes: {s}", sizes_raw[s], 0, held_max) for s in SEATS}
    kitty = r.cards("kitty", r.raw("kitty", None), optional=True)
    grab_offer = r.card("grab_offer", r.raw("grab_offer", None), optional=True)
    dry = r.flag("dry", r.raw("dry", False))
    common.update(
        level=level, levels=levels, trump=trump, declarer=declarer, hand=hand,
        exposed=exposed, hand_sizes=hand_sizes, kitty=kitty, dry=dry, grab_offer=grab_offer,
        tricks=(), trick=None, points=0,
    )
    # rules §11.8: in 反底 the others know what the declarer showed, in its hand or the kitty
    shown = r.cards("declarer_or_kitty", r.raw("declarer_or_kitty", "-"))
    if shown and phase != Phase.COUNTER:
        raise r.fail("declarer_or_kitty", "known apart only once the kitty is buried face down")
    common["declarer_or_kitty"] = shown
    common["core"] = _checked_core(common)
    return cls(**common)


def _checked_core(
    fields: Mapping[str, Any], view: _core.Hand | None = None
) -> _core.Observation:
    """The ``_core.Observation`` of an observation's fields, checked whole by the core (every
    field in range and agreeing with the others, the rules and, in the play, the position's
    ``view``): ValueError "observation: FIELD: why" names the first that does not."""
    seat, rules = fields["seat"], fields["rules"]
    kitty, original = fields["kitty"], fields["original_kitty"]
    trump, declarer, offer = fields["trump"], fields["declarer"], fields["grab_offer"]
    burier = fields.get("kitty_burier")
    module = engine_module(rules)
    return module.Observation(
        seat=SEATS.index(seat),
        phase=module.Phase.__members__[fields["phase"]],
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
        counters=[_declaration_numbers(d) for d in fields.get("counters", ())],
        kitty_burier=-1 if burier is None else SEATS.index(burier),
        stake=fields.get("stake", 1),
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
    if "stake" in r.data and common["stake"] != position.stake:
        raise r.fail("stake", f"not the position's ({position.stake})")
    common["stake"] = position.stake
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
            held_max = position.rules.sizes.hand_cards + position.rules.sizes.kitty_cards
            stated["hand_sizes"] = {
                s: r.number(f"hand_sizes: {s}", sizes[s], 0, held_max) for s in SEATS}
        _checked_core(stated, view)
        if position.turn == seat:
            core = engine_module(position.rules).observe_play(view, *position.core_levels())
    common["core"] = core
    return cls(**common)


def _sorted_moves(raw: Iterable[tuple[int, ...]], level: Level, trump: int) -> list[Move]:
    order = (level, trump)
    moves = [Move(Cards.from_masks(*m), order) for m in raw]

    moves.sort(key=lambda move: play_order_key(move.cards, level, trump))
    return moves

