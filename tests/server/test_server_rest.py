"""REST: health, the engine routes and their errors, rooms, the OpenAPI document, and that
no framework error body ever reaches a client."""

from __future__ import annotations

import socket
from typing import Any

import httpx
import pytest

from .helpers import ServerProcess

README = (
    "chifeng level=5 trump=H declarer=S levels=NS:5,EW:3 "
    "S=BJ,5H,5H,AH,KH,TH,8H,8H,KD,7D,7D,6D,AS,AS,QS,9S,9S,KC,QC,JC,3C,3C,2C,2C "
    "E=?24 N=?24 W=?24 kitty=9D,9D,8S,7S,6S,4S,3S,2S tricks=S:AC|4C|TC|6C trick=S:"
)
# Every hand known, four cards each: small enough to solve at once.
SOLVABLE = (
    "chifeng level=2 trump=S declarer=S levels=NS:2,EW:2 S=AH,KH,QH,JH E=7D,7D,6D,6D "
    "N=4D,4D,3D,3D W=AC,KC,QC,JC kitty=9C,9C,8C,8C,7C,7C,6C,6C gone={gone} points=100 turn=S"
)


def solvable() -> str:
    import duidiao

    known = duidiao.Cards("AH,KH,QH,JH,7D,7D,6D,6D,4D,4D,3D,3D,AC,KC,QC,JC,9C,9C,8C,8C,7C,7C,6C,6C")
    return SOLVABLE.format(gone=duidiao.Cards.deck() - known)


@pytest.fixture(scope="module")
def http(live_server: ServerProcess) -> httpx.Client:
    with httpx.Client(base_url=live_server.url, timeout=30) as client:
        yield client


def error_of(response: httpx.Response, status: int, code: str) -> dict[str, Any]:
    assert response.status_code == status, response.text
    body = response.json()
    assert body["ok"] is False and body["error"]["code"] == code, body
    assert isinstance(body["error"]["message"], str) and body["error"]["message"]
    assert "Traceback" not in response.text
    return body


def test_health(http: httpx.Client) -> None:
    body = http.get("/api/health").json()
    assert body["ok"] is True and body["server"] == "duidiao" and body["protocol"] == 1
    assert body["searches"]["cap"] >= 1


def test_legal(http: httpx.Client) -> None:
    reply = http.post("/api/legal", json={"id": 7, "position": README}).json()
    assert reply["ok"] is True and reply["id"] == 7 and reply["count"] == 107
    assert reply["moves"][0] == "BJ"


def test_move(http: httpx.Client) -> None:
    reply = http.post("/api/move", json={"position": README, "bot": "pimc", "worlds": 4,
                                         "seed": 1}).json()
    assert reply["ok"] is True and isinstance(reply["move"], str) and reply["values"]
    again = http.post("/api/move", json={"position": README, "bot": "heuristic"}).json()
    assert again["ok"] is True and again["values"] == []


def test_analyse(http: httpx.Client) -> None:
    reply = http.post("/api/analyse", json={"position": README, "worlds": 4, "seed": 1,
                                            "threads": 1}).json()
    assert reply["ok"] is True, reply
    assert reply["worlds"] == 4 and len(reply["moves"]) == 107


def test_solve(http: httpx.Client) -> None:
    reply = http.post("/api/solve", json={"position": solvable()}).json()
    assert reply["ok"] is True and reply["complete"] is True, reply
    hidden = http.post("/api/solve", json={"position": README})
    error_of(hidden, 400, "hidden_cards")


@pytest.mark.parametrize(
    ("route", "body", "code"),
    [
        ("/api/legal", {}, "bad_request"),
        ("/api/legal", {"position": "chifeng level=Z"}, "bad_position"),
        ("/api/legal", {"position": README, "limit": -1}, "bad_request"),
        ("/api/legal", {"position": README, "cmd": "move"}, "bad_request"),
        ("/api/move", {"position": README, "bot": "nobody"}, "bad_request"),
        ("/api/move", {"position": README.replace("S=BJ,", "S=?1,").replace(",2C,2C ", ",2C "),
                       "bot": "heuristic"}, "bad_position"),
        ("/api/analyse", {"position": README, "seconds": "1"}, "bad_request"),
        ("/api/analyse", {"position": README, "worlds": 0}, "bad_request"),
        ("/api/solve", {"position": README, "objective": "fun"}, "bad_request"),
    ],
)
def test_engine_errors(http: httpx.Client, route: str, body: dict[str, Any], code: str) -> None:
    error_of(http.post(route, json=body), 400, code)


