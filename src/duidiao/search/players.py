"""Players: the built-in bots, and the driver of a hand.

A player is any object with one ``decide(observation) -> Decision`` method
(:class:`~duidiao.play.decisions.Player`), or the five methods of the interface before it
(:class:`~duidiao.play.decisions.PhasePlayer`: ``declare``, ``bury``, ``grab``, ``xiaosa``,
``play``), asked through an adapter. Each gets the seat's :class:`~duidiao.play.game.Observation`
(only what that seat may know), whose options are its own. :func:`play_hand` asks the players in
turn (:func:`duidiao.play.decisions.ask`) until the hand is over::

    >>> import duidiao
    >>> game = duidiao.Game.deal(seed=1, declarer="S")
    >>> bots = [duidiao.make_bot("random", seed=s) for s in range(4)]
    >>> result = duidiao.play_hand(game, bots)
    >>> game.is_over
    True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple, Union

from duidiao import _core
from duidiao.play._limits import SEED_MAX, check_int
from duidiao.play.builds import engine_module
from duidiao.play.cards import SEATS, TRUMP_LETTERS, Card, Cards
from duidiao.play.decisions import Decision, PhasePlayer, Player, decide, step
from duidiao.play.game import DeclareOption, Game, Observation
from duidiao.play.position import Move, Position
from duidiao.play.result import HandResult
from duidiao.play.rules import DECLARE_KINDS, Rules
from duidiao.search import bots
from duidiao.search.analysis import MoveAnalysis

__all__ = [
    "Player",
    "PhasePlayer",
    "CoreBot",
    "RandomBot",
    "HeuristicBot",
    "BOT_NAMES",
    "BOT_LEVELS",
    "make_bot",
    "play_hand",
    "core_bot_step",
    "WorldsWorth",
]


class WorldsWorth(NamedTuple):
    """What a search's worlds were worth (:attr:`CoreBot.last_worlds`)."""

    worlds: int
    pool: int
    effective_pool: float
    independent_worlds: float


BOT_NAMES = ("random", "heuristic")
"""The built-in C++ bots."""

BOT_LEVELS = bots.levels()
"""The bots at named strengths, weakest first, for frontends (docs/players.md): ``easy`` is
``heuristic``; ``normal`` and ``hard`` are ``pimc`` at 8 and 32 worlds; ``expert`` adds more
worlds, exact endgames from 5 cards, inference from the play and a searched bury. Settings
after a colon change a level's own (``"expert:worlds=64"``)."""


