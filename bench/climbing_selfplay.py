"""Self-play of the climbing games by the bots, checked hand by hand (tests/climbing/
test_whole_hands.py is its short twin): every hand ends, the 216 cards are conserved at every
step, the scores add up as rules §12.12 and §13.7 say, and each seed replays identically.

    python bench/climbing_selfplay.py --hands 10000 [--presets gouji] [--bots random,heuristic]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "climbing"))

from test_whole_hands import PRESETS, check_scores, play  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--presets", default=",".join(p for _, p in PRESETS))
    parser.add_argument("--bots", default="random,heuristic", help="alternated by hand")
    parser.add_argument("--replay-every", type=int, default=100, help="replay every Nth seed")
    args = parser.parse_args()
    bots = args.bots.split(",")
    for cls, preset in PRESETS:
        if preset not in args.presets.split(","):
            continue
        start = time.perf_counter()
        outcomes: Counter[str] = Counter()
        steps = 0
        for seed in range(args.hands):
            bot = bots[seed % len(bots)]
            game, history = play(cls, preset, seed, bot)
            check_scores(game)
            steps += len(history)
            outcomes[_outcome(game)] += 1
            if seed % args.replay_every == 0:
                assert play(cls, preset, seed, bot)[1] == history, (
                    f"seed {seed} replays differently"
                )
        took = time.perf_counter() - start
        print(
            f"{preset}: {args.hands} hands, {steps} decisions, {took:.1f} s "
            f"({1000 * took / args.hands:.1f} ms a hand); all ended, conserved, scored"
        )
        print("  outcomes: " + ", ".join(f"{k} {v}" for k, v in sorted(outcomes.items())))


def _outcome(game: object) -> str:
    places, scores = game.result()  # type: ignore[attr-defined]
    if hasattr(game, "mode"):
        mode = game.mode  # type: ignore[attr-defined]
        solo = mode in ("grab", "solo-open") or (game.position.guard == game.position.emperor)  # type: ignore[attr-defined]
        return f"{mode}{'/solo' if solo and mode == 'dark' else ''}"
    best = max(scores.values())
    return f"score {best}" + (" revolt" if game.position.revolt is not None else "")  # type: ignore[attr-defined]


if __name__ == "__main__":
    main()
