"""The ``duidiao`` command.

``duidiao moves POSITION`` lists the legal moves; ``duidiao play POSITION MOVE...`` prints the
position after the moves (and the result once the hand is over); ``duidiao show POSITION``
prints the canonical form; ``duidiao selfplay`` plays hands or matches between bots and prints
statistics; ``duidiao duel`` plays a duplicate duel between two bots; ``duidiao solve
POSITION`` gives every legal move's exact double-dummy value and ``duidiao bench`` (or ``solve
--bench``) the solver's node-count signature; ``duidiao analyse POSITION`` ranks the moves of
the seat to move by Monte Carlo search. ``--json`` gives machine-readable output. A bad
position, move or option exits with status 2 and the error on stderr.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Generator, Sequence
from pathlib import Path
from typing import Any, TextIO

from duidiao import __version__
from duidiao.cli import analyse as cli_analyse
from duidiao.cli import engine as cli_engine
from duidiao.cli import serve as cli_serve
from duidiao.cli.common import (
    EXIT_ERROR,
    EXIT_INTERRUPTED,
    EXIT_OK,
    Parser,
    add_ray_option,
    bot_help,
    position_json,
    write_json,
)
from duidiao.cli.progress import ProgressBar
from duidiao.play._limits import COUNT_MAX, SEED_MAX, int_in
from duidiao.play.errors import NotationError
from duidiao.play.position import Position
from duidiao.play.result import HandResult
from duidiao.play.rules import GAME_PRESETS, Rules
from duidiao.play.seats import TRICK_SEATS
from duidiao.research.selfplay import SelfPlayStats
from duidiao.search import bots

__all__ = ["main", "build_parser"]

def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="duidiao",
        description="Chifeng Duidiao (赤峰对调) engine: positions, legal moves, analysis, bots.",
    )
    parser.add_argument("--version", action="version", version=f"duidiao {__version__}")
    parser.add_argument(
        "--bot", action="append", default=[], dest="registered", metavar="NAME=module:Class",
        help="before the command: register a bot written in Python (a duidiao Player) as NAME, "
        "for every command that takes a bot (repeatable; docs/players.md)",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True

    moves = sub.add_parser("moves", help="list the legal moves of the seat to play")
    moves.add_argument("position", help="a position string (docs/notation.md), quoted")
    moves.add_argument("--json", action="store_true", help="machine-readable output")

    play = sub.add_parser("play", help="play moves and print the position after them")
    play.add_argument("position", help="a position string (docs/notation.md), quoted")
    play.add_argument("moves", nargs="+", metavar="MOVE", help="a card list, e.g. AH,AH")
    play.add_argument("--json", action="store_true", help="machine-readable output")

    show = sub.add_parser("show", help="check a position and print its canonical form")
    show.add_argument("position", help="a position string (docs/notation.md), quoted")
    show.add_argument("--json", action="store_true", help="machine-readable output")

    selfplay = sub.add_parser(
        "selfplay", help="play hands (or whole matches) between bots and print statistics"
    )
    selfplay.add_argument(
        "--hands",
        type=int_in(0, COUNT_MAX),
        default=100,
        metavar="N",
        help=f"hands to play (at most {COUNT_MAX:,})",
    )
    selfplay.add_argument(
        "--matches",
        type=int_in(0, COUNT_MAX),
        default=None,
        metavar="M",
        help="play M whole matches to K instead of independent hands",
    )
    selfplay.add_argument(
        "--ns", default="random", metavar="BOT", help=bot_help("NS bot")
    )
    selfplay.add_argument(
        "--ew", default="random", metavar="BOT", help=bot_help("EW bot")
    )
    selfplay.add_argument(
        "--seed", type=int_in(0, SEED_MAX), default=0, metavar="S", help="random seed"
    )
    selfplay.add_argument("--preset", default="chifeng", choices=GAME_PRESETS, help="rules preset")
    selfplay.add_argument(
        "--records", default=None, metavar="DIR", help="write one JSON record per hand in DIR"
    )
    selfplay.add_argument(
        "--out",
        default=None,
        metavar="DIR",
        help="write every decision (observation, legal actions, action, reward) to a new folder "
        "DIR for learning (docs/data.md)",
    )
    selfplay.add_argument(
        "--format",
        default="npz",
        choices=["npz", "parquet"],
        help="with --out: numpy's compressed npz, or parquet (needs pyarrow: the data extra)",
    )
    add_ray_option(selfplay, "hands", "--workers")
    selfplay.add_argument(
        "--workers",
        type=int_in(1, 256),
        default=None,
        metavar="W",
        help="with --ray and no ADDRESS: the local cluster's CPUs (default: the number of CPUs)",
    )
    selfplay.add_argument("--json", action="store_true", help="machine-readable output")

    duel = sub.add_parser(
        "duel", help="a duplicate duel: each deal played twice, the two bots swapping teams",
        # --a and --b are needed unless parts are added up: the usage says so (argparse
        # cannot require one of two groups)
        usage="duidiao duel --a BOT --b BOT [--hands N] [--seed S] [--preset P] [--threads T]\n"
        "                    [--first-deal D] [--ray [ADDRESS]] [--json]\n"
        "       duidiao duel --merge PART [PART ...] [--json]",
    )
    duel.add_argument("--a", metavar="BOT", help=bot_help("bot A"))
    duel.add_argument("--b", metavar="BOT", help=bot_help("bot B"))
    duel.add_argument(
        "--hands",
        type=int_in(0, COUNT_MAX),
        default=200,
        metavar="N",
        help=f"hands to play (even: 2 per deal; at most {COUNT_MAX:,})",
    )
    duel.add_argument(
        "--seed", type=int_in(0, SEED_MAX), default=0, metavar="S", help="random seed"
    )
    duel.add_argument("--preset", default="chifeng", choices=GAME_PRESETS, help="rules preset")
    duel.add_argument(
        "--threads",
        type=int_in(1, 256),
        default=None,
        metavar="T",
        help="games played at once (default: the number of CPUs)",
    )
    duel.add_argument(
        "--first-deal",
        type=int_in(0, COUNT_MAX),
        default=0,
        metavar="D",
        help="start at deal D: a part of a longer duel (write it with --json, add with --merge)",
    )
    add_ray_option(duel, "deals", "--threads")
    duel.add_argument(
        "--merge",
        nargs="+",
        metavar="PART",
        help="add up the --json outputs of parts of one duel instead of playing "
        "(the same result as one run of all their deals)",
    )
    duel.add_argument("--json", action="store_true", help="machine-readable output")

    solve = sub.add_parser(
        "solve", help="solve a fully known position: every legal move's exact value"
    )
    solve.add_argument(
        "position", nargs="?", default=None, help="a position string (docs/notation.md), quoted"
    )
    solve.add_argument(
        "--objective",
        choices=("score", "points"),
        default="score",
        help="score: hand score difference from the side to move (default); "
        "points: the defenders' final points",
    )
    solve.add_argument(
        "--tt-mb",
        type=float,
        default=None,
        metavar="N",
        help="transposition table size (MiB; default 16, 256 saves a third at 12 cards)",
    )
    solve.add_argument(
        "--no-merge", action="store_true", help="do not merge equivalent cards (for testing)"
    )
    solve.add_argument(
        "--bench", action="store_true", help="solve the bench set and print its node count"
    )
    _bench_arguments(solve)
    solve.add_argument("--json", action="store_true", help="machine-readable output")

    bench = sub.add_parser(
        "bench", help="solve the solver's bench set; the last line is the node count"
    )
    bench.add_argument(
        "--tt-mb", type=float, default=None, metavar="N", help="transposition table size (MiB)"
    )
    _bench_arguments(bench)
    bench.add_argument("--json", action="store_true", help="machine-readable output")

    timing = sub.add_parser(
        "timing", help="how long a bot takes per decision, over whole self-play hands"
    )
    timing.add_argument("--bot", required=True, metavar="BOT", help=bot_help("the bot"))
    timing.add_argument(
        "--hands", type=int_in(1, 1_000_000), default=20, metavar="N", help="hands to play"
    )
    timing.add_argument(
        "--seed", type=int_in(0, SEED_MAX), default=0, metavar="S", help="random seed"
    )
    timing.add_argument("--preset", default="chifeng", choices=GAME_PRESETS, help="rules preset")
    timing.add_argument("--json", action="store_true", help="machine-readable output")

    cli_analyse.add_parser(sub)
    cli_engine.add_engine_command(sub)
    cli_serve.add_serve_command(sub)
    return parser


def _bench_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--cards",
        default=None,
        metavar="N,N",
        help="bench suites by cards per hand (default 4,6; available 4,6,8,10,12)",
    )
    parser.add_argument(
        "--suites", default=None, metavar="DIR", help="directory of the bench suites"
    )


def _result_text(result: HandResult) -> str:
    scores = ",".join(f"{team}:{score:+d}" for team, score in result.scores.items())
    levels = ",".join(f"{team}:{level}" for team, level in result.levels.items())
    # rules §10.7: the kitty's points when they counted for the defenders (points is then T)
    kitty = (
        f"kitty={result.kitty_points}x{result.kitty_multiplier} " if result.kitty_multiplier else ""
    )
    return (
        f"result: {result.outcome} points={result.points} dig={result.dig or '-'} "
        f"levels={levels} scores={scores} next_declarer={result.next_declarer} "
        f"kitty_jokers_climb={result.kitty_jokers_climb} {kitty}"
        f"match_won={'yes' if result.match_won else 'no'}"
    )


def _cmd_moves(args: argparse.Namespace, out: TextIO) -> int:
    position = Position(args.position)
    moves = position.legal_moves()
    if args.json:
        data = position_json(position)
        data["moves"] = [str(m) for m in moves]
        data["count"] = len(moves)
        write_json(out, data)
    else:
        for move in moves:
            out.write(f"{move}\n")
        out.write(f"{len(moves)} legal move{'' if len(moves) == 1 else 's'}\n")
    return EXIT_OK


def _cmd_play(args: argparse.Namespace, out: TextIO) -> int:
    position = Position(args.position)
    played: list[dict[str, str | None]] = []
    for i, text in enumerate(args.moves, 1):
        seat = position.turn
        try:
            position, actual = position.played(text)
        except ValueError as exc:
            raise _MoveError(f"move {i}: {exc}") from None
        requested = str(position.parse_move(text)) if actual.cards != _cards(text) else str(actual)
        played.append({"seat": seat, "move": requested, "played": str(actual)})
    result: HandResult | None = None
    if position.is_over and position.kitty is not None:
        result = position.result()
    if args.json:
        data = position_json(position)
        data["played"] = played
        data["result"] = result.to_dict() if result is not None else None
        write_json(out, data)
    else:
        for item in played:
            if item["move"] != item["played"]:
                out.write(
                    f"{item['seat']}'s throw {item['move']} fails: {item['played']} is played\n"
                )
        out.write(f"{position}\n")
        if result is not None:
            out.write(_result_text(result) + "\n")
        elif position.is_over:
            out.write("result: unknown (the kitty is not known)\n")
    return EXIT_OK


def _cmd_show(args: argparse.Namespace, out: TextIO) -> int:
    position = Position(args.position)
    if args.json:
        data = position_json(position)
        data["declarer"] = position.declarer
        data["level"] = position.level
        data["trump"] = position.trump
        data["levels"] = position.levels
        data["hands"] = {
            seat: position.format_cards(cards) for seat, cards in position.hands.items()
        }
        data["unknown"] = position.unknown
        write_json(out, data)
    else:
        out.write(f"{position}\n")
    return EXIT_OK


def _cards(text: str) -> Any:
    from duidiao.play.cards import Cards

    return Cards.parse(text)


class _MoveError(ValueError):
    pass


# -- selfplay ---------------------------------------------------------------------------

def _summary_text(data: dict[str, Any]) -> str:
    n = data["hands"]
    bots = data["bots"]
    lines = [
        f"{data['mode']}: {n} hands, preset {data['preset']}, seed {data['seed']}, "
        f"NS {bots['NS']} vs EW {bots['EW']}"
    ]
    by_team = data["declarer_success_by_team"]
    lines.append(
        f"declarers stay: {data['declarer_success_rate']:.1%} "
        f"(NS declaring {by_team['NS']['rate']:.1%} of {by_team['NS']['hands']}, "
        f"EW declaring {by_team['EW']['rate']:.1%} of {by_team['EW']['hands']})"
    )
    dp = data["defender_points"]
    quantiles = ", ".join(f"{q}%: {v:g}" for q, v in dp["quantiles"].items())
    lines.append(f"defenders' points: mean {dp['mean']:.1f}; quantiles {quantiles}")
    bands = "  ".join(
        f"{name}: {count} ({count / n:.1%})" if n else f"{name}: 0"
        for name, count in dp["bands"].items()
    )
    lines.append(f"  bands: {bands}")
    lines.append("outcomes: " + ", ".join(f"{k} {v}" for k, v in data["outcomes"].items()))
    digs = data["digs"]
    rules = Rules.from_json(data["preset"], data.get("rules"))
    if rules.digs:  # the standard game has neither digs nor 潇洒 (rules §10.6, §10.7)
        lines.append(
            f"digs: {digs['total']} ({digs['rate']:.1%}; joker {digs['joker']}, "
            f"level {digs['level']})"
        )
    if rules.xiaosa:
        lines.append(f"xiaosa: {data['xiaosa']['hands']} hands ({data['xiaosa']['rate']:.1%})")
    sc = data["scores"]
    lines.append(
        "hand score per hand (95% CI): "
        f"NS {sc['NS']['mean']:+.3f} ± {sc['NS']['ci95']:.3f}, "
        f"EW {sc['EW']['mean']:+.3f} ± {sc['EW']['ci95']:.3f}, "
        f"NS-EW {sc['NS-EW']['mean']:+.3f} ± {sc['NS-EW']['ci95']:.3f}"
    )
    matches = data["matches"]
    if matches is not None:
        hpm = matches["hands_per_match"]
        lines.append(
            f"matches: {matches['played']}; wins NS {matches['wins']['NS']}, "
            f"EW {matches['wins']['EW']}; hands per match mean {hpm['mean']:.1f} "
            f"(min {hpm['min']}, max {hpm['max']})"
        )
    return "\n".join(lines) + "\n"


def _os_reason(exc: OSError) -> str:
    """``'PATH': reason`` of a failed file operation, on one line."""
    where = f"{exc.filename!s:.200}" if exc.filename is not None else "?"
    return f"{where!r}: {exc.strerror or exc}"


def _write_record(path: Any, text: str) -> None:
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise ValueError(f"--records: cannot write {_os_reason(exc)}") from None


def _cmd_selfplay(args: argparse.Namespace, out: TextIO) -> int:
    if args.hands < 0 or (args.matches is not None and args.matches < 0):
        raise ValueError("--hands and --matches must not be negative")
    if args.matches and (args.out is not None or args.ray is not None):
        raise ValueError(f"{'--out' if args.out is not None else '--ray'} plays independent "
                         "hands (--hands), not matches")
    if args.workers is not None and args.ray != "local":
        raise ValueError("--workers sets the CPUs of a local Ray cluster: use it with --ray "
                         "and no ADDRESS")
    from duidiao.search.players import make_bot

    for name in (args.ns, args.ew):
        make_bot(name, 0)  # an unknown bot fails before any folder is made
    if args.matches:
        stats = _selfplay_matches(args, _records_folder(args.records))
    else:
        stats = _selfplay_hands(args)
    data = stats.summary(args.preset, args.seed, args.ns, args.ew, bool(args.matches))
    if args.json:
        write_json(out, data)
    else:
        out.write(_summary_text(data))
    return EXIT_OK


def _records_folder(name: str | None) -> Path | None:
    """``--records DIR``: the folder, made if need be, or None."""
    if name is None:
        return None
    records = Path(name)
    if records.exists() and not records.is_dir():
        raise ValueError(f"--records: {str(records)!r:.200} is a file, not a folder")
    try:
        records.mkdir(parents=True, exist_ok=True)
    except OSError as exc:  # a file of that name, /proc, no permission ...
        raise ValueError(f"--records: cannot make the folder {_os_reason(exc)}") from None
    return records


def _selfplay_hands(args: argparse.Namespace) -> SelfPlayStats:
    """``--hands N``: hand *i* drawn from (seed, i) alone (duidiao.research.selfplay), here or
    on Ray; the parts are taken in hand order, so the data and records are the same either way."""
    from contextlib import closing

    from duidiao.research.selfplay import SelfPlayPart, play_hands

    want = {"rows": args.out is not None, "records": args.records is not None}
    parts: Generator[SelfPlayPart, None, None]
    if args.ray is not None:  # the cluster first: a failed connection leaves no folder behind
        from duidiao.research.cluster import selfplay_on_ray

        address = None if args.ray == "local" else args.ray
        parts = selfplay_on_ray(args.ns, args.ew, args.hands, args.seed, args.preset,
                                address=address, workers=args.workers, **want)
    else:
        parts = (play_hands(args.ns, args.ew, i, i + 1, args.seed, args.preset, **want)
                 for i in range(args.hands))
    writer = None
    if args.out is not None:
        from duidiao.research.data import DataWriter

        writer = DataWriter(args.out, args.format)
    records = _records_folder(args.records)
    stats = SelfPlayStats()
    progress = ProgressBar(args.hands, "hands", sys.stderr)
    done = 0
    try:
        with closing(parts):  # stopped early, the tasks still out are cancelled now
            for part in parts:
                stats.merge(part.stats)
                if writer is not None:
                    assert part.rows is not None
                    writer.add_rows(part.rows)
                if records is not None:
                    for k, text in enumerate(part.records or ()):
                        _write_record(records / f"hand-{part.first + k + 1:06d}.json", text)
                done = part.stop
                progress.update(done)
    finally:
        progress.close()
        if writer is not None:  # the hands played so far stay readable, even interrupted
            writer.close(
                {"preset": args.preset, "seed": args.seed,
                 "players": {"NS": args.ns, "EW": args.ew},
                 "hands": done, "complete": done == args.hands}
            )
    return stats


def _selfplay_matches(args: argparse.Namespace, records: Path | None) -> SelfPlayStats:
    """``--matches M``: whole matches, one after another, the bots kept from hand to hand."""
    import random

    from duidiao.search.match import Match
    from duidiao.search.players import make_bot, play_hand

    master = random.Random(args.seed)
    names = [args.ns, args.ew, args.ns, args.ew]
    bot_seeds = [master.getrandbits(63) for _ in range(4)]
    players = [make_bot(names[s], bot_seeds[s]) for s in range(4)]
    meta_base = {"seed": args.seed, "players": {"NS": args.ns, "EW": args.ew}}
    stats = SelfPlayStats()
    progress = ProgressBar(args.matches, "matches", sys.stderr)
    for m in range(args.matches):
        match = Match(
            players,
            rules=args.preset,
            seed=master.getrandbits(64),
            meta={**meta_base, "match": m + 1},
        )
        while not match.is_over:
            try:
                game = match.next_game()
            except RuntimeError as exc:
                raise ValueError(f"match {m + 1}: {exc}") from None
            play_hand(game, players)
            result = match.finish_hand(game)
            stats.add(game, result)
            if records is not None:
                name = f"match-{m + 1:04d}-hand-{match.hands:04d}.json"
                _write_record(records / name, match.records[-1].to_json())
        stats.add_match(match.hands)
        assert match.winner is not None
        stats.match_wins[match.winner] += 1
        progress.update(m + 1)
    progress.close()
    return stats


# -- duel ----------------------------------------------------------------------------------


def _duel_text(data: dict[str, Any]) -> str:
    a, b = data["a"], data["b"]
    names = {"A": a, "B": b} if a != b else {"A": f"{a} (A)", "B": f"{b} (B)"}
    score = data["a_minus_b"]
    ci = "n/a" if score["ci95"] is None else f"{score['ci95']:.2f}"
    lines = [
        f"{names['A']} vs {names['B']}: {score['mean']:+.2f} ± {ci} per hand "
        f"(95% CI, {data['deals']} deals = {data['hands']} hands), "
        f"preset {data['preset']}, seed {data['seed']}"
    ]
    parts = []
    for side in ("A", "B"):
        d = data["declaring"][side]
        parts.append(
            f"{names[side]} {d['rate']:.1%} of {d['declared']} "
            f"(defenders' points {d['defender_points']:.1f})"
        )
    lines.append("declarers stay: " + ", ".join(parts))
    rules = Rules.from_json(data["preset"], data.get("rules"))
    if rules.digs:  # the standard game has neither digs nor 潇洒 (rules §10.6, §10.7)
        lines.append(
            "digs as defenders: "
            + ", ".join(
                f"{names[side]} {g['total']} (joker {g['joker']}, level {g['level']})"
                for side in ("A", "B")
                for g in [data["digs"][side]]
            )
        )
    if rules.xiaosa:
        lines.append(
            "xiaosa: " + ", ".join(f"{names[side]} {data['xiaosa'][side]}" for side in ("A", "B"))
        )
    return "\n".join(lines) + "\n"


def _cmd_duel(args: argparse.Namespace, out: TextIO) -> int:
    import time

    from duidiao.research.duel import DuelHand, DuelResult, duel

    if args.merge:
        parts = []
        for name in args.merge:
            try:
                with open(name, encoding="utf-8") as f:
                    parts.append(json.load(f))
            except OSError as exc:
                raise ValueError(f"--merge: cannot read {name}: {exc.strerror}") from None
            except json.JSONDecodeError as exc:
                raise ValueError(
                    f"--merge: {name} is not JSON ({exc.msg}, line {exc.lineno})"
                ) from None
        merged = DuelResult.merge(parts).to_json()
        if args.json:
            write_json(out, merged)
        else:
            out.write(_duel_text(merged))
        return EXIT_OK
    if not args.a or not args.b:
        raise ValueError("--a and --b: name both bots (or add up parts with --merge)")
    if args.hands <= 0 or args.hands % 2:
        raise ValueError(f"--hands: a positive even number (2 per deal), not {args.hands}")
    if args.threads is not None and args.threads < 1:
        raise ValueError(f"--threads: a positive number, not {args.threads}")
    progress = ProgressBar(args.hands, "hands", sys.stderr)
    start = time.monotonic()
    margin = 0

    def on_hand(hand: DuelHand) -> None:
        nonlocal margin
        margin += hand.margin

    def show(done: int, total: int) -> None:
        rate = done / max(time.monotonic() - start, 1e-9)
        progress.update(done, f"{rate:.0f} hands/s  A-B {margin / done:+.2f}")

    common = {"seed": args.seed, "preset": args.preset, "first_deal": args.first_deal}
    if args.ray is not None:
        from duidiao.research.cluster import duel_on_ray

        def show_ray(done: int, total: int) -> None:
            rate = done / max(time.monotonic() - start, 1e-9)
            progress.update(done, f"{rate:.0f} hands/s")

        address = None if args.ray == "local" else args.ray
        result = duel_on_ray(args.a, args.b, args.hands, address=address, workers=args.threads,
                             progress=show_ray, **common)
    else:
        # records=False: the summary needs none, so memory stays flat for any --hands
        result = duel(args.a, args.b, args.hands, threads=args.threads, progress=show,
                      on_hand=on_hand, records=False, **common)
    progress.close()
    data = result.to_json()
    if args.json:
        write_json(out, data)
    else:
        out.write(_duel_text(data))
    return EXIT_OK


# -- solve and bench ------------------------------------------------------------------------


def _pv_text(position: Position, pv: Sequence[Any]) -> str:
    """The principal variation with seats, tricks separated by `` / ``."""
    parts: list[str] = []
    pos = position
    for move in pv:
        seat = pos.turn
        if seat is None:
            break
        start = not pos.current_trick or not pos.current_trick.plays
        if start and parts:
            parts.append("/")
        parts.append(f"{seat}:{move}")
        try:
            pos = pos.play(move)
        except ValueError:  # pragma: no cover - the PV is made of legal plays
            break
    return " ".join(parts)


def _cmd_solve(args: argparse.Namespace, out: TextIO) -> int:
    from duidiao.search.solver import Solver
    from duidiao.search.solver_bench import BENCH_TT_MB

    if args.bench:
        if args.position is not None:
            raise ValueError("solve --bench takes no position")
        return _cmd_bench(args, out)
    if args.position is None:
        raise ValueError("solve: a position is required (or --bench)")
    if args.cards is not None or args.suites is not None:
        raise ValueError("solve: --cards and --suites go with --bench")
    tt_mb = args.tt_mb if args.tt_mb is not None else BENCH_TT_MB
    position = Position(args.position)
    solution = Solver(tt_mb, merge=not args.no_merge).solve(position, args.objective)
    if args.json:
        data = solution.to_dict()
        data["pv_text"] = _pv_text(position, solution.pv)
        write_json(out, data)
        return EXIT_OK
    turn = solution.turn
    if solution.objective == "score":
        team = TRICK_SEATS.team_of(turn)
        what = f"hand score difference for {team} ({turn} to play), at levels " + ",".join(
            f"{t}:{lv}" for t, lv in position.levels.items()
        )
    else:
        what = f"the defenders' final points ({turn} to play, {position.points} banked)"
    out.write(f"{position}\n")
    shown = f"{solution.value:+d}" if solution.objective == "score" else str(solution.value)
    out.write(f"value {shown}: {what}\n")
    width = max([4] + [len(str(m.move)) for m in solution.moves])
    out.write(f"  {'move':<{width}}  value\n")
    for m in solution.moves:
        value = f"{m.value:+d}" if solution.objective == "score" else str(m.value)
        note = f"  (throw fails: {m.played})" if m.fails else ""
        out.write(f"  {str(m.move):<{width}}  {value:>5}{note}\n")
    out.write(f"pv: {_pv_text(position, solution.pv)}\n")
    out.write(
        f"nodes {solution.nodes}  time {solution.seconds * 1000:.1f} ms  "
        f"nps {solution.nps:.0f}  tt hits {solution.tt_hits}/{solution.tt_probes} "
        f"({solution.hit_rate:.1%})\n"
    )
    return EXIT_OK


def _cmd_bench(args: argparse.Namespace, out: TextIO) -> int:
    from duidiao.search.solver_bench import BENCH_CARDS, BENCH_TT_MB, run_bench

    cards: tuple[int, ...] = BENCH_CARDS
    if args.cards is not None:
        try:
            cards = tuple(int(c) for c in args.cards.split(","))
        except ValueError:
            raise ValueError(f"--cards: {args.cards!r} is not a list of numbers") from None
    tt_mb = args.tt_mb if args.tt_mb is not None else BENCH_TT_MB
    result = run_bench(cards, tt_mb, args.suites)
    if args.json:
        data = {
            "suites": [
                {"cards": n, "positions": k, "nodes": nodes, "seconds": round(sec, 6)}
                for n, k, nodes, sec in result.suites
            ],
            "positions": result.positions,
            "seconds": round(result.seconds, 6),
            "mismatches": list(result.mismatches),
            "nodes": result.nodes,
        }
        write_json(out, data)
    else:
        for n, k, nodes, sec in result.suites:
            out.write(f"cards {n:2d}: {k} positions, {nodes} nodes, {sec:.3f}s\n")
        nps = result.nodes / result.seconds if result.seconds > 0 else 0.0
        out.write(f"positions {result.positions}, time {result.seconds:.3f}s, nps {nps:.0f}\n")
        out.write(f"nodes {result.nodes}\n")
    for line in result.mismatches:
        print(f"duidiao: bench: wrong value: {line}", file=sys.stderr)
    return 1 if result.mismatches else EXIT_OK


def _cmd_timing(args: argparse.Namespace, out: TextIO) -> int:
    from duidiao.research.timing import QUANTILES, decision_times

    progress = ProgressBar(args.hands, "hands", sys.stderr)
    result = decision_times(
        args.bot, args.hands, seed=args.seed, preset=args.preset,
        progress=lambda done, total: progress.update(done, ""),
    )
    progress.close()
    if args.json:
        write_json(out, result.to_json())
        return EXIT_OK
    out.write(
        f"{result.bot}: {result.hands} hands, preset {result.preset}, seed {result.seed} "
        "(one thread; ms per decision)\n"
    )
    head = "  ".join(f"{'p' + str(q):>8}" for q in QUANTILES)
    out.write(f"  {'phase':<8}{'count':>7}  {'mean':>8}  {head}  {'max':>8}\n")
    for name, p in result.phases.items():
        if not p.count:
            continue
        cells = "  ".join(f"{p.quantiles[q]:8.3f}" for q in QUANTILES)
        out.write(f"  {name:<8}{p.count:>7}  {p.mean:8.3f}  {cells}  {p.max:8.3f}\n")
    return EXIT_OK


_COMMANDS = {
    "moves": _cmd_moves,
    "play": _cmd_play,
    "show": _cmd_show,
    "selfplay": _cmd_selfplay,
    "duel": _cmd_duel,
    "timing": _cmd_timing,
    "solve": _cmd_solve,
    "bench": _cmd_bench,
    "analyse": lambda args, out: cli_analyse.run(args, out, sys.stderr),
    "analyze": lambda args, out: cli_analyse.run(args, out, sys.stderr),
    "engine": lambda args, out: cli_engine.run(args, out),
    "serve": lambda args, out: cli_serve.run(args, out, sys.stderr),
}


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default ``sys.argv[1:]``); returns the exit status."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse: --help (0) or a usage error (2)
        code = exc.code
        return code if isinstance(code, int) else EXIT_ERROR
    try:
        for spec in args.registered:
            bots.register_spec(spec)
        return _COMMANDS[args.command](args, sys.stdout)
    except NotationError as exc:
        print(f"duidiao: error: {exc}", file=sys.stderr)
        return EXIT_ERROR
    except ValueError as exc:  # IllegalMoveError, HiddenCardsError, move errors
        print(f"duidiao: error: {exc}", file=sys.stderr)
        return EXIT_ERROR
    except ImportError as exc:
        print(f"duidiao: error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:  # Ctrl-C: a long solve stops too (the core checks for it)
        print("duidiao: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # output piped into head & co.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
