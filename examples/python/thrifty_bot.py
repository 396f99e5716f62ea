"""A bot written in Python, registered with duidiao and used wherever a built-in bot is.

It never declares, takes nothing, buries its cheapest cards and plays the legal move that gives
away the fewest points (the first of equals). Weak on purpose: it shows the interface.

    PYTHONPATH=examples/python duidiao --bot thrifty=thrifty_bot:ThriftyBot \\
        duel --a thrifty --b heuristic --hands 20

or, in a package of your own, an entry point (docs/players.md)::

    [project.entry-points."duidiao.bots"]
    thrifty = "thrifty_bot:ThriftyBot"
"""

from __future__ import annotations

from duidiao import Cards, Observation
from duidiao.play.decisions import Decision, options


class ThriftyBot:
    """gives away the fewest points it can (an example bot written in Python)"""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed  # nothing random here; a bot that draws would seed its generator

    def decide(self, obs: Observation) -> Decision:
        assert obs.seat is not None
        if obs.phase == "bury":
            count = options(obs)["bury"]
            cheapest = sorted(obs.hand, key=lambda card: card.points)[:count]
            return Decision.bury_(obs.seat, Cards(cheapest))
        if obs.phase == "play":
            move = min(obs.legal_moves(), key=lambda m: m.cards.points)
            return Decision.play_(obs.seat, move.cards)
        return Decision.pass_(obs.seat, obs.phase)  # declaring, 抢牌, 潇洒: never

    # It answers at once, so a deadline has nothing to stop; with these two methods the
    # server seats it at its tables (a bot that thinks would stop its search in stop()).
    def stop(self) -> None:
        pass

    def clear_stop(self) -> None:
        pass
