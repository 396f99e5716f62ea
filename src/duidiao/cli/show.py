"""``duidiao show POSITION``: a position checked and printed in its canonical form (docs/cli.md,
``duidiao show``)."""

from __future__ import annotations

import argparse
from typing import TextIO

from duidiao.cli import common
from duidiao.play.position import Position

__all__ = ["NAME", "ALIASES", "HELP", "add_arguments", "run"]

NAME = "show"
ALIASES: tuple[str, ...] = ()
HELP = "check a position and print its canonical form"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("position", help=common.POSITION_HELP)
    common.add_json_option(parser)


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    position = Position(args.position)
    if args.json:
        data = common.position_json(position)
        data["declarer"] = position.declarer
        data["level"] = position.level
        data["trump"] = position.trump
        data["levels"] = position.levels
        data["hands"] = {
            seat: position.format_cards(cards) for seat, cards in position.hands.items()
        }
        data["unknown"] = position.unknown
        common.write_json(out, data)
    else:
        out.write(f"{position}\n")
    return common.EXIT_OK
