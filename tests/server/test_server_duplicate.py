"""Duplicate sessions (开室/闭室, docs/server.md): two tables play the same deals with the teams'
seats swapped; nothing of a deal leaves the session before both tables have finished it; the
netting, checked against the hand records; a session survives a restart."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import httpx

import duidiao
from duidiao.research.duel import draw_deal

from .helpers import Conn, ServerProcess, hand_over, play_seat

BOTS = {"S": "heuristic", "E": "heuristic", "N": "heuristic", "W": "heuristic"}


def get(server: ServerProcess, path: str) -> httpx.Response:
    return httpx.get(server.url + path, timeout=10)


def record(server: ServerProcess, room: str, hand: int) -> duidiao.Record:
    reply = get(server, f"/api/rooms/{room}/hands/{hand}")
    assert reply.status_code == 200, reply.text
    return duidiao.Record.from_dict(reply.json()["record"])


def create(conn: Conn, **settings: Any) -> dict[str, Any]:
    reply = conn.request(type="create_duplicate", **settings)
    assert reply["type"] == "created_duplicate", reply
    return reply


def play_deal(conn: Conn, seat: str, deal: int, rng: random.Random) -> dict[str, Any]:
    """Play ``seat``'s decisions until deal ``deal`` of its table is over."""
    return play_seat(conn, seat, lambda m: hand_over(m) and m["hand_number"] == deal, rng,
                     timeout=90)


def netting_from_records(server: ServerProcess, rooms: dict[str, str], deal: int) -> int:
    """Team A's net on a deal, from the two tables' hand records alone: at each table A's hand
    score minus B's (rules §7.2), A sitting NS at the open table and EW at the closed one."""
    opened, closed = record(server, rooms["open"], deal), record(server, rooms["closed"], deal)
    assert opened.deck == closed.deck and opened.declarer == closed.declarer
    assert opened.levels == closed.levels
    assert opened.result is not None and closed.result is not None
    at_open = opened.result.scores["NS"] - opened.result.scores["EW"]
    at_closed = closed.result.scores["EW"] - closed.result.scores["NS"]
    return at_open + at_closed


def test_two_tables_two_people_nothing_shown_early(live_server: ServerProcess) -> None:
    rng = random.Random(4)
    with Conn(live_server.ws_url) as alice, Conn(live_server.ws_url) as bob, \
            Conn(live_server.ws_url) as other:
        created = create(alice, deals=2, bot_delay_ms=0, hand_pause_seconds=0.2,
                         decision_seconds=600,
                         open_seats={"S": "human", "E": "heuristic", "N": "heuristic",
                                     "W": "heuristic"},
                         closed_seats={"S": "heuristic", "E": "human", "N": "heuristic",
                                       "W": "heuristic"})
        session, rooms = created["session"], created["rooms"]
        assert set(rooms) == {"open", "closed"} and rooms["open"] != rooms["closed"]
        assert alice.request(type="join", room=rooms["open"], seat="S")["type"] == "joined"
        assert bob.request(type="join", room=rooms["closed"], seat="E")["type"] == "joined"
        end = play_deal(alice, "S", 1, rng)
        assert end["duplicate"] == {"session": session, "table": "open", "deals": 2}

        # The open table finished deal 1, the closed one did not: nothing of it is shown.
        hidden = get(live_server, f"/api/rooms/{rooms['open']}/hands/1")
        assert hidden.status_code == 403
        assert hidden.json()["error"]["code"] == "duplicate_hidden"
        for room in rooms.values():
            assert get(live_server, f"/api/rooms/{room}/history").json()["hands"] == []
        error = other.request(type="watch", room=rooms["closed"])["error"]
        assert error["code"] == "duplicate_hidden"
        review = httpx.post(live_server.url + "/api/reviews", timeout=10,
                            json={"room": rooms["open"], "hand": 1, "seat": "S"})
        assert review.status_code == 403
        assert review.json()["error"]["code"] == "duplicate_hidden"
        summary = get(live_server, f"/api/duplicate/{session}").json()
        assert summary["results"] == [] and not summary["complete"]
        assert summary["tables"]["open"]["deals_done"] == 1
        assert summary["tables"]["closed"]["deals_done"] == 0

        # Once the closed table has finished it too, deal 1 is shown, netted as the records say.
        play_deal(bob, "E", 1, rng)
        summary = get(live_server, f"/api/duplicate/{session}").json()
        assert [r["deal"] for r in summary["results"]] == [1]
        net = netting_from_records(live_server, rooms, 1)
        assert summary["results"][0]["declarer"] == record(live_server, rooms["open"], 1).declarer
        assert summary["results"][0]["net"] == {"A": net, "B": -net}
        assert len(get(live_server, f"/api/rooms/{rooms['open']}/history").json()["hands"]) == 1

        # Deal 2 at both tables ends the session; each table stops there.
        play_deal(alice, "S", 2, rng)
        last = play_deal(bob, "E", 2, rng)
        summary = get(live_server, f"/api/duplicate/{session}").json()
        assert summary["complete"] and [r["deal"] for r in summary["results"]] == [1, 2]
        nets = [netting_from_records(live_server, rooms, deal) for deal in (1, 2)]
        assert [r["net"]["A"] for r in summary["results"]] == nets
        assert summary["total"] == {"A": sum(nets), "B": -sum(nets)}
        differ = sorted((d for d, n in zip((1, 2), nets) if n), key=lambda d: -abs(nets[d - 1]))
        assert summary["biggest"] == differ
        assert last["to_act"] is None
        assert bob.request(type="next")["error"]["code"] == "bad_request"
        assert other.request(type="watch", room=rooms["open"])["type"] == "state"


