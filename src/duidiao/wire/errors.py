"""Error replies on the wire: :class:`WireError` (a code, a one-line message and, for a bad
field, the ``field`` at fault), the engine protocol's codes, and :func:`quote`, which bounds
what a message echoes of a client's input.

The engine's :class:`ProtocolError` is a WireError whose code is one of :data:`ERROR_CODES`
(docs/protocol.md); the server's ``ClientError`` is WireError itself, with the codes of
docs/server.md. The field checks (:mod:`duidiao.wire.fields`) and strict JSON
(:func:`duidiao.wire.strict_json.decode`) raise a plain WireError, ``bad_request`` or
``bad_json``, codes both wires have."""

from __future__ import annotations

from typing import Any

from duidiao.play._limits import quote as _quote

__all__ = ["ERROR_CODES", "ProtocolError", "WireError", "bad_request", "quote"]

ERROR_CODES: dict[str, str] = {
    "bad_json": "the line is not UTF-8 text holding one JSON value",
    "line_too_long": "the line is longer than the line limit; it was skipped unread",
    "bad_request": "the request is not an object, or a field is missing, unknown, of the "
    "wrong type or out of range (the message and `field` name it)",
    "unknown_command": "`cmd` is not a command of the protocol",
    "bad_position": "`position` is not a valid position string (the notation's message)",
    "illegal_move": "the move cannot be played in the position (the reason in game terms)",
    "hidden_cards": "the answer needs cards the position hides (the mover's hand, the outcome "
    "of a throw, the kitty)",
    "hand_over": "the hand in the position is over",
    "busy": "a search (move, analyse, solve) is already running; send stop or wait",
    "internal": "a fault of the engine (logged on stderr); the engine goes on",
}
"""Every error code of the engine protocol, with what it means (docs/protocol.md lists the
same)."""

QUOTE_CHARS = 60
"""How much of a client's string an error message quotes."""

MESSAGE_CHARS = 500
"""The longest error message sent (longer messages from the API are cut)."""


def quote(value: Any, limit: int = QUOTE_CHARS) -> str:
    """``repr`` of a client's value for an error message: a string whole when short, else its
    first ``limit`` characters and its length (the play layer's quote)."""
    return _quote(value, limit)


class WireError(Exception):
    """An error reply: ``code``, ``message`` (cut to :data:`MESSAGE_CHARS`) and, for
    ``bad_request``, the ``field`` at fault; ``id``, the request's id when a frontend could
    read it."""

    def __init__(self, code: str, message: str, field: str | None = None) -> None:
        if len(message) > MESSAGE_CHARS:
            message = message[: MESSAGE_CHARS - 1] + "…"
        super().__init__(message)
        self.code = code
        self.message = message
        self.field = field
        self.id: Any = None

    def to_dict(self) -> dict[str, str]:
        """The reply's ``error`` object."""
        out = {"code": self.code, "message": self.message}
        if self.field is not None:
            out["field"] = self.field
        return out


class ProtocolError(WireError):
    """An error reply of the engine protocol: its ``code`` is one of :data:`ERROR_CODES`."""

    def __init__(self, code: str, message: str, field: str | None = None) -> None:
        assert code in ERROR_CODES, code
        super().__init__(code, message, field)


def bad_request(field: str, message: str) -> WireError:
    """A ``bad_request`` naming ``field``: the message is ``"field: message"``."""
    return WireError("bad_request", f"{field}: {message}", field=field)
