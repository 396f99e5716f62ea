"""Records of whole hands: the deal, every decision in order and the result, as JSON.

>>> import duidiao
>>> game = duidiao.Game.deal(seed=1, declarer="E")
>>> _ = duidiao.play_hand(game, [duidiao.make_bot("random", s) for s in range(4)])
>>> record = duidiao.Record.from_game(game)
>>> duidiao.Record.from_json(record.to_json()) == record
True
>>> record.replay().result() == record.result
True

The format is described in docs/records.md.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from duidiao.play import formats
from duidiao.play.cards import NO_TRUMP, SEATS, SUITS, TRUMP_LETTERS, Card
from duidiao.play.enums import Dig, Outcome
from duidiao.play.game import Decision, Game
from duidiao.play.level import Level
from duidiao.play.notation import TEAMS
from duidiao.play.result import HandResult
from duidiao.play.rules import Rules
from duidiao.play.seats import TRICK_SEATS

__all__ = ["Record", "RecordError", "FORMAT", "VERSION"]

FORMAT = "duidiao-hand"
VERSION = formats.RECORD



class RecordError(ValueError):
    """A record that cannot be read, or whose replay does not match what it says."""


def _result_from_json(data: Mapping[str, Any]) -> HandResult:
    try:
        return HandResult(
            points=int(data["points"]),
            dig=None if data["dig"] is None else Dig(data["dig"]),
            outcome=Outcome(data["outcome"]),
            levels={str(k): Level(v) for k, v in data["levels"].items()},
            scores={str(k): int(v) for k, v in data["scores"].items()},
            next_declarer=str(data["next_declarer"]),
            match_won=bool(data["match_won"]),
            kitty_jokers_climb=int(data["kitty_jokers_climb"]),
            declarers_stay=bool(data["declarers_stay"]),
            # §10.7; records from before these fields never counted the kitty's points
            kitty_points=int(data.get("kitty_points", 0)),
            kitty_multiplier=int(data.get("kitty_multiplier", 0)),
            stake=int(data.get("stake", 1)),  # rules §11.9, written only with stakes
            base=int(data.get("base", 0)),
        )
    except (KeyError, TypeError, AttributeError, ValueError) as exc:
        raise RecordError(f"result: missing or bad field {exc}") from None


@dataclass(frozen=True)
class Record:
    """One hand: the rules, the deck in drawing order, the first drawer, the teams' levels,
    the fixed declarer (None in a match's first hand, 抢庄), every decision in order, the result
    (None while unfinished) and free ``meta`` data (players, seeds…)."""

    rules: Rules
    deck: tuple[Card, ...]
    first_drawer: str
    levels: dict[str, Level] = field(hash=False)
    declarer: str | None
    decisions: tuple[Decision, ...]
    result: HandResult | None = field(default=None, hash=False)
    meta: dict[str, Any] = field(default_factory=dict, hash=False, compare=False)
    version: int = VERSION

    @classmethod
    def from_game(cls, game: Game, meta: Mapping[str, Any] | None = None) -> Record:
        """The record of a game so far (with its result when it is over)."""
        return cls(
            rules=game.rules,
            deck=game.deck,
            first_drawer=game.first_drawer,
            levels=game.levels,
            declarer=game.fixed_declarer,
            decisions=tuple(game.history),
            result=game.result() if game.is_over else None,
            meta=dict(meta or {}),
        )

    def card_order(self) -> tuple[Level, int] | None:
        """(level, trump number) of the hand, from the deal and the declarations alone (no
        replay); None when there is no declaration yet and the trump is not settled."""
        team = "NS" if self.declarer is None else TRICK_SEATS.team_of(self.declarer)
        level = self.levels[team]  # a first hand's teams are at one level
        # the last declaration or counter (反底, rules §11.8) names the trump
        declared = [d.suit for d in self.decisions if d.action in ("declare", "counter")]
        if declared:
            assert declared[-1] is not None
            return (level, TRUMP_LETTERS.index(declared[-1]))
        if not any(d.phase != "declare" for d in self.decisions):
            return None
        if self.rules.declaring != "chifeng":
            return (level, NO_TRUMP)  # §10.6, §11.7: no declaration, no trump
        bottom3 = self.deck[105]
        if bottom3.is_joker:
            return (level, 0 if str(bottom3) == "BJ" else 2)
        assert bottom3.suit is not None
        return (level, SUITS.index(bottom3.suit))

    # -- JSON ----------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "format": FORMAT,
            "version": self.version,
            "preset": self.rules.name,
        }
        options = self.rules.options_json()
        order = self.card_order()
        if options is not None:
            out["options"] = options
        out.update(
            first_drawer=self.first_drawer,
            declarer=self.declarer,
            levels=dict(self.levels),
            deck=",".join(str(c) for c in self.deck),
            decisions=[d.to_dict(order) for d in self.decisions],
            result=None if self.result is None else self.result.to_dict(),
        )
        if self.meta:
            out["meta"] = self.meta
        return out

    def to_json(self) -> str:
        """The record as JSON text: one key per line, one decision per line. The same record
        always gives the same bytes."""
        data = self.to_dict()
        lines = ["{"]
        items = list(data.items())
        for i, (key, value) in enumerate(items):
            comma = "," if i < len(items) - 1 else ""
            if key == "decisions":
                lines.append('  "decisions": [')
                rows = [json.dumps(d, ensure_ascii=False) for d in value]
                for j, row in enumerate(rows):
                    lines.append(f"    {row}{',' if j < len(rows) - 1 else ''}")
                lines.append(f"  ]{comma}")
            else:
                text = json.dumps(value, ensure_ascii=False, sort_keys=key == "meta")
                lines.append(f"  {json.dumps(key)}: {text}{comma}")
        lines.append("}")
        return "\n".join(lines) + "\n"

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Record:
        if data.get("format") != FORMAT:
            raise RecordError(f"format: {data.get('format')!r} is not {FORMAT!r}")
        version = data.get("version")
        if version != VERSION:
            raise RecordError(f"version: {version!r} is not supported (expected {VERSION})")
        try:
            rules = Rules.from_json(str(data["preset"]), data.get("options"))
            deck_text = str(data["deck"])
            deck = tuple(Card.parse(t) for t in deck_text.split(",")) if deck_text else ()
            if len(deck) != rules.sizes.deck_cards:
                raise RecordError(f"deck: {rules.sizes.deck_cards} cards, not {len(deck)}")
            first = str(data["first_drawer"])
            if first not in SEATS:
                raise RecordError(f"first_drawer: {first!r} is not a seat")
            declarer = data["declarer"]
            if declarer is not None and declarer not in SEATS:
                raise RecordError(f"declarer: {declarer!r} is not a seat or null")
            raw_levels = data["levels"]
            if not isinstance(raw_levels, Mapping) or set(raw_levels) != set(TEAMS):
                raise RecordError(f"levels: {raw_levels!r:.80} is not {{'NS': level, 'EW': level}}")
            levels = {str(k): Level(v) for k, v in raw_levels.items()}
            decisions = tuple(Decision.from_dict(d) for d in data["decisions"])
            result = None if data.get("result") is None else _result_from_json(data["result"])
        except KeyError as exc:
            raise RecordError(f"missing key {exc}") from None
        except RecordError:
            raise
        except ValueError as exc:
            raise RecordError(str(exc)) from None
        return cls(
            rules=rules,
            deck=deck,
            first_drawer=first,
            levels=levels,
            declarer=declarer,
            decisions=decisions,
            result=result,
            meta=dict(data.get("meta") or {}),
            version=int(version),
        )

    @classmethod
    def from_json(cls, text: str) -> Record:
        """Parse :meth:`to_json` output; raises :class:`RecordError`."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(f"not JSON: {exc}") from None
        if not isinstance(data, dict):
            raise RecordError("a record is a JSON object")
        return cls.from_dict(data)

    # -- replay --------------------------------------------------------------------------
    def new_game(self) -> Game:
        """The game at its start (nothing decided yet)."""
        return Game(
            self.deck,
            self.first_drawer,
            rules=self.rules,
            declarer=self.declarer,
            levels=self.levels,
        )

    def _apply(self, game: Game, index: int, decision: Decision) -> None:
        try:
            game.apply(decision)
        except ValueError as exc:
            raise RecordError(f"decision {index + 1} ({decision.to_dict()}): {exc}") from None

    def replay(self, upto: int | None = None) -> Game:
        """Replay the decisions (the first ``upto`` of them, or all) and return the game.
        A full replay must end the hand with the recorded result; :class:`RecordError`
        otherwise."""
        game = self.new_game()
        decisions = self.decisions if upto is None else self.decisions[:upto]
        for i, decision in enumerate(decisions):
            self._apply(game, i, decision)
        if upto is None and self.result is not None:
            if not game.is_over:
                raise RecordError(
                    f"the record has a result but the replay stops in the {game.phase} phase"
                )
            result = game.result()
            if result != self.result:
                raise RecordError(f"the replay gives {result}, the record says {self.result}")
        return game

    @property
    def plies(self) -> int:
        """The number of plays in the record."""
        return sum(1 for d in self.decisions if d.action == "play")

    def game_at(self, ply: int) -> Game:
        """The game in its play phase after ``ply`` plays (0 = before the first lead)."""
        if not 0 <= ply <= self.plies:
            raise ValueError(f"ply {ply}: the record has plays 0..{self.plies}")
        seen = 0
        for i, decision in enumerate(self.decisions):
            if decision.action == "play":
                if seen == ply:
                    return self.replay(upto=i)
                seen += 1
        return self.replay(upto=len(self.decisions))

    def position_at(self, ply: int, seat: str | None = None) -> str:
        """The position string after ``ply`` plays (0 = the first lead is to be made), with
        every hand known (``seat`` None) or from ``seat``'s view."""
        return str(self.game_at(ply).position(seat))

    @property
    def seats_to_play(self) -> list[str]:
        """The seat of each play, in order."""
        return [d.seat for d in self.decisions if d.action == "play"]
