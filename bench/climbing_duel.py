"""Duplicate duels of climbing bots (rules §12, §13), with the decision times of each bot.

够级: each deal is played twice, bot X on A C E then on B D F (the same cards, the teams'
seats exchanged); a deal's result is X's signed score (rules §12.12) summed over both.
保皇: each deal is played six times: once by Y alone, then with X on each seat in turn; a
result is X's score on a seat minus Y's on the same seat, reported per role X then had
(emperor, guard, rebel; rules §13.7).

    python bench/climbing_duel.py --game gouji --x heuristic --y random --deals 500
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from collections import defaultdict

from duidiao.play.climbing.baohuang_game import BaohuangGame
from duidiao.play.climbing.gouji_game import GoujiGame
from duidiao.search.climbing.bots import make_bot

TIMES: dict[str, list[float]] = defaultdict(list)


def play(cls: type, preset: str, seed: int, names: list[str]) -> object:
    game = cls.deal(preset, seed=seed)
    bots = [make_bot(n, f"{seed}:{i}:{n}") for i, n in enumerate(names)]
    while game.to_act is not None:
        seat = "ABCDEF".index(game.to_act)
        observation = game.observe()
        start = time.perf_counter()
        action = bots[seat].choose(observation)
        if len(observation.legal) > 1:
            TIMES[names[seat]].append(time.perf_counter() - start)
        game.apply(action)
    return game


def interval(values: list[float]) -> tuple[float, float, float]:
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return mean, mean - half, mean + half


def gouji(x: str, y: str, deals: int, preset: str) -> None:
    results = []
    for d in range(deals):
        total = 0
        for x_team in (0, 1):
            names = [x if s % 2 == x_team else y for s in range(6)]
            game = play(GoujiGame, preset, d, names)
            _, scores = game.result()  # type: ignore[attr-defined]
            mine, theirs = ("ACE", "BDF") if x_team == 0 else ("BDF", "ACE")
            total += scores[mine] - scores[theirs]
        results.append(total)
        if (d + 1) % 50 == 0:
            m, lo, hi = interval(results)
            print(f"  {d + 1} deals: {m:+.2f} [{lo:+.2f}, {hi:+.2f}]", flush=True)
    m, lo, hi = interval(results)
    print(
        f"{preset}: {x} vs {y}, {deals} deals (each twice, teams exchanged): "
        f"{x}'s net a deal {m:+.2f}, 95% interval [{lo:+.2f}, {hi:+.2f}]"
    )


def baohuang(x: str, y: str, deals: int, preset: str) -> None:
    per_role: dict[str, list[float]] = defaultdict(list)
    every: list[float] = []
    for d in range(deals):
        base = play(BaohuangGame, preset, d, [y] * 5)
        _, base_scores = base.result()  # type: ignore[attr-defined]
        for seat in range(5):
            names = [x if s == seat else y for s in range(5)]
            game = play(BaohuangGame, preset, d, names)
            _, scores = game.result()  # type: ignore[attr-defined]
            letter = "ABCDE"[seat]
            diff = scores[letter] - base_scores[letter]
            p = game.position  # type: ignore[attr-defined]
            role = "emperor" if p.emperor == seat else "guard" if p.guard == seat else "rebel"
            per_role[role].append(diff)
            every.append(diff)
        if (d + 1) % 50 == 0:
            m, lo, hi = interval(every)
            print(f"  {d + 1} deals: {m:+.2f} [{lo:+.2f}, {hi:+.2f}]", flush=True)
    m, lo, hi = interval(every)
    print(
        f"{preset}: {x} vs {y}, {deals} deals (X on each seat, against Y's own play): "
        f"{x}'s gain a seat {m:+.2f}, 95% interval [{lo:+.2f}, {hi:+.2f}]"
    )
    for role, values in sorted(per_role.items()):
        m, lo, hi = interval(values)
        print(f"  as {role} ({len(values)}): {m:+.2f} [{lo:+.2f}, {hi:+.2f}]")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--game", choices=("gouji", "baohuang"), required=True)
    parser.add_argument("--preset")
    parser.add_argument("--x", required=True)
    parser.add_argument("--y", required=True)
    parser.add_argument("--deals", type=int, default=100)
    args = parser.parse_args()
    preset = args.preset or args.game
    (gouji if args.game == "gouji" else baohuang)(args.x, args.y, args.deals, preset)
    for name, times in TIMES.items():
        q = statistics.quantiles(times, n=100) if len(times) > 1 else times * 99
        print(
            f"  decision time of {name} ({len(times)} decisions): p50 {1000 * q[49]:.2f} ms, "
            f"p90 {1000 * q[89]:.2f} ms, p99 {1000 * q[98]:.2f} ms, max {1000 * max(times):.1f} ms"
        )


if __name__ == "__main__":
    main()
