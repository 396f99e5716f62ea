"""Every search of the server is counted, bounded and stopped (docs/server.md, "Limits and
abuse"): rooms full of heavy bots of every kind cannot keep a REST move from answering within
its budget and a second; when a room's connections leave, or a REST client disconnects, its
search stops; a REST search over the server's limits is refused."""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from duidiao.engine.bots import search_bots

from .helpers import Conn, ServerProcess
from .test_server_rest import README, solvable

# Budgets no search would finish within the test (at most 64 characters: a room seat's name).
HEAVY = {"ismcts": "ismcts:iterations=100000000"}
ROOM_BOTS = [b for b in search_bots() if b != "pimc-oracle"]  # the oracle is refused at a table


def heavy(base: str) -> str:
    if base in HEAVY:
        return HEAVY[base]
    cap = ",cap=3600000" if base in ("normal", "hard", "expert") else ""
    return f"{base}:worlds=1000000,declare=4096{cap}"


@pytest.fixture(scope="module")
def busy_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    server = ServerProcess(
        tmp_path_factory.mktemp("data"), "--search-threads", "2", "--bot-seconds", "60",
        "--request-seconds", "20",
    ).start()
    yield server
    server.stop()


def health(server: ServerProcess) -> dict[str, int]:
    searches: dict[str, int] = httpx.get(server.url + "/api/health", timeout=10).json()["searches"]
    return searches


def wait_for(predicate, timeout: float) -> float:  # type: ignore[no-untyped-def]
    start = time.monotonic()
    while not predicate():
        if time.monotonic() - start > timeout:
            raise AssertionError("timed out")
        time.sleep(0.05)
    return time.monotonic() - start


def test_heavy_rooms_cannot_hold_up_a_rest_move(busy_server: ServerProcess) -> None:
    conns = []
    try:
        for i, base in enumerate(ROOM_BOTS):
            conn = Conn(busy_server.ws_url)
            conns.append(conn)
            seats = dict.fromkeys("SENW", heavy(base))
            room = conn.request(type="create", seats=seats, bot_delay_ms=0, seed=i)["room"]
            conn.request(type="watch", room=room)
        wait_for(lambda: health(busy_server)["running"] == 2, 20)
        time.sleep(1.0)  # the bots are into their long searches
        assert health(busy_server)["running"] == 2
        for _ in range(3):
            start = time.monotonic()
            reply = httpx.post(busy_server.url + "/api/move", timeout=30,
                               json={"position": README, "bot": "pimc", "ms": 300})
            took = time.monotonic() - start
            assert reply.status_code == 200 and reply.json()["ok"], reply.text
            assert took < 0.3 + 1.0, f"a 300 ms move took {took:.2f} s beside heavy rooms"
    finally:
        for conn in conns:
            conn.close()
    # Nobody is connected: every room's search is stopped (and forgotten).
    took = wait_for(lambda: health(busy_server)["jobs"] == 0, 2.0)
    assert health(busy_server)["running"] == 0, took


def test_a_rest_search_stops_when_its_client_disconnects(busy_server: ServerProcess) -> None:
    body = json.dumps({"position": README, "worlds": 1000000, "threads": 1}).encode()
    host, port = busy_server.url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=10) as sock:
        sock.sendall(b"POST /api/analyse HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                     b"Content-Type: application/json\r\n"
                     + f"Content-Length: {len(body)}\r\n\r\n".encode() + body)
        wait_for(lambda: health(busy_server)["running"] == 1, 10)
    took = wait_for(lambda: health(busy_server)["running"] == 0, 2.0)
    assert health(busy_server)["jobs"] == 0, took


def test_rest_searches_over_the_servers_limits_are_refused(busy_server: ServerProcess) -> None:
    def refused(route: str, body: dict[str, object], field: str) -> None:
        position = solvable() if route == "/api/solve" else README
        reply = httpx.post(busy_server.url + route, json={"position": position, **body},
                           timeout=30)
        assert reply.status_code == 400, reply.text
        error = reply.json()["error"]
        assert error["code"] == "bad_request" and error["field"] == field, error

    refused("/api/analyse", {"threads": 8}, "threads")  # 8 threads on a cap of 2
    refused("/api/analyse", {"seconds": 600}, "seconds")
    refused("/api/move", {"bot": "ismcts:ms=600000"}, "bot")
    refused("/api/move", {"bot": "pimc", "ms": 600000}, "ms")
    refused("/api/move", {"bot": "expert:cap=600000"}, "bot")
    refused("/api/solve", {"seconds": 600}, "seconds")


def test_a_counted_budget_is_stopped_at_the_request_limit(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path, "--request-seconds", "1").start()
    try:
        start = time.monotonic()
        reply = httpx.post(server.url + "/api/analyse", timeout=30,
                           json={"position": README, "worlds": 1000000, "threads": 1})
        took = time.monotonic() - start
        assert reply.status_code == 200 and reply.json()["stopped"] is True, reply.text
        assert took < 1.0 + 1.0
    finally:
        server.stop()
