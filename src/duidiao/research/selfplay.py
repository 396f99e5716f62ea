"""Self-play between two bots (``duidiao selfplay``, docs/cli.md): hands that depend on the
seed and their number only, and statistics that add up exactly, so that a run can be cut into
parts played anywhere (a Ray cluster, docs/cluster.md) and give the same totals and data as one
run on one machine.

Hand *i* of seed *s* is drawn from ``(s, i)`` alone (:func:`draw_hand`): both teams' levels, the
declarer, the deal's seed and a seed for each seat's bot, which is made afresh for the hand.
:func:`play_hands` plays a span of hands into a :class:`SelfPlayPart`: its
:class:`SelfPlayStats`, and on request its data rows (:mod:`duidiao.research.data`) and records.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from duidiao.play.cards import LEVELS, SEATS
from duidiao.play.level import Level
from duidiao.play.result import HandResult
from duidiao.play.rules import Rules
from duidiao.play.seats import TRICK_SEATS

__all__ = ["SelfPlayStats", "SelfPlayPart", "HandDraw", "draw_hand", "play_hands"]

# The defenders' points by the rows of the rules' result table: §7's (光牌, 打成, 打破, 轱辘坡),
# or with `scoring=bands` §10.7's of 40 (their T counts the kitty's bonus, past 200 too).
# (name, lowest, highest or None for no end).
BANDS: dict[str, tuple[tuple[str, int, int | None], ...]] = {
    "chifeng": (("0", 0, 0), ("5-75", 5, 75), ("80-135", 80, 135), ("140+", 140, None)),
    "bands": (
        ("0", 0, 0),
        ("5-35", 5, 35),
        ("40-75", 40, 75),
        ("80-115", 80, 115),
        ("120-155", 120, 155),
        ("160-195", 160, 195),
        ("200+", 200, None),
    ),
}
QUANTILES = (10, 25, 50, 75, 90)


class Sums:
    """The count, sum and sum of squares of whole numbers: a mean and its confidence interval in
    flat memory, however many hands are played (exact, as the sums are Python ints)."""

    def __init__(self) -> None:
        self.n = self.total = self.squares = 0

    def add(self, value: int) -> None:
        self.n += 1
        self.total += value
        self.squares += value * value

    def merge(self, other: Sums) -> None:
        self.n += other.n
        self.total += other.total
        self.squares += other.squares

    def mean_ci(self) -> dict[str, float]:
        """The mean and the half-width of its 95% confidence interval (normal approximation)."""
        n = self.n
        if n == 0:
            return {"mean": 0.0, "ci95": 0.0}
        mean = self.total / n
        if n == 1:
            return {"mean": mean, "ci95": 0.0}
        var = (n * self.squares - self.total * self.total) / (n * (n - 1))
        return {"mean": round(mean, 4), "ci95": round(1.96 * (var / n) ** 0.5, 4)}


def quantile(counts: dict[int, int], n: int, q: int) -> float:
    """The ``q``-th percentile (linear between order statistics) of ``n`` values given as
    value -> count."""
    if n == 0:
        return 0.0
    pos = (n - 1) * q / 100
    low = int(pos)
    high = min(low + 1, n - 1)
    values = sorted(counts)

    def nth(k: int) -> int:  # the k-th smallest value (0-based)
        seen = 0
        for value in values:
            seen += counts[value]
            if k < seen:
                return value
        return values[-1]

    a, b = nth(low), nth(high)
    return a + (b - a) * (pos - low)


class SelfPlayStats:
    """Totals over the hands of a selfplay run: integers only, so that parts played apart
    add up exactly (:meth:`merge`), in flat memory."""

    def __init__(self) -> None:
        self.hands = 0
        self.points: dict[int, int] = {}  # defenders' points -> hands: memory stays flat
        self.stays = 0
        self.declaring = {"NS": [0, 0], "EW": [0, 0]}  # team -> [hands, stays]
        self.outcomes: dict[str, int] = {}
        self.digs = {"joker": 0, "level": 0}
        self.xiaosa_hands = 0
        self.scores = {"NS": Sums(), "EW": Sums(), "NS-EW": Sums()}
        self.match_hands = Sums()
        self.match_hands_range: tuple[int, int] | None = None  # (min, max)
        self.match_wins = {"NS": 0, "EW": 0}

    def add_match(self, hands: int) -> None:
        self.match_hands.add(hands)
        low, high = self.match_hands_range or (hands, hands)
        self.match_hands_range = (min(low, hands), max(high, hands))

    def merge(self, other: SelfPlayStats) -> None:
        """Add ``other``'s hands (and matches) to these: the totals of both runs."""
        self.hands += other.hands
        for points, count in other.points.items():
            self.points[points] = self.points.get(points, 0) + count
        self.stays += other.stays
        for team, (hands, stays) in other.declaring.items():
            self.declaring[team][0] += hands
            self.declaring[team][1] += stays
        for outcome, count in other.outcomes.items():
            self.outcomes[outcome] = self.outcomes.get(outcome, 0) + count
        for dig, count in other.digs.items():
            self.digs[dig] = self.digs.get(dig, 0) + count
        self.xiaosa_hands += other.xiaosa_hands
        for team, sums in other.scores.items():
            self.scores[team].merge(sums)
        self.match_hands.merge(other.match_hands)
        if other.match_hands_range is not None:
            low, high = self.match_hands_range or other.match_hands_range
            self.match_hands_range = (
                min(low, other.match_hands_range[0]), max(high, other.match_hands_range[1])
            )
        for team, wins in other.match_wins.items():
            self.match_wins[team] += wins

    def add(self, game: Any, result: HandResult) -> None:
        declarer = game.declarer
        team = TRICK_SEATS.team_of(declarer)
        self.hands += 1
        self.points[result.points] = self.points.get(result.points, 0) + 1
        self.stays += result.declarers_stay
        self.declaring[team][0] += 1
        self.declaring[team][1] += result.declarers_stay
        self.outcomes[result.outcome] = self.outcomes.get(result.outcome, 0) + 1
        if result.dig is not None:
            self.digs[result.dig] = self.digs.get(result.dig, 0) + 1
        self.xiaosa_hands += bool(game.xiaosas)
        for t in ("NS", "EW"):
            self.scores[t].add(result.scores[t])
        self.scores["NS-EW"].add(result.scores["NS"] - result.scores["EW"])

    def summary(
        self, preset: str, seed: int, ns: str, ew: str, matches: bool = False
    ) -> dict[str, Any]:
        """The statistics as ``duidiao selfplay --json`` prints them (docs/cli.md)."""
        n = self.hands
        points = self.points
        bands = {
            name: sum(k for p, k in points.items() if lo <= p and (hi is None or p <= hi))
            for name, lo, hi in BANDS[str(Rules.preset(preset).scoring)]
        }
        points_total = sum(p * k for p, k in points.items())
        data: dict[str, Any] = {
            "mode": "matches" if matches else "hands",
            "preset": preset,
            "seed": seed,
            "bots": {"NS": ns, "EW": ew},
            "hands": n,
            "declarer_success_rate": round(self.stays / n, 4) if n else 0.0,
            "declarer_success_by_team": {
                t: {"hands": h, "rate": round(s / h, 4) if h else 0.0}
                for t, (h, s) in self.declaring.items()
            },
            "defender_points": {
                "mean": round(points_total / n, 4) if n else 0.0,
                "quantiles": {str(q): quantile(points, n, q) for q in QUANTILES},
                "bands": bands,
            },
            "outcomes": dict(sorted(self.outcomes.items())),
            "digs": {
                "total": sum(self.digs.values()),
                "rate": round(sum(self.digs.values()) / n, 4) if n else 0.0,
                **self.digs,
            },
            "xiaosa": {
                "hands": self.xiaosa_hands,
                "rate": round(self.xiaosa_hands / n, 4) if n else 0.0,
            },
            "scores": {team: sums.mean_ci() for team, sums in self.scores.items()},
            "matches": None,
        }
        if matches:
            m = self.match_hands.n
            low, high = self.match_hands_range or (0, 0)
            data["matches"] = {
                "played": m,
                "wins": dict(self.match_wins),
                "hands_per_match": {
                    "mean": round(self.match_hands.total / m, 4) if m else 0.0,
                    "min": low,
                    "max": high,
                },
            }
        return data


