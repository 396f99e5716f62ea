"""The PettingZoo AEC environment: one hand of duidiao, every decision made by actions.

``duidiao.research.env.env()`` (wrapped, as PettingZoo's own environments are) or ``raw_env()``. The
agents ``player_0`` .. ``player_3`` are the seats S, E, N, W (``player_0`` and ``player_2``
are one team). docs/env.md describes the actions, the observation planes and the rewards.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from duidiao.play.cards import SEATS
from duidiao.play.game import Game
from duidiao.play.level import Level
from duidiao.play.rules import Rules
from duidiao.play.seats import TRICK_SEATS
from duidiao.research.encoding import (
    FACES,
    NUM_PLANES,
    Chooser,
    card_counts,
    check_env_preset,
    num_actions,
)

__all__ = ["AGENTS", "REWARDS", "DuidiaoEnv", "env", "raw_env"]

AGENTS = tuple(f"player_{i}" for i in range(4))
REWARDS = ("margin", "score", "points")
"""``margin``: the own team's hand score minus the other's (zero-sum, the engine's objective);
``score``: the own team's hand score (rules §7.2); ``points``: the defenders' card points,
plus for the defenders and minus for the declarers (zero-sum)."""


class DuidiaoEnv(AECEnv):  # type: ignore[misc]
    """One hand of duidiao as an AEC environment (docs/env.md).

    ``preset``: the rules (``chifeng``, ``shanghai``, …). ``declarer``: ``"random"`` (a
    random fixed declarer, §8.4, each hand), a seat letter, or None (a match's first hand,
    抢庄: whoever's declaration stands declares). ``levels``: ``"random"`` (each team's level
    drawn from the ladder; one level for both in a first hand) or a mapping such as
    ``{"NS": "5", "EW": "3"}``. ``reward``: one of :data:`REWARDS`. ``render_mode``:
    ``"ansi"`` (``render()`` returns the text) or ``"human"`` (prints it).
    """

    metadata: dict[str, Any] = {
        "name": "duidiao_v0",
        "render_modes": ["ansi", "human"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        preset: str = "chifeng",
        reward: str = "margin",
        declarer: str | None = "random",
        levels: str | Mapping[str, str] = "random",
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        check_env_preset(preset)
        if reward not in REWARDS:
            raise ValueError(f"reward: {reward!r} is not one of {', '.join(REWARDS)}")
        if declarer is not None and declarer != "random" and declarer not in SEATS:
            raise ValueError(f"declarer: {declarer!r} is not 'random', a seat (S E N W) or None")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode: {render_mode!r} is not 'ansi', 'human' or None")
        self.rules = Rules.preset(preset)
        if levels != "random":
            if not isinstance(levels, Mapping) or set(levels) != {"NS", "EW"}:
                raise ValueError(f"levels: {levels!r} is not 'random' or {{'NS': L, 'EW': L}}")
            for team, letter in levels.items():
                try:
                    Level(letter)
                except ValueError as exc:
                    raise ValueError(f"levels: {team}: {exc}") from None
            if declarer is None and levels["NS"] != levels["EW"]:
                raise ValueError("levels: a first hand (declarer None) needs one level for both")
        self.preset = preset
        self.reward_kind = reward
        self.declarer_option = declarer
        self.levels_option = levels
        self.render_mode = render_mode
        self.possible_agents = list(AGENTS)
        self.agents: list[str] = []
        # The two-pack presets' spaces as ever; three packs count a face up to 3 and declare
        # triples (rules §11.1, §11.7).
        self.num_actions = num_actions(self.rules)
        high = float(max(2, self.rules.decks))
        space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, high, (NUM_PLANES, FACES), dtype=np.float32),
                "action_mask": spaces.Box(0, 1, (self.num_actions,), dtype=np.int8),
            }
        )
        self.observation_spaces = {a: space for a in AGENTS}
        self.action_spaces = {a: spaces.Discrete(self.num_actions) for a in AGENTS}
        self._chooser: Chooser | None = None
        self._planes: dict[str, np.ndarray] = {}

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    @property
    def game(self) -> Game:
        """The hand being played (every card of it: for measuring, not for an agent)."""
        if self._chooser is None:
            raise RuntimeError("call reset() first")
        return self._chooser.game

    @property
    def chosen(self) -> Any:
        """The cards chosen so far in the decision under way (``duidiao.Cards``)."""
        return self._chooser.chosen if self._chooser is not None else None

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        rng = random.Random(seed) if seed is not None else random.Random()
        ladder = self.rules.ladder_letters  # each level equally likely
        declarer = self.declarer_option
        if declarer == "random":
            declarer = SEATS[rng.randrange(4)]
        if isinstance(self.levels_option, Mapping):
            levels = dict(self.levels_option)
        else:  # "random"
            ns = ladder[rng.randrange(13)]
            ew = ns if declarer is None else ladder[rng.randrange(13)]
            levels = {"NS": ns, "EW": ew}
        game = Game.deal(
            rng.getrandbits(63), rules=self.rules, declarer=declarer, levels=levels
        )
        self._chooser = Chooser(game)
        self._planes = {}
        self.agents = list(AGENTS)
        self.rewards = {a: 0.0 for a in AGENTS}
        self._cumulative_rewards = {a: 0.0 for a in AGENTS}
        self.terminations = {a: False for a in AGENTS}
        self.truncations = {a: False for a in AGENTS}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in AGENTS}
        self._select()

    def _select(self) -> None:
        to_act = self.game.to_act
        if to_act is not None:
            self.agent_selection = AGENTS[SEATS.index(to_act)]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        if self._chooser is None:
            raise RuntimeError("call reset() first")
        if agent not in AGENTS:
            raise ValueError(f"agent: {agent!r:.40} is not one of {', '.join(AGENTS)}")
        seat = SEATS[AGENTS.index(agent)]
        planes = self._planes.get(seat)
        if planes is None:
            planes = self._planes[seat] = self.game.planes(seat)
        acting = self.game.to_act == seat
        observation = planes.copy()
        if acting and self._chooser.chosen:
            observation[1] = card_counts(self._chooser.chosen)
        if acting:
            mask = self._chooser.legal_mask()
        else:
            mask = np.zeros(self.num_actions, dtype=np.int8)
        return {"observation": observation, "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to act: an action is needed, not None")
        assert self._chooser is not None
        self._cumulative_rewards[agent] = 0.0
        decided = self._chooser.step(action)
        if decided:
            self._planes = {}
        if self.game.is_over:
            self._finish()
        else:
            self._select()
        self._accumulate_rewards()

    def _finish(self) -> None:
        result = self.game.result()
        scores = result.scores
        declarer = self.game.declarer
        assert declarer is not None
        for i, agent in enumerate(AGENTS):
            team = TRICK_SEATS.team_of(i)
            other = TRICK_SEATS.team_of(TRICK_SEATS.next(i))
            if self.reward_kind == "margin":
                value = scores[team] - scores[other]
            elif self.reward_kind == "score":
                value = scores[team]
            else:
                defending = TRICK_SEATS.team_of(declarer) != team
                value = result.points if defending else -result.points
            self.rewards[agent] = float(value)
            self.terminations[agent] = True
            self.infos[agent] = {"result": result}

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text = _describe(self.game, self._chooser.chosen if self._chooser else None)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self._chooser = None
        self._planes = {}


def _describe(game: Game, chosen: Any) -> str:
    """The whole hand as text, for the person running the environment (every card shown)."""
    lines = [f"{game.rules.name} — {game.phase}, {game.to_act or 'nobody'} to act"]
    if game.phase in ("play", "over"):
        lines.append(str(game.position()))
    else:
        for seat in SEATS:
            lines.append(f"{seat}: {game.held(seat)}")
    if chosen:
        lines.append(f"chosen: {chosen}")
    if game.is_over:
        result = game.result()
        lines.append(f"result: {result.outcome}, points {result.points}, scores {result.scores}")
    return "\n".join(lines)


def raw_env(**kwargs: Any) -> DuidiaoEnv:
    """The environment without PettingZoo's checking wrappers."""
    return DuidiaoEnv(**kwargs)


def env(**kwargs: Any) -> Any:
    """The environment inside PettingZoo's usual wrappers (an illegal action raises, the
    order of calls is enforced)."""
    wrapped: Any = DuidiaoEnv(**kwargs)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)
