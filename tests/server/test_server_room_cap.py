"""Rooms created in a loop cannot fill the server: one address keeps at most
``rooms_per_address`` rooms whatever their state (waiting, dealt, finished), and a room nobody
is connected to expires (docs/server.md, "Limits and abuse"): dropped from memory and from the
store when no person holds a seat in it, unloaded from memory (kept in the store) when its
match is over or has been paused long."""

from __future__ import annotations

import time
from pathlib import Path

import httpx
import pytest

from duidiao.server import limits as server_limits
from duidiao.server import rooms as server_rooms
from duidiao.server.limits import ServerLimits
from duidiao.server.messages import ClientError
from duidiao.server.store import Store
from duidiao.server.think import Thinker

from .helpers import Conn, ServerProcess

BOTS = {"S": "heuristic", "E": "heuristic", "N": "heuristic", "W": "heuristic"}


def test_the_cap_counts_rooms_in_every_state(live_server: ServerProcess) -> None:
    """The attack that passed before: create, watch (the first hand is dealt), leave — a dealt
    room no longer escapes the count — over REST and the WebSocket alike."""
    cap = ServerLimits().rooms_per_address
    with Conn(live_server.ws_url) as conn:
        made = 0
        for i in range(cap // 2):
            room = conn.request(type="create", seats=BOTS, bot_delay_ms=0, seed=i)["room"]
            state = conn.request(type="watch", room=room)
            assert state["type"] == "state" and state["phase"] != "waiting"  # dealt
            conn.request(type="leave")
            made += 1
        while made < cap:
            reply = httpx.post(live_server.url + "/api/rooms", json={}, timeout=10)
            assert reply.status_code == 200, reply.text
            made += 1
        refused = conn.request(type="create", seats=BOTS)
        assert refused["type"] == "error" and refused["error"]["code"] == "too_many_rooms"
        over = httpx.post(live_server.url + "/api/rooms", json={}, timeout=10)
        assert over.status_code == 429 and over.json()["error"]["code"] == "too_many_rooms"
        health = httpx.get(live_server.url + "/api/health", timeout=10).json()
        assert health["rooms"] >= cap


def test_the_cap_holds_after_a_restart(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path, "--rooms-per-address", "3").start()
    try:
        for _ in range(3):
            assert httpx.post(server.url + "/api/rooms", json={}, timeout=10).status_code == 200
    finally:
        server.stop()
    again = ServerProcess(tmp_path, "--rooms-per-address", "3").start()
    try:
        reply = httpx.post(again.url + "/api/rooms", json={}, timeout=10)
        assert reply.status_code == 429, reply.text
    finally:
        again.stop()


def test_idle_rooms_expire_by_their_state(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Store(tmp_path)
    rooms = server_rooms.Rooms(store, Thinker(1), ServerLimits(rooms_per_address=4))
    waiting = rooms.create({}, "10.9.8.7")  # a human seat nobody took
    bots = rooms.create({"seats": BOTS}, "10.9.8.7")
    seated = rooms.create({"seats": {**BOTS, "S": "human"}}, "10.9.8.7")
    seated.tokens["S"] = "a-token-hash"  # a person holds S
    store.claim_seat(seated.id, "S", "a-token-hash")
    rooms.create({}, "10.9.8.7")
    with pytest.raises(ClientError) as refused:
        rooms.create({}, "10.9.8.7")
    assert refused.value.code == "too_many_rooms"
    rooms.create({}, "10.9.8.6")  # another address is not held up

    assert rooms.sweep() == 0  # nothing idle long enough yet
    monkeypatch.setattr(server_limits, "ROOM_IDLE_SECONDS", 0.0)
    gone = rooms.sweep()
    assert gone == 4 and list(rooms.rooms) == [seated.id]  # a held seat keeps a match
    assert waiting.id not in store.room_ids() and bots.id not in store.room_ids()
    assert seated.id in store.room_ids()
    monkeypatch.setattr(server_limits, "SEATED_IDLE_SECONDS", 0.0)
    assert rooms.sweep() == 1 and not rooms.rooms
    assert seated.id in store.room_ids()  # unloaded, not dropped: its holder may come back
    assert rooms.get(seated.id).tokens["S"] == "a-token-hash"
    rooms.create({}, "10.9.8.7")  # room again for that address
    store.close()


def test_rooms_that_expired_while_the_server_was_down_are_dropped_on_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = Store(tmp_path)
    rooms = server_rooms.Rooms(store, Thinker(1))
    old = rooms.create({"seats": BOTS}, "10.0.0.1")
    fresh = rooms.create({"seats": BOTS}, "10.0.0.1")
    store.touch(old.id, time.time() - server_limits.ROOM_IDLE_SECONDS - 1)
    store.close()
    store = Store(tmp_path)
    restored = server_rooms.Rooms(store, Thinker(1))
    restored.load()
    assert set(restored.rooms) == {fresh.id}
    assert restored.rooms[fresh.id].origin == "10.0.0.1"
    assert old.id not in store.room_ids()
    store.close()
