"""Duplicate whole matches (rules §8): match *i* dealt from one seed and played twice,
bot A's team sitting NS the first time and EW the second, from both teams at the foot of the
ladder to a team's win — as players and leagues count strength, by matches won and levels
climbed, not by hands.

>>> from duidiao.research.match_duel import match_duel
>>> result = match_duel("heuristic", "random", 1, seed=2, threads=1)
>>> result.pairs[0].first.a_team, result.pairs[0].second.a_team
('NS', 'EW')

Both plays of a match draw the same deals (hand *k* of either comes from the match's seed and
*k* alone; the declarers and levels differ as the plays do), the same first drawer and the same
bot seeds by seat. A match still undecided after ``max_hands`` hands ends there: it counts as
half a win to each bot, and the levels stand as they are. Each figure is the mean over match
pairs with a 95% interval (1.96 standard errors of the pairs' means):

- **matches won**: A's share of the pair's two matches (1, ½ or 0 each);
- **levels**: the levels A's team climbed minus B's, a match (a winner is counted past the top
  of the ladder: ``len(ladder) - start``);
- **score a hand**: A's team's hand scores minus B's (rules §7.2, §10.7), over the pair's hands.

Each play also records the CPU time each team's two bots spent deciding (the deciding thread's
CPU time, so that matches played side by side on threads do not count each other's);
``summary()["cpu"]`` gives each team's mean a match.
"""

from __future__ import annotations

import itertools
import math
import os
import random
import time
from collections.abc import Callable, Mapping
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Any

from duidiao.play.decisions import Decision, Player, decide
from duidiao.play.game import Observation
from duidiao.play.rules import Rules
from duidiao.play.seats import TRICK_SEATS
from duidiao.search.match import Match
from duidiao.search.players import make_bot

__all__ = ["FORMAT", "MAX_HANDS", "MatchDuel", "MatchPair", "PlayedMatch", "match_duel",
           "play_pair"]

FORMAT = "duidiao-match-duel"
VERSION = 1
MAX_HANDS = 60
"""The default cap on hands a match (a match between equals takes 15–30)."""
MAX_MATCHES = 100_000


class MatchDuelError(ValueError):
    """A part that cannot be merged, or a file that is not a match duel."""


@dataclass(frozen=True)
class PlayedMatch:
    """One play of a match: the team A held, who won (``"A"``, ``"B"``, or None at the cap),
    the hands played, the levels each bot's team climbed, A's hand scores minus B's, and the
    CPU seconds each team's bots spent deciding (None in a part written before they were
    recorded)."""

    a_team: str
    winner: str | None
    hands: int
    climbed: tuple[int, int]  # (A's team, B's team)
    score: int
    # (A's team, B's team); not compared: the same match takes other times on another run
    cpu: tuple[float, float] | None = field(default=None, compare=False)

    @property
    def won(self) -> float:
        return 0.5 if self.winner is None else float(self.winner == "A")

    def to_json(self) -> list[Any]:
        out: list[Any] = [self.a_team, self.winner, self.hands, list(self.climbed), self.score]
        if self.cpu is not None:
            out.append([round(self.cpu[0], 3), round(self.cpu[1], 3)])
        return out

    @classmethod
    def from_json(cls, data: Any, where: str) -> PlayedMatch:
        try:
            team, winner, hands, climbed, score, *rest = data
            cpu = (float(rest[0][0]), float(rest[0][1])) if rest else None
            out = cls(str(team), winner, int(hands), (int(climbed[0]), int(climbed[1])),
                      int(score), cpu)
            if len(rest) > 1:
                raise ValueError
        except (TypeError, ValueError, IndexError):
            raise MatchDuelError(f"{where}: not [a_team, winner, hands, [climbed A, B], "
                                 "score, [cpu A, B]]") from None
        if out.a_team not in ("NS", "EW") or out.winner not in ("A", "B", None):
            raise MatchDuelError(f"{where}: a_team NS or EW, winner A, B or null")
        return out


@dataclass(frozen=True)
class MatchPair:
    """Match ``index`` played twice: ``first`` with A as NS, ``second`` with A as EW."""

    index: int
    first: PlayedMatch
    second: PlayedMatch

    @property
    def won(self) -> float:
        return (self.first.won + self.second.won) / 2

    @property
    def levels(self) -> float:
        return sum(m.climbed[0] - m.climbed[1] for m in (self.first, self.second)) / 2

    @property
    def per_hand(self) -> float:
        return (self.first.score + self.second.score) / (self.first.hands + self.second.hands)


def _climbed(rules: Rules, match: Match, team: str) -> int:
    if match.winner == team:
        return len(rules.ladder_letters) - rules.position(rules.foot)
    return rules.position(match.levels[team]) - rules.position(rules.foot)


