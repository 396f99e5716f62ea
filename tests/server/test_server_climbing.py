"""The climbing games in rooms (够级 rules §12, six seats; 保皇 rules §13, five): a whole hand
by a client with no rules of its own against bots, what each connection is shown (its own hand
only; who stays out of 革命 and a dark guard never shown to the others), the act's wire form,
and a room restored from the store."""

from __future__ import annotations

import asyncio
import random
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from duidiao.play.climbing.games import seats_of
from duidiao.server.rooms import Rooms
from duidiao.server.store import Store
from duidiao.server.think import Thinker

from .helpers import Conn, ServerProcess, hand_over
from .test_server_rooms import create, join

WORDS = ("pass", "yield", "fold", "noburn", "stay", "revolt", "keep", "renounce", "grab",
         "dark", "open")


def act_of(move: str) -> dict[str, Any]:
    """An option as the ``act`` that makes it (docs/server.md "The climbing games")."""
    if move in WORDS:
        return {"action": move}
    if move.startswith("call "):
        return {"action": "call", "face": move[5:]}
    return {"action": "play", "cards": move}


def check_seat_view(state: dict[str, Any], tiaopai: bool) -> None:
    """A seat's state shows its own hand and no other's: another seat's known cards are the
    rules' (够级: the 上班 player's shown 3s, a teammate's hand of 10 or fewer under 挑牌;
    保皇: the emperor's shown copies of the called face)."""
    obs, seat = state["observation"], state["seat"]
    assert state["hands"] is None
    if obs is None:
        return
    assert obs["seat"] == seat and obs["family"] == "climbing"
    assert len(obs["hand"]) == obs["seats"][seat]["cards"]
    seats = state["rules"]["seats"]
    for other, info in obs["seats"].items():
        if other == seat or info["known"] is None or not info["known"]:
            continue
        known = info["known"]
        if len(seats) == 6:
            mate = (seats.index(other) - seats.index(seat)) % 2 == 0
            if tiaopai and mate and len(known) == info["cards"] <= 10:
                continue
            assert set(known) == {"3"}, (other, known)
        else:
            assert other == obs["emperor"] and len(set(known)) == 1 and len(known) <= 3, known


