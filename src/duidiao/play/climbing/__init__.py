"""The climbing games, 够级 (rules §12) and 保皇 (rules §13): positions, whole hands, bots.

They share the engine's cards and search machinery with the trick games and no rule; their core
is ``duidiao._climb`` (src/core/climbing).
"""

from duidiao.play.climbing.gouji import GoujiPosition

__all__ = ["GoujiPosition"]
