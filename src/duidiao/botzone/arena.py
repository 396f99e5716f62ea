"""Whole Botzone matches against the test judge (:mod:`duidiao.botzone.judge`): four players,
each a bot in this process or a program speaking Botzone's I/O (``duidiao botzone``), asked in
turn until the deal is scored or somebody fouls. A player's crash, silence past the time limit
or unreadable answer is a foul like an illegal card (docs/botzone.md)."""

from __future__ import annotations

import json
import queue
import subprocess
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import IO, Any, Protocol

from duidiao.botzone.bot import BotzoneBot
from duidiao.botzone.judge import Deal, Foul
from duidiao.botzone.loop import KEEP_RUNNING

__all__ = ["Player", "InProcessPlayer", "ProcessPlayer", "MatchRecord", "play_match",
           "PlayerError"]


class PlayerError(Exception):
    """A player gave no readable answer: ``code`` as Botzone names it (TLE, RE, NJ)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


class Player(Protocol):
    """One seat's program: answers a request with Botzone's output object."""

    def answer(self, request: dict[str, Any]) -> dict[str, Any]: ...

    def close(self) -> None: ...


class InProcessPlayer:
    """A :class:`BotzoneBot` asked directly, with the history Botzone would send."""

    def __init__(self, bot: BotzoneBot) -> None:
        self.bot = bot
        self.requests: list[Any] = []
        self.responses: list[Any] = []

    def answer(self, request: dict[str, Any]) -> dict[str, Any]:
        self.requests.append(request)
        response = self.bot.respond(self.requests, self.responses)
        self.responses.append(response)
        out: dict[str, Any] = {"response": response}
        if self.bot.notes:
            out["debug"] = "; ".join(self.bot.notes)
        return out

    def close(self) -> None:
        pass


class ProcessPlayer:
    """A program run as Botzone runs bots: the whole history on its first turn; afterwards the
    new request alone while it keeps running (it printed :data:`KEEP_RUNNING`), else a new
    process with the whole history. ``time_limit`` seconds a turn."""

    def __init__(self, command: Sequence[str], time_limit: float = 10.0) -> None:
        self.command = list(command)
        self.time_limit = time_limit
        self.requests: list[Any] = []
        self.responses: list[Any] = []
        self._proc: subprocess.Popen[str] | None = None
        self._lines: queue.Queue[str | None] = queue.Queue()

    def _start(self) -> subprocess.Popen[str]:
        proc = subprocess.Popen(self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True, bufsize=1)
        self._lines = queue.Queue()
        lines = self._lines

        def pump(stream: IO[str]) -> None:
            for line in stream:
                lines.put(line)
            lines.put(None)

        assert proc.stdout is not None
        threading.Thread(target=pump, args=(proc.stdout,), daemon=True).start()
        return proc

    def _line(self, deadline: float) -> str:
        try:
            line = self._lines.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            self.close()
            raise PlayerError("TLE", f"no answer in {self.time_limit:g} s") from None
        if line is None:
            stderr = self._proc.stderr.read() if self._proc and self._proc.stderr else ""
            self.close()
            raise PlayerError("RE", "the program ended without answering: "
                              + (stderr.strip().splitlines() or [""])[-1][:200])
        return line.strip()

    def answer(self, request: dict[str, Any]) -> dict[str, Any]:
        self.requests.append(request)
        if self._proc is None:
            self._proc = self._start()
            text = json.dumps({"requests": self.requests, "responses": self.responses})
        else:
            text = json.dumps(request)
        assert self._proc.stdin is not None
        try:
            self._proc.stdin.write(text + "\n")
            self._proc.stdin.flush()
        except OSError:
            self.close()
            raise PlayerError("RE", "the program does not read its input") from None
        deadline = time.monotonic() + self.time_limit
        line = self._line(deadline)
        try:
            out = json.loads(line)
        except ValueError:
            self.close()
            raise PlayerError("NJ", f"not JSON: {line[:60]!r}") from None
        if not isinstance(out, dict) or "response" not in out:
            self.close()
            raise PlayerError("NJ", "the output has no response")
        self.responses.append(out["response"])
        # a program that keeps running says so on the next line; one that does not exits
        if self._line(deadline) != KEEP_RUNNING:
            self.close()
        return out

    def close(self) -> None:
        proc, self._proc = self._proc, None
        if proc is not None:
            if proc.stdin:
                proc.stdin.close()
            try:
                proc.wait(timeout=2)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


@dataclass
class MatchRecord:
    """One match: its ``initdata``, Botzone's ``log`` (judge outputs and replies, alternating),
    each seat's ``scores``, the ``foul`` that ended it (None when played out), the defenders'
    ``points``, the banker, and each seat's answers that were not its bot's first choice."""

    initdata: dict[str, Any]
    log: list[dict[str, Any]] = field(default_factory=list)
    scores: tuple[int, ...] = ()
    foul: str | None = None
    points: int = 0
    banker: int = -1
    major: str = ""
    notes: list[list[str]] = field(default_factory=lambda: [[], [], [], []])
    seconds: list[float] = field(default_factory=lambda: [0.0] * 4)

    def to_dict(self) -> dict[str, Any]:
        return {"initdata": self.initdata, "scores": list(self.scores), "foul": self.foul,
                "points": self.points, "banker": self.banker, "major": self.major,
                "notes": self.notes, "seconds": [round(s, 3) for s in self.seconds]}


def play_match(players: Sequence[Player], initdata: dict[str, Any]) -> MatchRecord:
    """Play one Botzone match with ``players`` (seats 0–3) under the test judge."""
    deal = Deal(initdata)
    record = MatchRecord(initdata=dict(initdata))
    while not deal.finished:
        seat, request = deal.request()
        record.log.append({"output": {"command": "request", "content": {str(seat): request}}})
        started = time.perf_counter()
        try:
            out = players[seat].answer(request)
        except PlayerError as exc:
            deal.forfeit(Foul(seat, exc.code, str(exc)))
            break
        finally:
            record.seconds[seat] += time.perf_counter() - started
        record.log.append({str(seat): out})
        if out.get("debug"):
            record.notes[seat].append(str(out["debug"]))
        try:
            deal.answer(seat, out.get("response"))
        except Foul:
            break
    assert deal.scores is not None
    record.scores = tuple(deal.scores)
    record.foul = str(deal.foul) if deal.foul else None
    record.points, record.banker, record.major = deal.score, deal.banker, deal.major
    record.log.append({"output": deal.finish()})
    return record
