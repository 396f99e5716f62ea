"""Players: one interface for every decision of a hand, the built-in bots, and the driver.

A player is any object with the five methods of :class:`Player`. Each receives the seat's
:class:`~duidiao.game.Observation` (only what that seat may know) with the legal options, and
answers. :func:`play_hand` asks the players in turn until the hand is over::

    >>> import duidiao
    >>> game = duidiao.Game.deal(seed=1, declarer="S")
    >>> bots = [duidiao.make_bot("random", seed=s) for s in range(4)]
    >>> result = duidiao.play_hand(game, bots)
    >>> game.is_over
    True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, Union, runtime_checkable

from ._limits import SEED_MAX, check_int
from .analysis import MoveAnalysis
from .cards import SEATS, TRUMP_LETTERS, Card, Cards
from .enums import Phase
from .errors import IllegalMoveError
from .game import DECLARE_KINDS, DeclareOption, Game, Observation
from .levels import PIMC_LEVELS
from .position import Move, Position
from .result import HandResult

__all__ = [
    "Player",
    "CoreBot",
    "RandomBot",
    "HeuristicBot",
    "BOT_NAMES",
    "BOT_LEVELS",
    "make_bot",
    "play_hand",
    "core_bot_step",
]

BOT_NAMES = ("random", "heuristic")
"""The built-in C++ bots."""

BOT_LEVELS = ("easy", *PIMC_LEVELS)
"""The bots at named strengths, weakest first, for frontends (docs/players.md): ``easy`` is
``heuristic``; ``normal`` and ``hard`` are ``pimc`` at 8 and 32 worlds; ``expert`` adds more
worlds, exact endgames from 5 cards, inference from the play and a searched bury. Settings
after a colon change a level's own (``"expert:worlds=64"``)."""


@runtime_checkable
class Player(Protocol):
    """The decisions of a hand. Every method gets the seat's observation and the legal options;
    an answer that is not legal makes :func:`play_hand` raise :class:`IllegalMoveError`."""

    def declare(self, obs: Observation, options: list[DeclareOption]) -> DeclareOption | None:
        """One of ``options`` (a declaration open now), or None to pass (§6.2)."""
        ...

    def bury(self, obs: Observation) -> Cards:
        """8 cards of ``obs.hand`` (33 cards) to bury face up (§6.3)."""
        ...

    def grab(self, obs: Observation) -> Card | None:
        """A card of ``obs.hand`` to put in the kitty for ``obs.grab_offer``, or None (抢牌)."""
        ...

    def xiaosa(self, obs: Observation, takeable: Cards) -> tuple[Cards, Cards] | None:
        """``(jokers, taken)``: jokers of ``obs.hand`` into the kitty and as many cards of
        ``takeable`` back; None to pass (潇洒, §6.4)."""
        ...

    def play(self, obs: Observation, moves: list[Move]) -> Move:
        """One of ``moves`` (the legal plays, ``obs.position`` is the play as this seat sees
        it)."""
        ...


