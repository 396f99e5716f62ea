"""The engine protocol with the standard presets (rules §10, `tractor` and `shanghai`): a deal
declares with §10.6's chain and buries the kitty face down, so every view but the declarer's
writes ``kitty=?8`` until the hand is over; ``decide`` answers the new declarations."""

from __future__ import annotations

import json
from typing import Any

import pytest

from duidiao import Cards, Game, Position
from duidiao.engine import run_command
from duidiao.play.rules import DECLARE_KINDS

NT_SEED = 1  # shanghai and tractor: West declares a pair of big jokers, no trump
PAIR_SEED = 5  # shanghai: a single, then East's pair of hearts


def ok(cmd: str, **fields: Any) -> dict[str, Any]:
    reply = run_command({"id": 1, "cmd": cmd, **fields})
    json.dumps(reply)
    assert reply["ok"] is True, reply
    return reply


def check_views(reply: dict[str, Any], kitty: str, over: bool) -> None:
    """The declarer's view (and, once the hand is over, everyone's) shows the kitty; the
    others' write ``kitty=?8``."""
    declarer = Position(reply["position"]).declarer
    for seat, view in reply["views"].items():
        if seat == declarer or over:
            assert f" kitty={kitty} " in f" {view} ", (seat, view)
            assert str(Position(view).kitty) == str(Cards(kitty))
        else:
            assert " kitty=?8 " in f" {view} ", (seat, view)
            assert Position(view).kitty is None


@pytest.mark.parametrize(("preset", "seed"), [("shanghai", NT_SEED), ("shanghai", PAIR_SEED),
                                              ("tractor", NT_SEED)])
def test_a_standard_deal_hides_the_kitty_from_the_defenders(preset: str, seed: int) -> None:
    reply = ok("deal", preset=preset, seed=seed)
    assert reply["preset"] == preset and reply["levels"] == {"NS": "2", "EW": "2"}
    assert reply["level"] == "2" and reply["dry"] is False
    game = Game.deal(seed, rules=preset)
    for decision in reply["decisions"]:
        game.apply(decision)
    assert game.phase == "play" and game.trump == reply["trump"]
    assert reply["position"] == str(game.position())
    assert reply["views"] == {seat: str(game.position(seat)) for seat in "SENW"}
    # The reply's kitty is the full position's: the frontend's, not the players'.
    assert reply["kitty"] == str(game.position().kitty) and len(Cards(reply["kitty"])) == 8
    check_views(reply, reply["kitty"], over=False)
    kinds = [d["kind"] for d in reply["decisions"] if "declare" in d]
    if seed == NT_SEED:
        assert reply["trump"] == "NT" and kinds == ["big_jokers"]
    else:
        assert "pair" in kinds


def test_a_shanghai_hand_through_deal_move_and_play() -> None:
    """The engine as referee of a no-trump hand: each seat's bot asked with its own view
    (the kitty hidden from all but the declarer), the move applied to the full position; the
    views show the kitty once the hand is over, and the result counts it."""
    hand = ok("deal", preset="shanghai", seed=NT_SEED)
    kitty = hand["kitty"]
    position, exposed, views = hand["position"], hand["exposed"], hand["views"]
    plays = 0
    while True:
        seat = Position(position).turn
        assert seat is not None
        move = ok("move", position=views[seat], bot="heuristic", seed=1)["move"]
        reply = ok("play", position=position, move=move, exposed=exposed)
        plays += 1
        check_views(reply, kitty, over=reply["is_over"])
        position, exposed, views = reply["position"], reply["exposed"], reply["views"]
        if reply["is_over"]:
            break
    assert plays >= 25 and reply["turn"] is None
    result = reply["result"]
    assert result == Position(position).result().to_dict()
    assert result["outcome"] in ("guangpai", "xiaoguang", "dacheng", "dapo", "dapo_climb")
    assert {"kitty_points", "kitty_multiplier"} <= set(result)


def test_decide_answers_the_standard_declarations_and_the_bury() -> None:
    """Every decision before the play of shanghai hands, asked with the seat's observation
    as JSON: the declarations of §10.6 (NT among them) and the face-down bury."""
    kinds: set[str] = set()
    for seed in (NT_SEED, PAIR_SEED):
        game = Game.deal(seed, rules="shanghai")
        while game.phase != "play":
            seat = game.to_act
            assert seat is not None
            observation = game.observe(seat).to_dict()
            reply = ok("decide", observation=observation, bot="heuristic")
            decision = reply["decision"]
            assert reply["seat"] == seat and reply["phase"] == game.phase
            if "declare" in decision:
                kinds.add(decision["kind"])
            if "bury" in decision:
                assert len(Cards(decision["bury"])) == 8
            game.apply(decision)
        assert game.trump is not None
    assert kinds <= set(DECLARE_KINDS) and {"big_jokers", "pair"} <= kinds
