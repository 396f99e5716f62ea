"""Every search bot honours ``stop()`` in every decision it searches: told to stop, it answers
within 100 ms with its best so far, whatever its budget; it thinks without the GIL (other Python
threads go on meanwhile); and a stop is for one decision (``clear_stop`` forgets one sent too
late). The server's limits rest on this (docs/server.md, "Limits and abuse"); a bot that could
not stop could not be offered there."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

import pytest

pytest.importorskip("duidiao._core")

from slowed import overrun  # noqa: E402

import duidiao  # noqa: E402
from duidiao import Game  # noqa: E402
from duidiao.engine.bots import search_bots  # noqa: E402
from duidiao.play.decisions import step as play_step  # noqa: E402

STOP_WITHIN = overrun(0.1)

# Budgets no decision would finish in a test's time, every searched decision switched on.
HEAVY = {
    "ismcts": "iterations=100000000",
    "pimc": "worlds=1000000,bury=4096,declare=4096,grab=4096,xiaosa=4096",
}


def heavy_name(base: str) -> str:
    settings = HEAVY["ismcts"] if base == "ismcts" else HEAVY["pimc"]
    if base in ("normal", "hard", "expert"):
        settings += ",cap=3600000"
    if base == "pimc-oracle":  # it sees every card: one world, solved exactly
        settings += ",solve=25"
    return f"{base}:{settings}"


def reach(phase: str, preset: str = "chifeng") -> Game:
    """A game at its first decision of ``phase`` (heuristic bots before it; to reach 抢牌 the
    declarer buries its level cards, which the heuristic never does)."""
    for seed in range(500):
        game = Game.deal(seed=seed, rules=preset)
        bot = duidiao.make_bot("heuristic")
        while game.phase not in (phase, "over"):
            if phase == "grab" and game.phase == "bury":
                seat = game.to_act
                assert seat is not None
                held = list(game.held(seat))
                level = [c for c in held if str(c)[:-1] == game.level]
                others = [c for c in held if c not in level]
                game.bury(duidiao.Cards((level + others)[:8]))
                continue
            play_step(game, bot)
        if game.phase == phase:
            if phase == "play":  # a few tricks in: a follow with many plays to weigh
                for _ in range(5):
                    play_step(game, bot)
            return game
    raise AssertionError(f"no deal reaches {phase}")


def decision(game: Game, bot: duidiao.CoreBot) -> Callable[[], Any]:
    seat = game.to_act
    assert seat is not None
    obs = game.observe(seat, everything=bot.core.sees_everything)
    phase = game.phase
    if phase == "declare":
        options = game.declare_options()
        return lambda: bot.declare(obs, options)
    if phase == "bury":
        return lambda: bot.bury(obs)
    if phase == "grab":
        return lambda: bot.grab(obs)
    if phase == "xiaosa":
        takeable = game.xiaosa_takeable()
        return lambda: bot.xiaosa(obs, takeable)
    return lambda: bot.play(obs, obs.legal_moves())


WINDOW = 0.05  # seconds a decision runs before it is told to stop


def stop_latency(bot: duidiao.CoreBot, decide: Callable[[], Any]) -> tuple[float, int, bool]:
    """Seconds from ``stop()`` to the answer; how many 1 ms naps this thread took while the
    decision ran (none when it holds the GIL: this thread cannot even wake); and whether the
    decision was still running when told to stop."""
    done: dict[str, float] = {}

    def work() -> None:
        decide()
        done["at"] = time.monotonic()

    thread = threading.Thread(target=work)
    start = time.monotonic()
    thread.start()
    naps = 0
    while time.monotonic() < start + WINDOW and thread.is_alive():
        time.sleep(0.001)
        naps += 1
    running = thread.is_alive() and time.monotonic() >= start + WINDOW
    stopped = time.monotonic()
    bot.stop()
    thread.join(30)
    assert not thread.is_alive(), "the decision did not answer 30 s after its stop"
    bot.clear_stop()
    return done["at"] - stopped, naps, running


PHASES = ("declare", "bury", "grab", "xiaosa", "play")


@pytest.fixture(scope="module")
def games() -> dict[str, Game]:
    # 抢牌 is a rule of chifeng-classic (rules §6.3), not of chifeng's own preset.
    return {phase: reach(phase, "chifeng-classic" if phase == "grab" else "chifeng")
            for phase in PHASES}


@pytest.mark.parametrize("base", search_bots())
@pytest.mark.parametrize("phase", PHASES)
def test_every_search_bot_stops_in_every_decision(
    base: str, phase: str, games: dict[str, Game]
) -> None:
    bot = duidiao.make_bot(heavy_name(base), seed=1)
    game = games[phase].copy()
    latency, naps, running = stop_latency(bot, decision(game, bot))
    if base == "ismcts" and phase != "play":
        return  # decided at once, as the heuristic decides: nothing to stop
    # Each of these searches runs far longer than the window: it must still be running, and
    # must have let this thread run meanwhile.
    assert running, f"{base} {phase}: not running after {WINDOW} s (or it held the GIL)"
    assert naps >= 20, f"{base} {phase}: the decision held the GIL ({naps} naps)"
    assert latency <= STOP_WITHIN, f"{base} {phase}: answered {latency:.3f} s after its stop"


def test_a_stop_is_for_one_decision(games: dict[str, Game]) -> None:
    """A stop sent while no decision runs ends the next one at once (sticky); a decision
    clears it; ``clear_stop`` forgets one that no decision took."""
    game = games["play"].copy()
    bot = duidiao.make_bot("pimc:worlds=64", seed=3)
    decide = decision(game, bot)
    bot.stop()
    decide()
    assert all(v.worlds == 0 for v in bot.last_values)  # ended before any world
    decide()
    assert all(v.worlds == 64 for v in bot.last_values)  # the stop was used up
    bot.stop()
    bot.clear_stop()
    decide()
    assert all(v.worlds == 64 for v in bot.last_values)
