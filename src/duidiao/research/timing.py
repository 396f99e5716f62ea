"""How long a bot takes to decide: every decision of whole self-play hands, timed on one thread.

>>> from duidiao.research.timing import decision_times
>>> t = decision_times("heuristic", hands=2, seed=1)
>>> t.hands, t.phases["play"].count > 0
(2, True)

The bot sits in every seat of the duel's deals (``duidiao duel``'s deal *i* for the seed: random
levels, a fixed declarer), each seat with its own seed, and only the bot's own call is timed —
not building its observation, nor applying its answer. What a person at the table waits for is
the play decisions' distribution; declaring, burying, 抢牌 and 潇洒 are reported apart.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Any

from duidiao.play.builds import engine_module
from duidiao.play.cards import SEATS
from duidiao.play.decisions import apply, decide
from duidiao.play.enums import Phase
from duidiao.play.game import Game
from duidiao.play.rules import Rules
from duidiao.research.duel import draw_deal
from duidiao.search.players import CoreBot, make_bot

__all__ = ["decision_times", "DecisionTimes", "PhaseTimes"]

QUANTILES = (50, 90, 99)


@dataclass(frozen=True)
class PhaseTimes:
    """The decisions of one phase: their ``count``, quantiles and ``max``, in milliseconds."""

    count: int
    quantiles: dict[int, float] = field(hash=False)
    max: float
    mean: float

    @classmethod
    def of(cls, seconds: list[float]) -> PhaseTimes:
        ms = sorted(s * 1000 for s in seconds)
        if not ms:
            return cls(0, {q: math.nan for q in QUANTILES}, math.nan, math.nan)
        # the nearest-rank quantile: a time some decision actually took
        n = len(ms)
        rank = {q: ms[min(n - 1, max(0, math.ceil(q / 100 * n) - 1))] for q in QUANTILES}
        return cls(len(ms), rank, ms[-1], sum(ms) / len(ms))

    def to_json(self) -> dict[str, Any]:
        def num(x: float) -> float | None:
            return None if math.isnan(x) else round(x, 4)

        return {
            "count": self.count, "mean_ms": num(self.mean), "max_ms": num(self.max),
            **{f"p{q}_ms": num(v) for q, v in self.quantiles.items()},
        }


@dataclass(frozen=True)
class DecisionTimes:
    """Per phase (``declare``, ``bury``, ``grab``, ``xiaosa``, ``play``; in the climbing games
    ``revolt``, ``renounce``, ``grab``, ``call``, ``forced``, ``declare``, ``play``) the decisions'
    times."""

    bot: str
    preset: str
    seed: int
    hands: int
    phases: dict[str, PhaseTimes] = field(hash=False)

    def to_json(self) -> dict[str, Any]:
        return {
            "bot": self.bot, "preset": self.preset, "seed": self.seed, "hands": self.hands,
            "phases": {name: p.to_json() for name, p in self.phases.items()},
        }


def _time_core_hand(rules: Rules, deal: Any, bots: list[Any],
                    times: dict[str, list[float]]) -> None:
    """A hand of built-in bots, each decision made in the core (``Player::decide``)."""
    core = engine_module(rules)
    game = core.Game(rules.to_core(), deal.deck, deal.declarer, deal.declarer, *deal.levels)
    clock = time.perf_counter
    while int(game.phase) != int(core.Phase.over):
        seat = int(game.to_act)
        b = bots[seat]
        phase = Phase.of_core(game.phase)
        obs = game.observe(seat, b.sees_everything)
        start = clock()
        decision = b.decide(obs)  # the bot's decision, whichever phase, made in the core
        times[phase.value].append(clock() - start)
        game.apply(decision)


def _time_hand(game: Game, players: list[Any], times: dict[str, list[float]]) -> None:
    """A hand with a bot written in Python: each decision asked through duidiao.play.decisions."""
    clock = time.perf_counter
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        phase = game.phase
        obs = game.observe(seat)
        start = clock()
        decision = decide(players[SEATS.index(seat)], obs)
        times[phase.value].append(clock() - start)
        apply(game, decision)


def decision_times(
    bot: str, hands: int, seed: int = 0, preset: str | Rules = "chifeng",
    progress: Any = None,
) -> DecisionTimes:
    """Time every decision of ``hands`` self-play hands of ``bot`` (any name
    :func:`~duidiao.make_bot` accepts, settings included; under a climbing preset, 够级 or
    保皇, a climbing bot) on the calling thread.
    ``progress(done, hands)`` is called after each hand."""
    if isinstance(hands, bool) or not isinstance(hands, int) or not 0 < hands <= 1_000_000:
        raise ValueError(f"hands: from 1 to 1,000,000, not {hands!r:.40}")
    from duidiao.play.climbing.games import PRESETS as CLIMBING_PRESETS

    if isinstance(preset, str) and preset in CLIMBING_PRESETS:
        from duidiao.research.climbing.duel import decision_times as climbing_times

        phases = climbing_times(bot, hands, seed=seed, preset=preset, progress=progress)
        return DecisionTimes(bot=bot, preset=preset, seed=seed, hands=hands, phases=phases)
    make_bot(bot, 0)  # an unknown bot fails here
    rules = preset if isinstance(preset, Rules) else Rules.preset(preset)
    times: dict[str, list[float]] = {p.value: [] for p in Phase if p not in ("over",)}
    for index in range(hands):
        deal = draw_deal(seed, index, rules.decks)
        players = [make_bot(bot, deal.bot_seeds[s]) for s in range(4)]
        if all(isinstance(p, CoreBot) for p in players):
            cores = [p.core_for(rules) for p in players if isinstance(p, CoreBot)]
            _time_core_hand(rules, deal, cores, times)
        else:
            _time_hand(deal.game(rules), players, times)
        if progress is not None:
            progress(index + 1, hands)
    return DecisionTimes(
        bot=bot, preset=rules.name, seed=seed, hands=hands,
        phases={name: PhaseTimes.of(ts) for name, ts in times.items()},
    )
