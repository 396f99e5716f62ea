"""Two builds of the solver on the bench suites, in one run: medians per solve, nodes, ratios.

    python bench/solver_compare.py --old ../old/src                    # 4, 6 and 8 cards
    python bench/solver_compare.py --old ../old/src --cards 8,10,12 --rounds 1
    python bench/solver_compare.py --old ../old/src --cards 8,10 --threads 2   # both cores
    python bench/solver_compare.py --old ../old/src --cards 12 --rounds 1 --tt-mb 256
    python bench/solver_compare.py --old ../old/src --cards 8,10 --within best  # less asked

Each build solves the suites (src/duidiao/solver_positions/ of this tree, read as position
strings so that builds of other Python APIs solve the very same positions) in a fresh process
with ``PYTHONPATH`` set to its ``src`` folder, as ``duidiao bench`` does: one ``Solver`` a
suite, every position for the score then the points objective, the table kept from one solve
to the next. The builds take turns, ``--rounds`` times; on a shared machine alternating keeps
the comparison fair where single timings are not. Every value is checked against the suite's
and the two builds' against each other.

The table gives, per suite and build, the median time of a solve (the median over the rounds
of each round's median; the times are the core call's, ``Solution.seconds``), the slowest
solve, the nodes of the whole suite (its signature; a build whose search is unchanged has the
same count) and the ratio old / new of the medians (above 1: the new build is faster).
``--json FILE`` writes every solve's time and nodes. ``--threads N`` gives the new build's
solver N threads (the old build searches with one, as builds before them did); node counts
with threads depend on which thread took which move. ``--tt-mb`` sizes both builds' tables
(16 MiB by default, as ``duidiao bench``; 256 pays from 11 cards a hand). ``--within K``
(or ``best``) asks the new build for the best move exact and the others to within K points
(or only no better), against the old build's full solve (docs/solver.md, "Within k").
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parents[1] / "src"
SUITES = HERE / "duidiao" / "solver_positions"

# Run in each build's process: solve the suites, print one JSON line.
CHILD = r"""
import json, sys
import duidiao
suites, cards = sys.argv[1], [int(c) for c in sys.argv[2].split(",")]
threads, tt_mb = int(sys.argv[3]), float(sys.argv[4])
within = None if sys.argv[5] == "best" else int(sys.argv[5])
ask = {} if within == 0 else {"within": within}
out = {}
for n in cards:
    rows = [line.split("\t") for line in open(f"{suites}/cards-{n:02d}.txt", encoding="utf-8")
            if line.strip() and not line.startswith("#")]
    solver = duidiao.Solver(tt_mb, threads=threads) if threads > 1 else duidiao.Solver(tt_mb)
    solves = []
    for score, points, text in rows:
        position = duidiao.Position(text.strip())
        for objective, truth in (("score", int(score)), ("points", int(points))):
            s = solver.solve(position, objective, **ask)
            solves.append([s.seconds, s.nodes, s.value, truth])
    out[n] = solves
print(json.dumps(out))
"""


def run_build(
    src: Path, cards: list[int], threads: int = 1, tt_mb: float = 16, within: str = "0"
) -> dict[int, list[list[Any]]]:
    env = dict(os.environ, PYTHONPATH=str(src))
    cards_arg = ",".join(map(str, cards))
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(SUITES), cards_arg, str(threads), str(tt_mb), within],
        env=env, capture_output=True, text=True, check=False,
    )
    if done.returncode != 0:
        raise SystemExit(f"solver_compare: the build in {src} failed:\n{done.stderr}")
    return {int(k): v for k, v in json.loads(done.stdout.splitlines()[-1]).items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old", type=Path, required=True, help="the other build's src folder")
    parser.add_argument("--new", type=Path, default=HERE, help="this build's src (default)")
    parser.add_argument("--cards", default="4,6,8", help="the suites (default 4,6,8)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--json", type=Path, default=None, help="write every solve here")
    parser.add_argument("--threads", type=int, default=1, help="the new build's threads (1)")
    parser.add_argument("--tt-mb", type=float, default=16, help="both builds' table (MiB, 16)")
    parser.add_argument("--within", default="0", metavar="K",
                        help="the new build's tolerance: points, or best (default 0: exact)")
    args = parser.parse_args()
    if args.within != "best" and not (args.within.isdigit() and len(args.within) < 10):
        parser.error(f"--within must be a number of points or best, not {args.within!r}")
    if args.threads < 1:
        parser.error(f"--threads must be 1 or more, not {args.threads}")
    if not 1 <= args.tt_mb <= 65536:
        parser.error(f"--tt-mb must be from 1 to 65536 MiB, not {args.tt_mb:g}")
    cards = [int(c) for c in args.cards.split(",")]
    builds = {"old": args.old.resolve(), "new": args.new.resolve()}
    runs: dict[str, list[dict[int, list[list[Any]]]]] = {b: [] for b in builds}
    for r in range(args.rounds):
        for name, src in builds.items():
            threads = args.threads if name == "new" else 1
            within = args.within if name == "new" else "0"
            runs[name].append(run_build(src, cards, threads, args.tt_mb, within))
            print(f"round {r + 1}: {name} done", file=sys.stderr)
    print(f"{'cards':>5}  {'build':5}  {'median ms':>10}  {'slowest ms':>10}  "
          f"{'nodes':>14}  ratio")
    for n in cards:
        medians = {}
        for name in builds:
            for run in runs[name]:
                for _seconds, _nodes, value, truth in run[n]:
                    if value != truth:
                        raise SystemExit(f"solver_compare: {name} build: a {n}-card value is "
                                         f"{value}, the suite says {truth}")
            medians[name] = statistics.median(
                statistics.median(s[0] for s in run[n]) for run in runs[name]
            )
            slowest = max(s[0] for run in runs[name] for s in run[n])
            nodes = sum(s[1] for s in runs[name][0][n])
            ratio = f"{medians['old'] / medians['new']:.2f}" if name == "new" else ""
            print(f"{n:>5}  {name:5}  {medians[name] * 1e3:>10.2f}  {slowest * 1e3:>10.1f}  "
                  f"{nodes:>14,}  {ratio}")
    if args.json:
        args.json.write_text(json.dumps({"builds": {k: str(v) for k, v in builds.items()},
                                         "runs": runs}))


if __name__ == "__main__":
    main()
