"""An internal error of a route reaches the client as our JSON error body (code "internal"),
never as the framework's plain-text page; a hand number past any match is a 404."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from duidiao.server import app as server_app


def test_an_internal_error_is_our_json_500(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async def broken(self: Any, request: Any) -> Any:
        raise RuntimeError("a bug")

    monkeypatch.setattr(server_app.Server, "health", broken)
    with TestClient(server_app.create_app(tmp_path), raise_server_exceptions=False,
                    base_url="http://127.0.0.1") as client:
        reply = client.get("/api/health")
    assert reply.status_code == 500
    assert reply.headers["content-type"].startswith("application/json")
    assert reply.json()["error"]["code"] == "internal"
    assert "a bug" not in reply.text


def test_a_hand_number_past_any_match_is_not_found(tmp_path: Path) -> None:
    with TestClient(server_app.create_app(tmp_path), raise_server_exceptions=False,
                    base_url="http://127.0.0.1") as client:
        room = client.post("/api/rooms", json={}).json()["room"]
        reply = client.get(f"/api/rooms/{room}/hands/99999999999999999999")
    assert reply.status_code == 404 and reply.json()["error"]["code"] == "no_room"
