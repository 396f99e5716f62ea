"""Malformed and oversized WebSocket messages and REST bodies: each gets an error naming what
was wrong, the server stays up, and the room they were sent to still plays its hand."""

from __future__ import annotations

import json
import random
from typing import Any, Union

import httpx
import pytest

from .helpers import Conn, ServerProcess, hand_over, play_seat

Frame = Union[str, bytes]
ROOM = "{room}"  # replaced by the test's room id
BOTS3 = {"S": "human", "E": "heuristic", "N": "heuristic", "W": "heuristic"}


def j(**message: Any) -> str:
    return json.dumps(message)


def create(**settings: Any) -> str:
    return j(type="create", **settings)


def seats(**changes: Any) -> dict[str, Any]:
    return {**BOTS3, **changes}


# (frame, the error codes it may get) -- sent by the seated player while it is S's turn.
SEATED_CASES: list[tuple[Frame, set[str]]] = [
    ("hello", {"bad_json"}),
    ("{", {"bad_json"}),
    ("", {"bad_json"}),
    ("[]", {"bad_json"}),
    ('[{"type": "hello"}]', {"bad_json"}),
    ("42", {"bad_json"}),
    ('"hello"', {"bad_json"}),
    ("null", {"bad_json"}),
    ("true", {"bad_json"}),
    ('{"type": NaN}', {"bad_json"}),
    ('{"type": "hello", "x": Infinity}', {"bad_json"}),
    ("[" * 20000 + "]" * 20000, {"bad_json"}),
    ('{"type": "hello", "type": "join"}', {"bad_json"}),
    ('{"type": "hello"} {"type": "hello"}', {"bad_json"}),
    ("{}", {"bad_request"}),
    (j(type=5), {"bad_request"}),
    (j(type=None), {"bad_request"}),
    (j(type=["hello"]), {"bad_request"}),
    (j(type="fly"), {"unknown_type"}),
    (j(type="HELLO"), {"unknown_type"}),
    (j(type="x" * 5000), {"unknown_type"}),
    ('{"type": "\\ud800"}', {"bad_json"}),  # a lone surrogate is not text
    ('{"type": "hello", "id": "\\ud800"}', {"bad_json"}),
    ('{"type": "hello", "\\udfff": 1}', {"bad_json"}),
    (j(type="hello", extra=1), {"bad_request"}),
    (j(type="hello", id={"a": 1}), {"bad_request"}),
    (j(type="hello", id="x" * 100), {"bad_request"}),
    (j(type="hello", id=True), {"bad_request"}),
    ('{"type": "hello", "id": 1e400}', {"bad_request"}),
    (j(type="join"), {"bad_request"}),
    (j(type="join", room=5, seat="S"), {"bad_request"}),
    (j(type="join", room="nope", seat="S"), {"no_room"}),
    (j(type="join", room=ROOM, seat="X"), {"bad_seat"}),
    (j(type="join", room=ROOM, seat="E"), {"bad_seat"}),
    (j(type="join", room=ROOM, seat="s"), {"bad_seat"}),
    (j(type="join", room=ROOM, seat="S"), {"seat_taken"}),
    (j(type="join", room=ROOM, seat="S", token="wrong"), {"bad_token"}),
    (j(type="join", room=ROOM, seat="S", token=5), {"bad_request"}),
    (j(type="join", room=ROOM, seat="S", token="x" * 300), {"bad_request"}),
    (j(type="watch"), {"bad_request"}),
    (j(type="watch", room=None), {"bad_request"}),
    (j(type="watch", room="r" * 65), {"bad_request"}),
    (j(type="act"), {"bad_request"}),
    (j(type="act", action="fly"), {"bad_request"}),
    (j(type="act", action=5), {"bad_request"}),
    (j(type="act", action="play"), {"bad_request"}),
    (j(type="act", action="play", cards="ZZ"), {"bad_request"}),
    (j(type="act", action="play", cards=5), {"bad_request"}),
    (j(type="act", action="play", cards="BJ,BJ,BJ"), {"bad_request"}),
    (j(type="act", action="play", cards=""), {"bad_request"}),
    (j(type="act", action="play", cards="AS," * 200), {"bad_request"}),
    (j(type="act", action="play", cards="3D", suit="H"), {"bad_request"}),
    (j(type="act", action="declare", suit="X", kind="single"), {"bad_request"}),
    (j(type="act", action="declare", suit="H", kind="huge"), {"bad_request"}),
    (j(type="act", action="declare", suit="H"), {"bad_request"}),
    (j(type="act", action="pass", cards="AS"), {"bad_request"}),
    (j(type="act", action="bury", cards="AS,AS,KS"), {"illegal_move"}),
    (j(type="act", action="grab", put="QQ"), {"bad_request"}),
    (j(type="act", action="xiaosa", jokers="BJ"), {"bad_request"}),
    (j(type="hint", seconds=-1), {"bad_request"}),
    (j(type="hint", seconds="1"), {"bad_request"}),
    ('{"type": "hint", "seconds": 1e309}', {"bad_request"}),
    (j(type="hint", seconds=10**35), {"bad_request"}),
    (j(type="speed"), {"bad_request"}),
    (j(type="speed", bot_delay_ms=99999), {"bad_request"}),
    (j(type="speed", bot_delay_ms=1.5), {"bad_request"}),
    (j(type="speed", bot_delay_ms=True), {"bad_request"}),
    ('{"type": "speed", "bot_delay_ms": ' + "9" * 5000 + "}", {"bad_json", "bad_request"}),
    (create(seats="all bots"), {"bad_request"}),
    (create(seats={"S": "human"}), {"bad_request"}),
    (create(seats=seats(E="bogus")), {"bad_request"}),
    (create(seats=seats(E="pimc-oracle")), {"bad_request"}),
    (create(seats=seats(E="pimc:worlds=0")), {"bad_request"}),
    (create(seats=seats(E=7)), {"bad_request"}),
    (create(seats={**BOTS3, "X": "human"}), {"bad_request"}),
    (create(preset="nope"), {"bad_request"}),
    (create(decision_seconds=0), {"bad_request"}),
    (create(seed=-1), {"bad_request"}),
    (create(seed=2**64), {"bad_request"}),
    (create(open="yes"), {"bad_request"}),
    (create(bot_delay_ms=5001), {"bad_request"}),
    (create(hand_pause_seconds=-1), {"bad_request"}),
    (j(type="next"), {"bad_request"}),
    ("x" * (70 * 1024), {"too_large"}),
    (j(type="hello", pad="x" * (70 * 1024)), {"too_large"}),
    ("y" * (2 * 1024 * 1024), {"too_large"}),
    (b"{}", {"bad_json"}),
    (b"\xff\xfe\x00", {"bad_json"}),
]

