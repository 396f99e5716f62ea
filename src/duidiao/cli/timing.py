"""``duidiao timing``: how long a bot takes per decision, by phase, over whole self-play hands
(docs/cli.md, ``duidiao timing``)."""

from __future__ import annotations

import argparse
from typing import TextIO

from duidiao.cli import common
from duidiao.cli.progress import ProgressBar
from duidiao.play._limits import int_in

__all__ = ["NAME", "ALIASES", "HELP", "add_arguments", "run"]

NAME = "timing"
ALIASES: tuple[str, ...] = ()
HELP = "how long a bot takes per decision, over whole self-play hands"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--bot", required=True, metavar="BOT", help=common.bot_help("the bot"))
    parser.add_argument(
        "--hands", type=int_in(1, 1_000_000), default=20, metavar="N", help="hands to play"
    )
    common.add_seed_and_preset(parser, climbing=True)
    common.add_json_option(parser)


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from duidiao.research.timing import QUANTILES, decision_times

    progress = ProgressBar(args.hands, "hands", err)
    result = decision_times(
        args.bot, args.hands, seed=args.seed, preset=args.preset,
        progress=lambda done, total: progress.update(done, ""),
    )
    progress.close()
    if args.json:
        common.write_json(out, result.to_json())
        return common.EXIT_OK
    out.write(
        f"{result.bot}: {result.hands} hands, preset {result.preset}, seed {result.seed} "
        "(one thread; ms per decision)\n"
    )
    head = "  ".join(f"{'p' + str(q):>8}" for q in QUANTILES)
    out.write(f"  {'phase':<8}{'count':>7}  {'mean':>8}  {head}  {'max':>8}\n")
    for name, p in result.phases.items():
        if not p.count:
            continue
        cells = "  ".join(f"{p.quantiles[q]:8.3f}" for q in QUANTILES)
        out.write(f"  {name:<8}{p.count:>7}  {p.mean:8.3f}  {cells}  {p.max:8.3f}\n")
    return common.EXIT_OK
