"""The five presets as data (rules §9, §10): printed, compared, replaced and written to JSON alike
in Python and in the core; refused for play, naming the option, until the engine plays them."""

from __future__ import annotations

import json

import pytest

from duidiao import ALL_PRESETS, GAME_PRESETS, PRESETS, Game, Rules, _core
from duidiao.play.rules import OPTION_FIELDS


def test_s9_every_preset_is_defined() -> None:
    assert ALL_PRESETS == ("chifeng", "chifeng-classic", "chifeng-10", "tractor", "shanghai")
    assert set(PRESETS) <= set(ALL_PRESETS) and PRESETS[0] == "chifeng"


@pytest.mark.parametrize("name", ALL_PRESETS)
def test_s9_python_and_core_agree(name: str) -> None:
    rules = Rules.preset(name)
    core = _core.Rules.preset(name)
    assert str(rules) == str(core)  # the same lines in the same order
    assert rules.to_core() == core and Rules.from_core(core) == rules
    assert repr(rules) == f"Rules.preset({name!r})"
    assert rules.options_json() is None
    assert Rules.from_json(name, None) == rules


@pytest.mark.parametrize("name", ALL_PRESETS)
def test_s9_each_option_round_trips(name: str) -> None:
    # Change every option to another value it may take: JSON, the core and equality keep it.
    base = Rules.preset(name)
    other = {
        "must_play_levels": () if base.must_play_levels else (12,),
        "throw_penalty": base.throw_penalty,  # only 0 is played; kept
        "k_dig": "ten" if base.k_dig == "swap" else "swap",
        "kitty_points": "cards" if base.kitty_points != "cards" else "never",
        "failed_throw": "lowest" if base.failed_throw != "lowest" else "lowest_failing",
        "ladder": "2-A" if base.ladder == "A-K" else "A-K",
        "trump_compare": "structure" if base.trump_compare == "format" else "format",
        "declaring": "standard" if base.declaring == "chifeng" else "chifeng",
        "kitty_burial": "face_down" if base.kitty_burial == "face_up" else "face_up",
        "scoring": "bands" if base.scoring == "chifeng" else "chifeng",
        "decks": 3 if base.decks == 2 else 2,
    }
    for field in OPTION_FIELDS:
        value = other.get(field, not getattr(base, field))
        changed = base.replace(**{field: value})
        if field == "throw_penalty":
            continue
        assert changed != base and changed.to_core() != base.to_core(), field
        text = json.dumps(changed.options_json())
        assert json.loads(text) == {field: list(value) if isinstance(value, tuple) else value}
        back = Rules.from_json(name, json.loads(text))
        assert back == changed and str(back) == str(changed.to_core()), field
        assert Rules.from_core(changed.to_core()) == changed
        assert f"{field}=" in repr(changed)


def test_s10_standard_presets_hold_the_table() -> None:
    tractor, shanghai = Rules.preset("tractor"), Rules.preset("shanghai")
    for r in (tractor, shanghai):
        assert (r.ladder, r.declaring, r.kitty_burial, r.scoring) == (
            "2-A", "standard", "face_down", "bands")
        assert r.must_follow_format and r.level_tractor_bridge and r.throws_in_trumps
        assert not (r.ace_low_tractor or r.muddy_throws or r.xiaosa or r.digs or r.level_card_grab)
    assert (tractor.failed_throw, tractor.trump_compare, tractor.kitty_points) == (
        "lowest_failing", "format", "power")
    assert (shanghai.failed_throw, shanghai.trump_compare, shanghai.kitty_points) == (
        "lowest", "structure", "cards")
    assert tractor.must_play_levels == () and not tractor.gated_takeover
    # The gates 2 5 10 K are positions 0 3 8 11 on the 2-A ladder, printed by its letters.
    assert shanghai.must_play_levels == (0, 3, 8, 11) and shanghai.gated_takeover
    assert "must_play_levels=2,5,T,K" in str(shanghai)
    assert "must_play_levels=-" in str(tractor)
    assert shanghai.ladder_letters == "23456789TJQKA"
    assert Rules.preset("chifeng").ladder_letters == "A23456789TJQK"


def test_s10_6_every_preset_is_dealt_as_whole_hands() -> None:
    """§10.6: the standard presets declare, bury face down and play whole hands."""
    assert GAME_PRESETS == ALL_PRESETS == PRESETS
    for name in ("tractor", "shanghai"):
        Rules.preset(name).check_game_supported()
        game = Game.deal(seed=1, rules=name)
        assert game.phase == "declare" and game.rules.name == name


def test_s10_6_a_face_down_kitty_refuses_the_face_up_kitty_rules() -> None:
    """抢牌 and 潇洒 take cards from the face-up kitty: a whole hand refuses them with a
    face-down bury, naming the option (positions still play: the result reads xiaosa)."""
    base = Rules.preset("chifeng").replace(kitty_burial="face_down")
    with pytest.raises(ValueError, match=r"^xiaosa=on needs kitty_burial=face_up"):
        base.check_game_supported()
    grab = Rules.preset("chifeng-classic").replace(kitty_burial="face_down", xiaosa=False)
    with pytest.raises(ValueError, match=r"^level_card_grab=on needs kitty_burial=face_up"):
        grab.check_game_supported()
    base.replace(xiaosa=False).check_game_supported()


def test_s9_a_chifeng_record_from_before_loads_unchanged() -> None:
    # Records and rooms written before the new options carry only the old ones.
    rules = Rules.from_json("chifeng-10", {"k_dig": "swap", "must_play_levels": [10, 11, 12]})
    assert rules == Rules.preset("chifeng-10").replace(k_dig="swap", must_play_levels=(10, 11, 12))
    assert rules.ladder == "A-K" and rules.digs and rules.xiaosa and rules.playable


def test_s9_bad_values_name_the_option() -> None:
    for field, bad, message in (
        ("ladder", "3-A", "ladder: A-K or 2-A, not '3-A'"),
        ("trump_compare", "power", "trump_compare: format or structure, not 'power'"),
        ("declaring", "free", "declaring: chifeng or standard, not 'free'"),
        ("kitty_burial", "up", "kitty_burial: face_up or face_down, not 'up'"),
        ("scoring", "chinese", "scoring: chifeng or bands, not 'chinese'"),
        ("xiaosa", 1, "xiaosa: True or False, not 1"),
    ):
        with pytest.raises(ValueError) as info:
            Rules().replace(**{field: bad})
        assert str(info.value) == message
    ladder = r"\(0 = 2, 12 = A\)"
    with pytest.raises(ValueError, match=r"must_play_levels: 13 is not a level 0..12 " + ladder):
        Rules.preset("shanghai").replace(must_play_levels=(13,))
