"""The ``duidiao`` command (docs/cli.md).

``duidiao moves POSITION`` lists the legal moves; ``duidiao play POSITION MOVE...`` prints the
position after the moves (and the result once the hand is over); ``duidiao show POSITION``
prints the canonical form; ``duidiao selfplay`` plays hands or matches between bots and prints
statistics; ``duidiao duel`` plays a duplicate duel between two bots; ``duidiao solve
POSITION`` gives every legal move's exact double-dummy value and ``duidiao bench`` (or ``solve
--bench``) the solver's node-count signature; ``duidiao timing`` times a bot's decisions;
``duidiao analyse POSITION`` ranks the moves of the seat to move by Monte Carlo search;
``duidiao engine`` speaks the engine protocol and ``duidiao serve`` runs the game server.
``--json`` gives machine-readable output. A bad position, move or option exits with status 2
and the error on stderr.

Each command is a module of this package (``moves``, ``play`` ... ``serve``) keeping one
contract, :class:`duidiao.cli.common.Command`: ``NAME``, ``ALIASES``, ``HELP``,
``add_arguments(parser)`` and ``run(args, out, err)``. ``COMMANDS`` lists them in the order
``duidiao --help`` shows them; what several share is in ``duidiao.cli.common``.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from duidiao import __version__
from duidiao.cli import (
    analyse,
    bench,
    botzone,
    duel,
    engine,
    moves,
    play,
    selfplay,
    serve,
    show,
    solve,
    timing,
)
from duidiao.cli.common import EXIT_ERROR, EXIT_INTERRUPTED, Command, Parser
from duidiao.play.errors import NotationError
from duidiao.search import bots

__all__ = ["main", "build_parser", "COMMANDS"]

COMMANDS: tuple[Command, ...] = (
    moves, play, show, selfplay, duel, solve, bench, timing, analyse, engine, serve, botzone,
)
"""The commands, in the order of ``duidiao --help``."""


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="duidiao",
        description="Chifeng Duidiao (赤峰对调) engine: positions, legal moves, analysis, bots.",
    )
    parser.add_argument("--version", action="version", version=f"duidiao {__version__}")
    parser.add_argument(
        "--bot", action="append", default=[], dest="registered", metavar="NAME=module:Class",
        help="before the command: register a bot written in Python (a duidiao Player) as NAME, "
        "for every command that takes a bot (repeatable; docs/players.md)",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    for command in COMMANDS:
        command.add_arguments(
            sub.add_parser(command.NAME, aliases=command.ALIASES, help=command.HELP)
        )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default ``sys.argv[1:]``); returns the exit status."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse: --help (0) or a usage error (2)
        code = exc.code
        return code if isinstance(code, int) else EXIT_ERROR
    command = next(c for c in COMMANDS if args.command in (c.NAME, *c.ALIASES))
    try:
        for spec in args.registered:
            bots.register_spec(spec)
        return command.run(args, sys.stdout, sys.stderr)
    except NotationError as exc:
        print(f"duidiao: error: {exc}", file=sys.stderr)
        return EXIT_ERROR
    except ValueError as exc:  # IllegalMoveError, HiddenCardsError, move errors
        print(f"duidiao: error: {exc}", file=sys.stderr)
        return EXIT_ERROR
    except ImportError as exc:
        print(f"duidiao: error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:  # Ctrl-C: a long solve stops too (the core checks for it)
        print("duidiao: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # output piped into head & co.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
