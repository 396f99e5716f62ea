"""An observation read from JSON is checked whole before any bot sees it (the core's
check_observation): every observation of real hands passes, under every preset and in every
phase; each kind of contradiction is refused naming its field — by ``Observation.from_dict``
and by the engine's ``decide``."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("duidiao._core")

import duidiao  # noqa: E402
from duidiao import Game, Observation  # noqa: E402
from duidiao.engine.protocol import run_command  # noqa: E402
from duidiao.play.decisions import step as play_step  # noqa: E402


def observations(preset: str, seed: int, bots: str = "random") -> Iterator[tuple[Game, dict]]:
    """(game, observation dict of the seat to act) at every decision of a hand; random bots
    declare, grab and 潇洒 more than the heuristic, so more kinds of facts come up."""
    rng = random.Random(seed)
    declarer = None if seed % 3 == 0 else rng.choice("SENW")
    levels = None if declarer is None else {
        t: rng.choice(duidiao.Rules.preset(preset).ladder_letters[:6]) for t in ("NS", "EW")}
    game = Game.deal(seed=seed, rules=preset, declarer=declarer, levels=levels)
    bot = duidiao.make_bot(bots, seed=seed)
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        yield game, game.observe(seat).to_dict()
        play_step(game, bot)


def hands(count: int) -> list[tuple[str, int]]:
    return [(preset, seed) for preset in duidiao.GAME_PRESETS for seed in range(count)]


@pytest.mark.parametrize(("preset", "seed"), hands(4))
def test_every_real_observation_passes(preset: str, seed: int) -> None:
    for _game, data in observations(preset, seed):
        back = Observation.from_dict(json.loads(json.dumps(data)))
        assert back.to_dict() == data


@pytest.mark.slow
@pytest.mark.parametrize(("preset", "seed"), hands(12))
def test_every_real_observation_passes_many(preset: str, seed: int) -> None:
    for bots in ("random", "heuristic"):
        for _game, data in observations(preset, 1000 + seed, bots):
            Observation.from_dict(data)


def first(preset: str, phase: str, when: Any = None) -> dict[str, Any]:
    """The observation dict of the first decision of ``phase`` (satisfying ``when``)."""
    for seed in range(300):
        for game, data in observations(preset, seed):
            if game.phase == phase and (when is None or when(game, data)):
                return data
            if game.phase == "play" and phase != "play":
                break  # the hand's bidding and burying are over: the next deal
    raise AssertionError(f"no {phase} decision found")


def refused(data: dict[str, Any], field: str) -> str:
    with pytest.raises(ValueError) as raised:
        Observation.from_dict(data)
    message = str(raised.value)
    assert message.startswith(f"observation: {field}"), message
    reply = run_command({"cmd": "decide", "observation": data, "bot": "heuristic"})
    if data["phase"] not in ("play", "over"):
        assert reply["ok"] is False and reply["error"]["code"] == "bad_request", reply
        assert reply["error"]["field"].startswith(f"observation.{field.split(':')[0]}"), reply
    return message


def declared(game: Game, data: dict[str, Any]) -> bool:
    return bool(data["declarations"])


def test_declare_contradictions_name_their_field() -> None:
    data = first("chifeng", "declare", declared)
    seat = data["seat"]
    other = next(s for s in "SENW" if s != seat)
    mine = data["hand"].split(",")
    missing = next(c for c in ("AS", "KD", "QC", "JH", "9S") if c not in mine)
    # a seat exposing a card while its hand does not hold it
    refused({**data, "exposed": {**data["exposed"], seat: missing}}, f"exposed.{seat}")
    # another seat showing a card it never declared
    refused({**data, "exposed": {**data["exposed"], other: "BJ"}}, f"exposed.{other}")
    # a trump while declaring
    refused({**data, "trump": "S"}, "trump")
    # hand sizes that the dealing does not give
    sizes = dict(data["hand_sizes"])
    sizes[other] += 1
    refused({**data, "hand_sizes": sizes}, f"hand_sizes.{other}")
    refused({**data, "drawn": data["drawn"] + 1}, "hand_sizes")  # (or the seat to act)
    # a declaration by a seat that did not draw the card just drawn
    bad = dict(data["declarations"][0])
    bad["seat"] = next(s for s in "SENW" if s != bad["seat"])
    refused({**data, "declarations": [bad, *data["declarations"][1:]]}, "declarations")


def test_trump_and_declarer_must_be_the_declarations() -> None:
    data = first("chifeng", "bury", declared)
    trump = data["trump"]
    other = next(s for s in "HDSC" if s != trump)
    # a trump no declaration names
    refused({**data, "trump": other}, "trump")
    # no declaration at all, and no 翻主 either
    refused({**data, "declarations": [], "trump_from_kitty": False}, "trump")
    # the hand's level is not the declarers' team's
    levels = dict(data["levels"])
    team = "NS" if data["declarer"] in "SN" else "EW"
    ladder = duidiao.Rules.preset("chifeng").ladder_letters
    levels[team] = next(x for x in ladder if x != data["level"])
    refused({**data, "levels": levels}, "level")


def test_standard_game_declaring_is_checked() -> None:
    data = first("shanghai", "bury")
    refused({**data, "trump": "NT" if data["trump"] != "NT" else "H"}, "trump")
    refused({**data, "trump_from_kitty": True}, "trump_from_kitty")


def test_cards_seen_three_times_and_kitty_facts() -> None:
    data = first("chifeng", "xiaosa")
    hand = data["hand"].split(",")
    kitty = data["kitty"].split(",")
    # a face of the hand, both copies, seen a third time in the face-up kitty
    pair = next((c for c in hand if hand.count(c) == 2), None)
    if pair is not None:
        refused({**data, "kitty": ",".join([pair, *kitty[1:]])}, "kitty")
    # 潇洒 asked of a seat without a joker: the jokers swapped for other cards
    no_jokers = ",".join("4C" if c in ("BJ", "SJ") else c for c in hand)
    refused({**data, "hand": no_jokers, "exposed": dict.fromkeys("SENW", "-")}, "hand")
    refused({**data, "kitty": None}, "kitty")  # the kitty was buried face up
    refused({**data, "grabs": [{"seat": data["seat"], "taken": "5H", "put": "2C"}]}, "grabs")


def grab_decision() -> dict[str, Any]:
    """A 抢牌 decision: the declarer buries its level cards (the heuristic never does)."""
    game = Game.deal(seed=3, rules="chifeng-classic", declarer="S")
    bot = duidiao.make_bot("heuristic")
    while game.phase != "bury":
        play_step(game, bot)
    held = list(game.held("S"))
    level = [c for c in held if str(c)[:-1] == game.level]
    game.bury(duidiao.Cards((level + [c for c in held if c not in level])[:8]))
    assert game.phase == "grab"
    seat = game.to_act
    assert seat is not None
    return game.observe(seat).to_dict()


def test_grab_offer_is_a_buried_level_card() -> None:
    data = grab_decision()
    Observation.from_dict(data)
    refused({**data, "grab_offer": "3C" if data["grab_offer"] != "3C" else "4C"}, "grab_offer")
    refused({**data, "grabs": [{"seat": data["declarer"], "taken": data["grab_offer"],
                                "put": "2C"}]}, "grabs")  # the declarer takes back nothing


def test_play_observations_must_agree_with_their_position() -> None:
    data = first("chifeng", "play", lambda g, d: len(g.tricks) >= 2)
    seat = data["seat"]
    Observation.from_dict(data)
    refused({**data, "trump": next(s for s in "HDSC" if s != data["trump"])}, "trump")
    refused({**data, "declarations": []}, "trump")  # no declaration names the position's trump
    refused({**data, "exposed": {**data["exposed"], seat: "BJ,BJ"}}, f"exposed.{seat}")
    sizes = dict(data["hand_sizes"])
    sizes[seat] += 1
    refused({**data, "hand_sizes": sizes}, "hand_sizes")
    refused({**data, "level": "K" if data["level"] != "K" else "Q"}, "level")
    refused({**data, "drawn": 50}, "drawn")


def countered(game: Game, data: dict[str, Any]) -> bool:
    return bool(data.get("counters"))


def test_counter_facts_are_checked() -> None:
    """Rules §11.8 (反底) and §11.9 (the stake): the counters, the last burier, the stake."""
    data = first("huanle", "counter", countered)
    assert data["stake"] >= 2
    last = data["counters"][-1]
    # the stake the declarations and counters make, and no other
    refused({**data, "stake": data["stake"] * 2}, "stake")
    # the last burier is the last to counter
    other = next(s for s in "SENW" if s not in (last["seat"], data["seat"]))
    refused({**data, "kitty_burier": other}, "kitty_burier")
    # a counter no stronger than the declaration standing: the same one twice
    refused({**data, "counters": [*data["counters"], {**last, "seat": data["seat"]}]},
            "counters")
    # a counter by the seat that buried last
    refused({**data, "counters": [{**last, "seat": data["declarer"]}]}, "counters")
    # the counter names the trump
    refused({**data, "trump": next(s for s in "HDSC" if s != last["suit"])}, "trump")
    # no counters under rules without 反底
    plain = first("tractor", "bury")
    refused({**plain, "counters": [last]}, "counters")
