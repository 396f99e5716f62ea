"""The engine is built once per number of copies it plays (setup.py, src/core/types.h):
duidiao._core (up to two copies: the one- and two-deck games) and duidiao._core3 (three decks).
The three-deck build plays a two-deck game card for card as the two-deck build does: its wider
card sets change no decision, no hash of a search table and no result."""

from __future__ import annotations

import pytest

from duidiao import _core, _core3
from duidiao.play.rules import GAME_PRESETS


@pytest.mark.parametrize("preset", GAME_PRESETS)
def test_both_builds_play_a_two_deck_game_alike(preset: str) -> None:
    assert _core.random_playouts(300, 5, preset) == _core3.random_playouts(300, 5, preset)
    # pimc solves exactly near the end of a hand: the solver and its table keys take part
    for bots in (["heuristic"] * 4, ["pimc:worlds=4", "heuristic", "random", "heuristic"]):
        two = _core.selfplay_hands(3, 11, preset, bots)
        three = _core3.selfplay_hands(3, 11, preset, bots)
        assert two["checksum"] == three["checksum"], bots

