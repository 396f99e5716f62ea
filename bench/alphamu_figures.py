"""What αμ at small depth would change in the exact phase of the play (docs/plans/strength.md,
item 4): hands of `heuristic` in every seat; at each card play where the mover holds at most
``--cards`` cards and has a choice, the same sampled worlds (uniform, one seed a decision) are
valued by PIMC (each world solved exactly, alone) and by αμ at ``--depth`` (the mover's next
decisions one choice for the worlds it cannot tell apart; duidiao.research.alphamu). Figures:
how often the two choose differently, and by how much PIMC's value of its choice exceeds what
αμ guarantees for it (the fusion PIMC counts on) and αμ's choice gains on PIMC's by αμ's
measure.

    python bench/alphamu_figures.py --preset chifeng --hands 40
"""

from __future__ import annotations

import argparse
import time

from duidiao.play.builds import engine_module
from duidiao.research.alphamu import alphamu_values, endgame_decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="chifeng")
    parser.add_argument("--hands", type=int, default=40)
    parser.add_argument("--first", type=int, default=100, help="the first deal's seed")
    parser.add_argument("--cards", type=int, default=4, help="the most cards the mover holds")
    parser.add_argument("--worlds", type=int, default=32)
    parser.add_argument("--depth", type=int, default=2)
    parser.add_argument("--cap", type=int, default=16, help="vectors kept in a front")
    args = parser.parse_args()
    decisions = changed = solves = 0
    fusion = gain = 0.0
    started = time.monotonic()
    for seed in range(args.first, args.first + args.hands):
        for ply, position, me in endgame_decisions(args.preset, seed, args.cards):
            core = engine_module(position.rules)
            sampler = core.WorldSampler(position.core, me)
            worlds = sampler.sample_hands(args.worlds, seed * 1000 + ply)
            levels = position.core_levels()
            solver = core.Solver(16, merge=False)
            pimc, _ = alphamu_values(worlds, me, 1, levels, solver)
            am, n = alphamu_values(worlds, me, args.depth, levels, solver, args.cap)
            solves += n
            decisions += 1
            p_best = max(pimc, key=lambda m: pimc[m])
            a_best = max(am, key=lambda m: am[m])
            fusion += pimc[p_best] - am[p_best]
            if am[a_best] > am[p_best] + 1e-9:
                changed += 1
                gain += am[a_best] - am[p_best]
        print(f"hand {seed - args.first + 1} of {args.hands}: {decisions} decisions, "
              f"{changed} changed", flush=True)
    seconds = time.monotonic() - started
    print(f"\n{args.preset}: {args.hands} hands of heuristic, {decisions} plays with at most "
          f"{args.cards} cards and a choice, {args.worlds} worlds, αμ depth {args.depth} "
          f"(cap {args.cap}): αμ chose otherwise in {changed} "
          f"({100 * changed / max(decisions, 1):.1f}%), gaining {gain / max(decisions, 1):.3f} a "
          f"decision by its own measure; PIMC's choice valued {fusion / max(decisions, 1):.3f} "
          f"above what αμ guarantees for it; {solves} solves, {seconds:.0f} s")


if __name__ == "__main__":
    main()
