"""Whatever arrives on the wire gets our JSON error with a 4xx: paths that are no hand number,
lone surrogates, request lines over 16 KiB, and requests, bodies and WebSocket handshakes sent
too slowly (408 after ``HEAD_SECONDS`` / ``BODY_SECONDS``). The timeouts are tested on a server
run in this process with the limits made short; the slow twin waits for the real ones."""

from __future__ import annotations

import asyncio
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from duidiao.server import limits as server_limits

from .helpers import Conn, ServerProcess


def error_of(response: httpx.Response, status: int, code: str) -> None:
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/json")
    assert response.json()["error"]["code"] == code


def raw(url: str, data: bytes, wait: float = 30.0) -> bytes:
    """Send ``data`` on a new connection; everything the server says until it closes."""
    host, port = url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=wait) as sock:
        sock.sendall(data)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    return answer


def test_paths_and_fields_that_break_the_readers(live_server: ServerProcess) -> None:
    room = httpx.post(live_server.url + "/api/rooms", json={}, timeout=10).json()["room"]
    base = f"{live_server.url}/api/rooms/{room}/hands/"
    error_of(httpx.get(base + "9" * 5000, timeout=10), 404, "no_room")  # past int()'s digits
    error_of(httpx.get(base + "0", timeout=10), 404, "no_room")
    error_of(httpx.get(base + "x1", timeout=10), 404, "no_room")
    error_of(httpx.get(live_server.url + "/api/rooms/%ED%A0%80", timeout=10), 404, "no_room")
    body = b'{"id": "\\ud800", "position": "x"}'
    error_of(httpx.post(live_server.url + "/api/legal", content=body, timeout=10,
                        headers={"content-type": "application/json"}), 400, "bad_json")
    with Conn(live_server.ws_url) as conn:
        conn.send_raw('{"type": "hello", "id": "\\ud800"}')
        error = conn.wait(lambda m: m.get("type") == "error")
        assert error["error"]["code"] == "bad_json" and "id" not in error
        assert conn.request(type="hello")["type"] == "hello"  # the connection stays open


def test_a_request_line_over_the_limit_gets_json(live_server: ServerProcess) -> None:
    line = b"GET /api/rooms/" + b"x" * 200_000 + b" HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
    answer = raw(live_server.url, line)
    assert answer.startswith(b"HTTP/1.1 400 ")
    head, _, body = answer.partition(b"\r\n\r\n")
    assert b"application/json" in head and b'"bad_request"' in body


@pytest.fixture
def quick_server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The server in this process, with the head and body timeouts made short."""
    import uvicorn

    from duidiao.server.app import create_app
    from duidiao.server.http import GuardedH11Protocol

    monkeypatch.setattr(server_limits, "HEAD_SECONDS", 0.5)
    monkeypatch.setattr(server_limits, "BODY_SECONDS", 0.5)
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(16)
    port = sock.getsockname()[1]
    config = uvicorn.Config(create_app(tmp_path), http=GuardedH11Protocol, lifespan="on",
                            log_config=None, log_level="error")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=lambda: asyncio.run(server.serve(sockets=[sock])),
                              daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(10)
    sock.close()


SLOW_CASES = {
    "nothing sent": b"",
    "a head cut short": b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n",
    "a handshake cut short": b"GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
                             b"Connection: Upgrade\r\n",
}


def _timed_out_in(url: str, data: bytes, most: float) -> bytes:
    start = time.monotonic()
    answer = raw(url, data, wait=most + 5)
    assert time.monotonic() - start < most, "the connection was not closed in time"
    return answer


@pytest.mark.parametrize("case", list(SLOW_CASES))
def test_a_slow_head_is_timed_out(quick_server: str, case: str) -> None:
    answer = _timed_out_in(quick_server, SLOW_CASES[case], 0.5 + 2)
    assert answer.startswith(b"HTTP/1.1 408 ") and b'"timeout"' in answer


def test_a_slow_body_is_timed_out(quick_server: str) -> None:
    head = (b"POST /api/legal HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            b"Content-Length: 100\r\n\r\n{\"position\": ")
    answer = _timed_out_in(quick_server, head, 0.5 + 2)
    assert answer.startswith(b"HTTP/1.1 408 ") and b'"timeout"' in answer


def test_a_head_in_time_is_served(quick_server: str) -> None:
    """The clock is per head: a keep-alive connection's second request has its own."""
    host, port = quick_server.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=10) as sock:
        for _ in range(2):
            sock.sendall(b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            answer = b""
            while not answer.endswith(b"}}"):
                answer += sock.recv(65536)
            assert answer.startswith(b"HTTP/1.1 200 ")
            time.sleep(0.3)


@pytest.mark.slow
def test_slow_heads_are_timed_out_by_the_real_server(live_server: ServerProcess) -> None:
    """The real limit, every kind of slow head at once (one wait for all)."""
    answers: dict[str, bytes] = {}

    def send(case: str) -> None:
        answers[case] = _timed_out_in(live_server.url, SLOW_CASES[case],
                                      server_limits.HEAD_SECONDS + 3)

    threads = [threading.Thread(target=send, args=(case,)) for case in SLOW_CASES]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert set(answers) == set(SLOW_CASES)
    for answer in answers.values():
        assert answer.startswith(b"HTTP/1.1 408 ") and b'"timeout"' in answer
