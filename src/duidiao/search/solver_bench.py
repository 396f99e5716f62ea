"""The solver's bench: suites of checked-in positions solved for a node-count signature
(``duidiao bench``, bench/bench_solver.py, docs/solver.md). A change of the search that keeps
every value but changes a node count shows here; the API is :mod:`duidiao.search.solver`."""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from duidiao.play.position import Position
from duidiao.search.solver import DEFAULT_TT_MB, Solution, Solver

__all__ = [
    "BENCH_CARDS",
    "BENCH_TT_MB",
    "BenchPosition",
    "BenchResult",
    "bench_directory",
    "bench_suite",
    "bench_solve",
    "run_bench",
]

BENCH_CARDS: tuple[int, ...] = (4, 6)
"""The suites ``duidiao bench`` solves by default (the fast part of the bench set)."""
BENCH_TT_MB = DEFAULT_TT_MB
"""The table size of the bench (node counts depend on it)."""


@dataclass(frozen=True)
class BenchPosition:
    """One line of a bench suite: a position and its checked-in values."""

    position: str
    score: int
    points: int


@dataclass(frozen=True)
class BenchResult:
    """What ``run_bench`` measured: per suite, and in total."""

    suites: tuple[tuple[int, int, int, float], ...]  # (cards, positions, nodes, seconds)
    nodes: int
    seconds: float
    mismatches: tuple[str, ...]

    @property
    def positions(self) -> int:
        return sum(s[1] for s in self.suites)


def bench_directory() -> Path:
    """Where the bench suites are: ``$DUIDIAO_BENCH_DIR``, else the ``solver_positions`` folder of
    the package."""
    env = os.environ.get("DUIDIAO_BENCH_DIR")
    if env:
        return Path(env)
    return Path(__file__).resolve().parent.parent / "solver_positions"


def bench_suite(cards: int, directory: Path | str | None = None) -> list[BenchPosition]:
    """The checked-in suite of positions with ``cards`` cards in every hand
    (``cards-NN.txt``: ``score<TAB>points<TAB>position`` lines, ``#`` comments)."""
    path = Path(directory or bench_directory()) / f"cards-{cards:02d}.txt"
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ValueError(f"bench: no suite for {cards} cards ({exc})") from None
    out = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        fields = line.split("\t")
        if len(fields) != 3:
            raise ValueError(f"bench: {path.name} line {number}: expected 3 tab-separated fields")
        out.append(BenchPosition(fields[2], int(fields[0]), int(fields[1])))
    return out


def bench_solve(
    entries: Sequence[BenchPosition], solver: Solver | None = None, within: int | None = 0
) -> list[tuple[Solution, Solution]]:
    """Solve bench positions in order, each for both objectives (score, then points), with
    one solver (a new ``Solver(BENCH_TT_MB)`` by default), as Stockfish's ``bench`` keeps its
    table from one position to the next: the node counts depend on the order, which is fixed.
    ``within`` as for :meth:`Solver.solve` (0: every move exact)."""
    if solver is None:
        solver = Solver(BENCH_TT_MB)
    out = []
    for entry in entries:
        position = Position(entry.position)
        out.append((solver.solve(position, "score", within=within),
                    solver.solve(position, "points", within=within)))
    return out


def run_bench(
    cards: Sequence[int] = BENCH_CARDS,
    tt_mb: float = BENCH_TT_MB,
    directory: Path | str | None = None,
) -> BenchResult:
    """Solve the bench suites (both objectives; one solver per suite, its table kept from one
    solve to the next) and check every value against the checked-in one. ``nodes`` is the
    node-count signature of the search."""
    suites = []
    mismatches = []
    for n in cards:
        entries = bench_suite(n, directory)
        nodes, seconds = 0, 0.0
        solved = bench_solve(entries, Solver(tt_mb))
        for i, (entry, (score, points)) in enumerate(zip(entries, solved), 1):
            nodes += score.nodes + points.nodes
            seconds += score.seconds + points.seconds
            if (score.value, points.value) != (entry.score, entry.points):
                mismatches.append(
                    f"cards-{n:02d} position {i}: score {score.value} points {points.value}, "
                    f"expected score {entry.score} points {entry.points}"
                )
        suites.append((n, len(entries), nodes, seconds))
    return BenchResult(
        suites=tuple(suites),
        nodes=sum(s[2] for s in suites),
        seconds=sum(s[3] for s in suites),
        mismatches=tuple(mismatches),
    )
