"""duidiao as an OpenSpiel game (docs/env.md#openspiel): ``python_duidiao``, registered with
``pyspiel`` when this module is imported (the ``openspiel`` extra).

Chance deals the pack one card at a time (the deck in drawing order); then every decision is
the learning environment's run of actions (duidiao.research.encoding: a card at a time, ``DONE``,
``PASS``, the declarations). Players 0–3 are the seats S, E, N, W; the returns are each team's
hand score minus the other's (zero-sum).
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any

import numpy as np
import pyspiel

from duidiao.play.cards import SEATS, Cards
from duidiao.play.decisions import asked_at, hidden_pass, seen_by_others
from duidiao.play.game import Game
from duidiao.play.level import Level
from duidiao.play.rules import Rules
from duidiao.play.sizes import HAND_CARDS
from duidiao.research.encoding import (
    DONE,
    FACES,
    NUM_PLANES,
    PASS,
    Chooser,
    action_name,
    check_env_preset,
    num_actions,
)
from duidiao.research.env.resample import consistent_deck
from duidiao.search.players import make_bot, play_hand

__all__ = [
    "GAME_NAME", "DuidiaoGame", "DuidiaoState", "HeuristicRolloutEvaluator", "ismcts_hand",
]

GAME_NAME = "python_duidiao"
TRICKS = HAND_CARDS
MAX_GAME_LENGTH = 700  # 108 draws, < 110 declaring chances, the kitty, < 260 play actions
MAX_MARGIN = 60.0  # a hand score is at most 2 + 2 * 12 levels for one team, -22 for the other

_PARAMETERS = {"preset": "chifeng", "declarer": "S", "level_ns": "", "level_ew": ""}

GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Python duidiao (Chifeng Duidiao and the standard Shengji / Tractor)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=4,
    min_num_players=4,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_PARAMETERS,
)
def game_info(rules: Rules) -> Any:
    """The game's sizes under ``rules``: the two-pack presets' as ever (91 actions, 700 steps,
    ±60); otherwise scaled to the pack (rules §11.1), each counter round's re-burial added
    (§11.8) and the margin times the largest stake (§11.9)."""
    sizes = rules.sizes
    length = MAX_GAME_LENGTH * sizes.deck_cards // 108
    margin = MAX_MARGIN
    if rules.counter_bury:  # at most one counter a rung of the ladder: its kitty, done, a pass
        length += 13 * (sizes.kitty_cards + 5)
    if rules.stakes:
        margin *= 2.0 ** (12 if rules.decks == 3 else 6)
    return pyspiel.GameInfo(
        num_distinct_actions=num_actions(rules),
        max_chance_outcomes=FACES,
        num_players=4,
        min_utility=-margin,
        max_utility=margin,
        utility_sum=0.0,
        max_game_length=length,
    )


@dataclass(frozen=True)
class _Decision:
    """A decision made by actions: where it was asked (duidiao.play.decisions.asked_at), by which
    seat, whether it buried (another declarer's burial is not known to a seat), its actions."""

    point: tuple[str | None, str, int | None]
    seat: int
    buried: bool
    passed: bool
    actions: tuple[int, ...]


@dataclass(frozen=True)
class _Setup:
    rules: Rules
    declarer: str | None  # None: a match's first hand (抢庄)
    levels: dict[str, Level]


def _setup(params: dict[str, Any]) -> _Setup:
    preset = str(params.get("preset", "chifeng"))
    check_env_preset(preset)
    rules = Rules.preset(preset)
    declarer = str(params.get("declarer", "S"))
    if declarer not in (*SEATS, "first"):
        raise ValueError(f"declarer: {declarer!r} is not a seat (S E N W) or 'first' (抢庄)")
    levels = {}
    for team, key in (("NS", "level_ns"), ("EW", "level_ew")):
        try:
            levels[team] = Level(str(params.get(key, "")) or rules.foot)
        except ValueError as exc:
            raise ValueError(f"{key}: {exc}") from None
    if declarer == "first" and levels["NS"] != levels["EW"]:
        raise ValueError("a first hand (declarer 'first') needs one level for both teams")
    return _Setup(rules, None if declarer == "first" else declarer, levels)


class DuidiaoGame(pyspiel.Game):  # type: ignore[misc]
    """The OpenSpiel game; parameters ``preset`` (``chifeng``…), ``declarer`` (a seat, or
    ``first`` for 抢庄), ``level_ns`` and ``level_ew`` (letters; the ladder's foot if empty)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        setup = _setup({**_PARAMETERS, **(params or {})})
        super().__init__(GAME_TYPE, game_info(setup.rules), params or {})
        self.setup = setup

    def new_initial_state(self) -> DuidiaoState:
        return DuidiaoState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> Any:
        if params:
            raise ValueError(f"observer parameters are not supported: {params}")
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return _Observer(perfect_recall, self.setup.rules.sizes.hand_cards)


class DuidiaoState(pyspiel.State):  # type: ignore[misc]
    """A hand: the deck being dealt, then a :class:`duidiao.Game` played by actions."""

    def __init__(self, game: DuidiaoGame) -> None:
        super().__init__(game)
        self._setup = game.setup
        self._deck: list[int] = []
        self._chooser: Chooser | None = None
        # What each seat has seen, in order (its perfect-recall information state).
        self._seen: list[list[str]] = [[], [], [], []]
        self._declaring_over = False
        self._drawn_seen = 0  # the cards drawn so far whose drawers were shown them
        self._decisions: list[_Decision] = []  # the decisions made, for resampling
        self._current: list[int] = []  # the actions of the decision under way
        self._first_drawer = 0 if self._setup.declarer is None else SEATS.index(
            self._setup.declarer
        )

    # -- the game ------------------------------------------------------------------------------
    @property
    def game(self) -> Game | None:
        """The hand once dealt (every card: for measuring, not for a player)."""
        return None if self._chooser is None else self._chooser.game

    def current_player(self) -> int:
        if self._chooser is None:
            return int(pyspiel.PlayerId.CHANCE)
        game = self._chooser.game
        if game.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        assert game.to_act is not None
        return SEATS.index(game.to_act)

    def _legal_actions(self, player: int) -> list[int]:
        assert self._chooser is not None and player >= 0
        return [int(a) for a in np.flatnonzero(self._chooser.legal_mask())]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        counts = np.bincount(np.array(self._deck, dtype=np.int64), minlength=FACES)
        sizes = self._setup.rules.sizes  # rules §11.1: the packs' copies of each face
        left = sizes.deck_cards - len(self._deck)
        return [(f, (sizes.decks - int(counts[f])) / left) for f in range(FACES)
                if counts[f] < sizes.decks]

    def _apply_action(self, action: int) -> None:
        if self._chooser is None:
            self._deal(int(action))
            return
        game = self._chooser.game
        seat = SEATS.index(game.to_act or "S")
        point, chosen = asked_at(game), self._chooser.chosen
        decided = self._chooser.step(int(action))
        self._seen[seat].append(f"a{action}")  # a seat recalls its own actions
        self._current.append(int(action))
        if decided:
            record = game.history[-1]
            self._decisions.append(_Decision(point, seat, record.action == "bury",
                                             record.action == "pass", tuple(self._current)))
            self._current = []
            self._publish(chosen, game)

    def _deal(self, face: int) -> None:
        # The deck is shuffled face down: a seat sees a card when the game draws it for it.
        self._deck.append(face)
        if len(self._deck) == self._setup.rules.sizes.deck_cards:
            setup = self._setup
            game = Game(
                self._deck, self._first_drawer, rules=setup.rules, declarer=setup.declarer,
                levels=setup.levels,
            )
            self._chooser = Chooser(game)
            self._publish_automatic(game)

    def _publish(self, chosen: Cards, game: Game) -> None:
        """What the other seats learn from a decision made (a seat's own actions are already
        in its record): the decision as they see it at the table
        (:func:`duidiao.play.decisions.seen_by_others`), and a play as attempted too."""
        record = game.history[-1]
        seen = seen_by_others(record, game.kitty_public)
        public: str | None = None
        if seen is not None:
            public = json.dumps(seen, sort_keys=True)
            if record.action == "play":  # as attempted, and what it came to
                public += f" tried {chosen}"
        if public is not None:  # the deciding seat sees it too: what a throw came to
            for other in range(4):
                self._seen[other].append(public)
        self._publish_automatic(game)

    def _publish_automatic(self, game: Game) -> None:
        """What the game itself shows: each card drawn to its drawer; when the declaring ends,
        the trump (翻主 and its card), a 干巴锅 kitty to everyone, the kitty to the declarer
        who takes it."""
        for i in range(self._drawn_seen, game.drawn):
            self._seen[(self._first_drawer + i) % 4].append(f"d{self._deck[i]}")
        self._drawn_seen = game.drawn
        if game.phase == "declare" or self._declaring_over:
            return
        self._declaring_over = True
        for s in range(4):
            self._seen[s].append(f"trump:{game.trump}:{game.declarer}")
            if game.trump_from_kitty:
                self._seen[s].append(f"flip:{game.deck[105]}")
            if game.dry:
                self._seen[s].append(f"dry:{game.kitty}")
            elif SEATS[s] == game.declarer:
                self._seen[s].append(f"kitty:{game.original_kitty}")

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {Cards.from_masks(1 << action, 0)}"
        return action_name(action)

    def is_terminal(self) -> bool:
        return self._chooser is not None and self._chooser.game.is_over

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0, 0.0, 0.0, 0.0]
        assert self._chooser is not None
        scores = self._chooser.game.result().scores
        margin = float(scores["NS"] - scores["EW"])
        return [margin, -margin, margin, -margin]

    def __str__(self) -> str:
        if self._chooser is None:
            return f"dealing: {len(self._deck)} of {self._setup.rules.sizes.deck_cards} cards"
        game = self._chooser.game
        text = f"{game.phase}, {game.to_act or 'nobody'} to act"
        if game.phase in ("play", "over"):
            text += f"\n{game.position()}"
        if self._chooser.chosen:
            text += f"\nchosen: {self._chooser.chosen}"
        return text

    # -- resampling ----------------------------------------------------------------------------
    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> DuidiaoState:
        """A state ``player_id`` cannot tell from this one (the same information state), the
        hidden cards drawn as it may believe them (duidiao.research.env.resample), for determinized
        search such as OpenSpiel's ISMCTS. ``probability_sampler()`` gives numbers in [0, 1)
        that seed the draw. Raises RuntimeError if no such state was found in 200 tries."""
        if isinstance(player_id, bool) or not isinstance(player_id, int) or not 0 <= player_id < 4:
            raise ValueError(f"player_id: a player 0..3, not {player_id!r:.40}")
        if self._setup.rules.counter_bury:  # the kitty passes from hand to hand (rules §11.8)
            raise NotImplementedError(f"resampling a {self._setup.rules.name} hand: 反底's "
                                      "re-burials are not resampled yet")
        seed = int(float(probability_sampler()) * 2**53)
        rng = random.Random(seed)
        if self._chooser is None:  # dealing: the seat knows only the cards it drew
            return self._redealt(rng)
        target = " ".join(self._seen[player_id])
        for _ in range(200):
            found = consistent_deck(self._chooser.game, SEATS[player_id], rng)
            if found is None:
                continue
            state = self._replayed(*found, player_id)
            if state is not None and " ".join(state._seen[player_id]) == target:
                return state
        raise RuntimeError(f"no state consistent with {SEATS[player_id]}'s information found")

    def _redealt(self, rng: random.Random) -> DuidiaoState:
        """While the deck is shuffled nobody has seen a card: any shuffle so far will do."""
        pool = list(Cards.deck(self._setup.rules.decks))
        rng.shuffle(pool)
        state = DuidiaoState(self.get_game())
        for card in pool[: len(self._deck)]:
            state.apply_action(card.id)
        return state

    def _replayed(self, deck: list[Any], buried: Cards, player: int) -> DuidiaoState | None:
        """A new state dealt ``deck``, with this state's decisions replayed: every public one
        and ``player``'s own as they were; the others' unseen ones (declining to declare or to
        潇洒) wherever the new deal asks them, and another declarer's burial as ``buried``.
        None when the deal does not allow it."""
        state = DuidiaoState(self.get_game())
        for card in deck:
            state.apply_action(int(card.id))
        assert state._chooser is not None

        def unseen(seat: int, phase: str) -> bool:  # another seat's pass nobody saw
            return seat != player and hidden_pass(phase)

        queue = [d for d in self._decisions if not (d.passed and unseen(d.seat, d.point[1]))]
        now = self._chooser.game if self._chooser is not None else None
        try:
            while True:
                game = state._chooser.game
                if game.is_over:
                    break
                seat, point = SEATS.index(game.to_act or "S"), asked_at(game)
                if queue:
                    d = queue[0]
                    if d.point == point:
                        actions = queue.pop(0).actions
                        if d.buried and seat != player:
                            actions = (*buried.faces(), DONE)
                        for action in actions:
                            state.apply_action(action)
                        continue
                elif now is not None and asked_at(now) == point:
                    break  # the decision under way in this state
                if not unseen(seat, point[1]):
                    return None
                state.apply_action(PASS)  # asked in this deal, not in the real one: declines
            if queue:
                return None
            mover = self.current_player()
            if mover == player:  # the cards it has chosen so far; another seat's it cannot see
                for action in self._current:
                    state.apply_action(action)
        except (ValueError, pyspiel.SpielError):
            return None
        return state

    # -- what a seat knows ------------------------------------------------------------------
    def seen(self, player: int) -> list[str]:
        """The seat's perfect-recall record: the cards it drew, its own actions and what the
        others' decisions showed, in order."""
        return list(self._seen[player])

    def planes(self, player: int) -> np.ndarray:
        """The seat's observation planes now (docs/env.md), zeros while dealing."""
        if self._chooser is None:
            return np.zeros((NUM_PLANES, FACES), dtype=np.float32)
        game = self._chooser.game
        chosen = self._chooser.chosen if game.to_act == SEATS[player] else None
        return game.planes(SEATS[player], chosen)


class _Observer:
    """The observation tensor (the seat's planes) or, with perfect recall, the information
    state tensor: the planes and every completed trick's plays by seat (docs/env.md)."""

    def __init__(self, perfect_recall: bool, tricks: int = TRICKS) -> None:
        self.perfect_recall = perfect_recall
        pieces: list[tuple[str, tuple[int, ...]]] = [("planes", (NUM_PLANES, FACES))]
        if perfect_recall:  # a trick a card of a hand (rules §11.1)
            pieces += [("trick_plays", (tricks, 4, FACES)), ("trick_leaders", (tricks, 4))]
        size = sum(int(np.prod(shape)) for _, shape in pieces)
        self.tensor = np.zeros(size, np.float32)
        self.dict: dict[str, np.ndarray] = {}
        start = 0
        for name, shape in pieces:
            n = int(np.prod(shape))
            self.dict[name] = self.tensor[start : start + n].reshape(shape)
            start += n

    def set_from(self, state: DuidiaoState, player: int) -> None:
        self.tensor.fill(0)
        self.dict["planes"][:] = state.planes(player)
        game = state.game
        if not self.perfect_recall or game is None or game.phase not in ("play", "over"):
            return
        plays, leaders = self.dict["trick_plays"], self.dict["trick_leaders"]
        for t, trick in enumerate(game.tricks):
            first = SEATS.index(trick.leader)
            leaders[t, (first - player) % 4] = 1
            for i, play in enumerate(trick.plays):
                for face in play.faces():
                    plays[t, (first + i - player) % 4, face] += 1

    def string_from(self, state: DuidiaoState, player: int) -> str:
        if self.perfect_recall:
            return " ".join(state.seen(player))
        game = state.game
        if game is None:
            return f"dealing {len(state._deck)}; hand " + ",".join(
                t[1:] for t in state.seen(player) if t.startswith("d")
            )
        obs = game.observe(SEATS[player])
        chosen = state._chooser.chosen if state._chooser and game.to_act == SEATS[player] else None
        text = f"{obs.phase} {SEATS[player]} hand {obs.hand}"
        if obs.position is not None:
            text += f" | {obs.position}"
        if chosen:
            text += f" | chosen {chosen}"
        return text


class HeuristicRolloutEvaluator:
    """An evaluator for OpenSpiel's MCTS and ISMCTS bots: a state's value is a playout of the
    hand by the ``heuristic`` bot in every seat (in C++), the decision under way first finished
    with random legal actions; the prior is uniform. Much stronger than random rollouts, and
    about as fast as one step of the environment."""

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)
        self._bots = [make_bot("heuristic", seed=seed * 4 + s) for s in range(4)]

    def evaluate(self, state: DuidiaoState) -> np.ndarray:
        state = state.clone()
        while state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(self._rng.choices(*zip(*outcomes))[0])
        if not state.is_terminal():
            assert state._chooser is not None
            while state._chooser.chosen:  # finish the decision under way
                state.apply_action(self._rng.choice(state.legal_actions()))
            game = state._chooser.game
            if not game.is_over:
                play_hand(game, self._bots)
            scores = game.result().scores
            margin = float(scores["NS"] - scores["EW"])
            return np.array([margin, -margin, margin, -margin])
        return np.array(state.returns())

    def prior(self, state: DuidiaoState) -> list[tuple[int, float]]:
        actions = state.legal_actions()
        return [(a, 1.0 / len(actions)) for a in actions]


