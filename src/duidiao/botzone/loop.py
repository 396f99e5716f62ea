"""Botzone's bot I/O (docs/botzone.md): one JSON input line, one JSON output line a turn.

The first input of a match holds everything (``{"requests": [...], "responses": [...]}``);
after an answer the bot may print :data:`KEEP_RUNNING` and stay alive, and then each turn's
input is the new request alone. :func:`serve` does both; the bot itself sees the whole
history every turn (:meth:`duidiao.botzone.bot.BotzoneBot.respond`).
"""

from __future__ import annotations

import json
from typing import Any, TextIO

from duidiao.botzone.bot import BotzoneBot, InputError

__all__ = ["KEEP_RUNNING", "serve", "DEBUG_LIMIT"]

KEEP_RUNNING = ">>>BOTZONE_REQUEST_KEEP_RUNNING<<<"
"""The line after an answer that asks Botzone to keep the bot running."""

DEBUG_LIMIT = 1000  # Botzone logs at most 1 KB of "debug"


def _read(line: str, requests: list[Any], responses: list[Any]) -> None:
    """Add one input line to the history (the full input replaces it)."""
    try:
        data = json.loads(line)
    except ValueError:
        raise InputError(f"input is not JSON: {line[:60]!r}") from None
    except RecursionError:  # nested deeper than the parser goes: not Botzone's input
        raise InputError(f"input nests too deep: {line[:60]!r}") from None
    if isinstance(data, dict) and "requests" in data:
        if not isinstance(data["requests"], list) or not isinstance(
                data.get("responses", []), list):
            raise InputError("input: requests and responses must be lists")
        requests[:] = data["requests"]
        responses[:] = data.get("responses", [])
    elif requests:
        requests.append(data)  # keep-running: the new request alone
    else:
        raise InputError("input: the first line must hold requests and responses")


def serve(bot: BotzoneBot, inp: TextIO, out: TextIO, err: TextIO, *,
          keep_running: bool = True) -> int:
    """Answer turns read from ``inp`` until its end (one turn when not ``keep_running``).
    An input that cannot be read is named on one line of ``err``; the status is then 2."""
    requests: list[Any] = []
    responses: list[Any] = []
    for raw in inp:
        line = raw.strip()
        if not line or line.startswith(">>>BOTZONE_"):
            continue  # the controller's own framing lines
        try:
            _read(line, requests, responses)
            response = bot.respond(requests, responses)
        except InputError as exc:
            err.write(f"duidiao botzone: {exc}\n")
            err.flush()
            return 2
        responses.append(response)
        answer: dict[str, Any] = {"response": response}
        if bot.notes:
            answer["debug"] = "; ".join(bot.notes)[:DEBUG_LIMIT]
        out.write(json.dumps(answer, separators=(",", ":")) + "\n")
        if keep_running:
            out.write(KEEP_RUNNING + "\n")
        out.flush()
        if not keep_running:
            break
    return 0
