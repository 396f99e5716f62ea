"""One registry of bots (duidiao.bots): a bot written in Python, registered by the operator
(in code, as an entry point, or with ``duidiao --bot NAME=module:Class``), is usable wherever a
built-in one is — the command line, the engine, the server — and every list of bots is read from
the registry. Clients name registered bots only, never a module."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import duidiao
from duidiao import bots
from duidiao.cli import main

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples" / "python"
SPEC = "thrifty=thrifty_bot:ThriftyBot"


@pytest.fixture
def thrifty(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The example bot (examples/python/thrifty_bot.py) registered as ``thrifty``."""
    monkeypatch.syspath_prepend(str(EXAMPLES))
    name = bots.register_spec(SPEC)
    yield name
    bots.unregister(name)


def test_the_registry_lists_the_cores_bots_in_its_order() -> None:
    from duidiao import _core

    assert bots.names() == tuple(row["name"] for row in _core.bot_table())
    assert bots.levels() == duidiao.BOT_LEVELS == ("easy", "normal", "hard", "expert")
    assert "pimc-oracle" not in bots.names(served=True)
    assert bots.level_settings("expert")["worlds"] == "256"
    # a level's settings default to its own values
    worlds = next(s for s in bots.kinds()["normal"].settings if s["name"] == "worlds")
    assert worlds["default"] == 8


def test_a_registered_bot_plays_where_a_built_in_one_does(thrifty: str) -> None:
    kind = bots.kinds()[thrifty]
    assert not kind.builtin and kind.served and kind.doc.startswith("gives away")
    game = duidiao.Game.deal(seed=3, declarer="S")
    result = duidiao.play_hand(game, [duidiao.make_bot(thrifty, 1), duidiao.make_bot("random", 2),
                                      duidiao.make_bot(thrifty, 3), duidiao.make_bot("random", 4)])
    assert game.is_over and result.points >= 0
    with pytest.raises(ValueError, match="the thrifty bot takes no settings"):
        duidiao.make_bot("thrifty:worlds=3")


