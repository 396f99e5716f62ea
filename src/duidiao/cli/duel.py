"""``duidiao duel``: a duplicate duel between two bots, each deal (or with ``--matches``, each
whole match) played twice with the bots swapping teams, or parts of one added up (docs/cli.md,
``duidiao duel``)."""

from __future__ import annotations

import argparse
import json
from typing import Any, TextIO

from duidiao.cli import common
from duidiao.cli.progress import ProgressBar
from duidiao.play._limits import COUNT_MAX, int_in
from duidiao.play.rules import Rules

__all__ = ["NAME", "ALIASES", "HELP", "add_arguments", "run"]

NAME = "duel"
ALIASES: tuple[str, ...] = ()
HELP = "a duplicate duel: each deal played twice, the two bots swapping teams"

# --a and --b are needed unless parts are added up: the usage says so (argparse cannot require
# one of two groups)
_USAGE = (
    "duidiao duel --a BOT --b BOT [--hands N | --deals D] [--seed S] [--preset P]\n"
    "                    [--threads T] [--first-deal D] [--ray [ADDRESS]] [--json]\n"
    "       duidiao duel --a BOT --b BOT --matches M [--max-hands H] [--first-match I]\n"
    "                    [--seed S] [--preset P] [--threads T] [--ray [ADDRESS]] [--json]\n"
    "       duidiao duel --merge PART [PART ...] [--json]\n"
    "       duidiao duel --compare FIRST SECOND [--json]"
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.usage = _USAGE
    parser.add_argument("--a", metavar="BOT", help=common.bot_help("bot A"))
    parser.add_argument("--b", metavar="BOT", help=common.bot_help("bot B"))
    parser.add_argument(
        "--hands",
        type=int_in(0, COUNT_MAX),
        default=200,
        metavar="N",
        help=f"hands to play (even: 2 per deal; at most {COUNT_MAX:,})",
    )
    parser.add_argument(
        "--deals",
        type=int_in(1, COUNT_MAX),
        default=None,
        metavar="D",
        help="deals to play instead of --hands: each twice (够级 too: the teams' seats "
        "exchanged), in 保皇 six times (B alone, then A in each seat)",
    )
    parser.add_argument(
        "--matches",
        type=int_in(1, 100_000),
        default=None,
        metavar="M",
        help="whole matches instead of hands: M match pairs, each match played twice from one "
        "seed with the teams swapped (rules §8; the trick games)",
    )
    parser.add_argument(
        "--max-hands",
        type=int_in(1, 500),
        default=None,
        metavar="H",
        help="with --matches: a match still undecided after H hands stops there, half a win "
        "each (default 60)",
    )
    parser.add_argument(
        "--first-match",
        type=int_in(0, COUNT_MAX),
        default=0,
        metavar="I",
        help="with --matches: start at match I (a part, added up with --merge)",
    )
    common.add_seed_and_preset(parser, climbing=True)
    parser.add_argument(
        "--threads",
        type=int_in(1, 256),
        default=None,
        metavar="T",
        help="games played at once (default: the number of CPUs)",
    )
    parser.add_argument(
        "--first-deal",
        type=int_in(0, COUNT_MAX),
        default=0,
        metavar="D",
        help="start at deal D: a part of a longer duel (write it with --json, add with --merge)",
    )
    common.add_ray_option(parser, "deals", "--threads")
    parser.add_argument(
        "--merge",
        nargs="+",
        metavar="PART",
        help="add up the --json outputs of parts of one duel instead of playing "
        "(the same result as one run of all their deals)",
    )
    parser.add_argument(
        "--compare",
        nargs=2,
        metavar=("FIRST", "SECOND"),
        help="compare two duels' --json outputs deal by deal: two bots A, each against the "
        "same bot B on the same deals (seed, preset, deals); the paired interval is often "
        "far narrower than the duels' own",
    )
    common.add_json_option(parser)


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    if args.merge and args.compare:
        raise ValueError("--merge and --compare: one at a time")
    if args.merge or args.compare:
        # they read duels already played: an option of the play would be silently ignored
        given = [f"--{name.replace('_', '-')}" for name in
                 ("a", "b", "deals", "matches", "max_hands", "threads", "ray")
                 if getattr(args, name) is not None]
        given += [f"--{name.replace('_', '-')}" for name in ("first_deal", "first_match")
                  if getattr(args, name)]
        if given:
            option = "--merge" if args.merge else "--compare"
            raise ValueError(f"{option}: reads duels already played; leave out "
                             f"{', '.join(given)}")
    if args.compare:
        comparison = _compare(args.compare)
        if args.json:
            common.write_json(out, comparison.to_json())
        else:
            out.write(comparison.text())
        return common.EXIT_OK
    data = _merge(args.merge) if args.merge else _play(args, err)
    if args.json:
        common.write_json(out, data)
    else:
        out.write(_duel_text(data))
    return common.EXIT_OK


def _read_parts(names: list[str], option: str) -> list[Any]:
    """The JSON files ``names``, ValueError naming ``option`` and the file when one is not."""
    parts = []
    for name in names:
        try:
            with open(name, encoding="utf-8") as f:
                parts.append(json.load(f))
        except OSError as exc:
            raise ValueError(f"{option}: cannot read {name}: {exc.strerror}") from None
        except json.JSONDecodeError as exc:
            raise ValueError(
                f"{option}: {name} is not JSON ({exc.msg}, line {exc.lineno})"
            ) from None
    return parts


def _compare(names: list[str]) -> Any:
    """``--compare FIRST SECOND``: two duels of hands against one bot B, deal by deal."""
    from duidiao.research.duel import DuelResult, compare

    duels = []
    for name, part in zip(names, _read_parts(names, "--compare")):
        if not isinstance(part, dict) or "format" in part:
            raise ValueError(f"--compare: {name} is not a duel of hands' --json output")
        try:
            duels.append(DuelResult.merge([part]))
        except ValueError as exc:
            raise ValueError(f"--compare: {name}: {exc}") from None
    return compare(duels[0], duels[1])


def _merge(names: list[str]) -> dict[str, Any]:
    """``--merge PART...``: the parts' ``--json`` outputs added up."""
    from duidiao.research.climbing.duel import FORMAT, ClimbingDuel
    from duidiao.research.duel import DuelResult

    parts = _read_parts(names, "--merge")
    if any(isinstance(p, dict) and p.get("format") == FORMAT for p in parts):
        duels = [ClimbingDuel.from_json(p, n) for p, n in zip(parts, names)]
        return ClimbingDuel.merge(duels).to_json()
    from duidiao.research.match_duel import FORMAT as MATCHES
    from duidiao.research.match_duel import MatchDuel

    if any(isinstance(p, dict) and p.get("format") == MATCHES for p in parts):
        return MatchDuel.merge([MatchDuel.from_json(p, n) for p, n in zip(parts, names)]).to_json()
    return DuelResult.merge(parts).to_json()


def _play(args: argparse.Namespace, err: TextIO) -> dict[str, Any]:
    """The duel played, here or on Ray, with a progress bar on ``err``."""
    import time

    from duidiao.research.duel import DuelHand, duel

    if not args.a or not args.b:
        raise ValueError("--a and --b: name both bots (or add up parts with --merge)")
    from duidiao.play.climbing.games import PRESETS as CLIMBING_PRESETS

    if args.matches is None and (args.max_hands is not None or args.first_match):
        raise ValueError("--max-hands and --first-match: only with --matches")
    if args.preset in CLIMBING_PRESETS:
        if args.matches is not None:
            raise ValueError(f"--matches: the trick games' matches (rules §8), not "
                             f"{args.preset}'s (play --deals)")
        return _play_climbing(args, err)
    if args.matches is not None:
        return _play_matches(args, err)
    if args.deals is not None:
        args.hands = 2 * args.deals
    if args.hands <= 0 or args.hands % 2:
        raise ValueError(f"--hands: a positive even number (2 per deal), not {args.hands}")
    if args.threads is not None and args.threads < 1:
        raise ValueError(f"--threads: a positive number, not {args.threads}")
    progress = ProgressBar(args.hands, "hands", err)
    start = time.monotonic()
    margin = 0

    def on_hand(hand: DuelHand) -> None:
        nonlocal margin
        margin += hand.margin

    def show(done: int, total: int) -> None:
        rate = done / max(time.monotonic() - start, 1e-9)
        progress.update(done, f"{rate:.0f} hands/s  A-B {margin / done:+.2f}")

    shared = {"seed": args.seed, "preset": args.preset, "first_deal": args.first_deal}
    if args.ray is not None:
        from duidiao.research.cluster import duel_on_ray

        def show_ray(done: int, total: int) -> None:
            rate = done / max(time.monotonic() - start, 1e-9)
            progress.update(done, f"{rate:.0f} hands/s")

        address = None if args.ray == "local" else args.ray
        result = duel_on_ray(args.a, args.b, args.hands, address=address, workers=args.threads,
                             progress=show_ray, **shared)
    else:
        # records=False: the summary needs none, so memory stays flat for any --hands
        result = duel(args.a, args.b, args.hands, threads=args.threads, progress=show,
                      on_hand=on_hand, records=False, **shared)
    progress.close()
    return result.to_json()


def _play_matches(args: argparse.Namespace, err: TextIO) -> dict[str, Any]:
    """``--matches``: duplicate whole matches (duidiao.research.match_duel), here or on Ray."""
    from duidiao.research.match_duel import MAX_HANDS, match_duel

    if args.deals is not None or args.first_deal:
        raise ValueError("--matches: counts match pairs; leave out --deals and --first-deal")
    progress = ProgressBar(args.matches, "match pairs", err)
    shared = {"preset": args.preset, "seed": args.seed, "first_match": args.first_match,
              "max_hands": args.max_hands or MAX_HANDS}

    def show(done: int, total: int) -> None:
        progress.update(done, "")

    if args.ray is not None:
        from duidiao.research.cluster import match_duel_on_ray

        address = None if args.ray == "local" else args.ray
        result = match_duel_on_ray(args.a, args.b, args.matches, address=address,
                                   workers=args.threads, progress=show, **shared)
    else:
        result = match_duel(args.a, args.b, args.matches, threads=args.threads, progress=show,
                            **shared)
    progress.close()
    return result.to_json()


def _play_climbing(args: argparse.Namespace, err: TextIO) -> dict[str, Any]:
    """A duel of 够级 or 保皇 bots (duidiao.research.climbing.duel), on this thread."""
    from duidiao.research.climbing.duel import duel

    if args.ray is not None:
        raise ValueError(f"--ray: not for {args.preset} yet (play parts with --first-deal and "
                         "add them up with --merge)")
    if args.threads is not None:
        raise ValueError(f"--threads: {args.preset}'s duels play on one thread (play parts "
                         "side by side with --first-deal and add them up with --merge)")
    deals = args.deals if args.deals is not None else max(1, args.hands // 2)
    progress = ProgressBar(deals, "deals", err)
    result = duel(args.a, args.b, deals, preset=args.preset, seed=args.seed,
                  first_deal=args.first_deal,
                  progress=lambda done, total: progress.update(done, ""))
    progress.close()
    return result.to_json()


def _duel_text(data: dict[str, Any]) -> str:
    if data.get("format") == "duidiao-climbing-duel":
        from duidiao.research.climbing.duel import ClimbingDuel

        return ClimbingDuel.text_of(data)
    if data.get("format") == "duidiao-match-duel":
        from duidiao.research.match_duel import MatchDuel

        return MatchDuel.text_of(data)
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