@dataclass(frozen=True)
class HandDraw:
    """What hand ``index`` of a run is dealt from: the teams' levels, the declarer, the deal's
    seed (:meth:`Game.deal`) and each seat's bot seed."""

    index: int
    levels: tuple[Level, Level]
    declarer: str
    seed: int
    bot_seeds: tuple[int, int, int, int]


def draw_hand(seed: int, index: int) -> HandDraw:
    """Hand ``index`` of the run of ``seed``, from the two numbers alone. They seed ``random``
    as one string, which it hashes (SHA-512), so the draw is the same on every run and
    platform; the prefix keeps it apart from a duel's deal of the same numbers."""
    for name, value in (("seed", seed), ("index", index)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ValueError(f"{name}: a whole number, 0 or more, not {value!r:.40}")
    rng = random.Random(f"duidiao-selfplay/{seed}/{index}")
    # Each level equally likely (by its place in LEVELS: the draws of earlier runs stay).
    levels = (Level(LEVELS[rng.randrange(13)]), Level(LEVELS[rng.randrange(13)]))
    declarer = SEATS[rng.randrange(4)]
    hand_seed = rng.getrandbits(64)
    bot_seeds = (rng.getrandbits(63), rng.getrandbits(63), rng.getrandbits(63), rng.getrandbits(63))
    return HandDraw(index, levels, declarer, hand_seed, bot_seeds)


@dataclass
class SelfPlayPart:
    """Hands ``[first, stop)`` of a run: their statistics, and when asked their data rows (the
    three tables of :mod:`duidiao.research.data`, row numbers counted from the part's start) and
    their records as JSON texts, in hand order."""

    first: int
    stop: int
    stats: SelfPlayStats
    rows: dict[str, dict[str, Any]] | None = None
    records: list[str] | None = None


def play_hands(
    ns: str,
    ew: str,
    first: int,
    stop: int,
    seed: int = 0,
    preset: str = "chifeng",
    *,
    rows: bool = False,
    records: bool = False,
) -> SelfPlayPart:
    """Play hands ``[first, stop)`` of the run of ``seed``, North-South's bots named ``ns`` and
    East-West's ``ew`` (any name :func:`~duidiao.make_bot` accepts). ``rows``: record every
    decision through the action encoding (docs/data.md); ``records``: keep each hand's record
    (docs/records.md)."""
    from duidiao.play.game import Game
    from duidiao.play.record import Record
    from duidiao.search.players import make_bot, play_hand

    stats = SelfPlayStats()
    from duidiao.research.data import Rows, record_hand

    sink = Rows() if rows else None
    texts: list[str] | None = [] if records else None
    names = (ns, ew, ns, ew)
    meta = {"seed": seed, "players": {"NS": ns, "EW": ew}}
    for index in range(first, stop):
        draw = draw_hand(seed, index)
        players = [make_bot(names[s], draw.bot_seeds[s]) for s in range(4)]
        game = Game.deal(draw.seed, rules=preset, declarer=draw.declarer, levels=draw.levels)
        if sink is not None:
            record_hand(sink, game, players, index, draw.seed)
            result = game.result()
        else:
            result = play_hand(game, players)
        stats.add(game, result)
        if texts is not None:
            texts.append(Record.from_game(game, {**meta, "hand": index + 1}).to_json())
    return SelfPlayPart(first, stop, stats, sink.tables() if sink is not None else None, texts)
