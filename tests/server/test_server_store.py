"""The SQLite store: the schema version, migrations, and the event log round trip."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from duidiao.server.store import (
    FILENAME,
    SCHEMA_VERSION,
    Store,
    StoredEvent,
    StoredHand,
    StoreError,
)


def test_schema_version_and_tables(tmp_path: Path) -> None:
    store = Store(tmp_path)
    assert store.schema_version == SCHEMA_VERSION == 4
    store.close()
    db = sqlite3.connect(tmp_path / FILENAME)
    tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert {"meta", "rooms", "seats", "hands", "events"} <= tables
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    db.close()
    Store(tmp_path).close()  # opening again migrates nothing and keeps the data


def test_a_version_1_file_is_migrated(tmp_path: Path) -> None:
    """A data folder written before the rooms kept their creator and their last use (66b4eed):
    its rooms load, with no creator and in use when they were created."""
    from duidiao.server.store import MIGRATIONS

    db = sqlite3.connect(tmp_path / FILENAME)
    db.executescript(MIGRATIONS[0])
    db.execute("INSERT INTO meta (key, value) VALUES ('schema_version', '1')")
    db.execute("INSERT INTO rooms (id, config, created) VALUES ('old1', '{\"seed\": 5}', 1000.5)")
    db.commit()
    db.close()
    store = Store(tmp_path)
    assert store.schema_version == SCHEMA_VERSION
    room = store.load_room("old1")
    assert room is not None and room.origin is None and room.touched == 1000.5
    store.close()


def test_a_version_3_file_keeps_its_hands_and_takes_hands_without_levels(
        tmp_path: Path) -> None:
    """Version 4 lets a hand have no levels (a climbing game's): the hands of a version 3 file
    are copied into the new table, levels and all."""
    from duidiao.server.store import MIGRATIONS

    db = sqlite3.connect(tmp_path / FILENAME)
    for migration in MIGRATIONS[:3]:
        db.executescript(migration)
    db.execute("INSERT INTO meta (key, value) VALUES ('schema_version', '3')")
    db.execute("INSERT INTO rooms (id, config, created) VALUES ('r3', '{\"seed\": 5}', 10.0)")
    db.execute("INSERT INTO hands (room, hand_number, seed, first_drawer, declarer, levels, "
               "record, result) VALUES ('r3', 1, 77, 'S', 'N', '{\"EW\": \"2\", \"NS\": \"3\"}', "
               "NULL, '{\"points\": 40}')")
    db.commit()
    with pytest.raises(sqlite3.IntegrityError):  # version 3 refuses a hand without levels
        db.execute("INSERT INTO hands (room, hand_number, seed, first_drawer) "
                   "VALUES ('r3', 2, 1, 'A')")
    db.close()
    store = Store(tmp_path)
    assert store.schema_version == 4
    store.add_hand("r3", StoredHand(2, 1, "A", None, None, None, None))
    room = store.load_room("r3")
    assert room is not None
    old, new = room.hands
    assert (old.seed, old.declarer, old.levels, old.result) == (
        77, "N", {"EW": "2", "NS": "3"}, {"points": 40})
    assert (new.first_drawer, new.levels) == ("A", None)
    store.close()


def test_a_newer_file_is_refused(tmp_path: Path) -> None:
    Store(tmp_path).close()
    db = sqlite3.connect(tmp_path / FILENAME)
    db.execute("UPDATE meta SET value = '99' WHERE key = 'schema_version'")
    db.commit()
    db.close()
    with pytest.raises(StoreError, match="newer"):
        Store(tmp_path)


def test_a_broken_file_is_refused(tmp_path: Path) -> None:
    (tmp_path / FILENAME).write_bytes(b"this is not a database" * 100)
    with pytest.raises(StoreError):
        Store(tmp_path)


def test_rooms_round_trip(tmp_path: Path) -> None:
    store = Store(tmp_path)
    config = {"seats": {"S": "human", "E": "random", "N": "random", "W": "random"}, "seed": 1}
    store.add_room("r1", config, config["seats"])
    store.claim_seat("r1", "S", "ab" * 32)
    store.add_hand("r1", StoredHand(1, 123, "E", None, {"NS": "A", "EW": "A"}, None, None))
    store.add_event("r1", StoredEvent(1, 1, {"seat": "E", "pass": "declare", "drawn": 2}, "bot"))
    store.close()
    room = Store(tmp_path).load_room("r1")
    assert room is not None and room.config == config and not room.finished
    assert room.token_hashes == {"S": "ab" * 32, "E": None, "N": None, "W": None}
    assert room.hands[0].seed == 123 and room.hands[0].declarer is None
    assert room.events[0].decision == {"seat": "E", "pass": "declare", "drawn": 2}
    assert room.events[0].made_by == "bot"
    with pytest.raises(sqlite3.IntegrityError):  # a seq is never written twice
        store = Store(tmp_path)
        store.add_event("r1", StoredEvent(1, 1, {"seat": "E", "pass": "declare"}, "bot"))
