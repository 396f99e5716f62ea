"""The Monte Carlo playouts play the heuristic's choices on the lean play state without the
checks of ``Hand.play`` (src/search/pimc.cpp): so every play the heuristic makes must be legal,
and every throw it leads must stand (rules §5.2) whatever the other hands hold — whether it sees
only its own view or the whole deal. A test that would catch a playout going off the rules."""

from __future__ import annotations

import pytest

import duidiao
from duidiao import _core
from duidiao.search.players import core_bot_step

PLAY = 4  # _core.Phase.play


@pytest.mark.parametrize("must_follow_format", [False, True], ids=["chifeng", "must_follow_format"])
@pytest.mark.parametrize("sees_everything", [False, True])
def test_heuristic_plays_are_legal_and_its_throws_stand(
    sees_everything: bool, must_follow_format: bool
) -> None:
    """With must_follow_format (rules §10.4) too: a follow that misses a duty would be a wrong
    playout, silently."""
    rules = duidiao.Rules.preset("chifeng").replace(must_follow_format=must_follow_format)
    throws = plays = 0
    for seed in range(40):
        game = duidiao.Game.deal(seed=seed, declarer=seed % 4, rules=rules).core
        bots = [_core.Bot("heuristic", s) for s in range(4)]
        while int(game.phase) < PLAY:
            core_bot_step(game, bots)
        while int(game.phase) == PLAY:
            seat = int(game.to_act)
            obs = game.observe(seat, sees_everything)
            cards = tuple(bots[seat].play(obs))
            assert cards in [tuple(m) for m in obs.view.legal_moves()]
            leading = not obs.view.trick()
            played = tuple(game.play(cards))
            assert played == cards, f"seed {seed}: the throw {cards} failed"
            plays += 1
            one, two = cards
            throws += leading and one != two and bin(one).count("1") + bin(two).count("1") > 1
    assert plays > 2000 and throws > 20, (plays, throws)  # the deals do exercise throws
