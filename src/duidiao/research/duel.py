"""Duplicate duels between two bots: every deal played twice, the teams' bots swapped.

>>> import duidiao
>>> result = duidiao.duel("heuristic", "random", hands=40, seed=1)
>>> result.deals, len(result.records)
(20, 40)

Deal *i* (its 108 cards, both teams' levels and a fixed declarer, who draws first) is drawn
from ``(seed, i)`` alone, as ``duidiao selfplay`` draws independent hands. It is played once
with bot A as North-South and bot B as East-West, then with the bots swapped; each game gets
fresh bots seeded from ``(seed, i, seat)``, so a seat's bot gets the same seed in both games.
Playing the same cards from both sides cancels most of the luck of the deal: the estimate of
A's edge is the mean over deals of the two games' average hand score difference (§7.2), and its
confidence interval is computed over deals.

A long duel can be played in parts: ``first_deal`` starts at another deal, and
:meth:`DuelResult.merge` adds parts of one duel (same bots, seed and rules, deal ranges that
do not overlap) into the result one run of all their deals gives (the statistics are integer
totals; ``duidiao duel --first-deal N --json`` writes a part, ``duidiao duel --merge`` adds
them).

Games run in the C++ core (``_core.play_game``, which releases the GIL) on a thread pool, a
bounded window of deals at a time, and their results are folded into whole-number totals as they
come, so that memory stays flat however many hands are played (``records=False``) and a seed
gives the same result whatever the thread count; the records, when kept, are in deal order.
"""

from __future__ import annotations

import itertools
import math
import os
import random
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Any

from duidiao import _core
from duidiao.play._limits import COUNT_MAX
from duidiao.play.builds import engine_module
from duidiao.play.cards import SEATS
from duidiao.play.game import Game
from duidiao.play.level import Level
from duidiao.play.result import HandResult
from duidiao.play.rules import Rules
from duidiao.play.seats import TRICK_SEATS
from duidiao.play.sizes import FACES
from duidiao.search.players import CoreBot, make_bot, play_hand

__all__ = [
    "Deal", "duel", "draw_deal", "DuelResult", "DuelHand", "DuelMergeError", "PairedDifference",
    "compare",
]

BOTS = ("A", "B")
"""The duel's two sides, as the records name them."""
MAX_HANDS = COUNT_MAX
"""The most hands one duel plays (10**9)."""
PAIRED_DEALS_MAX = 1_000_000
"""The most deals whose results a duel keeps one by one (for :func:`compare`)."""


class DuelMergeError(ValueError):
    """Parts that are not of one duel, or whose deals overlap."""


def _team(seat: int) -> str:
    return TRICK_SEATS.team_of(seat)


def _other(team: str) -> str:
    return "EW" if team == "NS" else "NS"


@dataclass(frozen=True)
class DuelHand:
    """One game of a duel.

    ``deal`` is the deal's index (0-based) and ``a_team`` the team bot A played (``"NS"`` in
    a deal's first game, ``"EW"`` in its second). ``declarer`` is the fixed declarer's seat,
    ``declaring`` the side whose bots declared (``"A"`` or ``"B"``), ``levels`` the teams'
    levels before the hand. ``points``, ``dig``, ``outcome``, ``declarers_stay`` and
    ``scores`` (team → hand score, §7.2) are those of the :class:`~duidiao.HandResult`;
    ``xiaosas`` the seats that made a 潇洒, in order.
    """

    deal: int
    a_team: str
    declarer: str
    declaring: str
    levels: dict[str, Level] = field(hash=False)
    points: int
    dig: str | None
    outcome: str
    declarers_stay: bool
    scores: dict[str, int] = field(hash=False)
    xiaosas: tuple[str, ...]

    @property
    def margin(self) -> int:
        """A's team's hand score minus B's team's."""
        return self.scores[self.a_team] - self.scores[_other(self.a_team)]

    def side_of(self, seat: str) -> str:
        """``"A"`` or ``"B"``: whose bot sat at ``seat`` in this game."""
        return "A" if _team(SEATS.index(seat)) == self.a_team else "B"

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {
            "deal": self.deal,
            "a_team": self.a_team,
            "declarer": self.declarer,
            "declaring": self.declaring,
            "levels": dict(self.levels),
            "points": self.points,
            "dig": self.dig,
            "outcome": self.outcome,
            "declarers_stay": self.declarers_stay,
            "scores": dict(self.scores),
            "margin": self.margin,
            "xiaosas": list(self.xiaosas),
        }


