"""The engine process: framing, bad lines, long lines, searches in the background, info lines,
stop, busy, quit and the end of input."""

from __future__ import annotations

import json
import subprocess
import time
from typing import Any

import pytest

from duidiao.engine import EngineClient, EngineError

from .conftest import ENGINE, ONE_CARD, README, TWELVE

STOP_LIMIT = 0.5  # seconds from sending stop to the search's reply (issue 10)


def errors_of(engine: EngineClient, line: bytes | str) -> dict[str, Any]:
    """Send a raw line; the reply to it (id null) must be an error; hello still works."""
    engine.send_line(line)
    reply = engine.reply(None)
    assert reply["ok"] is False and reply["id"] is None, reply
    assert len(reply["error"]["message"]) <= 500
    assert engine.request("hello")["ok"]
    return reply["error"]


def run_lines(lines: list[bytes], timeout: float = 60) -> tuple[list[dict[str, Any]], int]:
    """Feed lines to a fresh engine and read everything it writes until it ends."""
    done = subprocess.run(ENGINE, input=b"".join(lines), capture_output=True, timeout=timeout)
    out = [json.loads(line) for line in done.stdout.decode("utf-8").splitlines()]
    return out, done.returncode


def test_framing_one_line_each_way_and_only_protocol_lines() -> None:
    lines = [
        b'{"id": 1, "cmd": "hello"}\n',
        b"\n",
        b"   \r\n",
        b'{"id": "two", "cmd": "legal", "position": "' + README.encode() + b'", "limit": 2}\r\n',
        '{"id": 3, "cmd": "check", "position": "x", "cards": "A♥"}\n'.encode(),
        b'{"id": 4, "cmd": "hello"}',  # the last line may lack its end
    ]
    out, code = run_lines(lines)
    assert code == 0
    assert [m["id"] for m in out] == [1, "two", 3, 4]
    assert out[1]["moves"] == ["BJ", "5H"]
    assert out[2]["error"]["code"] == "bad_position"


def short_id(value: object) -> str | None:
    """A test id of at most 40 characters: the id ends up in the engine's environment
    (PYTEST_CURRENT_TEST), where a 900 kB one cannot go (pytest 9 shortens ids itself; the
    pytest on Python 3.9 does not)."""
    text = repr(value)
    return text if len(text) <= 40 else f"{text[:30]}...({len(text)} chars)"


@pytest.mark.parametrize(
    "line, code",
    [
        (b"not json", "bad_json"),
        (b'{"id": 1, "cmd": "hello"', "bad_json"),
        (b'{"id": 1, "cmd": "hello"} {}', "bad_json"),
        (b"\xff\xfe{}", "bad_json"),
        (b'{"cmd": "hello", "x": "\xc3\x28"}', "bad_json"),
        (b'{"cmd": "hello", "cmd": "legal"}', "bad_json"),
        (b'{"cmd": "analyse", "position": "p", "seconds": NaN}', "bad_json"),
        (b'{"cmd": "analyse", "position": "p", "seconds": Infinity}', "bad_json"),
        (b"[" * 100_000 + b"]" * 100_000, "bad_json"),
        (b'[{"id": 1, "cmd": "hello"}]', "bad_request"),
        (b"42", "bad_request"),
        (b'"hello"', "bad_request"),
        (b"null", "bad_request"),
        (b'{"cmd": "legal", "position": "p", "limit": ' + b"9" * 5000 + b"}", "bad_request"),
        (b'{"cmd": "legal", "position": "p", "limit": 1e400}', "bad_request"),
        (b'{"cmd": "legal", "position": "p", "limit": -' + b"9" * 60 + b"}", "bad_request"),
        (b'{"cmd": "' + b"x" * 500_000 + b'"}', "unknown_command"),
        (b'{"cmd": "legal", "position": "' + b"S" * 900_000 + b'"}', "bad_request"),
    ],
    ids=short_id,
)
def test_bad_lines_get_errors_and_the_engine_goes_on(
    engine: EngineClient, line: bytes, code: str
) -> None:
    error = errors_of(engine, line)
    assert error["code"] == code


def test_a_2_mib_line_is_refused_unread_and_the_next_line_is_answered(
    engine: EngineClient,
) -> None:
    big = b'{"id": 1, "cmd": "legal", "position": "' + b"A" * (2 << 20) + b'"}'
    error = errors_of(engine, big)
    assert error["code"] == "line_too_long"
    # exactly at the limit is read (and refused for its content, not its length)
    at_limit = b'{"cmd": "hello", "pad": "' + b" " * ((1 << 20) - 27) + b'"}'
    assert len(at_limit) == 1 << 20
    assert errors_of(engine, at_limit)["code"] == "bad_request"
    assert errors_of(engine, at_limit + b"x")["code"] == "line_too_long"


