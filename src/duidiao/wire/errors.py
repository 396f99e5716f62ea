"""The protocol's error codes and the exception that carries one to the reply."""

from __future__ import annotations

__all__ = ["ERROR_CODES", "ProtocolError", "quote"]

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
"""Every error code, with what it means (docs/protocol.md lists the same)."""

QUOTE_CHARS = 60
"""How much of a client's string an error message quotes."""

MESSAGE_CHARS = 500
"""The longest error message sent (longer messages from the API are cut)."""


def quote(text: str, limit: int = QUOTE_CHARS) -> str:
    """``repr`` of at most ``limit`` characters of a client's string."""
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}… ({len(text)} characters)"


class ProtocolError(Exception):
    """An error reply: ``code`` (one of :data:`ERROR_CODES`), ``message`` and, for
    ``bad_request``, the ``field`` at fault."""

    def __init__(self, code: str, message: str, field: str | None = None) -> None:
        assert code in ERROR_CODES, code
        if len(message) > MESSAGE_CHARS:
            message = message[: MESSAGE_CHARS - 1] + "…"
        super().__init__(message)
        self.code = code
        self.message = message
        self.field = field

    def to_dict(self) -> dict[str, str]:
        """The reply's ``error`` object."""
        out = {"code": self.code, "message": self.message}
        if self.field is not None:
            out["field"] = self.field
        return out