def test_the_deals_are_the_duels_and_a_session_survives_a_restart(tmp_path: Path) -> None:
    rng = random.Random(7)
    server = ServerProcess(tmp_path).start()
    try:
        with Conn(server.ws_url) as conn:
            created = create(conn, deals=1, seed=77, bot_delay_ms=0, decision_seconds=600,
                             open_seats={**BOTS, "W": "human"}, closed_seats=BOTS,
                             preset="shanghai")
            session, rooms = created["session"], created["rooms"]
            token = conn.request(type="join", room=rooms["open"], seat="W")["token"]
            play_seat(conn, "W", lambda m: m["phase"] == "play", rng)
        server.stop()
        server = ServerProcess(tmp_path).start()
        assert get(server, f"/api/duplicate/{session}").json()["deals"] == 1
        with Conn(server.ws_url) as conn:
            conn.request(type="join", room=rooms["open"], seat="W", token=token)
            play_deal(conn, "W", 1, rng)
        # the closed table (bots only) went on once W was back
        closed = conn_wait_over(server, rooms["closed"])
        assert closed == 1
        deal = draw_deal(77, 0, 2)
        rules = duidiao.Rules.preset("shanghai")
        expected = deal.game(rules)
        for table in ("open", "closed"):
            got = record(server, rooms[table], 1)
            assert got.deck == expected.deck and got.declarer == expected.fixed_declarer
            assert got.levels == expected.levels
        summary = get(server, f"/api/duplicate/{session}").json()
        assert summary["complete"]
        assert summary["results"][0]["net"]["A"] == netting_from_records(server, rooms, 1)
    finally:
        server.stop()


def conn_wait_over(server: ServerProcess, room: str, timeout: float = 60.0) -> int:
    import time

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        summary = get(server, f"/api/rooms/{room}").json()["room"]
        if summary["phase"] == "over":
            return int(summary["hand_number"])
        time.sleep(0.2)
    raise AssertionError(f"room {room} did not finish")


def test_bad_sessions_are_refused(live_server: ServerProcess) -> None:
    with Conn(live_server.ws_url) as conn:
        error = conn.request(type="create_duplicate", deals=0)["error"]
        assert error["code"] == "bad_request" and error["message"].startswith("deals:")
        error = conn.request(type="create_duplicate",
                             open_seats={**BOTS, "S": "pimc-oracle"})["error"]
        assert error["code"] == "bad_request" and error["field"] == "open_seats.S", error
        error = conn.request(type="create_duplicate", seed=3,
                             open_seats={**BOTS, "S": "human"},
                             closed_seats={**BOTS, "N": "human"})["error"]
        assert error["code"] == "bad_request" and error["field"] == "seed"
    reply = get(live_server, "/api/duplicate/nope")
    assert reply.status_code == 404 and reply.json()["error"]["code"] == "no_session"
    made = httpx.post(live_server.url + "/api/duplicate", json={"deals": 1}, timeout=10)
    assert made.status_code == 200 and set(made.json()["rooms"]) == {"open", "closed"}