@pytest.mark.parametrize("spec, message", [
    ("thrifty", "NAME=module:Class"),
    ("thrifty=thrifty_bot", "NAME=module:Class"),
    ("Thrifty!=thrifty_bot:ThriftyBot", "lower-case letters"),
    ("pimc=thrifty_bot:ThriftyBot", "a built-in bot has that name"),
    ("x=no_such_module_here:Bot", "no module 'no_such_module_here'"),
    ("x=thrifty_bot:Nobody", "has no 'Nobody'"),
    ("x=thrifty_bot:__doc__", "is not a class or a function"),
])
def test_a_bad_registration_is_one_clear_error(
        spec: str, message: str, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.syspath_prepend(str(EXAMPLES))
    with pytest.raises(ValueError, match=message):
        bots.register_spec(spec)
    assert main(["--bot", spec, "duel", "--a", "x", "--b", "random", "--hands", "2"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message.split("'")[0] in err


def test_the_command_line_plays_a_registered_bot(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.syspath_prepend(str(EXAMPLES))
    try:
        assert main(["--bot", SPEC, "duel", "--a", "thrifty", "--b", "heuristic",
                     "--hands", "2", "--json"]) == 0
        duel = json.loads(capsys.readouterr().out)
        assert duel["a"] == "thrifty" and duel["hands"] == 2
        assert main(["--bot", SPEC, "selfplay", "--ns", "thrifty", "--ew", "random",
                     "--hands", "2", "--json"]) == 0
        assert json.loads(capsys.readouterr().out)["hands"] == 2
        assert main(["--bot", SPEC, "timing", "--bot", "thrifty", "--hands", "1", "--json"]) == 0
        assert json.loads(capsys.readouterr().out)["phases"]["play"]["count"] > 0
    finally:
        bots.unregister("thrifty")


def _engine(requests: list[dict[str, object]]) -> list[dict[str, object]]:
    from duidiao.engine.loop import serve

    out = io.BytesIO()
    serve(io.BytesIO("".join(json.dumps(r) + "\n" for r in requests).encode()), out)
    replies = {r.get("id"): r for r in map(json.loads, out.getvalue().splitlines())}
    return [replies[r["id"]] for r in requests]


def test_the_engine_offers_and_plays_a_registered_bot(thrifty: str) -> None:
    position = duidiao.Game.deal(seed=5, declarer="S")
    while position.phase != "play":
        duidiao.play.decisions.step(position, duidiao.make_bot("heuristic", 1))
    view = str(position.observe(position.to_act).position)
    hello, move, named_module, path = _engine([
        {"cmd": "hello", "id": 1},
        {"cmd": "move", "id": 2, "position": view, "bot": thrifty},
        {"cmd": "move", "id": 3, "position": view, "bot": "thrifty_bot:ThriftyBot"},
        {"cmd": "move", "id": 4, "position": view, "bot": "x=os:system"},
    ])
    assert thrifty in [b["name"] for b in hello["bots"]]  # type: ignore[union-attr]
    assert move["ok"] and move["bot"] == thrifty and move["values"] == []
    for refused in (named_module, path):
        assert not refused["ok"]
        assert refused["error"]["code"] == "bad_request"  # type: ignore[index]
        assert "unknown bot" in refused["error"]["message"]  # type: ignore[index]


def test_clients_never_name_a_module(monkeypatch: pytest.MonkeyPatch) -> None:
    """A name that looks like a module path is an unknown bot: nothing is imported."""
    monkeypatch.syspath_prepend(str(EXAMPLES))
    sys.modules.pop("thrifty_bot", None)
    for name in ("thrifty_bot:ThriftyBot", "thrifty=thrifty_bot:ThriftyBot", "thrifty_bot"):
        with pytest.raises(ValueError, match="unknown bot"):
            duidiao.make_bot(name)
    assert "thrifty_bot" not in sys.modules
    pytest.importorskip("starlette")
    from duidiao.server.messages import ClientError
    from duidiao.server.rooms import check_settings

    with pytest.raises(ClientError, match="unknown bot") as refused:
        check_settings({"seats": {"S": "human", "E": "thrifty_bot:ThriftyBot",
                                  "N": "heuristic", "W": "heuristic"}})
    assert "thrifty_bot" not in sys.modules
    assert "pimc-oracle" not in str(refused.value)  # the server names the bots it seats


def test_the_server_seats_registered_bots_that_stop(thrifty: str, tmp_path: Path) -> None:
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from duidiao.server import app as server_app
    from duidiao.server.limits import ServerLimits
    from duidiao.server.messages import ClientError
    from duidiao.server.rooms import check_settings

    class Endless:
        """decides, and cannot be stopped"""

        def __init__(self, seed: int = 0) -> None:
            pass

        def decide(self, obs: duidiao.Observation) -> duidiao.Decision:
            raise AssertionError("never seated")

    bots.register("endless", Endless)
    try:
        seats = {"S": "human", "E": thrifty, "N": "heuristic", "W": thrifty}
        assert check_settings({"seats": seats})["seats"]["E"] == thrifty
        with pytest.raises(ClientError, match="cannot be stopped"):
            check_settings({"seats": {**seats, "N": "endless"}})
        server = server_app.Server(tmp_path / "hello", ServerLimits())
        hello = server.hello()
        with TestClient(server_app.create_app(tmp_path), base_url="http://127.0.0.1") as client:
            reply = client.post("/api/rooms", json={"seats": {"S": thrifty, "E": "random",
                                                              "N": thrifty, "W": "random"},
                                                    "bot_delay_ms": 0})
            assert reply.status_code == 200, reply.text
        assert thrifty in hello["bots"] and "endless" not in hello["bots"]
        assert "pimc-oracle" not in hello["bots"]
    finally:
        bots.unregister("endless")


def test_every_list_of_bots_is_the_registrys(capsys: pytest.CaptureFixture[str],
                                             tmp_path: Path) -> None:
    """The engine's hello, the server's hello and ``duel --help`` list the same bots (the
    server leaves out pimc-oracle, which sees every hand)."""
    engine = [b["name"] for b in _engine([{"cmd": "hello", "id": 1}])[0]["bots"]]  # type: ignore[union-attr]
    assert main(["duel", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    listed = text.split("bot A: ", 1)[1].split(" (settings", 1)[0].split(", ")
    assert engine == listed == list(bots.names())
    pytest.importorskip("starlette")
    from duidiao.server.app import Server
    from duidiao.server.limits import ServerLimits

    hello = Server(tmp_path, ServerLimits()).hello()  # its store opens only when it serves
    assert hello["bots"] == [b for b in engine if b != "pimc-oracle"]


def test_an_entry_point_registers_a_bot(tmp_path: Path) -> None:
    """A package's entry point in the group duidiao.bots makes its bot known to every process
    (here: a fresh interpreter, which then plays it in a duel); a broken one is named and left
    out."""
    dist = tmp_path / "thrifty_pkg-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: thrifty-pkg\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text(
        "[duidiao.bots]\nthrifty = thrifty_bot:ThriftyBot\nbroken = no_such_module_here:Bot\n")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(tmp_path), str(EXAMPLES),
                                                       os.environ.get("PYTHONPATH", "")]))
    done = subprocess.run(
        [sys.executable, "-m", "duidiao", "duel", "--a", "thrifty", "--b", "random",
         "--hands", "2", "--json"], capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["a"] == "thrifty"
    # a broken package's bot is named and left out; the others still work
    assert "the bot 'broken' of entry point 'no_such_module_here:Bot' is left out" in done.stderr
    listed = subprocess.run([sys.executable, "-m", "duidiao", "duel", "--help"],
                            capture_output=True, text=True, env=env, timeout=120)
    assert "thrifty" in listed.stdout
