"""A Python client of the engine protocol: spawns ``duidiao engine`` and talks to it.

>>> from duidiao.engine import EngineClient
>>> with EngineClient() as engine:                       # doctest: +SKIP
...     engine.request("hello")["protocol"]
1
"""

from __future__ import annotations

import itertools
import json
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from typing import IO, Any

__all__ = ["EngineClient", "EngineError"]

DEFAULT_COMMAND = (sys.executable, "-m", "duidiao", "engine")


class EngineError(RuntimeError):
    """The engine process ended, or did not answer in time."""


class EngineClient:
    """An engine process and its lines.

    ``request(cmd, **fields)`` sends a request and waits for its reply (a dict; an error reply
    is returned, not raised). ``send(cmd, **fields)`` sends one without waiting and returns its
    id; ``reply(id)`` waits for that reply. Every ``info`` line received is kept in ``infos``
    (the whole line: ``{"id": …, "info": {…}}``). ``stop()`` sends ``stop``; ``close()`` sends
    ``quit`` and waits for the process to end. A context manager.
    """

    def __init__(
        self,
        command: Sequence[str] | None = None,
        *,
        timeout: float = 60.0,
        stderr: int | IO[Any] | None = None,
    ) -> None:
        self.command = list(command or DEFAULT_COMMAND)
        self.timeout = timeout
        self.infos: list[dict[str, Any]] = []
        self.lines: list[str] = []  # every line received, for transcripts
        self._ids = itertools.count(1)
        self._replies: dict[Any, dict[str, Any]] = {}
        self._arrived = threading.Condition()
        self._eof = False
        self.process = subprocess.Popen(
            self.command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=stderr,
        )
        self._reader = threading.Thread(target=self._read, name="engine-client", daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for raw in self.process.stdout:
            text = raw.decode("utf-8").rstrip("\n")
            message = json.loads(text)
            with self._arrived:
                self.lines.append(text)
                if "info" in message and "ok" not in message:
                    self.infos.append(message)
                else:
                    self._replies[self._key(message.get("id"))] = message
                self._arrived.notify_all()
        with self._arrived:
            self._eof = True
            self._arrived.notify_all()

    @staticmethod
    def _key(rid: Any) -> Any:
        return json.dumps(rid)

    # -- requests -------------------------------------------------------------------------
    def send_line(self, line: bytes | str) -> None:
        """Write one raw line (a newline is added) — for tests of bad input."""
        data = line.encode("utf-8") if isinstance(line, str) else line
        assert self.process.stdin is not None
        self.process.stdin.write(data + b"\n")
        self.process.stdin.flush()

    def send(self, cmd: str, *, id: Any = None, **fields: Any) -> Any:
        """Send a request without waiting; returns its id (a new integer unless given)."""
        rid = next(self._ids) if id is None else id
        self.send_line(json.dumps({"id": rid, "cmd": cmd, **fields}, ensure_ascii=False))
        return rid

    def reply(self, rid: Any, timeout: float | None = None) -> dict[str, Any]:
        """Wait for the reply to request ``rid`` (raises EngineError after ``timeout``)."""
        key = self._key(rid)
        deadline = time.monotonic() + (self.timeout if timeout is None else timeout)
        with self._arrived:
            while key not in self._replies:
                left = deadline - time.monotonic()
                if self._eof:
                    raise EngineError(f"the engine ended before replying to {rid!r}")
                if left <= 0:
                    raise EngineError(f"no reply to {rid!r} in time")
                self._arrived.wait(left)
            return self._replies.pop(key)

    def request(self, cmd: str, *, timeout: float | None = None, **fields: Any) -> dict[str, Any]:
        """Send a request and wait for its reply."""
        return self.reply(self.send(cmd, **fields), timeout)

    def stop(self) -> dict[str, Any]:
        """Stop the running search; the reply comes after the search's own reply."""
        return self.request("stop")

    def close(self, timeout: float = 10.0) -> int:
        """Send ``quit`` and wait for the process; returns its exit status."""
        if self.process.poll() is None:
            try:
                self.send("quit")
            except (BrokenPipeError, OSError):
                pass
            try:
                self.process.wait(timeout)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self._reader.join(5)
        for stream in (self.process.stdin, self.process.stdout):
            if stream is not None:
                stream.close()
        return self.process.returncode

    def __enter__(self) -> EngineClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
