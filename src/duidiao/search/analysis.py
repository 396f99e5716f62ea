"""Analysis of a position from one player's point of view: "what should I play here?"

>>> import duidiao
>>> pos = duidiao.Position(
...     "chifeng level=2 trump=S declarer=S levels=NS:2,EW:2 S=AH,3C E=?2 N=?2 W=?2 "
...     "kitty=7D,7D,6D,6D,4D,4D,3D,3D gone=" + str(duidiao.Cards.deck() - duidiao.Cards(
...     "AH,3C,KH,QH,JH,9C,8C,7C,7D,7D,6D,6D,4D,4D,3D,3D")) + " points=90 turn=S")
>>> a = duidiao.analyse(pos, worlds=200, seed=1, threads=1)
>>> str(a.best.move), a.method, a.worlds
('AH', 'solver', 200)

The hidden cards are sampled (``duidiao.sample_worlds``: uniform over the deals consistent with
what the seat to move knows); in each world every legal move is valued — exactly by the
double-dummy solver when the seat to move holds at most ``solve_cards`` cards, otherwise by
playing the hand out with the ``heuristic`` bot for every seat — and the values are averaged.
Values are hand score differences (rules §7.2) from the team of the seat to move, so higher
is better for it. The search runs in C++ with the GIL released, on ``threads`` threads.

With a fixed number of ``worlds`` and a ``seed`` the analysis is the same on every run, whatever
the number of threads (world *i* is drawn from the seed and *i* alone).
"""

from __future__ import annotations

import os
import secrets
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Union

from duidiao import _core
from duidiao.play._limits import INT_MAX, SEED_MAX, check_int, check_number, core_int
from duidiao.play.builds import engine_module
from duidiao.play.cards import Cards
from duidiao.play.errors import HiddenCardsError
from duidiao.play.position import Move, Position
from duidiao.search.bots import kind_of, levels

__all__ = [
    "Analysis", "AnalysisProgress", "MoveAnalysis", "SEARCH_LEVELS", "analyse", "expert_search",
    "level_search",
]

PositionLike = Union[Position, str]


class AnalysisProgress(int):
    """A progress report of :func:`analyse`: the number of worlds done (it *is* that int, so a
    callback that counts worlds needs nothing else), with the search's current best move by
    mean value (``best``, a :class:`Move`), its ``mean`` and the ``seconds`` since the start."""

    best: Move
    mean: float
    seconds: float

    def __new__(cls, worlds: int, best: Move, mean: float, seconds: float) -> AnalysisProgress:
        report = super().__new__(cls, worlds)
        report.best, report.mean, report.seconds = best, mean, seconds
        return report

    @property
    def worlds(self) -> int:
        return int(self)

    def __repr__(self) -> str:
        return (f"AnalysisProgress(worlds={int(self)}, best={self.best!r}, "
                f"mean={self.mean:.3f}, seconds={self.seconds:.3f})")


@dataclass(frozen=True)
class MoveAnalysis:
    """One legal move of the analysed position.

    ``mean``: the mean hand score difference (§7.2) for the mover's team over the worlds
    searched; ``stderr``: its standard error; ``make``: the share of worlds in which the
    declaring team makes the hand (stays declarer) after this move; ``worlds``: how many worlds.
    ``gain`` and ``gain_stderr``: the mean difference from the ``heuristic`` bot's choice in the
    same worlds and its standard error (paired, so far more precise than ``stderr`` for comparing
    two moves); ``heuristic``: this move is that choice.
    """

    move: Move
    mean: float
    stderr: float
    make: float
    worlds: int
    gain: float = 0.0
    gain_stderr: float = 0.0
    heuristic: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {
            "move": str(self.move),
            "mean": round(self.mean, 4),
            "stderr": round(self.stderr, 4),
            "make": round(self.make, 4),
            "worlds": self.worlds,
            "gain": round(self.gain, 4),
            "gain_stderr": round(self.gain_stderr, 4),
            "heuristic": self.heuristic,
        }


