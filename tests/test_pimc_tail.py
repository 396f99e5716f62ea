"""``pimc:tail=N``: a world the bot plays out is played by the heuristic until the hands hold N
cards, and the rest is solved exactly (``Solver::value_after``, docs/analysis.md)."""

from __future__ import annotations

import pytest

import duidiao
from duidiao import _core
from duidiao.search.players import core_bot_step


def last_play_of_a_trick(seed: int, cards: int) -> _core.Observation:
    """The oracle's observation of the seat playing last to a trick, holding ``cards`` or fewer
    (heuristic play up to there)."""
    game = duidiao.Game.deal(seed=seed, declarer="S", levels={"NS": "4", "EW": "7"}).core
    bots = [_core.Bot("heuristic", s) for s in range(4)]
    while True:
        if int(game.phase) == 4:
            seat = int(game.to_act)
            obs = game.observe(seat, True)
            held = sum(bin(m).count("1") for m in obs.view.hand(seat))
            if len(obs.view.trick()) == 3 and held <= cards:
                return obs
        core_bot_step(game, bots)


@pytest.mark.parametrize("seed", range(3))
def test_a_tail_from_the_next_trick_is_each_play_s_exact_value(seed: int) -> None:
    """The trick's last play leaves a trick start, which a tail as long as the hand solves at
    once: each move's value in the one (true) world is the solver's exact value of it, from the
    mover's team, at the hand's levels (the playout's own end would be the heuristic's)."""
    obs = last_play_of_a_trick(seed, 7)
    bot = _core.Bot("pimc-oracle:worlds=1,solve=0,tail=25,margin=0", 1)
    bot.play(obs)
    got = {tuple(m[0]): m[1] for m in bot.last_values}
    raw = _core.Solver(4.0).solve(obs.view, "score", *obs.levels)
    want = {tuple(p): float(v) for _m, p, v, _lo, _hi in raw["moves"]}
    assert len(got) > 1 and got == want


def test_without_the_tail_the_heuristic_plays_the_world_out() -> None:
    """The same positions without the tail: the heuristic's ends, not all of them exact (so the
    test above can tell the tail from a plain playout)."""
    differs = 0
    for seed in range(3):
        obs = last_play_of_a_trick(seed, 7)
        plain = _core.Bot("pimc-oracle:worlds=1,solve=0,margin=0", 1)
        plain.play(obs)
        raw = _core.Solver(4.0).solve(obs.view, "score", *obs.levels)
        want = {tuple(p): float(v) for _m, p, v, _lo, _hi in raw["moves"]}
        differs += {tuple(m[0]): m[1] for m in plain.last_values} != want
    assert differs > 0
