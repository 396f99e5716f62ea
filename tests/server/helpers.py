"""Helpers for the server tests: a real ``duidiao serve`` process on a free loopback port, and
a small synchronous WebSocket client that plays a seat from the options the server sends."""

from __future__ import annotations

import json
import os
import random
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any, Callable

from websockets.sync.client import ClientConnection, connect

URL_LINE = re.compile(r"duidiao: the table is at (http://\S+)/")


def serve_command() -> list[str]:
    """``python -m duidiao serve``."""
    return [sys.executable, "-m", "duidiao", "serve"]


class ServerProcess:
    """``duidiao serve --port 0 --data DIR`` as a subprocess; ``url`` once it listens."""

    def __init__(self, data: Path, *options: str, command: list[str] | None = None) -> None:
        self.data = data
        self.options = options
        self.command = command or serve_command()
        self.lines: list[str] = []
        self.url = ""
        self.proc: subprocess.Popen[str] | None = None

    def start(self, timeout: float = 30.0) -> ServerProcess:
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        self.proc = subprocess.Popen(
            [*self.command, "--port", "0", "--data", str(self.data), *self.options],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
            text=True, env=env,
        )
        ready = threading.Event()

        def read() -> None:
            assert self.proc is not None and self.proc.stderr is not None
            for line in self.proc.stderr:
                self.lines.append(line)
                match = URL_LINE.search(line)
                if match:
                    self.url = match.group(1)
                    ready.set()
            ready.set()

        threading.Thread(target=read, daemon=True).start()
        if not ready.wait(timeout) or not self.url:
            self.stop()
            raise RuntimeError("the server did not start:\n" + "".join(self.lines))
        return self

    @property
    def ws_url(self) -> str:
        return self.url.replace("http://", "ws://") + "/ws"

    @property
    def pid(self) -> int:
        assert self.proc is not None
        return self.proc.pid

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs."""
        assert self.proc is not None
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is None or self.proc.poll() is not None:
            return
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(5)

    def log(self) -> str:
        return "".join(self.lines)


class Conn:
    """A WebSocket client: ``request`` sends a message with an id and returns the reply (or
    error) with that id; every other message waits in ``backlog`` for ``next``/``wait``."""

    def __init__(self, url: str) -> None:
        self._opened = connect(url, max_size=2**24, max_queue=None, open_timeout=10)
        self.ws: ClientConnection = self._opened.__enter__()
        self.backlog: list[dict[str, Any]] = []
        self.seen: list[dict[str, Any]] = []
        self._id = 0

    def close(self) -> None:
        self._opened.__exit__(None, None, None)

    def __enter__(self) -> Conn:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def send(self, **message: Any) -> None:
        self.ws.send(json.dumps(message))

    def send_raw(self, data: str | bytes) -> None:
        self.ws.send(data)

    def _recv(self, timeout: float) -> dict[str, Any]:
        message = json.loads(self.ws.recv(timeout=timeout))
        assert isinstance(message, dict)
        self.seen.append(message)
        return message

    def next(self, timeout: float = 15.0) -> dict[str, Any]:
        if self.backlog:
            return self.backlog.pop(0)
        return self._recv(timeout)

    def request(self, timeout: float = 15.0, **message: Any) -> dict[str, Any]:
        self._id += 1
        ident = f"r{self._id}"
        self.send(id=ident, **message)
        return self.reply(ident, timeout)

    def reply(self, ident: Any, timeout: float = 15.0) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            message = self._recv(max(0.01, deadline - time.monotonic()))
            if message.get("id") == ident and message.get("type") != "state":
                return message
            if message.get("id") == ident and message.get("type") == "state":
                self.backlog.append(message)
                return message
            self.backlog.append(message)

    def wait(self, predicate: Callable[[dict[str, Any]], bool],
             timeout: float = 20.0) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("no such message")
            message = self.next(left)
            if predicate(message):
                return message


def choose(state: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A legal decision from the options the server sent (no rules of the game here)."""
    options = state["options"]
    if "declare" in options:
        picks = options["declare"]
        if picks and rng.random() < 0.5:
            pick = rng.choice(picks)
            return {"action": "declare", "suit": pick["suit"], "kind": pick["kind"]}
        return {"action": "pass"}
    if "grab_offer" in options or "xiaosa_takeable" in options:
        return {"action": "pass"}
    if "bury" in options:
        hand = state["observation"]["hand"].split(",")
        return {"action": "bury", "cards": ",".join(hand[-8:])}
    moves = options["moves"]
    if not moves:
        # Over MOVES_COUNTED plays none are listed (a lead or a follow of a long hand): the
        # server's own random bot makes this one play (托管 for one decision, play_seat).
        assert options["count"] > 0, "no legal play"
        return {"autoplay": "random"}
    return {"action": "play", "cards": rng.choice(moves)}


def play_seat(conn: Conn, seat: str, until: Callable[[dict[str, Any]], bool],
              rng: random.Random, timeout: float = 60.0,
              check: Callable[[dict[str, Any]], None] | None = None) -> dict[str, Any]:
    """Answer every decision of ``seat`` until a state satisfies ``until``; returns it."""
    deadline = time.monotonic() + timeout
    acted = -1
    handed_over = False  # the seat's one decision left to the server's bot
    while True:
        message = conn.next(max(0.01, deadline - time.monotonic()))
        if message.get("type") == "error" and message["error"]["code"] == "stale":
            continue  # a forced play was made for the seat meanwhile: its state follows
        if message.get("type") == "error":
            raise AssertionError(f"error from the server: {message}")
        if message.get("type") != "state":
            continue
        if check is not None:
            check(message)
        if handed_over and (message["last"] or {}).get("seat") == seat:
            conn.send(type="autoplay", bot=None)
            handed_over = False
        if until(message):
            return message
        # A state sent while the server's bot still held the seat is the bot's turn, even
        # if the take-back is on its way: the state after the take-back says so.
        held_by_bot = (message.get("seats") or {}).get(seat, {}).get("autoplay") is not None
        if (message["to_act"] == seat and message["options"] and message["version"] > acted
                and not handed_over and not held_by_bot):
            acted = message["version"]
            chosen = choose(message, rng)
            if "autoplay" in chosen:
                conn.send(type="autoplay", bot=chosen["autoplay"])
                handed_over = True
            else:
                conn.send(type="act", version=message["version"], **chosen)


def hand_over(state: dict[str, Any]) -> bool:
    return state.get("type") == "state" and state["phase"] == "over"
