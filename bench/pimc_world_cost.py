"""The cost of one pimc world at the opening lead or at 12 cards, for counting instructions:

    valgrind --tool=callgrind python bench/pimc_world_cost.py opening 2
    valgrind --tool=callgrind python bench/pimc_world_cost.py opening 6

The difference of the two totals, divided by 4, is the instructions of one world (the start-up
cancels out); `twelve 20` and `twelve 120` (divided by 100) do the same at 12 cards. Counted
instructions repeat on a shared machine, where seconds do not.
"""

from __future__ import annotations

import sys

import duidiao
from duidiao.play.decisions import step as play_step


def position(where: str) -> duidiao.Position:
    """The opening lead of a heuristic hand, or its first trick start with 12 cards to play."""
    game = duidiao.Game.deal(seed=4, declarer="S")
    bots = [duidiao.make_bot("heuristic", s) for s in range(4)]
    while game.phase != "play":
        play_step(game, bots["SENW".index(str(game.to_act))])
    while where == "twelve":
        trick = game.current_trick
        if len(game.held(str(game.to_act))) <= 12 and trick is not None and not trick.plays:
            break
        play_step(game, bots["SENW".index(str(game.to_act))])
    return game.position(str(game.to_act))


if __name__ == "__main__":
    where, worlds = sys.argv[1], int(sys.argv[2])
    analysis = duidiao.analyse(position(where), worlds=worlds, threads=1, seed=1)
    print(analysis.worlds, analysis.moves[0].mean)