def ismcts_hand(
    deal: int, simulations: int, ismcts_team: int, preset: str = "chifeng", uct_c: float = 40.0
) -> float:
    """One hand between OpenSpiel's information-set MCTS (``open_spiel.python.algorithms.
    ismcts``, valued by :class:`HeuristicRolloutEvaluator`, ``simulations`` sampled states a
    step) in the seats of ``ismcts_team`` (0: NS, 1: EW) and our ``heuristic`` bot in the
    others. The cards come from ``deal`` alone, so both teams can play the same deal (a
    duplicate match). Returns ISMCTS's margin: its team's hand score minus the other's."""
    from open_spiel.python.algorithms import ismcts

    from duidiao.research.encoding import player_actions

    game = pyspiel.load_game(GAME_NAME, {"preset": preset})
    seed = 1000 * deal + ismcts_team
    bot = ismcts.ISMCTSBot(
        game, HeuristicRolloutEvaluator(seed), uct_c=uct_c, max_simulations=simulations,
        random_state=np.random.RandomState(seed),
    )
    # OpenSpiel's default resampler draws from an unseeded generator: ours is seeded, so that
    # a hand plays the same every time.
    draws = random.Random(seed)
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, draws.random))
    heuristic = [make_bot("heuristic", seed=deal * 4 + s) for s in range(4)]
    cards = random.Random(deal)  # the same cards whichever team ISMCTS plays
    state = game.new_initial_state()
    queue: list[int] = []
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(cards.choices(*zip(*outcomes))[0])
            continue
        player = state.current_player()
        if player % 2 == ismcts_team:
            action = int(bot.step(state))
        else:
            if not queue:
                queue = player_actions(state.game, heuristic[player])
            action = queue.pop(0)
        state.apply_action(action)
    return float(state.returns()[ismcts_team])


pyspiel.register_game(GAME_TYPE, DuidiaoGame)
