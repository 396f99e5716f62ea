"""Duel throughput on threads and on a local Ray cluster of 1 and 2 workers (docs/cluster.md).

    python bench/ray_throughput.py [--hands 400] [--a normal --b easy]

Each line is one duel of the same hands and seed, timed from the first deal to the result (a
Ray cluster's start is timed apart); the results must be equal, or the script fails.
"""

from __future__ import annotations

import argparse
import time

from duidiao import duel
from duidiao.cluster import duel_on_ray, ray_init


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=400)
    parser.add_argument("--a", default="normal")
    parser.add_argument("--b", default="easy")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rows = []
    reference = None
    for threads in (1, 2):
        start = time.monotonic()
        result = duel(args.a, args.b, args.hands, seed=args.seed, threads=threads, records=False)
        rows.append((f"threads {threads}", time.monotonic() - start, None))
        reference = reference or result.to_json()
        assert result.to_json() == reference
    for workers in (1, 2):
        start = time.monotonic()
        ray = ray_init(workers=workers)
        started = time.monotonic() - start
        start = time.monotonic()
        result = duel_on_ray(args.a, args.b, args.hands, seed=args.seed)
        rows.append((f"ray, {workers} worker{'s' * (workers > 1)}", time.monotonic() - start,
                     started))
        assert result.to_json() == reference
        ray.shutdown()
    print(f"{args.a} vs {args.b}, {args.hands} hands, seed {args.seed}: the same result on each")
    for name, seconds, started in rows:
        extra = f"  (cluster start {started:.1f} s)" if started is not None else ""
        print(f"  {name:<16} {args.hands / seconds:8.1f} hands/s  {seconds:6.1f} s{extra}")


if __name__ == "__main__":
    main()
