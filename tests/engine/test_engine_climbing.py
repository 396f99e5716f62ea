"""Whole climbing hands through the engine protocol by a client with no rules of its own
(docs/protocol.md "The climbing games"): ``deal`` gives the first position and each seat's
view; each seat's bot is asked with ``move`` on its own view; ``play`` applies the action to
the full position; the last reply carries the places and scores (rules §12.11–§12.12,
§13.6–§13.7). Bad input gets one clear line."""

from __future__ import annotations

import json
from typing import Any

import pytest

from duidiao.engine import run_command


def send(cmd: str, **fields: Any) -> dict[str, Any]:
    reply = run_command({"id": 1, "cmd": cmd, **fields})
    json.dumps(reply)
    return reply


def ok(cmd: str, **fields: Any) -> dict[str, Any]:
    reply = send(cmd, **fields)
    assert reply["ok"] is True, reply
    return reply


@pytest.mark.parametrize(("preset", "seats"), [("gouji", "ABCDEF"), ("baohuang", "ABCDE")])
def test_a_whole_hand_by_a_client_without_rules(preset: str, seats: str) -> None:
    dealt = ok("deal", preset=preset, seed=11, bot="heuristic")
    position, turn, views = dealt["position"], dealt["turn"], dealt["views"]
    assert set(views) == set(seats)
    assert dealt["decisions"] is not None
    steps = 0
    while True:
        legal = ok("legal", position=position)
        assert legal["turn"] == turn and legal["count"] >= 1
        action = ok("move", position=views[turn], bot="heuristic", seed=steps)["move"]
        reply = ok("play", position=position, move=action)
        assert reply["seat"] == turn
        position, turn, views = reply["position"], reply["turn"], reply["views"]
        steps += 1
        assert steps < 3000
        if reply["is_over"]:
            break
    result = reply["result"]
    assert len(set(result["places"])) == len(result["places"])
    if preset == "baohuang":
        assert sum(result["scores"].values()) == 0
    else:
        assert min(result["scores"].values()) == 0
    # every view hides the others' cards
    for seat, view in views.items():
        for other in seats:
            if other != seat:
                assert f" {other}=?" in view or f" {other}=-" in view


def test_analyse_a_gouji_position() -> None:
    dealt = ok("deal", preset="gouji", seed=3, bot="heuristic")
    turn = dealt["turn"]
    reply = ok("analyse", position=dealt["views"][turn], seconds=0.5, worlds=16, seed=1)
    assert reply["turn"] == turn and reply["best"] == reply["moves"][0]["move"]
    assert all(m["worlds"] >= 1 for m in reply["moves"])


@pytest.mark.parametrize(
    ("cmd", "fields", "code", "text"),
    [
        ("legal", {"position": "gouji A=9*17 B=- C=- D=- E=- F=-"}, "bad_position",
         "A: holds 17 cards of rank 9"),
        ("deal", {"preset": "gouji", "seed": 1, "declarer": "S"}, "bad_request",
         "declarer: not a field of gouji"),
        ("deal", {"preset": "baohuang", "seed": 1, "first_drawer": "F"}, "bad_request",
         "first_drawer: 'F' is not a seat of baohuang"),
        ("move", {"position": "gouji A=?36 B=?36 C=?36 D=?36 E=?36 F=?36 round=A:",
                  "bot": "heuristic"}, "hidden_cards", "A is to act and its cards are hidden"),
    ],
)
def test_bad_input_gets_one_clear_line(cmd: str, fields: dict[str, Any], code: str,
                                       text: str) -> None:
    reply = send(cmd, **fields)
    assert reply["ok"] is False and reply["error"]["code"] == code, reply
    assert text in reply["error"]["message"] and "\n" not in reply["error"]["message"]


def test_an_illegal_action_is_refused() -> None:
    dealt = ok("deal", preset="gouji-basic", seed=2, bot="heuristic")
    reply = send("play", position=dealt["position"], move="pass")
    assert reply["ok"] is False and reply["error"]["code"] == "illegal_move"
    assert "the leader must play a set" in reply["error"]["message"]
