"""A match of climbing hands: hand after hand of one preset, the first drawer moving on one seat
each hand (rules §12.3, §13.2), the recorded scores added up (rules §12.12, §13.7).

>>> from duidiao.play.climbing.match import ClimbingMatch
>>> from duidiao.search.climbing.bots import make_bot
>>> match = ClimbingMatch("gouji-basic", seed=5, hands=2)
>>> while not match.over:
...     game = match.deal()
...     while game.to_act is not None:
...         game.apply(make_bot("heuristic").choose(game.observe()))
...     match.take(game)
>>> match.hand_number, sorted(match.totals)
(2, ['ACE', 'BDF'])
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from duidiao.play.climbing.games import ClimbingGame, deal, game_type, seats_of

__all__ = ["ClimbingMatch"]


@dataclass
class ClimbingMatch:
    """Hands of ``preset`` dealt from ``seed`` (:meth:`hand_of`): the first drawer of the first
    hand drawn from the seed and each later one ``next`` of the one before.
    ``hands``: how many hands the match lasts (None: as many as are played; the length of a
    match is a setting, rules §12.12). ``totals``: the recorded scores added up, by team in 够级
    (``ACE``, ``BDF``) and by seat in 保皇."""

    preset: str
    seed: int | str
    hands: int | None = None
    hand_number: int = 0
    first_drawer: int = -1  # the first hand's
    totals: dict[str, int] = field(default_factory=dict)
    results: list[tuple[list[str], dict[str, int]]] = field(default_factory=list)
    _pending: bool = False

    def __post_init__(self) -> None:
        game_type(self.preset)  # a ValueError naming a preset of no climbing game
        if self.hands is not None and (isinstance(self.hands, bool) or self.hands < 1):
            raise ValueError(f"hands: a positive number or None, not {self.hands!r}")
        seats = seats_of(self.preset)
        if self.first_drawer < 0:
            self.first_drawer = random.Random(f"{self.seed}/first").randrange(len(seats))
        if not self.totals:
            keys = ("ACE", "BDF") if len(seats) == 6 else tuple(seats)
            self.totals = dict.fromkeys(keys, 0)

    @property
    def over(self) -> bool:
        return self.hands is not None and self.hand_number >= self.hands and not self._pending

    def hand_of(self, number: int) -> tuple[int, str]:
        """Hand ``number``'s shuffle seed and first drawer: the first drawer drawn from the
        match's seed, each later hand's one seat on."""
        seats = seats_of(self.preset)
        seed = random.Random(f"{self.seed}/hand/{number}").getrandbits(63)
        return seed, seats[(self.first_drawer + number - 1) % len(seats)]

    def dealt(self, number: int) -> None:
        """Hand ``number`` is in play (dealt here, or restored by a server)."""
        self.hand_number, self._pending = number, True

    def deal(self) -> ClimbingGame:
        """The next hand, before its first decision."""
        if self._pending:
            raise ValueError(f"hand {self.hand_number} is not over: take its result first")
        if self.over:
            raise ValueError(f"the match is over ({self.hands} hands)")
        seed, first = self.hand_of(self.hand_number + 1)
        self.dealt(self.hand_number + 1)
        return deal(self.preset, seed=seed, first_drawer=first)

    def take(self, game: ClimbingGame) -> None:
        """Adds the result of the hand just dealt, once it is over."""
        if not self._pending:
            raise ValueError("no hand is in play: deal one first")
        places, scores = game.result()  # IllegalMoveError while the hand is not over
        self.add(scores)
        self.results.append((places, scores))

    def add(self, scores: dict[str, int]) -> None:
        """A finished hand's recorded scores added to the totals."""
        for key, value in scores.items():
            self.totals[key] += value
        self._pending = False
