"""The names of the game's fixed choices, as string-valued enums: each member *is* its string
(``Outcome.DACHENG == "dacheng"``, ``json.dumps`` writes ``"dacheng"``, ``repr`` shows
``'dacheng'``), so code and JSON that use the documented strings keep working, while the core
holds them as C++ enums.

>>> from duidiao.enums import Outcome, Phase
>>> Outcome("dacheng") is Outcome.DACHENG, Phase.PLAY == "play", Phase.PLAY
(True, True, 'play')
"""

from __future__ import annotations

from enum import Enum
from typing import Any

__all__ = ["Dig", "FailedThrow", "KDig", "KittyPoints", "Outcome", "Phase"]


class _Named(str, Enum):
    """A member equal to, printed as and hashed like its string."""

    def __str__(self) -> str:
        return str(self.value)

    def __repr__(self) -> str:  # as the string it stands for: printed results read as before
        return repr(self.value)

    def __format__(self, spec: str) -> str:
        return format(str(self.value), spec)

    __hash__ = str.__hash__

    @classmethod
    def of_core(cls, member: Any) -> Any:
        """The member of a ``_core`` enum value (the core names its values by these strings)."""
        return cls(member.name)


class Phase(_Named):
    """The phase of a hand (rules §6): the decision it waits for, or its end."""

    DECLARE = "declare"
    BURY = "bury"
    GRAB = "grab"
    XIAOSA = "xiaosa"
    PLAY = "play"
    OVER = "over"


class Outcome(_Named):
    """How a hand ends (rules §7)."""

    GUANGPAI = "guangpai"  # 光牌
    DACHENG = "dacheng"  # 打成
    DAPO = "dapo"  # 打破
    GULUPO = "gulupo"  # 轱辘坡
    JOKER_DIG = "joker_dig"
    J_DAODI = "j_daodi"  # J到底
    Q_BANJIE = "q_banjie"  # Q半截
    K_FANTIAN = "k_fantian"  # K翻天
    K_SANJI = "k_sanji"  # K三级


class Dig(_Named):
    """A dig of the last trick by the defenders (抠底, rules §7)."""

    JOKER = "joker"
    LEVEL = "level"


class KDig(_Named):
    """The ``k_dig`` option (rules §7): what a level dig at K does."""

    SWAP = "swap"  # K翻天: the teams' levels swap
    TEN = "ten"  # K三级: the declarers go back to 10


class KittyPoints(_Named):
    """The ``kitty_points`` option (rules §6.3): when the kitty's points count."""

    NEVER = "never"


class FailedThrow(_Named):
    """The ``failed_throw`` option (rules §5.2, §10.3): which part of a throw that does not
    stand is played."""

    LOWEST_FAILING = "lowest_failing"  # the failing component lowest in power
    LOWEST = "lowest"  # the lowest component of the whole throw, failing or not
