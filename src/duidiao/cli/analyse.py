"""``duidiao analyse POSITION``: the legal moves of the seat to move ranked by Monte Carlo
search (``duidiao.analyse``), with the position drawn and a progress bar on a terminal
(docs/cli.md, ``duidiao analyse``)."""

from __future__ import annotations

import argparse
import math
import time
from typing import TextIO

from duidiao.cli import common
from duidiao.cli.progress import ProgressBar
from duidiao.play._limits import (
    INT_MAX,
    SEARCH_SECONDS_MAX,
    SEARCH_WORLDS_MAX,
    SEED_MAX,
    int_in,
    number_in,
)
from duidiao.play.climbing.options import game_of_position
from duidiao.play.diagram import card_text, position_diagram
from duidiao.play.position import Position
from duidiao.play.seats import TRICK_SEATS
from duidiao.play.sizes import HAND_CARDS
from duidiao.search.analysis import Analysis, analyse, expert_search
from duidiao.search.climbing import analysis as climbing

__all__ = ["NAME", "ALIASES", "HELP", "add_arguments", "run", "table"]

NAME = "analyse"
ALIASES: tuple[str, ...] = ("analyze",)
HELP = "rank the legal moves of the seat to move by Monte Carlo search"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("position", help=common.POSITION_HELP + "; ?N hides cards")
    parser.add_argument(
        "--seconds", type=number_in(0, SEARCH_SECONDS_MAX, " seconds", above=True), default=1.0,
        metavar="S", help=f"time budget, up to {SEARCH_SECONDS_MAX} (default 1)"
    )
    parser.add_argument(
        "--worlds", type=int_in(1, SEARCH_WORLDS_MAX), default=None, metavar="N",
        help=f"search exactly N sampled worlds instead of a time budget (up to "
        f"{SEARCH_WORLDS_MAX:,})",
    )
    parser.add_argument(
        "--threads", type=int_in(1, 256), default=None, metavar="T", help="default: all cores"
    )
    parser.add_argument(
        "--seed", type=int_in(0, SEED_MAX), default=None, metavar="S", help="seed of the worlds"
    )
    expert = expert_search()
    parser.add_argument(
        "--solve-cards", type=int_in(0, HAND_CARDS), default=None, metavar="N",
        help="solve worlds exactly when the mover holds at most N cards (default "
        f"{expert['solve_cards']}, the expert bot's)",
    )
    parser.add_argument(
        "--infer", type=int_in(1, 64), default=None, metavar="K",
        help="inference from the play: weigh K times the worlds and search the likeliest "
        f"(default {expert['infer_pool']}, the expert bot's; 1: none)",
    )
    parser.add_argument(
        "--miss", type=_miss, default=None, metavar="X",
        help="inference: a world's weight per past play the heuristic would not have made "
        f"(above 0, at most 1; default {expert['infer_miss']})",
    )
    parser.add_argument(
        "--top", type=int_in(0, INT_MAX), default=20, metavar="N",
        help="moves to list (default 20; 0: all)",
    )
    common.add_json_option(parser)