class _Timed:
    """A player whose decisions' CPU time is added up (the deciding thread's: the bots search
    on it)."""

    def __init__(self, player: Player) -> None:
        self.player = player
        self.seconds = 0.0

    def decide(self, obs: Observation) -> Decision:
        started = time.thread_time()
        try:
            return decide(self.player, obs)
        finally:
            self.seconds += time.thread_time() - started


def _play_match(rules: Rules, a: str, b: str, seed: int, a_team: str,
                max_hands: int) -> PlayedMatch:
    bot_seeds = random.Random(f"duidiao-match-duel/bots/{seed}")
    seeds = {seat: bot_seeds.getrandbits(31) for seat in TRICK_SEATS.letters}
    players = {seat: _Timed(make_bot(a if TRICK_SEATS.team_of(seat) == a_team else b,
                                     seeds[seat]))
               for seat in TRICK_SEATS.letters}
    match = Match(players, rules=rules, seed=seed, max_hands=max_hands)
    while not match.is_over and match.hands < max_hands:
        match.play_hand()
    b_team = "EW" if a_team == "NS" else "NS"
    winner = None if match.winner is None else ("A" if match.winner == a_team else "B")
    cpu = [sum(p.seconds for seat, p in players.items()
               if TRICK_SEATS.team_of(seat) == team) for team in (a_team, b_team)]
    return PlayedMatch(a_team, winner, match.hands,
                       (_climbed(rules, match, a_team), _climbed(rules, match, b_team)),
                       match.scores[a_team] - match.scores[b_team], (cpu[0], cpu[1]))


def match_seed(seed: int, index: int) -> int:
    """Match ``index``'s seed: its deals and first drawer come from it alone."""
    return random.Random(f"duidiao-match-duel/{seed}/{index}").getrandbits(63)


def play_pair(a: str, b: str, index: int, *, preset: str | Rules = "chifeng", seed: int = 0,
              max_hands: int = MAX_HANDS) -> MatchPair:
    """Match ``index`` of a duel played twice (A as NS, then as EW)."""
    rules = preset if isinstance(preset, Rules) else Rules.preset(preset)
    s = match_seed(seed, index)
    return MatchPair(index, _play_match(rules, a, b, s, "NS", max_hands),
                     _play_match(rules, a, b, s, "EW", max_hands))


def _mean_ci(values: list[float]) -> dict[str, float | None]:
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return {"mean": round(mean, 4), "ci95": None}
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return {"mean": round(mean, 4), "ci95": round(1.96 * math.sqrt(var / n), 4)}