class CoreBot:
    """A built-in C++ bot (``_core.Bot``) behind the :class:`Player` interface. It is handed
    the ``_core.Observation`` the Python observation was built from, and sees only that."""

    def __init__(self, name: str, seed: int = 0) -> None:
        from . import _core

        seed = check_int("seed", seed, 0, SEED_MAX)
        try:
            self._bot = _core.Bot(name, seed)
        except ValueError as exc:
            raise ValueError(f"bot: {exc}") from None
        self.name = name
        self.seed = seed

    @property
    def core(self) -> Any:
        """The ``_core.Bot``."""
        return self._bot

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"

    def declare(self, obs: Observation, options: list[DeclareOption]) -> DeclareOption | None:
        raw = [(TRUMP_LETTERS.index(o.suit), DECLARE_KINDS.index(o.kind) + 1) for o in options]
        index = int(self._bot.declare(obs.core, raw))
        return None if index < 0 else options[index]

    def bury(self, obs: Observation) -> Cards:
        return Cards.from_masks(*self._bot.bury(obs.core))

    def grab(self, obs: Observation) -> Card | None:
        card = int(self._bot.grab(obs.core))
        return None if card < 0 else Card(card)

    def xiaosa(self, obs: Observation, takeable: Cards) -> tuple[Cards, Cards] | None:
        jokers, taken = self._bot.xiaosa(obs.core, takeable.masks)
        if not jokers[0]:
            return None
        return Cards.from_masks(*jokers), Cards.from_masks(*taken)

    def play(self, obs: Observation, moves: list[Move]) -> Move:
        return Move(Cards.from_masks(*self._bot.play(obs.core)))

    def play_position(self, position: Position | str) -> Move:
        """The bot's play in ``position`` (a :class:`Position` or a position string), from the
        view of the seat to move: give each seat its own view, since the bot uses every card
        the position shows. Raises :class:`HiddenCardsError` when the mover's hand is not
        known or the hand is over."""
        from . import _core

        pos = position if isinstance(position, Position) else Position(position)
        pos.seat_to_choose("a play is chosen")
        obs = _core.observe_play(pos.core, *pos.core_levels())
        return pos.parse_move(Cards.from_masks(*self._bot.play(obs)))

    @property
    def last_values(self) -> tuple[MoveAnalysis, ...]:
        """The ranked values the bot's search saw at its last play, best first (as
        :func:`duidiao.analyse` reports them); empty for bots that do not search, and after a
        play with a single legal move."""
        return tuple(
            MoveAnalysis(Move(Cards.from_masks(*masks)), mean, stderr, make, n, gain, gain_se,
                         bool(baseline))
            for masks, mean, stderr, make, n, gain, gain_se, baseline in self._bot.last_values
        )

    def stop(self) -> None:
        """From any thread: the decision in progress (a play, or a searched declaration,
        bury, 抢牌 or 潇洒) answers at once with the best it has found; the bots that do not
        search answer at once anyway. A stop is for one decision: one sent while no decision
        is in progress ends the next one at once, and :meth:`clear_stop` forgets it."""
        self._bot.stop()

    def clear_stop(self) -> None:
        """Forget a stop that no decision has taken yet (for callers that stop decisions on a
        timer: call it once the decision stopped has answered)."""
        self._bot.clear_stop()


class RandomBot(CoreBot):
    """Uniformly random legal decisions (C++ ``"random"``)."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__("random", seed)


class HeuristicBot(CoreBot):
    """The C++ ``"heuristic"`` bot: hand-written rules of thumb."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__("heuristic", seed)


def make_bot(name: str, seed: int = 0) -> CoreBot:
    """A built-in bot by name: ``"random"``, ``"heuristic"``, ``"pimc"`` with its settings, or a
    level of :data:`BOT_LEVELS` (any name the core knows)."""
    if name == "random":
        return RandomBot(seed)
    if name == "heuristic":
        return HeuristicBot(seed)
    return CoreBot(name, seed)


PlayersLike = Union[Sequence[Player], Mapping[str, Player]]


def _seat_players(players: PlayersLike) -> list[Player]:
    if isinstance(players, Mapping):
        missing = [s for s in SEATS if s not in players]
        if missing:
            raise ValueError(f"players: no player for {', '.join(missing)}")
        return [players[s] for s in SEATS]
    seats = list(players)
    if len(seats) != 4:
        raise ValueError(f"players: 4 players (S, E, N, W), not {len(seats)}")
    return seats


def _refuse(seat: str, decision: str, answer: object, why: str) -> IllegalMoveError:
    return IllegalMoveError(f"{seat}'s {decision} answer {answer!r} is not legal: {why}")


def core_bot_step(core: Any, bots: Sequence[Any]) -> None:
    """One decision of C++ bots (``_core.Bot``, one per seat) on a ``_core.Game``: the seat to
    act is asked with its core observation and its answer applied. For tests, benchmarks and
    generators that drive the core directly."""
    seat = int(core.to_act)
    bot = bots[seat]
    phase, obs = Phase.of_core(core.phase), core.observe(seat, bot.sees_everything)
    if phase is Phase.DECLARE:
        options = core.declare_options()
        index = int(bot.declare(obs, options))
        if index < 0:
            core.decline()
        else:
            core.declare(*options[index])
    elif phase is Phase.BURY:
        core.bury(*bot.bury(obs))
    elif phase is Phase.GRAB:
        card = int(bot.grab(obs))
        if card < 0:
            core.decline()
        else:
            core.grab(card)
    elif phase is Phase.XIAOSA:
        jokers, taken = bot.xiaosa(obs, core.xiaosa_takeable())
        if not jokers[0]:
            core.decline()
        else:
            core.xiaosa(jokers, taken)
    elif phase is Phase.PLAY:
        core.play(*bot.play(obs))


