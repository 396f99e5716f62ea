"""How a position ends when its sampled worlds are played out by a bot in every seat: the check
of an analysis's `make` share against stronger play than its heuristic playouts
(docs/analysis.md, "What the numbers mean").

    python bench/play_out_worlds.py --bot expert --worlds 200 --seed 1 [POSITION]

Draws the worlds from the view of the seat to move (``duidiao.sample_worlds``, as the analysis
does) and plays each to the end, every decision made by ``--bot`` from that seat's own view of
the world. Prints how often the declaring team stays, with its standard error, and the mean
hand score difference for the team to move.
"""

from __future__ import annotations

import argparse
import math
import time

import duidiao
from duidiao import _core
from duidiao.play.cards import SEATS

README_EXAMPLE = (
    "chifeng level=5 trump=H declarer=S levels=NS:5,EW:3 S=BJ,5H,5H,AH,KH,TH,8H,8H,KD,7D,7D,6D,"
    "AS,AS,QS,9S,9S,KC,QC,JC,3C,3C,2C,2C E=?24 N=?24 W=?24 kitty=9D,9D,8S,7S,6S,4S,3S,2S "
    "tricks=S:AC|4C|TC|6C trick=S:"
)


def play_out(world: duidiao.Position, bot: str, seed: int) -> duidiao.Position:
    """``world`` (every card known) played to its end, each seat deciding from its own view."""
    bots = [_core.Bot(bot, seed * 4 + s) for s in range(4)]
    while not world.is_over:
        seat = world.turn
        assert seat is not None
        obs = _core.observe_play(world.view(seat).core, *world.core_levels())
        world = world.play(duidiao.Cards.from_masks(*bots[SEATS.index(seat)].play(obs)))
    return world


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("position", nargs="?", default=README_EXAMPLE)
    p.add_argument("--bot", default="heuristic")
    p.add_argument("--worlds", type=int, default=200)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()
    position = duidiao.Position(args.position)
    team = "NS" if position.turn in ("N", "S") else "EW"
    other = "EW" if team == "NS" else "NS"
    start = time.monotonic()
    stays, margins = 0, []
    for i, world in enumerate(duidiao.sample_worlds(position, args.worlds, seed=args.seed)):
        result = play_out(world, args.bot, i).result()
        stays += result.declarers_stay
        margins.append(result.scores[team] - result.scores[other])
    n = args.worlds
    share = stays / n
    print(f"{args.bot}: declarers stay in {share:.1%} ± {math.sqrt(share * (1 - share) / n):.1%} "
          f"of {n} worlds; mean hand score for {team} {sum(margins) / n:+.2f}; "
          f"{time.monotonic() - start:.0f} s")


if __name__ == "__main__":
    main()
