"""A whole 保皇 hand (rules §13.2–§13.7): the deal, choosing the emperor and the guard (抢庄,
叫庄, 让庄, 逼庄, 黄庄, 明保 / 明独), then the play of :class:`BaohuangPosition`; and what each
seat may see of it.

>>> from duidiao.play.climbing.baohuang_game import BaohuangGame
>>> game = BaohuangGame.deal("baohuang-basic", seed=3)
>>> game.phase
'call'
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace

from duidiao import _climb
from duidiao.play.climbing.baohuang import MODES, SEATS, BaohuangPosition
from duidiao.play.climbing.cards import BJ, NAMES, SJ, VALUES, Face, Pile
from duidiao.play.climbing.deal import SUIT_LETTERS, Card, draw, pile_of_cards, shuffled
from duidiao.play.climbing.observation import Observation
from duidiao.play.climbing.options import GAMES
from duidiao.play.errors import IllegalMoveError

__all__ = ["BaohuangGame", "face_text", "read_face"]

MARKED: Card = (BJ, 4)


def face_text(face: tuple[int, int]) -> str:
    value, suit = face
    return NAMES[value] + (SUIT_LETTERS[suit] if suit >= 0 else "")


def read_face(text: str) -> tuple[int, int]:
    if text in ("BJ", "SJ"):
        return (VALUES[text], -1)
    if len(text) == 2 and text[0] in VALUES and text[1] in SUIT_LETTERS and VALUES[text[0]] < SJ:
        return (VALUES[text[0]], SUIT_LETTERS.index(text[1]))
    raise IllegalMoveError(f"call: {text!r} is not a face (a rank and a suit, 9C, or BJ or SJ)")


@dataclass
class BaohuangGame:
    preset: str
    seed: int | str | None
    first_drawer: int
    cards: list[list[Card]] = field(default_factory=list)
    redeals: int = 0
    deal_start: int = 0  # where the decisions of the deal played begin in the history
    phase: str = "call"  # grab, call, forced, declare, play, over
    holder: int = 0  # who holds the marked BJ now
    first_holder: int = 0
    asked: int = 0
    emperor: int | None = None
    call: tuple[int, int] | None = None
    mode: str = "dark"
    position: BaohuangPosition | None = None
    history: list[tuple[str, str, str]] = field(default_factory=list)
    _rng: random.Random = field(default_factory=random.Random, repr=False)
    _forced: int | None = None
    _dealt: list[list[Card]] = field(default_factory=list, repr=False)

    @classmethod
    def deal(
        cls,
        preset: str = "baohuang",
        seed: int | str | None = None,
        first_drawer: str | None = None,
    ) -> BaohuangGame:
        if preset not in GAMES["baohuang"].presets:
            raise ValueError(
                f"preset: {preset!r} is not a 保皇 preset ({', '.join(GAMES['baohuang'].presets)})"
            )
        if first_drawer is not None and first_drawer not in SEATS:
            raise ValueError(f"first_drawer: {first_drawer!r} is not a seat ({' '.join(SEATS)})")
        rng = random.Random(seed)
        first = SEATS.index(first_drawer) if first_drawer else rng.randrange(5)
        game = cls(preset, seed, first, _rng=rng)
        game._new_deal()
        return game

    @property
    def options(self) -> dict[str, object]:
        return GAMES["baohuang"].presets[self.preset]

    @classmethod
    def from_deal(cls, preset: str, cards: list[list[Card]], first_drawer: str) -> BaohuangGame:
        """The hand of a given deal (each seat's cards in the order drawn), as a record has it."""
        if sum(c.count(MARKED) for c in cards) != 1:
            raise ValueError("deal: one big joker must be the marked emperor card BJ* "
                             "(rules §13.2)")
        game = cls.deal(preset, seed=0, first_drawer=first_drawer)
        game.history, game.redeals = [], 0
        game._new_deal(cards)
        return game

    def _new_deal(self, given: list[list[Card]] | None = None) -> None:
        self.deal_start = len(self.history)
        self.cards = ([list(c) for c in given] if given is not None
                      else draw(shuffled(self._rng, marked=True), 5, self.first_drawer))
        self._dealt = [list(c) for c in self.cards]
        self.first_holder = self.holder = next(s for s in range(5) if MARKED in self.cards[s])
        self.asked = 0
        self.emperor = self.call = None
        self.mode = "dark"
        self.position = None
        self.phase = "grab" if self.options["grab"] else "call"

    def _clockwise(self, k: int) -> int:
        """The k-th seat clockwise from the first holder (rules §13.1: 让庄 goes clockwise)."""
        return (self.first_holder - k) % 5

    def _give_marked(self, seat: int) -> None:
        self.cards[self.holder].remove(MARKED)
        self.cards[seat].append(MARKED)
        self.holder = seat

    def cards_dealt(self) -> list[list[Card]]:
        """Each seat's cards as drawn (before any card moved), in the order drawn."""
        return [list(c) for c in self._dealt]

    # -- asking and answering ----------------------------------------------------------------
    # Each phase (rules §13.3: 抢庄, 叫庄 and 让庄, 逼庄, 明保 / 明独; then the play) is a step of
    # its own: `_asked_<phase>` says who is asked, `_options_<phase>` what he may answer and
    # `_answer_<phase>` what the answer does.
    @property
    def to_act(self) -> str | None:
        seat: int | None = getattr(self, f"_asked_{self.phase}")()
        return None if seat is None else SEATS[seat]

    def legal(self) -> list[str]:
        seat = self.to_act
        if seat is None:
            return []
        options: list[str] = getattr(self, f"_options_{self.phase}")(SEATS.index(seat))
        return options

    def apply(self, action: str) -> None:
        seat = self.to_act
        if seat is None:
            raise IllegalMoveError("the hand is over")
        phase = self.phase
        if phase != "play" and action not in self.legal():
            raise IllegalMoveError(f"{seat}: {action!r} is not one of {', '.join(self.legal())}")
        self.history.append((phase, seat, action))
        try:
            getattr(self, f"_answer_{phase}")(SEATS.index(seat), action)
        except ValueError:
            self.history.pop()  # refused: nothing changed
            raise

    def _asked_grab(self) -> int:
        return self._clockwise(self.asked)

    _asked_call = _asked_grab

    def _asked_forced(self) -> int:
        assert self._forced is not None
        return self._forced

    def _asked_declare(self) -> int:
        # The guard declares 明保; in 独保 the emperor is his own guard and declares 明独.
        assert self.emperor is not None and self.call is not None
        return _climb.guard_of([list(c) for c in self.cards], self.emperor, self.call)

    def _asked_play(self) -> int | None:
        assert self.position is not None
        seat = self.position.to_act()
        return None if seat is None else SEATS.index(seat)

    def _asked_over(self) -> None:
        return None

    def _options_grab(self, me: int) -> list[str]:
        return ["pass", "grab"]

    def _options_call(self, me: int) -> list[str]:
        faces = _climb.callable_faces(list(self.cards[me]))
        return ["pass"] + [f"call {face_text(f)}" for f in faces]

    def _options_forced(self, me: int) -> list[str]:
        faces = _climb.callable_faces(list(self.cards[me]), exactly_three=True)
        return [f"call {face_text(f)}" for f in faces]

    def _options_declare(self, me: int) -> list[str]:
        return ["dark", "open"]

    def _options_play(self, me: int) -> list[str]:
        assert self.position is not None
        return self.position.legal()

    def _answer_play(self, me: int, action: str) -> None:
        assert self.position is not None
        self.position = self.position.play(action)
        if self.position.to_act() is None:
            self.phase = "over"

    def _answer_grab(self, me: int, action: str) -> None:
        if action == "grab":  # 抢庄: alone against four (rules §13.3)
            self._give_marked(me)
            self.emperor, self.mode = me, "grab"
            self._start_play()
            return
        self.asked += 1
        if self.asked == 5:
            self.phase, self.asked = "call", 0

    def _answer_call(self, me: int, action: str) -> None:
        if action.startswith("call "):
            self._give_marked(me)
            self.emperor, self.call = me, read_face(action[5:])
            self._after_call()
            return
        self.asked += 1  # 让庄: the card goes on clockwise
        if self.asked < 5:
            self._give_marked(self._clockwise(self.asked))
            return
        self._give_marked(self.first_holder)
        forced = _climb.forced_caller([list(c) for c in self.cards], self.first_holder)
        if forced < 0:  # 黄庄: redeal (rules §13.3)
            self.redeals += 1
            self._new_deal()
            return
        self._forced, self.phase = forced, "forced"

    _answer_forced = _answer_call

    def _answer_declare(self, me: int, action: str) -> None:
        solo = self._asked_declare() == self.emperor
        self.mode = ("solo-open" if solo else "open") if action == "open" else "dark"
        self._start_play()

    def _after_call(self) -> None:
        if self.options["open_guard"]:
            self.phase = "declare"
        else:
            self._start_play()

    def _start_play(self) -> None:
        assert self.emperor is not None
        call = None
        guard = None
        if self.call is not None:
            call = Face(self.call[0], SUIT_LETTERS[self.call[1]] if self.call[1] >= 0 else " ")
            guard = self._asked_declare()  # the guard: whoever holds the other copies
        hands = tuple(pile_of_cards(c, self.call) for c in self.cards)
        self.position = BaohuangPosition(
            self.preset,
            dict(self.options),
            self.emperor,
            call,
            self.mode,
            guard,
            hands,
            leader=self.emperor,
        )
        self.phase = "play"

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
            self.position.hands[me]
            if self.position is not None
            else pile_of_cards(self.cards[me], self.call)
        )
        view = self.view(seat) if self.position is not None else None
        return Observation("baohuang", seat, self.phase, hand, self.legal(), view)

    # -- what a seat sees ------------------------------------------------------------------------
    def view(self, seat: str) -> str:
        """The position as ``seat`` may know it: its own hand, the others' sizes, the emperor's
        three shown copies of the called face still in his hand, and the guard once he is known
        to ``seat`` (明保, 明独, his own seat, or a copy of the called face played)."""
        if self.position is None:
            raise IllegalMoveError("the play has not started")
        me = SEATS.index(seat)
        p = self.position
        hands = []
        for s, hand in enumerate(p.hands):
            if s == me:
                hands.append(hand)
                continue
            called = 0
            if s == p.emperor and p.call is not None:
                start = pile_of_cards(self.cards[s], self.call)
                called = min(hand.called, max(0, 3 - (start.called - hand.called)))
            known = [0] * 16
            if called and p.call is not None:
                known[p.call.value] = called
            hands.append(Pile(tuple(known), called, hand.size - called))
        guard = p.guard
        if p.mode == "dark" and guard is not None and me != guard:
            start_guard = pile_of_cards(self.cards[guard], self.call)
            shown = guard != p.emperor and p.hands[guard].called < start_guard.called
            guard = guard if shown else None
        return str(replace(p, hands=tuple(hands), guard=guard, _core=None))


assert MODES  # the modes a position may be in
