"""The WebSocket messages a client may send, as tables of wire fields
(:mod:`duidiao.wire.fields`, the engine protocol's too): one table checks a message and writes
its JSON Schema (for the OpenAPI document), so the check and the documentation agree.

A message that does not fit raises :class:`ClientError` with a code of docs/server.md and a
message naming the field; nothing is repaired silently.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from duidiao.play.climbing.games import PRESETS as CLIMBING_PRESETS
from duidiao.play.rules import GAME_PRESETS
from duidiao.play.seats import BAOHUANG_SEATS, GOUJI_SEATS, TRICK_SEATS
from duidiao.search.analysis import SEARCH_LEVELS
from duidiao.server.limits import BOT_DELAY_MS, DECISION_SECONDS, HINT_SECONDS
from duidiao.wire.errors import WireError, bad_request, quote
from duidiao.wire.fields import (
    ID_INT_MAX,
    Bool,
    Choice,
    Field,
    Int,
    Num,
    Obj,
    PerSeat,
    Str,
    check_fields,
    check_id,
    check_kind,
)
from duidiao.wire.strict_json import decode, type_name

__all__ = [
    "ACTIONS",
    "ClientError",
    "MAX_FRAME",
    "MESSAGES",
    "ROOM_FIELDS",
    "REVIEW_FIELDS",
    "SESSION_FIELDS",
    "check_act",
    "check_message",
    "parse_frame",
    "parse_json_object",
]

MAX_FRAME = 64 * 1024
"""The largest text frame read as a message (bytes of UTF-8)."""

ID_CHARS = 64
"""The longest string ``id`` a message may carry."""

ClientError = WireError
"""A client's mistake: an error ``code`` (docs/server.md) and a message naming what (the
wire's error reply, under the server's name)."""

ENVELOPE = ("type", "id")
"""The keys every message may carry besides its fields."""

CARDS_MAX = 400  # a card list of 33 cards is under 100 characters; anything longer is a mistake

SERVED_PRESETS = (*GAME_PRESETS, *CLIMBING_PRESETS)
"""The presets a room plays: the trick games', then the climbing games' (rules §12, §13)."""

ALL_SEAT_LETTERS = tuple(dict.fromkeys(TRICK_SEATS.letters + GOUJI_SEATS.letters
                                       + BAOHUANG_SEATS.letters))

ROOM_FIELDS: tuple[Field, ...] = (
    Choice("preset", doc="the rules preset", default="chifeng", choices=SERVED_PRESETS),
    PerSeat("seats", doc='every seat of the preset (S, E, N, W; A–F in 够级, A–E in 保皇): '
            '"human" or a bot ("heuristic", "pimc:worlds=16"); null: a person in the first '
            'seat (S or A), heuristic bots in the others', nullable=True,
            max_chars=64, letters=ALL_SEAT_LETTERS),
    Bool("open", doc="spectators see every hand", default=False),
    Num("decision_seconds", doc="a human's time for one decision", default=60,
        minimum=DECISION_SECONDS[0], maximum=DECISION_SECONDS[1]),
    Int("bot_delay_ms", doc="a pause before each bot decision", default=700,
        minimum=BOT_DELAY_MS[0], maximum=BOT_DELAY_MS[1]),
    Num("hand_pause_seconds",
        doc="the pause before the next hand (null: 8 with a human seat, 1 with bots only)",
        nullable=True, minimum=0, maximum=600),
    Int("seed", doc="the match's shuffles (null: random)", nullable=True,
        minimum=0, maximum=2**63 - 1),
)

MAX_DEALS = 64
"""The most deals a duplicate session plays."""

_ROOM_FIELD = {f.name: f for f in ROOM_FIELDS}

SESSION_FIELDS: tuple[Field, ...] = (
    _ROOM_FIELD["preset"],
    Int("deals", doc="how many deals both tables play", default=4, minimum=1,
        maximum=MAX_DEALS),
    PerSeat("open_seats", doc='the open table (开室; team A sits NS): "human" or a bot',
            default={"S": "human", "E": "normal", "N": "normal", "W": "normal"},
            max_chars=64, every_seat=True),
    PerSeat("closed_seats", doc='the closed table (闭室; team A sits EW): "human" or a bot',
            default={"S": "normal", "E": "normal", "N": "normal", "W": "normal"},
            max_chars=64, every_seat=True),
    _ROOM_FIELD["decision_seconds"],
    _ROOM_FIELD["bot_delay_ms"],
    Num("hand_pause_seconds",
        doc="the pause before the next deal (null: 8 with a human seat, 1 with bots only)",
        nullable=True, minimum=0, maximum=600),
    Int("seed", doc="the deals (null: random)", nullable=True, minimum=0, maximum=2**63 - 1),
)

REVIEW_FIELDS: tuple[Field, ...] = (
    Str("room", doc="the room of the hand (with hand)", nullable=True, max_chars=64),
    Int("hand", doc="the hand's number in the room", nullable=True, minimum=1,
        maximum=9_999_999),
    Obj("record", doc="a hand record (docs/records.md) instead of a room's hand",
        nullable=True),
    Choice("seat", doc="the seat whose plays are reviewed", required=True,
           choices=tuple(TRICK_SEATS.letters)),
    Choice("level", doc="the analysis's level (its search, as that bot's)", default="hard",
           choices=SEARCH_LEVELS),
    Int("seed", doc="the worlds' seed", default=0, minimum=0, maximum=2**63 - 1),
)

# Which fields each action needs (the others must be absent), by family of games: an act is
# checked against its room's (:func:`check_act`).
ACTIONS: dict[str, dict[str, tuple[str, ...]]] = {
    "tricks": {
        "declare": ("suit", "kind"),
        "pass": (),
        "bury": ("cards",),
        "counter": ("suit", "kind"),
        "grab": ("put",),
        "xiaosa": ("jokers", "taken"),
        "play": ("cards",),
    },
    # The climbing games (rules §12.9, §12.13, §13.3): a set played, a word, a face called.
    "climbing": {
        "play": ("cards",),
        **{word: () for word in ("pass", "yield", "fold", "noburn", "stay", "revolt", "keep",
                                 "renounce", "grab", "dark", "open")},
        "call": ("face",),
    },
}
ACT_FIELDS = ("suit", "kind", "cards", "put", "jokers", "taken", "face")

_ROOM = Str("room", doc="a room id", required=True, max_chars=64)

MESSAGES: dict[str, tuple[Field, ...]] = {
    "hello": (),
    "create": ROOM_FIELDS,
    "create_duplicate": SESSION_FIELDS,
    "join": (
        _ROOM,
        Str("seat", doc="S, E, N or W (A–F in 够级, A–E in 保皇)", required=True, max_chars=8),
        Str("token", doc="the seat's token, to rejoin", max_chars=256),
    ),
    "watch": (_ROOM,),
    "act": (
        Choice("action", doc="the decision", required=True,
               choices=tuple(dict.fromkeys(a for table in ACTIONS.values() for a in table))),
        Str("suit", doc="declare, counter: H, D, S or C; NT (no trump) with jokers, but "
            "under the chifeng presets", max_chars=8),
        Str("kind", doc="declare, counter: single, lock or override (the chifeng presets); "
            "single, pair, reinforce, small_jokers or big_jokers (tractor, shanghai); single, "
            "pair, small_jokers, big_jokers, triple, three_small_jokers or three_big_jokers "
            "(one-deck, huanle, three-deck)", max_chars=24),
        Str("cards", doc="bury, play: a card list (a climbing set as Q*2, rules §12.17)",
            max_chars=CARDS_MAX),
        Str("put", doc="grab: the card put in the kitty", max_chars=16),
        Str("jokers", doc="xiaosa: the jokers put in", max_chars=CARDS_MAX),
        Str("taken", doc="xiaosa: the kitty cards taken", max_chars=CARDS_MAX),
        Str("face", doc="call (保皇): the face called, as 9C", max_chars=8),
        Int("version", doc="the version of the state the decision answers: when the table "
            "has moved on since (a play made for the seat meanwhile), it is refused as stale",
            minimum=0, maximum=ID_INT_MAX),
    ),
    "hint": (Num("seconds", doc="the analysis time", default=1,
                 minimum=HINT_SECONDS[0], maximum=HINT_SECONDS[1]),),
    "speed": (
        Int("bot_delay_ms", doc="the pause before each bot decision", required=True,
            minimum=BOT_DELAY_MS[0], maximum=BOT_DELAY_MS[1]),
    ),
    "next": (),
    "leave": (),
    "autoplay": (
        Str("bot", doc="托管: the bot that decides for this seat from now on (a level or a "
            "bot's name; null: the person takes the seat back)", required=True, nullable=True,
            max_chars=64),
    ),
    "auto_forced": (
        Bool("on", doc="whether this seat's play is made at once when it is the only legal "
             "one", required=True),
    ),
}


def check_message(fields: Sequence[Field], data: Mapping[str, Any]) -> dict[str, Any]:
    """The fields of a message (or a REST body of the same fields) checked, defaults filled
    in; ``type`` and ``id`` may be there too, any other key is refused."""
    return check_fields(fields, data, envelope=ENVELOPE, what="message")


def check_act(body: Mapping[str, Any], family: str, preset: str) -> None:
    """An ``act``'s fields against its room's family: the action one of its, every field it
    needs given, no other (:class:`ClientError` naming the field)."""
    table = ACTIONS[family]
    action = body["action"]
    if action not in table:
        raise bad_request("action", f"{quote(action)} is not an action of {preset} "
                          f"({', '.join(table)})")
    for name in ACT_FIELDS:
        needed = name in table[action]
        if needed and body.get(name) is None:
            raise bad_request(name, f"missing ({action} needs it)")
        if not needed and body.get(name) is not None:
            raise bad_request(name, f"not a field of {action} ({preset})")


def parse_json_object(text: str) -> dict[str, Any]:
    """``text`` as one JSON object (strict JSON: ``duidiao.wire.strict_json``);
    :class:`ClientError` ``bad_json`` (``bad_request`` for a number past the bound)."""
    data = decode(text)
    if not isinstance(data, dict):
        raise ClientError("bad_json", f"a message is a JSON object, not {type_name(data)}")
    return data


def parse_frame(text: str) -> tuple[Any, str, dict[str, Any]]:
    """A text frame as (id, type, checked fields); raises :class:`ClientError` (with the id
    read so far in ``.id`` when there is one)."""
    if len(text) > MAX_FRAME or len(text.encode("utf-8", "surrogatepass")) > MAX_FRAME:
        raise ClientError("too_large", f"a message is at most {MAX_FRAME} bytes")
    data = parse_json_object(text)
    ident = check_id(data, ID_CHARS)
    try:
        kind = check_kind(data, "type", MESSAGES, "unknown_type")
        body = check_message(MESSAGES[kind], data)
        if kind == "act":
            for name in ACT_FIELDS:  # a field no family's action takes (the room checks more)
                if body[name] is not None and not any(
                        name in table.get(body["action"], ()) for table in ACTIONS.values()):
                    raise bad_request(name, f"not a field of {body['action']}")
    except ClientError as exc:
        exc.id = ident
        raise
    return ident, kind, body
