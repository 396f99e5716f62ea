"""One whole hand, deal to result (rules §6, §7): a typed facade over ``_core.Game``.

>>> import duidiao
>>> game = duidiao.Game.deal(seed=7, declarer="S")
>>> game.phase, game.first_drawer
('declare', 'S')

The game stops at each decision: :attr:`Game.phase` says which (``"declare"``, ``"bury"``,
``"grab"``, ``"xiaosa"``, ``"play"``, ``"over"``) and :attr:`Game.to_act` whose. Drawing, 翻主,
干巴锅 and every step without a choice happen by themselves. Each decision method checks the
decision first; an illegal one raises :class:`duidiao.IllegalMoveError` naming the seat and the
decision, and changes nothing. Every applied decision is appended to :attr:`Game.history`, from
which :class:`duidiao.Record` writes the hand.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, TypeVar, Union

import numpy as np

from duidiao import _core
from duidiao.play.builds import engine_module
from duidiao.play.cards import (
    SEATS,
    TRUMP_LETTERS,
    Card,
    CardLike,
    Cards,
    _planes_of,
    too_many_copies,
)
from duidiao.play.decisions import Decision
from duidiao.play.decisions import apply as _apply_decision
from duidiao.play.declarations import Declaration, DeclareOption, Grab, Xiaosa
from duidiao.play.enums import PHASES, Phase
from duidiao.play.errors import IllegalMoveError
from duidiao.play.level import Level, LevelLike
from duidiao.play.notation import TEAMS
from duidiao.play.observation import Observation, _play_position, _sorted_moves, _tricks_of
from duidiao.play.position import CardChoice, Move, MoveLike, Position, Trick, _chosen_cards
from duidiao.play.result import HandResult
from duidiao.play.rules import DECLARE_KINDS, Rules
from duidiao.play.seats import TRICK_SEATS
from duidiao.play.sizes import FACES

__all__ = [
    "Game",
    "Observation",
    "Declaration",
    "DeclareOption",
    "Grab",
    "Xiaosa",
    "Decision",
    "PHASES",
]

_IN_PLAY = (Phase.PLAY, Phase.OVER)

_T = TypeVar("_T")

LevelsLike = Union[Mapping[str, LevelLike], Sequence[LevelLike], None]


_seat_number = TRICK_SEATS.index


def _level(level: LevelLike, what: str = "level") -> Level:
    try:
        return Level(level)
    except ValueError as exc:
        raise ValueError(f"{what}: {exc}") from None


def _levels_pair(levels: LevelsLike) -> tuple[Level, Level]:
    assert levels is not None
    if isinstance(levels, Mapping):
        unknown = set(levels) - set(TEAMS)
        if unknown or len(levels) != 2:
            raise ValueError(f"levels: give both teams, e.g. {{'NS': 'A', 'EW': '5'}}: {levels!r}")
        return (_level(levels["NS"], "levels: NS"), _level(levels["EW"], "levels: EW"))
    if isinstance(levels, str) or len(levels) != 2:
        raise ValueError(f"levels: give both teams (NS, EW): {levels!r}")
    return (_level(levels[0], "levels: NS"), _level(levels[1], "levels: EW"))


def _rules_of(rules: Rules | str) -> Rules:
    if isinstance(rules, Rules):
        return rules
    return Rules.preset(rules)


def _check_deck(cards: Sequence[Card], rules: Rules) -> None:
    """A deck is the rules' packs, each card as often as there are packs (rules §11.1)."""
    sizes = rules.sizes
    if len(cards) != sizes.deck_cards:
        raise ValueError(f"deck: {sizes.deck_cards} cards, not {len(cards)}")
    faces = [card.id for card in cards]
    _, over = _planes_of(faces, sizes.decks)
    if over is not None:  # one face too often: with the right total, another is missing
        raise ValueError(
            f"deck: {too_many_copies(over, faces.count(over), sizes.decks, rules.name)}")


