"""The double-dummy solver: the exact value of a position when every hand is known.

>>> import duidiao
>>> gone = duidiao.Cards.deck() - duidiao.Cards("AH,KH,QH,JH,7D,7D,6D,6D,4D,4D,3D,3D")
>>> pos = duidiao.Position(
...     "chifeng level=2 trump=S declarer=S levels=NS:2,EW:2 S=AH E=KH N=QH W=JH "
...     f"kitty=7D,7D,6D,6D,4D,4D,3D,3D gone={gone} points=100 turn=S")
>>> solution = duidiao.solve(pos, objective="points")
>>> solution.value, str(solution.best)
(100, 'AH')
>>> duidiao.defenders_reach(pos, 100), duidiao.defenders_reach(pos, 105)
(True, False)

Two objectives (docs/solver.md):

- ``"points"``: the defenders' points at the end of the hand (banked points included; with
  rules that count the kitty's points, rules §10.7, *T*: the kitty's bonus too). The
  defenders maximise, the declaring team minimises, whoever is to move.
- ``"score"``: the hand score difference of rules §7.2 (the side to move's team's hand score
  minus the other team's), computed with the position's ``levels``. The side to move maximises.

The search runs in C++ (``duidiao._core.Solver``) with the GIL released, so separate
:class:`Solver` objects may solve in parallel threads.
"""

from __future__ import annotations

import contextlib
import math
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Literal, Union

from duidiao import _core
from duidiao.play._limits import INT_MAX, check_int
from duidiao.play.builds import engine_module
from duidiao.play.cards import Cards
from duidiao.play.errors import HiddenCardsError, SearchStopped
from duidiao.play.position import Move, Position

SOLVER_MAX_THREADS: int = _core.SOLVER_MAX_THREADS  # threads a solve may use

__all__ = [
    "Objective",
    "OBJECTIVES",
    "MoveValue",
    "Solution",
    "Solver",
    "solve",
    "defenders_reach",
    "table_mb_for",
]

Objective = Literal["points", "score"]
OBJECTIVES: tuple[str, ...] = ("points", "score")
"""The objectives a position can be solved for."""

PositionLike = Union[Position, str]

DEFAULT_TT_MB: float = 16
"""A solver's table (MiB) unless asked otherwise: as fast as larger ones up to 10 cards a hand."""


@dataclass(frozen=True)
class MoveValue:
    """One legal move of the root with its value.

    ``move`` is the move as chosen, ``played`` what it comes to (a throw that fails is its
    forced component, §5.2; otherwise ``played == move``), ``value`` the value of the position
    after it, in the solution's objective and point of view. ``lower`` and ``upper`` are the
    bounds the search proved: equal to ``value`` when the move was solved (``exact``); when a
    limit (or a solve ``within`` a tolerance) left it unsolved, ``value`` is the bound the side
    to move is sure of (``lower`` when it maximises the value, ``upper`` when it minimises it:
    the ``"points"`` objective read by the declaring side).
    """

    move: Move
    played: Move
    value: int
    lower: int
    upper: int

    @property
    def exact(self) -> bool:
        """The value is exact (the bounds meet)."""
        return self.lower == self.upper

    @property
    def fails(self) -> bool:
        """The move is a throw that fails (``played`` is its forced component)."""
        return self.played.cards != self.move.cards

    def to_dict(self) -> dict[str, Any]:
        return {"move": str(self.move), "played": str(self.played), "value": self.value,
                "lower": self.lower, "upper": self.upper}


