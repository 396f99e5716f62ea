"""The searched declaring of `pimc:declare=N` (docs/rules.md §6.2; §10.6 for the standard
game): decks sampled to fit what the seat knows, the declarations so far replayed on them, and
each option valued by finishing the hand with the heuristic in every seat."""

from __future__ import annotations

from typing import Any

import pytest

import duidiao
from duidiao import _core
from duidiao.play import engine_module
from duidiao.search.players import core_bot_step

DECLARE = 0


def _declare_decisions(preset: str, seeds: range) -> list[tuple[_core.Observation, list]]:
    """Every declare decision of heuristic games (the seat's observation and its options)."""
    out = []
    for seed in seeds:
        core = duidiao.Game.deal(seed=seed, rules=preset, declarer="S",
                                 levels={"NS": "5", "EW": "3"}).core
        bots = [_core.Bot("heuristic", s) for s in range(4)]
        while int(core.phase) == DECLARE:
            seat = int(core.to_act)
            out.append((core.observe(seat), core.declare_options()))
            core_bot_step(core, bots)
    return out


@pytest.mark.parametrize("preset", ["chifeng", "shanghai"])
def test_every_sampled_deck_fits_the_declarations_so_far(preset: str) -> None:
    """§6.2: each sampled deck, replayed with the declarations made so far at the draws they
    were made, reaches the seat's own decision: no deck is thrown away, even after others
    declared (their shown cards are theirs in every deck)."""
    decisions = _declare_decisions(preset, range(6))
    assert any(obs.declarations for obs, _ in decisions)
    for obs, options in decisions[::3]:
        choice = _core.search_declare(obs, options, 8, 1.0, 5)
        assert choice["worlds"] == 8, (obs.drawn, len(obs.declarations))
        assert -1 <= choice["option"] < len(options)


def test_the_search_is_repeatable_and_keeps_the_heuristics_choice_without_a_clear_gain() -> None:
    decisions = _declare_decisions("chifeng", range(3))
    heuristic = _core.Bot("heuristic", 0)
    changed = 0
    for obs, options in decisions[:40]:
        a = _core.search_declare(obs, options, 16, 1.0, 9)
        assert a == _core.search_declare(obs, options, 16, 1.0, 9)
        kept = _core.search_declare(obs, options, 16, 1e9, 9)
        assert kept["option"] == heuristic.declare(obs, options) and kept["gain"] == 0.0
        if a["option"] != kept["option"]:
            changed += 1
            assert a["gain"] > a["gain_stderr"] > 0
    assert changed >= 1  # the search does depart from the heuristic where it pays


@pytest.mark.parametrize("preset", ["chifeng", "chifeng-classic", "shanghai", "tractor"])
def test_a_bot_that_searches_its_declaring_plays_whole_hands(preset: str) -> None:
    stats = _core.selfplay_hands(4, 3, preset, ["pimc:worlds=4,declare=8", "heuristic"] * 2)
    assert stats["hands"] == 4


def test_bad_declare_search_arguments_are_refused() -> None:
    obs, options = _declare_decisions("chifeng", range(1))[0]
    with pytest.raises(ValueError, match="worlds"):
        _core.search_declare(obs, options, 5000, 1.0, 1)
    with pytest.raises(ValueError, match="margin"):
        _core.search_declare(obs, options, 8, -1.0, 1)
    with pytest.raises(ValueError, match="declare=-1"):
        duidiao.make_bot("pimc:declare=-1")
    game = duidiao.Game.deal(seed=1, declarer="S").core
    bots = [_core.Bot("heuristic", s) for s in range(4)]
    while int(game.phase) == DECLARE:
        core_bot_step(game, bots)
    with pytest.raises(ValueError, match="not a declare decision"):
        _core.search_declare(game.observe(int(game.to_act)), [], 8, 1.0, 1)


COUNTER = 6  # _core.Phase.counter: 反底, numbered after the end of the hand (rules §11.8)


def _counter_decisions(preset: str, seeds: range) -> list[tuple[Any, list]]:
    """Every counter decision with a counter open, in heuristic games (rules §11.8)."""
    out = []
    module = engine_module(duidiao.Rules.preset(preset))
    for seed in seeds:
        core = duidiao.Game.deal(seed=seed, rules=preset, declarer="S").core
        bots = [module.Bot("heuristic", s) for s in range(4)]
        while int(core.phase) != 4:  # until the play
            if int(core.phase) == COUNTER and core.counter_options():
                out.append((core.observe(int(core.to_act)), core.counter_options()))
            core_bot_step(core, bots)
    return out


@pytest.mark.parametrize("preset", ["huanle", "three-deck"])
def test_the_searched_counter_weighs_passing_and_every_counter(preset: str) -> None:
    """§11.8 反底 searched: worlds dealt after the bury (the seat's hand, the others' shown cards,
    the rest among their hidden cards and the kitty), every option finished by the heuristic;
    repeatable, and not the heuristic's choice everywhere (a counter pays under a stake that
    doubles, §11.9)."""
    decisions = _counter_decisions(preset, range(40))
    assert len(decisions) >= 3
    module = engine_module(duidiao.Rules.preset(preset))
    differs = 0
    for obs, options in decisions[:8]:
        choice = module.search_declare(obs, options, 16, 0.5, 3)
        assert choice["worlds"] == 16 and -1 <= choice["option"] < len(options)
        assert module.search_declare(obs, options, 16, 0.5, 3) == choice
        raw = module.Bot("heuristic", 0).decide(obs)  # (phase, seat, pass, suit, kind, ...)
        heuristic = -1 if raw[2] else options.index((raw[3], raw[4]))
        differs += choice["option"] != heuristic
    assert differs >= 1


def test_a_bot_that_searches_its_counters_plays_whole_hands() -> None:
    bot = duidiao.make_bot("pimc:declare=8,worlds=4")
    for seed in range(2):
        game = duidiao.Game.deal(seed=seed, rules="huanle")
        duidiao.play_hand(game, [bot] * 4)
        assert game.is_over and game.result().stake == game.stake
