"""Monte Carlo analysis: analysed positions per second at fixed budgets, from the view of the
seat to move in positions of heuristic self-play (early: 25 cards each; middle: 12; late: 4,
where every world is solved exactly).

Each benchmark checks that the analysis values every legal move over the worlds asked for, and
that the same seed gives the same ranking; the `pimc` bot's decisions (32 worlds, the bot's
rules) are timed too, and checked to be legal.

    pytest bench/bench_analysis.py --benchmark-only
"""

from __future__ import annotations

import pytest

WORLDS = 16
SEED = 7


def _views(core, cards_left: int, n: int = 4) -> list[tuple[object, int, int, object]]:
    """n play-phase views (a core Hand seen by the seat to move, with more than one legal move)
    where the mover holds `cards_left` cards, with the teams' levels and the observation."""
    import duidiao
    from duidiao.search.players import core_bot_step

    views = []
    seed = 0
    while len(views) < n:
        seed += 1
        game = duidiao.Game.deal(seed=seed, declarer=seed % 4, levels={"NS": "5", "EW": "8"}).core
        bots = [core.Bot("heuristic", s) for s in range(4)]
        while int(game.phase) < 5:
            if int(game.phase) == 4:
                obs = game.observe(game.to_act)
                held = sum(bin(mask).count("1") for mask in obs.hand)
                if held == cards_left and obs.view.count_legal_moves() > 1:
                    views.append((obs.view, *obs.levels, obs))
                    break
            core_bot_step(game, bots)
    return views


def _analyse_all(core, views, worlds: int, seconds: float) -> list[list[tuple[int, int]]]:
    search = core.PimcSearch(worlds, seconds, 1, SEED, 4, 4.0)
    ranking = []
    for view, level_ns, level_ew, _ in views:
        result = search.analyse(view, level_ns, level_ew)
        assert worlds == 0 or result["worlds"] == worlds
        assert len(result["moves"]) == len(view.legal_moves())
        ranking.append([m[0] for m in result["moves"]])
    return ranking


def _record(benchmark, positions: int) -> None:
    stats = getattr(benchmark, "stats", None)
    if stats is not None:  # None under --benchmark-disable
        mean = stats.stats.mean
        benchmark.extra_info["ms_per_position"] = round(mean / positions * 1e3, 2)
        benchmark.extra_info["positions_per_second"] = round(positions / mean, 2)


@pytest.mark.parametrize("cards_left", [25, 12, 4])
def test_analyse_fixed_worlds(benchmark, core, cards_left):
    benchmark.group = f"analysis, {WORLDS} worlds, one thread"
    views = _views(core, cards_left)
    expected = _analyse_all(core, views, WORLDS, 0.0)
    got = benchmark.pedantic(
        _analyse_all, args=(core, views, WORLDS, 0.0), rounds=3, iterations=1, warmup_rounds=0
    )
    assert got == expected
    _record(benchmark, len(views))


def _bot_plays(core, views) -> list[tuple[int, int]]:
    bot = core.Bot("pimc", 1)  # 32 worlds per decision, one thread
    return [tuple(bot.play(obs)) for _, _, _, obs in views]


@pytest.mark.parametrize("cards_left", [25, 12])
def test_pimc_bot_decision(benchmark, core, cards_left):
    benchmark.group = "the pimc bot: one decision (32 worlds)"
    views = _views(core, cards_left)
    plays = benchmark.pedantic(_bot_plays, args=(core, views), rounds=3, iterations=1)
    for (view, _, _, _), play in zip(views, plays):
        assert play in [tuple(m) for m in view.legal_moves()]
    _record(benchmark, len(views))


def _analyse_inferring(core, views, pool: int) -> list[list[tuple[int, int]]]:
    search = core.PimcSearch(WORLDS, 0.0, 1, SEED, 4, 4.0, pool, 0.5)
    ranking = []
    for view, level_ns, level_ew, _ in views:
        result = search.analyse(view, level_ns, level_ew)
        assert result["worlds"] == WORLDS and result["pool"] == (WORLDS * pool if pool > 1 else 0)
        ranking.append([m[0] for m in result["moves"]])
    return ranking


@pytest.mark.parametrize("pool", [1, 4])
def test_analyse_with_inference(benchmark, core, pool):
    """What inference from the play costs (issue 13): the same analyses with pool 1 (none) and
    4 (four times the worlds drawn and weighed by replaying the tricks so far), mid-hand."""
    benchmark.group = f"analysis, {WORLDS} worlds, 12 cards, inference pool"
    views = _views(core, 12)
    expected = _analyse_inferring(core, views, pool)
    got = benchmark.pedantic(
        _analyse_inferring, args=(core, views, pool), rounds=3, iterations=1, warmup_rounds=0
    )
    assert got == expected
    _record(benchmark, len(views))


def _bury(core, observations, spec: str) -> list[tuple[int, int]]:
    bot = core.Bot(spec, 1)
    return [tuple(bot.bury(obs)) for obs in observations]


@pytest.mark.parametrize("spec", ["heuristic", "pimc:bury=64"])
def test_bury_decision(benchmark, core, spec):
    """One bury, by the heuristic and by search over 64 sampled deals (issue 13)."""
    import duidiao
    from duidiao.search.players import core_bot_step

    benchmark.group = "a bury: the heuristic's, searched"
    observations = []
    for seed in range(1, 12):
        game = duidiao.Game.deal(seed=seed).core
        bots = [core.Bot("heuristic", s) for s in range(4)]
        while int(game.phase) == 0:
            core_bot_step(game, bots)
        if int(game.phase) == 1:
            observations.append(game.observe(game.to_act))
    buries = benchmark.pedantic(_bury, args=(core, observations, spec), rounds=3, iterations=1)
    assert all(sum(bin(m).count("1") for m in b) == 8 for b in buries)
    _record(benchmark, len(observations))
