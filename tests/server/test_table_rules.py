"""The table reads a room's rules from its state (state.rules), never from a preset's name, and
its sizes are the core's: no JS module restates which presets declare 80分 style or bury face
down, and cards.js's fallback sizes are duidiao.play.sizes'."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import duidiao
from duidiao.play.sizes import HAND_CARDS, KITTY_CARDS

pytest.importorskip("starlette")

from duidiao.server.rooms import table_rules  # noqa: E402

STATIC = Path(duidiao.__file__).parent / "server" / "static"


@pytest.mark.parametrize("preset", duidiao.GAME_PRESETS)
def test_the_state_says_what_the_table_shows_of_the_rules(preset: str) -> None:
    rules = duidiao.Rules.preset(preset)
    facts = table_rules(preset)
    assert facts["declare_kinds"] == list(rules.declare_kinds)
    assert facts["kitty_burial"] == rules.kitty_burial
    assert facts["declaring"] == rules.declaring
    assert facts["kitty_points"] == rules.kitty_points
    sizes = rules.sizes  # rules §11.1
    assert (facts["hand_cards"], facts["kitty_cards"]) == (sizes.hand_cards, sizes.kitty_cards)


def test_no_script_names_a_preset_or_restates_a_size() -> None:
    for script in sorted(STATIC.glob("*.js")):
        text = script.read_text(encoding="utf-8")
        for preset in ("tractor", "shanghai", "chifeng-classic", "chifeng-10"):
            assert f'"{preset}"' not in text, f"{script.name} names the preset {preset}"
        code = "\n".join(line for line in text.splitlines()
                         if not line.strip().startswith("//")
                         and not re.match(r"export const (HAND|KITTY)_CARDS = ", line))
        assert not re.search(r"\?8\b|\b(108|25)\b", code), f"{script.name} writes a game size"
    cards = (STATIC / "cards.js").read_text(encoding="utf-8")
    assert f"export const HAND_CARDS = {HAND_CARDS};" in cards
    assert f"export const KITTY_CARDS = {KITTY_CARDS};" in cards


def test_the_climbing_table_s_words_are_the_server_s() -> None:
    """climbing.js's WORDS (its buttons and their catalogue keys) are the climbing actions of
    messages.ACTIONS that take no field, in the same order: one list, checked here."""
    from duidiao.server.messages import ACTIONS

    text = (STATIC / "climbing.js").read_text(encoding="utf-8")
    found = re.search(r"export const WORDS = \[(.*?)\];", text, re.S)
    assert found
    words = re.findall(r'"([a-z]+)"', found.group(1))
    assert words == [a for a, fields in ACTIONS["climbing"].items() if not fields]