@dataclass(frozen=True)
class MatchDuel:
    """A duplicate duel of whole matches: its settings and every match pair, in index order."""

    a: str
    b: str
    preset: str
    seed: int
    max_hands: int
    pairs: tuple[MatchPair, ...]

    @property
    def matches(self) -> int:
        return len(self.pairs)

    def summary(self) -> dict[str, Any]:
        """Each figure's mean over match pairs with its 95% interval (see the module)."""
        return {
            "won": _mean_ci([p.won for p in self.pairs]),
            "levels": _mean_ci([p.levels for p in self.pairs]),
            "per_hand": _mean_ci([p.per_hand for p in self.pairs]),
            "hands": sum(p.first.hands + p.second.hands for p in self.pairs),
            "capped": sum((p.first.winner is None) + (p.second.winner is None)
                          for p in self.pairs),
            "cpu": self._cpu(),
        }

    def _cpu(self) -> dict[str, float] | None:
        """Each team's mean CPU seconds a match, over the plays that recorded them."""
        timed = [m.cpu for p in self.pairs for m in (p.first, p.second) if m.cpu is not None]
        if not timed:
            return None
        return {"a": round(sum(t[0] for t in timed) / len(timed), 3),
                "b": round(sum(t[1] for t in timed) / len(timed), 3), "matches": len(timed)}

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": VERSION, "a": self.a, "b": self.b,
                "preset": self.preset, "seed": self.seed, "max_hands": self.max_hands,
                "matches": self.matches, "summary": self.summary(),
                "pairs": [[p.index, p.first.to_json(), p.second.to_json()] for p in self.pairs]}

    @classmethod
    def from_json(cls, data: Any, name: str = "part") -> MatchDuel:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise MatchDuelError(f"{name}: not a match duel (format {FORMAT!r})")
        if data.get("version") != VERSION:
            raise MatchDuelError(f"{name}: version {data.get('version')!r}; this reads "
                                 f"{VERSION}")
        try:
            pairs = tuple(
                MatchPair(int(i), PlayedMatch.from_json(f, f"{name}: pair {i}"),
                          PlayedMatch.from_json(s, f"{name}: pair {i}"))
                for i, f, s in data["pairs"])
            return cls(str(data["a"]), str(data["b"]), str(data["preset"]), int(data["seed"]),
                       int(data["max_hands"]), pairs)
        except (KeyError, TypeError, ValueError) as exc:
            if isinstance(exc, MatchDuelError):
                raise
            raise MatchDuelError(f"{name}: a field is missing or wrong ({exc})") from None

    @classmethod
    def merge(cls, parts: list[MatchDuel]) -> MatchDuel:
        """Parts of one duel (the same bots, preset, seed and cap; no match twice) as one."""
        if not parts:
            raise MatchDuelError("merge: no part")
        head = parts[0]
        key = (head.a, head.b, head.preset, head.seed, head.max_hands)
        pairs: dict[int, MatchPair] = {}
        for part in parts:
            if (part.a, part.b, part.preset, part.seed, part.max_hands) != key:
                raise MatchDuelError("merge: the parts are of different duels (bots, preset, "
                                     "seed or --max-hands differ)")
            for pair in part.pairs:
                if pair.index in pairs:
                    raise MatchDuelError(f"merge: match {pair.index} is in two parts")
                pairs[pair.index] = pair
        return cls(*key, tuple(pairs[i] for i in sorted(pairs)))

    @staticmethod
    def text_of(data: Mapping[str, Any]) -> str:
        """A ``to_json`` dict as the CLI prints it."""
        a, b = data["a"], data["b"]
        names = (a, b) if a != b else (f"{a} (A)", f"{b} (B)")
        s = data["summary"]

        def figure(name: str, fmt: str) -> str:
            value = s[name]
            ci = "n/a" if value["ci95"] is None else format(value["ci95"], fmt.lstrip("+"))
            return f"{format(value['mean'], fmt)} ± {ci}"

        return (f"{names[0]} vs {names[1]}: {data['matches']} match pairs "
                f"({s['hands']} hands), preset {data['preset']}, seed {data['seed']}\n"
                f"matches won by {names[0]}: {figure('won', '.3f')} (95% CI over pairs; "
                f"{s['capped']} stopped at {data['max_hands']} hands, half each)\n"
                f"levels a match, {names[0]} minus {names[1]}: {figure('levels', '+.2f')}\n"
                f"score a hand, {names[0]} minus {names[1]}: {figure('per_hand', '+.3f')}\n"
                + ("" if not s.get("cpu") else
                   f"CPU time a match (deciding): {names[0]} {s['cpu']['a']:.1f} s, "
                   f"{names[1]} {s['cpu']['b']:.1f} s\n"))


def match_duel(
    a: str,
    b: str,
    matches: int,
    *,
    preset: str | Rules = "chifeng",
    seed: int = 0,
    first_match: int = 0,
    max_hands: int = MAX_HANDS,
    threads: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> MatchDuel:
    """``matches`` match pairs from ``first_match`` on, ``threads`` pairs at once (default: the
    CPUs); ``progress(done, total)`` in the calling thread as pairs finish."""
    for name, value, low, high in (("matches", matches, 1, MAX_MATCHES),
                                   ("first_match", first_match, 0, 2**62),
                                   ("max_hands", max_hands, 1, 500)):
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise ValueError(f"{name}: a whole number from {low} to {high}, not {value!r:.40}")
    if threads is None:
        threads = os.cpu_count() or 1
    if isinstance(threads, bool) or not isinstance(threads, int) or threads < 1:
        raise ValueError(f"threads: a positive number, not {threads!r:.40}")
    for name in (a, b):
        make_bot(name, 0)  # an unknown bot fails here, before any match
    rules = preset if isinstance(preset, Rules) else Rules.preset(preset)
    rules.check_game_supported()
    indices = range(first_match, first_match + matches)
    done: dict[int, MatchPair] = {}

    def collect(pair: MatchPair) -> None:
        done[pair.index] = pair
        if progress is not None:
            progress(len(done), matches)

    if threads == 1:
        for i in indices:
            collect(play_pair(a, b, i, preset=rules, seed=seed, max_hands=max_hands))
    else:
        pool = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="match-duel")
        try:
            todo = iter(indices)
            pending: set[Future[MatchPair]] = set()

            def submit() -> None:
                for i in itertools.islice(todo, 2 * threads - len(pending)):
                    pending.add(pool.submit(play_pair, a, b, i, preset=rules, seed=seed,
                                            max_hands=max_hands))

            submit()
            while pending:
                finished, _ = wait(pending, return_when=FIRST_COMPLETED)
                for future in finished:
                    pending.discard(future)
                    collect(future.result())
                submit()
        finally:
            pool.shutdown(wait=True, cancel_futures=True)
    return MatchDuel(a, b, rules.name, seed, max_hands, tuple(done[i] for i in sorted(done)))