def test_bad_ids_are_refused_with_a_null_id(engine: EngineClient) -> None:
    for rid in ("1.5", "true", "[1]", '{"a": 1}', str(2**53)):
        engine.send_line('{"id": ' + rid + ', "cmd": "hello"}')
        reply = engine.reply(None)
        assert reply["error"]["field"] == "id"
    assert engine.request("hello", id="é" * 200)["id"] == "é" * 200
    assert engine.request("hello", id=-(2**53 - 1))["ok"]


def _stop_during(engine: EngineClient, cmd: str, **fields: Any) -> dict[str, Any]:
    """Start a 10 s search, stop it once it is under way (its first info line, and at least
    0.5 s): the search must answer within STOP_LIMIT of the stop being sent, and before the
    reply to stop. (Waiting for the info rather than a fixed time keeps the test meaningful
    on a loaded machine, where the search may start late.)"""
    rid = engine.send(cmd, **fields)
    started = time.monotonic()
    time.sleep(0.5)
    while not any(m["id"] == rid for m in engine.infos) and time.monotonic() - started < 8:
        time.sleep(0.05)
    sent = time.monotonic()
    stop_id = engine.send("stop")
    reply = engine.reply(rid, timeout=5)
    elapsed = time.monotonic() - sent
    assert elapsed < STOP_LIMIT, f"{cmd} answered {elapsed:.3f} s after stop"
    stopped = engine.reply(stop_id, timeout=5)
    assert stopped == {"id": stop_id, "ok": True, "stopped": rid}
    lines = [json.loads(line) for line in engine.lines]
    assert lines.index(reply) < lines.index(stopped)
    assert reply["ok"] and reply["stopped"] is True, reply
    return reply


def test_stop_answers_an_analysis_within_half_a_second(engine: EngineClient) -> None:
    reply = _stop_during(engine, "analyse", position=README, seconds=10, threads=1)
    assert reply["worlds"] >= 1 and reply["best"] == reply["moves"][0]["move"]
    assert reply["elapsed_ms"] < 9000  # the stop ended it, long before its 10 s
    infos = [m["info"] for m in engine.infos if m["id"] == reply["id"]]
    assert infos and all({"worlds", "best", "mean", "elapsed_ms"} <= set(i) for i in infos)
    assert infos[0]["elapsed_ms"] >= 100


def test_stop_answers_a_10_s_move_within_half_a_second(engine: EngineClient) -> None:
    reply = _stop_during(engine, "move", position=README, bot="pimc:ms=10000")
    assert reply["bot"] == "pimc:ms=10000" and reply["move"]
    infos = [m["info"] for m in engine.infos if m["id"] == reply["id"]]
    assert infos and all(set(i) == {"elapsed_ms"} for i in infos)


def test_stop_answers_a_solve(engine: EngineClient) -> None:
    reply = _stop_during(engine, "solve", position=TWELVE, seconds=10)
    assert reply["complete"] is False


def test_busy_while_a_search_runs_and_the_rest_is_answered(engine: EngineClient) -> None:
    rid = engine.send("analyse", position=README, seconds=10, threads=1)
    time.sleep(0.2)
    for cmd, fields in (
        ("move", {"position": README, "bot": "heuristic"}),
        ("analyse", {"position": README}),
        ("solve", {"position": TWELVE}),
    ):
        reply = engine.request(cmd, **fields)
        assert reply["error"]["code"] == "busy", reply
    started = time.monotonic()
    assert engine.request("hello")["ok"]
    assert engine.request("legal", position=README)["count"] == 107
    assert engine.request("check", position=README, cards="AS,AS")["legal"] is True
    assert engine.request("play", position=README, move="AS,AS")["turn"] == "E"
    assert engine.request("deal", seed=1)["ok"]
    assert time.monotonic() - started < 5
    engine.stop()
    assert engine.reply(rid)["stopped"] is True
    # the worker is free again
    assert engine.request("move", position=README, bot="heuristic")["ok"]
    assert engine.request("stop")["stopped"] is None


_HIDDEN_MOVER = README.replace(README.split(" ")[5], "S=?24")  # S to move, S's hand hidden

