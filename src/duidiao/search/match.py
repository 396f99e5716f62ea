"""A match to K (rules §8): hands in a row until a team wins a hand as declarers at K.

>>> import duidiao
>>> bots = [duidiao.make_bot("random", seed=s) for s in range(4)]
>>> result = duidiao.play_match(bots, seed=3)
>>> result.winner in ("NS", "EW"), result.hands == len(result.records)
(True, True)

The first hand is 抢庄 (no declarer yet: whoever's declaration stands declares, §6.2) with
``first_drawer`` drawing first (a seat, or drawn at random). Every later hand is played at the
declaring team's level, the declarer fixed by §8.4 (the previous result's ``next_declarer``)
and drawing first. Levels follow each result.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from duidiao.play.cards import SEATS
from duidiao.play.game import Game, LevelsLike, _levels_pair
from duidiao.play.level import Level
from duidiao.play.record import Record
from duidiao.play.result import HandResult
from duidiao.play.rules import Rules
from duidiao.play.seats import TRICK_SEATS
from duidiao.search.players import PlayersLike, _seat_players, play_hand

__all__ = ["Match", "MatchResult", "play_match", "MAX_HANDS"]

MAX_HANDS = 500
"""A match that has not ended after this many hands raises (a guard against endless loops)."""


@dataclass(frozen=True)
class MatchResult:
    """The end of a match: the ``winner`` team, the number of ``hands``, the teams' final
    ``levels``, the hand scores summed per team (``scores``), and every hand's record."""

    winner: str
    hands: int
    levels: dict[str, str] = field(hash=False)
    scores: dict[str, int] = field(hash=False)
    records: tuple[Record, ...] = field(repr=False, hash=False)


class Match:
    """A match in progress. ``Match(players, seed=…)`` then :meth:`play` (every hand) or
    :meth:`next_game` / :meth:`finish_hand` for one hand at a time.

    ``players``: 4 players (S, E, N, W) or a seat → player mapping. ``seed`` drives the shuffles
    (and the random first drawer). ``levels`` (default both at A) is where the teams start.
    """

    def __init__(
        self,
        players: PlayersLike,
        *,
        rules: Rules | str = "chifeng",
        seed: int | str | None = None,
        first_drawer: str | None = None,
        levels: LevelsLike = None,
        max_hands: int = MAX_HANDS,
        fast: bool = True,
        meta: dict[str, Any] | None = None,
    ) -> None:
        self.players = _seat_players(players)
        self.rules = rules if isinstance(rules, Rules) else Rules.preset(rules)
        self._rng = random.Random(seed)
        if levels is None:  # both teams start at the foot of the rules' ladder (§8.1)
            levels = {"NS": self.rules.foot, "EW": self.rules.foot}
        start = _levels_pair(levels)
        if start[0] != start[1]:
            raise ValueError("levels: a match's first hand (抢庄) needs both teams at one level")
        self.levels: dict[str, Level] = {"NS": start[0], "EW": start[1]}
        if first_drawer is None:
            first_drawer = SEATS[self._rng.randrange(4)]
        elif first_drawer not in SEATS:
            raise ValueError(f"first_drawer: {first_drawer!r} is not a seat (S, E, N, W)")
        self.first_drawer: str = first_drawer
        self.next_declarer: str | None = None
        self.max_hands = max_hands
        self.fast = fast
        self.meta = dict(meta or {})
        self.records: list[Record] = []
        self.results: list[HandResult] = []
        self.winner: str | None = None
        self.scores = {"NS": 0, "EW": 0}

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    @property
    def hands(self) -> int:
        """Hands played so far."""
        return len(self.results)

    def next_game(self) -> Game:
        """The next hand, dealt: 抢庄 for the first, else the §8.4 declarer drawing first."""
        if self.is_over:
            raise ValueError(f"the match is over: {self.winner} won")
        if self.hands >= self.max_hands:
            raise RuntimeError(f"match: no winner after {self.max_hands} hands")
        seed = self._rng.getrandbits(64)
        if self.next_declarer is None:
            return Game.deal(
                seed, rules=self.rules, first_drawer=self.first_drawer, levels=self.levels
            )
        return Game.deal(
            seed,
            rules=self.rules,
            declarer=self.next_declarer,
            first_drawer=self.next_declarer,
            levels=self.levels,
        )

    def finish_hand(self, game: Game) -> HandResult:
        """Take a finished hand into the match: levels, next declarer, winner."""
        result = game.result()
        meta = dict(self.meta)
        meta["hand"] = self.hands + 1
        self.records.append(Record.from_game(game, meta))
        self.results.append(result)
        self.levels = dict(result.levels)
        self.next_declarer = result.next_declarer
        for team, score in result.scores.items():
            self.scores[team] += score
        if result.match_won:
            declarer = game.declarer
            assert declarer is not None
            self.winner = TRICK_SEATS.team_of(declarer)
        return result

    def play_hand(self) -> HandResult:
        """Deal and play the next hand."""
        game = self.next_game()
        play_hand(game, self.players, fast=self.fast)
        return self.finish_hand(game)

    def play(self) -> MatchResult:
        """Play hands until a team wins (raises RuntimeError after ``max_hands``)."""
        while not self.is_over:
            self.play_hand()
        assert self.winner is not None
        return MatchResult(
            winner=self.winner,
            hands=self.hands,
            levels=dict(self.levels),
            scores=dict(self.scores),
            records=tuple(self.records),
        )


def play_match(
    players: PlayersLike,
    *,
    rules: Rules | str = "chifeng",
    seed: int | str | None = None,
    first_drawer: str | None = None,
    levels: LevelsLike = None,
    max_hands: int = MAX_HANDS,
    fast: bool = True,
) -> MatchResult:
    """Play a whole match (§8) and return its :class:`MatchResult`."""
    match = Match(
        players,
        rules=rules,
        seed=seed,
        first_drawer=first_drawer,
        levels=levels,
        max_hands=max_hands,
        fast=fast,
    )
    return match.play()
