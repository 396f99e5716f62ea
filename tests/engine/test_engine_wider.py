"""Whole hands of the wider family (rules §11) through the engine protocol: a three-deck hand
dealt, then played with ``move`` and ``play`` to its result; a 欢乐升级 hand whose bidding a
client drives with ``decide``, countering once itself (反底, §11.8), then played out the same
way — the stake (§11.9) in the position strings and the result."""

from __future__ import annotations

import json
from typing import Any

import pytest

from duidiao import Game, Position, Rules
from duidiao.engine import run_command
from duidiao.play.decisions import Decision


def ok(cmd: str, **fields: Any) -> dict[str, Any]:
    reply = run_command({"id": 1, "cmd": cmd, **fields})
    json.dumps(reply)
    assert reply["ok"] is True, reply
    return reply


def play_out(position: str, exposed: dict[str, str], views: dict[str, str]) -> dict[str, Any]:
    """The engine as referee: each seat's bot asked with its own view, its move applied to
    the full position, to the end of the hand; the last reply."""
    while True:
        seat = Position(position).turn
        assert seat is not None
        move = ok("move", position=views[seat], bot="heuristic", seed=1)["move"]
        reply = ok("play", position=position, move=move, exposed=exposed)
        position, exposed, views = reply["position"], reply["exposed"], reply["views"]
        if reply["is_over"]:
            return reply


@pytest.mark.parametrize("preset", ["three-deck", "one-deck"])
def test_a_whole_hand_through_deal_move_and_play(preset: str) -> None:
    sizes = Rules.preset(preset).sizes
    hand = ok("deal", preset=preset, seed=4)
    game = Game.deal(4, rules=preset)
    for decision in hand["decisions"]:
        game.apply(decision)
    assert game.phase == "play" and hand["position"] == str(game.position())
    assert hand["stake"] == game.stake
    declarer = hand["declarer"]
    for seat, view in hand["views"].items():  # the kitty face down (rules §10.6, §11.8)
        assert (f" kitty=?{sizes.kitty_cards} " in f" {view} ") == (seat != declarer), view
    full = Position(hand["position"])
    assert all(len(cards) == sizes.hand_cards for cards in full.hands.values())
    last = play_out(hand["position"], hand["exposed"], hand["views"])
    result = last["result"]
    assert result is not None and result["outcome"]
    end = Position(last["position"])
    assert end.is_over and end.result().to_dict() == result


def bid_through_decide(seed: int) -> Game:
    """A huanle deal whose decisions before the play the engine's ``decide`` makes, but for
    the first counter open to a seat (反底, rules §11.8), which the client makes itself."""
    game = Game.deal(seed, rules="huanle", declarer="S")
    countered = False
    while game.phase != "play":
        seat = game.to_act
        assert seat is not None
        observation = game.observe(seat).to_dict()
        answer = ok("decide", observation=observation, bot="heuristic", seed=seed)
        assert answer["phase"] == game.phase
        if game.phase == "counter" and not countered and game.declare_options():
            option = game.declare_options()[-1]
            game.apply(Decision.counter_(seat, option.suit, option.kind))
            countered = True
        else:
            game.apply(answer["decision"])
    return game


def test_a_huanle_hand_with_a_counter_through_decide_move_and_play() -> None:
    game = next(g for g in map(bid_through_decide, range(100)) if g.counters)
    assert game.stake >= 2
    position = game.position()
    assert f" stake={game.stake} " in f" {position} "
    views = {seat: str(game.position(seat)) for seat in "SENW"}
    exposed = {seat: str(game.exposed(seat)) for seat in "SENW"}
    last = play_out(str(position), exposed, views)
    result = last["result"]
    assert result["stake"] == game.stake
    assert result["base"] * result["stake"] == max(result["scores"].values())