def _miss(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not 0 < value <= 1:
        raise argparse.ArgumentTypeError(
            f"expected a number above 0 and at most 1, not {text!r:.40}"
        )
    return value


class _Clock:
    """Progress on stderr while analysing: by worlds for a world count, by time for a budget
    (drawn for budgets of a second or more, on a terminal only)."""

    def __init__(self, seconds: float | None, worlds: int | None, stream: TextIO) -> None:
        self.seconds, self.worlds = seconds, worlds
        if worlds:
            self.bar = ProgressBar(worlds, "worlds", stream)
        else:
            self.bar = ProgressBar(1000, "analysing", stream, show_count=False)
            self.bar.enabled = self.bar.enabled and (seconds or 0) >= 1
        self.start = time.monotonic()

    def __call__(self, done: int) -> bool:
        # analyse reports an AnalysisProgress: an int of worlds done, with the best move so far
        worlds, best = int(done), getattr(done, "best", None)
        lead = f"best {_move_text(str(best))}" if best is not None else ""
        if self.worlds:
            self.bar.update(worlds, lead)
        else:
            elapsed = time.monotonic() - self.start
            detail = f"{worlds} worlds" + (f", {lead}" if lead else "")
            self.bar.update(int(elapsed * 1000 / (self.seconds or 1)), detail)
        return True

    def close(self, worlds: int | None = None) -> None:
        """End the bar, full when the search finished (``worlds`` it did): the last report
        comes before the last worlds are in."""
        if worlds is not None:
            self.bar.update(worlds if self.worlds else self.bar.total,
                            "" if self.worlds else f"{worlds} worlds")
        self.bar.close()


def _move_text(move: str) -> str:
    return " ".join(card_text(c) for c in move.split(","))


def table(analysis: Analysis, top: int) -> str:
    """The ranked moves as a text table."""
    team = TRICK_SEATS.team_of(analysis.turn)
    shown = analysis.moves if top <= 0 else analysis.moves[:top]
    width = max([4] + [len(_move_text(str(m.move))) for m in shown])
    lines = [
        f"  {'#':>3}  {'move':<{width}}  {'mean':>6}  {'±se':>5}  {'make':>5}"
        f"  {'vs heuristic':>13}"
    ]
    for i, m in enumerate(shown, 1):
        versus = "(its choice)" if m.heuristic else f"{m.gain:+6.2f} ±{m.gain_stderr:4.2f}"
        lines.append(
            f"  {i:>3}  {_move_text(str(m.move)):<{width}}  {m.mean:+6.2f}  {m.stderr:5.2f}"
            f"  {m.make:5.0%}  {versus:>13}"
        )
    if len(shown) < len(analysis.moves):
        lines.append(f"  ... {len(analysis.moves) - len(shown)} more (--top 0 lists all)")
    if analysis.pruned:
        lines.append(
            f"  weighed {len(analysis.moves):,} candidates of {analysis.legal:,} legal moves "
            "(singles, pairs, tractors, each suit's throws from the top; for a follow, a random "
            "sample) and the heuristic's choice"
        )
    how = "solved exactly" if analysis.method == "solver" else "heuristic playouts"
    lines.append(
        f"{analysis.worlds} worlds ({how}) in {analysis.seconds:.2f} s on {analysis.threads} "
        f"thread{'s' if analysis.threads > 1 else ''}, seed {analysis.seed}"
    )
    if analysis.pool:
        lines.append(
            f"inference: drawn by weight from {analysis.pool:,} worlds weighed by the play so "
            f"far, worth {analysis.effective_pool:,.0f} equally weighted ones"
        )
    lines.append(
        f"mean: hand score difference for {team} ({analysis.turn} to play, docs/rules.md §7.2); "
        "make: how often the declaring team stays; vs heuristic: the paired difference from the "
        "heuristic bot's choice"
    )
    return "\n".join(lines)


def run_climbing(args: argparse.Namespace, out: TextIO) -> int:
    """A 够级 or 保皇 position (rules §12, §13): determinized Monte Carlo over the hidden
    cards, each candidate action played out by the heuristic in the same worlds."""
    reply = climbing.analyse(args.position, worlds=args.worlds or 128, seconds=args.seconds,
                             seed=args.seed or 0).to_dict()
    if args.json:
        common.write_json(out, reply)
        return common.EXIT_OK
    out.write(f"{reply['turn']} to act; mean: {reply['objective']}\n")
    out.write(f"{'rank':>4}  {'action':<24} {'mean':>8} {'sd':>7} {'worlds':>7}\n")
    moves = reply["moves"] if args.top == 0 else reply["moves"][:args.top]
    for rank, m in enumerate(moves, 1):
        out.write(f"{rank:>4}  {m['move']:<24} {m['mean']:>+8.2f} {m['sd']:>7.2f} "
                  f"{m['worlds']:>7}\n")
    return common.EXIT_OK


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    if game_of_position(args.position) is not None:
        return run_climbing(args, out)
    position = Position(args.position)
    clock = _Clock(None if args.worlds else args.seconds, args.worlds, err)
    done: int | None = None
    try:
        result = analyse(
            position, seconds=args.seconds, worlds=args.worlds, threads=args.threads,
            seed=args.seed, solve_cards=args.solve_cards, infer_pool=args.infer,
            infer_miss=args.miss, progress=clock,
        )
        done = result.worlds
    finally:
        clock.close(done)
    if args.json:
        common.write_json(out, result.to_dict())
        return common.EXIT_OK
    out.write(position_diagram(position) + "\n\n")
    out.write(table(result, args.top) + "\n")
    return common.EXIT_OK
