"""docs/protocol.md against the engine: the worked transcript replayed on a real engine process,
and every command, field, error code and limit described."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest

from duidiao.engine import COMMANDS, ERROR_CODES, LIMITS

from .conftest import ENGINE

DOC = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"

LOOSE = {
    "elapsed_ms", "seconds", "nodes", "solver_nodes", "tt_probes", "tt_hits", "tt_stores",
    "hit_rate", "version",
}
"""Reply keys whose values depend on the machine or the build: compared by presence."""


def section(title: str) -> str:
    text = DOC.read_text(encoding="utf-8")
    start = text.index(title)
    end = text.find("\n#", start + len(title))
    return text[start:] if end < 0 else text[start:end]


def transcript() -> list[tuple[str, str]]:
    """The worked transcript's lines as (mark, line), mark '>' sent, '<' received."""
    body = section("## A worked transcript")
    block = body.split("```\n", 2)[1]
    out = []
    for line in block.splitlines():
        mark, _, rest = line.partition(" ")
        assert mark in (">", "<"), line
        out.append((mark, rest))
    return out


def same(expected: Any, actual: Any, where: str = "reply") -> None:
    if isinstance(expected, dict):
        assert isinstance(actual, dict), where
        assert list(expected) == list(actual), f"{where}: keys {list(expected)} {list(actual)}"
        for key, value in expected.items():
            if key not in LOOSE:
                same(value, actual[key], f"{where}.{key}")
    elif isinstance(expected, list):
        assert isinstance(actual, list) and len(expected) == len(actual), where
        for i, (e, a) in enumerate(zip(expected, actual)):
            same(e, a, f"{where}[{i}]")
    else:
        assert expected == actual, f"{where}: {expected!r} != {actual!r}"


def test_the_transcript_is_the_engines_real_replies() -> None:
    lines = transcript()
    assert sum(mark == ">" for mark, _ in lines) >= 10
    process = subprocess.Popen(ENGINE, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    assert process.stdin is not None and process.stdout is not None
    try:
        for mark, line in lines:
            if mark == ">":
                process.stdin.write(line.encode("utf-8") + b"\n")
                process.stdin.flush()
                continue
            while True:  # info lines depend on timing: the transcript shows none
                got = json.loads(process.stdout.readline())
                if "info" not in got:
                    break
            expected = json.loads(line)
            same(expected, got, f"reply {expected.get('id')}")
        assert process.wait(10) == 0
    finally:
        if process.poll() is None:
            process.kill()
        process.wait()
        process.stdin.close()
        process.stdout.close()


def test_the_transcript_uses_every_command_and_shows_errors() -> None:
    sent = [json.loads(line)["cmd"] for mark, line in transcript() if mark == ">"]
    assert set(COMMANDS) <= set(sent) | {"sovle"}
    codes = {
        json.loads(line)["error"]["code"]
        for mark, line in transcript()
        if mark == "<" and '"ok":false' in line
    }
    assert {"illegal_move", "bad_position", "bad_request", "unknown_command"} <= codes


@pytest.mark.parametrize("cmd", list(COMMANDS))
def test_every_command_and_field_is_described(cmd: str) -> None:
    text = section(f"### `{cmd}`")
    for field in COMMANDS[cmd].fields:
        assert re.search(rf"^\| `{field.name}` \|", text, re.M), f"{cmd}: {field.name}"
    if not COMMANDS[cmd].fields:
        assert "No fields" in text


def test_every_error_code_and_limit_is_described() -> None:
    errors = section("## Errors")
    for code in ERROR_CODES:
        assert f"| `{code}` |" in errors, code
    limits = section("## Limits")
    for name in LIMITS:
        assert f"`{name}`" in limits, name
