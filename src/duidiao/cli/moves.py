"""``duidiao moves POSITION``: the legal moves of the seat to play (docs/cli.md, ``duidiao
moves``)."""

from __future__ import annotations

import argparse
from typing import TextIO

from duidiao.cli import common
from duidiao.play.position import Position

__all__ = ["NAME", "ALIASES", "HELP", "add_arguments", "run"]

NAME = "moves"
ALIASES: tuple[str, ...] = ()
HELP = "list the legal moves of the seat to play"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("position", help=common.POSITION_HELP)
    common.add_json_option(parser)


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    position = Position(args.position)
    moves = position.legal_moves()
    if args.json:
        data = common.position_json(position)
        data["moves"] = [str(m) for m in moves]
        data["count"] = len(moves)
        common.write_json(out, data)
    else:
        for move in moves:
            out.write(f"{move}\n")
        out.write(f"{len(moves)} legal move{'' if len(moves) == 1 else 's'}\n")
    return common.EXIT_OK
