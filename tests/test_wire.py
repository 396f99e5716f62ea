"""The wire layer the engine protocol and the server share: the same mistake gets the same
message on both, the server keeping its own codes, and a field table gives both the check and
the JSON Schema."""

from __future__ import annotations

import json
from typing import Any

import pytest

from duidiao.engine.protocol import run_command
from duidiao.server.messages import ROOM_FIELDS, ClientError, parse_frame
from duidiao.server.rooms import check_settings
from duidiao.wire.errors import ProtocolError, WireError, quote
from duidiao.wire.fields import (
    Bool,
    Int,
    Num,
    PerSeat,
    Str,
    check_fields,
    check_id,
    fields_schema,
)

BOTS3 = {"S": "human", "E": "heuristic", "N": "heuristic", "W": "heuristic"}


def server_error(**message: Any) -> tuple[str, str, str | None]:
    with pytest.raises(ClientError) as refused:
        parse_frame(json.dumps(message))
    return refused.value.code, refused.value.message, refused.value.field


def engine_error(**request: Any) -> tuple[str, str, str | None]:
    error = run_command(request)["error"]
    return error["code"], error["message"], error.get("field")


def test_one_error_class() -> None:
    assert ClientError is WireError and issubclass(ProtocolError, WireError)
    with pytest.raises(AssertionError):
        ProtocolError("no_room", "the engine has no rooms")
    error = WireError("bad_request", "x" * 1000, field="x")
    assert len(error.message) == 500 and error.to_dict()["field"] == "x"


def test_the_same_mistake_the_same_message() -> None:
    assert server_error(type="speed", bot_delay_ms="5")[1:] == (
        "bot_delay_ms: expected a whole number, not a string", "bot_delay_ms")
    assert engine_error(cmd="legal", position="x", limit="5")[1] == (
        "limit: expected a whole number, not a string")
    assert server_error(type="speed", bot_delay_ms=1.5)[1] == (
        "bot_delay_ms: expected a whole number, not 1.5")
    assert engine_error(cmd="legal", position="x", limit=3.0)[1] == (
        "limit: expected a whole number, not 3.0")
    assert server_error(type="speed", bot_delay_ms=9999)[1] == (
        "bot_delay_ms: must be from 0 to 5000, not 9999")
    assert server_error(type="hello", extra=1) == (
        "bad_request", "extra: unknown field (this message takes: none)", "extra")
    assert engine_error(cmd="hello", extra=1) == (
        "bad_request", "extra: unknown field (this command takes: none)", "extra")
    assert server_error(type="join", room="", seat="S")[1] == "room: empty"
    assert engine_error(cmd="legal", position=" ")[1] == "position: empty"
    assert server_error(type=7)[1] == "type: expected a string, not an integer"
    assert engine_error(cmd=7)[1] == "cmd: expected a string, not an integer"
    code, message, field = server_error(type="fly")
    assert (code, field) == ("unknown_type", None)
    assert message.startswith("type: 'fly' is not one of hello, create, create_duplicate, join")
    code, message, field = engine_error(cmd="fly")
    assert (code, field) == ("unknown_command", None)
    assert message.startswith("cmd: 'fly' is not one of hello, legal, check")
    assert run_command(5)["error"]["message"] == (  # type: ignore[arg-type]
        "a request is a JSON object, not an integer")


def test_ids() -> None:
    wrong = "id: a string of at most 64 characters, an integer of at most 2**53-1 or null"
    for ident in ("x" * 65, 2**53, True, 1.5, {"a": 1}):
        assert server_error(type="hello", id=ident) == ("bad_request", wrong, "id")
    assert parse_frame(json.dumps({"type": "hello", "id": 2**53 - 1}))[0] == 2**53 - 1
    assert parse_frame(json.dumps({"type": "hello", "id": None}))[0] is None
    assert check_id({"id": "x" * 200}, 200) == "x" * 200
    # an error after the id was read carries it, for the reply
    with pytest.raises(ClientError) as refused:
        parse_frame(json.dumps({"type": "fly", "id": "r1"}))
    assert refused.value.id == "r1"


