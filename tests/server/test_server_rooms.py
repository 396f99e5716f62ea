"""WebSocket rooms: create, join, watch and act; a whole hand against three bots; nothing
hidden reaches a spectator or another seat; tokens; timeouts; speed, next and hints."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

import duidiao
from duidiao.play.decisions import seen_by_others

from .helpers import Conn, ServerProcess, choose, hand_over, play_seat

BOTS3 = {"S": "human", "E": "heuristic", "N": "heuristic", "W": "heuristic"}


def create(conn: Conn, **settings: Any) -> str:
    reply = conn.request(type="create", **settings)
    assert reply["type"] == "created", reply
    return str(reply["room"])


def join(conn: Conn, room: str, seat: str, token: str | None = None) -> dict[str, Any]:
    fields: dict[str, Any] = {"room": room, "seat": seat}
    if token is not None:
        fields["token"] = token
    return conn.request(type="join", **fields)


def check_no_hidden_cards(state: dict[str, Any]) -> None:
    """A state shows its seat its own cards and nobody else's: every other hand in the
    position is no more than that seat's exposed cards; a spectator sees no hand at all."""
    obs = state["observation"]
    if obs is None:
        return
    seat = state["seat"]
    assert state["hands"] is None
    if seat is None:
        assert obs["seat"] is None and obs["hand"] == "-" and obs["original_kitty"] is None
    else:
        assert obs["seat"] == seat
        if obs["declarer"] != seat:
            assert obs["original_kitty"] is None
        assert len(duidiao.Cards(obs["hand"])) == obs["hand_sizes"][seat]
    if obs["position"] is None:
        return
    position = duidiao.Position(obs["position"])
    for other in "SENW":
        if other == seat:
            continue
        exposed = obs["exposed"][other]
        known = duidiao.Cards(exposed)
        assert position.hands[other] <= known, (other, position.hands[other], known)
        assert position.unknown[other] == obs["hand_sizes"][other] - len(position.hands[other])


def test_hello(live_server: ServerProcess) -> None:
    with Conn(live_server.ws_url) as conn:
        hello = conn.request(type="hello")
        assert hello["type"] == "hello" and hello["protocol"] == 1
        assert "heuristic" in hello["bots"] and "expert" in hello["bots"]
        # The table's strengths are the core's named levels (players.md), weakest first.
        assert list(hello["levels"]) == list(duidiao.BOT_LEVELS)
        assert all(duidiao.make_bot(bot) for bot in hello["levels"].values())
        assert hello["presets"] == list(duidiao.GAME_PRESETS)


def test_whole_hand_against_three_bots_with_a_spectator(live_server: ServerProcess) -> None:
    with Conn(live_server.ws_url) as player, Conn(live_server.ws_url) as spectator:
        room = create(player, seats=BOTS3, bot_delay_ms=0, seed=11)
        watched = spectator.request(type="watch", room=room)
        assert watched["type"] == "state" and watched["phase"] == "waiting"
        joined = join(player, room, "S")
        assert joined["type"] == "joined" and joined["seat"] == "S" and len(joined["token"]) > 20
        end = play_seat(player, "S", hand_over, random.Random(1), check=check_no_hidden_cards)
        result = end["result"]
        assert result["outcome"] and set(result["levels"]) == {"NS", "EW"}
        assert all(n == 0 for n in end["observation"]["hand_sizes"].values())
        watched_end = spectator.wait(hand_over)
        states = [m for m in spectator.seen if m["type"] == "state"]
        for state in states:
            check_no_hidden_cards(state)
        assert watched_end["version"] == end["version"]
        # Every decision the spectator was shown is in the room's history, in order; nobody
        # but the seat saw a pass of declaring (the game asks only a seat that could declare).
        history = _history(live_server, room)
        lasts = [s["last"] for s in states if s["last"] is not None]
        assert not any("pass" in d and d["pass"] == "declare" for d in lasts)
        shown = [d for d in history[0]["decisions"] if seen_by_others(d, True) is not None]
        assert lasts == shown[-len(lasts):]
        played = sum(len(duidiao.Cards(d["play"])) for d in history[0]["decisions"] if "play" in d)
        assert played == 100
        record = _get(live_server, f"/api/rooms/{room}/hands/1")["record"]
        assert duidiao.Record.from_dict(record).replay().result().to_dict() == result


def _get(server: ServerProcess, path: str) -> dict[str, Any]:
    import httpx

    return dict(httpx.get(server.url + path, timeout=10).json())


def _history(server: ServerProcess, room: str) -> list[dict[str, Any]]:
    return list(_get(server, f"/api/rooms/{room}/history")["hands"])


def test_open_room_shows_every_hand_to_spectators(live_server: ServerProcess) -> None:
    with Conn(live_server.ws_url) as spectator:
        room = create(spectator, seats={s: "heuristic" for s in "SENW"}, open=True,
                      bot_delay_ms=0)
        spectator.request(type="watch", room=room)
        state = spectator.wait(lambda m: m.get("type") == "state" and m["phase"] == "play")
        assert set(state["hands"]) == set("SENW")
        position = duidiao.Position(state["observation"]["position"])
        assert all(n == 0 for n in position.unknown.values())


