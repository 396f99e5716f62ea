"""``duidiao selfplay``: hands or whole matches played between bots, their statistics, and on
request their records or every decision as data for learning (docs/cli.md, ``duidiao
selfplay``)."""

from __future__ import annotations

import argparse
from collections.abc import Generator
from pathlib import Path
from typing import Any, TextIO

from duidiao.cli import common
from duidiao.cli.progress import ProgressBar
from duidiao.play._limits import COUNT_MAX, int_in
from duidiao.play.rules import Rules
from duidiao.research.selfplay import SelfPlayStats

__all__ = ["NAME", "ALIASES", "HELP", "add_arguments", "run"]

NAME = "selfplay"
ALIASES: tuple[str, ...] = ()
HELP = "play hands (or whole matches) between bots and print statistics"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--hands",
        type=int_in(0, COUNT_MAX),
        default=100,
        metavar="N",
        help=f"hands to play (at most {COUNT_MAX:,})",
    )
    parser.add_argument(
        "--matches",
        type=int_in(0, COUNT_MAX),
        default=None,
        metavar="M",
        help="play M whole matches to K instead of independent hands",
    )
    parser.add_argument(
        "--ns", default=None, metavar="BOT", help=common.bot_help("NS bot (default random)")
    )
    parser.add_argument(
        "--ew", default=None, metavar="BOT", help=common.bot_help("EW bot (default random)")
    )
    parser.add_argument(
        "--bots",
        default=None,
        metavar="LIST",
        help="with a climbing preset (gouji, baohuang, ...): the bot of every seat, or one per "
        "seat from A, comma-separated (default heuristic)",
    )
    common.add_seed_and_preset(parser, climbing=True)
    parser.add_argument(
        "--records", default=None, metavar="DIR", help="write one JSON record per hand in DIR"
    )
    parser.add_argument(
        "--out",
        default=None,
        metavar="DIR",
        help="write every decision (observation, legal actions, action, reward) to a new folder "
        "DIR for learning (docs/data.md)",
    )
    parser.add_argument(
        "--format",
        default="npz",
        choices=["npz", "parquet"],
        help="with --out: numpy's compressed npz, or parquet (needs pyarrow: the data extra)",
    )
    common.add_ray_option(parser, "hands", "--workers")
    parser.add_argument(
        "--workers",
        type=int_in(1, 256),
        default=None,
        metavar="W",
        help="with --ray and no ADDRESS: the local cluster's CPUs (default: the number of CPUs)",
    )
    common.add_json_option(parser)


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    if args.hands < 0 or (args.matches is not None and args.matches < 0):
        raise ValueError("--hands and --matches must not be negative")
    from duidiao.play.climbing.games import PRESETS as CLIMBING_PRESETS

    if args.preset in CLIMBING_PRESETS:
        return _climbing(args, out, err)
    if args.bots is not None:
        raise ValueError(f"--bots: for the climbing presets; {args.preset} takes --ns and --ew")
    args.ns = args.ns or "random"
    args.ew = args.ew or "random"
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
        stats = _selfplay_matches(args, _records_folder(args.records), err)
    else:
        stats = _selfplay_hands(args, err)
    data = stats.summary(args.preset, args.seed, args.ns, args.ew, bool(args.matches))
    if args.json:
        common.write_json(out, data)
    else:
        out.write(_summary_text(data))
    return common.EXIT_OK


def _climbing(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Self-play of 够级 or 保皇 (duidiao.research.climbing.selfplay), on this thread."""
    from duidiao.research.climbing.selfplay import ClimbingSelfPlay, seat_bots, selfplay

    for name, given in (("--ns", args.ns), ("--ew", args.ew), ("--matches", args.matches),
                        ("--out", args.out), ("--ray", args.ray), ("--workers", args.workers)):
        if given is not None:
            raise ValueError(f"{name}: not for {args.preset} (its seats' bots are --bots; "
                             "hands only, on this thread)")
    bots = seat_bots(args.preset, (args.bots or "heuristic").split(","))
    records = _records_folder(args.records)
    progress = ProgressBar(args.hands, "hands", err)
    stats = selfplay(args.preset, args.hands, bots, seed=args.seed, records=records,
                     progress=lambda done, total: progress.update(done, ""))
    progress.close()
    data = stats.summary()
    if args.json:
        common.write_json(out, data)
    else:
        out.write(ClimbingSelfPlay.text_of(data))
    return common.EXIT_OK


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


def _selfplay_hands(args: argparse.Namespace, err: TextIO) -> SelfPlayStats:
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
    progress = ProgressBar(args.hands, "hands", err)
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


def _selfplay_matches(args: argparse.Namespace, records: Path | None,
                      err: TextIO) -> SelfPlayStats:
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
    progress = ProgressBar(args.matches, "matches", err)
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
