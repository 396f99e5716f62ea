"""What best first costs and gives: every bench-suite position solved exactly twice, plainly and
with ``on_best`` (the best move found first, told, then every move valued), each in a fresh
``Solver`` so that neither finds the other's table.

    python bench/solver_best_first.py                     # 6, 8 and 10 cards, one thread
    python bench/solver_best_first.py --cards 8,10 --threads 2

Per suite (both objectives of every position): the median plain solve, the median time until
the best move was told, the median best-first solve, and the medians over the solves of the
ratios (time to the best / plain; best-first in all / plain), with the suites' node counts.
Every value of the two solves is checked to agree (docs/solver.md, "Best first").
"""

from __future__ import annotations

import argparse
import statistics
import time

import duidiao
from duidiao.search.solver_bench import bench_suite


def measure(cards: int, threads: int) -> dict[str, float]:
    plain, first, both, nodes_plain, nodes_both = [], [], [], 0, 0
    for entry in bench_suite(cards):
        position = duidiao.Position(entry.position)
        for objective in ("score", "points"):
            exact = duidiao.Solver(threads=threads).solve(position, objective)
            told: list[float] = []
            solver = duidiao.Solver(threads=threads)
            began = time.perf_counter()
            got = solver.solve(position, objective,
                               on_best=lambda _m, _v, out=told, t0=began: out.append(
                                   time.perf_counter() - t0))
            if [(str(m.move), m.value) for m in sorted(got.moves, key=lambda m: str(m.move))] != [
                    (str(m.move), m.value) for m in sorted(exact.moves, key=lambda m: str(m.move))]:
                raise SystemExit(f"solver_best_first: the values differ on {entry.position}")
            plain.append(exact.seconds)
            first.append(told[0])
            both.append(got.seconds)
            nodes_plain += exact.nodes
            nodes_both += got.nodes
    return {
        "plain_ms": 1000 * statistics.median(plain),
        "best_ms": 1000 * statistics.median(first),
        "both_ms": 1000 * statistics.median(both),
        "best_ratio": statistics.median(f / p for f, p in zip(first, plain)),
        "both_ratio": statistics.median(b / p for b, p in zip(both, plain)),
        "total_ratio": sum(both) / sum(plain),
        "nodes_plain": nodes_plain,
        "nodes_both": nodes_both,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", default="6,8,10", help="the suites (default 6,8,10)")
    parser.add_argument("--threads", type=int, default=1, help="the solver's threads (1)")
    args = parser.parse_args()
    print(f"threads {args.threads}; medians over each suite's solves (both objectives)")
    print(f"{'cards':>5} {'plain ms':>9} {'best ms':>8} {'all ms':>8} {'best/plain':>10} "
          f"{'all/plain':>9} {'sum all/plain':>13} {'nodes plain':>12} {'nodes all':>12}")
    for cards in (int(c) for c in args.cards.split(",")):
        m = measure(cards, args.threads)
        print(f"{cards:>5} {m['plain_ms']:>9.1f} {m['best_ms']:>8.1f} {m['both_ms']:>8.1f} "
              f"{m['best_ratio']:>10.2f} {m['both_ratio']:>9.2f} {m['total_ratio']:>13.2f} "
              f"{m['nodes_plain']:>12,} {m['nodes_both']:>12,}")


if __name__ == "__main__":
    main()
