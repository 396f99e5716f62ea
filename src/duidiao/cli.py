"""The ``duidiao`` command.

``duidiao moves POSITION`` lists the legal moves; ``duidiao play POSITION MOVE...`` prints the
position after the moves (and the result once the hand is over); ``duidiao show POSITION``
prints the canonical form. ``--json`` gives machine-readable output. A bad position or move
exits with status 2 and the error on stderr.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from .errors import NotationError
from .position import Position
from .result import HandResult

__all__ = ["main", "build_parser"]

EXIT_OK = 0
EXIT_ERROR = 2


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="duidiao",
        description="Chifeng Duidiao (赤峰对调) engine: positions, legal moves, play.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True

    moves = sub.add_parser("moves", help="list the legal moves of the seat to play")
    moves.add_argument("position", help="a position string (NOTATION.md), quoted")
    moves.add_argument("--json", action="store_true", help="machine-readable output")

    play = sub.add_parser("play", help="play moves and print the position after them")
    play.add_argument("position", help="a position string (NOTATION.md), quoted")
    play.add_argument("moves", nargs="+", metavar="MOVE", help="a card list, e.g. AH,AH")
    play.add_argument("--json", action="store_true", help="machine-readable output")

    show = sub.add_parser("show", help="check a position and print its canonical form")
    show.add_argument("position", help="a position string (NOTATION.md), quoted")
    show.add_argument("--json", action="store_true", help="machine-readable output")
    return parser


def _position_json(position: Position) -> dict[str, Any]:
    return {
        "position": str(position),
        "turn": position.turn,
        "is_over": position.is_over,
        "points": position.points,
    }


def _result_text(result: HandResult) -> str:
    scores = ",".join(f"{team}:{score:+d}" for team, score in result.scores.items())
    levels = ",".join(f"{team}:{level}" for team, level in result.levels.items())
    return (
        f"result: {result.outcome} points={result.points} dig={result.dig or '-'} "
        f"levels={levels} scores={scores} next_declarer={result.next_declarer} "
        f"kitty_jokers_climb={result.kitty_jokers_climb} "
        f"match_won={'yes' if result.match_won else 'no'}"
    )


def _cmd_moves(args: argparse.Namespace, out: TextIO) -> int:
    position = Position(args.position)
    moves = position.legal_moves()
    if args.json:
        data = _position_json(position)
        data["moves"] = [str(m) for m in moves]
        data["count"] = len(moves)
        json.dump(data, out, ensure_ascii=False)
        out.write("\n")
    else:
        for move in moves:
            out.write(f"{move}\n")
        out.write(f"{len(moves)} legal move{'' if len(moves) == 1 else 's'}\n")
    return EXIT_OK


def _cmd_play(args: argparse.Namespace, out: TextIO) -> int:
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
        data = _position_json(position)
        data["played"] = played
        data["result"] = result.to_dict() if result is not None else None
        json.dump(data, out, ensure_ascii=False)
        out.write("\n")
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
    return EXIT_OK


def _cmd_show(args: argparse.Namespace, out: TextIO) -> int:
    position = Position(args.position)
    if args.json:
        data = _position_json(position)
        data["declarer"] = position.declarer
        data["level"] = position.level
        data["trump"] = position.trump
        data["levels"] = position.levels
        data["hands"] = {seat: str(cards) for seat, cards in position.hands.items()}
        data["unknown"] = position.unknown
        json.dump(data, out, ensure_ascii=False)
        out.write("\n")
    else:
        out.write(f"{position}\n")
    return EXIT_OK


def _cards(text: str) -> Any:
    from .cards import Cards

    return Cards.parse(text)


class _MoveError(ValueError):
    pass


_COMMANDS = {"moves": _cmd_moves, "play": _cmd_play, "show": _cmd_show}


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default ``sys.argv[1:]``); returns the exit status."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse: --help (0) or a usage error (2)
        code = exc.code
        return code if isinstance(code, int) else EXIT_ERROR
    try:
        return _COMMANDS[args.command](args, sys.stdout)
    except NotationError as exc:
        print(f"duidiao: error: {exc}", file=sys.stderr)
        return EXIT_ERROR
    except ValueError as exc:  # IllegalMoveError, HiddenCardsError, move errors
        print(f"duidiao: error: {exc}", file=sys.stderr)
        return EXIT_ERROR
    except ImportError as exc:
        print(f"duidiao: error: {exc}", file=sys.stderr)
        return 1
    except BrokenPipeError:  # output piped into head & co.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
