"""Make the solver's bench suites: src/duidiao/solver_positions/cards-NN.txt.

Positions come from seeded self-play of four ``heuristic`` bots (all three presets, random
declarer and team levels): at the start of the trick where every hand holds exactly N cards
(at most one position per hand and N; a hand whose multi-card tricks skip N gives none). Every
hand is written, the kitty is known and the earlier tricks are written in ``tricks``, so the
result, and so both objectives, can be computed. Each position is solved once, in a child
process with a time limit, for both objectives; positions over the limit are left out (and
counted in the file's header).

Run from the repository root (it takes a few minutes; it rewrites the files):

    python bench/make_solver_positions.py                   # 4, 6, 8 cards: 12 each; 10: 6
    python bench/make_solver_positions.py --cards 12 --limit 150
    python bench/make_solver_positions.py --cards 12 --limit 1500 --append --count 1 \\
        --preset chifeng-classic              # one more position, of one preset

The file is rewritten after every position found, so a long run stopped early keeps them.

The files are checked in: the positions and values must not change when the search does.
Do not rerun this to "fix" a failing bench: a changed value is a solver bug.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import random
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import duidiao
from duidiao.search.players import core_bot_step, make_bot

PRESETS = ("chifeng", "chifeng-classic", "chifeng-10")
OUT = Path(__file__).resolve().parents[1] / "src" / "duidiao" / "solver_positions"
DEFAULT_COUNTS = {4: 12, 6: 12, 8: 12, 10: 6, 12: 8}
TT_MB = 64


def hand_positions(seed: str, preset: str, sizes: set[int]) -> dict[int, str]:
    """Play one hand of heuristic self-play; the position strings at the start of the trick
    where every hand holds N cards, for each N in ``sizes`` that occurs."""
    rng = random.Random(seed)
    letters = duidiao.Rules.preset(preset).ladder_letters  # ladder positions, as ever drawn
    game = duidiao.Game.deal(
        rng.getrandbits(64),
        rules=preset,
        declarer="SENW"[rng.randrange(4)],
        levels=(letters[rng.randrange(13)], letters[rng.randrange(13)]),
    )
    bots = [make_bot("heuristic", rng.getrandbits(32)).core for _ in range(4)]
    core = game._core  # stepped directly: the bots answer from the core observations
    found: dict[int, str] = {}
    while int(core.phase) != 5:
        if int(core.phase) == 4 and not core.hand().trick():
            held = {len(duidiao.Cards.from_masks(*core.held(s))) for s in range(4)}
            n = held.pop()
            if not held and n in sizes:
                found[n] = str(game.position())
        core_bot_step(core, bots)
    return found


def candidates(
    cards: int, presets: tuple[str, ...] = PRESETS, seeds: tuple[str, ...] = ()
) -> Iterator[tuple[str, str]]:
    """(seed, position) for ``cards``, the presets in turn (or only the given seeds)."""
    for seed in seeds:
        position = hand_positions(seed, seed.split(":")[0], {cards}).get(cards)
        if position is None:
            raise ValueError(f"seed {seed!r} gives no position with {cards} cards in each hand")
        yield seed, position
    i = 0
    while not seeds:
        for preset in presets:
            seed = f"{preset}:{cards}:{i}"
            position = hand_positions(seed, preset, {cards}).get(cards)
            if position is not None:
                yield seed, position
        i += 1


def _solve_child(position: str, queue: Any) -> None:
    score = duidiao.solve(position, "score", tt_mb=TT_MB)
    points = duidiao.solve(position, "points", tt_mb=TT_MB)
    queue.put((score.value, points.value, score.nodes + points.nodes))


def solve_limited(position: str, limit: float) -> tuple[int, int, int, float] | None:
    """(score, points, nodes, seconds), or None when the two solves take over ``limit``."""
    queue: Any = mp.Queue()
    child = mp.Process(target=_solve_child, args=(position, queue), daemon=True)
    start = time.perf_counter()
    child.start()
    child.join(limit)
    if child.is_alive():
        child.kill()
        child.join()
        return None
    if child.exitcode != 0:
        raise RuntimeError(f"solving failed (exit {child.exitcode}): {position}")
    score, points, nodes = queue.get()
    return score, points, nodes, time.perf_counter() - start


def write_suite(cards: int, lines: list[str], seeds: list[str], skipped: int, limit: str) -> Path:
    """Write ``cards-NN.txt``: the header saying how the positions were made, then the lines."""
    header = [
        f"# duidiao solver bench suite: {len(lines)} positions, every hand holding {cards} cards",
        "# at the start of a trick. Made by bench/make_solver_positions.py from heuristic",
        "# self-play (4 'heuristic' bots; presets chifeng, chifeng-classic, chifeng-10 in turn;",
        f"# seeds '<preset>:{cards}:<i>'; random declarer and levels): {', '.join(seeds)}.",
        f"# Positions whose two solves took over {limit} s when made were left out: {skipped}.",
        "# Columns (tab-separated): score = hand score difference (rules §7.2) from the side",
        "# to move's team at the position's levels; points = the defenders' final points;",
        "# position = the position string (every hand and the kitty known). Do not edit.",
    ]
    OUT.mkdir(exist_ok=True)
    path = OUT / f"cards-{cards:02d}.txt"
    path.write_text("\n".join(header + lines) + "\n", encoding="utf-8")
    return path


def read_suite(cards: int) -> tuple[list[str], list[str], int, str]:
    """The lines, seeds, count left out and limit of the checked-in suite (for --append)."""
    text = (OUT / f"cards-{cards:02d}.txt").read_text(encoding="utf-8")
    header = " ".join(line[2:] for line in text.splitlines() if line.startswith("# "))
    seeds = header.split("random declarer and levels): ")[1].split(". ")[0].split(", ")
    limit = header.split("took over ")[1].split(" s when made")[0]
    skipped = int(header.split("were left out: ")[1].split(".")[0])
    lines = [line for line in text.splitlines() if line and not line.startswith("#")]
    return lines, seeds, skipped, limit


def make_suite(
    cards: int,
    count: int,
    limit: float,
    presets: tuple[str, ...] = PRESETS,
    append: bool = False,
    only: tuple[str, ...] = (),
) -> None:
    """Find ``count`` positions (``append``: ``count`` more, after the checked-in ones)."""
    lines: list[str] = []
    skipped = 0
    seeds: list[str] = []
    limits = f"{limit:g}"
    if append:
        lines, seeds, skipped, old_limit = read_suite(cards)
        if old_limit != limits:
            which = sorted({seed.split(":")[0] for seed in only}) if only else presets
            limits = f"{old_limit} ({', '.join(which)}: {limits})"
    wanted = len(lines) + count
    path = OUT / f"cards-{cards:02d}.txt"
    for seed, position in candidates(cards, presets, only):
        if len(lines) == wanted:
            break
        if seed in seeds:
            continue
        solved = solve_limited(position, limit)
        if solved is None:
            skipped += 1
            print(f"{cards} cards: {seed} over {limit:g} s, left out", file=sys.stderr)
            continue
        score, points, nodes, seconds = solved
        print(
            f"{cards} cards: {seed} score {score} points {points} nodes {nodes} {seconds:.2f}s",
            file=sys.stderr,
        )
        lines.append(f"{score}\t{points}\t{position}")
        seeds.append(seed)
        # Written after every position: a long run stopped early keeps what it found.
        path = write_suite(cards, lines, seeds, skipped, limits)
    print(f"wrote {path} ({len(lines)} positions, {skipped} left out)", file=sys.stderr)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cards", default="4,6,8,10", help="card counts, e.g. 4,6,8")
    parser.add_argument("--count", type=int, default=None, help="positions per suite")
    parser.add_argument("--limit", type=float, default=60.0, help="seconds per position")
    parser.add_argument(
        "--preset", action="append", choices=PRESETS, help="only these presets (repeatable)"
    )
    parser.add_argument(
        "--append", action="store_true", help="keep the checked-in positions, add --count more"
    )
    parser.add_argument(
        "--seed",
        action="append",
        default=[],
        help="only these seeds, '<preset>:<cards>:<i>' (repeatable; e.g. chosen by a screen)",
    )
    args = parser.parse_args(argv)
    presets = tuple(args.preset) if args.preset else PRESETS
    for seed in args.seed:
        if seed.split(":")[0] not in PRESETS:
            parser.error(f"--seed {seed!r}: expected '<preset>:<cards>:<i>'")
    for cards in (int(c) for c in args.cards.split(",")):
        count = args.count or DEFAULT_COUNTS.get(cards, 6)
        make_suite(cards, count, args.limit, presets, args.append, tuple(args.seed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