def test_tokens_and_turns(live_server: ServerProcess) -> None:
    seats = {"S": "human", "E": "heuristic", "N": "human", "W": "heuristic"}
    with Conn(live_server.ws_url) as south, Conn(live_server.ws_url) as north, \
            Conn(live_server.ws_url) as other:
        room = create(south, seats=seats, bot_delay_ms=0, decision_seconds=60)
        token = join(south, room, "S")["token"]
        assert join(other, room, "S")["error"]["code"] == "seat_taken"
        assert join(other, room, "S", token="x" + token)["error"]["code"] == "bad_token"
        assert join(other, room, "E")["error"]["code"] == "bad_seat"
        assert join(other, room, "Q")["error"]["code"] == "bad_seat"
        assert join(other, "nope", "S")["error"]["code"] == "no_room"
        assert other.request(type="act", action="pass")["error"]["code"] == "not_seated"
        join(north, room, "N")
        # Whoever is not to act is refused; the seat to act can act.
        state = north.wait(lambda m: m.get("type") == "state" and m["to_act"] in ("S", "N"))
        waiting, acting = (north, south) if state["to_act"] == "S" else (south, north)
        refused = waiting.request(type="act", action="pass")
        assert refused["error"]["code"] == "not_your_turn"
        # A decision answering an older state than the table's is refused as stale, unapplied
        # (one answering the current state is taken: play_seat sends every decision so).
        stale = acting.request(type="act", action="pass", version=state["version"] - 1)
        assert stale["error"]["code"] == "stale" and "moved on" in stale["error"]["message"]
        assert acting.request(type="act", action="pass", version=-1)["error"]["field"] == "version"
        # A spectator cannot act either.
        other.request(type="watch", room=room)
        assert other.request(type="act", action="pass")["error"]["code"] == "not_seated"
        # Rejoining with the token from another connection replaces the first one.
        with Conn(live_server.ws_url) as again:
            rejoined = join(again, room, "S", token=token)
            assert rejoined["type"] == "joined" and rejoined["token"] == token
            left = south.wait(lambda m: m.get("type") == "left")
            assert left["reason"] == "replaced"
            assert south.request(type="act", action="pass")["error"]["code"] == "not_seated"
        del acting


def test_timeout_replaces_the_human(live_server: ServerProcess) -> None:
    with Conn(live_server.ws_url) as player:
        room = create(player, seats=BOTS3, bot_delay_ms=0, decision_seconds=0.2, seed=3)
        join(player, room, "S")
        asked = player.wait(lambda m: m.get("type") == "state" and m["to_act"] == "S")
        assert 0 < asked["deadline_seconds"] <= 0.2
        done = player.wait(lambda m: m.get("type") == "state" and m["last"] is not None
                           and m["last"]["seat"] == "S", timeout=20)
        assert done["last"]["timeout"] is True
        assert done["version"] == asked["version"] + 1


def test_speed_next_and_hint(live_server: ServerProcess) -> None:
    with Conn(live_server.ws_url) as player:
        # Bots slow at first: no bot decision can bring South's turn in the play before the
        # hint asked while declaring (then the speed is raised).
        room = create(player, seats=BOTS3, bot_delay_ms=3000, hand_pause_seconds=600, seed=8)
        join(player, room, "S")
        assert player.request(type="hint")["error"]["code"] == "no_hint"
        speed = player.request(type="speed", bot_delay_ms=0)
        assert speed["type"] == "speed" and speed["bot_delay_ms"] == 0
        assert player.request(type="next")["error"]["code"] == "bad_request"
        rng = random.Random(2)
        play_state = play_seat(player, "S", lambda m: m["phase"] == "play" and m["to_act"] == "S",
                               rng)
        hint = player.request(type="hint", seconds=0.2, timeout=30)
        assert hint["type"] == "hint" and hint["version"] == play_state["version"]
        moves = [m["move"] for m in hint["analysis"]["moves"]]
        assert sorted(moves) == sorted(play_state["options"]["moves"])
        # South's turn still waits for South (play_seat answers the states that come next);
        # an only legal play the server makes by itself (auto_forced).
        if play_state["options"]["count"] > 1:
            player.send(type="act", **choose(play_state, rng))
        end = play_seat(player, "S", hand_over, rng)
        started = time.monotonic()
        nxt = player.request(type="next")
        assert nxt["type"] == "state" and nxt["hand_number"] == 2 and nxt["phase"] != "over"
        assert time.monotonic() - started < 5
        assert nxt["levels"] == end["result"]["levels"]


def test_bots_only_room_plays_while_watched(live_server: ServerProcess) -> None:
    with Conn(live_server.ws_url) as spectator:
        room = create(spectator, seats={s: "random" for s in "SENW"}, bot_delay_ms=0,
                      hand_pause_seconds=0)
        spectator.request(type="watch", room=room)
        second = spectator.wait(lambda m: m.get("type") == "state" and m["hand_number"] == 2,
                                timeout=30)
        assert second["scores"] != {"NS": 0, "EW": 0} or second["levels"]
        # A spectator may set the speed of a bots-only room.
        assert spectator.request(type="speed", bot_delay_ms=5)["type"] == "speed"


@pytest.mark.parametrize("preset", ["chifeng-classic", "chifeng-10"])
def test_other_presets(live_server: ServerProcess, preset: str) -> None:
    with Conn(live_server.ws_url) as player:
        room = create(player, preset=preset, seats=BOTS3, bot_delay_ms=0, seed=21)
        join(player, room, "S")
        end = play_seat(player, "S", hand_over, random.Random(4), check=check_no_hidden_cards)
        assert end["observation"]["preset"] == preset
