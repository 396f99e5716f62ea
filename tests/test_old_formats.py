"""Files written by duidiao 66b4eed (tests/fixtures/66b4eed, README there) load, resume, or are
refused in one line naming their version: hand records, self-play data, a server's data folder
killed mid-hand. A file of a newer version is refused, never half read."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from duidiao import Record, RecordError

OLD = Path(__file__).resolve().parent / "fixtures" / "66b4eed"


@pytest.mark.parametrize("preset", ["chifeng", "shanghai"])
def test_a_hand_record_loads_and_replays_to_its_result(preset: str) -> None:
    text = (OLD / f"records-{preset}" / "hand-000001.json").read_text(encoding="utf-8")
    record = Record.from_json(text)
    assert record.rules.name == preset
    game = record.replay()
    assert game.is_over and game.result() == record.result
    assert json.loads(record.to_json())["version"] == json.loads(text)["version"]


def test_a_newer_hand_record_is_refused_in_one_line() -> None:
    data = json.loads((OLD / "records-chifeng" / "hand-000001.json").read_text(encoding="utf-8"))
    data["version"] = 99
    with pytest.raises(RecordError) as info:
        Record.from_json(json.dumps(data))
    assert "version" in str(info.value) and "\n" not in str(info.value)


def test_a_self_play_part_loads(tmp_path: Path) -> None:
    from duidiao.research.data import load

    data = load(OLD / "selfplay-part")
    assert "holders" not in data.decisions  # written before the column was added
    meta = json.loads((OLD / "selfplay-part" / "meta.json").read_text(encoding="utf-8"))
    for table, rows in meta["rows"].items():
        columns = getattr(data, table)
        assert all(len(column) == rows for column in columns.values()), table
    newer = tmp_path / "part"
    shutil.copytree(OLD / "selfplay-part", newer)
    (newer / "meta.json").write_text(json.dumps({**meta, "version": 99}), encoding="utf-8")
    with pytest.raises(ValueError) as info:
        load(newer)
    assert "data version 99" in str(info.value) and "\n" not in str(info.value)


def test_a_server_data_folder_killed_mid_hand_resumes(tmp_path: Path) -> None:
    """The room comes back where South left it (schema 1 migrated to the current one), and
    the hand plays on to its end."""
    pytest.importorskip("starlette")
    import random

    import httpx

    # tests/server is the package "server" to pytest (tests/ has no __init__.py): the name it
    # has under the bare pytest command that README gives
    from server.helpers import Conn, ServerProcess, hand_over, play_seat

    folder = tmp_path / "data"
    shutil.copytree(OLD / "server-data", folder)
    saved = json.loads((OLD / "server-data.json").read_text(encoding="utf-8"))
    server = ServerProcess(folder).start()
    try:
        room = httpx.get(f"{server.url}/api/rooms/{saved['room']}", timeout=10).json()["room"]
        assert room["phase"] == "play" and room["hand_number"] == 1
        conn = Conn(server.ws_url)
        joined = conn.request(type="join", room=saved["room"], seat="S", token=saved["token"])
        assert joined["type"] == "joined", joined
        state = conn.wait(lambda m: m.get("type") == "state")
        for key in ("version", "hand_number", "phase", "to_act", "levels", "scores"):
            assert state[key] == saved["state"][key], key
        assert state["observation"]["hand"] == saved["state"]["hand"]
        assert len(state["observation"]["tricks"]) == saved["state"]["tricks"]
        # South plays; the hand reaches its end
        conn.send(type="act", action="play", cards=state["options"]["moves"][0])
        over = play_seat(conn, "S", hand_over, random.Random(3), timeout=120)
        assert over["result"] is not None
        conn.close()
    except BaseException as exc:  # once seen failing in a full run, not since: keep the log
        raise AssertionError(f"{exc!r}\nthe server's log:\n{server.log()[-4000:]}") from exc
    finally:
        server.stop()


def test_a3eb166_server_data_resumes_and_its_hands_are_reviewed(tmp_path: Path) -> None:
    """A data folder of the release before the table issue (schema 2, tests/fixtures/a3eb166):
    the room killed mid-hand resumes and plays on; the finished hand's record is served and
    reviewed; the file is migrated to the schema of today."""
    pytest.importorskip("starlette")
    import random
    import time

    import httpx
    from server.helpers import Conn, ServerProcess, hand_over, play_seat

    from duidiao.server.store import SCHEMA_VERSION, Store

    old = OLD.parent / "a3eb166"
    folder = tmp_path / "data"
    shutil.copytree(old / "server-data", folder)
    saved = json.loads((old / "server-data.json").read_text(encoding="utf-8"))
    server = ServerProcess(folder).start()
    try:
        finished = saved["finished"]
        record = httpx.get(f"{server.url}/api/rooms/{finished['room']}/hands/1",
                           timeout=10).json()["record"]
        assert Record.from_dict(record).replay().result().to_dict() == \
            finished["result"]
        asked = httpx.post(f"{server.url}/api/reviews", timeout=10, json={
            "room": finished["room"], "hand": 1, "seat": "S", "level": "normal"}).json()
        deadline = time.monotonic() + 60
        while True:
            review = httpx.get(f"{server.url}/api/reviews/{asked['id']}", timeout=10).json()
            if review["status"] == "done" or time.monotonic() > deadline:
                break
            time.sleep(0.2)
        assert review["status"] == "done" and review["review"]["plays"]
        conn = Conn(server.ws_url)
        joined = conn.request(type="join", room=saved["room"], seat="S", token=saved["token"])
        assert joined["type"] == "joined", joined
        state = conn.wait(lambda m: m.get("type") == "state")
        for key in ("version", "hand_number", "phase", "to_act", "levels", "scores"):
            assert state[key] == saved["state"][key], key
        assert state["observation"]["hand"] == saved["state"]["hand"]
        assert state["seats"]["S"]["autoplay"] is None
        conn.send(type="act", action="play", cards=state["options"]["moves"][0])
        over = play_seat(conn, "S", hand_over, random.Random(3), timeout=120)
        assert over["result"] is not None
        conn.close()
    except BaseException as exc:
        raise AssertionError(f"{exc!r}\nthe server's log:\n{server.log()[-4000:]}") from exc
    finally:
        server.stop()
    assert Store(folder).schema_version == SCHEMA_VERSION


def test_a_newer_server_data_folder_is_refused_in_one_line(tmp_path: Path) -> None:
    pytest.importorskip("starlette")
    import sqlite3

    from duidiao.server.store import FILENAME, Store, StoreError

    folder = tmp_path / "data"
    shutil.copytree(OLD / "server-data", folder)
    db = sqlite3.connect(folder / FILENAME)
    with db:
        db.execute("UPDATE meta SET value = '99' WHERE key = 'schema_version'")
    db.close()
    with pytest.raises(StoreError) as info:
        Store(folder)
    assert "schema version 99 is newer" in str(info.value) and "\n" not in str(info.value)



def test_the_formats_table_is_the_one_the_modules_use() -> None:
    from duidiao.engine.protocol import PROTOCOL
    from duidiao.play import formats
    from duidiao.play.climbing.record import VERSION as CLIMBING_RECORD
    from duidiao.play.record import VERSION
    from duidiao.research.climbing.encoding import ENCODING_VERSION as CLIMBING_ENCODING
    from duidiao.research.data import DATA_VERSION

    table = formats.versions()
    assert (table["record"], table["data"], table["engine_protocol"]) == (
        VERSION, DATA_VERSION, PROTOCOL)
    assert (table["climbing_record"], table["climbing_encoding"]) == (
        CLIMBING_RECORD, CLIMBING_ENCODING)
    pytest.importorskip("starlette")
    from duidiao.server.app import PROTOCOL as SERVER
    from duidiao.server.store import SCHEMA_VERSION

    assert (table["server_protocol"], table["store"]) == (SERVER, SCHEMA_VERSION)
    doc = (Path(__file__).resolve().parents[1] / "docs" / "formats.md").read_text("utf-8")
    for name, version in table.items():
        assert f"| `{name}` | {version} |" in doc, name
