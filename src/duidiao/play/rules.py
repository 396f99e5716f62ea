"""Rule options (rules §9): a typed, immutable facade over ``_core.Rules``."""

from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from duidiao import _core
from duidiao.play._limits import INT_MAX
from duidiao.play.builds import engine_module
from duidiao.play.enums import (
    Declaring,
    FailedThrow,
    FirstDeclarer,
    KDig,
    KittyBurial,
    KittyPoints,
    Ladder,
    Scoring,
    TrumpCompare,
    _Named,
)
from duidiao.play.level import Level, LevelLike
from duidiao.play.sizes import Sizes, sizes_of

__all__ = [
    "Rules", "PRESETS", "GAME_PRESETS", "ALL_PRESETS", "DECLARE_KINDS",
]

DECLARE_KINDS = (
    "single", "lock", "override", "pair", "reinforce", "small_jokers", "big_jokers",
    "triple", "three_small_jokers", "three_big_jokers",
)
"""Declaration kinds; the core numbers them 1 to 10. Rules §6.2 (``declaring=chifeng``): 亮主,
封主, 正主; §10.6 (``declaring=standard``): a single, a pair of level cards, reinforcing one's
own single (加固), a pair of small jokers, a pair of big jokers (the joker pairs declare
``NT``); §11.7 (``declaring=huanle``): a single, a pair, the joker pairs and, with three
packs, three copies of a level card and three small or big jokers (``NT``), which also
counter in 反底 (§11.8). :attr:`Rules.declare_kinds` says which a rules' declaring knows."""

ALL_PRESETS = tuple(_core.Rules.presets())
"""Every preset the rules book defines (rules §9; the core holds them as data)."""


def _check(core: _core.Rules, whole_hands: bool) -> None:
    """The one check of what the engine plays (the core's): whole hands, or positions only."""
    core.check_game_supported() if whole_hands else core.check_supported()


def _playable(name: str, whole_hands: bool = False) -> bool:
    # Three decks are the three-copy build's (the one door: duidiao.play.builds).
    core = _core.Rules.preset(name)
    if core.decks == 3:
        core = importlib.import_module("duidiao._core3").Rules.preset(name)
    try:
        _check(core, whole_hands)
    except ValueError:
        return False
    return True


PRESETS = tuple(name for name in ALL_PRESETS if _playable(name))
"""The presets the engine plays from a position: what a position string may name."""
GAME_PRESETS = tuple(name for name in PRESETS if _playable(name, whole_hands=True))
"""The presets the engine also deals, declares and buries: what a game, a match, a duel or a
table may be played under (every preset of the rules book)."""

_DEFAULT = _core.Rules()  # the options of the first preset: the dataclass's defaults

# The rules options (rules §9), in the order they are printed.
OPTION_FIELDS = (
    "must_follow_format",
    "ace_low_tractor",
    "level_tractor_bridge",
    "throws_in_trumps",
    "throw_penalty",
    "level_card_grab",
    "k_dig",
    "must_play_levels",
    "kitty_points",
    "muddy_throws",
    "failed_throw",
    "ladder",
    "gated_takeover",
    "trump_compare",
    "declaring",
    "kitty_burial",
    "xiaosa",
    "digs",
    "scoring",
    "decks",
    "permanent_twos",
    "protect_triples",
    "counter_bury",
    "stakes",
    "first_declarer",
)
_FIELDS = ("name", *OPTION_FIELDS)
_BOOL_FIELDS = (
    "must_follow_format",
    "ace_low_tractor",
    "level_tractor_bridge",
    "throws_in_trumps",
    "level_card_grab",
    "muddy_throws",
    "gated_takeover",
    "xiaosa",
    "digs",
    "permanent_twos",
    "protect_triples",
    "counter_bury",
    "stakes",
)
# The options whose values are names (each a string-valued enum, like the core's of that name).
_ENUM_FIELDS: dict[str, type[_Named]] = {
    "k_dig": KDig,
    "kitty_points": KittyPoints,
    "failed_throw": FailedThrow,
    "ladder": Ladder,
    "trump_compare": TrumpCompare,
    "declaring": Declaring,
    "kitty_burial": KittyBurial,
    "scoring": Scoring,
    "first_declarer": FirstDeclarer,
}


