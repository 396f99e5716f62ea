"""The play API, the lowest layer above the core: cards, levels, seats, rules, positions and
their notation, whole hands (:class:`~duidiao.play.game.Game`), decisions and hand records.

Nothing here searches: every module of this folder imports only the core and its neighbours
(docs/internals.md, "Layers").
"""

from duidiao.play.builds import engine_module

__all__ = ["engine_module"]
