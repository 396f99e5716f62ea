"""Bots for the climbing games: ``random``, ``heuristic``, ``pimc`` and the levels, one registry.

A bot is any object with ``choose(observation) -> str`` (one of ``observation.legal``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol

from duidiao import _climb
from duidiao.play.climbing.baohuang import BaohuangPosition
from duidiao.play.climbing.cards import BJ, SJ, TWO, VALUES, Pile, parse_pile
from duidiao.play.climbing.games import seats_of
from duidiao.play.climbing.gouji import GoujiPosition
from duidiao.play.climbing.observation import Observation
from duidiao.play.climbing.tokens import action_text, unseen

__all__ = ["ClimbingBot", "RandomBot", "HeuristicBot", "PimcBot", "BOTS", "LEVELS", "make_bot"]


class ClimbingBot(Protocol):
    def choose(self, observation: Observation) -> str: ...


class RandomBot:
    """Uniform among the legal options."""

    def __init__(self, seed: int | str | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, observation: Observation) -> str:
        return self.rng.choice(observation.legal)


def _pile(action: str) -> Pile:
    return parse_pile(action, "action")


def _cost(pile: Pile) -> float:
    """How much a set spends: its cards' values, jokers and 2s weighing most (they win rounds
    and carry 够级 later)."""
    c = pile.counts
    return sum(v * c[v] for v in range(1, TWO)) + 20 * c[TWO] + 40 * c[SJ] + 60 * c[BJ]


class HeuristicBot:
    """Sheds its lowest sets first, beats opponents as cheaply as it can, lets teammates run,
    keeps its jokers and 2s for sets that need them, and never revolts, grabs or yields."""

    def __init__(self, seed: int | str | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, observation: Observation) -> str:
        o = observation
        if o.phase != "play":
            return self._before_play(o)
        plays = [a for a in o.legal if a not in ("pass", "yield", "fold", "noburn")]
        others = [a for a in o.legal if a in ("pass", "fold", "noburn")]
        assert o.view is not None
        position = (GoujiPosition if o.game == "gouji" else BaohuangPosition).parse(o.view)
        core = position._game()
        leading = core.stage() == 0
        if leading:
            return min(plays, key=lambda a: self._lead_key(_pile(a), o.hand))
        owner = core.owner()
        if self._friend(o, position, owner):
            return others[0] if others else min(plays, key=lambda a: _cost(_pile(a)))
        if not plays:
            return others[0]
        if others and others[0] == "noburn":
            # burn only to go out at once (the burn obliges the rest of the hand)
            finishing = [a for a in plays if _pile(a).size == o.hand.size]
            return finishing[0] if finishing else "noburn"
        best = min(plays, key=lambda a: _cost(_pile(a)))
        pile = _pile(best)
        if others and (pile.counts[SJ] or pile.counts[BJ]) and o.hand.size - pile.size > 6:
            return others[0]  # not worth a joker yet
        return best

    @staticmethod
    def _lead_key(pile: Pile, hand: Pile) -> tuple[int, float]:
        # The lowest rank, all of it, nothing hung on: sheds the cards that win nothing.
        rest = hand - pile
        whole = all(rest.counts[v] == 0 or pile.counts[v] == 0 for v in range(1, TWO))
        spends = pile.counts[TWO] + pile.counts[SJ] + pile.counts[BJ]
        if pile.size == hand.size:
            return (-1, 0.0)  # going out
        return (0 if whole and not spends else 1, _cost(pile) / pile.size + 10 * spends)

    @staticmethod
    def _friend(o: Observation, position: object, owner: int) -> bool:
        me = seats_of(o.game).index(o.seat)
        if o.game == "gouji":
            return (owner - me) % 2 == 0
        assert isinstance(position, BaohuangPosition)
        side = {position.emperor} | ({position.guard} if position.guard is not None else set())
        return (me in side) == (owner in side) and me in side

    # Before the play the heuristic answers by the options it is given: it never revolts,
    # always keeps its 够死级 chances, never grabs, never declares; it calls the highest face it
    # may when it must (逼庄) or holds a strong hand.
    DEFAULTS = ("stay", "keep", "dark")

    def _before_play(self, o: Observation) -> str:
        for answer in self.DEFAULTS:
            if answer in o.legal:
                return answer
        calls = [a for a in o.legal if a.startswith("call ")]
        if not calls:
            return "pass"
        strength = o.hand.counts[BJ] * 3 + o.hand.counts[SJ] * 2 + o.hand.counts[TWO]
        if "pass" not in o.legal or strength >= 8:
            # call the face of the highest rank (its copies are the guard's sign)
            return max(calls, key=lambda a: VALUES.get(a[5:-1] if len(a) > 7 else a[5:], 0))
        return "pass"


class PimcBot:
    """Determinized Monte Carlo (PIMC): the hidden cards dealt at random in ``worlds`` worlds
    (keeping what the hand proves: a revolutionary holds no 2 and no joker), each candidate action
    played out by the core's heuristic in the same worlds, or solved exactly once at most
    ``exact_cards`` cards are left in play (within ``exact_nodes`` positions a world, else played
    out); the best mean wins. Searches in the core, the GIL released, within ``seconds``."""

    def __init__(
        self,
        seed: int | str | None = None,
        worlds: int = 48,
        seconds: float = 1.0,
        max_actions: int = 16,
        exact_cards: int = 0,
        exact_nodes: int = 5000,
    ) -> None:
        self.rng = random.Random(seed)
        self.worlds, self.seconds, self.max_actions = worlds, seconds, max_actions
        self.exact_cards, self.exact_nodes = exact_cards, exact_nodes
        self._before = HeuristicBot(seed)
        self._stop = _climb.StopFlag()

    def stop(self) -> None:
        """Ends a search in progress (from any thread) with what it has; it stays set, so that
        a search starting after it answers at once, until :meth:`clear_stop`."""
        self._stop.set()

    def clear_stop(self) -> None:
        self._stop.clear()

    def analyse(self, observation: Observation) -> list[tuple[str, float, float, int]]:
        """Each candidate action with its mean value for the seat (够级: its team's signed score,
        保皇: its own), the spread and the worlds it was tried in, best first."""
        o = observation
        assert o.view is not None
        position: Any = (GoujiPosition if o.game == "gouji" else BaohuangPosition).parse(o.view)
        call = getattr(position, "call", None)
        pool = unseen(
            position.hands, position.gone, position.actions, call.value if call is not None else 0
        )
        core = position._game()
        found = core.pimc(
            (pool.counts, pool.called, 0),
            self.worlds,
            self.max_actions,
            self.seconds,
            self.rng.getrandbits(63),
            exact_cards=self.exact_cards,
            exact_nodes=self.exact_nodes,
            stop=self._stop,
        )
        return [(action_text(a, call), mean, sd, n) for a, mean, sd, n in found]

    def choose(self, observation: Observation) -> str:
        if observation.phase != "play":
            return self._before.choose(observation)
        if len(observation.legal) == 1:
            return observation.legal[0]
        return self.analyse(observation)[0][0]


BOTS: dict[str, Callable[[int | str | None], ClimbingBot]] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
    "pimc": PimcBot,
}

# The named strengths, weakest first (the trick games' names): what each one is.
LEVELS: dict[str, Callable[[int | str | None], ClimbingBot]] = {
    "easy": HeuristicBot,
    "normal": lambda seed: PimcBot(seed, worlds=16, seconds=0.5, max_actions=8),
    "hard": lambda seed: PimcBot(seed, worlds=48, seconds=1.0, max_actions=16, exact_cards=6),
    "expert": lambda seed: PimcBot(seed, worlds=128, seconds=2.0, max_actions=24, exact_cards=8),
}
BOTS.update(LEVELS)


def make_bot(name: str, seed: int | str | None = None) -> ClimbingBot:
    if name not in BOTS:
        raise ValueError(f"bot: {name!r} is not a climbing bot ({', '.join(BOTS)})")
    return BOTS[name](seed)