BAD_SEARCHES: list[tuple[str, dict[str, Any], str, str | None]] = [
    ("solve", {"position": ONE_CARD, "objective": "bogus"}, "bad_request", "objective"),
    ("solve", {"position": ONE_CARD, "seconds": 0}, "bad_request", "seconds"),
    ("solve", {"position": ONE_CARD, "depth": 3}, "bad_request", "depth"),
    ("solve", {"position": "x"}, "bad_position", "position"),
    ("solve", {"position": README}, "hidden_cards", None),
    ("solve", {}, "bad_request", "position"),
    ("move", {"position": README, "bot": "nobot"}, "bad_request", "bot"),
    ("move", {"position": README, "bot": "pimc:worlds=0"}, "bad_request", "bot"),
    ("move", {"position": README, "bot": "pimc", "ms": 5, "worlds": 5}, "bad_request",
     "worlds"),
    ("move", {"position": README, "bot": "heuristic", "ms": 5}, "bad_request", "ms"),
    ("move", {"position": _HIDDEN_MOVER, "bot": "heuristic"}, "hidden_cards", None),
    ("move", {"position": README}, "bad_request", "bot"),
    ("analyse", {"position": README, "seconds": 0}, "bad_request", "seconds"),
    ("analyse", {"position": README, "threads": "all"}, "bad_request", "threads"),
    ("analyse", {"position": "x"}, "bad_position", "position"),
    ("analyse", {"position": _HIDDEN_MOVER}, "hidden_cards", None),
]


@pytest.mark.parametrize("cmd, fields, code, field", BAD_SEARCHES, ids=short_id)
def test_a_bad_search_gets_its_error_at_once_and_never_takes_the_slot(
    engine: EngineClient, cmd: str, fields: dict[str, Any], code: str, field: str | None
) -> None:
    # The bad search and a good move in one write, so that the engine reads the move while
    # the bad one would still hold the slot if it had taken it (it would, most times: the
    # race is run 20 times over).
    rounds = 20
    for n in range(rounds):
        bad = {"id": f"bad{n}", "cmd": cmd, **fields}
        good = {"id": f"good{n}", "cmd": "move", "position": README, "bot": "heuristic"}
        engine.send_line(json.dumps(bad) + "\n" + json.dumps(good))
        error = engine.reply(f"bad{n}")
        assert error["ok"] is False and error["error"]["code"] == code, error
        assert error["error"].get("field") == field, error
        move = engine.reply(f"good{n}")
        assert move["ok"] is True and move["move"], move
    lines = [json.loads(line) for line in engine.lines]
    assert [m["id"] for m in lines if m.get("ok") is not None] == [
        i for n in range(rounds) for i in (f"bad{n}", f"good{n}")
    ]


def test_a_bad_search_while_a_search_runs_gets_its_own_error(engine: EngineClient) -> None:
    rid = engine.send("analyse", position=README, seconds=10, threads=1)
    time.sleep(0.2)
    for cmd, fields, code, field in BAD_SEARCHES:
        reply = engine.request(cmd, **fields)
        assert reply["error"]["code"] == code and reply["error"].get("field") == field, reply
    assert engine.request("move", position=README, bot="heuristic")["error"]["code"] == "busy"
    engine.stop()
    assert engine.reply(rid)["stopped"] is True


def test_no_info_after_the_reply(engine: EngineClient) -> None:
    rid = engine.send("analyse", position=README, seconds=0.6, threads=1)
    reply = engine.reply(rid)
    time.sleep(0.3)
    lines = [json.loads(line) for line in engine.lines]
    after = lines[lines.index(reply) + 1:]
    assert not any("info" in m for m in after)
    assert sum(1 for m in engine.infos if m["id"] == rid) >= 2


def test_quit_exits_0_at_once_while_a_search_runs() -> None:
    engine = EngineClient(ENGINE)
    rid = engine.send("move", position=README, bot="pimc:ms=10000")
    time.sleep(0.3)
    started = time.monotonic()
    quit_id = engine.send("quit")
    assert engine.reply(quit_id) == {"id": quit_id, "ok": True}
    assert engine.process.wait(5) == 0
    assert time.monotonic() - started < 2
    with pytest.raises(EngineError):
        engine.reply(rid, timeout=0.5)
    engine.close()


def test_the_end_of_input_waits_for_the_search() -> None:
    out, code = run_lines([
        b'{"id": 1, "cmd": "analyse", "position": "' + README.encode()
        + b'", "seconds": 0.3, "threads": 1}\n',
    ])
    assert code == 0
    assert out[-1]["id"] == 1 and out[-1]["ok"] is True


def test_client_context_manager_and_infos() -> None:
    with EngineClient(ENGINE) as engine:
        assert engine.request("hello")["protocol"] == 1
        assert engine.infos == []
    assert engine.process.returncode == 0
