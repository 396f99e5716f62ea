"""Duplicate duels of climbing bots (rules §12, §13) and the time each decision takes.

够级: each deal is played twice, bot A on seats A C E and then on B D F (the same cards, the
teams' seats exchanged); a deal's result is A's team score minus the other team's (rules §12.12),
summed over both games, so luck of the cards cancels.

保皇: each deal is played six times: once by B in every seat, then with A in each seat in turn
(B in the other four). A deal's result is the mean over the five seats of A's score there minus
B's score in the same seat of B's own game (A's gain a seat); it is also reported by the role A
had (emperor, guard, rebel; rules §13.7).

>>> from duidiao.research.climbing.duel import duel
>>> result = duel("heuristic", "random", deals=1, preset="gouji-basic")
>>> result.deals, len(result.values)
(1, 1)
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from duidiao.play.climbing.games import ClimbingGame, deal, game_name, game_type, seats_of
from duidiao.play.climbing.options import game_of
from duidiao.research.timing import PhaseTimes
from duidiao.search.climbing.bots import make_bot

__all__ = ["FORMAT", "duel", "ClimbingDuel", "play_hand", "decision_times", "ROLES"]

FORMAT = "duidiao-climbing-duel"
ROLES = ("emperor", "guard", "rebel")


def play_hand(preset: str, hand_seed: str, names: Sequence[str],
              times: dict[str, dict[str, list[float]]] | None = None) -> ClimbingGame:
    """One hand of ``preset`` dealt from ``hand_seed`` with bot ``names[i]`` in seat i. With
    ``times``, each decision that had a choice is timed by bot and phase (the bot's own call
    only)."""
    game = deal(preset, seed=hand_seed)
    seats = seats_of(preset)
    bots = [make_bot(n, f"{hand_seed}:{i}:{n}") for i, n in enumerate(names)]
    clock = time.perf_counter
    while True:
        seat = game.to_act
        if seat is None:
            return game
        i = seats.index(seat)
        observation = game.observe()
        start = clock()
        answer = bots[i].choose(observation)
        if times is not None and len(observation.legal) > 1:
            by_phase = times.setdefault(names[i], {})
            by_phase.setdefault(observation.phase, []).append(clock() - start)
        game.apply(answer)


def _interval(values: Sequence[float]) -> dict[str, Any]:
    n = len(values)
    mean = statistics.fmean(values) if n else math.nan
    half = 1.96 * statistics.stdev(values) / math.sqrt(n) if n > 1 else math.nan
    return {"n": n, "mean": _num(mean), "low": _num(mean - half), "high": _num(mean + half)}


def _num(x: float) -> float | None:
    return None if math.isnan(x) else round(x, 4)


@dataclass(frozen=True)
class ClimbingDuel:
    """A duel's per-deal results (``values``, in deal order; for 保皇 also ``roles``: per deal
    the five (role, A − B) of its seats) and its spans of deals played."""

    a: str
    b: str
    preset: str
    seed: int
    values: tuple[float, ...]
    roles: tuple[tuple[tuple[str, float], ...], ...] = ()
    spans: tuple[tuple[int, int], ...] = ()
    times: dict[str, dict[str, list[float]]] = field(default_factory=dict, compare=False)

    @property
    def deals(self) -> int:
        return len(self.values)

    @property
    def game(self) -> str:
        info = game_of(self.preset)
        assert info is not None
        return info.name

    def summary(self) -> dict[str, Any]:
        """A's result a deal with its 95% interval (normal approximation over deals), and for
        保皇 per role a seat."""
        out: dict[str, Any] = {"deal": _interval(self.values)}
        if self.roles:
            for role in ROLES:
                out[role] = _interval([v for d in self.roles for r, v in d if r == role])
        return out

    def to_json(self) -> dict[str, Any]:
        times = {bot: {phase: PhaseTimes.of(ts).to_json() for phase, ts in phases.items()}
                 for bot, phases in self.times.items()}
        return {
            "format": FORMAT, "version": 1, "game": self.game, "preset": self.preset,
            "a": self.a, "b": self.b, "seed": self.seed, "deals": self.deals,
            "spans": [list(s) for s in self.spans], "values": list(self.values),
            "roles": [[list(rv) for rv in d] for d in self.roles],
            "summary": self.summary(), "decision_times": times,
        }

    @classmethod
    def from_json(cls, data: Any, name: str = "part") -> ClimbingDuel:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError(f"{name}: not a climbing duel's --json output (format {FORMAT})")
        try:
            return cls(
                a=str(data["a"]), b=str(data["b"]), preset=str(data["preset"]),
                seed=int(data["seed"]), values=tuple(float(v) for v in data["values"]),
                roles=tuple(tuple((str(r), float(v)) for r, v in d) for d in data["roles"]),
                spans=tuple((int(s), int(e)) for s, e in data["spans"]),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"{name}: a field is missing or malformed ({exc})") from None

    @classmethod
    def merge(cls, parts: Sequence[ClimbingDuel]) -> ClimbingDuel:
        """Parts of one duel (the same bots, preset and seed; deals that do not overlap) as
        one, in deal order. Decision times are not kept in a merge (time a bot with
        ``duidiao timing``)."""
        if not parts:
            raise ValueError("--merge: no parts")
        first = parts[0]
        for p in parts[1:]:
            if (p.a, p.b, p.preset, p.seed) != (first.a, first.b, first.preset, first.seed):
                raise ValueError("--merge: the parts are not of one duel (bots, preset, seed)")
        ordered = sorted(parts, key=lambda p: p.spans[0][0] if p.spans else 0)
        spans = [s for p in ordered for s in p.spans]
        for (_, end), (start, _) in zip(spans, spans[1:]):
            if start < end:
                raise ValueError(f"--merge: deals from {start} are in two parts")
        return cls(first.a, first.b, first.preset, first.seed,
                   tuple(v for p in ordered for v in p.values),
                   tuple(r for p in ordered for r in p.roles), tuple(spans))

    @staticmethod
    def text_of(data: dict[str, Any]) -> str:
        """A duel's ``--json`` output for people."""
        s = data["summary"]
        d = s["deal"]
        gouji = data["game"] == "gouji"
        how = ("each deal twice, the teams' seats exchanged" if gouji
               else "A in each seat against B's own game")
        what = "net a deal" if gouji else "gain a seat"
        lines = [f"{data['preset']}: {data['a']} (A) vs {data['b']} (B), {data['deals']} deals "
                 f"({how}), seed {data['seed']}",
                 f"  A's {what} {_fmt(d['mean'])}, 95% interval "
                 f"[{_fmt(d['low'])}, {_fmt(d['high'])}]"]
        for role in ROLES if not gouji else ():
            r = s[role]
            lines.append(f"  as {role} ({r['n']} seats): {_fmt(r['mean'])} a seat "
                         f"[{_fmt(r['low'])}, {_fmt(r['high'])}]")
        for bot, phases in data.get("decision_times", {}).items():
            for phase, t in phases.items():
                lines.append(f"  {bot} {phase}: {t['count']} decisions, p50 {t['p50_ms']} ms, "
                             f"p90 {t['p90_ms']} ms, p99 {t['p99_ms']} ms, max {t['max_ms']} ms")
        return "\n".join(lines) + "\n"