@dataclass(frozen=True)
class Analysis:
    """The analysed position: every move weighed, best first (by mean value).

    ``method`` is ``"solver"`` (every world solved exactly) or ``"playouts"`` (heuristic
    playouts); ``worlds`` and ``seconds`` say how much was searched; ``seed`` repeats it.
    ``legal`` counts the legal moves: above 2,000 of them (long throws, rules §5.2, §10.3) the
    search weighs candidates only — every single, pair and tractor, each suit's throws from its
    top components down, the heuristic's choice; for a follow, 256 drawn at random and the
    heuristic's — so ``moves`` may be fewer (:attr:`pruned`). With inference (``infer_pool``
    above 1), ``pool`` worlds were weighed and ``worlds`` drawn from them by weight;
    ``effective_pool`` is what the weights are worth in equally weighted worlds, and
    ``independent_worlds`` what the worlds searched are worth as independent ones (a world drawn
    twice counts twice in the means, but as less than two in the standard errors).
    """

    position: str
    turn: str
    moves: tuple[MoveAnalysis, ...]
    worlds: int
    seconds: float
    method: str
    seed: int
    threads: int
    solver_nodes: int
    legal: int = 0
    pool: int = 0
    effective_pool: float = 0.0
    independent_worlds: float = 0.0

    @property
    def pruned(self) -> bool:
        """Whether only candidates were weighed (``legal`` is more than ``len(moves)``)."""
        return self.legal > len(self.moves)

    @property
    def best(self) -> MoveAnalysis:
        """The move with the best mean value."""
        return self.moves[0]

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (the keys of ``duidiao analyse --json``)."""
        return {
            "position": self.position,
            "turn": self.turn,
            "method": self.method,
            "worlds": self.worlds,
            "seconds": round(self.seconds, 4),
            "seed": self.seed,
            "threads": self.threads,
            "solver_nodes": self.solver_nodes,
            "legal": self.legal,
            **({"pool": self.pool, "effective_pool": round(self.effective_pool, 2),
                "independent_worlds": round(self.independent_worlds, 2)}
               if self.pool else {}),
            "moves": [m.to_dict() for m in self.moves],
        }


# A level's bot settings (the registry's names) as analyse's arguments.
_SEARCH_ARGUMENTS = {"worlds": "worlds", "solve": "solve_cards", "infer": "infer_pool",
                     "miss": "infer_miss"}


def _searches(level: str) -> bool:
    return any(s["name"] == "worlds" for s in kind_of(level).settings)


SEARCH_LEVELS: tuple[str, ...] = tuple(level for level in levels() if _searches(level))
"""The levels that search (``normal`` … ``expert``): those an analysis can search as."""


def level_search(level: str) -> dict[str, Any]:
    """The search of a level's bot as :func:`analyse` takes it: ``worlds``, ``solve_cards``,
    ``infer_pool`` and ``infer_miss`` (the level's own settings over the search's defaults,
    read from the bot registry), so that an analysis "at a level" weighs moves as that bot
    does. ValueError for a level that does not search (``easy`` plays the heuristic).

    >>> level_search("hard")
    {'worlds': 32, 'solve_cards': 4, 'infer_pool': 1, 'infer_miss': 1.0}
    """
    if level not in SEARCH_LEVELS:
        raise ValueError(f"level: {level!r:.40} does not search (expected one of "
                         f"{', '.join(SEARCH_LEVELS)})")
    defaults = {s["name"]: s["default"] for s in kind_of(level).settings}
    return {arg: defaults[name] for name, arg in _SEARCH_ARGUMENTS.items()}


def expert_search() -> dict[str, Any]:
    """The ``expert`` bot's search settings, the defaults of :func:`analyse`: ``solve_cards``,
    ``infer_pool``, ``infer_miss`` and the ``worlds`` it searches per decision.

    >>> expert_search()
    {'worlds': 256, 'solve_cards': 5, 'infer_pool': 4, 'infer_miss': 0.5}
    """
    return level_search("expert")


def analyse(
    position: PositionLike,
    seconds: float = 1.0,
    worlds: int | None = None,
    threads: int | None = None,
    seed: int | None = None,
    *,
    solve_cards: int | None = None,
    tt_mb: float = 16.0,
    infer_pool: int | None = None,
    infer_miss: float | None = None,
    progress: Callable[[AnalysisProgress], bool | None] | None = None,
    stop: threading.Event | None = None,
) -> Analysis:
    """Rank the legal moves of the seat to move by their expected hand score.

    - ``seconds``: the time budget (used when ``worlds`` is None); at least one world is
      always searched.
    - ``worlds``: search exactly this many sampled worlds instead (the budget does not apply).
    - ``threads``: worker threads (default: every core).
    - ``seed``: the worlds' seed (default: a random one, reported in ``Analysis.seed``).
    - ``solve_cards``: solve worlds exactly when the mover holds at most this many cards.
    - ``tt_mb``: the solver's table per thread, in MiB.
    - ``infer_pool``, ``infer_miss``: inference from the play (docs/analysis.md):
      ``infer_pool`` times the worlds are drawn, each weighed by ``infer_miss`` to the power of
      the other seats' past plays that the heuristic would not have made in it, and ``worlds``
      of them are drawn by weight (under a time budget, in rounds of 256 worlds).
      ``infer_pool=1``: none.

    ``solve_cards``, ``infer_pool`` and ``infer_miss`` default to the ``expert`` bot's own
    (:func:`expert_search`), so that the analysis searches as the strongest bot does.
    - ``progress``: called after each world of the first thread with an
      :class:`AnalysisProgress` (the worlds done, and the current best move); returning False
      stops the search early.
    - ``stop``: a :class:`threading.Event`; when another thread sets it, the search ends at
      once with the worlds finished so far. (With none finished, every move has 0 worlds and
      the heuristic bot's choice comes first.)

    Raises :class:`HiddenCardsError` when the mover's hand is not known or the hand is over,
    and ValueError for a bad argument.
    """
    expert = expert_search()
    solve_cards = expert["solve_cards"] if solve_cards is None else solve_cards
    infer_pool = expert["infer_pool"] if infer_pool is None else infer_pool
    infer_miss = expert["infer_miss"] if infer_miss is None else infer_miss
    pos = position if isinstance(position, Position) else Position(position)
    # Only what the core cannot word is checked here: the argument's type, and the range of
    # the C++ type it crosses as; the core checks the options' ranges, that the hand is not
    # over and that the mover's cards are known (a reason HiddenCardsError words).
    if threads is None:
        threads = os.cpu_count() or 1
    if seed is None:
        seed = secrets.randbits(63)
    search = engine_module(pos.rules).PimcSearch(
        0 if worlds is None else check_int("worlds", worlds, 1, INT_MAX),
        0.0 if worlds is not None else check_number("seconds", seconds),
        core_int("threads", threads),
        check_int("seed", seed, 0, SEED_MAX),
        core_int("solve_cards", solve_cards),
        check_number("tt_mb", tt_mb),
        core_int("infer_pool", infer_pool),
        check_number("infer_miss", infer_miss),
    )

    def report(done: int, best: tuple[int, ...], mean: float, elapsed: float) -> bool:
        assert progress is not None
        move = pos.parse_move(Cards.from_masks(*best))
        return progress(AnalysisProgress(done, move, mean, elapsed)) is not False

    try:
        raw = search.analyse(
            pos.core, *pos.core_levels(),
            report if progress is not None else None, stop,
        )
    except _core.CoreError as exc:
        if exc.reason in ("over", "mover_hidden"):
            raise HiddenCardsError(str(exc)) from None
        raise
    turn = pos.turn
    assert turn is not None  # the core refuses a hand that is over
    moves = tuple(
        MoveAnalysis(
            pos.parse_move(Cards.from_masks(*planes)), mean, stderr, make, n, gain, gain_se,
            bool(heuristic),
        )
        for planes, mean, stderr, make, n, gain, gain_se, heuristic in raw["moves"]
    )
    return Analysis(
        position=str(pos),
        turn=turn,
        moves=moves,
        worlds=int(raw["worlds"]),
        seconds=float(raw["seconds"]),
        method="solver" if raw["exact"] else "playouts",
        seed=int(seed),
        threads=int(threads),
        solver_nodes=int(raw["solver_nodes"]),
        legal=int(raw["legal"]),
        pool=int(raw["pool"]),
        effective_pool=float(raw["effective_pool"]),
        independent_worlds=float(raw["independent_worlds"]),
    )