@dataclass(frozen=True)
class Solution:
    """The solved position.

    - ``value``: the exact value of the position (``"points"``: the defenders' final points;
      ``"score"``: the side to move's team's hand score minus the other team's, §7.2).
    - ``moves``: every legal move with its value, best first for the side to move (moves of
      equal value keep the order of the legal move list).
    - ``pv``: a principal variation, the plays of best play from the position to the end of
      the hand (what each play comes to).
    - ``nodes``: positions searched; ``seconds``: wall time of the solve;
      ``tt_probes`` / ``tt_hits`` / ``tt_stores``: transposition-table traffic of this solve.
    - ``complete``: False when a limit (``seconds``, ``nodes``) or a ``stop`` event ended
      the solve before every move was solved: every legal move is still in ``moves``, each
      with the bounds proven for it (``MoveValue.lower``, ``upper``), best first by the value
      the side to move is sure of; ``value`` is the first move's, ``lower`` and ``upper``
      bound the position's value, and ``pv`` is empty.
    - ``lower``, ``upper``: the position's proven bounds (both ``value`` when complete).
    - ``within``: the tolerance asked (:meth:`Solver.solve`): 0, every move exact; k, the
      first move exact and every other one's bounds at most k apart; None, the first move
      exact and the others only proven no better. ``complete`` then means that much was done.
    """

    source: Position = field(repr=False, compare=False)
    objective: str
    turn: str
    value: int
    moves: tuple[MoveValue, ...]
    pv: tuple[Move, ...]
    nodes: int
    seconds: float
    tt_probes: int
    tt_hits: int
    tt_stores: int
    complete: bool
    lower: int
    upper: int
    within: int | None = 0

    @cached_property
    def position(self) -> str:
        """The canonical position string of what was solved (made when first asked for)."""
        return str(self.source)

    @property
    def best(self) -> Move:
        """The first best move."""
        return self.moves[0].move

    @property
    def best_moves(self) -> list[Move]:
        """Every move proven to reach the value (with a tolerance, others may too)."""
        return [m.move for m in self.moves if m.value == self.value]

    @property
    def hit_rate(self) -> float:
        """``tt_hits / tt_probes`` (0 when nothing was probed)."""
        return self.tt_hits / self.tt_probes if self.tt_probes else 0.0

    @property
    def nps(self) -> float:
        """Nodes per second."""
        return self.nodes / self.seconds if self.seconds > 0 else 0.0

    def value_of(self, move: Move | Cards | str) -> int:
        """The value of one legal move (a Move, Cards or card list string)."""
        cards = move.cards if isinstance(move, Move) else Cards(move)
        for m in self.moves:
            if m.move.cards == cards:
                return m.value
        raise ValueError(f"solve: {move} is not a legal move of the position")

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (the keys of ``duidiao solve --json``)."""
        return {
            "position": self.position,
            "objective": self.objective,
            "turn": self.turn,
            "value": self.value,
            "moves": [m.to_dict() for m in self.moves],
            "pv": [str(m) for m in self.pv],
            "nodes": self.nodes,
            "seconds": round(self.seconds, 6),
            "tt_probes": self.tt_probes,
            "tt_hits": self.tt_hits,
            "tt_stores": self.tt_stores,
            "hit_rate": round(self.hit_rate, 4),
            "complete": self.complete,
            "lower": self.lower,
            "upper": self.upper,
            "within": self.within,
        }




def _position_of(position: PositionLike) -> Position:
    if isinstance(position, Position):
        return position
    if isinstance(position, str):
        return Position(position)
    raise TypeError(f"solve: a position is a Position or a str, not {type(position).__name__}")


def _objective_of(objective: str) -> str:
    if objective not in OBJECTIVES:
        raise ValueError(f"solve: objective must be 'points' or 'score', not {objective!r}")
    return objective


def check_solvable(position: Position, objective: str = "score", what: str = "solve") -> None:
    """Raise :class:`HiddenCardsError` unless the solver can take ``position``: every hand
    known, the kitty known for the score objective (and for the points objective when the
    kitty's points count, rules §10.7), and the hand not over."""
    for seat, n in position.unknown.items():
        if n:
            held = len(position.hands[seat])
            hand = "hand is not known" if not held else "hand is not fully known"
            raise HiddenCardsError(
                f"{what}: {seat}'s {hand} ({n} hidden card{'s' if n != 1 else ''}); "
                "the solver needs every hand"
            )
    unknown_kitty = f"the kitty is not known (kitty=?{position.rules.sizes.kitty_cards})"
    if objective == "score" and position.kitty is None:
        raise HiddenCardsError(
            f"{what}: {unknown_kitty}; the score objective needs it "
            "(its cards and jokers count in the result)"
        )
    if position.kitty is None and position.rules.kitty_points != "never":
        raise HiddenCardsError(
            f"{what}: {unknown_kitty}; the points objective needs it when "
            f"its points count for the defenders (kitty_points={position.rules.kitty_points})"
        )
    if position.is_over:
        raise ValueError(f"{what}: the hand is over; there is nothing to solve")


def _levels(position: Position) -> tuple[int, int]:
    return position.core_levels()


class Solver:
    """A reusable solver. Its transposition table (``tt_mb`` MiB) is kept between calls, so
    solving positions of the same hand one after another reuses earlier work. ``merge=False``
    turns off the merging of equivalent cards (for testing; values are the same). ``threads``
    searches one solve's moves on that many threads, sharing the one table: the same values,
    sooner on as many cores (a limited solve uses one thread).

    One object solves one position at a time (calls from several threads wait for each
    other); use one Solver per thread to solve in parallel.

    A core solver searches hands of its own build of the engine
    (:func:`~duidiao.play.builds.engine_module`): this one makes a solver (and a table) in
    each build it is asked in, the two-deck build's at once.
    """

    def __init__(
        self, tt_mb: float = DEFAULT_TT_MB, *, merge: bool = True, threads: int = 1
    ) -> None:
        if isinstance(tt_mb, bool) or not isinstance(tt_mb, (int, float)):
            raise TypeError(f"tt_mb must be a number, not {type(tt_mb).__name__}")
        if not 0 < tt_mb <= 65536:
            raise ValueError(f"tt_mb must be in (0, 65536], not {tt_mb}")
        self.threads = check_int("threads", threads, 1, SOLVER_MAX_THREADS)
        self._core = _core.Solver(float(tt_mb), bool(merge), self.threads)
        self._cores: dict[str, _core.Solver] = {_core.__name__: self._core}  # build -> solver
        self._last = self._core  # the solver of the last call
        self._lock = threading.Lock()
        self._telling: int | None = None  # the thread running a solve's on_best, if any
        # per build, its table's counters at the end of the last call
        self._counters: dict[str, tuple[int, int, int]] = {}
        self.tt_mb = tt_mb
        self.merge = bool(merge)

    @contextlib.contextmanager
    def _held(self) -> Iterator[None]:
        """The lock of one call, refused from inside this solver's own ``on_best`` (whose
        solve holds it)."""
        if self._telling == threading.get_ident():
            raise ValueError("a solve's on_best must not use the Solver that tells it "
                             "(use another Solver)")
        with self._lock:
            yield

    def _core_for(self, position: Position) -> _core.Solver:
        """The solver of the build that plays ``position``'s rules (called under the lock)."""
        module = engine_module(position.rules)
        core = self._cores.get(module.__name__)
        if core is None:
            core = self._cores[module.__name__] = module.Solver(
                float(self.tt_mb), self.merge, self.threads
            )
        self._last = core
        return core

    def __repr__(self) -> str:
        return f"Solver(tt_mb={self.tt_mb!r}, merge={self.merge!r}, threads={self.threads!r})"

    @property
    def tt_bytes(self) -> int:
        """The size of the transposition table in bytes (at most ``tt_mb`` MiB)."""
        return int(self._last.tt_bytes)

    @property
    def core(self) -> _core.Solver:
        """The underlying ``_core.Solver`` (of the one- and two-deck build)."""
        return self._core

    def _delta(self, build: str, probes: int, hits: int, stores: int) -> tuple[int, int, int]:
        # The core's table counters may run over the table's life: report this call's share.
        was_probes, was_hits, was_stores = self._counters.get(build, (0, 0, 0))
        if probes >= was_probes and hits >= was_hits and stores >= was_stores:
            out = (probes - was_probes, hits - was_hits, stores - was_stores)
        else:
            out = (probes, hits, stores)
        self._counters[build] = (probes, hits, stores)
        return out

    def solve(
        self,
        position: PositionLike,
        objective: str = "score",
        *,
        stop: threading.Event | None = None,
        seconds: float | None = None,
        nodes: int | None = None,
        within: int | None = 0,
        on_best: Callable[[Move, int], object] | None = None,
    ) -> Solution:
        """Every legal move of ``position`` with its exact value (see :class:`Solution`).

        ``within`` asks for less, faster: the best move's exact value, and every other move's
        to within ``within`` points (its ``lower`` and ``upper`` at most that far apart), or,
        with None, only proven no better than the best (docs/solver.md, "Within k": at 10
        cards a hand the best move alone takes a tenth of a full solve's time, median).

        ``seconds`` (wall time) and ``nodes`` (positions searched, checked every 16,384) limit
        the solve: the budget is shared among the moves still unsolved, pass after pass, and
        when it is spent every move comes back with the bounds proven for it (``complete``
        False). A ``stop`` event (a :class:`threading.Event`, set from another thread) ends it
        the same way at once.

        ``on_best(move, value)`` is told the best move and its exact value as soon as they are
        known (from the thread that called ``solve``, before it returns), for a caller to show
        while the other moves are valued: an exact solve then finds the best move first (from
        6 cards a hand in a quarter to a half of its time, median) and the others' values after
        it (about the same time in all on one thread, median; 12-31% more on two:
        docs/solver.md, "Best first"); under a limit, with half of it. With ``within`` above 0
        it is told at the end. A limit spent before the best is known leaves it untold; an
        exception it raises ends the solve; using this solver inside it is refused
        (``ValueError``).

        Raises :class:`HiddenCardsError` when a hand (or, for ``"score"``, the kitty) is not
        known, :class:`~duidiao.NotationError` for a bad position string, and ``ValueError``
        for a finished hand, an unknown objective or a bad time limit.
        """
        pos = _position_of(position)
        obj = _objective_of(objective)
        check_solvable(pos, obj)
        limit = _time_limit(seconds)
        budget = 0 if nodes is None else check_int("nodes", nodes, 1, 2**63 - 1)
        tolerance = _tolerance(within)
        ns, ew = _levels(pos)
        hand = pos.core
        made: dict[tuple[int, ...], Move] = {}

        def move(masks: tuple[int, ...]) -> Move:
            found = made.get(masks)
            if found is None:
                found = made[masks] = pos.parse_move(Cards.from_masks(*masks))
            return found

        def told(masks: tuple[int, ...], value: int) -> None:
            assert on_best is not None
            self._telling = threading.get_ident()
            try:
                on_best(move(tuple(masks)), int(value))
            finally:
                self._telling = None

        with self._held():
            core = self._core_for(pos)
            start = time.perf_counter()
            raw = core.solve(hand, obj, ns, ew, stop, limit, budget, tolerance, True,
                             None if on_best is None else told)
            elapsed = time.perf_counter() - start
            probes, hits, stores = self._delta(
                type(core).__module__,
                int(raw["tt_probes"]), int(raw["tt_hits"]), int(raw["tt_stores"])
            )
        moves = tuple(MoveValue(move(m), move(p), int(v), int(lo), int(hi))
                      for m, p, v, lo, hi in raw["moves"])
        turn = pos.turn
        assert turn is not None
        return Solution(
            source=pos,
            objective=obj,
            turn=turn,
            value=int(raw["value"]),
            moves=moves,
            pv=tuple(move(p) for p in raw["pv"]),
            nodes=int(raw["nodes"]),
            seconds=elapsed,
            tt_probes=probes,
            tt_hits=hits,
            tt_stores=stores,
            complete=bool(raw["complete"]),
            lower=int(raw["lower"]),
            upper=int(raw["upper"]),
            within=within,
        )

    def value(
        self,
        position: PositionLike,
        objective: str = "score",
        *,
        stop: threading.Event | None = None,
        seconds: float | None = None,
    ) -> int:
        """The value of ``position`` alone (faster than :meth:`solve`: one search, not one
        per move). ``stop`` / ``seconds`` as for :meth:`solve`: stopped, it raises
        :class:`~duidiao.SearchStopped`."""
        pos = _position_of(position)
        obj = _objective_of(objective)
        check_solvable(pos, obj)
        limit = _time_limit(seconds)
        ns, ew = _levels(pos)
        hand = pos.core
        with self._held():
            core = self._core_for(pos)
            return int(_stoppable(lambda: core.value(hand, obj, ns, ew, stop, limit)))

    def defenders_reach(
        self,
        position: PositionLike,
        target: int,
        *,
        stop: threading.Event | None = None,
        seconds: float | None = None,
    ) -> bool:
        """Can the defenders end the hand with at least ``target`` points against any defence?
        One null-window search (the kitty need not be known). ``stop`` / ``seconds`` as for
        :meth:`value`."""
        target = check_int("target", target, -INT_MAX - 1, INT_MAX)
        pos = _position_of(position)
        check_solvable(pos, "points", "defenders_reach")
        limit = _time_limit(seconds)
        hand = pos.core
        with self._held():
            core = self._core_for(pos)
            return bool(_stoppable(lambda: core.defenders_reach(hand, target, stop, limit)))

    @property
    def nodes(self) -> int:
        """Nodes searched by the last call."""
        return int(self._last.nodes)


def _time_limit(seconds: float | None) -> float:
    """A solve's time limit for the core (0: none)."""
    if seconds is None:
        return 0.0
    if (isinstance(seconds, bool) or not isinstance(seconds, (int, float))
            or not math.isfinite(seconds) or seconds <= 0):
        raise ValueError(f"seconds must be a positive number of seconds, not {seconds!r}")
    return float(seconds)


def _tolerance(within: int | None) -> int:
    """A solve's tolerance for the core (its SOLVE_BEST_ONLY for None)."""
    best_only = int(_core.SOLVE_BEST_ONLY)
    if within is None:
        return best_only
    return min(check_int("within", within, 0, INT_MAX), best_only)


def _stoppable(run: Any) -> Any:
    """Runs a core search, turning the core's SearchStopped into the public one."""
    try:
        return run()
    except _core.SearchStopped:
        raise SearchStopped("the search was stopped before it found the value") from None


def solve(
    position: PositionLike,
    objective: str = "score",
    tt_mb: float = DEFAULT_TT_MB,
    merge: bool = True,
    *,
    stop: threading.Event | None = None,
    seconds: float | None = None,
    nodes: int | None = None,
    threads: int = 1,
    within: int | None = 0,
    on_best: Callable[[Move, int], object] | None = None,
) -> Solution:
    """Solve ``position`` (a :class:`Position` or a position string) with a new
    :class:`Solver`: every legal move with its exact value, best first.

    ``objective`` is ``"score"`` (the side to move's team's hand score minus the other team's,
    §7.2, at the position's ``levels``) or ``"points"`` (the defenders' final points).
    ``seconds``, ``nodes`` and ``stop`` end it early with each move's bounds (see
    :meth:`Solver.solve`); ``within`` and ``on_best`` as there; ``threads`` as for
    :class:`Solver`.
    """
    return Solver(tt_mb, merge=merge, threads=threads).solve(
        position, objective, stop=stop, seconds=seconds, nodes=nodes, within=within,
        on_best=on_best,
    )


# From this many cards in a hand a larger table pays (docs/solver.md, "Speed"): below, the
# default is as fast as larger tables, whose probes miss the processor's caches more often.
LARGE_TABLE_FROM_CARDS = 11
LARGE_TABLE_MB = 256.0


def table_mb_for(position: PositionLike) -> float:
    """The table size (MiB) ``duidiao solve`` gives ``position`` when none is asked for: the
    solver's default (16), or 256 when a hand holds 11 cards or more."""
    pos = position if isinstance(position, Position) else Position(position)
    largest = max(len(cards) for cards in pos.hands.values())
    return LARGE_TABLE_MB if largest >= LARGE_TABLE_FROM_CARDS else DEFAULT_TT_MB


def defenders_reach(position: PositionLike, target: int, tt_mb: float = DEFAULT_TT_MB) -> bool:
    """Can the defenders reach at least ``target`` points with best play on both sides?"""
    return Solver(tt_mb).defenders_reach(position, target)
