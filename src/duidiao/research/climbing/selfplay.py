"""Self-play of the climbing games: hands of 够级 or 保皇 between bots, their statistics and, on
request, their records (docs/records.md, "The climbing games").

Hand *i* is dealt from ``f"{seed}:{i}"`` alone and each seat's bot is seeded from the hand and
the seat, so a run's hands do not depend on how many are played.

>>> from duidiao.research.climbing.selfplay import selfplay
>>> stats = selfplay("gouji-basic", 2, ["heuristic"])
>>> stats.hands, sum(stats.places["A"])
(2, 2)
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from duidiao.play.climbing.games import game_name, game_type, seats_of
from duidiao.play.climbing.record import record_of
from duidiao.research.climbing.duel import play_hand
from duidiao.search.climbing.bots import make_bot

__all__ = ["selfplay", "ClimbingSelfPlay", "seat_bots"]


def seat_bots(preset: str, bots: Sequence[str]) -> list[str]:
    """One bot per seat: ``bots`` names one for every seat or one each (ValueError naming the
    count otherwise, or an unknown bot)."""
    seats = seats_of(preset)
    if len(bots) == 1:
        bots = list(bots) * len(seats)
    if len(bots) != len(seats):
        raise ValueError(f"--bots: one bot, or one per seat ({len(seats)} at {preset}'s table: "
                         f"{' '.join(seats)}), not {len(bots)}")
    for name in bots:
        make_bot(name, "0")
    return list(bots)


@dataclass
class ClimbingSelfPlay:
    """What the hands of a run came to: each seat's places (``places[seat][k]``: how often it
    finished (k+1)-th; the places a 保皇 hand that ends early leaves open are not counted) and
    scores, the decisions, and per game what is worth counting (够级: each team's recorded score,
    串三户, revolutions; 保皇: the emperor's modes and how his side fared)."""

    preset: str
    seed: int
    bots: list[str]
    hands: int = 0
    decisions: int = 0
    places: dict[str, list[int]] = field(default_factory=dict)
    score_sums: dict[str, float] = field(default_factory=dict)
    score_squares: dict[str, float] = field(default_factory=dict)
    outcomes: Counter[str] = field(default_factory=Counter)

    def add(self, game: Any) -> None:
        places, scores = game.result()
        seats = seats_of(self.preset)
        for s in seats:
            self.places.setdefault(s, [0] * len(seats))
        for k, s in enumerate(places):
            self.places[s][k] += 1
        for key, value in scores.items():
            self.score_sums[key] = self.score_sums.get(key, 0.0) + value
            self.score_squares[key] = self.score_squares.get(key, 0.0) + value * value
        self.hands += 1
        self.decisions += len(game.history) - game.deal_start
        position = game.position
        if game_name(game) == "gouji":
            best = max(scores.values())
            key = "串三户" if best == 12 else f"a team scores {best}"
            self.outcomes[key] += 1
            if position.revolt is not None:
                self.outcomes["革命"] += 1
        else:
            emperor = seats[position.emperor]
            self.outcomes[f"mode {game.mode}"] += 1
            side = "won" if scores[emperor] > 0 else "lost" if scores[emperor] < 0 else "drew"
            self.outcomes[f"emperor's side {side}"] += 1

    def summary(self) -> dict[str, Any]:
        n = self.hands
        scores = {}
        for key, total in self.score_sums.items():
            mean = total / n if n else 0.0
            var = (self.score_squares[key] - n * mean * mean) / (n - 1) if n > 1 else math.nan
            ci = 1.96 * math.sqrt(max(var, 0.0) / n) if n > 1 else None
            scores[key] = {"mean": round(mean, 4), "ci95": None if ci is None else round(ci, 4)}
        return {
            "format": "duidiao-climbing-selfplay", "preset": self.preset, "seed": self.seed,
            "bots": dict(zip(seats_of(self.preset), self.bots)), "hands": n,
            "decisions": self.decisions, "places": self.places, "scores": scores,
            "outcomes": dict(sorted(self.outcomes.items())),
        }

    @staticmethod
    def text_of(data: dict[str, Any]) -> str:
        """A run's summary for people."""
        bots = " ".join(f"{s}:{b}" for s, b in data["bots"].items())
        lines = [f"{data['preset']}: {data['hands']} hands, seed {data['seed']}, {bots}, "
                 f"{data['decisions']} decisions"]
        for key, sc in data["scores"].items():
            ci = "n/a" if sc["ci95"] is None else f"{sc['ci95']:.2f}"
            lines.append(f"  score of {key}: {sc['mean']:+.2f} ± {ci} a hand (95% CI)")
        lines.append("  places (1st … last) by seat: " + "; ".join(
            f"{s} {' '.join(map(str, p))}" for s, p in data["places"].items()))
        lines.append("  outcomes: " + ", ".join(f"{k} {v}" for k, v in data["outcomes"].items()))
        return "\n".join(lines) + "\n"


def selfplay(preset: str, hands: int, bots: Sequence[str], seed: int = 0,
             records: Path | None = None,
             progress: Callable[[int, int], None] | None = None) -> ClimbingSelfPlay:
    """Plays ``hands`` hands of ``preset`` with ``bots`` (one for all seats or one per seat);
    with ``records`` a folder, writes each hand's record there as ``hand-000001.json`` …"""
    game_type(preset)
    names = seat_bots(preset, bots)
    stats = ClimbingSelfPlay(preset, seed, names)
    for i in range(hands):
        game = play_hand(preset, f"{seed}:{i}", names)
        stats.add(game)
        if records is not None:
            path = records / f"hand-{i + 1:06d}.json"
            try:
                path.write_text(json.dumps(record_of(game), ensure_ascii=False), "utf-8")
            except OSError as exc:
                raise ValueError(f"--records: cannot write {str(path)!r}: {exc.strerror}") from None
        if progress is not None:
            progress(i + 1, hands)
    return stats
