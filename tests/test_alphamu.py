"""αμ at small depth (duidiao.research.alphamu): exact with one world, never above PIMC."""

from __future__ import annotations

import numpy as np
import pytest

import duidiao
from duidiao.play.builds import engine_module
from duidiao.play.seats import TRICK_SEATS
from duidiao.research.alphamu import alphamu_values, reduce_front
from duidiao.search.review import review_positions


def endgame_views(preset: str, seed: int, cards: int) -> list[tuple[duidiao.Position, int]]:
    """The plays of a heuristic hand where the mover holds at most ``cards`` and has a choice."""
    game = duidiao.Game.deal(seed, rules=preset)
    duidiao.play_hand(game, [duidiao.make_bot("heuristic", seed=s) for s in range(4)])
    record = duidiao.Record.from_game(game)
    out = []
    for me, seat in enumerate(TRICK_SEATS.letters):
        for _ply, _trick, text, _played in review_positions(record, seat):
            position = duidiao.Position(text)
            if len(position.hands[seat]) <= cards and position.core.count_legal_moves() > 1:
                out.append((position, me))
    return out


@pytest.mark.parametrize("preset", ["chifeng", "shanghai"])
def test_one_world_is_the_exact_solve(preset: str) -> None:
    # With one world nothing is fused: αμ at depth 2 is the double-dummy value of each move.
    views = endgame_views(preset, 3, 3)
    assert views
    for position, me in views[:6]:
        core = engine_module(position.rules)
        world = core.WorldSampler(position.core, me).sample_hands(1, 7)
        levels = position.core_levels()
        solver = core.Solver(4, merge=False)
        exact = {tuple(m[0]): m[2] for m in solver.solve(world[0], "score", *levels)["moves"]}
        deep, _ = alphamu_values(world, me, 2, levels, solver)
        assert deep == pytest.approx({m: float(v) for m, v in exact.items()})


def test_never_above_pimc() -> None:
    # The mover's later choice shared by the worlds it cannot tell apart can only lose against
    # PIMC's choice world by world; somewhere among these it must count for something or not,
    # but never more.
    for position, me in endgame_views("chifeng", 5, 3)[:6]:
        core = engine_module(position.rules)
        worlds = core.WorldSampler(position.core, me).sample_hands(8, 11)
        levels = position.core_levels()
        solver = core.Solver(4, merge=False)
        pimc, _ = alphamu_values(worlds, me, 1, levels, solver)
        deep, solves = alphamu_values(worlds, me, 2, levels, solver)
        assert deep.keys() == pimc.keys() and solves > len(worlds)
        for move, value in deep.items():
            assert value <= pimc[move] + 1e-9


def test_reduce_front() -> None:
    front = np.array([[1.0, 2.0], [0.0, 2.0], [2.0, 0.0], [1.0, 2.0], [3.0, -5.0]])
    kept = reduce_front(front, 8)
    assert sorted(map(tuple, kept)) == [(1.0, 2.0), (2.0, 0.0), (3.0, -5.0)]
    assert [tuple(row) for row in reduce_front(front, 1)] == [(1.0, 2.0)]  # the best mean
