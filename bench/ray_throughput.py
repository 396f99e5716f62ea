"""Duel (or self-play) throughput on threads and on a local Ray cluster of 1 and 2 workers
(docs/cluster.md).

    python bench/ray_throughput.py [--hands 400] [--a normal --b easy]
    python bench/ray_throughput.py --selfplay [--out] [--hands 2000] [--a heuristic --b easy]

Each line is one duel of the same hands and seed, timed from the first deal to the result (a
Ray cluster's start is timed apart); the results must be equal, or the script fails. With
``--selfplay`` the lines are self-play runs (A as North-South, B as East-West) played here,
one hand after another as ``duidiao selfplay`` plays them, and on Ray; with ``--out`` their
data is written too (to temporary folders), as ``selfplay --out`` writes it.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from duidiao import duel
from duidiao.research.cluster import duel_on_ray, ray_init, selfplay_on_ray
from duidiao.research.data import DataWriter
from duidiao.research.selfplay import SelfPlayPart, SelfPlayStats, play_hands


def _take(parts: Iterable[SelfPlayPart], out: Path | None) -> dict[str, Any]:
    """Add up the parts (and write their rows, as ``selfplay --out`` does): the summary."""
    stats = SelfPlayStats()
    writer = DataWriter(out) if out is not None else None
    for part in parts:
        stats.merge(part.stats)
        if writer is not None and part.rows is not None:
            writer.add_rows(part.rows)
    if writer is not None:
        writer.close()
    return stats.summary("chifeng", 0, "a", "b")


def selfplay_rows(args: argparse.Namespace) -> list[tuple[str, float, float | None]]:
    rows: list[tuple[str, float, float | None]] = []
    with tempfile.TemporaryDirectory() as tmp:
        folders = (Path(tmp) / name for name in ("here", "ray1", "ray2"))

        def out() -> Path | None:
            return next(folders) if args.out else None

        start = time.monotonic()
        here = (play_hands(args.a, args.b, i, i + 1, args.seed, rows=args.out)
                for i in range(args.hands))
        reference = _take(here, out())
        rows.append(("here, one core", time.monotonic() - start, None))
        for workers in (1, 2):
            start = time.monotonic()
            ray = ray_init(workers=workers)
            started = time.monotonic() - start
            start = time.monotonic()
            parts = selfplay_on_ray(args.a, args.b, args.hands, args.seed, rows=args.out)
            assert _take(parts, out()) == reference
            rows.append((f"ray, {workers} worker{'s' * (workers > 1)}",
                         time.monotonic() - start, started))
            ray.shutdown()
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=400)
    parser.add_argument("--a", default="normal")
    parser.add_argument("--b", default="easy")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--selfplay", action="store_true", help="self-play runs, not duels")
    parser.add_argument("--out", action="store_true", help="with --selfplay: write the data")
    args = parser.parse_args()
    if args.selfplay:
        what = "self-play" + (" with data" if args.out else "")
        print(f"{what}: {args.a} (NS) vs {args.b} (EW), {args.hands} hands, seed {args.seed}: "
              "the same result on each")
        for name, seconds, started in selfplay_rows(args):
            extra = f"  (cluster start {started:.1f} s)" if started is not None else ""
            print(f"  {name:<16} {args.hands / seconds:8.1f} hands/s  {seconds:6.1f} s{extra}")
        return
    rows: list[tuple[str, float, float | None]] = []
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
