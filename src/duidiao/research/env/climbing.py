"""The PettingZoo AEC environment of the climbing games: one hand of 够级 (six agents) or 保皇
(five), every decision made by actions (docs/env.md, "The climbing games").

``duidiao.research.env.env(preset="gouji")`` (or any climbing preset) returns it wrapped as
PettingZoo's own environments are. The agents ``player_0`` … are the seats A, B, … in playing
order (够级: ``player_0``, ``player_2``, ``player_4`` are one team).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from duidiao.play.climbing.games import PRESETS, ClimbingGame, deal, game_name, seats_of
from duidiao.research.climbing.encoding import (
    COLUMNS,
    NUM_ACTIONS,
    Chooser,
    observation_planes,
    plane_names,
)

__all__ = ["REWARDS", "ClimbingEnv", "env", "raw_env"]

REWARDS = ("margin", "score")
"""``margin``: 够级, the own team's score minus the other's; 保皇, the seat's score (the scores of
a 保皇 hand sum to zero). ``score``: the own team's (够级) or seat's (保皇) score as the rules
give it (docs/rules.md §12.12, §13.7)."""
_HIGH = 216.0  # no cell counts more than the four packs


class ClimbingEnv(AECEnv):  # type: ignore[misc]
    """One hand of a climbing game as an AEC environment (docs/env.md).

    ``preset``: ``gouji``, ``gouji-basic``, ``baohuang`` or ``baohuang-basic``. ``reward``: one
    of :data:`REWARDS`. ``render_mode``: ``"ansi"`` or ``"human"``.
    """

    metadata: dict[str, Any] = {
        "name": "duidiao_climbing_v0",
        "render_modes": ["ansi", "human"],
        "is_parallelizable": False,
    }

    def __init__(self, preset: str = "gouji", reward: str = "margin",
                 render_mode: str | None = None) -> None:
        super().__init__()
        if preset not in PRESETS:
            raise ValueError(f"preset: {preset!r} is not a climbing preset ({', '.join(PRESETS)})")
        if reward not in REWARDS:
            raise ValueError(f"reward: {reward!r} is not one of {', '.join(REWARDS)}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode: {render_mode!r} is not 'ansi', 'human' or None")
        self.preset = preset
        self.reward_kind = reward
        self.render_mode = render_mode
        self.seats = seats_of(preset)
        self.possible_agents = [f"player_{i}" for i in range(len(self.seats))]
        self.agents: list[str] = []
        self.num_actions = NUM_ACTIONS
        self.plane_names = plane_names(len(self.seats))
        space = spaces.Dict(
            {
                "observation": spaces.Box(-1.0, _HIGH, (len(self.plane_names), COLUMNS),
                                          dtype=np.float32),
                "action_mask": spaces.Box(0, 1, (NUM_ACTIONS,), dtype=np.int8),
            }
        )
        self.observation_spaces = {a: space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(NUM_ACTIONS) for a in self.possible_agents}
        self._chooser: Chooser | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    @property
    def game(self) -> ClimbingGame:
        """The hand being played (every card of it: for measuring, not for an agent)."""
        if self._chooser is None:
            raise RuntimeError("call reset() first")
        return self._chooser.game

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        rng = random.Random(seed) if seed is not None else random.Random()
        self._chooser = Chooser(deal(self.preset, seed=rng.getrandbits(63)))
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        to_act = self.game.to_act
        if to_act is not None:
            self.agent_selection = self.possible_agents[self.seats.index(to_act)]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        if self._chooser is None:
            raise RuntimeError("call reset() first")
        if agent not in self.possible_agents:
            raise ValueError(f"agent: {agent!r:.40} is not one of "
                             f"{', '.join(self.possible_agents)}")
        seat = self.seats[self.possible_agents.index(agent)]
        acting = self.game.to_act == seat
        planes = observation_planes(self.game, seat, self._chooser.chosen if acting else None)
        if acting:
            mask = self._chooser.legal_mask()
        else:
            mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
        return {"observation": planes, "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to act: an action is needed, not None")
        assert self._chooser is not None
        self._cumulative_rewards[agent] = 0.0
        self._chooser.step(action)
        if self.game.phase == "over":
            self._finish()
        else:
            self._select()
        self._accumulate_rewards()

    def _finish(self) -> None:
        places, scores = self.game.result()
        gouji = game_name(self.game) == "gouji"
        for i, agent in enumerate(self.possible_agents):
            seat = self.seats[i]
            if gouji:
                own = next(team for team in scores if seat in team)
                other = next(team for team in scores if seat not in team)
                value = scores[own] - (scores[other] if self.reward_kind == "margin" else 0)
            else:
                value = scores[seat]
            self.rewards[agent] = float(value)
            self.terminations[agent] = True
            self.infos[agent] = {"places": places, "scores": scores}

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        game = self.game
        lines = [f"{self.preset} — {game.phase}, {game.to_act or 'nobody'} to act"]
        if game.position is not None:
            lines.append(str(game.position))
        if game.phase == "over":
            lines.append(f"result: {game.result()}")
        text = "\n".join(lines)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self._chooser = None


def raw_env(**kwargs: Any) -> ClimbingEnv:
    """The environment without PettingZoo's checking wrappers."""
    return ClimbingEnv(**kwargs)


def env(**kwargs: Any) -> Any:
    """The environment inside PettingZoo's usual wrappers."""
    wrapped: Any = ClimbingEnv(**kwargs)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)
