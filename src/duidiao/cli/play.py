"""``duidiao play POSITION MOVE...``: the position after the moves, and the hand's result once
it is over (docs/cli.md, ``duidiao play``)."""

from __future__ import annotations

import argparse
from typing import Any, TextIO

from duidiao.cli import common
from duidiao.play.position import Position
from duidiao.play.result import HandResult

__all__ = ["NAME", "ALIASES", "HELP", "add_arguments", "run"]

NAME = "play"
ALIASES: tuple[str, ...] = ()
HELP = "play moves and print the position after them"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("position", help=common.POSITION_HELP)
    parser.add_argument("moves", nargs="+", metavar="MOVE", help="a card list, e.g. AH,AH")
    common.add_json_option(parser)


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    position = Position(args.position)
    played: list[dict[str, str | None]] = []
    for i, text in enumerate(args.moves, 1):
        seat = position.turn
        try:
            position, actual = position.played(text)
        except ValueError as exc:
            raise _MoveError(f"move {i}: {exc}") from None
        requested = str(position.parse_move(text)) if actual.cards != _cards(text) else str(actual)
        played.append({"seat": seat, "move": requested, "played": str(actual)})
    result: HandResult | None = None
    if position.is_over and position.kitty is not None:
        result = position.result()
    if args.json:
        data = common.position_json(position)
        data["played"] = played
        data["result"] = result.to_dict() if result is not None else None
        common.write_json(out, data)
    else:
        for item in played:
            if item["move"] != item["played"]:
                out.write(
                    f"{item['seat']}'s throw {item['move']} fails: {item['played']} is played\n"
                )
        out.write(f"{position}\n")
        if result is not None:
            out.write(_result_text(result) + "\n")
        elif position.is_over:
            out.write("result: unknown (the kitty is not known)\n")
    return common.EXIT_OK


def _result_text(result: HandResult) -> str:
    scores = ",".join(f"{team}:{score:+d}" for team, score in result.scores.items())
    levels = ",".join(f"{team}:{level}" for team, level in result.levels.items())
    # rules §10.7: the kitty's points when they counted for the defenders (points is then T)
    kitty = (
        f"kitty={result.kitty_points}x{result.kitty_multiplier} " if result.kitty_multiplier else ""
    )
    return (
        f"result: {result.outcome} points={result.points} dig={result.dig or '-'} "
        f"levels={levels} scores={scores} next_declarer={result.next_declarer} "
        f"kitty_jokers_climb={result.kitty_jokers_climb} {kitty}"
        f"match_won={'yes' if result.match_won else 'no'}"
    )


def _cards(text: str) -> Any:
    from duidiao.play.cards import Cards

    return Cards.parse(text)


class _MoveError(ValueError):
    pass
