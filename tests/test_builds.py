"""The engine is built once per number of copies it plays (setup.py, src/core/types.h):
duidiao._core (up to two copies: the one- and two-deck games) and duidiao._core3 (three decks).
The three-deck build plays a two-deck game card for card as the two-deck build does: its wider
card sets change no decision, no hash of a search table and no result."""

from __future__ import annotations

from typing import Any

import pytest

from duidiao import Cards, CoreBot, Game, Position, Rules, Solver, _core, _core3
from duidiao.play import engine_module
from duidiao.play.rules import GAME_PRESETS


@pytest.mark.parametrize("preset", [p for p in GAME_PRESETS if Rules.preset(p).decks < 3])
def test_both_builds_play_a_two_deck_game_alike(preset: str) -> None:
    assert _core.random_playouts(300, 5, preset) == _core3.random_playouts(300, 5, preset)
    # pimc solves exactly near the end of a hand: the solver and its table keys take part
    for bots in (["heuristic"] * 4, ["pimc:worlds=4", "heuristic", "random", "heuristic"]):
        two = _core.selfplay_hands(3, 11, preset, bots)
        three = _core3.selfplay_hands(3, 11, preset, bots)
        assert two["checksum"] == three["checksum"], bots



# -- the one door: every rules-dependent core object comes from the build of its rules ------


class _Reached(Exception):
    """Raised by a stand-in for a core class: the call came through that build."""


def _stand_in(monkeypatch: pytest.MonkeyPatch, module: Any, name: str) -> list[Any]:
    """Replace ``module.name`` by a recorder that raises :class:`_Reached`; the calls' args."""
    calls: list[Any] = []

    def reached(*args: Any, **kwargs: Any) -> Any:
        calls.append(args)
        raise _Reached(name)

    monkeypatch.setattr(module, name, reached)
    return calls


@pytest.mark.parametrize("name, build", [
    ("chifeng", _core), ("tractor", _core), ("one-deck", _core), ("huanle", _core),
    ("three-deck", _core3),
])
def test_the_door_picks_the_build_by_decks(name: str, build: Any) -> None:
    rules = Rules.preset(name)
    assert engine_module(rules) is build
    core = rules.to_core()
    assert isinstance(core, build.Rules) and str(core) == str(rules)
    assert Rules.from_core(core) == rules
    # any rule set of three decks, whatever its name
    assert engine_module(rules.replace(decks=3)) is _core3
    assert isinstance(rules.replace(decks=3).to_core(), _core3.Rules)
    assert isinstance(Rules.preset("three-deck").replace(decks=2).to_core(), _core.Rules)


def test_three_deck_rules_are_played_by_the_three_deck_build_only() -> None:
    core = Rules.preset("three-deck").to_core()
    core.check_supported()  # the core plays them (tests/test_differential.py)
    with pytest.raises(ValueError, match=r"^decks=3 is played by the engine built for 3 copies"):
        _core.Rules.preset("three-deck").check_supported()
    Rules.preset("three-deck").check_supported()  # through the door
    Rules.preset("three-deck").check_game_supported()
    # the two builds' types are distinct: the door is what keeps them apart
    assert not isinstance(core, _core.Rules) and _core3.Rules is not _core.Rules


def test_a_three_deck_game_is_built_by_the_three_deck_build(monkeypatch: pytest.MonkeyPatch
                                                             ) -> None:
    calls = _stand_in(monkeypatch, _core3, "Game")
    with pytest.raises(_Reached):
        Game.deal(seed=1, rules="three-deck")
    assert len(calls) == 1 and isinstance(calls[0][0], _core3.Rules)
    assert len(calls[0][1]) == 162  # the three packs, each card three times


def test_a_three_deck_position_is_built_by_the_three_deck_build(monkeypatch: pytest.MonkeyPatch
                                                                 ) -> None:
    text = ("three-deck level=2 trump=H declarer=S levels=NS:2,EW:2 stake=1 S=?39 E=?39 N=?39 "
            "W=?39 kitty=?6 trick=S:")
    assert type(Position(text)._hand).__module__ == "duidiao._core3"
    calls = _stand_in(monkeypatch, _core3, "Hand")
    with pytest.raises(_Reached):
        Position(text)
    assert len(calls) == 1 and isinstance(calls[0][0], _core3.Rules)


def test_a_core_bot_answers_in_the_build_of_the_rules() -> None:
    bot = CoreBot("heuristic", 7)
    two = bot.core_for(Rules.preset("tractor"))
    assert two is bot.core and isinstance(two, _core.Bot)
    three = bot.core_for(Rules.preset("three-deck"))
    assert isinstance(three, _core3.Bot) and bot.core_for(Rules.preset("three-deck")) is three
    assert bot.core is two  # the two-deck build's, as before
    bot.stop()  # reaches both
    bot.clear_stop()
    assert bot.last_values == ()


def test_a_solver_searches_in_the_build_of_the_position() -> None:
    solver = Solver(1)
    kitty = Cards("2D,2D,3D,3D,4D,4D,6D,7D")  # hidden: no points in it
    gone = Cards.deck() - Cards("AC,3C,KC,4C") - kitty
    position = Position("chifeng level=5 trump=H declarer=S S=AC E=3C N=KC W=4C "
                        f"gone={gone} points=0 turn=S")
    assert solver._core_for(position) is solver.core
    assert solver.value(position, "points") == 0  # S's ace takes N's king
