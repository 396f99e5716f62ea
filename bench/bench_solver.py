"""The double-dummy solver on the checked-in bench suites (src/duidiao/solver_positions/).

One benchmark per suite (every hand holding N cards at a trick start) and ask (``exact``: every
move's value; ``best``: the best move's, the others only proven no better, the group
``solver-best``): a round solves every position of the suite for both objectives and asserts
the values equal the checked-in ones, so the benchmark is also a test. As in ``duidiao
bench``, one solver with a 16 MiB table solves a whole suite in order (its allocation is not
timed). ``extra_info`` records the median time per solve, the nodes and the table hit rate.

    pytest bench/bench_solver.py --benchmark-only                          # 4, 6 cards
    DUIDIAO_SLOW_BENCH=1 pytest bench/bench_solver.py --benchmark-only     # and 8, 10, 12

The 8-card and larger suites take half a minute or more per round (12 cards: about 14 minutes),
so they run only when ``DUIDIAO_SLOW_BENCH=1`` is set. ``duidiao bench`` prints the node-count
signature of the 4- and 6-card suites.
"""

from __future__ import annotations

import os
import statistics
from pathlib import Path

import pytest

SUITES = Path(__file__).resolve().parents[1] / "src" / "duidiao" / "solver_positions"
FAST = (4, 6)
SLOW = (8, 10, 12)
RUN_SLOW = bool(os.environ.get("DUIDIAO_SLOW_BENCH"))


def _suite_param(cards: int) -> object:
    marks = []
    if cards in SLOW and not RUN_SLOW:
        marks.append(pytest.mark.skip(reason="slow suite: set DUIDIAO_SLOW_BENCH=1"))
    elif not (SUITES / f"cards-{cards:02d}.txt").exists():
        marks.append(pytest.mark.skip(reason=f"no {cards}-card suite checked in yet"))
    return pytest.param(cards, marks=marks, id=f"{cards}-cards")


@pytest.mark.parametrize("ask", ["exact", "best"])
@pytest.mark.parametrize("cards", [_suite_param(n) for n in FAST + SLOW])
def test_solver_suite(benchmark, core, cards, ask):
    from duidiao.search.solver import Solver
    from duidiao.search.solver_bench import BENCH_TT_MB, bench_solve, bench_suite

    # "best": the best move exact, the others only proven no better (docs/solver.md, "Within k")
    benchmark.group = "solver" if ask == "exact" else "solver-best"
    entries = bench_suite(cards, SUITES)
    assert entries
    rounds: list[list] = []

    def solve_suite(solver) -> list:
        solved = bench_solve(entries, solver, 0 if ask == "exact" else None)
        rounds.append(solved)
        return solved

    def fresh_solver():  # the table's allocation is not timed
        return (Solver(BENCH_TT_MB),), {}

    slow = cards in SLOW
    solved = benchmark.pedantic(
        solve_suite, setup=fresh_solver, rounds=1 if slow else 5, iterations=1
    )
    for entry, (score, points) in zip(entries, solved):
        assert (score.value, points.value) == (entry.score, entry.points), entry.position

    solutions = [s for pair in rounds[-1] for s in pair]
    seconds = [s.seconds for r in rounds for pair in r for s in pair]
    probes = sum(s.tt_probes for s in solutions)
    hits = sum(s.tt_hits for s in solutions)
    nodes = sum(s.nodes for s in solutions)
    benchmark.extra_info["positions"] = len(entries)
    benchmark.extra_info["solves_per_round"] = len(solutions)
    benchmark.extra_info["median_ms_per_solve"] = round(statistics.median(seconds) * 1e3, 3)
    benchmark.extra_info["max_ms_per_solve"] = round(max(seconds) * 1e3, 3)
    benchmark.extra_info["nodes"] = nodes
    benchmark.extra_info["median_nodes_per_solve"] = statistics.median(
        s.nodes for s in solutions
    )
    benchmark.extra_info["tt_hit_rate"] = round(hits / probes, 4) if probes else 0.0
    benchmark.extra_info["nps"] = round(nodes / sum(s.seconds for s in solutions))
