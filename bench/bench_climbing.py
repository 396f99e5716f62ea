"""The climbing games' search in the core (`duidiao._climb`): PIMC at the first lead of a hand
(each world a heuristic playout of every candidate to the end of the hand) and the exact
endgame (alpha-beta between the two sides) on positions of 8 to 10 cards in play.

Each benchmark asserts what it computed: the same seed gives the same values, and the exact
values do not depend on the node budget once the search is complete.

    pytest bench/bench_climbing.py --benchmark-only
"""

from __future__ import annotations

import pytest

from duidiao.play.climbing.games import deal
from duidiao.play.climbing.tokens import unseen

WORLDS = 16


@pytest.mark.parametrize("preset", ["gouji", "baohuang"])
def test_pimc_at_the_first_lead(benchmark, preset):
    """16 worlds of the leader's view, every candidate (at most 24) played out in each."""
    benchmark.group = "climbing pimc"
    game = deal(preset, seed=3)
    while game.position is None:  # 革命 or 保皇's choosing: the first answer each time
        game.apply(game.legal()[0])
    position = game.position
    call = getattr(position, "call", None)
    view = type(position).parse(game.view(game.to_act))
    pool = unseen(view.hands, view.gone, view.actions, call.value if call is not None else 0)
    core = view._game()

    def search():
        return core.pimc((pool.counts, pool.called, 0), WORLDS, 24, 60.0, 7)

    first = search()
    assert first == search() and all(n == WORLDS for _, _, _, n in first)
    benchmark(search)
    benchmark.extra_info["worlds"] = WORLDS
    benchmark.extra_info["candidates"] = len(first)


def _endgames(preset: str, cards: int, count: int) -> list:
    """Whole-hand positions of heuristic play with every hand known and about ``cards`` cards
    left in play."""
    from duidiao.search.climbing.bots import make_bot

    found, seed = [], 0
    while len(found) < count:
        game = deal(preset, seed=seed)
        bot = make_bot("heuristic", seed)
        while game.to_act is not None:
            p = game.position
            revolt = getattr(p, "revolt", None)
            held = sum(h.size for s, h in enumerate(p.hands) if s != revolt) if p else 999
            if held <= cards:
                core = p._game()
                if core.to_act() >= 0 and core.cards_in_play() >= cards - 2:
                    found.append(core)
                break
            game.apply(bot.choose(game.observe()))
        seed += 1
    return found


@pytest.mark.parametrize("preset", ["gouji-basic", "baohuang-basic"])
def test_exact_endgame(benchmark, preset):
    """Six positions of 8 to 10 cards in play, each solved from scratch."""
    benchmark.group = "climbing endgame"
    positions = _endgames(preset, 10, 6)

    def solve_all():
        return [core.solve(core.to_act(), 10_000_000) for core in positions]

    solved = solve_all()
    assert all(complete for _, complete, _ in solved)
    assert solved == solve_all()
    benchmark(solve_all)
    nodes = sum(n for _, _, n in solved)
    benchmark.extra_info["nodes"] = nodes
    stats = getattr(benchmark, "stats", None)
    if stats is not None:  # None under --benchmark-disable
        benchmark.extra_info["nodes_per_second"] = round(nodes / stats.stats.mean)
