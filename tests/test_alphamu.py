"""αμ at small depth (duidiao.research.alphamu): exact with one world, never above PIMC."""

from __future__ import annotations

import numpy as np
import pytest

from duidiao.play.builds import engine_module
from duidiao.research.alphamu import alphamu_values, endgame_decisions, reduce_front


@pytest.mark.parametrize("preset", ["chifeng", "shanghai"])
def test_one_world_is_the_exact_solve(preset: str) -> None:
    # With one world nothing is fused: αμ at depth 2 is the double-dummy value of each move.
    views = list(endgame_decisions(preset, 3, 3))
    assert views
    for _ply, position, me in views[:6]:
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
    for _ply, position, me in list(endgame_decisions("chifeng", 5, 3))[:6]:
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
