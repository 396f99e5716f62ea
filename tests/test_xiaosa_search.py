"""The searched 潇洒 of `pimc:xiaosa=N` (docs/rules.md §6.4): passing and each number of big
and small jokers held, valued by sampled deals played out."""

from __future__ import annotations

import pytest

import duidiao
from duidiao import _core
from duidiao.search.players import core_bot_step

XIAOSA = 3


def _xiaosa_decisions(preset: str, seeds: range) -> list[tuple[_core.Game, int]]:
    """Games stopped at a 潇洒 decision of heuristic self-play, with the seat to act."""
    out = []
    for seed in seeds:
        core = duidiao.Game.deal(seed=seed, rules=preset, declarer="S",
                                 levels={"NS": "5", "EW": "3"}).core
        bots = [_core.Bot("heuristic", s) for s in range(4)]
        while int(core.phase) < XIAOSA:
            core_bot_step(core, bots)
        if int(core.phase) == XIAOSA:
            out.append((core, int(core.to_act)))
    return out


def test_the_searched_xiaosa_is_a_legal_choice_and_repeatable() -> None:
    decisions = _xiaosa_decisions("chifeng", range(40))
    assert len(decisions) >= 5
    heuristic = _core.Bot("heuristic", 0)
    changed = 0
    for game, seat in decisions:
        obs, takeable = game.observe(seat), game.xiaosa_takeable()
        a = _core.search_xiaosa(obs, takeable, 24, 1.0, 7)
        assert a == _core.search_xiaosa(obs, takeable, 24, 1.0, 7)
        assert a["candidates"] >= 2
        kept = _core.search_xiaosa(obs, takeable, 24, 1e9, 7)
        assert (kept["jokers"], kept["taken"]) == heuristic.xiaosa(obs, takeable)
        if (a["jokers"], a["taken"]) != (kept["jokers"], kept["taken"]):
            changed += 1
            assert a["gain"] > a["gain_stderr"] > 0
        copy = game.copy()
        jokers = duidiao.Cards.from_masks(*a["jokers"])
        taken = duidiao.Cards.from_masks(*a["taken"])
        if jokers:  # §6.4: as many cards taken as jokers put in, all of them takeable
            assert len(taken) == len(jokers)
            assert taken <= duidiao.Cards.from_masks(*takeable)
            copy.xiaosa(a["jokers"], a["taken"])
    assert changed >= 1


@pytest.mark.parametrize("preset", ["chifeng", "chifeng-classic", "chifeng-10"])
def test_a_bot_that_searches_its_xiaosa_plays_whole_hands(preset: str) -> None:
    stats = _core.selfplay_hands(6, 2, preset, ["pimc:worlds=4,xiaosa=8", "heuristic"] * 2)
    assert stats["hands"] == 6


def test_bad_xiaosa_search_arguments_are_refused() -> None:
    game, seat = _xiaosa_decisions("chifeng", range(40))[0]
    obs, takeable = game.observe(seat), game.xiaosa_takeable()
    with pytest.raises(ValueError, match="worlds"):
        _core.search_xiaosa(obs, takeable, 5000, 1.0, 1)
    with pytest.raises(ValueError, match="margin"):
        _core.search_xiaosa(obs, takeable, 8, -1.0, 1)
    with pytest.raises(ValueError, match="xiaosa=-1"):
        duidiao.make_bot("pimc:xiaosa=-1")
    start = duidiao.Game.deal(seed=1, declarer="S").core
    with pytest.raises(ValueError, match="not a defender"):
        _core.search_xiaosa(start.observe(int(start.to_act)), takeable, 8, 1.0, 1)


BURY, GRAB = 1, 2


def test_the_searched_grab_is_a_legal_choice_and_repeatable() -> None:
    """§6.3 抢牌 (chifeng-classic): passing or a card of the hand put in the offered one's place."""
    heuristic = _core.Bot("heuristic", 0)
    seen = changed = 0
    for seed in range(30):
        core = duidiao.Game.deal(seed=seed, rules="chifeng-classic", declarer="S",
                                 levels={"NS": "5", "EW": "3"}).core
        bots = [_core.Bot("heuristic", s) for s in range(4)]
        while int(core.phase) < BURY:
            core_bot_step(core, bots)
        if int(core.phase) != BURY:
            continue
        # The heuristic keeps its level cards: bury one of them in place of its last card.
        seat = int(core.to_act)
        hand = duidiao.Cards.from_masks(*core.observe(seat).hand)
        bury = duidiao.Cards.from_masks(*bots[seat].bury(core.observe(seat)))
        level = [c for c in hand - bury if c.rank == "5"]
        if not level:
            continue
        core.bury((bury - duidiao.Cards([list(bury)[-1]]) + duidiao.Cards([level[0]])).masks)
        if int(core.phase) != GRAB:
            continue
        seen += 1
        obs = core.observe(int(core.to_act))
        a = _core.search_grab(obs, 16, 1.0, 3)
        assert a == _core.search_grab(obs, 16, 1.0, 3)
        kept = _core.search_grab(obs, 16, 1e9, 3)
        assert kept["put"] == heuristic.grab(obs) and kept["gain"] == 0.0
        changed += a["put"] != kept["put"]
        if a["put"] >= 0:
            core.copy().grab(a["put"])  # a card of the seat's own: the game takes it
    assert seen >= 3 and changed >= 1
    with pytest.raises(ValueError, match="no level card is offered"):
        _core.search_grab(duidiao.Game.deal(seed=1).core.observe(0), 8, 1.0, 1)


def test_a_bot_that_searches_its_grabs_plays_whole_hands() -> None:
    stats = _core.selfplay_hands(6, 2, "chifeng-classic", ["pimc:worlds=4,grab=8", "heuristic"] * 2)
    assert stats["hands"] == 6
