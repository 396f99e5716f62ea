"""The eight presets as data (rules §9, §10, §11.10): printed, compared, replaced and written to
JSON alike in Python and in the core; refused for play, naming the option, until the engine plays
them."""

from __future__ import annotations

import json
from typing import Any

import pytest

from duidiao import ALL_PRESETS, GAME_PRESETS, PRESETS, Game, Rules, _core
from duidiao.play import engine_module
from duidiao.play.rules import _ENUM_FIELDS, OPTION_FIELDS

WIDER = ("one-deck", "huanle", "three-deck")  # rules §11


def test_s9_every_preset_is_defined() -> None:
    assert ALL_PRESETS == (
        "chifeng", "chifeng-classic", "chifeng-10", "tractor", "shanghai", *WIDER)
    assert set(PRESETS) <= set(ALL_PRESETS) and PRESETS[0] == "chifeng"
    # rules §11: played from positions and as whole hands
    assert set(WIDER) <= set(PRESETS) and set(WIDER) <= set(GAME_PRESETS)


@pytest.mark.parametrize("name", WIDER)
def test_s11_10_the_wider_presets_are_played_as_whole_hands(name: str) -> None:
    rules = Rules.preset(name)
    assert rules.playable
    rules.check_supported()
    rules.check_game_supported()
    game = Game.deal(seed=1, rules=name)
    assert game.rules == rules and game.phase == "declare"


@pytest.mark.parametrize("option, value", [
    ("permanent_twos", True), ("protect_triples", True),
    ("kitty_points", "component"), ("kitty_points", "double"), ("stakes", True)])
def test_s11_10_the_new_play_options_are_played_from_positions(option: str, value: object) -> None:
    rules = Rules.preset("tractor").replace(**{option: value})
    rules.check_supported()
    rules.check_game_supported()
    assert rules.playable


def test_s11_10_the_huanle_declaring_needs_a_face_down_kitty() -> None:
    huanle = Rules.preset("tractor").replace(declaring="huanle")
    huanle.check_supported()
    huanle.check_game_supported()  # the tractor preset buries face down
    with pytest.raises(ValueError, match="^declaring=huanle needs kitty_burial=face_down"):
        Rules.preset("chifeng").replace(declaring="huanle").check_game_supported()
    # 反底 belongs to 欢乐升级's declaring (rules §11.8)
    with pytest.raises(ValueError, match="^counter_bury=on needs declaring=huanle"):
        Rules.preset("tractor").replace(counter_bury=True).check_game_supported()


def test_s11_10_the_wider_presets_hold_the_table() -> None:
    tractor = Rules.preset("tractor")
    for name, decks in zip(WIDER, (1, 2, 3)):
        r = Rules.preset(name)
        assert (r.decks, r.declaring, r.kitty_points) == (decks, "huanle", "component")
        assert (r.counter_bury, r.stakes) == (decks > 1, decks > 1)
        assert not (r.permanent_twos or r.protect_triples) and r.first_declarer == "standing"
        # Everything else is tractor's.
        same = {"name", "decks", "declaring", "kitty_points", "counter_bury", "stakes"}
        for field in set(OPTION_FIELDS) - same:
            assert getattr(r, field) == getattr(tractor, field), (name, field)
        assert r.declare_suits == ("H", "D", "S", "C", "NT")  # §11.7: 反无主
    for name in ALL_PRESETS[:5]:  # §11's options are off, so the older presets print as before
        r = Rules.preset(name)
        assert (r.permanent_twos, r.protect_triples, r.counter_bury, r.stakes) == (
            False, False, False, False)
        assert r.first_declarer == "standing" and r.decks == 2


@pytest.mark.parametrize("name", ALL_PRESETS)
def test_s9_python_and_core_agree(name: str) -> None:
    rules = Rules.preset(name)
    core = engine_module(rules).Rules.preset(name)  # three decks: _core3's
    assert str(rules) == str(core) == str(_core.Rules.preset(name))  # same lines, same order
    assert rules.to_core() == core and Rules.from_core(core) == rules
    assert repr(rules) == f"Rules.preset({name!r})"
    assert rules.options_json() is None
    assert Rules.from_json(name, None) == rules


def _other_values(base: Rules, field: str) -> list[Any]:
    """Every value ``field`` may take but the one ``base`` has (a few for the open-ended)."""
    value = getattr(base, field)
    if field in _ENUM_FIELDS:
        return [m.value for m in _ENUM_FIELDS[field] if m != value]
    if field == "must_play_levels":
        return [(), (12,), (0, 3, 8, 11)]
    if field == "decks":
        return [d for d in (1, 2, 3) if d != value]
    if field == "throw_penalty":
        return []  # only 0 is played; kept
    return [not value]


@pytest.mark.parametrize("name", ALL_PRESETS)
def test_s9_each_option_round_trips(name: str) -> None:
    # Change every option to each other value it may take: JSON, the core and equality keep it.
    base = Rules.preset(name)
    for field in OPTION_FIELDS:
        for value in _other_values(base, field):
            if value == getattr(base, field):
                continue
            changed = base.replace(**{field: value})
            assert changed != base and changed.to_core() != base.to_core(), field
            text = json.dumps(changed.options_json())
            assert json.loads(text) == {field: list(value) if isinstance(value, tuple) else value}
            back = Rules.from_json(name, json.loads(text))
            assert back == changed and str(back) == str(changed.to_core()), (field, value)
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
    assert GAME_PRESETS == ALL_PRESETS and PRESETS == ALL_PRESETS
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
        ("declaring", "free", "declaring: chifeng, standard or huanle, not 'free'"),
        ("kitty_points", "x2", "kitty_points: never, power, cards, component or double, not 'x2'"),
        ("first_declarer", "last", "first_declarer: standing or first, not 'last'"),
        ("counter_bury", "on", "counter_bury: True or False, not 'on'"),
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
