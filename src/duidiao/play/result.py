"""The result of a finished hand (rules §7, §10.7)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from duidiao import _core
from duidiao.play.cards import SEATS
from duidiao.play.enums import Dig, Outcome
from duidiao.play.level import Level

if TYPE_CHECKING:
    from duidiao.play.rules import Rules

__all__ = ["HandResult"]


@dataclass(frozen=True)
class HandResult:
    """What a finished hand decides (rules §7, §8, §10.7).

    - ``points``: the defenders' points: *P* from tricks, plus the kitty's bonus when the
      rules count it (*T* of §10.7).
    - ``dig``: ``None``, ``"joker"`` or ``"level"`` (抠底): a :class:`~duidiao.play.enums.Dig`.
    - ``outcome``: ``"guangpai"``, ``"dacheng"``, ``"dapo"``, ``"gulupo"``, ``"joker_dig"``,
      ``"j_daodi"``, ``"q_banjie"``, ``"k_fantian"``, ``"k_sanji"``, and with §10.7's bands
      ``"xiaoguang"`` and ``"dapo_climb"``: an :class:`~duidiao.play.enums.Outcome` (each member
      equal to its string).
    - ``levels``: team (``"NS"``, ``"EW"``) → level letter after the hand.
    - ``scores``: team → hand score (§7.2).
    - ``next_declarer``: seat letter (§8.4). ``declarers_stay``: the declaring team stays.
    - ``match_won``: the declaring team won the match at K (§8.3).
    - ``kitty_jokers_climb``: levels added by the 潇洒 jokers (0 when the kitty was dry).
    - ``kitty_points``: the final kitty's own face points; ``kitty_multiplier``: what they
      counted times for the defenders (rules §10.7, ``kitty_points``), 0 when they counted for
      nobody (rules that never count them, or the declaring team won the last trick). The
      kitty's points are known from the kitty, so results compare without them (records
      written before the field carry none).
    - ``stake`` and ``base``: with ``stakes`` (rules §11.9), the hand's stake *s* = 2^d and base
      *X*; the scores are then +s·X for the hand's winners and -s·X for the others. 1 and 0
      without stakes.
    """

    points: int
    dig: Dig | None
    outcome: Outcome
    levels: dict[str, Level] = field(hash=False)
    scores: dict[str, int] = field(hash=False)
    next_declarer: str
    match_won: bool
    kitty_jokers_climb: int
    declarers_stay: bool
    kitty_points: int = field(default=0, compare=False)
    kitty_multiplier: int = 0
    stake: int = 1
    base: int = 0

    @classmethod
    def from_core(cls, core: _core.HandResult, rules: Rules) -> HandResult:
        """Convert a ``_core.HandResult`` of a hand under ``rules`` (the core numbers levels
        by their place on the rules' ladder)."""
        dig = core.dig.name
        return cls(
            points=int(core.points),
            dig=None if dig == "none" else Dig(dig),
            outcome=Outcome.of_core(core.outcome),
            levels={"NS": rules.level_at(core.level_ns), "EW": rules.level_at(core.level_ew)},
            scores={"NS": int(core.score_ns), "EW": int(core.score_ew)},
            next_declarer=SEATS[core.next_declarer],
            match_won=bool(core.match_won),
            kitty_jokers_climb=int(core.kitty_jokers_climb),
            declarers_stay=bool(core.declarers_stay),
            kitty_points=int(core.kitty_points),
            kitty_multiplier=int(core.kitty_multiplier),
            stake=int(core.stake),
            base=int(core.base),
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
            "kitty_points": self.kitty_points,
            "kitty_multiplier": self.kitty_multiplier,
            # rules §11.9, only where the rules have stakes (older records stay as they were)
            **({"stake": self.stake, "base": self.base} if self.base else {}),
        }
