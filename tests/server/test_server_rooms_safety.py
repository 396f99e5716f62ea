"""Rooms that must not let a player learn another's cards, and a bot that must never search
twice at once: a watcher leaving and coming back while a bot thinks."""

from __future__ import annotations

import time

from .helpers import Conn, ServerProcess

FOUR_SEARCHERS = {s: "pimc:ms=1500" for s in "SENW"}


def test_no_second_search_when_a_watcher_comes_back_mid_thought(
    live_server: ServerProcess,
) -> None:
    with Conn(live_server.ws_url) as first:
        room = first.request(type="create", seats=FOUR_SEARCHERS, bot_delay_ms=0)["room"]
        first.request(type="watch", room=room)
        first.wait(lambda m: m.get("type") == "state" and m.get("phase") == "play", timeout=60)
    # The room paused with a bot thinking; come back before it has answered, twice.
    for _ in range(2):
        time.sleep(0.3)
        with Conn(live_server.ws_url) as again:
            again.request(type="watch", room=room)
            time.sleep(0.5)
    with Conn(live_server.ws_url) as last:
        state = last.request(type="watch", room=room)
        plays = state.get("version", 0)
        last.wait(lambda m: m.get("type") == "state" and m.get("version", 0) > plays + 2,
                  timeout=60)
    log = live_server.log()
    assert "failed" not in log, log[-2000:]


def test_no_seed_nor_open_room_with_two_human_seats(live_server: ServerProcess) -> None:
    two = {"S": "human", "E": "heuristic", "N": "human", "W": "heuristic"}
    with Conn(live_server.ws_url) as conn:
        for extra, field in (({"seed": 7}, "seed"), ({"open": True}, "open")):
            reply = conn.request(type="create", seats=two, **extra)
            assert reply["type"] == "error" and reply["error"]["code"] == "bad_request"
            assert reply["error"]["message"].startswith(field)
        assert conn.request(type="create", seats=two)["type"] == "created"
        one = dict(two, N="heuristic")
        assert conn.request(type="create", seats=one, seed=7, open=True)["type"] == "created"
