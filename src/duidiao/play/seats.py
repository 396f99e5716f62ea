"""Seats and teams, defined per family of games: who sits where, who plays next, and who
plays with whom.

The trick-taking games (升级: Chifeng, the standard game) seat four players ``S E N W`` in
playing order, partners opposite: ``NS`` against ``EW``. The climbing games of the same cards
seat more: 够级 six, ``A``…``F``, in two alternating teams of three; 保皇 five, ``A``…``E``, whose
sides (the emperor and his guard against the rebels) depend on the hand, so their seats alone
make no team. Every module asks these objects; none counts seats or computes a team itself.

>>> from duidiao.play.seats import TRICK_SEATS
>>> TRICK_SEATS.team_of("W"), TRICK_SEATS.next("W"), TRICK_SEATS.partner("E")
('EW', 'S', 'W')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from duidiao.play._limits import quote

__all__ = ["Seating", "TRICK_SEATS", "GOUJI_SEATS", "BAOHUANG_SEATS"]


@dataclass(frozen=True)
class Seating:
    """The seats of a family: ``letters`` in playing order, and ``teams`` (team name → its seats)
    when seats alone make them, else None (sides chosen by the hand)."""

    letters: str
    teams: Mapping[str, str] | None = field(default=None, hash=False)

    def __post_init__(self) -> None:
        if self.teams is not None:
            object.__setattr__(self, "teams", MappingProxyType(dict(self.teams)))
            seated = "".join(sorted("".join(self.teams.values())))
            assert seated == "".join(sorted(self.letters)), "every seat in exactly one team"

    @property
    def count(self) -> int:
        return len(self.letters)

    def index(self, seat: str | int, what: str = "seat") -> int:
        """A seat's number (its place in playing order), from its letter (any case) or
        number; ValueError naming ``what`` otherwise."""
        if isinstance(seat, int) and not isinstance(seat, bool):
            if 0 <= seat < self.count:
                return seat
        elif isinstance(seat, str) and len(seat) == 1 and seat.upper() in self.letters:
            return self.letters.index(seat.upper())
        raise ValueError(f"{what}: {quote(seat)} is not a seat ({', '.join(self.letters)})")

    def seat(self, seat: str | int, what: str = "seat") -> str:
        """A seat's letter, from its letter (any case) or number."""
        return self.letters[self.index(seat, what)]

    def next(self, seat: str | int, steps: int = 1) -> str:
        """The seat ``steps`` turns after ``seat`` in playing order (下家 for one)."""
        return self.letters[(self.index(seat) + steps) % self.count]

    def team_of(self, seat: str | int) -> str:
        """The team of a seat, when seats make the teams (else ValueError: the hand does)."""
        if self.teams is None:
            raise ValueError("in this game the hand, not the seat, decides the sides")
        letter = self.seat(seat)
        return next(team for team, seats in self.teams.items() if letter in seats)

    def team_number(self, seat: str | int) -> int:
        """The team's place in ``teams`` (0 for ``NS``, 1 for ``EW``): the core's number."""
        assert self.teams is not None
        return list(self.teams).index(self.team_of(seat))

    def partner(self, seat: str | int) -> str:
        """The other seat of a team of two."""
        assert self.teams is not None
        seats = self.teams[self.team_of(seat)]
        assert len(seats) == 2, "partner: teams of two only"
        letter = self.seat(seat)
        return seats[1] if seats[0] == letter else seats[0]


TRICK_SEATS = Seating("SENW", {"NS": "SN", "EW": "EW"})
"""Shengji's four seats (rules §1): partners opposite, NS against EW."""
GOUJI_SEATS = Seating("ABCDEF", {"ACE": "ACE", "BDF": "BDF"})
"""够级's six seats (rules §12.1): two teams of three, every other seat."""
BAOHUANG_SEATS = Seating("ABCDE")
"""保皇's five seats (rules §13.1): the sides are decided in the hand."""