def _fmt(x: float | None) -> str:
    return "n/a" if x is None else f"{x:+.2f}"


def duel(a: str, b: str, deals: int, preset: str = "gouji", seed: int = 0, first_deal: int = 0,
         progress: Callable[[int, int], None] | None = None) -> ClimbingDuel:
    """Deals ``first_deal`` … ``first_deal + deals - 1`` of the duel of ``a`` against ``b``."""
    game_type(preset)  # a ValueError naming a preset that is none of these games
    make_bot(a, "0"), make_bot(b, "0")  # and an unknown bot
    if isinstance(deals, bool) or not isinstance(deals, int) or deals < 1:
        raise ValueError(f"deals: a positive number, not {deals!r:.40}")
    seats = seats_of(preset)
    times: dict[str, dict[str, list[float]]] = {}
    values: list[float] = []
    roles: list[tuple[tuple[str, float], ...]] = []
    for k in range(deals):
        d = first_deal + k
        hand_seed = f"{seed}:{d}"
        if len(seats) == 6:
            total = 0
            for team in (0, 1):
                names = [a if s % 2 == team else b for s in range(6)]
                _, scores = play_hand(preset, hand_seed, names, times).result()
                mine = seats[team::2]
                theirs = seats[1 - team::2]
                total += scores[mine] - scores[theirs]
            values.append(total)
        else:
            _, base = play_hand(preset, hand_seed, [b] * 5, times).result()
            deal_roles = []
            for i, letter in enumerate(seats):
                names = [a if s == i else b for s in range(5)]
                game = play_hand(preset, hand_seed, names, times)
                _, scores = game.result()
                p = game.position
                assert p is not None and game_name(game) == "baohuang"
                role = ("emperor" if p.emperor == i  # type: ignore[union-attr]
                        else "guard" if p.guard == i else "rebel")  # type: ignore[union-attr]
                deal_roles.append((role, float(scores[letter] - base[letter])))
            values.append(sum(v for _, v in deal_roles) / 5)
            roles.append(tuple(deal_roles))
        if progress is not None:
            progress(k + 1, deals)
    return ClimbingDuel(a, b, preset, seed, tuple(values), tuple(roles),
                        ((first_deal, first_deal + deals),), times)


def decision_times(bot: str, hands: int, seed: int = 0, preset: str = "gouji",
                   progress: Callable[[int, int], None] | None = None) -> dict[str, PhaseTimes]:
    """Every decision with a choice of ``hands`` self-play hands of ``bot`` in every seat, timed
    on the calling thread, by phase."""
    game_type(preset)
    make_bot(bot, "0")
    times: dict[str, dict[str, list[float]]] = {}
    for h in range(hands):
        play_hand(preset, f"{seed}:{h}", [bot] * len(seats_of(preset)), times)
        if progress is not None:
            progress(h + 1, hands)
    return {phase: PhaseTimes.of(ts) for phase, ts in times.get(bot, {}).items()}
