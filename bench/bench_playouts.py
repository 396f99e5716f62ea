"""Random playouts: whole hands played with uniformly random legal (non-throw) moves.

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


def _record(benchmark, playouts: int) -> None:
    benchmark.extra_info["playouts_per_round"] = playouts
    stats = getattr(benchmark, "stats", None)
    if stats is not None:  # None under --benchmark-disable
        mean = stats.stats.mean
        benchmark.extra_info["us_per_playout"] = round(mean / playouts * 1e6, 2)
        benchmark.extra_info["playouts_per_second"] = round(playouts / mean, 1)


@pytest.mark.parametrize("preset", ["chifeng", "chifeng-10"])
def test_random_playouts_core(benchmark, core, preset):
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
