"""The line loop of ``duidiao engine``: requests from stdin, replies on stdout, one JSON object
per line each way.

The reading thread answers ``hello``, ``legal``, ``check``, ``play``, ``deal`` and ``decide``
itself; a search (``move``, ``analyse``, ``solve``) runs on a worker thread so that the loop
keeps reading: ``stop`` makes it answer now, ``quit`` ends the process, another search is
``busy``. A search request is checked on the reading thread before it may take the worker
(:func:`~duidiao.engine.protocol.check_request`: its fields, the position, the mover, the
bot…), so that a bad one gets its error at once and never holds the worker. Lines are read
with a bound: a longer one is skipped without being held in memory. Only protocol lines
reach stdout; anything else the process prints goes to stderr.
"""

from __future__ import annotations

import json
import os
import sys
import threading
from typing import IO, Any

from duidiao.engine.protocol import (
    LIMITS,
    Checked,
    check_request,
    command_of,
    error_reply,
    request_id,
    run_checked,
    run_command,
)
from duidiao.wire.errors import ProtocolError, WireError
from duidiao.wire.strict_json import decode

__all__ = ["Engine", "serve", "decode_line"]

LINE_BYTES = int(LIMITS["line_bytes"])
STOP_WAIT = 2.0  # seconds stop waits for the search's own reply, so that it comes first


def decode_line(line: bytes) -> Any:
    """The JSON value of one line, or a ``bad_json`` / ``bad_request`` WireError."""
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ProtocolError(
            "bad_json", f"the line is not UTF-8: byte 0x{line[exc.start]:02x} at {exc.start}"
        ) from None
    return decode(text)


class Engine:
    """The loop over one input and one output (binary streams)."""

    def __init__(self, stdin: IO[bytes], stdout: IO[bytes]) -> None:
        self.stdin = stdin
        self.stdout = stdout
        self._write_lock = threading.Lock()
        self._state = threading.Lock()  # guards the worker; held while a search's reply goes out
        self._worker: threading.Thread | None = None
        self._search_id: Any = None
        self._stop = threading.Event()

    # -- output ---------------------------------------------------------------------------
    def write(self, message: dict[str, Any]) -> None:
        """One protocol line, flushed."""
        data = json.dumps(message, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        with self._write_lock:
            try:
                self.stdout.write(data + b"\n")
                self.stdout.flush()
            except (BrokenPipeError, ValueError):  # the frontend went away
                os._exit(0)

    # -- input ----------------------------------------------------------------------------
    def _read_line(self) -> bytes | None:
        """The next line without its end, None at the end of input; a line over the limit
        is read past in pieces and raises ``line_too_long``."""
        line = self.stdin.readline(LINE_BYTES + 1)
        if not line:
            return None
        if line.endswith(b"\n") or len(line) <= LINE_BYTES:
            return line.rstrip(b"\r\n")
        size = len(line)
        while not line.endswith(b"\n"):
            line = self.stdin.readline(1 << 16)
            if not line:
                break
            size += len(line)
        raise ProtocolError(
            "line_too_long",
            f"a line of more than {LINE_BYTES} bytes (about {size} bytes) was skipped",
        )

    # -- the loop -------------------------------------------------------------------------
    def run(self) -> int:
        """Answer requests until ``quit`` or the end of input; returns the exit status."""
        while True:
            try:
                line = self._read_line()
            except ProtocolError as exc:
                self.write(error_reply(None, exc))
                continue
            if line is None:
                break
            if not line.strip():
                continue
            self._handle(line)
        worker = self._worker
        if worker is not None:  # the end of input: let the search answer first
            worker.join()
        return 0

    def _handle(self, line: bytes) -> None:
        rid = None
        try:
            request = decode_line(line)
            if isinstance(request, dict):
                rid = request_id(request)
            command = command_of(request)
        except WireError as exc:
            self.write(error_reply(rid, exc))
            return
        if command.name == "stop":
            self._stop_search(request, rid)
        elif command.name == "quit":
            self._quit(request, rid)
        elif command.search:
            checked = check_request(request)  # here, so that a bad search never takes the worker
            if isinstance(checked, Checked):
                self._start_search(checked)
            else:
                self.write(checked)
        else:
            self.write(run_command(request))

    def _start_search(self, checked: Checked) -> None:
        rid = checked.rid
        with self._state:
            if self._worker is not None:
                self.write(error_reply(rid, ProtocolError(
                    "busy", f"a search is running (id {self._search_id!r}); send stop or wait"
                )))
                return
            self._stop = threading.Event()
            self._search_id = rid
            self._worker = threading.Thread(
                target=self._search, args=(checked, self._stop), name="duidiao-search",
                daemon=True,
            )
            self._worker.start()

    def _search(self, checked: Checked, stop: threading.Event) -> None:
        def info(payload: dict[str, Any]) -> None:
            self.write({"id": checked.rid, "info": payload})

        reply = run_checked(checked, stop=stop, info=info)
        with self._state:  # the reply and the end of the search are one step for the reader
            self.write(reply)
            self._worker = None

    def _check_empty(self, request: dict[str, Any], rid: Any) -> bool:
        reply = run_command(request)  # validates the (empty) field list
        if not reply["ok"]:
            self.write(reply)
            return False
        return True

    def _stop_search(self, request: dict[str, Any], rid: Any) -> None:
        if not self._check_empty(request, rid):
            return
        with self._state:
            worker, search_id = self._worker, self._search_id
            if worker is not None:
                self._stop.set()
        if worker is None:
            self.write({"id": rid, "ok": True, "stopped": None})
            return
        worker.join(STOP_WAIT)
        self.write({"id": rid, "ok": True, "stopped": search_id})

    def _quit(self, request: dict[str, Any], rid: Any) -> None:
        if not self._check_empty(request, rid):
            return
        self._stop.set()
        self.write({"id": rid, "ok": True})
        sys.stderr.flush()
        os._exit(0)  # a search thread in the core cannot hold the exit up


def serve(stdin: IO[bytes] | None = None, stdout: IO[bytes] | None = None) -> int:
    """Run the engine on ``stdin`` / ``stdout`` (default: the process's, with ``sys.stdout``
    pointed at stderr so that nothing but protocol lines reaches the real stdout)."""
    if stdin is None:
        stdin = sys.stdin.buffer
    if stdout is None:
        stdout = sys.stdout.buffer
        sys.stdout = sys.stderr
    try:
        return Engine(stdin, stdout).run()
    except KeyboardInterrupt:  # Ctrl-C: a search thread in the core cannot hold the exit up
        sys.stderr.write("duidiao: interrupted\n")
        sys.stderr.flush()
        os._exit(130)

