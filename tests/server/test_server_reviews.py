"""Hand reviews at the server (POST /api/reviews, GET /api/reviews/{id}): worked out in the
background with progress, each play valued as duidiao.analyse values it at the level and seed,
kept and found again by what was asked."""

from __future__ import annotations

import random
import time
from typing import Any

import httpx

import duidiao
from duidiao.search.analysis import level_search

from .helpers import Conn, ServerProcess, hand_over, play_seat

BOTS3 = {"S": "human", "E": "heuristic", "N": "heuristic", "W": "heuristic"}


def post(server: ServerProcess, body: dict[str, Any]) -> httpx.Response:
    return httpx.post(server.url + "/api/reviews", json=body, timeout=10)


def wait_done(server: ServerProcess, ident: str, timeout: float = 120.0) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    seen = []
    while time.monotonic() < deadline:
        reply = httpx.get(f"{server.url}/api/reviews/{ident}", timeout=10).json()
        assert reply["ok"], reply
        seen.append((reply["status"], reply["done"], reply["total"]))
        if reply["status"] == "done":
            dones = [d for _, d, _ in seen]
            assert dones == sorted(dones)  # progress only grows
            return dict(reply)
        assert reply["status"] in ("waiting", "running"), reply
        time.sleep(0.2)
    raise AssertionError(f"review {ident} not done: {seen[-3:]}")


def finished_room(server: ServerProcess, seed: int) -> str:
    with Conn(server.ws_url) as conn:
        room = conn.request(type="create", seats=BOTS3, bot_delay_ms=0, seed=seed)["room"]
        conn.request(type="join", room=room, seat="S")
        play_seat(conn, "S", hand_over, random.Random(seed))
    return str(room)


def test_a_room_hand_reviewed_as_the_analysis_values_it(live_server: ServerProcess) -> None:
    room = finished_room(live_server, 21)
    asked = post(live_server, {"room": room, "hand": 1, "seat": "S", "level": "normal",
                               "seed": 5})
    assert asked.status_code == 200, asked.text
    ident = asked.json()["id"]
    assert asked.json()["page"] == f"/review#id={ident}"
    reply = wait_done(live_server, ident)
    assert (reply["seat"], reply["level"], reply["seed"], reply["room"], reply["hand"]) == \
        ("S", "normal", 5, room, 1)
    record = duidiao.Record.from_dict(reply["record"])
    plays = reply["review"]["plays"]
    south = [d for d in record.decisions if d.action == "play" and d.seat == "S"]
    assert len(plays) == len(south) == reply["total"]
    for play in plays:
        analysis = duidiao.analyse(play["position"], seed=5, threads=1,
                                   **level_search("normal"))
        assert play["best"] == str(analysis.best.move)
        assert play["best_value"] == round(analysis.best.mean, 4)
        values = {str(m.move): round(m.mean, 4) for m in analysis.moves}
        assert play["played_value"] == values.get(play["played"])
    # The replay: a frame before the first lead and one after each play.
    frames = reply["frames"]
    assert len(frames) == 1 + record.plies
    assert [f["ply"] for f in frames] == list(range(len(frames)))
    assert all(h == "-" for h in frames[-1]["hands"].values())
    # Mistakes come biggest first.
    losses = {p["ply"]: p["loss"] for p in plays}
    order = reply["review"]["mistakes"]
    assert [losses[p] for p in order] == sorted((losses[p] for p in order), reverse=True)
    # Asked again: the same review, at once.
    again = post(live_server, {"room": room, "hand": 1, "seat": "S", "level": "normal",
                               "seed": 5}).json()
    assert again["id"] == ident
    assert httpx.get(f"{live_server.url}/api/reviews/{ident}", timeout=10).json()["status"] \
        == "done"


def test_an_uploaded_record_is_reviewed(live_server: ServerProcess) -> None:
    game = duidiao.Game.deal(4, rules="shanghai", declarer="E")
    duidiao.play_hand(game, [duidiao.make_bot("heuristic", seed=s) for s in range(4)])
    record = duidiao.Record.from_game(game).to_dict()
    asked = post(live_server, {"record": record, "seat": "E", "level": "normal"})
    assert asked.status_code == 200, asked.text
    reply = wait_done(live_server, asked.json()["id"])
    assert reply["room"] is None and reply["seed"] == 0
    assert len(reply["review"]["plays"]) == sum(
        1 for d in game.history if d.action == "play" and d.seat == "E")


def test_bad_review_requests(live_server: ServerProcess) -> None:
    room = finished_room(live_server, 22)
    game = duidiao.Game.deal(4, rules="chifeng", declarer="E")
    unfinished = duidiao.Record.from_game(game).to_dict()
    cases = [
        ({"seat": "S"}, 400, "record"),
        ({"room": room, "seat": "S"}, 400, "hand"),
        ({"room": room, "hand": 1, "record": unfinished, "seat": "S"}, 400, "record"),
        ({"record": unfinished, "seat": "S"}, 400, "record"),
        ({"record": {"format": "nope"}, "seat": "S"}, 400, "record"),
        ({"room": room, "hand": 1, "seat": "X"}, 400, "seat"),
        ({"room": room, "hand": 1, "seat": "S", "level": "easy"}, 400, "level"),
        ({"room": room, "hand": 9, "seat": "S"}, 404, None),
        ({"room": "nope", "hand": 1, "seat": "S"}, 404, None),
    ]
    for body, status, field in cases:
        reply = post(live_server, body)
        assert reply.status_code == status, (body, reply.text)
        if field is not None:
            assert reply.json()["error"]["field"] == field, (body, reply.text)
    missing = httpx.get(f"{live_server.url}/api/reviews/nope", timeout=10)
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "no_review"
