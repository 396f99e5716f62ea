"""The Monte Carlo figures of the play state, for comparing two builds in one run:

    python bench/monte_carlo_figures.py                       # this build's figures
    python bench/monte_carlo_figures.py --compare OTHER/src   # this build against another

Five figures, each a rate (higher is better): random playouts per second
(`_core.random_playouts`), heuristic self-play hands per second (`_core.selfplay_hands`, deal to
result) and `pimc` worlds per second at the opening lead (25 cards) and at 12 cards (fair
heuristic playouts of every legal move, one thread), and the exact solver's nodes per second
on whole positions of at most 7 cards a hand (both objectives, a fresh 16 MiB table each; its
checksum is the node count, the search's signature). Each line also prints a checksum of what
was computed, so two builds can be seen to do the same work.

``--preset`` picks the rules (chifeng by default). The views of the pimc figures are written as
position strings by this build and read by each build (`Position(text).core`), so that builds
of different Python APIs search the same views.

With --compare, the builds run in turn in fresh processes (`PYTHONPATH` set to each `src`
folder), `--rounds` times, and the table gives each build's median and the ratio of the medians:
on a shared machine, alternating rounds keeps the comparison fair where single timings are not.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from typing import Any

PLAYOUTS = 20000
HANDS = 2000
WORLDS = {25: 64, 12: 512}  # per view, by the cards the mover holds
SEED = 7
SOLVER_KEY = 0  # the solver's positions among the views, beside the pimc ones (keyed by cards)


def _self_play_texts(preset: str, n: int, first_seed: int,
                     pick: Callable[[Any, str], str | None]) -> list[str]:
    """n position strings of heuristic self-play under ``preset``: in each hand (seeds after
    ``first_seed``), the first play-phase moment at which ``pick(game, seat)`` gives one."""
    import duidiao
    from duidiao.play.decisions import step

    texts: list[str] = []
    seed = first_seed
    while len(texts) < n:
        seed += 1
        game = duidiao.Game.deal(seed=seed, declarer=seed % 4, levels={"NS": "5", "EW": "8"},
                                 rules=preset)
        bots = [duidiao.make_bot("heuristic", s) for s in range(4)]
        while not game.is_over:
            seat = game.to_act
            assert seat is not None
            text = pick(game, seat) if game.phase == "play" else None
            if text is not None:
                texts.append(text)
                break
            step(game, bots["SENW".index(seat)])
    return texts


def view_texts(preset: str, cards_left: int, n: int = 4) -> list[str]:
    """n play-phase views of heuristic self-play under ``preset``: the seat to move's, holding
    ``cards_left`` cards, with more than one legal move (this build's API)."""

    def pick(game: Any, seat: str) -> str | None:
        position = game.observe(seat).position
        held = len(position.hands[seat])
        return str(position) if held == cards_left and position.core.count_legal_moves() > 1 \
            else None

    return _self_play_texts(preset, n, 0, pick)


def solver_texts(preset: str, cards_left: int = 7, n: int = 6) -> list[str]:
    """n whole positions (every hand known) of heuristic self-play under ``preset``, each at the
    first trick start where every seat holds at most ``cards_left`` cards (this build's API)."""

    def pick(game: Any, seat: str) -> str | None:
        position = game.position()
        trick = position.current_trick
        starts = trick is not None and not trick.plays
        return str(position) if starts and len(position.hands[seat]) <= cards_left else None

    return _self_play_texts(preset, n, 100, pick)


def all_texts(preset: str) -> dict[int, list[str]]:
    """The pimc views by cards held, and the solver's positions under SOLVER_KEY."""
    return {**{cards: view_texts(preset, cards) for cards in WORLDS},
            SOLVER_KEY: solver_texts(preset)}


def _views(texts: list[str]) -> list[tuple[Any, int, int]]:
    """The core hands of the views, with the teams' levels (any build's API reads these)."""
    from duidiao import Position

    return [(p.core, *p.core_levels()) for p in map(Position, texts)]


def _timed(f: Any) -> tuple[float, Any]:
    start = time.perf_counter()
    out = f()
    return time.perf_counter() - start, out


def figures(preset: str, texts: dict[int, list[str]]) -> dict[str, tuple[float, str]]:
    """Each figure's rate and a checksum of its work."""
    from duidiao import _core as core
    out: dict[str, tuple[float, str]] = {}
    t, check = _timed(lambda: core.random_playouts(PLAYOUTS, SEED, preset))
    out["random playouts/s"] = (PLAYOUTS / t, str(check))
    t, stats = _timed(lambda: core.selfplay_hands(HANDS, SEED, preset, ["heuristic"] * 4))
    out["heuristic self-play hands/s"] = (HANDS / t, str(stats["checksum"]))
    for cards, name in ((25, "opening lead"), (12, "12 cards")):
        views = _views(texts[cards])
        search = core.PimcSearch(WORLDS[cards], 0.0, 1, SEED, 4, 4.0)

        def run(views: list[tuple[Any, int, int]] = views, search: Any = search) -> list[Any]:
            return [search.analyse(v, ns, ew)["moves"] for v, ns, ew in views]

        t, moves = _timed(run)
        digest = sum(hash(tuple(m[0])) % 1000003 * round(m[1] * 1000) for ms in moves for m in ms)
        out[f"pimc worlds/s, {name}"] = (WORLDS[cards] * len(views) / t, str(digest % 10**9))
    from duidiao.search.solver import Solver

    nodes, seconds = 0, 0.0
    for text in texts[SOLVER_KEY]:
        for objective in ("score", "points"):
            solution = Solver(16).solve(text, objective)
            nodes += solution.nodes
            seconds += solution.seconds
    out["solver nodes/s, 7 cards"] = (nodes / seconds, str(nodes))  # the nodes: its signature
    return out


def compare(other: str, rounds: int, preset: str) -> None:
    here = os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, "src")
    builds = {"before": os.path.abspath(other), "after": os.path.abspath(here)}
    rates: dict[str, dict[str, list[float]]] = {b: {} for b in builds}
    checks: dict[str, dict[str, str]] = {b: {} for b in builds}
    views = tempfile.NamedTemporaryFile("w", suffix=".json", delete=False)
    with views:
        json.dump(all_texts(preset), views)
    for r in range(rounds):
        # Each build goes first in every other round: a machine that drifts favours neither.
        for build in ("before", "after") if r % 2 == 0 else ("after", "before"):
            path = builds[build]
            env = dict(os.environ, PYTHONPATH=path)
            command = [sys.executable, __file__, "--json", "--preset", preset,
                       "--views", views.name]
            run = subprocess.run(command, env=env, check=True, capture_output=True, text=True)
            text = run.stdout
            for name, (rate, check) in json.loads(text).items():
                rates[build].setdefault(name, []).append(rate)
                checks[build][name] = check
        print(f"round {r + 1}/{rounds} done", file=sys.stderr)
    os.unlink(views.name)
    print(f"preset {preset}, {rounds} rounds")
    print(f"{'figure':34} {'before':>10} {'after':>10} {'ratio':>7}  same work")
    for name in rates["after"]:
        before = statistics.median(rates["before"][name])
        after = statistics.median(rates["after"][name])
        same = "yes" if checks["before"][name] == checks["after"][name] else "no"
        print(f"{name:34} {before:10.1f} {after:10.1f} {after / before:6.2f}x  {same}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--compare", metavar="SRC", help="the other build's src folder (before)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--json", action="store_true", help="print this build's figures as JSON")
    parser.add_argument("--preset", default="chifeng", help="the rules (default: chifeng)")
    parser.add_argument("--views", metavar="FILE", help=argparse.SUPPRESS)  # from --compare
    args = parser.parse_args()
    if args.compare:
        compare(args.compare, args.rounds, args.preset)
        return
    if args.views:
        with open(args.views) as f:
            texts = {int(cards): views for cards, views in json.load(f).items()}
    else:
        texts = all_texts(args.preset)
    if args.json:
        print(json.dumps(figures(args.preset, texts)))
    else:
        for name, (rate, check) in figures(args.preset, texts).items():
            print(f"{name:34} {rate:10.1f}  (checksum {check})")


if __name__ == "__main__":
    main()