class CoreBot:
    """A built-in C++ bot (``_core.Bot``): a :class:`~duidiao.play.decisions.Player` (and a
    :class:`~duidiao.play.decisions.PhasePlayer`). It is handed the ``_core.Observation`` the Python
    observation was built from, and sees only that.

    A core bot decides on observations of its own build of the engine
    (:func:`~duidiao.play.builds.engine_module`): this one makes a bot of the same name and seed
    in each build it is asked in (the two-deck build's at once, to check the name)."""

    def __init__(self, name: str, seed: int = 0) -> None:
        seed = check_int("seed", seed, 0, SEED_MAX)
        try:
            bot = _core.Bot(name, seed)
        except ValueError as exc:
            raise ValueError(f"bot: {exc}") from None
        self._bots: dict[str, _core.Bot] = {_core.__name__: bot}  # build name -> its bot
        self._last = bot  # the bot of the last decision
        self.name = name
        self.seed = seed

    @property
    def core(self) -> _core.Bot:
        """The ``_core.Bot`` (of the one- and two-deck build)."""
        return self._bots[_core.__name__]

    def core_for(self, rules: Rules) -> _core.Bot:
        """The bot of the build that plays ``rules`` (``_core3.Bot`` for three decks); the last
        one asked answers :attr:`last_values`."""
        module = engine_module(rules)
        bot = self._bots.get(module.__name__)
        if bot is None:
            bot = self._bots[module.__name__] = module.Bot(self.name, self.seed)
        self._last = bot
        return bot

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"

    def decide(self, obs: Observation) -> Decision:
        """The decision of ``obs`` (the seat's own observation), made in the core."""
        return decide(self, obs)

    def declare(self, obs: Observation, options: list[DeclareOption]) -> DeclareOption | None:
        raw = [(TRUMP_LETTERS.index(o.suit), DECLARE_KINDS.index(o.kind) + 1) for o in options]
        index = int(self.core_for(obs.rules).declare(obs.core_view(), raw))
        return None if index < 0 else options[index]

    def bury(self, obs: Observation) -> Cards:
        return Cards.from_masks(*self.core_for(obs.rules).bury(obs.core_view()))

    def grab(self, obs: Observation) -> Card | None:
        card = int(self.core_for(obs.rules).grab(obs.core_view()))
        return None if card < 0 else Card(card)

    def xiaosa(self, obs: Observation, takeable: Cards) -> tuple[Cards, Cards] | None:
        jokers, taken = self.core_for(obs.rules).xiaosa(obs.core_view(), takeable.masks)
        if not jokers[0]:
            return None
        return Cards.from_masks(*jokers), Cards.from_masks(*taken)

    def play(self, obs: Observation, moves: list[Move]) -> Move:
        return Move(Cards.from_masks(*self.core_for(obs.rules).play(obs.core_view())))

    def play_position(self, position: Position | str) -> Move:
        """The bot's play in ``position`` (a :class:`Position` or a position string), from the
        view of the seat to move: give each seat its own view, since the bot uses every card
        the position shows. Raises :class:`HiddenCardsError` when the mover's hand is not
        known or the hand is over."""
        pos = position if isinstance(position, Position) else Position(position)
        pos.seat_to_choose("a play is chosen")
        obs = engine_module(pos.rules).observe_play(pos.core, *pos.core_levels())
        return pos.parse_move(Cards.from_masks(*self.core_for(pos.rules).play(obs)))

    @property
    def last_values(self) -> tuple[MoveAnalysis, ...]:
        """The ranked values the bot's search saw at its last play, best first (as
        :func:`duidiao.analyse` reports them); empty for bots that do not search, and after a
        play with a single legal move."""
        return tuple(
            MoveAnalysis(Move(Cards.from_masks(*masks)), mean, stderr, make, n, gain, gain_se,
                         bool(baseline))
            for masks, mean, stderr, make, n, gain, gain_se, baseline in self._last.last_values
        )

    @property
    def last_worlds(self) -> WorldsWorth:
        """What the worlds of the bot's last play were worth: the worlds searched, the pool
        weighed with inference (0 without) and its effective size, and the worlds counted as
        independent ones (docs/analysis.md); zeros where :attr:`last_values` is empty."""
        return WorldsWorth(*self._last.last_worlds)

    def stop(self) -> None:
        """From any thread: the decision in progress (a play, or a searched declaration,
        bury, 抢牌 or 潇洒) answers at once with the best it has found; the bots that do not
        search answer at once anyway. A stop is for one decision: one sent while no decision
        is in progress ends the next one at once, and :meth:`clear_stop` forgets it."""
        for bot in list(self._bots.values()):  # whichever build the decision is made in
            bot.stop()

    def clear_stop(self) -> None:
        """Forget a stop that no decision has taken yet (for callers that stop decisions on a
        timer: call it once the decision stopped has answered)."""
        for bot in list(self._bots.values()):
            bot.clear_stop()


class RandomBot(CoreBot):
    """Uniformly random legal decisions (C++ ``"random"``)."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__("random", seed)


class HeuristicBot(CoreBot):
    """The C++ ``"heuristic"`` bot: hand-written rules of thumb."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__("heuristic", seed)


def make_bot(name: str, seed: int = 0) -> Player:
    """A bot by name (:func:`duidiao.bots.make`): a built-in one — ``"random"``,
    ``"heuristic"``, ``"pimc"`` with its settings, a level of :data:`BOT_LEVELS` (a
    :class:`CoreBot`) — or one registered in :mod:`duidiao.bots`."""
    return bots.make(name, seed)


PlayersLike = Union[Sequence[Any], Mapping[str, Any]]
"""Four players (S, E, N, W), or a seat → player mapping; each a :class:`Player` or a
:class:`PhasePlayer`."""


def _seat_players(players: PlayersLike) -> list[Any]:
    if isinstance(players, Mapping):
        missing = [s for s in SEATS if s not in players]
        if missing:
            raise ValueError(f"players: no player for {', '.join(missing)}")
        return [players[s] for s in SEATS]
    seats = list(players)
    if len(seats) != 4:
        raise ValueError(f"players: 4 players (S, E, N, W), not {len(seats)}")
    return seats


def core_bot_step(core: _core.Game, bots: Sequence[_core.Bot]) -> None:
    """One decision of C++ bots (``_core.Bot``, one per seat) on a ``_core.Game``: the seat to
    act decides in the core (``Player::decide``) and the game applies it (``Game::apply``).
    For tests, benchmarks and generators that drive the core directly."""
    seat = int(core.to_act)
    bot = bots[seat]
    core.apply(bot.decide(core.observe(seat, bot.sees_everything)))


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
            core = engine_module(game.rules)
            core.play_game(game._core, [p.core_for(game.rules) for p in seats])
            game._sync_plays()
            break
        seat = game.to_act
        assert seat is not None
        step(game, seats[SEATS.index(seat)])
    return game.result()
