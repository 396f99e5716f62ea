"""Random playouts: whole hands played with uniformly random legal (non-throw) moves; and
self-play of whole hands (deal to result) with the C++ bots.

`duidiao._core.random_playouts(n, seed)` deals and plays n hands in C++ and returns a checksum;
`duidiao.reference.random_playout(rng, preset)` plays one hand in Python. Each benchmark checks
that the same seed gives the same checksum twice (the playouts are deterministic).

    pytest bench/bench_playouts.py --benchmark-only
"""

from __future__ import annotations

import random

import pytest

CORE_PLAYOUTS = 1000  # per round
REF_PLAYOUTS = 20  # per round
SEED = 20240601


def _record(benchmark, n: int, unit: str = "playout") -> None:
    benchmark.extra_info[f"{unit}s_per_round"] = n
    stats = getattr(benchmark, "stats", None)
    if stats is not None:  # None under --benchmark-disable
        mean = stats.stats.mean
        benchmark.extra_info[f"us_per_{unit}"] = round(mean / n * 1e6, 2)
        benchmark.extra_info[f"{unit}s_per_second"] = round(n / mean, 1)


@pytest.mark.parametrize("preset", ["chifeng", "chifeng-10", "tractor", "shanghai"])
def test_random_playouts_core(benchmark, core, preset):
    """The standard presets' playouts meet the follow duties of rules §10.4 and may throw in
    trumps (§10.3): set them against chifeng's in the same run."""
    benchmark.group = "random playouts"
    expected = core.random_playouts(CORE_PLAYOUTS, SEED, preset)
    assert core.random_playouts(CORE_PLAYOUTS, SEED, preset) == expected
    assert isinstance(expected, int)
    got = benchmark(core.random_playouts, CORE_PLAYOUTS, SEED, preset)
    assert got == expected
    assert core.random_playouts(CORE_PLAYOUTS, SEED + 1, preset) != expected
    _record(benchmark, CORE_PLAYOUTS)


def _ref_run(reference, seed: int, preset: str) -> int:
    rng = random.Random(seed)
    return sum(reference.random_playout(rng, preset) for _ in range(REF_PLAYOUTS))


@pytest.mark.parametrize("preset", ["chifeng"])
def test_random_playout_reference(benchmark, reference, preset):
    benchmark.group = "random playouts"
    expected = _ref_run(reference, SEED, preset)
    got = benchmark.pedantic(
        _ref_run, args=(reference, SEED, preset), rounds=3, iterations=1, warmup_rounds=0
    )
    assert got == expected
    assert expected > 0
    _record(benchmark, REF_PLAYOUTS)


SELFPLAY_HANDS = 200  # per round


@pytest.mark.parametrize("preset", ["chifeng", "shanghai"])
@pytest.mark.parametrize("bot", ["random", "heuristic"])
def test_selfplay_hands_core(benchmark, core, bot, preset):
    """Whole hands with the C++ bots, deal to result (declaring, burying, 潇洒, play)."""
    benchmark.group = "self-play hands"
    bots = [bot] * 4
    try:
        expected = core.selfplay_hands(SELFPLAY_HANDS, SEED, preset, bots)
    except core.CoreError as exc:
        if "unknown bot" in str(exc):
            pytest.skip(f"bot {bot!r} is not in this build: {exc}")
        raise
    assert expected["hands"] == SELFPLAY_HANDS
    assert core.selfplay_hands(SELFPLAY_HANDS, SEED, preset, bots) == expected
    got = benchmark(core.selfplay_hands, SELFPLAY_HANDS, SEED, preset, bots)
    assert got == expected
    _record(benchmark, SELFPLAY_HANDS, unit="hand")
