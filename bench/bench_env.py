"""The PettingZoo environment (docs/env.md): hands played with uniformly random legal actions
on one core, beside the C++ random playouts of the same presets for scale.

    pytest bench/bench_env.py --benchmark-only

Each round plays ``HANDS`` hands from fixed seeds; the benchmark checks that the same seeds
give the same number of steps twice (the environment is deterministic for a seed).
"""

from __future__ import annotations

import numpy as np
import pytest
from conftest import _need

HANDS = 3  # per round
PLAYOUTS = 300  # per round, in C++
SEED = 20261202


def _random_hands(raw_env, preset: str) -> int:
    env = raw_env(preset=preset)
    steps = 0
    for hand in range(HANDS):
        rng = np.random.default_rng(SEED + hand)
        env.reset(seed=SEED + hand)
        for _agent in env.agent_iter():
            obs, _reward, terminated, truncated, _info = env.last()
            action = None
            if not (terminated or truncated):
                action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            env.step(action)
            steps += 1
    return steps


@pytest.mark.parametrize("preset", ["chifeng", "shanghai"])
def test_env_random_steps(benchmark, preset):
    benchmark.group = "environment"
    _need("pettingzoo")
    from duidiao.research.env import raw_env

    expected = _random_hands(raw_env, preset)
    steps = benchmark.pedantic(
        _random_hands, args=(raw_env, preset), rounds=3, iterations=1, warmup_rounds=0
    )
    assert steps == expected and steps > HANDS * 150
    benchmark.extra_info["steps_per_round"] = steps
    benchmark.extra_info["hands_per_round"] = HANDS
    stats = getattr(benchmark, "stats", None)
    if stats is not None:  # None under --benchmark-disable
        mean = stats.stats.mean
        benchmark.extra_info["steps_per_second"] = round(steps / mean, 1)
        benchmark.extra_info["hands_per_second"] = round(HANDS / mean, 2)


@pytest.mark.parametrize("preset", ["chifeng", "shanghai"])
def test_core_random_playouts_for_scale(benchmark, core, preset):
    benchmark.group = "environment"
    expected = core.random_playouts(PLAYOUTS, SEED, preset)
    assert benchmark(core.random_playouts, PLAYOUTS, SEED, preset) == expected
    stats = getattr(benchmark, "stats", None)
    if stats is not None:
        benchmark.extra_info["hands_per_second"] = round(PLAYOUTS / stats.stats.mean, 1)
