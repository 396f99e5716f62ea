"""The time limit of a bot decision: a search still running after --bot-seconds is stopped
and plays its best so far, so a room with a slow bot keeps moving."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from .helpers import Conn, ServerProcess, play_seat


@pytest.fixture
def limited_server(tmp_path: Path) -> Iterator[ServerProcess]:
    server = ServerProcess(
        tmp_path, "--bot-seconds", "0.3", "--search-threads", "1", "--log-level", "info"
    ).start()
    yield server
    server.stop()


def test_a_slow_search_is_stopped_at_the_limit(limited_server: ServerProcess) -> None:
    seats = {"S": "human", "E": "pimc:ms=60000", "N": "heuristic", "W": "heuristic"}
    with Conn(limited_server.ws_url) as conn:
        room = conn.request(type="create", seats=seats, bot_delay_ms=0, seed=2)["room"]
        conn.request(type="join", room=room, seat="S")
        rng = random.Random(3)
        play_seat(conn, "S", lambda m: m["phase"] == "play" and m["to_act"] == "E", rng)
        for _ in range(2):  # two of E's plays, each stopped after 0.3 s instead of 60 s
            started = time.monotonic()
            state = play_seat(conn, "S", lambda m: m["last"] is not None and
                              m["last"]["seat"] == "E" and "play" in m["last"], rng, timeout=30)
            assert time.monotonic() - started < 5
            play_seat(conn, "S", lambda m, v=state["version"]: m["version"] > v
                      and m["to_act"] == "E", rng, timeout=30)
    assert "ran over its time limit of 0.3 s: stopped" in limited_server.log()
