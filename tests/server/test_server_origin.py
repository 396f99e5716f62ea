"""Cross-site WebSocket hijacking: a page of another site, open in the player's browser, may not
open a WebSocket to the server (it could create rooms and take seats); the server's own pages and
programs (which send no Origin) may."""

from __future__ import annotations

import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from .helpers import ServerProcess


def test_a_page_of_another_site_cannot_open_a_websocket(live_server: ServerProcess) -> None:
    with pytest.raises(InvalidStatus) as refused:
        connect(live_server.ws_url, origin="http://evil.example", open_timeout=10)  # type: ignore[arg-type]
    assert refused.value.response.status_code == 403


def test_the_servers_own_pages_and_programs_can(live_server: ServerProcess) -> None:
    host = live_server.ws_url.split("//", 1)[1].split("/", 1)[0]
    for origin in (f"http://{host}", None):
        with connect(live_server.ws_url, origin=origin, open_timeout=10) as ws:  # type: ignore[arg-type]
            ws.send('{"type": "hello"}')
            assert '"hello"' in str(ws.recv(timeout=10))