def _or(names: list[str]) -> str:
    """``a, b or c``: the values an option takes, as the core's messages list them."""
    return " or ".join([", ".join(names[:-1]), names[-1]]) if len(names) > 1 else names[0]


@dataclass(frozen=True)
class Rules:
    """The options of one rule set. ``Rules.preset('chifeng')``; ``str`` prints one
    ``key=value`` per line; equal when every option is equal.

    ``must_play_levels`` holds ladder positions (``0 = A`` … ``12 = K``, docs/internals.md).
    """

    name: str = _DEFAULT.name
    must_follow_format: bool = _DEFAULT.must_follow_format
    ace_low_tractor: bool = _DEFAULT.ace_low_tractor
    level_tractor_bridge: bool = _DEFAULT.level_tractor_bridge
    throws_in_trumps: bool = _DEFAULT.throws_in_trumps
    throw_penalty: int = _DEFAULT.throw_penalty
    level_card_grab: bool = _DEFAULT.level_card_grab
    k_dig: KDig = KDig.of_core(_DEFAULT.k_dig)
    must_play_levels: tuple[int, ...] = tuple(_DEFAULT.must_play_levels)
    kitty_points: KittyPoints = KittyPoints.of_core(_DEFAULT.kitty_points)
    muddy_throws: bool = _DEFAULT.muddy_throws
    failed_throw: FailedThrow = FailedThrow.of_core(_DEFAULT.failed_throw)
    ladder: Ladder = Ladder.of_core(_DEFAULT.ladder)
    gated_takeover: bool = _DEFAULT.gated_takeover
    trump_compare: TrumpCompare = TrumpCompare.of_core(_DEFAULT.trump_compare)
    declaring: Declaring = Declaring.of_core(_DEFAULT.declaring)
    kitty_burial: KittyBurial = KittyBurial.of_core(_DEFAULT.kitty_burial)
    xiaosa: bool = _DEFAULT.xiaosa
    digs: bool = _DEFAULT.digs
    scoring: Scoring = Scoring.of_core(_DEFAULT.scoring)
    decks: int = _DEFAULT.decks  # rules §11.1: packs shuffled together
    permanent_twos: bool = _DEFAULT.permanent_twos  # §11.2 2 为常主: every 2 is a trump
    protect_triples: bool = _DEFAULT.protect_triples  # §11.5: a triple is not split to follow
    counter_bury: bool = _DEFAULT.counter_bury  # §11.8 反底: a stronger declaration re-buries
    stakes: bool = _DEFAULT.stakes  # §11.9: the stake s, the hand scored ±s·X
    first_declarer: FirstDeclarer = FirstDeclarer.of_core(_DEFAULT.first_declarer)  # §11.7

    def __post_init__(self) -> None:
        # Every option is checked here, so that Rules(...) and replace() refuse a bad value at
        # once instead of the core failing on it later (a level 99 indexed a 13-entry table).
        if not isinstance(self.name, str) or not self.name:
            raise ValueError(f"name: a rules name (a preset: {', '.join(PRESETS)}), "
                             f"not {self.name!r:.40}")
        for field in _BOOL_FIELDS:
            value = getattr(self, field)
            if not isinstance(value, bool):
                raise ValueError(f"{field}: True or False, not {value!r:.40}")
        penalty = self.throw_penalty
        if isinstance(penalty, bool) or not isinstance(penalty, int) or not (
                0 <= penalty <= INT_MAX):
            raise ValueError(
                f"throw_penalty: a whole number of points from 0 to {INT_MAX}, not {penalty!r:.40}"
            )
        decks = self.decks
        if isinstance(decks, bool) or decks not in (1, 2, 3):
            raise ValueError(f"decks: 1, 2 or 3 packs (rules §11.1), not {decks!r:.40}")
        for field, enum in _ENUM_FIELDS.items():
            value = getattr(self, field)
            names: list[str] = [member.value for member in enum]
            if value not in names:
                raise ValueError(f"{field}: {_or(names)}, not {value!r:.40}")
            object.__setattr__(self, field, enum(value))
        levels = self.must_play_levels
        if isinstance(levels, (str, bytes)) or not isinstance(levels, (tuple, list)):
            raise ValueError(
                f"must_play_levels: a tuple of levels 0..12 ({self._ladder_hint()}), "
                f"not {levels!r:.40}"
            )
        for level in levels:
            if isinstance(level, bool) or not isinstance(level, int) or not 0 <= level <= 12:
                raise ValueError(
                    f"must_play_levels: {level!r:.40} is not a level 0..12 "
                    f"({self._ladder_hint()})"
                )
        object.__setattr__(self, "must_play_levels", tuple(levels))

    @property
    def ladder_letters(self) -> str:
        """The letters of the levels on this ladder, lowest first: ``A23456789TJQK`` or
        ``23456789TJQKA`` (a level number is a position in it)."""
        return str(_core.ladder_letters(_core.Ladder.__members__[self.ladder.core_name]))

    def position(self, level: LevelLike) -> int:
        """A level's place on this rules' ladder, lowest first: the core's number for it
        (``Level("A")`` is 0 in Chifeng, 12 in the standard game)."""
        return self.ladder_letters.index(Level(level))

    def level_at(self, position: int) -> Level:
        """The level at a place on this rules' ladder (the inverse of :meth:`position`)."""
        return Level(self.ladder_letters[position])

    @property
    def declare_kinds(self) -> tuple[str, ...]:
        """The kinds of declaration these rules' declaring knows, weakest first (the core's)."""
        kinds = engine_module(self).declaration_kinds(self.to_core())
        return tuple(DECLARE_KINDS[k - 1] for k in kinds)

    @property
    def declare_suits(self) -> tuple[str, ...]:
        """What a declaration may name: H D S C, and NT (the joker pairs, rules §10.6, §11.7)
        when these rules play a hand without trumps (all but Chifeng's declaring)."""
        suits = ("H", "D", "S", "C")
        return suits if self.declaring == "chifeng" else (*suits, "NT")

    @property
    def sizes(self) -> Sizes:
        """The sizes of a game of these rules' ``decks`` (rules §11.1): cards, hands, kitty,
        points."""
        return sizes_of(self.decks)

    @property
    def foot(self) -> Level:
        """The lowest level of the ladder, where both teams start a match (§8.1, §10.1)."""
        return self.level_at(0)

    def _ladder_hint(self) -> str:
        letters = self.ladder_letters
        return f"0 = {letters[0]}, 12 = {letters[12]}"

    @classmethod
    def preset(cls, name: str) -> Rules:
        """The rules of a preset: ``chifeng``, ``chifeng-classic``, ``chifeng-10``, ``tractor``,
        ``shanghai``, or the wider family's ``one-deck``, ``huanle``, ``three-deck`` (rules
        §11.10: defined, not played yet)."""
        if name not in ALL_PRESETS:
            raise ValueError(f"{name!r} is not a preset ({', '.join(ALL_PRESETS)})")
        return cls.from_core(_core.Rules.preset(name))

    @classmethod
    def presets(cls) -> list[str]:
        """The presets the engine plays (``ALL_PRESETS`` has every one the rules book defines)."""
        return list(PRESETS)

    def check_supported(self) -> None:
        """ValueError naming the first option whose value the engine does not play yet (from a
        position)."""
        _check(self.to_core(), whole_hands=False)

    def check_game_supported(self) -> None:
        """The same for whole hands (dealing, declaring, burying too)."""
        _check(self.to_core(), whole_hands=True)

    @property
    def playable(self) -> bool:
        """Whether the engine plays these rules from a position (:meth:`check_supported`)."""
        try:
            self.check_supported()
        except ValueError:
            return False
        return True

    @classmethod
    def from_core(cls, core: _core.Rules) -> Rules:
        """Copy a ``_core.Rules`` (or a ``_core3.Rules``)."""
        values = {field: getattr(core, field) for field in _FIELDS}
        values["must_play_levels"] = tuple(int(x) for x in values["must_play_levels"])
        for field, enum in _ENUM_FIELDS.items():
            values[field] = enum.of_core(values[field])
        return cls(**values)

    def to_core(self) -> _core.Rules:
        """The core's ``Rules`` with these options, of the build that plays them
        (:func:`~duidiao.play.builds.engine_module`: a ``_core3.Rules`` for three decks)."""
        module = engine_module(self)
        core = module.Rules.preset(self.name) if self.name in ALL_PRESETS else module.Rules()
        for field in _FIELDS:
            value = getattr(self, field)
            if field == "must_play_levels":
                value = list(value)
            elif field in _ENUM_FIELDS:  # the build's enum of the same name, member by name
                value = getattr(module, _ENUM_FIELDS[field].__name__).__members__[value.core_name]
            setattr(core, field, value)
        return core

    def replace(self, **changes: Any) -> Rules:
        """A copy with some options changed; ValueError naming an unknown or bad option."""
        unknown = set(changes) - set(_FIELDS)
        if unknown:
            raise ValueError(f"unknown rules option {', '.join(sorted(unknown))} "
                             f"(options: {', '.join(OPTION_FIELDS)})")
        return dataclasses.replace(self, **changes)

    def __str__(self) -> str:
        lines = []
        for field in _FIELDS:
            value = getattr(self, field)
            if field == "must_play_levels":
                text = ",".join(self.ladder_letters[level] for level in value) or "-"
            elif isinstance(value, bool):
                text = "on" if value else "off"
            else:
                text = str(value)
            lines.append(f"{field}={text}")
        return "\n".join(lines)

    def options_json(self) -> dict[str, Any] | None:
        """The options that differ from the preset's, JSON-ready; None when there are none
        (what records and observations write beside the preset name)."""
        if self.name in ALL_PRESETS and self == Rules.preset(self.name):
            return None
        base = Rules.preset(self.name) if self.name in ALL_PRESETS else Rules()
        out: dict[str, Any] = {}
        for name in OPTION_FIELDS:
            value = getattr(self, name)
            if value != getattr(base, name):
                out[name] = list(value) if isinstance(value, tuple) else value
        return out

    @classmethod
    def from_json(cls, preset: str, options: Mapping[str, Any] | None = None) -> Rules:
        """The inverse of :meth:`options_json`: the preset with ``options`` changed. Raises
        ValueError naming the preset or the option that is wrong."""
        try:
            rules = cls.preset(preset)
        except ValueError as exc:
            raise ValueError(f"preset: {exc}") from None
        if options:
            if not isinstance(options, Mapping):
                raise ValueError("options: a JSON object of rules options")
            changes = dict(options)
            unknown = set(changes) - set(OPTION_FIELDS)
            if unknown:
                raise ValueError(f"options: unknown {', '.join(sorted(map(str, unknown)))}")
            if "must_play_levels" in changes:
                try:
                    changes["must_play_levels"] = tuple(int(x) for x in changes["must_play_levels"])
                except (TypeError, ValueError):
                    raise ValueError("options: must_play_levels is a list of 0..12") from None
            rules = rules.replace(**changes)
        return rules

    def __repr__(self) -> str:
        if self.name in ALL_PRESETS and self == Rules.preset(self.name):
            return f"Rules.preset({self.name!r})"
        args = ", ".join(f"{field}={getattr(self, field)!r}" for field in _FIELDS)
        return f"Rules({args})"
