"""The `ismcts` bot (issue 13, item 5): information-set MCTS over the public plays, measured
against `pimc` at equal time (docs/analysis.md)."""

from __future__ import annotations

import pytest

import duidiao
from duidiao import _core
from duidiao.search.players import core_bot_step

PLAY = 4


def _observations(seed: int, n: int) -> list[_core.Observation]:
    """Play-phase observations of the seat to move with more than 4 cards and a choice."""
    game = duidiao.Game.deal(seed=seed).core
    bots = [_core.Bot("heuristic", s) for s in range(4)]
    out = []
    while int(game.phase) <= PLAY and len(out) < n:
        if int(game.phase) == PLAY:
            obs = game.observe(int(game.to_act))
            if obs.view.count_legal_moves() > 1 and sum(bin(m).count("1") for m in obs.hand) > 8:
                out.append(obs)
        core_bot_step(game, bots)
    return out


def test_ismcts_plays_legal_repeatable_moves_and_reports_its_visits() -> None:
    for obs in _observations(2, 6):
        bot = _core.Bot("ismcts:iterations=300", 5)
        play = tuple(bot.play(obs))
        assert play in [tuple(m) for m in obs.view.legal_moves()]
        assert tuple(_core.Bot("ismcts:iterations=300", 5).play(obs)) == play
        values = bot.last_values  # (move, mean, stderr, makes, visits, ...), most visited first
        assert tuple(values[0][0]) == play
        visits = [v[4] for v in values]
        assert visits == sorted(visits, reverse=True) and sum(visits) == 300
        # Every root play is tried at least once before any is tried twice.
        assert min(visits) >= 1 or len(values) > 300


def test_more_iterations_concentrate_the_visits() -> None:
    obs = _observations(4, 1)[0]
    few = _core.Bot("ismcts:iterations=100", 1)
    many = _core.Bot("ismcts:iterations=2000", 1)
    few.play(obs)
    many.play(obs)
    def share(bot: _core.Bot) -> float:
        visits = [v[4] for v in bot.last_values]
        return visits[0] / sum(visits)

    assert share(many) > share(few)


def test_ismcts_plays_whole_hands_of_both_games() -> None:
    for preset in ("chifeng", "shanghai"):
        game = duidiao.Game.deal(seed=6, rules=preset)
        bots = [duidiao.make_bot("ismcts:iterations=60", seed=s) for s in range(4)]
        result = duidiao.play_hand(game, bots)
        assert game.phase == "over" and result.points % 5 == 0


@pytest.mark.parametrize("name, message", [
    ("ismcts:iterations=0", "iterations needs a whole number from 1"),
    ("ismcts:c=-1", "c needs a number from 0"),
    ("ismcts:depth=3", "unknown setting 'depth'"),
    ("ismcts:", "no setting after ':'"),
])
def test_ismcts_refuses_bad_settings(name: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        duidiao.make_bot(name)