def _core_step(game: Game, bot: CoreBot) -> None:
    """One decision of a built-in bot, without building the Python observation."""
    core = game._core
    seat = int(core.to_act)
    raw: Any = bot.core
    obs = core.observe(seat, raw.sees_everything)
    phase = game.phase
    try:
        if phase == "declare":
            options = core.declare_options()
            index = int(raw.declare(obs, options))
            if index < 0:
                game.decline()
            else:
                suit, kind = options[index]
                game.declare(TRUMP_LETTERS[suit], DECLARE_KINDS[kind - 1])
        elif phase == "bury":
            game.bury(Cards.from_masks(*raw.bury(obs)))
        elif phase == "grab":
            card = int(raw.grab(obs))
            if card < 0:
                game.decline()
            else:
                game.grab(Card(card))
        elif phase == "xiaosa":
            jokers, taken = raw.xiaosa(obs, core.xiaosa_takeable())
            if not jokers[0]:
                game.decline()
            else:
                game.xiaosa(Cards.from_masks(*jokers), Cards.from_masks(*taken))
        elif phase == "play":
            game.play(Cards.from_masks(*raw.play(obs)))
    except IllegalMoveError as exc:
        raise IllegalMoveError(f"{SEATS[seat]} ({bot!r}, {phase}): {exc}") from None


def _python_step(game: Game, player: Player) -> None:
    """Ask a player for one decision and apply it; an illegal answer changes nothing."""
    seat = game.to_act
    assert seat is not None
    phase = game.phase
    obs = game.observe(seat)
    if phase == "declare":
        options = game.declare_options()
        answer = player.declare(obs, list(options))
        if answer is None:
            game.decline()
            return
        if answer not in options:
            raise _refuse(seat, "declare", answer, f"not one of the options {options}")
        game.declare(answer[0], answer[1])
    elif phase == "bury":
        cards = player.bury(obs)
        if not isinstance(cards, Cards):
            try:
                cards = Cards(cards)
            except (ValueError, TypeError) as exc:
                raise _refuse(seat, "bury", cards, str(exc)) from None
        game.bury(cards)
    elif phase == "grab":
        card = player.grab(obs)
        if card is None:
            game.decline()
        else:
            game.grab(card)
    elif phase == "xiaosa":
        takeable = game.xiaosa_takeable()
        answer_x = player.xiaosa(obs, takeable)
        if answer_x is None:
            game.decline()
            return
        try:
            jokers, taken = answer_x
        except (TypeError, ValueError):
            raise _refuse(seat, "xiaosa", answer_x, "expected (jokers, taken) or None") from None
        game.xiaosa(jokers, taken)
    elif phase == "play":
        moves = obs.legal_moves()
        move = player.play(obs, moves)
        if isinstance(move, Move):
            cards = move.cards
        elif isinstance(move, Cards):
            cards = move
        else:
            try:
                cards = Move.parse(str(move)).cards
            except ValueError as exc:
                raise _refuse(seat, "play", move, str(exc)) from None
        if all(m.cards != cards for m in moves):
            raise _refuse(seat, "play", str(move), "not one of the legal moves")
        game.play(cards)


def play_hand(game: Game, players: PlayersLike, *, fast: bool = True) -> HandResult:
    """Ask ``players`` (S, E, N, W, or a seat → player mapping) for every decision until the
    hand is over, and return its result. Every applied decision is logged in
    ``game.history``.

    An illegal answer raises :class:`IllegalMoveError` naming the seat and the decision; the
    game is left as it was before the question. When all four players are built-in bots and
    ``fast`` is true, the play phase runs in C++ (``_core.play_game``): the same result and
    the same history as asking them one by one.
    """
    seats = _seat_players(players)
    all_core = all(isinstance(p, CoreBot) for p in seats)
    while not game.is_over:
        if all_core and fast and game.phase == "play":
            from . import _core

            _core.play_game(game._core, [p.core for p in seats])  # type: ignore[attr-defined]
            game._sync_plays()
            break
        seat = game.to_act
        assert seat is not None
        player = seats[SEATS.index(seat)]
        if isinstance(player, CoreBot):
            _core_step(game, player)
        else:
            _python_step(game, player)
    return game.result()
