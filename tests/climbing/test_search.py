"""The climbing games' search: the exact endgame against a plain minimax with no pruning, and
the world sampler keeping what the hand proves (a revolutionary holds no 2 and no joker)."""

from __future__ import annotations

import random

import pytest

from duidiao import _climb
from duidiao.play.climbing.games import deal
from duidiao.play.climbing.gouji import GoujiPosition
from duidiao.play.climbing.tokens import unseen
from duidiao.search.climbing.bots import PimcBot, make_bot


def endgames(preset: str, most: int, count: int) -> list:
    """Core positions with every hand known and at most ``most`` cards in play, each a round
    about to be led: random small hands for the seats still in (two 够级 seats, or one 保皇 seat,
    already out), so that a plain minimax reaches the end."""
    rng = random.Random(most * 1000 + count)
    found = []
    gouji = preset.startswith("gouji")
    n = 6 if gouji else 5
    while len(found) < count:
        out = rng.sample(range(n), 2 if gouji else 1)
        present = [s for s in range(n) if s not in out]
        left = rng.randint(len(present), most)
        cards = [rng.choice([1, 1, 2, 3, 5, 9, 12, 13, 14, 15]) for _ in range(left)]
        holders = present + [rng.choice(present) for _ in range(left - len(present))]
        hands = [[0] * 16 for _ in range(n)]
        for seat, value in zip(holders, cards):
            hands[seat][value] += 1
        leader = rng.choice(present)
        if gouji:
            core = _climb.Gouji([(h, 0, 0) for h in hands], out, leader, burning=[False] * 6)
        else:  # 抢庄: the emperor alone against four (rules §13.3)
            emperor = rng.choice(present)
            core = _climb.Baohuang([(h, 0, 0) for h in hands], out, leader, emperor, -1, 3,
                                   False, 0)
        found.append(core)
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
    values, most_nodes = set(), 0
    for core in endgames(preset, 6, 40):
        seat = core.to_act()
        value, complete, nodes = core.solve(seat)
        assert complete and nodes >= 1
        assert value == minimax(core, seat, side), core
        values.add(value)
        most_nodes = max(most_nodes, nodes)
    assert len(values) >= 2 and most_nodes > 20  # positions worth searching


def test_the_solver_runs_out_of_nodes_and_says_so() -> None:
    (core,) = endgames("gouji-basic", 12, 1)
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


def test_a_view_that_leaves_earlier_cards_unnamed_is_searched() -> None:
    """docs/notation.md, `gone`: the cards a view does not name are gone, which ones unknown; each
    world deals the hidden cards as a random choice among the unseen ones."""
    text = ("gouji A=BJ,SJ,2*2,A*2,Q*3,9*2,6,5*2,3 B=?14 C=?11 D=- E=?19 F=?8 out=D "
            "round=A:")
    view = GoujiPosition.parse(text)
    pool = unseen(view.hands, view.gone, view.actions, 0)
    assert pool.size > 14 + 11 + 19 + 8
    core = view._game()
    for s in range(50):
        world = core.sample((pool.counts, pool.called, 0), s)
        sizes = [sum(world.hand(p)[0]) for p in range(6)]
        assert sizes == [15, 14, 11, 0, 19, 8]
        dealt = [sum(world.hand(p)[0][v] for p in range(1, 6)) for v in range(16)]
        assert all(d <= pool.counts[v] for v, d in enumerate(dealt))


def test_while_the_guard_is_unknown_every_called_copy_is_dealt() -> None:
    from duidiao.play.climbing.baohuang import BaohuangPosition

    text = ("baohuang emperor=A call=9C mode=dark guard=? A=9C*3,?20 "
            "B=BJ,SJ,A*3,Q*2,T*4,7*3,4*2,3*3 C=?15 D=- E=?21 out=D round=B:")
    view = BaohuangPosition.parse(text)
    pool = unseen(view.hands, view.gone, view.actions, view.call.value)
    assert pool.called == 1 and pool.size > 20 + 15 + 21
    core = view._game()
    guards = set()
    for s in range(100):
        world = core.sample((pool.counts, pool.called, 0), s)
        held = [world.hand(p)[1] for p in range(5)]
        assert sum(held) == 4  # the emperor's three and the fourth, somewhere
        guards.add(world.guard())
    assert guards == {0, 2, 4}  # the fourth copy with A (独保), C or E, never B (all shown)
