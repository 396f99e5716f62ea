"""Learning environments for duidiao (docs/env.md).

:mod:`duidiao.research.encoding` numbers the actions and builds the observation planes, with no
dependency beyond numpy. The PettingZoo environment needs the ``rl`` extra
(``pip install "duidiao[rl]"``)::

    from duidiao.research.env import env
    e = env(preset="chifeng")
    e.reset(seed=1)
    for agent in e.agent_iter():
        observation, reward, terminated, truncated, info = e.last()
        ...
"""

from __future__ import annotations

import importlib
from typing import Any

from duidiao.play.climbing.games import PRESETS as CLIMBING_PRESETS
from duidiao.research.encoding import DONE, ENCODING_VERSION, NUM_ACTIONS, NUM_PLANES, PASS, PLANES

__all__ = [
    "DONE",
    "ENCODING_VERSION",
    "NUM_ACTIONS",
    "NUM_PLANES",
    "PASS",
    "PLANES",
    "env",
    "raw_env",
]


def _pettingzoo(preset: Any = None) -> Any:
    name = "climbing" if preset in CLIMBING_PRESETS else "pettingzoo"
    try:
        return importlib.import_module(f"duidiao.research.env.{name}")
    except ModuleNotFoundError as exc:
        if exc.name not in ("pettingzoo", "gymnasium"):
            raise
        raise ImportError(
            f"the PettingZoo environment needs the rl extra: pip install 'duidiao[rl]' ({exc})"
        ) from None


def env(**kwargs: Any) -> Any:
    """The PettingZoo AEC environment, wrapped as PettingZoo's own are: for a climbing preset
    (``gouji``, ``baohuang``, …) :class:`duidiao.research.env.climbing.ClimbingEnv`, else
    :class:`duidiao.research.env.pettingzoo.DuidiaoEnv` (each takes the arguments)."""
    return _pettingzoo(kwargs.get("preset")).env(**kwargs)


def raw_env(**kwargs: Any) -> Any:
    """The PettingZoo AEC environment without wrappers."""
    return _pettingzoo(kwargs.get("preset")).raw_env(**kwargs)
