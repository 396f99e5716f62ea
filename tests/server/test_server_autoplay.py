"""托管 and the automatic forced play: a person hands the seat to a bot and takes it back at any
moment; a seat's only legal play is made at once unless the person turned that off; both kept
across a restart."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import httpx

from .helpers import Conn, ServerProcess, choose, hand_over

BOTS3 = {"S": "human", "E": "heuristic", "N": "heuristic", "W": "heuristic"}


def start(conn: Conn, **settings: Any) -> tuple[str, str]:
    room = conn.request(type="create", seats=BOTS3, **settings)["room"]
    token = conn.request(type="join", room=room, seat="S")["token"]
    return room, token


def history(server: ServerProcess, room: str) -> list[dict[str, Any]]:
    reply = httpx.get(f"{server.url}/api/rooms/{room}/history", timeout=10).json()
    return list(reply["hands"][-1]["decisions"])


def south(decisions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [d for d in decisions if d["seat"] == "S"]


def test_a_hand_under_autoplay_then_taken_back(live_server: ServerProcess) -> None:
    with Conn(live_server.ws_url) as conn:
        # Bots paced so the hand cannot end before the seat is taken back, however slowly this
        # client reads (at 0 ms a loaded machine let the whole hand pass, and the next began).
        room, _ = start(conn, bot_delay_ms=100, seed=5, decision_seconds=600)
        conn.request(type="auto_forced", on=False)
        reply = conn.request(type="autoplay", bot="normal")
        assert reply == {"type": "autoplay", "id": reply["id"], "seat": "S", "bot": "normal"}
        state = conn.wait(lambda m: m.get("type") == "state" and m["phase"] == "play"
                          and len(m["observation"]["tricks"]) >= 3)
        assert state["seats"]["S"]["autoplay"] == "normal"
        # Taken back mid-hand: the seat waits for its person, with the clock running.
        conn.request(type="autoplay", bot=None)
        conn.request(type="speed", bot_delay_ms=0)
        turn = conn.wait(lambda m: m.get("type") == "state" and m["to_act"] == "S"
                         and m["seats"]["S"]["autoplay"] is None
                         and m["deadline_seconds"] is not None)
        assert turn["deadline_seconds"] > 500
        assert turn["hand_number"] == state["hand_number"], "the hand ended before S took it back"
        made = south(history(live_server, room))
        assert made and all(d.get("autoplay") for d in made if "play" in d)
        time.sleep(1.5)
        assert len(south(history(live_server, room))) == len(made)  # nobody played for S
        acted = conn.request(type="act", **choose(turn, random.Random(1)))
        assert acted["type"] == "state" and acted["last"]["seat"] == "S"
        assert not acted["last"].get("autoplay")
        # And handed over again (a bot that does not search): the hand ends by itself.
        conn.request(type="autoplay", bot="heuristic")
        end = conn.wait(hand_over, timeout=60)
        assert end["result"] is not None


def test_the_only_legal_play_is_made_at_once(live_server: ServerProcess) -> None:
    with Conn(live_server.ws_url) as conn:
        room, _ = start(conn, bot_delay_ms=0, seed=8, decision_seconds=600)
        rng = random.Random(3)
        acted = -1
        while True:  # S plays by hand, but never a forced play
            state = conn.wait(lambda m: m.get("type") == "state", timeout=30)
            if hand_over(state):
                break
            if state["to_act"] != "S" or state["version"] <= acted:
                continue
            acted = state["version"]
            if state["options"].get("count") == 1:
                continue  # the server makes it
            conn.send(type="act", **choose(state, rng))
        forced = [d for d in south(history(live_server, room)) if d.get("forced")]
        assert forced, "S's last card at least is forced"
        assert all("play" in d for d in forced)


def test_forced_plays_wait_when_turned_off(live_server: ServerProcess) -> None:
    with Conn(live_server.ws_url) as conn:
        room, _ = start(conn, bot_delay_ms=0, seed=8, decision_seconds=600)
        assert conn.request(type="auto_forced", on=False)["on"] is False
        rng = random.Random(3)
        acted = -1
        while True:  # as above, up to S's first forced play
            state = conn.wait(lambda m: m.get("type") == "state", timeout=30)
            assert not hand_over(state)
            if state["to_act"] != "S" or state["version"] <= acted:
                continue
            acted = state["version"]
            if state["options"].get("count") == 1:
                break
            conn.send(type="act", **choose(state, rng))
        time.sleep(1.5)
        assert not any(d.get("forced") for d in history(live_server, room))
        conn.request(type="auto_forced", on=True)  # turned on now: made at once
        conn.wait(lambda m: m.get("type") == "state" and m["last"] is not None
                  and m["last"]["seat"] == "S" and m["last"].get("forced"), timeout=10)


def test_bad_requests(live_server: ServerProcess) -> None:
    with Conn(live_server.ws_url) as conn, Conn(live_server.ws_url) as other:
        room, _ = start(conn, bot_delay_ms=0, decision_seconds=600)
        error = conn.request(type="autoplay", bot="pimc-oracle")["error"]
        assert error["code"] == "bad_request" and error["message"].startswith("bot:")
        error = conn.request(type="autoplay", bot="nobody")["error"]
        assert error["code"] == "bad_request" and "unknown bot" in error["message"]
        error = conn.request(type="autoplay")["error"]
        assert error["code"] == "bad_request" and "bot" in error["message"]
        error = conn.request(type="auto_forced", on="yes")["error"]
        assert error["code"] == "bad_request" and error["message"].startswith("on:")
        other.request(type="watch", room=room)
        error = other.request(type="autoplay", bot="easy")["error"]
        assert error["code"] == "not_seated"


def test_autoplay_survives_a_restart(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path).start()
    try:
        with Conn(server.ws_url) as conn:
            room, token = start(conn, bot_delay_ms=0, decision_seconds=600, seed=3)
            conn.request(type="auto_forced", on=False)
            conn.request(type="autoplay", bot="easy")
        server.stop()
        server = ServerProcess(tmp_path).start()
        with Conn(server.ws_url) as conn:
            conn.request(type="join", room=room, seat="S", token=token)
            state = conn.wait(lambda m: m.get("type") == "state")
            assert state["seats"]["S"]["autoplay"] == "easy"
            end = conn.wait(hand_over, timeout=60)  # nobody acts: the bot plays S
            assert all(d.get("autoplay") for d in south(history(server, room)))
            assert end["result"] is not None
    finally:
        server.stop()
