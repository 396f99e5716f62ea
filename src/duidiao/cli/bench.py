"""``duidiao bench`` (and ``duidiao solve --bench``): the solver's bench set solved, its last
line the node-count signature (docs/cli.md, ``duidiao solve`` and ``duidiao bench``)."""

from __future__ import annotations

import argparse
from typing import TextIO

from duidiao.cli import common

__all__ = ["NAME", "ALIASES", "HELP", "add_arguments", "add_suite_arguments", "run"]

NAME = "bench"
ALIASES: tuple[str, ...] = ()
HELP = "solve the solver's bench set; the last line is the node count"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--tt-mb", type=float, default=None, metavar="N", help="transposition table size (MiB)"
    )
    add_suite_arguments(parser)
    common.add_json_option(parser)


def add_suite_arguments(parser: argparse.ArgumentParser) -> None:
    """``--cards`` and ``--suites``: which bench suites (bench, and solve with --bench)."""
    parser.add_argument(
        "--cards",
        default=None,
        metavar="N,N",
        help="bench suites by cards per hand (default 4,6; available 4,6,8,10,12)",
    )
    parser.add_argument(
        "--suites", default=None, metavar="DIR", help="directory of the bench suites"
    )


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Solve the suites; a wrong value is named on ``err`` and makes the status 1."""
    from duidiao.search.solver_bench import BENCH_CARDS, BENCH_TT_MB, run_bench

    cards: tuple[int, ...] = BENCH_CARDS
    if args.cards is not None:
        try:
            cards = tuple(int(c) for c in args.cards.split(","))
        except ValueError:
            raise ValueError(f"--cards: {args.cards!r} is not a list of numbers") from None
    tt_mb = args.tt_mb if args.tt_mb is not None else BENCH_TT_MB
    result = run_bench(cards, tt_mb, args.suites)
    if args.json:
        data = {
            "suites": [
                {"cards": n, "positions": k, "nodes": nodes, "seconds": round(sec, 6)}
                for n, k, nodes, sec in result.suites
            ],
            "positions": result.positions,
            "seconds": round(result.seconds, 6),
            "mismatches": list(result.mismatches),
            "nodes": result.nodes,
        }
        common.write_json(out, data)
    else:
        for n, k, nodes, sec in result.suites:
            out.write(f"cards {n:2d}: {k} positions, {nodes} nodes, {sec:.3f}s\n")
        nps = result.nodes / result.seconds if result.seconds > 0 else 0.0
        out.write(f"positions {result.positions}, time {result.seconds:.3f}s, nps {nps:.0f}\n")
        out.write(f"nodes {result.nodes}\n")
    for line in result.mismatches:
        print(f"duidiao: bench: wrong value: {line}", file=err)
    return 1 if result.mismatches else common.EXIT_OK
