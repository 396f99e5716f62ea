"""What a climbing-game player is shown when asked to act: the one thing a bot decides from."""

from __future__ import annotations

from dataclasses import dataclass

from duidiao.play.climbing.cards import Pile

__all__ = ["Observation"]


@dataclass(frozen=True)
class Observation:
    game: str  # "gouji" or "baohuang"
    seat: str
    phase: str  # gouji: revolt, renounce, play; baohuang: grab, call, forced, declare, play
    hand: Pile
    legal: list[str]
    view: str | None  # in play, the position as this seat may know it
