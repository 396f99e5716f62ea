"""A level of the game (升级's 级): ``Level("5")`` — the rank whose cards are the level cards.

A level is a ``str`` equal to its letter (``"A"``, ``"2"``…``"9"``, ``"T"``, ``"J"``, ``"Q"``,
``"K"``; ``"10"`` is read as ``"T"``), so it prints, compares and serialises as the letter. The
package names levels this way everywhere. Numbers are the core's, at its boundary only: the
rank of the level cards (:attr:`Level.rank`, ``0 = '2'`` … ``12 = 'A'``), and a level's place on
a rules' ladder (:meth:`duidiao.Rules.position`: ``A…K`` in Chifeng, ``2…A`` in the standard
game, rules §3, §10.1).

>>> from duidiao import Level
>>> Level("10"), Level("q").rank, Level("5") == "5"
('T', 10, True)
"""

from __future__ import annotations

from typing import Union

from duidiao.play._limits import quote

__all__ = ["Level", "LevelLike", "LETTERS"]

LETTERS = "23456789TJQKA"
"""Every level's letter, by the rank of its level cards (``0 = '2'`` … ``12 = 'A'``)."""


class Level(str):
    """A level, by its letter. ``Level(text)`` reads a letter (any case, ``10`` for ``T``);
    anything else is a ValueError naming it (a number too: the same number names different
    levels on different ladders)."""

    __slots__ = ()

    def __new__(cls, value: LevelLike) -> Level:
        if type(value) is Level:
            return value
        if isinstance(value, str):
            text = value.strip().upper()
            if text == "10":
                text = "T"
            found = _BY_LETTER.get(text)
            if found is not None:
                return found
            raise ValueError(f"{quote(value)} is not a level (A, 2-9, T or 10, J, Q, K)")
        raise ValueError(
            f"{quote(value)} is not a level: give its letter (A, 2-9, T, J, Q, K); a number "
            "names different levels on different ladders"
        )

    @property
    def rank(self) -> int:
        """The rank of its level cards, as the core numbers ranks (``0 = '2'`` … ``12 = 'A'``)."""
        return LETTERS.index(self)

    def __reduce__(self) -> tuple[type[Level], tuple[str]]:
        return (Level, (str(self),))


_BY_LETTER: dict[str, Level] = {letter: str.__new__(Level, letter) for letter in LETTERS}

LevelLike = Union[Level, str]
"""A level, or its letter."""
