"""The searched declaring of `pimc:declare=N` (docs/rules.md §6.2; §10.6 for the standard
game): decks sampled to fit what the seat knows, the declarations so far replayed on them, and
each option valued by finishing the hand with the heuristic in every seat."""

from __future__ import annotations

import pytest

import duidiao
from duidiao import _core
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
