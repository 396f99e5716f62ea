"""The HTTP connection under the app: uvicorn's h11 protocol with the server's own limits on
what comes before any route sees a request.

- A request's line and headers must arrive within ``HEAD_SECONDS`` (a WebSocket handshake's
  too: it is a request until upgraded); a connection that sends nothing, or a head a byte at a
  time, gets our JSON 408 and is closed. (uvicorn times out only idle keep-alive connections.)
- A head over ``HEAD_BYTES``, or one that is not HTTP, gets our JSON 400 instead of uvicorn's
  plain-text one.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from duidiao.server import limits as L

__all__ = ["GuardedH11Protocol"]

REASONS = {400: "Bad Request", 408: "Request Timeout"}
LINGER_SECONDS = 1.0
"""After an error of its own, how long the connection reads and drops what still comes."""


def _error_bytes(code: str, message: str) -> bytes:
    body = {"ok": False, "error": {"code": code, "message": message}}
    return json.dumps(body).encode("ascii")


class GuardedH11Protocol(H11Protocol):
    """:class:`H11Protocol` with a time limit on each request's head and JSON errors."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._head_timer: asyncio.TimerHandle | None = None
        self._discarding = False

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm_head_timer()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm_head_timer()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self._discarding:
            return
        super().data_received(data)
        # Still waiting for the rest of a head: the clock runs from its first byte (or from
        # the connection). A head complete (or upgraded to a WebSocket): no clock.
        if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
            self._arm_head_timer()
        else:
            self._disarm_head_timer()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        # Between requests uvicorn's keep-alive clock runs; ours starts with the next byte.
        self._disarm_head_timer()

    def _arm_head_timer(self) -> None:
        if self._head_timer is None:
            self._head_timer = self.loop.call_later(L.HEAD_SECONDS, self._head_timeout)

    def _disarm_head_timer(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _head_timeout(self) -> None:
        self._head_timer = None
        if self.transport.is_closing() or self.conn.their_state is not h11.IDLE:
            return
        self._send_error(408, "timeout",
                         f"the request's line and headers took over {L.HEAD_SECONDS:g} s")

    def send_400_response(self, msg: str) -> None:
        self._send_error(400, "bad_request",
                         f"not an HTTP request this server reads (a head of at most "
                         f"{L.HEAD_BYTES} bytes): {msg}")

    def _send_error(self, status: int, code: str, message: str) -> None:
        # Written whole: h11 has no request to answer (a head never finished, or broken).
        body = _error_bytes(code, message)
        head = (f"HTTP/1.1 {status} {REASONS[status]}\r\ncontent-type: application/json\r\n"
                f"connection: close\r\ncontent-length: {len(body)}\r\n\r\n")
        self.transport.write(head.encode("ascii") + body)
        self._disarm_head_timer()
        # A lingering close: closing with the client's bytes unread would reset the connection
        # and lose the answer; the rest is read and dropped for a moment first.
        self._discarding = True
        if self.transport.can_write_eof():
            self.transport.write_eof()
        self.loop.call_later(LINGER_SECONDS, self.transport.close)
