"""The WebSocket messages a client may send, as field tables: one table checks a message and
writes its JSON Schema (for the OpenAPI document), so the check and the documentation agree.

A message that does not fit raises :class:`ClientError` with a code of docs/server.md and a
message naming the field; nothing is repaired silently.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from duidiao.play.rules import GAME_PRESETS
from duidiao.wire.strict_json import JsonError, loads, type_name

__all__ = [
    "ClientError",
    "Field",
    "MAX_FRAME",
    "MESSAGES",
    "ROOM_FIELDS",
    "check_fields",
    "fields_schema",
    "parse_frame",
    "quote",
]

MAX_FRAME = 64 * 1024
"""The largest text frame read as a message (bytes of UTF-8)."""

MAX_ID = 64
SEAT_NAMES = ("S", "E", "N", "W")


class ClientError(Exception):
    """A client's mistake: an error ``code`` (docs/server.md) and a message naming what."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.id: Any = None  # the message's id, when it could be read

    def to_dict(self) -> dict[str, str]:
        return {"code": self.code, "message": self.message}


def quote(value: Any, limit: int = 40) -> str:
    """A bounded repr for error messages: a client's long string is never echoed whole."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


@dataclass(frozen=True)
class Field:
    """One field: ``kind`` is ``string``, ``integer``, ``number``, ``boolean`` or ``object``
    (an object of strings keyed by seat)."""

    name: str
    kind: str
    doc: str
    required: bool = False
    default: Any = None
    nullable: bool = False
    minimum: float | None = None
    maximum: float | None = None
    max_length: int | None = None
    choices: tuple[str, ...] | None = None

    def check(self, value: Any, where: str) -> Any:
        name = f"{where}{self.name}"
        if value is None:
            if self.nullable:
                return None
            raise ClientError("bad_request", f"{name}: must not be null")
        if self.kind == "string":
            if not isinstance(value, str):
                raise ClientError("bad_request", f"{name}: a string, not {type_name(value)}")
            if self.max_length is not None and len(value) > self.max_length:
                raise ClientError(
                    "bad_request", f"{name}: at most {self.max_length} characters, not {len(value)}"
                )
            if self.choices is not None and value not in self.choices:
                raise ClientError(
                    "bad_request",
                    f"{name}: {quote(value)} is not one of {', '.join(self.choices)}",
                )
            return value
        if self.kind == "boolean":
            if not isinstance(value, bool):
                raise ClientError("bad_request", f"{name}: true or false, not {type_name(value)}")
            return value
        if self.kind in ("integer", "number"):
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise ClientError("bad_request", f"{name}: a number, not {type_name(value)}")
            if self.kind == "integer" and not isinstance(value, int):
                raise ClientError("bad_request", f"{name}: a whole number, not {quote(value)}")
            if isinstance(value, float) and not math.isfinite(value):
                raise ClientError("bad_request", f"{name}: a finite number")
            low, high = self.minimum, self.maximum
            if (low is not None and value < low) or (high is not None and value > high):
                raise ClientError(
                    "bad_request", f"{name}: from {_num(low)} to {_num(high)}, not {quote(value)}"
                )
            return value
        if self.kind == "object":
            if not isinstance(value, dict):
                raise ClientError("bad_request", f"{name}: an object, not {type_name(value)}")
            return value
        raise AssertionError(self.kind)  # pragma: no cover - tables are written here

    def schema(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.kind, "description": self.doc}
        if self.kind == "object":
            out["properties"] = {
                s: {"type": "string", "maxLength": 64} for s in SEAT_NAMES
            }
            out["required"] = list(SEAT_NAMES)
            out["additionalProperties"] = False
        if self.minimum is not None:
            out["minimum"] = self.minimum
        if self.maximum is not None:
            out["maximum"] = self.maximum
        if self.max_length is not None:
            out["maxLength"] = self.max_length
        if self.choices is not None:
            out["enum"] = list(self.choices)
        if self.nullable:  # JSON Schema 2020-12, as OpenAPI 3.1 has it
            out["type"] = [self.kind, "null"]
        if self.default is not None:
            out["default"] = self.default
        return out


def _num(value: float | None) -> str:
    if value is None:
        return "any"
    return str(int(value)) if float(value).is_integer() else str(value)


def check_fields(
    data: Mapping[str, Any], fields: Sequence[Field], *, where: str = "", extra: Sequence[str] = ()
) -> dict[str, Any]:
    """The fields of ``data`` checked, defaults filled in; any key not in the table (nor in
    ``extra``) is refused."""
    known = {f.name for f in fields} | set(extra)
    for key in data:
        if key not in known:
            raise ClientError("bad_request", f"{where}{quote(key, 30)}: unknown field")
    out: dict[str, Any] = {}
    for f in fields:
        if f.name in data:
            out[f.name] = f.check(data[f.name], where)
        elif f.required:
            raise ClientError("bad_request", f"{where}{f.name}: missing")
        else:
            out[f.name] = f.default
    return out


def fields_schema(fields: Sequence[Field], title: str) -> dict[str, Any]:
    """A JSON Schema (2020-12, as in OpenAPI 3.1) of an object with these fields."""
    schema: dict[str, Any] = {
        "type": "object",
        "title": title,
        "properties": {f.name: f.schema() for f in fields},
        "additionalProperties": False,
    }
    required = [f.name for f in fields if f.required]
    if required:
        schema["required"] = required
    return schema


CARDS_MAX = 400  # a card list of 33 cards is under 100 characters; anything longer is a mistake

ROOM_FIELDS: tuple[Field, ...] = (
    Field("preset", "string", "the rules preset", default="chifeng", max_length=32,
          choices=GAME_PRESETS),
    Field("seats", "object", 'all four seats: "human" or a bot ("heuristic", "pimc:worlds=16")'),
    Field("open", "boolean", "spectators see every hand", default=False),
    Field("decision_seconds", "number", "a human's time for one decision", default=60,
          minimum=0.1, maximum=3600),
    Field("bot_delay_ms", "integer", "a pause before each bot decision", default=700,
          minimum=0, maximum=5000),
    Field("hand_pause_seconds", "number",
          "the pause before the next hand (null: 8 with a human seat, 1 with bots only)",
          nullable=True, minimum=0, maximum=600),
    Field("seed", "integer", "the match's shuffles (null: random)", nullable=True,
          minimum=0, maximum=2**63 - 1),
)

_ROOM = Field("room", "string", "a room id", required=True, max_length=64)

MESSAGES: dict[str, tuple[Field, ...]] = {
    "hello": (),
    "create": ROOM_FIELDS,
    "join": (
        _ROOM,
        Field("seat", "string", "S, E, N or W", required=True, max_length=8),
        Field("token", "string", "the seat's token, to rejoin", max_length=256),
    ),
    "watch": (_ROOM,),
    "act": (
        Field("action", "string", "the decision", required=True, max_length=16,
              choices=("declare", "pass", "bury", "grab", "xiaosa", "play")),
        Field("suit", "string", "declare: H, D, S or C; NT (no trump) with a joker pair of the "
              "tractor and shanghai presets", max_length=8),
        Field("kind", "string", "declare: single, lock or override (the chifeng presets); "
              "single, pair, reinforce, small_jokers or big_jokers (tractor, shanghai)",
              max_length=16),
        Field("cards", "string", "bury, play: a card list", max_length=CARDS_MAX),
        Field("put", "string", "grab: the card put in the kitty", max_length=16),
        Field("jokers", "string", "xiaosa: the jokers put in", max_length=CARDS_MAX),
        Field("taken", "string", "xiaosa: the kitty cards taken", max_length=CARDS_MAX),
    ),
    "hint": (Field("seconds", "number", "the analysis time", default=1, minimum=0.1, maximum=5),),
    "speed": (
        Field("bot_delay_ms", "integer", "the pause before each bot decision", required=True,
              minimum=0, maximum=5000),
    ),
    "next": (),
    "leave": (),
}

# Which fields each action needs (the others must be absent).
ACTION_FIELDS: dict[str, tuple[str, ...]] = {
    "declare": ("suit", "kind"),
    "pass": (),
    "bury": ("cards",),
    "grab": ("put",),
    "xiaosa": ("jokers", "taken"),
    "play": ("cards",),
}


def parse_json_object(text: str) -> dict[str, Any]:
    """``text`` as one JSON object (strict JSON: ``duidiao.wire.strict_json``);
    :class:`ClientError` ``bad_json`` (``bad_request`` for a number past the bound)."""
    try:
        data = loads(text)
    except JsonError as exc:
        code = "bad_request" if exc.too_big else "bad_json"
        raise ClientError(code, str(exc) if exc.too_big else f"not JSON: {exc}") from None
    if not isinstance(data, dict):
        raise ClientError("bad_json", f"a message is a JSON object, not {type_name(data)}")
    return data


def parse_frame(text: str) -> tuple[Any, str, dict[str, Any]]:
    """A text frame as (id, type, checked fields); raises :class:`ClientError` (with the id
    read so far in ``.id`` when there is one)."""
    if len(text) > MAX_FRAME or len(text.encode("utf-8", "surrogatepass")) > MAX_FRAME:
        raise ClientError("too_large", f"a message is at most {MAX_FRAME} bytes")
    data = parse_json_object(text)
    ident = data.get("id")
    try:
        if ident is not None:
            if isinstance(ident, bool) or not isinstance(ident, (int, str)):
                raise ClientError("bad_request", "id: a string or an integer")
            if isinstance(ident, str) and len(ident) > MAX_ID:
                raise ClientError("bad_request", f"id: at most {MAX_ID} characters")
            if isinstance(ident, int) and abs(ident) > 2**53:
                raise ClientError("bad_request", "id: an integer of at most 2**53")
        kind = data.get("type")
        if kind is None:
            raise ClientError("bad_request", "type: missing")
        if not isinstance(kind, str):
            raise ClientError("bad_request", f"type: a string, not {type_name(kind)}")
        fields = MESSAGES.get(kind)
        if fields is None:
            raise ClientError(
                "unknown_type", f"type: {quote(kind)} is not one of {', '.join(MESSAGES)}"
            )
        body = check_fields(data, fields, extra=("type", "id"))
        if kind == "act":
            needed = ACTION_FIELDS[body["action"]]
            for name in ("suit", "kind", "cards", "put", "jokers", "taken"):
                if name in needed and body[name] is None:
                    raise ClientError("bad_request", f"{name}: missing ({body['action']} needs it)")
                if name not in needed and body[name] is not None:
                    raise ClientError("bad_request", f"{name}: not a field of {body['action']}")
    except ClientError as exc:
        exc.id = ident if _good_id(ident) else None
        raise
    return ident, kind, body


def _good_id(ident: Any) -> bool:
    if isinstance(ident, bool):
        return False
    if isinstance(ident, int):
        return abs(ident) <= 2**53
    return isinstance(ident, str) and len(ident) <= MAX_ID
