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

from typing import Any

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


def _pettingzoo() -> Any:
    try:
        from duidiao.research.env import pettingzoo as module
    except ModuleNotFoundError as exc:
        if exc.name not in ("pettingzoo", "gymnasium"):
            raise
        raise ImportError(
            f"the PettingZoo environment needs the rl extra: pip install 'duidiao[rl]' ({exc})"
        ) from None
    return module


def env(**kwargs: Any) -> Any:
    """The PettingZoo AEC environment, wrapped as PettingZoo's own are
    (:class:`duidiao.research.env.pettingzoo.DuidiaoEnv` takes the arguments)."""
    return _pettingzoo().env(**kwargs)


def raw_env(**kwargs: Any) -> Any:
    """The PettingZoo AEC environment without wrappers."""
    return _pettingzoo().raw_env(**kwargs)