def test_quote_bounds_a_clients_string() -> None:
    assert quote("abc") == "'abc'"
    assert quote("x" * 100, 10) == "'xxxxxxxxxx'… (100 characters)"
    assert quote(10**50, 10) == "1000000000…"
    message = server_error(type="x" * 5000)[1]
    assert "(5000 characters)" in message and len(message) < 300


def test_room_settings() -> None:
    # every setting is optional: the seats too, over the WebSocket as over REST
    _, kind, body = parse_frame(json.dumps({"type": "create", "decision_seconds": 30}))
    config = check_settings(body)
    assert config["seats"] == BOTS3 and config["decision_seconds"] == 30
    assert isinstance(config["decision_seconds"], int)  # a number stays as it came
    assert check_settings({})["seats"] == BOTS3
    refusals = {
        "seats.E: expected a string, not an integer": {"seats": {**BOTS3, "E": 7}},
        "seats.W: missing (give all four seats)": {"seats": {"S": "human", "E": "heuristic",
                                                             "N": "heuristic"}},
        "seats: 'X' is not a seat (S, E, N, W, A, B, C, D, F)": {"seats": {**BOTS3, "X": "human"}},
        "seats: 'A' is not a seat (S, E, N, W)": {"seats": {**BOTS3, "A": "human"}},
        "seats.F: missing (give all six seats)": {"preset": "gouji",
                                                 "seats": dict.fromkeys("ABCDE", "random")},
        "seats.B: 'pimc:worlds=3' is not a bot of the climbing games": {
            "preset": "baohuang", "seats": {"A": "human", "B": "pimc:worlds=3",
                                            **dict.fromkeys("CDE", "random")}},
        "seats.E: empty": {"seats": {**BOTS3, "E": " "}},
        "open: expected true or false, not a string": {"open": "yes"},
        "decision_seconds: must be from 0.1 to 3600, not 0": {"decision_seconds": 0},
        "seed: not with two or more human seats": {"seats": {**BOTS3, "N": "human"}, "seed": 1},
    }
    for message, settings in refusals.items():
        with pytest.raises(ClientError) as refused:
            check_settings(settings)
        assert refused.value.code == "bad_request"
        assert refused.value.message.startswith(message), refused.value.message
        assert refused.value.field == message.split(":")[0]
    assert check_settings({"hand_pause_seconds": None})["hand_pause_seconds"] is None
    assert check_settings({"preset": "gouji"})["seats"] == {
        "A": "human", **dict.fromkeys("BCDEF", "heuristic")}


def test_a_table_is_its_schema() -> None:
    fields = (
        Str("name", doc="a name", required=True, max_chars=8),
        Bool("flag", default=False),
        Int("count", minimum=1, maximum=9, nullable=True),
        Num("share", above=0, maximum=1),
        Num("pause", minimum=0, maximum=5, default=1),
        PerSeat("who", max_chars=4, every_seat=True),
    )
    schema = fields_schema(fields, "a thing", "what it is")
    assert schema["required"] == ["name"] and schema["additionalProperties"] is False
    props = schema["properties"]
    assert props["count"]["type"] == ["integer", "null"]
    assert props["share"]["exclusiveMinimum"] == 0 and props["pause"]["minimum"] == 0
    assert props["who"]["required"] == ["S", "E", "N", "W"]
    checked = check_fields(fields, {"name": "a", "count": None, "share": 1, "pause": 0,
                                    "who": dict.fromkeys("SENW", "x")})
    assert checked["flag"] is False and checked["count"] is None
    with pytest.raises(WireError, match="share: must be more than 0 and at most 1, not 0"):
        check_fields(fields, {"name": "a", "share": 0})
    room = fields_schema(ROOM_FIELDS, "room settings")
    assert "default" not in room["properties"]["seats"]  # the preset's: a person, then bots
    assert set(room["properties"]["seats"]["properties"]) == set("SENWABCDF")
