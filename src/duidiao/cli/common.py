"""What the ``duidiao`` commands share (docs/cli.md): the contract every command module keeps,
the argument parser (one-line errors, help giving the defaults), the exit statuses, the
``--json`` writer, and the pieces of output and options several commands use."""

from __future__ import annotations

import argparse
import json
from typing import Any, NoReturn, Protocol, TextIO

from duidiao.play._limits import SEED_MAX, int_in
from duidiao.play.position import Position
from duidiao.play.rules import GAME_PRESETS
from duidiao.search import bots

__all__ = [
    "Command",
    "EXIT_ERROR",
    "EXIT_INTERRUPTED",
    "EXIT_OK",
    "POSITION_HELP",
    "Parser",
    "add_json_option",
    "add_ray_option",
    "add_seed_and_preset",
    "bot_help",
    "position_json",
    "write_json",
]

EXIT_OK = 0
EXIT_ERROR = 2
EXIT_INTERRUPTED = 130  # 128 + SIGINT, as a shell reports a command stopped by Ctrl-C

POSITION_HELP = "a position string (docs/notation.md), quoted"
"""The help of a command's POSITION argument."""


class Command(Protocol):
    """A command's module (``duidiao.cli.moves``, ``.play`` ...): every one defines these.

    ``NAME`` is its word on the command line, ``ALIASES`` its other words (most have none),
    ``HELP`` its line in ``duidiao --help``. ``add_arguments`` adds its arguments to the
    parser made for it (and may set the parser's ``usage`` or ``description``). ``run`` does
    the command: its output to ``out``, progress bars and diagnostics to ``err``; it returns the
    exit status. A bad position, move or option raises ValueError (a NotationError is one):
    ``duidiao.cli.main`` prints it on one line and exits with EXIT_ERROR.
    """

    NAME: str
    ALIASES: tuple[str, ...]
    HELP: str

    def add_arguments(self, parser: argparse.ArgumentParser) -> None: ...

    def run(self, args: argparse.Namespace, out: TextIO, err: TextIO) -> int: ...


def write_json(out: TextIO, data: Any) -> None:
    """``--json`` output: one JSON document on one line."""
    json.dump(data, out, ensure_ascii=False)
    out.write("\n")


class _Help(argparse.HelpFormatter):
    """Help that gives each option's default, unless its text already says it."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = action.help or ""
        default = action.default
        # (by identity: a default of 0 is worth saying, False and None are not)
        if (action.option_strings and "default" not in text and default != []
                and not any(default is v for v in (None, False, True, argparse.SUPPRESS))):
            text += " (default: %(default)s)"
        return text


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line, ``duidiao: error: ...`` (docs/cli.md),
    with the command named, instead of a usage block; its help gives the defaults."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Help)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        command = self.prog.partition(" ")[2]
        where = f"{command}: " if command else ""
        self.exit(EXIT_ERROR, f"duidiao: error: {where}{message}\n")


def add_json_option(command: argparse.ArgumentParser) -> None:
    """``--json``: machine-readable output (docs/cli.md, ``--json``)."""
    command.add_argument("--json", action="store_true", help="machine-readable output")


def add_seed_and_preset(command: argparse.ArgumentParser, climbing: bool = False) -> None:
    """``--seed S`` and ``--preset P`` of the commands that play hands (selfplay, duel,
    timing); ``climbing``: the climbing games' presets too (够级, 保皇)."""
    from duidiao.play.climbing.games import PRESETS as CLIMBING_PRESETS

    command.add_argument(
        "--seed", type=int_in(0, SEED_MAX), default=0, metavar="S", help="random seed"
    )
    choices = tuple(GAME_PRESETS) + (CLIMBING_PRESETS if climbing else ())
    command.add_argument("--preset", default="chifeng", choices=choices, help="rules preset")


def add_ray_option(command: argparse.ArgumentParser, what: str, cpus_option: str) -> None:
    """``--ray [ADDRESS]``: spread ``what`` over a Ray cluster (selfplay, duel)."""
    command.add_argument(
        "--ray",
        nargs="?",
        const="local",
        default=None,
        metavar="ADDRESS",
        help=f"spread the {what} over a Ray cluster: ADDRESS (auto, ray://HOST:PORT) or, without "
        f"one, a local cluster of {cpus_option} CPUs (needs the ray extra; docs/cluster.md)",
    )


def bot_help(what: str) -> str:
    """An option's help naming the registry's bots (built-in, installed, registered)."""
    return f"{what}: {', '.join(bots.names())} (settings after a colon: pimc:worlds=64)"


def position_json(position: Position) -> dict[str, Any]:
    """What ``--json`` of moves, play and show tells of every position."""
    return {
        "position": str(position),
        "turn": position.turn,
        "is_over": position.is_over,
        "points": position.points,
    }
