"""The world sampler: worlds drawn per second from a mid-hand view (docs/sampler.md).

The view is built deterministically: a seeded hand is played by the heuristic bots until at
most 12 cards are left in each hand at the start of a trick, and the seat to move sees the
others' hands wholly hidden (``_core.view_of``: no exposed cards), with the voids of the play.
The seeds are searched in order for a view with at least two voids and a throw in its history,
so the figure includes the exact count-matrix draw over several groups.

    pytest bench/bench_sampler.py --benchmark-only
"""

from __future__ import annotations

from typing import Any

import pytest

WORLDS = 10000  # per round
SEED = 20240601
OVER, PLAY = 5, 4


def _record(benchmark: Any, n: int) -> None:
    benchmark.extra_info["worlds_per_round"] = n
    stats = getattr(benchmark, "stats", None)
    if stats is not None:  # None under --benchmark-disable
        mean = stats.stats.mean
        benchmark.extra_info["us_per_world"] = round(mean / n * 1e6, 3)
        benchmark.extra_info["worlds_per_second"] = round(n / mean)


def mid_hand_view(core: Any) -> tuple[Any, int]:
    """(view, seat): <= 12 cards a hand, the others' hidden, >= 2 voids, a throw in the tricks."""
    from duidiao import Game
    from duidiao.search.players import core_bot_step

    for seed in range(SEED, SEED + 200):
        game = Game.deal(seed=seed, declarer="SENW"[seed % 4])
        bots = [core.Bot("heuristic", seed + s) for s in range(4)]
        while int(game._core.phase) != OVER:
            if int(game._core.phase) == PLAY:
                hand = game._core.hand()
                if _size(hand.hand(int(hand.turn))) <= 12 and not hand.trick():
                    break
            core_bot_step(game._core, bots)
        else:
            continue
        seat = int(hand.turn)
        view = core.view_of(hand, seat)
        voids = sum(bin(view.voids(s)).count("1") for s in range(4))
        if voids >= 2 and any(_is_throw(plays[0]) for _l, plays, *_ in view.tricks()):
            return view, seat
    raise AssertionError("no mid-hand view with voids and a throw in 200 seeded hands")


def _size(cards: tuple[int, int]) -> int:
    return bin(cards[0]).count("1") + bin(cards[1]).count("1")


def _is_throw(lead: tuple[int, int]) -> bool:
    one, two = lead
    # more than a pair, and not all pairs (a tractor): a throw (pairs-only throws are missed)
    return _size(lead) > 2 and one != two


def test_sample_worlds_mid_hand(benchmark: Any, core: Any) -> None:
    benchmark.group = "world sampler"
    view, seat = mid_hand_view(core)
    sampler = core.WorldSampler(view, seat)
    assert sampler.hidden_cards == 3 * _size(view.hand(seat)) >= 33
    first = sampler.sample_masks(WORLDS, SEED)
    assert first.shape == (WORLDS, 5, 2)
    assert (sampler.sample_masks(WORLDS, SEED) == first).all()  # deterministic for a seed
    assert int(first[0, seat, 0]) == view.hand(seat)[0]
    got = benchmark(sampler.sample_masks, WORLDS, SEED)
    assert (got == first).all()
    _record(benchmark, WORLDS)


@pytest.mark.parametrize("worlds", [100])
def test_sample_worlds_positions(benchmark: Any, core: Any, worlds: int) -> None:
    """The Python API: full positions (core hands wrapped), the cost a Python search sees."""
    import duidiao

    benchmark.group = "world sampler"
    game = duidiao.Game.deal(seed=SEED, declarer="S")
    bots = [core.Bot("heuristic", SEED + s) for s in range(4)]
    from duidiao.search.players import core_bot_step

    while int(game._core.phase) != PLAY or _size(game._core.held(int(game._core.to_act))) > 12:
        core_bot_step(game._core, bots)
    assert game.to_act is not None
    position = game.observe(game.to_act).position
    assert position is not None
    got = benchmark(duidiao.sample_worlds, position, worlds, 1)
    assert len(got) == worlds and all(not any(w.unknown.values()) for w in got)
    _record(benchmark, worlds)
