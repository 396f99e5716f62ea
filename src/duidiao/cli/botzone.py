"""``duidiao botzone``: a bot for Botzone's Tractor (双升) game, speaking Botzone's JSON I/O
on stdin/stdout (docs/botzone.md); with ``--arena N``, N matches of four such bots against
the test judge."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TextIO

from duidiao.cli.common import add_json_option, bot_help, write_json
from duidiao.play._limits import SEED_MAX, int_in

__all__ = ["NAME", "ALIASES", "HELP", "add_arguments", "run"]

NAME = "botzone"
ALIASES: tuple[str, ...] = ()
HELP = "play Botzone's Tractor (双升) through its bot protocol, or test it against a judge"

ARENA_MAX = 10_000


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.usage = ("duidiao botzone [--bot BOT] [--seed S] [--no-keep-running]\n"
                    "       duidiao botzone --arena N [--bot BOT] [--seed S] [--in-process] "
                    "[--json]")
    parser.description = (
        "Read Botzone's input (one JSON line a turn) and answer with card ids; after each "
        "answer ask Botzone to keep the bot running. With --arena, play N matches of four "
        "such bots (seats seeded S … S+3) against duidiao's test judge and report fouls and "
        "scores (docs/botzone.md)."
    )
    parser.add_argument("--bot", default="expert", help=bot_help("the bot"))
    parser.add_argument("--seed", type=int_in(0, SEED_MAX), default=0,
                        help="the bot's seed; with --arena also the first match's deal")
    parser.add_argument("--no-keep-running", dest="keep_running", action="store_false",
                        help="answer one turn and exit (Botzone's traditional mode)")
    parser.add_argument("--arena", type=int_in(1, ARENA_MAX), metavar="N",
                        help="play N matches against the test judge instead")
    parser.add_argument("--in-process", action="store_true",
                        help="with --arena: ask the four bots in this process instead of "
                             "running four `duidiao botzone` programs")
    parser.add_argument("--time-limit", type=float, default=10.0, metavar="SECONDS",
                        help="with --arena: a program's time for one answer")
    add_json_option(parser)


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from duidiao.botzone import BotzoneBot, serve
    from duidiao.search import bots

    bots.kind_of(args.bot)
    if args.arena is None:
        return serve(BotzoneBot(args.bot, args.seed), sys.stdin, out, err,
                     keep_running=args.keep_running)
    return _arena(args, out, err)


def _arena(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from duidiao.botzone import BotzoneBot, InProcessPlayer, ProcessPlayer, play_match
    from duidiao.botzone.arena import Player

    records = []
    for match in range(args.arena):
        seed = args.seed + match
        players: list[Player]
        if args.in_process:
            players = [InProcessPlayer(BotzoneBot(args.bot, args.seed + s)) for s in range(4)]
        else:
            players = [ProcessPlayer([sys.executable, "-m", "duidiao", "botzone", "--bot",
                                      args.bot, "--seed", str(args.seed + s)],
                                     time_limit=args.time_limit) for s in range(4)]
        try:
            record = play_match(players, {"seed": seed})
        finally:
            for player in players:
                player.close()
        records.append(record)
        if not args.json:
            notes = sum(len(n) for n in record.notes)
            out.write(f"match {match + 1:>3} seed {seed}: banker {record.banker} trumps "
                      f"{record.major}, defenders {record.points:>3} points, scores "
                      f"{list(record.scores)}"
                      + (f", FOUL {record.foul}" if record.foul else "")
                      + (f", {notes} answers not the bot's first choice" if notes else "")
                      + "\n")
            out.flush()
    fouls = sum(1 for r in records if r.foul)
    summary = {"matches": len(records), "fouls": fouls,
               "not_first_choice": sum(len(n) for r in records for n in r.notes),
               "banker_team_score": sum(r.scores[r.banker] for r in records if not r.foul),
               "defenders_score": sum(r.scores[(r.banker + 1) % 4] for r in records
                                      if not r.foul),
               "seconds_per_seat": [round(sum(r.seconds[s] for r in records), 2)
                                    for s in range(4)]}
    if args.json:
        write_json(out, {"summary": summary, "matches": [r.to_dict() for r in records]})
    else:
        out.write(json.dumps(summary) + "\n")
    return 0 if fouls == 0 else 1
