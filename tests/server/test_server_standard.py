"""The standard presets at the table (rules §10, `tractor` and `shanghai`): whole hands in
rooms, the declarations of §10.6 and no-trump hands, and the kitty buried face down: no
connection but the declarer's (and an open room's spectators') sees it before the hand is over,
everyone sees it after."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

import duidiao
from duidiao.play.enums import Outcome

from .helpers import Conn, ServerProcess, hand_over
from .test_server_rooms import check_no_hidden_cards, create, join

RANDOM3 = {"S": "human", "E": "random", "N": "random", "W": "random"}
HEURISTIC3 = {"S": "human", "E": "heuristic", "N": "heuristic", "W": "heuristic"}
# Seeds of hand 1 with South passing every declaration (found by dealing the room's hands
# with its bots, as the room does):
NT_SEED = 0  # shanghai, RANDOM3: West declares a pair of small jokers, no trump; S defends
ASKED_SEED = 4  # shanghai, HEURISTIC3: South is asked to declare; North declares


def _get(server: ServerProcess, path: str) -> dict[str, Any]:
    return dict(httpx.get(server.url + path, timeout=10).json())


def check_kitty_hidden(state: dict[str, Any]) -> None:
    """Before the hand is over, a state for anyone but the declarer (or an open room's
    spectator) shows no kitty card: no kitty, no original kitty, ``kitty=?8`` in the
    position, and a bury written ``?8``."""
    obs = state["observation"]
    if obs is None or state["phase"] == "over":
        return
    if state["seat"] is not None and state["seat"] == obs["declarer"]:
        return
    assert state["hands"] is None
    assert obs["kitty"] is None and obs["original_kitty"] is None, obs
    if obs["position"] is not None:
        assert " kitty=?8 " in f" {obs['position']} ", obs["position"]
    last = state["last"]
    if last is not None and "bury" in last:
        assert last["bury"] == "?8", last


def never_shown(states: list[dict[str, Any]], *kitties: duidiao.Cards, level: str,
                trump: str) -> None:
    """No state before the end carries any of these 8-card lists, in canonical or in
    notation order."""
    texts = {t for k in kitties for t in (str(k), k.notation(level, trump))}
    for state in states:
        if state.get("type") == "state" and state["phase"] != "over":
            dumped = json.dumps(state)
            for text in texts:
                assert text not in dumped, (text, state)


def pass_and_play(conn: Conn, seat: str, rng: random.Random, timeout: float = 60.0,
                  on_play: Any = None) -> dict[str, Any]:
    """Play ``seat`` to the end of the hand: pass every declaration, bury the last 8 cards,
    play a listed move at random; ``on_play(state)`` is called at each of its plays."""
    deadline = time.monotonic() + timeout
    acted = -1
    while True:
        message = conn.next(max(0.01, deadline - time.monotonic()))
        assert message.get("type") != "error", message
        if message.get("type") != "state":
            continue
        check_no_hidden_cards(message)
        check_kitty_hidden(message)
        if hand_over(message):
            return message
        options = message["options"]
        if message["to_act"] != seat or not options or message["version"] <= acted:
            continue
        acted = message["version"]
        if "declare" in options:
            conn.send(type="act", action="pass")
        elif "bury" in options:
            hand = message["observation"]["hand"].split(",")
            conn.send(type="act", action="bury", cards=",".join(hand[-8:]))
        else:
            if on_play is not None:
                on_play(message)
            conn.send(type="act", action="play", cards=rng.choice(options["moves"]))


@pytest.mark.parametrize("preset", ["tractor", "shanghai"])
def test_bots_only_room_plays_hands_to_the_end(live_server: ServerProcess, preset: str) -> None:
    """A spectator of a bots-only room (not open) watches two hands: levels from 2, no
    kitty card before a hand is over, the kitty and the result at its end."""
    ladder = duidiao.Rules.preset(preset).ladder_letters
    with Conn(live_server.ws_url) as spectator:
        room = create(spectator, preset=preset, seats={s: "random" for s in "SENW"},
                      bot_delay_ms=0, hand_pause_seconds=0, seed=5)
        first = spectator.request(type="watch", room=room)
        assert first["levels"] == {"NS": "2", "EW": "2"}
        ends: list[dict[str, Any]] = []
        deadline = time.monotonic() + 60
        while len(ends) < 2:
            state = spectator.next(max(0.01, deadline - time.monotonic()))
            if state.get("type") != "state":
                continue
            check_no_hidden_cards(state)
            check_kitty_hidden(state)
            if state["phase"] == "over" and (not ends or ends[-1]["version"] != state["version"]):
                ends.append(state)
                if state["match_winner"]:
                    break
        for end in ends:
            obs, result = end["observation"], end["result"]
            assert obs["preset"] == preset and obs["trump"] in duidiao.play.cards.TRUMP_LETTERS
            assert len(duidiao.Cards(obs["kitty"])) == 8  # shown to everyone at the end
            assert result["outcome"] in {o.value for o in Outcome}
            assert set(result["levels"].values()) <= set(ladder)
            assert {"kitty_points", "kitty_multiplier"} <= set(result)
            record = _get(live_server, f"/api/rooms/{room}/hands/{end['hand_number']}")["record"]
            replayed = duidiao.Record.from_dict(record).replay()
            assert replayed.result().to_dict() == result
            assert str(replayed.kitty) == str(duidiao.Cards(obs["kitty"]))
        history = _get(live_server, f"/api/rooms/{room}/history")["hands"]
        assert history[1]["hand_number"] == 2
        buried = [d["bury"] for d in history[0]["decisions"] if "bury" in d]
        assert len(buried) == 1 and len(duidiao.Cards(buried[0])) == 8  # shown: the hand is over


def test_a_defender_never_receives_the_kitty_before_the_end(live_server: ServerProcess) -> None:
    """South, who does not declare, and a spectator of the room see no kitty card (the buried
    nor the original) in any state until the hand is over, nor in the room's history; then both
    see the buried kitty. The hand is played without trump."""
    with Conn(live_server.ws_url) as player, Conn(live_server.ws_url) as spectator:
        room = create(player, preset="shanghai", seats=RANDOM3, bot_delay_ms=0,
                      hand_pause_seconds=600, seed=NT_SEED)
        spectator.request(type="watch", room=room)
        join(player, room, "S")
        histories: list[list[dict[str, Any]]] = []

        def read_history(state: dict[str, Any]) -> None:
            if not histories:  # the bury is made: the history shows who buried, not what
                histories.append(_get(live_server, f"/api/rooms/{room}/history")["hands"])

        end = pass_and_play(player, "S", random.Random(3), on_play=read_history)
        watched_end = spectator.wait(hand_over)
        for state in spectator.seen:
            if state.get("type") == "state":
                check_no_hidden_cards(state)
                check_kitty_hidden(state)
        obs = end["observation"]
        assert obs["declarer"] != "S" and obs["trump"] == "NT", obs
        buried = [d for d in histories[0][0]["decisions"] if "bury" in d]
        assert buried == [{"seat": obs["declarer"], "bury": "?8", "bot": True}]
        kitty = duidiao.Cards(obs["kitty"])
        assert len(kitty) == 8 and watched_end["observation"]["kitty"] == obs["kitty"]
        assert " kitty=?8 " not in obs["position"]
        record = _get(live_server, f"/api/rooms/{room}/hands/1")["record"]
        original = duidiao.Record.from_dict(record).replay().original_kitty
        for conn in (player, spectator):
            never_shown(conn.seen, kitty, original, level=obs["level"], trump="NT")
        assert json.dumps(histories[0]).count(str(kitty)) == 0
        # The end shows the bury as it was, and the result its kitty fields.
        assert end["result"]["outcome"] in {o.value for o in Outcome}
        assert isinstance(end["result"]["kitty_multiplier"], int)
        history = _get(live_server, f"/api/rooms/{room}/history")["hands"][0]["decisions"]
        bury = next(d for d in history if "bury" in d)
        assert duidiao.Cards(bury["bury"]) == kitty


def test_declarations_are_checked_against_the_preset(live_server: ServerProcess) -> None:
    with Conn(live_server.ws_url) as player:
        room = create(player, preset="shanghai", seats=HEURISTIC3, bot_delay_ms=0,
                      seed=ASKED_SEED)
        join(player, room, "S")

        def refused(code: str, **fields: Any) -> str:
            reply = player.request(type="act", action="declare", **fields)
            assert reply["type"] == "error" and reply["error"]["code"] == code, reply
            return str(reply["error"]["message"])

        message = refused("bad_request", suit="X", kind="pair")
        assert message.startswith("suit: 'X' is not one of H, D, S, C, NT")
        message = refused("bad_request", suit="H", kind="lock")
        assert message.startswith("kind: 'lock' is not one of single, pair, reinforce, "
                                  "small_jokers, big_jokers")
        assert refused("bad_request", suit="H", kind="bogus").startswith("kind: 'bogus'")
        assert refused("bad_request", suit="H").startswith("kind: missing")
        asked = player.wait(lambda m: m.get("type") == "state" and m["to_act"] == "S"
                            and m["phase"] == "declare")
        open_now = {(o["suit"], o["kind"]) for o in asked["options"]["declare"]}
        closed = next((s, k) for s in duidiao.play.cards.TRUMP_LETTERS
                      for k in ("pair", "small_jokers", "big_jokers") if (s, k) not in open_now)
        message = refused("illegal_move", suit=closed[0].lower(), kind=closed[1])
        assert f"{closed[1]} {closed[0]} is not open" in message
        pick = next(iter(asked["options"]["declare"]), None)
        if pick is not None:  # an open declaration stands
            done = player.request(type="act", action="declare", **pick)
            assert done["type"] == "state" and done["last"]["declare"] == pick["suit"]
    with Conn(live_server.ws_url) as player:
        room = create(player, seats=HEURISTIC3, bot_delay_ms=0, seed=1)
        join(player, room, "S")
        reply = player.request(type="act", action="declare", suit="NT", kind="big_jokers")
        assert reply["error"]["message"].startswith("suit: 'NT' is not one of H, D, S, C (chifeng)")
        reply = player.request(type="act", action="declare", suit="H", kind="pair")
        assert reply["error"]["message"].startswith("kind: 'pair' is not one of single, lock, "
                                                    "override (chifeng)")


def test_a_shanghai_room_resumes_after_a_restart(tmp_path: Path) -> None:
    """Killed mid-hand and started again, a shanghai room comes back at the same decision:
    the levels of the 2..A ladder, the no-trump hand, the kitty still hidden from South."""
    server = ServerProcess(tmp_path).start()
    try:
        with Conn(server.ws_url) as player:
            room = create(player, preset="shanghai", seats=RANDOM3, bot_delay_ms=0,
                          decision_seconds=600, hand_pause_seconds=600, seed=NT_SEED)
            token = join(player, room, "S")["token"]
            before = player.wait(lambda m: m.get("type") == "state" and m["phase"] == "play"
                                 and m["to_act"] == "S")
        server.kill()
        server = ServerProcess(tmp_path).start()
        with Conn(server.ws_url) as player:
            assert join(player, room, "S", token=token)["type"] == "joined"
            after = player.wait(lambda m: m.get("type") == "state")
            for key in ("version", "phase", "to_act", "observation", "options", "levels", "last"):
                assert after[key] == before[key], key
            assert after["levels"] == {"NS": "2", "EW": "2"}
            assert after["observation"]["trump"] == "NT"
            check_kitty_hidden(after)
            player.backlog.insert(0, after)
            end = pass_and_play(player, "S", random.Random(5))
            assert len(duidiao.Cards(end["observation"]["kitty"])) == 8
    finally:
        server.stop()
