"""The fault test: a server killed with SIGKILL mid-hand and started again on the same data
directory resumes the room at the same decision with every decision intact."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import httpx

import duidiao
from duidiao.play.decisions import seen_by_others

from .helpers import Conn, ServerProcess, hand_over, play_seat

SEATS = {"S": "human", "E": "heuristic", "N": "pimc:worlds=4", "W": "heuristic"}


def history(server: ServerProcess, room: str) -> list[dict[str, Any]]:
    reply = httpx.get(f"{server.url}/api/rooms/{room}/history", timeout=10).json()
    return list(reply["hands"])


def summary(server: ServerProcess, room: str) -> dict[str, Any]:
    return dict(httpx.get(f"{server.url}/api/rooms/{room}", timeout=10).json()["room"])


def rejoin(server: ServerProcess, room: str, token: str) -> tuple[Conn, dict[str, Any]]:
    conn = Conn(server.ws_url)
    joined = conn.request(type="join", room=room, seat="S", token=token)
    assert joined["type"] == "joined", joined
    state = conn.wait(lambda m: m.get("type") == "state")
    return conn, state


def test_kill_and_restart_mid_hand(tmp_path: Path) -> None:
    rng = random.Random(9)
    server = ServerProcess(tmp_path).start()
    try:
        conn = Conn(server.ws_url)
        room = conn.request(type="create", seats=SEATS, bot_delay_ms=0, decision_seconds=600,
                            hand_pause_seconds=600, seed=41)["room"]
        token = conn.request(type="join", room=room, seat="S")["token"]
        # 1. Killed while the room waits for the human: everything comes back exactly.
        before = play_seat(conn, "S", lambda m: m["phase"] == "play" and m["to_act"] == "S"
                           and len(m["observation"]["tricks"]) >= 3, rng)
        kept = history(server, room)
        server.kill()
        conn.close()

        server = ServerProcess(tmp_path).start()
        assert history(server, room) == kept
        assert summary(server, room)["version"] == before["version"]
        conn, after = rejoin(server, room, token)
        for key in ("version", "hand_number", "phase", "to_act", "observation", "options",
                    "levels", "scores", "last", "trick_won"):
            assert after[key] == before[key], key
        assert 590 < after["deadline_seconds"] <= 600  # the human's clock starts again

        # 2. Killed while bots are deciding: every decision a client was shown is kept.
        conn.request(type="speed", bot_delay_ms=40)
        seen = [d for d in kept[-1]["decisions"]]
        conn.send(type="act", action="play", cards=after["options"]["moves"][0])
        version = after["version"]
        while len(seen) < len(kept[-1]["decisions"]) + 3:  # S's play and two bots' after it
            state = conn.wait(lambda m, v=version: m.get("type") == "state" and m["version"] > v)
            version = state["version"]
            seen.append(state["last"])
        server.kill()
        conn.close()

        server = ServerProcess(tmp_path).start()
        restored = history(server, room)[-1]["decisions"]
        assert restored[: len(seen)] == seen
        assert len(restored) <= len(seen) + 1  # at most one stored and not yet sent
        stored_version = summary(server, room)["version"]
        conn, state = rejoin(server, room, token)
        assert state["version"] == stored_version
        conn.backlog.insert(0, state)
        end = play_seat(conn, "S", hand_over, rng)
        final = history(server, room)[-1]  # the hand is over: every decision, passes too
        shown = [d for d in final["decisions"] if seen_by_others(d, True) is not None]
        assert shown[: len(restored)] == restored
        record = httpx.get(f"{server.url}/api/rooms/{room}/hands/1", timeout=10).json()["record"]
        assert duidiao.Record.from_dict(record).replay().result().to_dict() == end["result"]

        # 3. Killed between hands: the finished hand stays finished; the match goes on.
        server.kill()
        conn.close()
        server = ServerProcess(tmp_path).start()
        conn, state = rejoin(server, room, token)
        assert state["phase"] == "over" and state["result"] == end["result"]
        assert state["levels"] == end["result"]["levels"]
        nxt = conn.request(type="next")
        assert nxt["hand_number"] == 2 and nxt["phase"] in ("declare", "bury", "play")
        conn.close()
    finally:
        server.stop()
