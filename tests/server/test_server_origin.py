"""A page of another site, open in the player's browser, cannot use the server: not its REST
routes (a search, a room), not its WebSocket (cross-site WebSocket hijacking), not even under a
name of its own that resolves to this machine (DNS rebinding: the Host is checked). The
server's own pages and programs (which send no Origin) can."""

from __future__ import annotations

import socket

import httpx
import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from .helpers import ServerProcess
from .test_server_rest import README

EVIL = "http://evil.example"


def test_a_page_of_another_site_cannot_open_a_websocket(live_server: ServerProcess) -> None:
    with pytest.raises(InvalidStatus) as refused:
        connect(live_server.ws_url, origin=EVIL, open_timeout=10)  # type: ignore[arg-type]
    response = refused.value.response
    assert response.status_code == 403
    assert b'"forbidden_origin"' in response.body


def connect_as(server: ServerProcess, name: str, origin: str | None):  # type: ignore[no-untyped-def]
    """A WebSocket to the server under another name (its Host), as a rebound name reaches it."""
    host, port = server.url.removeprefix("http://").split(":")
    sock = socket.create_connection((host, int(port)), timeout=10)
    return connect(f"ws://{name}:{port}/ws", sock=sock, open_timeout=10,
                   origin=origin)  # type: ignore[arg-type]


def test_a_rebound_name_cannot_open_a_websocket(live_server: ServerProcess) -> None:
    port = live_server.url.rsplit(":", 1)[1]
    with pytest.raises(InvalidStatus) as refused:  # the page's own origin, under its own name
        connect_as(live_server, "evil.example", f"http://evil.example:{port}")
    assert refused.value.response.status_code == 403
    assert b'"forbidden_host"' in refused.value.response.body


def test_the_servers_own_pages_and_programs_can(live_server: ServerProcess) -> None:
    host = live_server.ws_url.split("//", 1)[1].split("/", 1)[0]
    port = host.rsplit(":", 1)[1]
    for origin in (f"http://{host}", None):
        with connect(live_server.ws_url, origin=origin, open_timeout=10) as ws:  # type: ignore[arg-type]
            ws.send('{"type": "hello"}')
            assert '"hello"' in str(ws.recv(timeout=10))
    with connect_as(live_server, "localhost", f"http://localhost:{port}") as ws:
        ws.send('{"type": "hello"}')
        assert '"hello"' in str(ws.recv(timeout=10))
    assert httpx.post(live_server.url + "/api/legal", json={"position": README},
                      headers={"Origin": f"http://{host}"}, timeout=10).status_code == 200


def test_rest_refuses_what_a_page_of_another_site_can_send(live_server: ServerProcess) -> None:
    def error(response: httpx.Response, status: int, code: str) -> None:
        assert response.status_code == status, response.text
        assert response.json()["error"]["code"] == code

    body = f'{{"position": "{README}", "seconds": 5}}'.encode()
    # What fetch() in no-cors mode sends, with no preflight: another site, and no JSON type.
    error(httpx.post(live_server.url + "/api/analyse", content=body, timeout=10,
                     headers={"Origin": EVIL}), 403, "forbidden_origin")
    error(httpx.post(live_server.url + "/api/analyse", content=body, timeout=10,
                     headers={"Content-Type": "text/plain"}), 415, "unsupported_media_type")
    error(httpx.post(live_server.url + "/api/rooms", json={}, timeout=10,
                     headers={"Origin": EVIL}), 403, "forbidden_origin")
    error(httpx.post(live_server.url + "/api/move", json={"position": README, "bot": "pimc"},
                     timeout=10, headers={"Origin": "null"}), 403, "forbidden_origin")
    # Nor a duplicate session, nor a review (work in the background).
    for route, fields in (("/api/duplicate", {}), ("/api/reviews", {"seat": "S"})):
        error(httpx.post(live_server.url + route, json=fields, timeout=10,
                         headers={"Origin": EVIL}), 403, "forbidden_origin")
        error(httpx.post(live_server.url + route, content=b"{}", timeout=10,
                         headers={"Content-Type": "text/plain"}), 415, "unsupported_media_type")
    # DNS rebinding: the page's own origin under a name of its own resolving to this machine.
    port = live_server.url.rsplit(":", 1)[1]
    error(httpx.post(live_server.url + "/api/analyse", content=body, timeout=10,
                     headers={"Host": f"evil.example:{port}", "Origin": f"http://evil.example:{port}",
                              "Content-Type": "application/json"}), 403, "forbidden_host")
    error(httpx.get(live_server.url + "/api/health", timeout=10,
                    headers={"Host": "evil.example"}), 403, "forbidden_host")
    searches = httpx.get(live_server.url + "/api/health", timeout=10).json()["searches"]
    assert searches["running"] == 0


def test_a_request_without_a_host_is_refused(live_server: ServerProcess) -> None:
    host, port = live_server.url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=10) as sock:
        sock.sendall(b"GET /api/health HTTP/1.0\r\n\r\n")
        answer = b""
        while data := sock.recv(65536):
            answer += data
    assert answer.startswith(b"HTTP/1.1 403") and b'"forbidden_host"' in answer


def test_allow_host_adds_a_name(tmp_path) -> None:  # type: ignore[no-untyped-def]
    server = ServerProcess(tmp_path, "--allow-host", "duidiao.lan").start()
    try:
        port = server.url.rsplit(":", 1)[1]
        reply = httpx.get(server.url + "/api/health", headers={"Host": f"duidiao.lan:{port}"},
                          timeout=10)
        assert reply.status_code == 200
        reply = httpx.get(server.url + "/api/health", headers={"Host": f"other.lan:{port}"},
                          timeout=10)
        assert reply.status_code == 403
    finally:
        server.stop()