# Sent by a connection in no room.
UNSEATED_CASES: list[tuple[Frame, set[str]]] = [
    (j(type="act", action="pass"), {"not_seated"}),
    (j(type="hint"), {"not_seated"}),
    (j(type="speed", bot_delay_ms=0), {"not_seated"}),
    (j(type="next"), {"not_seated"}),
    (j(type="leave"), {"not_seated"}),
]

# REST bodies that must get HTTP 400 with our error object (route, body bytes, code).
REST_CASES: list[tuple[str, bytes, str]] = [
    ("/api/legal", b"", "bad_json"),
    ("/api/legal", b"{", "bad_json"),
    ("/api/legal", b"[]", "bad_json"),
    ("/api/legal", b"17", "bad_json"),
    ("/api/legal", b"\xff", "bad_json"),
    ("/api/legal", b'{"position": NaN}', "bad_json"),
    ("/api/legal", b'{"a": 1, "a": 2}', "bad_json"),
    ("/api/legal", b'{"position": 5}', "bad_request"),
    ("/api/legal", b'{"position": "x"}', "bad_position"),
    ("/api/move", b'{"position": "x", "bot": 5}', "bad_request"),
    ("/api/analyse", b'{"position": "x", "seconds": -1}', "bad_request"),
    ("/api/solve", b'{"position": "x", "objective": 1}', "bad_request"),
    ("/api/rooms", b'{"seats": 1}', "bad_request"),
    ("/api/rooms", b'{"nonsense": true}', "bad_request"),
    ("/api/rooms", b"[]", "bad_json"),
    ("/api/legal", b"z" * (1024 * 1024 + 1), "too_large"),
]