def _pair_sums(games: Sequence[DuelHand]) -> list[int]:
    """Per deal of ``games`` (its two games in turn), the sum of their margins (A − B)."""
    return [games[i].margin + games[i + 1].margin for i in range(0, len(games) - 1, 2)]


class _Tally:
    """The statistics of a duel as whole-number totals, folded in game by game: flat memory,
    and the same totals in any order (so whatever the thread count)."""

    def __init__(self) -> None:
        self.deals = 0
        self.pair_total = 0  # over deals, the sum of the two games' margins (A - B) ...
        self.pair_squares = 0  # ... and of their squares
        self.declared = {side: 0 for side in BOTS}
        self.stays = {side: 0 for side in BOTS}
        self.points = {side: 0 for side in BOTS}  # the defenders' points against side
        self.digs = {side: {"joker": 0, "level": 0} for side in BOTS}  # won by side defending
        self.xiaosas = {side: 0 for side in BOTS}

    def add_game(self, game: DuelHand) -> None:
        side = game.declaring
        self.declared[side] += 1
        self.stays[side] += game.declarers_stay
        self.points[side] += game.points
        if game.dig is not None:
            digs = self.digs["B" if side == "A" else "A"]
            digs[game.dig] = digs.get(game.dig, 0) + 1
        for seat in game.xiaosas:
            self.xiaosas[game.side_of(seat)] += 1

    def add_deal(self, first: DuelHand, second: DuelHand) -> None:
        self.add_game(first)
        self.add_game(second)
        pair = first.margin + second.margin
        self.deals += 1
        self.pair_total += pair
        self.pair_squares += pair * pair

    @classmethod
    def of(cls, records: tuple[DuelHand, ...]) -> _Tally:
        tally = cls()
        for d in range(len(records) // 2):
            tally.add_deal(records[2 * d], records[2 * d + 1])
        return tally

    def to_json(self) -> dict[str, Any]:
        """The exact totals (what a merge adds up)."""
        return {
            "deals": self.deals, "pair_total": self.pair_total,
            "pair_squares": self.pair_squares, "declared": dict(self.declared),
            "stays": dict(self.stays), "points": dict(self.points),
            "digs": {side: dict(d) for side, d in self.digs.items()},
            "xiaosas": dict(self.xiaosas),
        }

    @classmethod
    def from_json(cls, data: Any) -> _Tally:
        tally = cls()
        try:
            tally.deals = _whole(data["deals"])
            tally.pair_total = _whole(data["pair_total"], signed=True)
            tally.pair_squares = _whole(data["pair_squares"])
            for side in BOTS:
                tally.declared[side] = _whole(data["declared"][side])
                tally.stays[side] = _whole(data["stays"][side])
                tally.points[side] = _whole(data["points"][side])
                tally.digs[side] = {k: _whole(v) for k, v in dict(data["digs"][side]).items()}
                tally.xiaosas[side] = _whole(data["xiaosas"][side])
        except (KeyError, TypeError, ValueError) as exc:
            raise DuelMergeError(f"tally: missing or bad field {exc}") from None
        return tally

    def add(self, other: _Tally) -> None:
        self.deals += other.deals
        self.pair_total += other.pair_total
        self.pair_squares += other.pair_squares
        for side in BOTS:
            self.declared[side] += other.declared[side]
            self.stays[side] += other.stays[side]
            self.points[side] += other.points[side]
            for kind, n in other.digs[side].items():
                self.digs[side][kind] = self.digs[side].get(kind, 0) + n
            self.xiaosas[side] += other.xiaosas[side]


def _whole(value: Any, signed: bool = False) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or (value < 0 and not signed):
        raise ValueError(f"{value!r:.40} is not a count")
    return value


@dataclass(frozen=True)
class DuelResult:
    """The games of a duel (``records``, deal by deal, A as NS first; empty when the duel was
    played with ``records=False``) and their statistics.

    ``a`` and ``b`` are the bots' names; ``hands`` the number of games (2 per deal).
    """

    a: str
    b: str
    hands: int
    seed: int
    preset: str
    records: tuple[DuelHand, ...] = field(repr=False, hash=False)
    _tally: _Tally | None = field(default=None, repr=False, hash=False, compare=False)
    # The deal ranges played, [first, stop) each: one for a run, several for a merge.
    spans: tuple[tuple[int, int], ...] = field(default=(), hash=False, compare=False)
    # Per deal, in the spans' order, the sum of its two games' margins (A − B); None when not
    # kept (over PAIRED_DEALS_MAX deals, or a part written before they were).
    pair_sums: tuple[int, ...] | None = field(default=None, repr=False, hash=False,
                                              compare=False)

    def __post_init__(self) -> None:
        if self._tally is None:
            object.__setattr__(self, "_tally", _Tally.of(self.records))
        if self.pair_sums is None and self.records:
            object.__setattr__(self, "pair_sums", tuple(_pair_sums(self.records)))

    @property
    def tally(self) -> _Tally:
        assert self._tally is not None
        return self._tally

    @property
    def deals(self) -> int:
        return self.hands // 2

    def deal_margins(self) -> list[float]:
        """Per deal, the mean of its two games' margins (A − B): the paired duplicate score
        (empty when the duel did not keep them: over :data:`PAIRED_DEALS_MAX` deals)."""
        return [pair / 2 for pair in self.pair_sums or ()]

    @property
    def mean(self) -> float:
        """A's hand score minus B's, per hand."""
        t = self.tally
        return t.pair_total / (2 * t.deals) if t.deals else 0.0

    @property
    def ci95(self) -> float:
        """The half-width of the 95% confidence interval of :attr:`mean`, over deals (normal
        approximation, 1.96·sd/√deals); NaN with fewer than two deals."""
        t = self.tally
        n = t.deals
        if n < 2:
            return math.nan
        # the variance of the deal margins pair/2, from the exact integer sums
        var = (n * t.pair_squares - t.pair_total * t.pair_total) / (4 * n * (n - 1))
        return 1.96 * math.sqrt(max(var, 0.0) / n)

    def declaring(self, side: str) -> dict[str, Any]:
        """When ``side`` (``"A"`` or ``"B"``) declared: ``declared`` hands, ``stays`` (光牌 or
        打成), the success ``rate`` and the defenders' mean ``defender_points`` against it."""
        t = self.tally
        n, stays = t.declared[side], t.stays[side]
        return {
            "declared": n,
            "stays": stays,
            "rate": stays / n if n else 0.0,
            "defender_points": t.points[side] / n if n else 0.0,
        }

    def digs(self, side: str) -> dict[str, int]:
        """The digs (抠底) won by ``side``'s bots as defenders: ``joker``, ``level``, ``total``."""
        out = dict(self.tally.digs[side])
        out["total"] = sum(out.values())
        return out

    def xiaosas(self, side: str) -> int:
        """The 潇洒 made by ``side``'s bots."""
        return self.tally.xiaosas[side]

    def to_json(self) -> dict[str, Any]:
        """The summary as a JSON-ready dict (``records`` left out; see :meth:`DuelHand.to_dict`)."""
        ci = self.ci95
        return {
            "a": self.a,
            "b": self.b,
            "preset": self.preset,
            "seed": self.seed,
            "hands": self.hands,
            "deals": self.deals,
            "a_minus_b": {
                "mean": round(self.mean, 4),
                "ci95": None if math.isnan(ci) else round(ci, 4),
            },
            "declaring": {side: _rounded(self.declaring(side)) for side in BOTS},
            "digs": {side: self.digs(side) for side in BOTS},
            "xiaosa": {side: self.xiaosas(side) for side in BOTS},
            "spans": [list(span) for span in self.spans],
            "tally": self.tally.to_json(),
            "pair_sums": None if self.pair_sums is None else list(self.pair_sums),
        }

    @classmethod
    def merge(cls, parts: list[dict[str, Any]]) -> DuelResult:
        """The duel made of ``parts`` (each a :meth:`to_json` of a part of one duel): the
        same statistics as one run of all their deals. Raises :class:`DuelMergeError` when
        the parts differ in bots, seed or rules, or their deals overlap."""
        if not parts:
            raise DuelMergeError("no parts to merge")
        keys = ("a", "b", "seed", "preset")
        try:
            first = {k: parts[0][k] for k in keys}
            spans = []
            tally = _Tally()
            by_deal: dict[int, int] | None = {}
            for i, part in enumerate(parts):
                mine = {k: part[k] for k in keys}
                if mine != first:
                    differ = next(k for k in keys if mine[k] != first[k])
                    raise DuelMergeError(
                        f"part {i + 1} is of another duel: {differ} {mine[differ]!r}, "
                        f"not {first[differ]!r}"
                    )
                for span in part["spans"]:
                    start, stop = span
                    if not (_whole(start) < _whole(stop)):
                        raise ValueError(f"{span!r:.40}")
                    spans.append((start, stop))
                tally.add(_Tally.from_json(part["tally"]))
                by_deal = _pairs_of(part, i, by_deal)
            seed = _whole(first["seed"])
        except DuelMergeError:
            raise
        except (KeyError, TypeError) as exc:
            raise DuelMergeError(f"a part is not a duel's JSON: missing {exc}") from None
        except ValueError as exc:
            raise DuelMergeError(f"a part's deal range or seed is not one: {exc}") from None
        spans.sort()
        for (a0, a1), (b0, _b1) in zip(spans, spans[1:]):
            if b0 < a1:
                raise DuelMergeError(f"the parts' deals overlap: {a0}-{a1 - 1} and from {b0}")
        if sum(stop - start for start, stop in spans) != tally.deals:
            raise DuelMergeError("the parts' deal ranges do not match their totals")
        pairs = None
        if by_deal is not None and len(by_deal) <= PAIRED_DEALS_MAX:
            pairs = tuple(by_deal[d] for start, stop in spans for d in range(start, stop))
        return cls(
            a=str(first["a"]), b=str(first["b"]), hands=2 * tally.deals,
            seed=seed, preset=str(first["preset"]), records=(), _tally=tally,
            spans=_joined(spans), pair_sums=pairs,
        )


def _pairs_of(part: dict[str, Any], i: int,
              by_deal: dict[int, int] | None) -> dict[int, int] | None:
    """``by_deal`` with the part's per-deal pair sums added (None once a part has none)."""
    sums = part.get("pair_sums")
    if by_deal is None or sums is None:
        return None
    deals = [d for start, stop in part["spans"] for d in range(start, stop)]
    if not isinstance(sums, list) or len(sums) != len(deals):
        raise DuelMergeError(f"part {i + 1}: pair_sums do not match its deal ranges")
    for d, pair in zip(deals, sums):
        by_deal[d] = _whole(pair, signed=True)
    return by_deal


@dataclass(frozen=True)
class PairedDifference:
    """Two bots' duels against the same bot on the same deals, compared deal by deal: ``mean``
    is (A1 − B) − (A2 − B) a hand, ``ci95`` its 95% half-width over the deals, paired;
    ``unpaired_ci95`` what the two duels' own intervals would give together; ``correlation``
    that of the two duels' deal results (the higher, the more pairing gains)."""

    a1: str
    a2: str
    b: str
    seed: int
    preset: str
    deals: int
    mean: float
    ci95: float
    unpaired_ci95: float
    correlation: float

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (a correlation that cannot be computed is None)."""
        out: dict[str, Any] = {}
        for key, value in self.__dict__.items():
            if isinstance(value, float):
                value = None if math.isnan(value) else round(value, 4)
            out[key] = value
        return out

    def text(self) -> str:
        return (f"{self.a1} − {self.a2}, each against {self.b} on the same {self.deals} deals "
                f"(preset {self.preset}, seed {self.seed}): {self.mean:+.3f} ± {self.ci95:.3f} a "
                f"hand (95% CI, paired by deal; the two duels' own intervals would give ± "
                f"{self.unpaired_ci95:.3f}, correlation {self.correlation:.2f})\n")


def compare(first: DuelResult, second: DuelResult) -> PairedDifference:
    """How much better ``first``'s bot A did than ``second``'s against the same bot B on the
    same deals (same seed, rules and deal ranges), paired deal by deal: the duplicate's noise
    that both duels share cancels, so the interval is often far narrower than the two duels'
    own. ValueError naming what does not match."""
    for what in ("b", "seed", "preset", "spans"):
        if getattr(first, what) != getattr(second, what):
            raise ValueError(f"compare: the duels differ in {what} ({getattr(first, what)!r:.60} "
                             f"and {getattr(second, what)!r:.60}): pair duels against one bot "
                             "on the same deals")
    if first.pair_sums is None or second.pair_sums is None:
        raise ValueError(f"compare: a duel kept no per-deal results (over "
                         f"{PAIRED_DEALS_MAX:,} deals, or written by an older version)")
    n = len(first.pair_sums)
    if n < 2:
        raise ValueError("compare: at least two deals are needed for an interval")
    x = [p / 2 for p in first.pair_sums]
    y = [p / 2 for p in second.pair_sums]
    mx, my = sum(x) / n, sum(y) / n
    vx = sum((v - mx) ** 2 for v in x) / (n - 1)
    vy = sum((v - my) ** 2 for v in y) / (n - 1)
    cov = sum((p - mx) * (q - my) for p, q in zip(x, y)) / (n - 1)
    vd = max(vx + vy - 2 * cov, 0.0)
    return PairedDifference(
        a1=first.a, a2=second.a, b=first.b, seed=first.seed, preset=first.preset, deals=n,
        mean=mx - my, ci95=1.96 * math.sqrt(vd / n), unpaired_ci95=1.96 * math.sqrt((vx + vy) / n),
        correlation=cov / math.sqrt(vx * vy) if vx > 0 and vy > 0 else math.nan,
    )


def _joined(spans: list[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    """Sorted, disjoint ranges with the adjacent ones joined."""
    out: list[tuple[int, int]] = []
    for start, stop in spans:
        if out and out[-1][1] == start:
            out[-1] = (out[-1][0], stop)
        else:
            out.append((start, stop))
    return tuple(out)


def _rounded(values: dict[str, Any]) -> dict[str, Any]:
    return {k: round(v, 4) if isinstance(v, float) else v for k, v in values.items()}


# -- the deals and the games ----------------------------------------------------------------


@dataclass(frozen=True)
class Deal:
    """One deal of a duplicate duel (and of the server's duplicate sessions): its index, the
    shuffled pack, both teams' levels as places on the rules' ladder (NS, EW), the fixed
    declarer (a seat number) and a bot seed per seat."""

    index: int
    deck: list[int]
    levels: tuple[int, int]
    declarer: int
    bot_seeds: tuple[int, int, int, int]

    def game(self, rules: Rules) -> Game:
        """The deal as a :class:`~duidiao.Game` (for bots written in Python)."""
        teams = TRICK_SEATS.teams or {}
        levels = {team: rules.level_at(place) for team, place in zip(teams, self.levels)}
        return Game(self.deck, self.declarer, rules=rules, declarer=self.declarer, levels=levels)


def draw_deal(seed: int, index: int, decks: int = 2) -> Deal:
    """Deal ``index`` from (seed, index) only: random levels, a random fixed declarer, a
    shuffled pack (of ``decks`` packs, rules §11.1), and a bot seed per seat. A str seed is
    hashed (SHA-512) by ``random``, so the draw is the same on every run and platform."""
    rng = random.Random(f"duidiao-duel/{seed}/{index}")
    levels = (rng.randrange(13), rng.randrange(13))
    declarer = rng.randrange(4)
    deck = [face for face in range(FACES) for _ in range(decks)]
    rng.shuffle(deck)
    seeds = (rng.getrandbits(63), rng.getrandbits(63), rng.getrandbits(63), rng.getrandbits(63))
    return Deal(index, deck, levels, declarer, seeds)


def _play(rules: _core.Rules, deal: Deal, a: str, b: str, a_team: str) -> DuelHand:
    """One game of ``deal`` with A's bots on ``a_team``."""
    names = [a if _team(s) == a_team else b for s in range(4)]
    bots = [make_bot(names[s], deal.bot_seeds[s]) for s in range(4)]
    ladder = Rules.from_core(rules)  # the deal's levels are places on the rules' ladder
    if all(isinstance(bot, CoreBot) for bot in bots):
        core = engine_module(ladder)
        game = core.Game(rules, deal.deck, deal.declarer, deal.declarer, *deal.levels)
        # the GIL is released while the hand is played
        core.play_game(game, [bot.core_for(ladder) for bot in bots if isinstance(bot, CoreBot)])
    else:  # a bot written in Python: the same deal, asked through duidiao.play.decisions
        hand = deal.game(ladder)
        play_hand(hand, bots)
        game = hand._core
    result = HandResult.from_core(game.result(), ladder)
    declarer = int(game.declarer)
    return DuelHand(
        deal=deal.index,
        a_team=a_team,
        declarer=SEATS[declarer],
        declaring="A" if _team(declarer) == a_team else "B",
        levels={"NS": ladder.level_at(deal.levels[0]), "EW": ladder.level_at(deal.levels[1])},
        points=result.points,
        dig=result.dig,
        outcome=result.outcome,
        declarers_stay=result.declarers_stay,
        scores=dict(result.scores),
        xiaosas=tuple(SEATS[int(x[0])] for x in game.xiaosas()),
    )


def _play_deals(
    rules: _core.Rules, seed: int, a: str, b: str, first: int, stop: int
) -> list[DuelHand]:
    """Both games of deals ``first`` to ``stop - 1``."""
    out: list[DuelHand] = []
    for index in range(first, stop):
        deal = draw_deal(seed, index, rules.decks)
        out.append(_play(rules, deal, a, b, "NS"))
        out.append(_play(rules, deal, a, b, "EW"))
    return out


def duel(
    a: str,
    b: str,
    hands: int,
    seed: int = 0,
    preset: str | Rules = "chifeng",
    threads: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    on_hand: Callable[[DuelHand], None] | None = None,
    records: bool = True,
    first_deal: int = 0,
) -> DuelResult:
    """Play a duplicate duel of ``hands`` games (an even number: ``hands // 2`` deals, each
    played with A as NS, then as EW) between the bots named ``a`` and ``b`` (any name
    :func:`~duidiao.make_bot` accepts; parameters are part of the name).

    ``threads`` (default ``os.cpu_count()``) games run at once. ``progress(done, total)`` and
    ``on_hand(hand)`` are called in the calling thread as games finish (in completion order,
    which depends on the threads; the result does not). With ``records=False`` no game is
    kept (``DuelResult.records`` is empty; the statistics are all there), so that memory stays
    flat however many hands are played; at most :data:`MAX_HANDS` hands. ``first_deal``
    plays the deals from that index on (a part of a longer duel, see :meth:`DuelResult.merge`).
    """
    if isinstance(first_deal, bool) or not isinstance(first_deal, int) or first_deal < 0:
        raise ValueError(f"first_deal: a deal index (0 or more), not {first_deal!r:.40}")
    if (isinstance(hands, bool) or not isinstance(hands, int) or not 0 < hands <= MAX_HANDS
            or hands % 2):
        raise ValueError(
            f"hands: a positive even number (2 games per deal) up to {MAX_HANDS}, "
            f"not {hands!r:.40}"
        )
    if threads is None:
        threads = os.cpu_count() or 1
    if isinstance(threads, bool) or not isinstance(threads, int) or threads < 1:
        raise ValueError(f"threads: a positive number, not {threads!r}")
    for name in (a, b):
        make_bot(name, 0)  # an unknown bot fails here, before any game
    rules = preset if isinstance(preset, Rules) else Rules.preset(preset)
    core_rules = rules.to_core()
    deals = hands // 2
    # Deals go to the workers in chunks of up to 8: fewer tasks for fast bots, whose games
    # take about as long as a task's overhead; small enough for a slow bot's progress bar.
    chunk = max(1, min(8, deals // (threads * 8)))
    end = first_deal + deals
    spans = ((first, min(first + chunk, end)) for first in range(first_deal, end, chunk))
    kept: dict[int, list[DuelHand]] = {}
    pairs: dict[int, list[int]] | None = {} if deals <= PAIRED_DEALS_MAX else None
    tally = _Tally()
    done = 0

    def collect(first: int, games: list[DuelHand]) -> None:
        nonlocal done
        for i in range(0, len(games), 2):
            tally.add_deal(games[i], games[i + 1])
        if pairs is not None:
            pairs[first] = _pair_sums(games)
        if records:
            kept[first] = games
        for game in games:
            done += 1
            if on_hand is not None:
                on_hand(game)
        if progress is not None:
            progress(done, hands)

    if threads == 1:
        for first, stop in spans:
            collect(first, _play_deals(core_rules, seed, a, b, first, stop))
    else:
        # A bounded window of chunks in flight (not every chunk submitted up front): memory
        # stays flat for any number of hands, and the workers are never short of work.
        window = threads * 4
        pool = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="duel")
        try:
            pending: dict[Future[list[DuelHand]], int] = {}

            def submit() -> None:
                for first, stop in itertools.islice(spans, window - len(pending)):
                    future = pool.submit(_play_deals, core_rules, seed, a, b, first, stop)
                    pending[future] = first

            submit()
            while pending:
                finished, _ = wait(pending, return_when=FIRST_COMPLETED)
                for future in finished:
                    collect(pending.pop(future), future.result())
                submit()
        finally:
            pool.shutdown(wait=True, cancel_futures=True)
    games = tuple(game for first in sorted(kept) for game in kept[first])
    return DuelResult(
        a=a, b=b, hands=hands, seed=seed, preset=rules.name, records=games, _tally=tally,
        spans=((first_deal, end),),
        pair_sums=None if pairs is None else tuple(p for first in sorted(pairs)
                                                   for p in pairs[first]),
    )
