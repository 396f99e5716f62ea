"""OpenSpiel's information-set MCTS against duidiao's heuristic bot, duplicate: each deal is
played twice, ISMCTS taking NS then EW (docs/env.md#openspiel).

    python bench/openspiel_ismcts.py --deals 50 --simulations 20 [--first-deal D] [--json]

ISMCTS (``open_spiel.python.algorithms.ismcts``) searches ``--simulations`` sampled states a
step, resampled with the game's ``resample_from_infostate``, each leaf valued by a heuristic
playout (``HeuristicRolloutEvaluator``). Prints ISMCTS's margin per hand (its team's hand score
minus the other's) with a 95% interval over deals.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time

from duidiao.research.env.openspiel import ismcts_hand


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=50)
    parser.add_argument("--first-deal", type=int, default=0)
    parser.add_argument("--simulations", type=int, default=20)
    parser.add_argument("--preset", default="chifeng")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    start = time.monotonic()
    per_deal = []
    for deal in range(args.first_deal, args.first_deal + args.deals):
        pair = [ismcts_hand(deal, args.simulations, team, args.preset) for team in (0, 1)]
        per_deal.append(sum(pair) / 2)
        print(f"deal {deal}: {pair[0]:+.0f} as NS, {pair[1]:+.0f} as EW", file=sys.stderr)
    n = len(per_deal)
    mean = sum(per_deal) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in per_deal) / (n - 1)) if n > 1 else float("nan")
    out = {"deals": n, "hands": 2 * n, "first_deal": args.first_deal, "simulations":
           args.simulations, "preset": args.preset, "per_deal": per_deal, "mean": mean,
           "ci95": 1.96 * sd / math.sqrt(n), "seconds": time.monotonic() - start}
    if args.json:
        print(json.dumps(out))
    else:
        print(f"ISMCTS vs heuristic: {mean:+.2f} ± {out['ci95']:.2f} per hand "
              f"({n} deals = {2 * n} hands, {args.simulations} simulations a step)")


if __name__ == "__main__":
    main()
