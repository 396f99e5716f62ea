"""The result of a finished hand (rules §7)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .cards import LEVELS, SEATS
from .enums import Dig, Outcome

if TYPE_CHECKING:
    from .rules import Rules

__all__ = ["HandResult"]


@dataclass(frozen=True)
class HandResult:
    """What a finished hand decides (rules §7, §8).

    - ``points``: the defenders' points from tricks (*P*).
    - ``dig``: ``None``, ``"joker"`` or ``"level"`` (抠底): a :class:`~duidiao.enums.Dig`.
    - ``outcome``: ``"guangpai"``, ``"dacheng"``, ``"dapo"``, ``"gulupo"``, ``"joker_dig"``,
      ``"j_daodi"``, ``"q_banjie"``, ``"k_fantian"`` or ``"k_sanji"``: an
      :class:`~duidiao.enums.Outcome` (each member equal to its string).
    - ``levels``: team (``"NS"``, ``"EW"``) → level letter after the hand.
    - ``scores``: team → hand score (§7.2).
    - ``next_declarer``: seat letter (§8.4). ``declarers_stay``: the declaring team stays.
    - ``match_won``: the declaring team won the match at K (§8.3).
    - ``kitty_jokers_climb``: levels added by the 潇洒 jokers (0 when the kitty was dry).
    """

    points: int
    dig: Dig | None
    outcome: Outcome
    levels: dict[str, str] = field(hash=False)
    scores: dict[str, int] = field(hash=False)
    next_declarer: str
    match_won: bool
    kitty_jokers_climb: int
    declarers_stay: bool

    @classmethod
    def from_core(cls, core: Any, rules: Rules | None = None) -> HandResult:
        """Convert a ``_core.HandResult`` of a hand under ``rules`` (the core numbers levels
        by their place on the rules' ladder; default the Chifeng presets')."""
        dig = core.dig.name
        letters = LEVELS if rules is None else rules.ladder_letters
        return cls(
            points=int(core.points),
            dig=None if dig == "none" else Dig(dig),
            outcome=Outcome.of_core(core.outcome),
            levels={"NS": letters[core.level_ns], "EW": letters[core.level_ew]},
            scores={"NS": int(core.score_ns), "EW": int(core.score_ew)},
            next_declarer=SEATS[core.next_declarer],
            match_won=bool(core.match_won),
            kitty_jokers_climb=int(core.kitty_jokers_climb),
            declarers_stay=bool(core.declarers_stay),
        )

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {
            "points": self.points,
            "dig": None if self.dig is None else self.dig.value,
            "outcome": self.outcome.value,
            "levels": dict(self.levels),
            "scores": dict(self.scores),
            "next_declarer": self.next_declarer,
            "match_won": self.match_won,
            "kitty_jokers_climb": self.kitty_jokers_climb,
            "declarers_stay": self.declarers_stay,
        }
