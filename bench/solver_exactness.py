"""Two builds of the solver on the same random positions: every move's value must be equal.

    python bench/solver_exactness.py --old ../old/src                       # 2,000 positions
    python bench/solver_exactness.py --old ../old/src --count 200 --cards 4-6

The positions come from seeded self-play of four ``heuristic`` bots under the two-deck presets
(the three Chifeng ones, ``tractor`` and ``shanghai``, in turn; random declarer and levels), each
taken at a random moment of the play where every hand holds from ``--cards`` cards (a trick
start or a trick under way). Both builds solve each position for the ``score`` and the
``points`` objective, each in its own process with ``PYTHONPATH`` set to its ``src`` folder and
one ``Solver(16)`` for the whole list (values never depend on what a table holds); the two run
side by side, one a core. Every legal move's value is compared, as its notation says it, and
any difference is printed and ends the run with status 1. ``--json FILE`` keeps the positions
and both builds' answers.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parents[1] / "src"
PRESETS = ("chifeng", "chifeng-classic", "chifeng-10", "tractor", "shanghai")
LEVELS = "A23456789TJQK"

# Run in each build's process: solve every position of the file for both objectives; one JSON
# line per position on stdout (the moves' notation and values, and the nodes).
CHILD = r"""
import json, sys
import duidiao
solver = duidiao.Solver(16)
if len(sys.argv) > 2:  # this build's table keyed by relative ranks from so many cards
    solver._core = duidiao._core.Solver(16.0, True, 1, int(sys.argv[2]))
    solver._cores = {duidiao._core.__name__: solver._core}
for line in open(sys.argv[1], encoding="utf-8"):
    position = duidiao.Position(line.strip())
    out = {}
    for objective in ("score", "points"):
        s = solver.solve(position, objective)
        out[objective] = {"value": s.value, "nodes": s.nodes,
                          "moves": sorted([str(m.move), m.value] for m in s.moves)}
    print(json.dumps(out), flush=True)
"""


def positions(count: int, seed: int, lowest: int, highest: int) -> list[str]:
    """``count`` position strings from heuristic self-play, the presets in turn."""
    import duidiao
    from duidiao.search.players import core_bot_step, make_bot

    out: list[str] = []
    rng = random.Random(seed)
    while len(out) < count:
        preset = PRESETS[len(out) % len(PRESETS)]
        game = duidiao.Game.deal(rng.getrandbits(64), rules=preset,
                                 declarer="SENW"[rng.randrange(4)],
                                 levels=(rng.choice(LEVELS), rng.choice(LEVELS)))
        bots = [make_bot("heuristic", rng.getrandbits(32)).core for _ in range(4)]
        core = game._core
        # Take one moment of the play at random among those where every hand still holds
        # from `lowest` to `highest` cards.
        moments: list[str] = []
        while int(core.phase) != 5:
            if int(core.phase) == 4:
                sizes = {len(duidiao.Cards.from_masks(*core.held(s))) for s in range(4)}
                if min(sizes) >= lowest and max(sizes) <= highest:
                    moments.append(str(game.position()))
            core_bot_step(core, bots)
        if moments:
            out.append(rng.choice(moments))
    return out


def run(src: Path, listing: Path, log: Path, extra: list[str]) -> subprocess.Popen[str]:
    env = dict(os.environ, PYTHONPATH=str(src))
    return subprocess.Popen([sys.executable, "-c", CHILD, str(listing), *extra], env=env,
                            stdout=log.open("w", encoding="utf-8"), stderr=subprocess.PIPE,
                            text=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old", type=Path, required=True, help="the other build's src folder")
    parser.add_argument("--new", type=Path, default=HERE, help="this build's src (default)")
    parser.add_argument("--count", type=int, default=2000)
    parser.add_argument("--cards", default="4-8", help="cards in each hand, LOW-HIGH (4-8)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", type=Path, default=None)
    parser.add_argument("--relative-keys-from", type=int, default=None, metavar="N",
                        help="the new build keys its table by relative ranks from N cards in "
                             "a hand (0: at every size; default: its own threshold)")
    args = parser.parse_args()
    try:
        low, high = (int(x) for x in args.cards.split("-"))
    except ValueError:
        parser.error(f"--cards: write LOW-HIGH, as 4-8, not {args.cards!r}")
    if not 1 <= low <= high <= 25 or args.count < 1:
        parser.error("--cards: from 1 to 25, the lower first; --count: at least 1")
    started = time.monotonic()
    listing = positions(args.count, args.seed, low, high)
    print(f"{len(listing)} positions made in {time.monotonic() - started:.0f} s", file=sys.stderr)
    with tempfile.TemporaryDirectory() as tmp:
        where = Path(tmp)
        (where / "positions.txt").write_text("\n".join(listing) + "\n", encoding="utf-8")
        builds = {"old": args.old.resolve(), "new": args.new.resolve()}
        extra = {"old": [], "new": [] if args.relative_keys_from is None
                 else [str(args.relative_keys_from)]}
        procs = {b: run(src, where / "positions.txt", where / f"{b}.jsonl", extra[b])
                 for b, src in builds.items()}
        while any(p.poll() is None for p in procs.values()):
            done = {b: sum(1 for _ in (where / f"{b}.jsonl").open(encoding="utf-8"))
                    for b in builds}
            print(f"\r{time.monotonic() - started:6.0f} s: solved old {done['old']}, "
                  f"new {done['new']} of {len(listing)}", end="", file=sys.stderr)
            time.sleep(2)
        print(file=sys.stderr)
        for b, p in procs.items():
            if p.returncode != 0:
                raise SystemExit(f"solver_exactness: the {b} build failed:\n"
                                 f"{p.stderr.read() if p.stderr else ''}")
        answers: dict[str, list[dict[str, Any]]] = {
            b: [json.loads(line) for line in (where / f"{b}.jsonl").open(encoding="utf-8")]
            for b in builds}
    differ = 0
    nodes = {b: 0 for b in builds}
    for i, text in enumerate(listing):
        for objective in ("score", "points"):
            old, new = answers["old"][i][objective], answers["new"][i][objective]
            nodes["old"] += old["nodes"]
            nodes["new"] += new["nodes"]
            if old["moves"] != new["moves"] or old["value"] != new["value"]:
                differ += 1
                print(f"DIFFER ({objective}): {text}\n  old {old['moves']}\n  new {new['moves']}")
    print(f"{len(listing)} positions ({low}-{high} cards, {', '.join(PRESETS)}), both "
          f"objectives: {differ} solves differ; nodes old {nodes['old']:,}, new "
          f"{nodes['new']:,}; {time.monotonic() - started:.0f} s")
    if args.json:
        args.json.write_text(json.dumps({"positions": listing, "answers": answers}))
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