def test_there_are_at_least_50_kinds() -> None:
    assert len(SEATED_CASES) + len(UNSEATED_CASES) + len(REST_CASES) >= 50


@pytest.fixture(scope="module")
def table(live_server: ServerProcess) -> Any:
    conn = Conn(live_server.ws_url)
    room = conn.request(type="create", seats=BOTS3, bot_delay_ms=0, decision_seconds=600,
                        seed=31)["room"]
    conn.request(type="join", room=room, seat="S")
    state = conn.wait(lambda m: m.get("type") == "state" and m["to_act"] == "S")
    yield conn, room, state
    conn.close()


def _error_after(conn: Conn, frame: Frame) -> dict[str, Any]:
    conn.send_raw(frame)
    return conn.wait(lambda m: m.get("type") == "error", timeout=15)


def test_malformed_messages_get_errors(table: Any, live_server: ServerProcess) -> None:
    conn, room, state = table
    outcomes = []
    for frame, codes in SEATED_CASES:
        if isinstance(frame, str):
            frame = frame.replace(ROOM, room)
        error = _error_after(conn, frame)["error"]
        outcomes.append(error["code"])
        assert error["code"] in codes, (str(frame)[:80], error)
        assert 0 < len(error["message"]) <= 400 and "Traceback" not in error["message"]
    with Conn(live_server.ws_url) as stranger:
        for frame, codes in UNSEATED_CASES:
            assert _error_after(stranger, frame)["error"]["code"] in codes
    # The errors did not move the room: it still waits for S at the same decision.
    assert conn.request(type="watch", room=room)["version"] == state["version"]
    assert len(outcomes) == len(SEATED_CASES)


def test_errors_echo_the_id(table: Any) -> None:
    conn, _room, _state = table
    reply = conn.request(type="join", room="nope", seat="S")
    assert reply["type"] == "error" and reply["id"].startswith("r")
    conn.send_raw(json.dumps({"type": "fly", "id": 77}))
    assert conn.wait(lambda m: m.get("type") == "error")["id"] == 77


@pytest.mark.parametrize(("route", "body", "code"), REST_CASES)
def test_malformed_bodies(live_server: ServerProcess, route: str, body: bytes, code: str) -> None:
    response = httpx.post(live_server.url + route, content=body,
                          headers={"content-type": "application/json"}, timeout=30)
    assert response.status_code == 400, response.text
    body = response.json()
    assert body["ok"] is False and body["error"]["code"] == code and body["error"]["message"]


def test_the_server_and_the_room_still_work(table: Any, live_server: ServerProcess) -> None:
    conn, room, _state = table
    conn.request(type="join", room="nope", seat="S")  # one more error for luck
    token_state = conn.request(type="watch", room=room)
    assert token_state["type"] == "state"
    assert httpx.get(live_server.url + "/api/health", timeout=10).json()["ok"] is True
    # Watching left the seat; rejoining needs the token the join gave.
    joined = next(m for m in conn.seen if m.get("type") == "joined")
    again = conn.request(type="join", room=room, seat="S", token=joined["token"])
    assert again["type"] == "joined"
    end = play_seat(conn, "S", hand_over, random.Random(5))
    assert end["result"] is not None
    assert live_server.alive()


def test_a_frame_over_4_mib_closes_only_its_connection(live_server: ServerProcess) -> None:
    from websockets.exceptions import ConnectionClosed

    with Conn(live_server.ws_url) as conn:
        conn.send_raw("z" * (5 * 1024 * 1024))
        with pytest.raises(ConnectionClosed) as closed:
            conn.next(timeout=15)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
    with Conn(live_server.ws_url) as conn:
        assert conn.request(type="hello")["type"] == "hello"
