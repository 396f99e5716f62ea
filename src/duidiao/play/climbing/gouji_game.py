"""A whole 够级 hand (rules §12.3–§12.13): the deal, 上班, 革命, then the play of
:class:`GoujiPosition`; and what each seat may see of it (rules §12.15).

>>> from duidiao.play.climbing.gouji_game import GoujiGame
>>> game = GoujiGame.deal("gouji-basic", seed=1)
>>> game.phase, game.to_act, len(game.legal()) > 1
('play', 'A', True)
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace

from duidiao import _climb
from duidiao.play.climbing.cards import Pile
from duidiao.play.climbing.deal import Card, draw, pile_of_cards, shuffled
from duidiao.play.climbing.gouji import SEATS, GoujiPosition
from duidiao.play.climbing.observation import Observation
from duidiao.play.climbing.options import GAMES
from duidiao.play.errors import IllegalMoveError

__all__ = ["GoujiGame", "shangban"]

PHASES = ("revolt", "renounce", "play", "over")


def shangban(hands: list[list[Card]], first: int) -> tuple[int, int, int] | None:
    """上班 (rules §12.4, in the core): the seat that leads the first round, the suit and the
    number of its shown 3s; None when nobody holds two 3s of one suit (a redeal). Between equal
    numbers, the hand that reached it first in the drawing order."""
    leader, suit, count = _climb.shangban([list(c) for c in hands], first)
    return None if leader < 0 else (leader, suit, count)


@dataclass
class GoujiGame:
    preset: str
    seed: int | str | None
    first_drawer: int
    cards: list[list[Card]]  # the deal that is played, with suits
    leader: int  # 上班
    shown: tuple[int, int]  # the 上班 player's shown 3s: (suit, how many)
    redeals: int = 0
    deal_start: int = 0  # where the decisions of the deal played begin in the history
    revolt_order: tuple[int, ...] = ()  # who may revolt, in the order asked
    revolts: list[int] = field(default_factory=list)
    asked: int = 0
    phase: str = "play"
    renounced: bool = False
    position: GoujiPosition | None = None
    history: list[tuple[str, str, str]] = field(default_factory=list)
    _rng: random.Random = field(default_factory=random.Random, repr=False)
    _dealt: list[list[Card]] = field(default_factory=list, repr=False)

    @classmethod
    def deal(
        cls, preset: str = "gouji", seed: int | str | None = None, first_drawer: str | None = None
    ) -> GoujiGame:
        if preset not in GAMES["gouji"].presets:
            raise ValueError(
                f"preset: {preset!r} is not a 够级 preset ({', '.join(GAMES['gouji'].presets)})"
            )
        rng = random.Random(seed)
        if first_drawer is not None and first_drawer not in SEATS:
            raise ValueError(f"first_drawer: {first_drawer!r} is not a seat ({' '.join(SEATS)})")
        first = SEATS.index(first_drawer) if first_drawer else rng.randrange(6)
        game = cls(preset, seed, first, [], 0, (0, 0), _rng=rng)
        game._new_deal()
        return game

    @property
    def options(self) -> dict[str, object]:
        return GAMES["gouji"].presets[self.preset]

    @classmethod
    def from_deal(cls, preset: str, cards: list[list[Card]], first_drawer: str) -> GoujiGame:
        """The hand of a given deal (each seat's cards in the order drawn), as a record has it."""
        game = cls.deal(preset, seed=0, first_drawer=first_drawer)
        game.history, game.redeals = [], 0
        game._new_deal(cards)
        return game

    def _new_deal(self, given: list[list[Card]] | None = None) -> None:
        while True:
            cards = given or draw(shuffled(self._rng), 6, self.first_drawer)
            found = shangban(cards, self.first_drawer)
            if found is not None:
                break
            if given is not None:
                raise ValueError("deal: nobody holds two 3s of one suit, so nobody can 上班 "
                                 "(rules §12.4): the deal is void")
            self.redeals += 1  # nobody can 上班 (rules §12.4)
        self.deal_start = len(self.history)
        self.cards = [list(c) for c in cards]
        self._dealt = [list(c) for c in cards]
        self.leader, suit, k = found
        self.shown = (suit, k)
        self.revolts = []
        self.asked = 0
        self.position = None
        order = [(self.first_drawer + i) % 6 for i in range(6)]
        if self.options["revolution"]:
            self.revolt_order = tuple(s for s in order if _may_revolt(cards[s]))
        else:
            self.revolt_order = ()
        self.phase = "revolt" if self.revolt_order else "play"
        if self.phase == "play":
            self._start_play()

    def _start_play(self) -> None:
        revolt = self.revolts[0] if self.revolts else None
        leader = self.leader
        if revolt == leader:
            leader = (leader + 1) % 6  # rules §12.4: next of him leads
        hands = tuple(pile_of_cards(c) for c in self.cards)
        self.position = GoujiPosition(
            self.preset,
            dict(self.options),
            hands,
            revolt=revolt,
            renounced=self.renounced,
            leader=leader,
        )
        self.phase = "play"

    def cards_dealt(self) -> list[list[Card]]:
        """Each seat's cards as drawn (before any card moved), in the order drawn."""
        return [list(c) for c in self._dealt]

    # -- asking and answering ------------------------------------------------------------
    @property
    def to_act(self) -> str | None:
        if self.phase == "revolt":
            return SEATS[self.revolt_order[self.asked]]
        if self.phase == "renounce":
            return SEATS[(self.revolts[0] + 3) % 6]
        assert self.position is not None
        return self.position.to_act()

    def legal(self) -> list[str]:
        if self.phase == "revolt":
            return ["stay", "revolt"]
        if self.phase == "renounce":
            return ["keep", "renounce"]
        assert self.position is not None
        return self.position.legal()

    def apply(self, action: str) -> None:
        seat = self.to_act
        if seat is None:
            raise IllegalMoveError("the hand is over")
        if self.phase in ("revolt", "renounce"):
            if action not in self.legal():
                raise IllegalMoveError(
                    f"{seat}: {action!r} is not one of {', '.join(self.legal())}"
                )
            self.history.append((self.phase, seat, action))
            if self.phase == "revolt":
                if action == "revolt":
                    self.revolts.append(SEATS.index(seat))
                self.asked += 1
                if self.asked < len(self.revolt_order):
                    return
                if len(self.revolts) >= 2:  # rules §12.13: the hand is void
                    self.redeals += 1
                    self._new_deal()
                elif self.revolts:
                    self.phase = "renounce"
                else:
                    self._start_play()
            else:
                self.renounced = action == "renounce"
                self._start_play()
            return
        assert self.position is not None
        self.position = self.position.play(action)
        self.history.append(("play", seat, action))
        if self.position.to_act() is None:
            self.phase = "over"

    def result(self) -> tuple[list[str], dict[str, int]]:
        if self.phase != "over" or self.position is None:
            raise IllegalMoveError("the hand is not over")
        return self.position.result()

    def observe(self) -> Observation:
        """What the seat to act knows and may do: its view, its hand, its options."""
        seat = self.to_act
        if seat is None:
            raise IllegalMoveError("the hand is over")
        me = SEATS.index(seat)
        hand = (
            self.position.hands[me] if self.position is not None else pile_of_cards(self.cards[me])
        )
        view = self.view(seat) if self.position is not None else None
        return Observation("gouji", seat, self.phase, hand, self.legal(), view)

    # -- what a seat sees (rules §12.15) ---------------------------------------------------
    def view(self, seat: str) -> str:
        """The position as ``seat`` may know it: its own hand, the others' sizes, the 上班
        player's shown 3s still in his hand, and (挑牌, option ``tiaopai``) a teammate's hand of
        10 cards or fewer."""
        if self.position is None:
            raise IllegalMoveError("the play has not started")
        me = SEATS.index(seat)
        p = self.position
        hands = []
        for s, hand in enumerate(p.hands):
            if s == me or (
                self.options["tiaopai"] and (s - me) % 2 == 0 and hand.size <= 10 and s != p.revolt
            ):
                hands.append(hand)
                continue
            known = [0] * 16
            if s == self.leader:
                played3 = self.cards_played(s)[1]
                known[1] = min(hand.counts[1], max(0, self.shown[1] - played3))
            hands.append(Pile(tuple(known), 0, hand.size - sum(known)))
        return str(replace(p, hands=tuple(hands), _core=None))

    def cards_played(self, seat: int) -> list[int]:
        """How many cards of each value ``seat`` has played so far."""
        assert self.position is not None
        start = pile_of_cards(self.cards[seat])
        return [a - b for a, b in zip(start.counts, self.position.hands[seat].counts)]


def _may_revolt(cards: list[Card]) -> bool:
    """革命 is open to a hand without BJ, SJ or 2 (rules §12.13, in the core)."""
    return _climb.may_revolt(list(cards))
