"""Differential testing of the climbing core (``duidiao._climb`` through
``duidiao.play.climbing``) against ``duidiao.reference.climbing``, the oracle written apart.

Random hands (whole deals, and random late positions where burns, 够死级 and 四人乱缠 are
common) are walked to their end with every card known. At every position both sides must print
the same canonical string, name the same seat to act and offer the same legal actions; each
string read back by the other side prints the same; a random legal action moves both on; at the
end the places and scores must agree. Long runs::

    python tests/climbing/differential.py --positions 1000000 --game gouji --seed 1

Each walk is seeded from ``(seed, game, walk number)``; a disagreement names the walk and the
position string, which is enough to replay it.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from duidiao import _climb
from duidiao.play.climbing.baohuang import BaohuangPosition
from duidiao.play.climbing.gouji import GoujiPosition
from duidiao.play.climbing.tokens import read_action
from duidiao.reference.climbing import baohuang as ref_baohuang
from duidiao.reference.climbing import gouji as ref_gouji

GAMES = {
    "gouji": (ref_gouji, GoujiPosition, ("gouji", "gouji-basic")),
    "baohuang": (ref_baohuang, BaohuangPosition, ("baohuang", "baohuang-basic")),
}
WORDS = ("pass", "yield", "fold", "noburn")
# Options the walks switch on or off against their preset, one walk in two (rules §12.16, §13.8).
SWITCHES = {
    "gouji": ("with=yield_on_gouji", "burn_priority=order", "luanchan_pass=hard"),
    "baohuang": ("without=yield", "without=early_end", "with=twos_attach"),
}


@dataclass
class Tally:
    positions: int = 0
    walks: int = 0
    actions: Counter[str] = field(default_factory=Counter)  # what was played, by kind
    features: Counter[str] = field(default_factory=Counter)  # burns, 乱缠, headless, …
    place_orders: Counter[str] = field(default_factory=Counter)
    team_patterns: Counter[str] = field(default_factory=Counter)

    def add(self, other: Tally) -> None:
        self.positions += other.positions
        self.walks += other.walks
        for mine, theirs in (
            (self.actions, other.actions),
            (self.features, other.features),
            (self.place_orders, other.place_orders),
            (self.team_patterns, other.team_patterns),
        ):
            mine.update(theirs)


class Disagreement(AssertionError):
    pass


def _start(game: str, rng: random.Random, preset: str, late: bool) -> str:
    ref = GAMES[game][0]
    if game == "gouji":
        state = (
            ref.random_endgame(rng, preset, revolt_probability=0.3)
            if late
            else ref.random_deal(rng, preset, revolt_probability=0.05)
        )
    else:
        state = ref.random_deal(rng, preset)
    return ref.format(state)


def walk(game: str, preset: str, seed: object, late: bool, tally: Tally, switch: str = "") -> None:
    """One hand from its start to its end on both sides (``switch``: an option token such as
    ``with=yield_on_gouji`` put after the preset)."""
    ref, position_type, _ = GAMES[game]
    Position: Any = position_type
    rng = random.Random(str(seed))
    text = _start(game, rng, preset, late)
    if switch == "with=twos_attach" and " call=2" in text:
        switch = ""  # not played by the engine yet (rules §13.8)
    if switch:
        head, _, rest = text.partition(" ")
        text = f"{head} {switch} {rest}"
        tally.features[switch] += 1
    mine = Position.parse(text)
    theirs = ref.parse(text)
    tally.walks += 1
    before = ""
    while True:
        tally.positions += 1
        a, b = str(mine), ref.format(theirs)
        if a != b:
            raise Disagreement(f"format after\n {before}\n core {a}\n ref  {b}")
        if ref.format(ref.parse(a)) != a or str(Position.parse(b)) != b:
            raise Disagreement(f"read back differently: {a}")
        who, who_ref = mine.to_act(), ref.to_act(theirs)
        if who != who_ref:
            raise Disagreement(f"to act: core {who}, ref {who_ref} in\n {a}")
        if who is None:
            places, scores = mine.result()
            if (places, scores) != ref.result(theirs):
                raise Disagreement(
                    f"result: core {places} {scores}, ref {ref.result(theirs)} in\n {a}"
                )
            tally.place_orders["".join(places)] += 1
            teams = "ACE" if game == "gouji" else ""
            if teams:
                tally.team_patterns["".join("a" if s in teams else "b" for s in places)] += 1
            return
        legal, legal_ref = sorted(mine.legal()), sorted(ref.legal(theirs))
        if legal != legal_ref:
            only_core = sorted(set(legal) - set(legal_ref))[:8]
            only_ref = sorted(set(legal_ref) - set(legal))[:8]
            raise Disagreement(f"legal at {a}\n only core: {only_core}\n only ref: {only_ref}")
        _features(game, mine, legal, tally)
        action = _choose(game, mine, legal, rng)
        kind = action if action in WORDS else "play"
        if game == "gouji" and kind == "play" and mine._game().stage() == 1:
            kind = "burn"
        tally.actions[kind] += 1
        before = f"{a} then {action}"
        mine = mine.play(action)
        theirs = ref.apply(theirs, action)


def _choose(game: str, position: object, legal: list[str], rng: random.Random) -> str:
    """A random legal action, with burns taken half the time when one is possible: uniform
    choice would almost never burn, and burns are where the rules are thickest."""
    plays = [a for a in legal if a not in WORDS]
    if game == "gouji" and plays and rng.random() < 0.5:
        stage = position._game().stage()  # type: ignore[attr-defined]
        if stage == 1:
            return rng.choice(plays)  # a burn
        if stage == 0:  # lead a 够级 set, the kind that opens a burn window
            gouji = [a for a in plays if _climb.is_gouji(read_action(a, "action", None, True))]
            if gouji:
                return rng.choice(gouji)
    return rng.choice(legal)


def _features(game: str, position: object, legal: list[str], tally: Tally) -> None:
    core = position._game()  # type: ignore[attr-defined]
    if game == "gouji":
        stage = core.stage()
        if core.luanchan():
            tally.features["四人乱缠"] += 1
        if stage == 1:
            tally.features["burn window"] += 1
            if len(legal) > 1:
                tally.features["a burn possible"] += 1
        if "yield" in legal:
            tally.features["a yield possible"] += 1
        if stage == 3:
            tally.features["after a yield"] += 1
        if any(core.burning()):
            tally.features["a seat burning"] += 1
        seat = "ABCDEF".index(position.to_act())  # type: ignore[attr-defined]
        if not core.has_head(seat):
            tally.features["无头 to act"] += 1
        if core.restricted():
            tally.features["够级 set answered"] += 1
            owner = core.owner()
            if core.out() and (owner + 3) % 6 in core.out() and (owner + 3) % 6 != position.revolt:  # type: ignore[attr-defined]
                tally.features["够死级 (底牌 ghost)"] += 1
            elif position.revolt is not None and (owner + 3) % 6 == position.revolt:  # type: ignore[attr-defined]
                tally.features["够死级 (revolution)"] += 1
        if position.revolt is not None:  # type: ignore[attr-defined]
            tally.features["革命"] += 1
    else:
        if "yield" in legal:
            tally.features["a yield possible"] += 1
        if core.stage() == 2:
            tally.features["second circle"] += 1
        tally.features[f"mode {position.mode}"] += 1  # type: ignore[attr-defined]


def run(
    game: str,
    positions: int,
    seed: int,
    progress: Callable[[Tally], None] | None = None,
) -> Tally:
    tally = Tally()
    presets = GAMES[game][2]
    n = 0
    while tally.positions < positions:
        preset = presets[n % len(presets)]
        late = game == "gouji" and (n // 2) % 2 == 1  # each preset both ways
        switches = SWITCHES[game]
        switch = switches[(n // 4) % len(switches)] if n % 8 >= 4 else ""
        walk(game, preset, (seed, game, n), late, tally, switch)
        n += 1
        if progress and n % 20 == 0:
            progress(tally)
    return tally


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=10_000)
    parser.add_argument("--game", choices=tuple(GAMES), action="append")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for game in args.game or tuple(GAMES):
        start = time.perf_counter()

        def progress(t: Tally, game: str = game, start: float = start) -> None:
            took = time.perf_counter() - start
            print(
                f"\r{game}: {t.positions:,} positions, {t.walks} walks, {took:.0f} s",
                end="",
                file=sys.stderr,
                flush=True,
            )

        tally = run(game, args.positions, args.seed, progress)
        took = time.perf_counter() - start
        print(
            f"\r{game}: {tally.positions:,} positions in {tally.walks:,} walks agree "
            f"({took:.0f} s)",
            " " * 20,
        )
        print("  actions:", dict(tally.actions))
        print("  features:", dict(tally.features))
        print(
            f"  place orders: {len(tally.place_orders)} distinct"
            + (
                f"; team patterns: {len(tally.team_patterns)} of 20 {dict(tally.team_patterns)}"
                if tally.team_patterns
                else ""
            )
        )


if __name__ == "__main__":
    main()
