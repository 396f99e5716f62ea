"""``duidiao solve POSITION``: every legal move's exact double-dummy value of a fully known
position, and its principal variation; ``--bench`` runs ``duidiao bench`` (docs/cli.md,
``duidiao solve`` and ``duidiao bench``)."""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from typing import Any, TextIO

from duidiao.cli import bench, common
from duidiao.play.position import Move, Position
from duidiao.play.seats import TRICK_SEATS

__all__ = ["NAME", "ALIASES", "HELP", "add_arguments", "run"]

NAME = "solve"
ALIASES: tuple[str, ...] = ()
HELP = "solve a fully known position: every legal move's exact value"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("position", nargs="?", default=None, help=common.POSITION_HELP)
    parser.add_argument(
        "--objective",
        choices=("score", "points"),
        default="score",
        help="score: hand score difference from the side to move (default); "
        "points: the defenders' final points",
    )
    parser.add_argument(
        "--tt-mb",
        type=float,
        default=None,
        metavar="N",
        help="transposition table size (MiB; default 16, or 256 from 11 cards in a hand)",
    )
    parser.add_argument(
        "--seconds",
        type=float,
        default=None,
        metavar="S",
        help="a time limit: when it is spent, each move's proven bounds instead of its value",
    )
    parser.add_argument(
        "--nodes",
        type=int,
        default=None,
        metavar="N",
        help="a limit of positions searched, as --seconds",
    )
    tolerance = parser.add_mutually_exclusive_group()
    tolerance.add_argument(
        "--within",
        type=int,
        default=0,
        metavar="K",
        help="the best move exact, every other move to within K points (faster where the "
        "moves' values spread; where most tie with the best, it can take longer)",
    )
    tolerance.add_argument(
        "--best",
        action="store_true",
        help="the best move exact, the others only proven no better (fastest)",
    )
    parser.add_argument(
        "--best-first",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="an exact solve shows the best move as soon as it is known (median, from 6 "
        "cards a hand: in a quarter to a half of the solve's time), then every move's value "
        "(default: on a terminal, with one thread and no limit)",
    )
    parser.add_argument(
        "--threads",
        type=int,
        default=1,
        metavar="N",
        help="search the moves on N threads sharing the table (default 1)",
    )
    parser.add_argument(
        "--no-merge", action="store_true", help="do not merge equivalent cards (for testing)"
    )
    parser.add_argument(
        "--bench", action="store_true", help="solve the bench set and print its node count"
    )
    bench.add_suite_arguments(parser)
    common.add_json_option(parser)


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from duidiao.search.solver import Solver, table_mb_for

    if args.bench:
        if args.position is not None:
            raise ValueError("solve --bench takes no position")
        return bench.run(args, out, err)
    if args.position is None:
        raise ValueError("solve: a position is required (or --bench)")
    if args.cards is not None or args.suites is not None:
        raise ValueError("solve: --cards and --suites go with --bench")
    position = Position(args.position)
    tt_mb = args.tt_mb if args.tt_mb is not None else table_mb_for(position)
    if args.within < 0:
        raise ValueError(f"solve: --within must be 0 or more points, not {args.within}")
    within = None if args.best else args.within
    best_first = args.best_first
    if best_first is None:
        # A person waiting at a terminal for an exact solve sees the best move early. (With
        # more threads it costs more than alone, and under a limit it halves the budget of
        # the other moves: docs/solver.md, "Best first"; the flag asks for it all the same.)
        best_first = (within == 0 and args.seconds is None and args.nodes is None
                      and not args.json and args.threads == 1
                      and hasattr(out, "isatty") and out.isatty())
    if best_first and within != 0:
        raise ValueError("solve: --best-first goes with an exact solve, not --within or --best")
    first: dict[str, Any] = {}
    began = time.perf_counter()

    def told(move: Move, value: int) -> None:
        first.update(move=str(move), value=value, ms=(time.perf_counter() - began) * 1000)
        if not args.json:
            out.write(f"{position}\n")
            out.write(f"best {move}: value {shown(value)}, found in {first['ms']:.1f} ms; "
                      "valuing the other moves...\n")
            out.flush()

    def shown(value: int) -> str:
        return f"{value:+d}" if args.objective == "score" else str(value)

    solution = Solver(tt_mb, merge=not args.no_merge, threads=args.threads).solve(
        position, args.objective, seconds=args.seconds, nodes=args.nodes, within=within,
        on_best=told if best_first else None,
    )
    if args.json:
        data = solution.to_dict()
        data["pv_text"] = _pv_text(position, solution.pv)
        if first:
            data["best_first"] = first
        common.write_json(out, data)
        return common.EXIT_OK
    turn = solution.turn
    if solution.objective == "score":
        team = TRICK_SEATS.team_of(turn)
        what = f"hand score difference for {team} ({turn} to play), at levels " + ",".join(
            f"{t}:{lv}" for t, lv in position.levels.items()
        )
    else:
        what = f"the defenders' final points ({turn} to play, {position.points} banked)"
    if not first:
        out.write(f"{position}\n")

    # The side to move's other moves, asked only to be no better than the best: the bound
    # toward the best (the far one is merely the worst the hand can end with).
    upward = solution.moves[0].value >= solution.moves[-1].value

    def bounded(lower: int, upper: int) -> str:
        if lower == upper:
            return shown(lower)
        if within is None and solution.complete:
            return f"<={shown(upper)}" if upward else f">={shown(lower)}"
        return f"{shown(lower)}..{shown(upper)}"

    if solution.complete:
        asked = ""
        if within is None:
            asked = " (the best move exact; the others proven no better)"
        elif within > 0:
            asked = f" (the best move exact; the others to within {within})"
        out.write(f"value {shown(solution.value)}{asked}: {what}\n")
    else:
        out.write(
            f"value {bounded(solution.lower, solution.upper)} (the limit was reached before "
            f"every move was solved: bounds proven so far): {what}\n"
        )
    width = max([4] + [len(str(m.move)) for m in solution.moves])
    out.write(f"  {'move':<{width}}  value\n")
    for m in solution.moves:
        note = f"  (throw fails: {m.played})" if m.fails else ""
        out.write(f"  {str(m.move):<{width}}  {bounded(m.lower, m.upper):>5}{note}\n")
    if solution.complete:
        out.write(f"pv: {_pv_text(position, solution.pv)}\n")
    out.write(
        f"nodes {solution.nodes}  time {solution.seconds * 1000:.1f} ms  "
        f"nps {solution.nps:.0f}  tt hits {solution.tt_hits}/{solution.tt_probes} "
        f"({solution.hit_rate:.1%})\n"
    )
    return common.EXIT_OK


def _pv_text(position: Position, pv: Sequence[Any]) -> str:
    """The principal variation with seats, tricks separated by `` / ``."""
    parts: list[str] = []
    pos = position
    for move in pv:
        seat = pos.turn
        if seat is None:
            break
        start = not pos.current_trick or not pos.current_trick.plays
        if start and parts:
            parts.append("/")
        parts.append(f"{seat}:{move}")
        try:
            pos = pos.play(move)
        except ValueError:  # pragma: no cover - the PV is made of legal plays
            break
    return " ".join(parts)
