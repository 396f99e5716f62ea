"""Every limit of the server in one table: what it bounds, its default, the flag that changes it
(if any). docs/server.md's "Limits and abuse" lists the same (a test compares them), and the
server reads the values from :class:`ServerLimits` — never from a number written elsewhere.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field

__all__ = ["Limit", "LIMITS", "ServerLimits", "DEFAULT_LIMITS"]


@dataclass(frozen=True)
class Limit:
    """One limit: ``name`` (a :class:`ServerLimits` field when ``flag`` is set), its default as
    the docs write it, the ``flag`` of ``duidiao serve`` that changes it, and what it bounds."""

    name: str
    default: str
    flag: str | None
    doc: str


# The fixed limits (the table below shows them; ServerLimits holds those a flag changes).
BOT_SECONDS = 10.0
REQUEST_SECONDS = 30.0
ROOMS_PER_ADDRESS = 20
SEARCH_WAIT_SECONDS = 10.0
HINT_SECONDS = (0.1, 5.0)
MAX_ROOMS = 1000
ROOM_IDLE_SECONDS = 600.0
SEATED_IDLE_SECONDS = 86400.0
CONNECTIONS_PER_ROOM = 64
DECISION_SECONDS = (0.1, 3600.0)
BOT_DELAY_MS = (0, 5000)
HEAD_BYTES = 16384
HEAD_SECONDS = 10.0
BODY_BYTES = 1024 * 1024
BODY_SECONDS = 10.0
KEEP_ALIVE_SECONDS = 5.0
MESSAGE_BYTES = 64 * 1024
FRAME_BYTES = 4 * 1024 * 1024
SEND_QUEUE = 256
PING_SECONDS = 20.0


def _n(value: float) -> str:
    """A number as the docs write it: 10, not 10.0."""
    return str(int(value)) if float(value).is_integer() else str(value)


def _range(bounds: tuple[float, float]) -> str:
    return f"{_n(bounds[0])} to {_n(bounds[1])}"


LIMITS: tuple[Limit, ...] = (
    # Searches (think.py).
    Limit("search_threads", "the number of cores", "--search-threads",
          "threads of search at once in the whole server: room bots, hints and REST "
          "move/analyse/solve (an analysis counts its threads)"),
    Limit("bot_seconds", _n(BOT_SECONDS), "--bot-seconds",
          "one bot decision in a room, waiting for a search thread included; then the search is "
          "stopped and its best so far played"),
    Limit("request_seconds", _n(REQUEST_SECONDS), "--request-seconds",
          "one REST search (move, analyse, solve): a request asking for more time is refused, "
          "and a counted budget (worlds) is stopped then"),
    Limit("search_wait_seconds", _n(SEARCH_WAIT_SECONDS), None,
          "a REST search or hint waiting for a search thread; then 503 server_busy"),
    Limit("hint_seconds", _range(HINT_SECONDS), None, "a hint's analysis"),
    # Rooms (rooms.py).
    Limit("rooms_per_address", _n(ROOMS_PER_ADDRESS), "--rooms-per-address",
          "rooms one client address keeps at once, whatever their state (waiting, dealt, "
          "finished); the next create gets 429 too_many_rooms"),
    Limit("rooms", _n(MAX_ROOMS), None, "rooms whose match is not over, in the whole server"),
    Limit("room_idle_seconds", _n(ROOM_IDLE_SECONDS), None,
          "a room nobody is connected to and no person holds a seat in (only bots, or nobody "
          "joined) is dropped after this long, from memory and from the store; a finished "
          "match is unloaded from memory (its records stay)"),
    Limit("seated_idle_seconds", _n(SEATED_IDLE_SECONDS), None,
          "an unfinished match with a seat held by a person and nobody connected is unloaded "
          "from memory after this long (it stays in the store and resumes when the seat's "
          "holder joins again)"),
    Limit("connections_per_room", _n(CONNECTIONS_PER_ROOM), None,
          "connections in one room (seats and spectators)"),
    Limit("decision_seconds", _range(DECISION_SECONDS), None,
          "a person's time for one decision (a room setting; then the heuristic decides)"),
    Limit("bot_delay_ms", _range(BOT_DELAY_MS), None,
          "the pause before a bot decision (a room setting)"),
    # HTTP and WebSocket (app.py, cli/serve.py).
    Limit("allow_host", "the bound address; localhost too when bound to loopback", "--allow-host",
          "the Host names a request may name, REST and WebSocket alike (DNS rebinding)"),
    Limit("head_bytes", _n(HEAD_BYTES), None,
          "a request's line and headers; more gets 400 bad_request (JSON) and the connection "
          "is closed"),
    Limit("head_seconds", _n(HEAD_SECONDS), None,
          "the time to send a request's line and headers (a WebSocket handshake's too); then "
          "408 timeout and the connection is closed"),
    Limit("body_bytes", _n(BODY_BYTES), None, "a REST body; more gets 400 too_large"),
    Limit("body_seconds", _n(BODY_SECONDS), None,
          "the time to send a REST body; then 408 timeout"),
    Limit("keep_alive_seconds", _n(KEEP_ALIVE_SECONDS), None,
          "an idle HTTP connection between requests"),
    Limit("message_bytes", _n(MESSAGE_BYTES), None,
          "a WebSocket message read; more gets too_large and the connection stays open"),
    Limit("frame_bytes", _n(FRAME_BYTES), None,
          "a WebSocket frame; more closes the connection (1009)"),
    Limit("send_queue", _n(SEND_QUEUE), None,
          "messages waiting for a connection that does not read; then it is closed (1008)"),
    Limit("ping_seconds", _n(PING_SECONDS), None,
          "WebSocket pings; a connection that does not answer one within as long is closed"),
)
"""Every limit, as docs/server.md lists them."""


def _cores() -> int:
    return os.cpu_count() or 1


@dataclass(frozen=True)
class ServerLimits:
    """The limits the operator may set (``duidiao serve`` flags), with their defaults; the rest
    are the constants below."""

    search_threads: int = field(default_factory=_cores)
    bot_seconds: float = BOT_SECONDS
    request_seconds: float = REQUEST_SECONDS
    rooms_per_address: int = ROOMS_PER_ADDRESS
    allow_hosts: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.search_threads < 1:
            raise ValueError("search_threads: at least 1")
        if not 0 < self.bot_seconds <= 3600 or not 0 < self.request_seconds <= 3600:
            raise ValueError("bot_seconds, request_seconds: above 0 and at most 3600")
        if self.rooms_per_address < 1:
            raise ValueError("rooms_per_address: at least 1")


DEFAULT_LIMITS = ServerLimits()