def test_http_errors(http: httpx.Client) -> None:
    error_of(http.get("/api/nothing"), 404, "not_found")
    error_of(http.get("/static/no-such-file.js"), 404, "not_found")
    error_of(http.get("/api/legal"), 405, "method_not_allowed")
    error_of(http.delete("/api/rooms"), 405, "method_not_allowed")
    as_json = {"content-type": "application/json"}
    error_of(http.post("/api/legal", content=b"{", headers=as_json), 400, "bad_json")
    error_of(http.post("/api/legal", content=b"[1, 2]", headers=as_json), 400, "bad_json")
    error_of(http.post("/api/legal", content=b"", headers=as_json), 400, "bad_json")
    error_of(http.post("/api/legal", content=b"\xff\xfe{}", headers=as_json), 400, "bad_json")
    error_of(http.post("/api/legal", content=b'{"position": NaN}', headers=as_json), 400,
             "bad_json")
    error_of(http.post("/api/legal", content=b"x" * (2 * 1024 * 1024), headers=as_json), 400,
             "too_large")
    # Only JSON: a page of another site may send the other types without asking first.
    error_of(http.post("/api/legal", content=b"{}", headers={"content-type": "text/plain"}),
             415, "unsupported_media_type")
    error_of(http.post("/api/legal", content=b"{}"), 415, "unsupported_media_type")


def test_body_over_the_limit_is_not_read(http: httpx.Client, live_server: ServerProcess) -> None:
    def chunks():  # no Content-Length: the cap applies while reading
        for _ in range(40):
            yield b" " * 65536

    error_of(http.post("/api/legal", content=chunks(),
                       headers={"content-type": "application/json"}), 400, "too_large")
    # A Content-Length over the limit is refused before any of the body is sent.
    host, port = live_server.url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=10) as sock:
        sock.sendall(b"POST /api/legal HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                     b"Content-Type: application/json\r\n"
                     b"Content-Length: 999999999\r\n\r\n")
        answer = ""
        while "}}" not in answer:
            data = sock.recv(65536)
            if not data:
                break
            answer += data.decode("latin-1")
    assert answer.startswith("HTTP/1.1 400") and '"too_large"' in answer


def test_rooms(http: httpx.Client) -> None:
    created = http.post("/api/rooms", json={"seats": {"S": "human", "E": "heuristic",
                                                      "N": "human", "W": "random"}}).json()
    assert created["ok"] is True
    room = created["room"]
    summary = http.get(f"/api/rooms/{room}").json()["room"]
    assert summary["free_seats"] == ["S", "N"] and summary["phase"] == "waiting"
    listed = http.get("/api/rooms").json()["rooms"]
    assert room in [r["room"] for r in listed]
    assert http.get(f"/api/rooms/{room}/history").json()["hands"] == []
    error_of(http.get("/api/rooms/nosuchroom"), 404, "no_room")
    error_of(http.get(f"/api/rooms/{room}/hands/1"), 404, "no_room")
    error_of(http.post("/api/rooms", json={"seats": {"S": "human"}}), 400, "bad_request")
    error_of(http.post("/api/rooms", json={"preset": "poker"}), 400, "bad_request")
    error_of(http.post("/api/rooms", json={"decision_seconds": 0}), 400, "bad_request")


def test_openapi(http: httpx.Client) -> None:
    from duidiao.engine.protocol import request_schema

    doc = http.get("/api/openapi.json").json()
    assert doc["openapi"].startswith("3.")
    for cmd in ("legal", "move", "analyse", "solve"):
        schema = doc["paths"][f"/api/{cmd}"]["post"]["requestBody"]["content"][
            "application/json"]["schema"]
        assert schema == request_schema(cmd)
    rooms = doc["paths"]["/api/rooms"]["post"]["requestBody"]["content"]["application/json"]
    assert "seats" in rooms["schema"]["properties"]


def test_pages(http: httpx.Client) -> None:
    for path in ("/", "/analysis"):
        response = http.get(path)
        if response.status_code == 404:  # the table ships its pages separately
            error_of(response, 404, "not_found")
        else:
            assert response.status_code == 200 and "text/html" in response.headers["content-type"]
