"""The climbing games' search: the exact endgame against a plain minimax with no pruning, and
the world sampler keeping what the hand proves (a revolutionary holds no 2 and no joker)."""

from __future__ import annotations

import random

import pytest

from duidiao.play.climbing.games import deal
from duidiao.play.climbing.gouji import GoujiPosition
from duidiao.play.climbing.tokens import unseen
from duidiao.search.climbing.bots import PimcBot, make_bot


def endgames(preset: str, most: int, count: int) -> list:
    """Core positions of heuristic hands with at most ``most`` cards in play (every hand
    known), the first ``count`` found."""
    found = []
    seed = 0
    while len(found) < count:
        game = deal(preset, seed=seed)
        bots: dict[str, object] = {}
        while game.to_act is not None and len(found) < count:
            if game.position is not None:
                core = game.position._game()
                if core.to_act() >= 0 and core.cards_in_play() <= most:
                    found.append(core)
            o = game.observe()
            bot = bots.setdefault(o.seat, make_bot("heuristic", o.seat))
            game.apply(bot.choose(o))  # type: ignore[attr-defined]
        seed += 1
    return found


def minimax(core, seat: int, side) -> float:
    """The value for ``seat`` with no pruning: each side picks its best."""
    if core.over():
        return None  # type: ignore[return-value]
    values = []
    for action in core.legal():
        nxt = core.copy()
        nxt.apply(action)
        if nxt.over():
            values.append(nxt_value(nxt, seat))
        else:
            values.append(minimax(nxt, seat, side))
    mine = side(core, core.to_act()) == side(core, seat)
    return max(values) if mine else min(values)


def nxt_value(core, seat: int) -> float:
    # The finished hand's value through the solver itself is circular: read the scores.
    scores = core.scores()
    if isinstance(scores, dict):
        scores = list(scores.values())
    if len(scores) == 2:  # 够级: the teams' recorded scores
        return float(scores[seat % 2] - scores[1 - seat % 2])
    return float(scores[seat])


@pytest.mark.parametrize("preset", ["gouji-basic", "baohuang-basic"])
def test_the_exact_endgame_is_minimax(preset: str) -> None:
    if preset.startswith("gouji"):
        def side(core, p):
            return p % 2
    else:
        def side(core, p):
            return p in (core.emperor(), core.guard())
    checked = 0
    for core in endgames(preset, 5, 25):
        seat = core.to_act()
        value, complete, nodes = core.solve(seat)
        assert complete and nodes >= 1
        assert value == minimax(core, seat, side), core
        checked += 1
    assert checked == 25


def test_the_solver_runs_out_of_nodes_and_says_so() -> None:
    (core,) = endgames("gouji-basic", 14, 1)[-1:]
    value, complete, nodes = core.solve(core.to_act(), 3)
    assert not complete and nodes == 4


def test_the_solver_refuses_a_hidden_hand_and_a_bad_seat() -> None:
    game = deal("gouji-basic", seed=1)
    assert game.position is not None
    view = GoujiPosition.parse(game.view(game.to_act))
    with pytest.raises(ValueError, match="every hand must be known"):
        view._game().solve(0)
    with pytest.raises(ValueError, match="seat: out of range"):
        game.position._game().solve(6)


def revolt_game(seed: int):
    """A 够级 hand with a revolutionary, at its first play."""
    rng = random.Random(seed)
    while True:
        game = deal("gouji", seed=rng.getrandbits(32))
        while game.phase in ("revolt", "renounce"):
            legal = game.legal()
            game.apply("revolt" if "revolt" in legal and not game.revolts else legal[0])
        if game.position is not None and game.position.revolt is not None:
            return game


def test_worlds_give_the_revolutionary_no_2_and_no_joker() -> None:
    game = revolt_game(3)
    position = game.position
    assert position is not None
    revolutionary = position.revolt
    seat = game.to_act
    view = GoujiPosition.parse(game.view(seat))
    assert view.hands[revolutionary].hidden == 36
    pool = unseen(view.hands, view.gone, view.actions, 0)
    core = view._game()
    twos_elsewhere = 0
    for s in range(200):
        world = core.sample((pool.counts, pool.called, 0), s)
        counts, _called, hidden = world.hand(revolutionary)
        assert hidden == 0 and counts[13] == counts[14] == counts[15] == 0
        twos_elsewhere += sum(world.hand(p)[0][13] for p in range(6) if p != revolutionary)
    # every 2 of the pool went to the others, in every world
    shown = sum(view.hands[p].counts[13] for p in range(6))
    assert twos_elsewhere == 200 * (pool.counts[13] + shown)


def test_the_levels_search_the_endgame_exactly() -> None:
    expert = make_bot("expert", 1)
    assert isinstance(expert, PimcBot) and expert.exact_cards == 8
    hard = make_bot("hard", 1)
    assert isinstance(hard, PimcBot) and hard.exact_cards == 6
