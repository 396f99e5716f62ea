"""The names of the game's fixed choices, as string-valued enums: each member *is* its string
(``Outcome.DACHENG == "dacheng"``, ``json.dumps`` writes ``"dacheng"``, ``repr`` shows
``'dacheng'``), so code and JSON that use the documented strings keep working, while the core
holds them as C++ enums.

>>> from duidiao.play.enums import Outcome, Phase
>>> Outcome("dacheng") is Outcome.DACHENG, Phase.PLAY == "play", Phase.PLAY
(True, True, 'play')
"""

from __future__ import annotations

from enum import Enum
from typing import Any

__all__ = [
    "Declaring",
    "Dig",
    "FailedThrow",
    "FirstDeclarer",
    "KDig",
    "KittyBurial",
    "KittyPoints",
    "Ladder",
    "Outcome",
    "Phase",
    "Scoring",
    "TrumpCompare",
]


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

    @property
    def core_name(self) -> str:
        """The name of this value in the core's enum of the same name."""
        return str(self.value)


class Phase(_Named):
    """The phase of a hand (rules §6): the decision it waits for, or its end."""

    DECLARE = "declare"
    BURY = "bury"
    GRAB = "grab"
    XIAOSA = "xiaosa"
    PLAY = "play"
    OVER = "over"
    COUNTER = "counter"  # §11.8 反底: between burying and the play


PHASES = tuple(Phase)
"""The phases (each a :class:`Phase`, equal to its name), numbered as the core numbers them: in
the order of a hand but for ``counter`` (反底, rules §11.8), which comes between ``bury`` and
``play`` and is numbered last, so that the other phases keep their numbers."""


class Outcome(_Named):
    """How a hand ends (rules §7; §10.7's bands: ``guangpai`` at 0, ``xiaoguang`` 5–35,
    ``dacheng`` 40–75, ``dapo`` 80–115, ``dapo_climb`` 120 or more)."""

    GUANGPAI = "guangpai"  # 光牌
    DACHENG = "dacheng"  # 打成
    DAPO = "dapo"  # 打破
    GULUPO = "gulupo"  # 轱辘坡
    JOKER_DIG = "joker_dig"
    J_DAODI = "j_daodi"  # J到底
    Q_BANJIE = "q_banjie"  # Q半截
    K_FANTIAN = "k_fantian"  # K翻天
    K_SANJI = "k_sanji"  # K三级
    XIAOGUANG = "xiaoguang"  # §10.7: 5–35, the declarers climb 2
    DAPO_CLIMB = "dapo_climb"  # §10.7: 120 or more, the defenders take over and climb


class Dig(_Named):
    """A dig of the last trick by the defenders (抠底, rules §7)."""

    JOKER = "joker"
    LEVEL = "level"


class KDig(_Named):
    """The ``k_dig`` option (rules §7): what a level dig at K does."""

    SWAP = "swap"  # K翻天: the teams' levels swap
    TEN = "ten"  # K三级: the declarers go back to 10


class KittyPoints(_Named):
    """The ``kitty_points`` option (rules §6.3, §10.7, §11.9): whether the kitty's points go to
    the defenders who win the last trick, and multiplied by what."""

    NEVER = "never"  # the Chifeng presets
    POWER = "power"  # ×2^(1+L), L the longest tractor of the winning play (tractor)
    CARDS = "cards"  # ×2 × the cards per play (shanghai)
    COMPONENT = "component"  # min(64, 2^k), k the cards of the largest own component (§11.9)
    DOUBLE = "double"  # a flat ×2 (§11.9, the three-deck 喝血 game's)


class FailedThrow(_Named):
    """The ``failed_throw`` option (rules §5.2, §10.3): which part of a throw that does not
    stand is played."""

    LOWEST_FAILING = "lowest_failing"  # the failing component lowest in power
    LOWEST = "lowest"  # the lowest component of the whole throw, failing or not


class Ladder(_Named):
    """The ``ladder`` option (rules §3, §10.1): the levels a team climbs through."""

    A_TO_K = "A-K"  # Chifeng: A, 2, …, K
    TWO_TO_A = "2-A"  # the standard game: 2, 3, …, A

    @classmethod
    def of_core(cls, member: Any) -> Any:
        return _LADDER_OF_CORE[member.name]

    @property
    def core_name(self) -> str:
        return _CORE_OF_LADDER[self.value]


class TrumpCompare(_Named):
    """The ``trump_compare`` option (rules §5.4, §10.5): how trump plays compete."""

    FORMAT = "format"  # split into the lead's format, the primary component decides
    STRUCTURE = "structure"  # exactly the lead's components, the highest card decides


class Declaring(_Named):
    """The ``declaring`` option (rules §6.2, §10.6, §11.7): how trumps are declared."""

    CHIFENG = "chifeng"  # §6.2: singles and pairs of level cards, 翻主 without one
    STANDARD = "standard"  # §10.6: single < pair < small-joker pair < big-joker pair, or no trump
    HUANLE = "huanle"  # §11.7: 欢乐升级's ladder of pairs and triples by suit, 自保, 自反, 反主


class FirstDeclarer(_Named):
    """The ``first_declarer`` option (rules §11.7): who declares in a match's first hand."""

    STANDING = "standing"  # whoever's declaration stands at the end of the deal
    FIRST = "first"  # the first to declare (later overrides change only the trump)


class KittyBurial(_Named):
    """The ``kitty_burial`` option (rules §6.3, §10.6)."""

    FACE_UP = "face_up"  # 明埋, with 干巴锅
    FACE_DOWN = "face_down"  # only the declarer knows the kitty


class Scoring(_Named):
    """The ``scoring`` option (rules §7, §10.7): the rows that turn points into a result."""

    CHIFENG = "chifeng"  # §7: 80 and 140, 轱辘坡
    BANDS = "bands"  # §10.7: bands of 40 points


# The core names the ladders by Python names, since "A-K" is not one.
_CORE_OF_LADDER = {"A-K": "a_to_k", "2-A": "two_to_a"}
_LADDER_OF_CORE = {core: Ladder(value) for value, core in _CORE_OF_LADDER.items()}