def _cards_of(value: Cards | str | Iterable[CardLike], what: str) -> Cards:
    if isinstance(value, Cards):
        return value
    try:
        return Cards(value)
    except ValueError as exc:
        raise IllegalMoveError(f"{what}: {exc}") from None



# -- the game -----------------------------------------------------------------------------


class Game:
    """One hand from the first card drawn to the result.

    ``Game(deck, first_drawer, rules=..., declarer=None, levels=None)`` with ``deck`` the 108
    cards in drawing order (``deck[0]`` is drawn first by ``first_drawer``, then in turn order;
    the last 8 are the kitty, the last card its bottom), or :meth:`Game.deal` for a seeded
    shuffle. ``levels`` default to the foot of the rules' ladder (A, or 2 in the standard
    game). ``declarer=None`` is a match's first hand (抢庄: whoever's declaration stands
    declares; both teams at the same level); otherwise the declarer is fixed (§8.4) and the
    hand is played at its team's level.
    """

    def __init__(
        self,
        deck: Sequence[CardLike] | Cards | str,
        first_drawer: str | int,
        *,
        rules: Rules | str = "chifeng",
        declarer: str | int | None = None,
        levels: LevelsLike = None,
    ) -> None:
        if isinstance(deck, str):
            cards = [Card.parse(token) for token in deck.split(",")] if deck else []
        else:
            cards = [Card(c) for c in deck]
        self._rules = _rules_of(rules)
        self._rules.check_game_supported()  # the one check: the core's and Python's (rules §11)
        _check_deck(cards, self._rules)
        self._deck = tuple(cards)
        self._first_drawer = _seat_number(first_drawer, "first_drawer")
        self._fixed_declarer = None if declarer is None else _seat_number(declarer, "declarer")
        foot = self._rules.foot  # both teams at the foot of the rules' ladder
        self._levels = (foot, foot) if levels is None else _levels_pair(levels)
        core = engine_module(self._rules)
        try:
            self._core = core.Game(
                self._rules.to_core(),
                [c.id for c in cards],
                self._first_drawer,
                -1 if self._fixed_declarer is None else self._fixed_declarer,
                self._rules.position(self._levels[0]),
                self._rules.position(self._levels[1]),
            )
        except core.CoreError as exc:
            raise ValueError(str(exc)) from None
        self._history: list[Decision] = []

    @classmethod
    def deal(
        cls,
        seed: int | str | None = None,
        *,
        deck: Sequence[CardLike] | Cards | str | None = None,
        rules: Rules | str = "chifeng",
        first_drawer: str | int | None = None,
        declarer: str | int | None = None,
        levels: LevelsLike = None,
    ) -> Game:
        """A new hand. Without ``deck``, the 108 cards are shuffled with
        ``random.Random(seed)``. ``first_drawer`` defaults to the declarer when it is fixed
        (§6.1: the declarer draws first), else to a seat drawn from the same generator."""
        rng = random.Random(seed)
        if deck is None:
            copies = _rules_of(rules).decks
            faces = [face for face in range(FACES) for _ in range(copies)]
            rng.shuffle(faces)
            deck = [Card(face) for face in faces]
        if first_drawer is None:
            # checked here, so that a bad declarer is named as such, not as first_drawer
            first_drawer = (
                _seat_number(declarer, "declarer") if declarer is not None else rng.randrange(4)
            )
        return cls(deck, first_drawer, rules=rules, declarer=declarer, levels=levels)

    # -- state ---------------------------------------------------------------------------
    @property
    def phase(self) -> Phase:
        """``"declare"``, ``"bury"``, ``"counter"`` (反底, rules §11.8), ``"grab"``,
        ``"xiaosa"``, ``"play"`` or ``"over"`` (a :class:`~duidiao.play.enums.Phase`, equal to
        its name)."""
        return Phase.of_core(self._core.phase)

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def to_act(self) -> str | None:
        """The seat to decide; None once the hand is over."""
        if self.is_over:
            return None
        return SEATS[int(self._core.to_act)]

    @property
    def rules(self) -> Rules:
        return self._rules

    @property
    def deck(self) -> tuple[Card, ...]:
        """The 108 cards in drawing order."""
        return self._deck

    @property
    def first_drawer(self) -> str:
        return SEATS[self._first_drawer]

    @property
    def fixed_declarer(self) -> str | None:
        """The declarer fixed before the deal (§8.4), None in a first hand (抢庄)."""
        return None if self._fixed_declarer is None else SEATS[self._fixed_declarer]

    @property
    def levels(self) -> dict[str, Level]:
        """The teams' levels before the hand."""
        return {TEAMS[t]: self._levels[t] for t in range(2)}

    @property
    def level(self) -> Level:
        """The level of the hand (the declaring team's)."""
        return self._rules.level_at(int(self._core.level))

    @property
    def trump(self) -> str | None:
        """The trump suit letter, None while declaring."""
        trump = int(self._core.trump)
        return None if trump < 0 else TRUMP_LETTERS[trump]

    @property
    def declarer(self) -> str | None:
        """The declarer, None while unknown (a first hand, still declaring)."""
        declarer = int(self._core.declarer)
        return None if declarer < 0 else SEATS[declarer]

    @property
    def drawn(self) -> int:
        """Cards drawn so far (0..100)."""
        return int(self._core.drawn)

    @property
    def dry(self) -> bool:
        """The kitty is 干巴锅 (§6.3)."""
        return bool(self._core.dry)

    @property
    def trump_from_kitty(self) -> bool:
        """Trumps were turned up from the kitty (翻主)."""
        return bool(self._core.trump_from_kitty)

    @property
    def kitty(self) -> Cards:
        """The kitty now (the original 8 cards before burying, the buried ones after)."""
        return Cards.from_masks(*self._core.kitty)

    @property
    def original_kitty(self) -> Cards:
        """The last 8 cards of the deck."""
        return Cards.from_masks(*self._core.original_kitty)

    @property
    def kitty_public(self) -> bool:
        """The kitty is face up (after burying, or 干巴锅)."""
        return bool(self._core.kitty_public)

    def held(self, seat: str | int) -> Cards:
        """The cards a seat holds now."""
        return Cards.from_masks(*self._core.held(_seat_number(seat)))

    @property
    def hands(self) -> dict[str, Cards]:
        """Seat → the cards it holds now."""
        return {SEATS[s]: Cards.from_masks(*self._core.held(s)) for s in range(4)}

    def exposed(self, seat: str | int) -> Cards:
        """The cards every player knows the seat holds (shown while declaring, taken from the
        face-up kitty), until played."""
        return Cards.from_masks(*self._core.exposed(_seat_number(seat)))

    @property
    def declarations(self) -> list[Declaration]:
        return [
            Declaration(SEATS[s], TRUMP_LETTERS[su], DECLARE_KINDS[k - 1], int(d))
            for s, su, k, d in self._core.declarations()
        ]

    @property
    def counters(self) -> list[Declaration]:
        """The counters made (反底, rules §11.8), in order; ``drawn`` is the whole deal's."""
        return [
            Declaration(SEATS[s], TRUMP_LETTERS[su], DECLARE_KINDS[k - 1], int(d))
            for s, su, k, d in self._core.counters()
        ]

    @property
    def kitty_burier(self) -> str | None:
        """The seat that buried the kitty last: the declarer unless someone countered (rules
        §11.8); None before the first bury."""
        seat = int(self._core.kitty_burier)
        return None if seat < 0 else SEATS[seat]

    @property
    def stake(self) -> int:
        """The hand's stake (rules §11.9): 1, doubled by every 反主, 反无主, 自反 and counter
        under ``stakes``; always 1 without."""
        return int(self._core.stake)

    @property
    def grabs(self) -> list[Grab]:
        return [Grab(SEATS[s], Card(t), Card(p)) for s, t, p in self._core.grabs()]

    @property
    def xiaosas(self) -> list[Xiaosa]:
        return [
            Xiaosa(SEATS[s], Cards.from_masks(*j), Cards.from_masks(*t))
            for s, j, t in self._core.xiaosas()
        ]

    @property
    def tricks(self) -> list[Trick]:
        """The completed tricks, oldest first (empty before the play)."""
        if self.phase not in _IN_PLAY:
            return []
        return list(_tricks_of(self._core.hand().tricks()))

    @property
    def current_trick(self) -> Trick | None:
        """The trick in progress; None outside the play phase."""
        if self.phase is not Phase.PLAY:
            return None
        hand = self._core.hand()
        plays = tuple(Cards.from_masks(*p) for p in hand.trick())
        return Trick(SEATS[hand.leader], plays, None, sum(p.points for p in plays))

    @property
    def played(self) -> Cards:
        """Every card played so far."""
        out = Cards()
        for trick in self.tricks:
            for play in trick.plays:
                out = out | play
        current = self.current_trick
        if current is not None:
            for play in current.plays:
                out = out | play
        return out

    @property
    def points(self) -> int:
        """The defenders' points so far."""
        if self.phase not in _IN_PLAY:
            return 0
        return int(self._core.hand().points)

    @property
    def history(self) -> list[Decision]:
        """Every decision applied so far, in order."""
        return list(self._history)

    @property
    def plies(self) -> int:
        """Plays made so far in the play phase."""
        return sum(1 for d in self._history if d.action == "play")

    @property
    def core(self) -> _core.Game:
        """A copy of the underlying ``_core.Game``."""
        return self._core.copy()

    def copy(self) -> Game:
        """An independent copy (history included)."""
        other = object.__new__(Game)
        other.__dict__.update(self.__dict__)
        other._core = self._core.copy()
        other._history = list(self._history)
        return other

    def __copy__(self) -> Game:
        return self.copy()

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        return self.copy()

    def __repr__(self) -> str:
        return (
            f"<Game {self._rules.name} phase={self.phase} to_act={self.to_act} "
            f"level={self.level} trump={self.trump} declarer={self.declarer}>"
        )

    # -- decisions -----------------------------------------------------------------------
    def _refuse(self, what: str, message: str) -> IllegalMoveError:
        seat = self.to_act or "-"
        return IllegalMoveError(f"{seat} cannot {what}: {message}")

    def _seat_to_act(self, what: str) -> str:
        seat = self.to_act
        if seat is None:
            raise self._refuse(what, "the hand is over")
        return seat

    def _apply(self, what: str, fn: Callable[..., _T], *args: Any) -> _T:
        try:
            return fn(*args)
        except _core.IllegalMoveError as exc:
            raise self._refuse(what, str(exc)) from None
        except _core.CoreError as exc:
            raise self._refuse(what, str(exc)) from None

    def declare_options(self) -> list[DeclareOption]:
        """The declarations open to the seat to act (declining is always open); in 反底
        (``phase == "counter"``, rules §11.8) the counters open to it."""
        if self.phase == Phase.DECLARE:
            raw = self._core.declare_options()
        elif self.phase == Phase.COUNTER:
            raw = self._core.counter_options()
        else:
            return []
        return [DeclareOption(TRUMP_LETTERS[s], DECLARE_KINDS[k - 1]) for s, k in raw]

    def declare(self, suit: str, kind: str = "single") -> None:
        """Declare trumps (§6.2, §10.6): ``kind`` is ``"single"`` (亮主), ``"lock"`` (封主),
        ``"override"`` (正主), or in the standard game ``"pair"``, ``"reinforce"``,
        ``"small_jokers"``, ``"big_jokers"``."""
        self.apply(Decision.declare_(self._seat_to_act("declare"), suit, kind))

    def counter(self, suit: str, kind: str = "pair") -> None:
        """反底 (rules §11.8): show a declaration stronger than the one standing (a pair or
        more), take the kitty and bury again; the stake doubles under ``stakes`` (§11.9)."""
        self.apply(Decision.counter_(self._seat_to_act("counter"), suit, kind))

    def decline(self) -> None:
        """Pass: no declaration, no counter, no grab, no 潇洒."""
        self.apply(Decision.pass_(self._seat_to_act("decline"), self.phase))

    def bury(self, cards: Cards | str | Iterable[CardLike]) -> None:
        """The declarer (holding 33 cards) buries 8 of them (face up in Chifeng, face down in
        the standard game)."""
        seat = self._seat_to_act("bury")
        self.apply(Decision.bury_(seat, _cards_of(cards, f"{seat} cannot bury")))

    @property
    def grab_offer(self) -> Card | None:
        """The buried level card offered to the seat to act (抢牌), else None."""
        if self.phase != "grab":
            return None
        return Card(int(self._core.grab_offer))

    def grab(self, put: CardLike) -> None:
        """Take :attr:`grab_offer`, putting ``put`` (a card of one's own) in its place."""
        seat = self._seat_to_act("grab")
        try:
            card = Card(put)
        except ValueError as exc:
            raise self._refuse("grab", str(exc)) from None
        self.apply(Decision.grab_(seat, card))

    def xiaosa_takeable(self) -> Cards:
        """The kitty cards that may be taken for jokers (rank 2–9, not 5, not the level)."""
        if self.phase != "xiaosa":
            return Cards()
        return Cards.from_masks(*self._core.xiaosa_takeable())

    def xiaosa(
        self, jokers: Cards | str | Iterable[CardLike], taken: Cards | str | Iterable[CardLike]
    ) -> None:
        """潇洒 (§6.4): put ``jokers`` into the kitty and take as many ``taken`` cards."""
        seat = self._seat_to_act("xiaosa")
        put = _cards_of(jokers, f"{seat} cannot xiaosa")
        take = _cards_of(taken, f"{seat} cannot xiaosa")
        self.apply(Decision.xiaosa_(seat, put, take))

    def card_choice(self, chosen: Cards | str | Iterable[CardLike]) -> CardChoice:
        """A decision made of cards, chosen a card at a time: the cards to bury, the card put
        in a grabbed card's place (抢牌), 潇洒's jokers and taken cards together, a play. Which
        faces can join ``chosen`` on the way to an answer this phase accepts, and whether
        ``chosen`` is one (the rules decide: §6.3, §6.4, the legal moves of §5). Outside
        those phases, and for cards the seat cannot give, nothing is addable."""
        cards = _chosen_cards(chosen)
        addable, complete = self._core.extensions(cards.masks)
        return CardChoice(Cards.from_masks(int(addable), 0), bool(complete))

    def legal_moves(self) -> list[Move]:
        """The legal plays of the seat to play, in notation order (empty outside the play)."""
        if self.phase != "play":
            return []
        return _sorted_moves(self._core.hand().legal_moves(), self.level, int(self._core.trump))

    def play(self, move: MoveLike) -> Move:
        """Play for the seat to play; returns the cards actually played (a throw that fails is
        replaced by its forced component, §5.2)."""
        seat = self._seat_to_act("play")
        if isinstance(move, Move):
            cards = move.cards
        elif isinstance(move, Cards):
            cards = move
        elif isinstance(move, str):
            try:
                cards = Move.parse(move).cards
            except ValueError as exc:
                raise self._refuse("play", str(exc)) from None
        else:
            raise TypeError(f"a move is a Move, Cards or str, not {type(move).__name__}")
        played = self.apply(Decision.play_(seat, cards)).cards
        assert played is not None
        return Move(played, (self.level, int(self._core.trump)))

    def _sync_plays(self) -> None:
        """Log the plays made on the core directly (``_core.play_game``) from its tricks."""
        done = self.plies
        plays: list[Decision] = []
        if self.phase in _IN_PLAY:
            hand = self._core.hand()
            for leader, trick_plays, _winner, _points in hand.tricks():
                for i, p in enumerate(trick_plays):
                    plays.append(
                        Decision(
                            SEATS[(leader + i) % 4], "play", "play", cards=Cards.from_masks(*p)
                        )
                    )
            if not hand.is_over:
                for i, p in enumerate(hand.trick()):
                    plays.append(
                        Decision(
                            SEATS[(hand.leader + i) % 4], "play", "play", cards=Cards.from_masks(*p)
                        )
                    )
        self._history.extend(plays[done:])

    # -- results and views ---------------------------------------------------------------
    def result(self) -> HandResult:
        """The result (rules §7); raises :class:`IllegalMoveError` before the hand is over."""
        if not self.is_over:
            raise IllegalMoveError(f"no result yet: the game is in its {self.phase} phase")
        return HandResult.from_core(self._core.result(), self._rules)

    def observe(self, seat: str | int, everything: bool = False) -> Observation:
        """What ``seat`` may know now (:class:`Observation`). ``everything`` shows every hand
        in its play view (an oracle's view: for measurement, or a table open to all)."""
        return Observation.from_core(
            self._core.observe(_seat_number(seat), bool(everything)), self._rules
        )

    def planes(self, seat: str | int, chosen: Cards | str | None = None) -> np.ndarray:
        """``observe(seat).planes(chosen)`` without building the Python observation: what a
        learning environment asks at every decision."""
        cards = _chosen_cards(chosen)
        core = engine_module(self._rules)
        observation = self._core.observe(_seat_number(seat), False)
        return core.observation_planes(observation, cards.masks)

    def observe_public(self) -> Observation:
        """What a spectator may know now: the public events, the exposed cards and hand sizes,
        the face-up kitty, the tricks; ``seat`` is None and the ``hand`` empty, and the
        ``position`` hides every hand but its exposed cards."""
        seen = self.observe(self._core.to_act if not self.is_over else 0)
        public_kitty = self.kitty if self.kitty_public else None
        return dataclasses.replace(
            seen, seat=None, hand=Cards(), original_kitty=None, core=None, kitty=public_kitty,
            declarer_or_kitty=Cards.from_masks(*self._core.declarer_or_kitty),
        )

    def apply(self, decision: Decision | Mapping[str, Any]) -> Decision:
        """The one door through which a choice changes the game: apply a :class:`Decision`
        (a player's, as :func:`duidiao.play.decisions.ask` gives it) or a record of one
        (``Decision.to_dict()``, docs/records.md, whose play must stand as written). Every
        fact it states must fit — the seat, the phase, a record's cards drawn and offer — or
        :class:`IllegalMoveError` names what does not, and nothing changes. Returns the
        decision's record (what a play came to, the cards drawn, the offer filled in)."""
        if isinstance(decision, Decision):
            return _apply_decision(self, decision)
        return _apply_decision(self, Decision.from_dict(decision), recorded=True)

    def position(self, seat: str | int | None = None) -> Position:
        """The play phase now as a :class:`Position`: every hand known when ``seat`` is None,
        else that seat's view (its :attr:`Observation.position`). Raises ValueError before the
        play phase."""
        if self.phase not in _IN_PLAY:
            raise ValueError(f"no position yet: the game is in its {self.phase} phase")
        if seat is not None:
            position = self.observe(seat).position
            assert position is not None
            return position
        hand = self._core.hand()
        tricks = _tricks_of(hand.tricks())
        trick = None
        if not hand.is_over:
            plays = tuple(Cards.from_masks(*p) for p in hand.trick())
            trick = Trick(SEATS[hand.leader], plays, None, 0)
        return _play_position(
            self._rules,
            self.level,
            int(self._core.trump),
            int(self._core.declarer),
            self._levels,
            [Cards.from_masks(*self._core.held(s)) for s in range(4)],
            [0, 0, 0, 0],
            self.kitty,
            self.dry,
            tricks,
            trick,
            stake=self.stake,
        )