def play_hand(conn: Conn, seat: str, rng: random.Random, tiaopai: bool,
              timeout: float = 240.0) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Answer every decision of ``seat`` from the options the server sends, until the hand is
    over; the states seen on the way."""
    states: list[dict[str, Any]] = []
    acted = -1
    deadline = time.monotonic() + timeout
    while True:
        message = conn.next(max(0.01, deadline - time.monotonic()))
        assert message.get("type") != "error", message
        if message.get("type") != "state":
            continue
        states.append(message)
        check_seat_view(message, tiaopai)
        if hand_over(message):
            return message, states
        if message["to_act"] == seat and message["options"] and message["version"] > acted:
            acted = message["version"]
            conn.send(type="act", **act_of(rng.choice(message["options"]["moves"])))


@pytest.mark.parametrize("preset", ["gouji", "baohuang"])
def test_a_whole_hand_against_bots(live_server: ServerProcess, preset: str) -> None:
    seats = seats_of(preset)
    players = {s: "human" if s == "A" else "random" for s in seats}
    with Conn(live_server.ws_url) as conn, Conn(live_server.ws_url) as watcher:
        room = create(conn, preset=preset, seats=players, bot_delay_ms=0, seed=11)
        joined = join(conn, room, "A")
        assert joined["type"] == "joined", joined
        conn.request(type="auto_forced", on=False)  # its passes answered here, not waited for
        watcher.request(type="watch", room=room)
        over, states = play_hand(conn, "A", random.Random(3), tiaopai=preset == "gouji")
        result = over["result"]
        # the places taken (保皇 may end before the last, rules §13.6)
        assert result["places"] and len(set(result["places"])) == len(result["places"])
        assert set(result["places"]) <= set(seats)
        # the scores as rules §12.12 (the winning team's, by team) and §13.7 (they sum to 0)
        if preset == "gouji":
            assert set(result["scores"]) == {"ACE", "BDF"} and min(result["scores"].values()) == 0
        else:
            assert set(result["scores"]) == set(seats) and sum(result["scores"].values()) == 0
        assert over["scores"] == result["scores"]  # the match's totals after one hand
        assert over["rules"]["family"] == "climbing" and over["rules"]["seats"] == seats
        # the finished hand's record, whole, through REST
        record = httpx.get(f"{live_server.url}/api/rooms/{room}/hands/1", timeout=10).json()
        assert record["record"]["format"] == "duidiao-climbing-record"
        assert record["record"]["result"] == result and record["record"]["meta"]["room"] == room
        # a review is the trick games': one clear line, not a parse error of the record
        asked = httpx.post(f"{live_server.url}/api/reviews", timeout=10,
                           json={"room": room, "hand": 1, "seat": "S"})
        assert asked.status_code == 400 and asked.json()["error"]["field"] == "record"
        assert "reviews are for the trick games" in asked.json()["error"]["message"]
        # a spectator of a closed room sees no hand and no position
        spectated = [m for m in watcher.seen if m.get("type") == "state"]
        assert spectated and all(m["observation"]["hand"] is None for m in spectated
                                 if m["observation"] is not None and m["phase"] != "over")
        assert all(m["observation"]["position"] is None for m in spectated
                   if m["observation"] is not None and m["phase"] == "play")


def test_an_act_is_checked_by_the_room_s_game(live_server: ServerProcess) -> None:
    players = {s: "human" if s == "A" else "random" for s in "ABCDEF"}
    with Conn(live_server.ws_url) as conn:
        room = create(conn, preset="gouji", seats=players, bot_delay_ms=5000, seed=5)
        join(conn, room, "A")
        state = conn.wait(lambda m: m.get("type") == "state" and m["phase"] != "waiting",
                          timeout=30)
        refusals = {
            ("action", "'declare' is not an action of gouji"): {"action": "declare",
                                                                "suit": "H", "kind": "single"},
            ("face", "missing (call needs it)"): {"action": "call"},
            ("cards", "not a field of pass"): {"action": "pass", "cards": "3"},
            ("put", "not a field of grab (gouji)"): {"action": "grab", "put": "3H"},
        }
        for (field, text), act in refusals.items():
            reply = conn.request(type="act", **act)
            assert reply["type"] == "error" and reply["error"]["field"] == field, reply
            assert text in reply["error"]["message"], reply
        if state["to_act"] == "A" and state["phase"] == "play":
            reply = conn.request(type="act", action="play", cards="BJ*4,SJ*4")
            assert reply["type"] == "error" and reply["error"]["code"] == "illegal_move", reply
        reply = conn.request(type="join", room=room, seat="S")["error"]
        assert reply["code"] == "bad_seat" and "(A, B, C, D, E, F)" in reply["message"]


def test_seats_are_the_preset_s(live_server: ServerProcess) -> None:
    with Conn(live_server.ws_url) as conn:
        reply = conn.request(type="create", preset="baohuang",
                             seats={"S": "human", "E": "random", "N": "random", "W": "random"})
        assert reply["type"] == "error" and reply["error"]["field"] == "seats", reply
        assert "'S' is not a seat (A, B, C, D, E)" in reply["error"]["message"], reply
        reply = conn.request(type="create", preset="baohuang")
        assert reply["type"] == "created"
        free = conn.request(type="join", room=reply["room"], seat="A")
        assert free["type"] == "joined"
        reply = conn.request(type="create_duplicate", preset="gouji")
        assert reply["type"] == "error" and reply["error"]["field"] == "preset", reply


async def _play_out(rooms: Rooms, room_id: str, decisions: int) -> None:
    room = rooms.get(room_id)
    if room.game is None:
        room._deal()
    for _ in range(decisions):
        if room.match.is_over:
            break
        room._decision(room.match.standin_decision(room.standin), "bot")


@pytest.mark.parametrize("preset", ["gouji", "baohuang"])
def test_a_room_is_restored_from_the_store(tmp_path: Path, preset: str) -> None:
    """A room's hand dealt again from its seed and its decisions made again: the same game,
    the same views; a finished hand's scores in the totals."""
    rooms = Rooms(Store(tmp_path), Thinker())
    room = rooms.create({"preset": preset, "seed": 9})
    asyncio.run(_play_out(rooms, room.id, 5000))  # a whole hand
    assert room.match.is_over
    totals = room.match.progress()["scores"]
    room._deal()
    asyncio.run(_play_out(rooms, room.id, 40))
    again = Rooms(Store(tmp_path), Thinker()).get(room.id)
    assert again.match.game.history == room.match.game.history
    assert again.hand_number == 2 and again.match.progress()["scores"] == totals
    for key in ("public", "everything", "hands", *seats_of(preset)):
        assert again._view(key) == room._view(key), key


def test_private_decisions_are_not_shown(tmp_path: Path) -> None:
    """保皇's guard keeping dark, and a 够级 seat staying out of 革命: neither the decision nor
    who is asked reaches another seat or a spectator (rules §13.3, §12.13)."""
    rooms = Rooms(Store(tmp_path), Thinker())
    seen_declare = seen_stay = 0
    for seed in range(40):
        for preset in ("baohuang", "gouji"):
            room = rooms.create({"preset": preset, "seed": seed,
                                 "seats": dict.fromkeys(seats_of(preset), "random")})

            async def walk(room: Any) -> None:
                nonlocal seen_declare, seen_stay
                room._deal()
                while room.match.phase in ("grab", "call", "forced", "declare", "revolt",
                                           "renounce"):
                    turn, phase = room.to_act, room.phase
                    if phase in ("declare", "revolt"):
                        for other in room.seats:
                            shown = room.shown_to_act(other)
                            assert shown == (turn if other == turn else None)
                        assert room.shown_to_act(None) is None
                    room._decision(room.match.standin_decision(room.standin), "bot")
                    last = room.last
                    assert last is not None
                    private = (last["phase"], last["action"]) in (("declare", "dark"),
                                                                  ("revolt", "stay"))
                    seen_declare += last["phase"] == "declare"
                    seen_stay += last["action"] == "stay"
                    for other in room.seats:
                        shown = room._last_for(other)
                        assert shown == (None if private and other != last["seat"] else last)
                    history = room.history()[-1]["decisions"]
                    assert (last in history) != private

            asyncio.run(walk(room))
            room.close()
            del rooms.rooms[room.id]
    assert seen_declare and seen_stay, "no private decision was met"
