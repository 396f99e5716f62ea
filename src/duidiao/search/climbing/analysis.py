"""Analysing a climbing position (rules §12, §13): what should the seat to act do here?"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Union

from duidiao.play.climbing import games
from duidiao.play.climbing.baohuang import BaohuangPosition
from duidiao.play.climbing.gouji import GoujiPosition
from duidiao.play.climbing.observation import Observation
from duidiao.play.climbing.options import game_of_position
from duidiao.play.errors import HiddenCardsError, NotationError
from duidiao.search.climbing.bots import PimcBot

__all__ = ["ClimbingAnalysis", "parse_position", "analyse", "observation_of", "seats_of"]

ClimbingPosition = Union[GoujiPosition, BaohuangPosition]
EXACT_CARDS = 8
"""From this many cards in play, a world is solved exactly (src/search/climbing/endgame.h)."""


def parse_position(text: str) -> ClimbingPosition:
    """A 够级 or 保皇 position string (NotationError names the field otherwise)."""
    game = game_of_position(text)
    if game is None:
        first = text.split(None, 1)[0] if text.split() else ""
        raise NotationError(f"preset: {first!r} is not a climbing preset")
    return (GoujiPosition if game.name == "gouji" else BaohuangPosition).parse(text)


def seats_of(position: ClimbingPosition) -> str:
    return games.seats_of(position.preset)


def observation_of(position: ClimbingPosition) -> Observation:
    """The seat to act's observation; HiddenCardsError if its cards are hidden or the hand is
    over."""
    turn = position.to_act()
    if turn is None:
        raise HiddenCardsError("the hand is over")
    hand = position.hands[seats_of(position).index(turn)]
    if hand.hidden:
        raise HiddenCardsError(f"{turn} is to act and its cards are hidden in the position: "
                               f"give the position as {turn} sees it")
    game = "gouji" if isinstance(position, GoujiPosition) else "baohuang"
    return Observation(game, turn, "play", hand, position.legal(), str(position))


@dataclass(frozen=True)
class ClimbingAnalysis:
    turn: str
    objective: str
    moves: list[tuple[str, float, float, int]]  # action, mean, sd, worlds; best first

    @property
    def best(self) -> str:
        return self.moves[0][0]

    def to_dict(self) -> dict[str, Any]:
        return {"turn": self.turn, "best": self.best, "objective": self.objective,
                "moves": [{"move": a, "mean": round(m, 4), "sd": round(s, 4), "worlds": n}
                          for a, m, s, n in self.moves]}


def analyse(position: ClimbingPosition | str, worlds: int = 128, seconds: float = 1.0,
            seed: int = 0, max_actions: int = 24) -> ClimbingAnalysis:
    """Each candidate action of the seat to act, by determinized Monte Carlo: the hidden cards
    dealt at random ``worlds`` times (stopping at ``seconds``), each action played out by the
    heuristic in the same worlds, or solved exactly once at most 8 cards are in play (as
    ``expert`` does); the mean is the seat's team's signed score (够级, rules §12.12) or the
    seat's own score (保皇, rules §13.7)."""
    if isinstance(position, str):
        position = parse_position(position)
    observation = observation_of(position)
    found = PimcBot(seed, worlds=worlds, seconds=seconds, max_actions=max_actions,
                    exact_cards=EXACT_CARDS).analyse(observation)
    objective = ("the signed score of the seat's team (rules §12.12)"
                 if isinstance(position, GoujiPosition) else "the seat's score (rules §13.7)")
    return ClimbingAnalysis(observation.seat, objective, found)
